import type { Debrief } from '@app/shared';
import { computeDebrief } from './debrief/compute';
import type { PlanInput } from './plan';
import type { TurnSink } from './session';
import type { StoredTurn } from './store';

/**
 * A practice interview's turns, kept in memory only: after each one the debrief so far is computed
 * and handed to `send` (decision 0161), so the client has it whenever the candidate ends.
 */
export function practiceSink(input: PlanInput, send: (debrief: Debrief) => void): TurnSink {
  const turns: StoredTurn[] = [];
  const update = () => {
    if (turns.some((t) => t.speaker === 'user'))
      send({ ...computeDebrief(turns, input.job), ...(input.job ? { job_title: input.job.title } : {}) });
  };
  return {
    append: async (turn) => {
      turns.push(turn);
      update();
    },
    update: async (seq, text) => {
      const turn = turns.find((t) => t.seq === seq);
      if (turn) turn.text = text;
    },
  };
}
