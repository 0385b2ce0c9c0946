/**
 * The funnel's arithmetic (issue 47, item 2), apart from the database so it can be read and tested
 * on its own: per person, which steps were reached and when; out come the counts, conversions,
 * medians and the step each person stopped at.
 */
import { FUNNEL_STEPS, type FunnelStep, type FunnelStepRow } from '@app/shared';
import { median } from '../lib/median';

/**
 * One person's way through the funnel: the time of each step they reached (null: reached, but the
 * time is not known), a step left out was not reached. `invited` is false for someone who applied
 * without an invitation: the first three steps are not theirs to reach.
 */
export type PersonPath = { invited: boolean; at: Partial<Record<FunnelStep, Date | null>> };

const INVITATION_STEPS: ReadonlySet<FunnelStep> = new Set(['invited', 'opened', 'signed_up']);

/**
 * The steps the person reached. A later step implies the earlier ones (someone who started the
 * interview consented, even if the consent row is gone; an invited person who applied through the
 * job page without opening the e-mail still "opened" in the funnel's sense), so the funnel never
 * rises; an uninvited person only goes through the steps from `consented` on.
 */
export function reachedSteps(p: PersonPath): FunnelStep[] {
  let last = -1;
  FUNNEL_STEPS.forEach((step, i) => {
    if (step in p.at) last = i;
  });
  return FUNNEL_STEPS.slice(0, last + 1).filter((s) => p.invited || !INVITATION_STEPS.has(s));
}

export type FunnelFigures = {
  steps: FunnelStepRow[];
  stopped: { step: FunnelStep; count: number }[];
};

const round2 = (n: number) => Math.round(n * 100) / 100;

export function funnelFigures(people: readonly PersonPath[]): FunnelFigures {
  const counts = new Map<FunnelStep, number>(FUNNEL_STEPS.map((s) => [s, 0]));
  const gaps = new Map<FunnelStep, number[]>(FUNNEL_STEPS.map((s) => [s, []]));
  const stoppedAt = new Map<FunnelStep, number>(FUNNEL_STEPS.map((s) => [s, 0]));

  for (const person of people) {
    const reached = reachedSteps(person);
    for (const step of reached) counts.set(step, counts.get(step)! + 1);
    const last = reached.at(-1);
    if (last && last !== 'decided') stoppedAt.set(last, stoppedAt.get(last)! + 1);
    // Time between two neighbouring steps, for those whose both times are known. A clock skew
    // between sources (an e-mail opened "after" the sign-up) counts as no time, never negative.
    FUNNEL_STEPS.forEach((step, i) => {
      const prev = FUNNEL_STEPS[i - 1];
      const a = prev ? person.at[prev] : undefined;
      const b = person.at[step];
      if (a && b) gaps.get(step)!.push(Math.max(0, (b.getTime() - a.getTime()) / 1000));
    });
  }

  const steps = FUNNEL_STEPS.map((step, i): FunnelStepRow => {
    const count = counts.get(step)!;
    const prevCount = i > 0 ? counts.get(FUNNEL_STEPS[i - 1]!)! : 0;
    const m = median(gaps.get(step)!);
    return {
      step,
      count,
      conversion: i > 0 && prevCount > 0 ? round2(count / prevCount) : null,
      median_seconds_from_previous: m === null ? null : Math.round(m),
    };
  });
  const stopped = FUNNEL_STEPS.filter((s) => s !== 'decided').map((step) => ({
    step,
    count: stoppedAt.get(step)!,
  }));
  return { steps, stopped };
}
