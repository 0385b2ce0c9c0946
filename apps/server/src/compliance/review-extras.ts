/**
 * What issue 35 adds to the console's interview detail: the blind state (the assessment hidden until
 * the reviewer's own scores), provenance, integrity evidence, the candidate's corrections and appeal.
 */
import type { AdminInterviewDetail, Assessment } from '@app/shared';
import type { Db } from '../db/client';
import { appealOfInterview } from './appeals';
import { assessmentHidden, blindState, inBlindSample } from './blind-review';
import { latestCorrections } from './corrections';
import { listIntegrityEvents, workSampleResult } from '../interview';

type Extras = Pick<
  AdminInterviewDetail,
  | 'assessment'
  | 'assessment_hidden'
  | 'human_scores'
  | 'provenance'
  | 'integrity_events'
  | 'appeal'
  | 'transcript'
  | 'work_sample'
>;

export async function reviewExtras(
  db: Db,
  interviewId: string,
  share: number,
  assessment: Assessment | null,
  transcript: AdminInterviewDetail['transcript'],
): Promise<Extras> {
  const blind = await blindState(db, interviewId, share);
  const hidden = assessmentHidden(blind);
  const corrections = new Map((await latestCorrections(db, interviewId)).map((c) => [c.seq, c.text]));
  return {
    assessment: hidden ? null : assessment,
    assessment_hidden: hidden,
    human_scores: blind.scores,
    // Provenance names the method and model, so it is hidden with the assessment.
    provenance: hidden ? null : (assessment?.provenance ?? null),
    integrity_events: await listIntegrityEvents(db, interviewId),
    appeal: await appealOfInterview(db, interviewId),
    // The figures beside gold are part of the assessment a blind reviewer must not see first.
    work_sample: hidden ? null : await workSampleResult(db, interviewId),
    transcript: transcript.map((t) => {
      const correction = corrections.get(t.seq);
      return correction === undefined ? t : { ...t, candidate_correction: correction };
    }),
  };
}

/** A list row's assessment summary is hidden the same way (the list would otherwise give the blind score away). */
export const hiddenInList = (interviewId: string, share: number | null, scored: boolean) =>
  inBlindSample(interviewId, share ?? 0) && !scored;
