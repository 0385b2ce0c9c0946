/**
 * A live session made for a start the manager admitted (manager.ts): its plan from the job and the
 * candidate, where its turns go (the interview's stored transcript; in practice nowhere, its debrief
 * goes to the client), the recognizer for the job's words, where its answers are kept for the careful
 * pass (decision 0172), and the interview completed when it ends.
 */
import { PRACTICE_MAX_MINUTES, PRACTICE_QUESTIONS } from '@app/shared';
import { completeInterview } from './interviews';
import { storeAnswerAudio } from './transcript/answer-audio';
import type { ManagerOptions } from './manager';
import { buildPlan, jobRecognitionText, type PlanInput } from './plan';
import { practiceSink } from './practice-sink';
import { InterviewSession, type TurnSink } from './session';
import { appendTurn, updateTurnText, type StoredTurn } from './store';
import type { WorkSampleSource } from './work-sample/source';

export type SessionStart = {
  sessionId: string;
  /** The recorded interview, or the start's own id for a practice run. */
  interviewId: string;
  userId: string;
  practice: boolean;
  planInput: PlanInput;
  previousTurns: StoredTurn[];
  /** Where the candidate connected from, for the completed interview's record. */
  address: string;
  /** The work sample after the planned questions (issue 46), or null. */
  workSample: WorkSampleSource | null;
  /** Runs first when the session ends: the manager lets it go. */
  onEnd: () => void;
};

export function newSession(opts: ManagerOptions, start: SessionStart): InterviewSession {
  const { db } = opts;
  const { interviewId: id, userId, practice, planInput } = start;
  const plan = buildPlan(planInput, {
    maxMinutes: practice ? Math.min(PRACTICE_MAX_MINUTES, opts.maxMinutes) : opts.maxMinutes,
    maxQuestions: practice ? PRACTICE_QUESTIONS : opts.maxQuestions,
    practice,
  });
  // Practice stores nothing: its turns stay in this session, and its debrief goes to the client.
  let practiceSession: InterviewSession | undefined;
  const sink: TurnSink = practice
    ? practiceSink(planInput, (debrief) =>
        practiceSession?.notify({ event: 'debrief', debrief, seal: opts.debriefSeal.seal(userId, debrief) }),
      )
    : { append: (turn) => appendTurn(db, id, turn), update: (seq, text) => updateTurnText(db, id, seq, text) };
  const recognition = opts.providers.sttFor?.(jobRecognitionText(planInput)) ?? {
    stt: opts.providers.stt,
    release() {},
  };
  const session = new InterviewSession(start.sessionId, id, userId, {
    plan,
    stt: recognition.stt,
    release: () => recognition.release(),
    tts: opts.providers.tts,
    interviewers: opts.providers.interviewers(plan),
    sink,
    keepAnswer:
      practice || !opts.storage || opts.keepAnswers === false
        ? undefined
        : async (answer) => {
            await storeAnswerAudio(db, opts.storage!, { id, candidateId: userId }, answer);
            // The careful pass's model is built now, not in its time limit (decision 0173).
            opts.events.emit('interview.answer_kept', { interviewId: id });
          },
    previousTurns: start.previousTurns,
    workSample: start.workSample,
    settings: opts.settings,
    log: opts.log,
    clock: opts.clock,
    onEnd: async () => {
      start.onEnd();
      if (!practice) await completeInterview(db, id, userId, opts.events, start.address);
    },
  });
  if (practice) practiceSession = session;
  return session;
}
