/**
 * The packet's assessment pages: the AI's criteria with their rationale and quotes, the reviewer's own
 * blind scores, and the work sample beside its reference ratings. While the interview is blind (the
 * reviewer has not scored yet) all of it is left out and the packet says so, as the review page does.
 */
import {
  INTEGRITY_KIND_LABELS,
  RECOMMENDATION_LABELS,
  RUBRIC_SCALE,
  type AdminInterviewDetail,
  type Assessment,
  type WorkSampleResult,
} from '@app/shared';
import type { PdfWriter } from '../../lib/pdf-text';
import { type Palette, clock, heading, field, when } from './pdf-parts';

const ASSESSMENT_STATUS: Record<Assessment['status'], string> = {
  scored: 'Scored',
  needs_human_review: 'Needs human review: the transcript was too short or unintelligible to score',
  insufficient_audio: 'Not scored: too little of what the candidate said was heard surely',
  human_only: 'Not scored by AI: the candidate asked for a human-only assessment',
};

export const BLIND_NOTE =
  'Blind review: the AI assessment is hidden until the reviewer posts their own scores, so this packet leaves ' +
  'out the AI scores, the work sample beside its reference ratings and the provenance. Download it again after scoring.';

export function assessmentSection(w: PdfWriter, d: AdminInterviewDetail, c: Palette) {
  heading(w, 'Assessment');
  if (d.assessment_hidden) {
    w.text(BLIND_NOTE, { italic: true, gap: 6 });
    return;
  }
  if (d.human_scores?.length) {
    w.text("The reviewer's own blind scores", { bold: true });
    for (const s of d.human_scores) w.text(`${s.criterion}: ${s.score}/5`, { indent: 12 });
    w.space(6);
  }
  const a = d.assessment;
  if (!a) {
    w.text('Not assessed yet.', { gap: 6 });
    return;
  }
  field(w, 'Status', ASSESSMENT_STATUS[a.status]);
  field(w, 'Method', a.method === 'model' ? `Language model (${a.model ?? 'unnamed'})` : 'Built-in rubric');
  if (a.overall_score !== null) field(w, 'Overall score', `${a.overall_score} of 5`);
  if (a.recommendation) field(w, 'Recommendation', RECOMMENDATION_LABELS[a.recommendation]);
  if (a.fallback_reason) field(w, 'Why the model was not used', a.fallback_reason);
  field(w, 'Assessed', when(d.assessed_at));
  if (a.summary) w.text(a.summary, { gap: 8 });
  for (const cr of a.criteria) {
    w.keep(40);
    w.text(`${cr.label}: ${cr.score}/5 (${RUBRIC_SCALE[cr.score] ?? ''})`, { bold: true, size: 11 });
    if (cr.reasoning === 'insufficient_audio') {
      w.text('The think-aloud was not heard surely enough to judge the reasoning: this is the accuracy part alone.', {
        italic: true,
        size: 9,
      });
    }
    w.text(cr.rationale, { gap: 2 });
    for (const q of cr.quotes) w.text(`"${q}"`, { italic: true, indent: 14, color: c.muted });
    w.space(6);
  }
  const signals = a.signals;
  w.text(
    `Measured: ${signals.candidate_turns} answers, ${signals.candidate_words} words, ${signals.speaking_seconds} s speaking.`,
    { size: 9, color: c.muted, gap: 6 },
  );
}

const seconds = (s: number | null) => (s === null ? '-' : `${Math.round(s * 10) / 10} s`);
const share = (s: number | null) => (s === null ? '-' : `${Math.round(s * 100)} %`);

/** The work sample item by item: the candidate's rating beside the reference (gold) rating. */
export function workSampleSection(w: PdfWriter, ws: WorkSampleResult | null, c: Palette) {
  if (!ws) return;
  heading(w, 'Work sample');
  const rated = ws.items.filter((i) => i.rating !== null).length;
  field(w, 'Items rated', `${rated} of ${ws.items.length}`);
  field(w, 'Mean distance from the reference rating', ws.mean_abs_distance === null ? '-' : `${ws.mean_abs_distance}`);
  field(w, 'Within one point', share(ws.within_one_share));
  field(w, 'Median time per item', seconds(ws.median_seconds));
  w.space(4);
  for (const item of ws.items) {
    w.keep(36);
    const rating = item.rating === null ? 'not rated' : `rating ${item.rating}`;
    const distance = item.distance === null ? '' : `, distance ${item.distance}`;
    const at = item.offset_seconds === null ? '' : ` at ${clock(item.offset_seconds)}`;
    w.text(`${item.position + 1}. ${item.task_name}${at}`, { bold: true });
    w.text(
      `${rating}, reference rating ${item.gold_rating}${distance}, time ${seconds(item.seconds)}${item.late ? ' (late)' : ''}`,
      { indent: 12 },
    );
    if (item.think_aloud) w.text(`Thinking aloud: ${item.think_aloud}`, { indent: 12, color: c.muted, size: 9 });
    w.space(4);
  }
}

export function integritySection(w: PdfWriter, d: AdminInterviewDetail) {
  heading(w, 'Integrity events');
  if (!d.integrity_events.length) {
    w.text('None recorded.', { gap: 6 });
    return;
  }
  w.text('Signals from the candidate’s browser, for a person to weigh; they decide nothing on their own.', {
    size: 9,
    gap: 4,
  });
  for (const e of d.integrity_events) {
    const length = e.duration_seconds === null ? '' : ` for ${seconds(e.duration_seconds)}`;
    const mark = e.mark ? ` (marked: ${e.mark})` : '';
    w.text(`${clock(e.offset_seconds)}  ${INTEGRITY_KIND_LABELS[e.kind]}${length}${mark}`, { indent: 12 });
  }
  w.space(6);
}
