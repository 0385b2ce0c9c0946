import type { ServerMessage, StartMessage } from '@app/shared';
import type { Db } from '../db/client';
import { AppError } from '../lib/http-errors';
import { completeInterview, createOrResumeInterview } from '../services/interviews';
import { buildPlan } from './plan';
import type { Providers } from './providers';
import { InterviewSession, type SessionSettings, type TurnSink } from './session';
import { appendTurn, jobIdOfInterview, listTurns, loadPlanInput, updateTurnText, type StoredTurn } from './store';

export type ManagerOptions = {
  db: Db;
  providers: Providers;
  maxMinutes: number;
  maxQuestions: number;
  graceMs: number;
  settings?: Partial<SessionSettings>;
  log?: { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
};

type Entry = { session: InterviewSession; userId: string; detachSocket?: () => void; grace?: NodeJS.Timeout };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PRACTICE_QUESTIONS = 2;

/**
 * Live sessions by session id. A session survives its socket for a grace period, so a client that
 * reconnects with the same session id (spec: up to 5 automatic attempts) continues the same interview.
 */
export class SessionManager {
  private readonly sessions = new Map<string, Entry>();

  constructor(private readonly opts: ManagerOptions) {}

  get size(): number {
    return this.sessions.size;
  }

  /**
   * Starts or re-attaches the session named in `start` for the authenticated user. Sends an
   * `error` and returns null when the interview may not start.
   */
  async start(
    msg: StartMessage,
    userId: string,
    send: (m: ServerMessage) => void,
    detachSocket: () => void,
  ): Promise<InterviewSession | null> {
    const fail = (message: string) => {
      send({ event: 'error', message });
      return null;
    };
    const existing = this.sessions.get(msg.session_id);
    if (existing) {
      if (existing.userId !== userId) return fail('This session belongs to another user.');
      if (existing.session.ended) return fail('This interview has ended.');
      if (existing.grace) clearTimeout(existing.grace);
      existing.grace = undefined;
      // A newer connection wins; the old one (if it is still half-open) is let go.
      if (existing.session.isAttached) {
        existing.detachSocket?.();
        existing.session.detach();
      }
      existing.detachSocket = detachSocket;
      existing.session.attach(send, true);
      return existing.session;
    }

    const { db } = this.opts;
    const practice = msg.practice === true;
    let interviewId = msg.interview_id;
    let jobId = msg.job_id ?? null;
    let previousTurns: StoredTurn[] = [];
    try {
      if (!jobId && UUID.test(msg.interview_id)) jobId = await jobIdOfInterview(db, msg.interview_id, userId);
      if (jobId && !UUID.test(jobId)) return fail('Job not found');
      if (!practice) {
        if (!jobId) return fail('Start needs a job id.');
        const interview = await createOrResumeInterview(db, {
          interviewId: UUID.test(msg.interview_id) ? msg.interview_id : undefined,
          jobId,
          candidateId: userId,
          sessionId: msg.session_id,
        });
        interviewId = interview.id;
        previousTurns = await listTurns(db, interview.id);
      }
      // Another connection may have created it while we were waiting on the database.
      if (this.sessions.has(msg.session_id)) return this.start(msg, userId, send, detachSocket);

      const plan = buildPlan(await loadPlanInput(db, jobId, userId, msg.candidate_name), {
        maxMinutes: practice ? Math.min(5, this.opts.maxMinutes) : this.opts.maxMinutes,
        maxQuestions: practice ? PRACTICE_QUESTIONS : this.opts.maxQuestions,
      });
      const id = interviewId;
      const sink: TurnSink = practice
        ? { append: async () => {}, update: async () => {} }
        : { append: (turn) => appendTurn(db, id, turn), update: (seq, text) => updateTurnText(db, id, seq, text) };
      const session = new InterviewSession(msg.session_id, id, userId, {
        plan,
        stt: this.opts.providers.stt,
        tts: this.opts.providers.tts,
        interviewers: this.opts.providers.interviewers(plan),
        sink,
        previousTurns,
        settings: this.opts.settings,
        log: this.opts.log,
        onEnd: async () => {
          this.sessions.delete(msg.session_id);
          if (!practice) await completeInterview(db, id, userId);
        },
      });
      this.sessions.set(msg.session_id, { session, userId, detachSocket });
      session.attach(send, previousTurns.length > 0);
      return session;
    } catch (err) {
      if (err instanceof AppError) return fail(err.message);
      this.opts.log?.error({ err }, 'starting an interview session failed');
      return fail('Could not start the interview. Please try again.');
    }
  }

  /**
   * The socket of `session` closed: keep the session for the grace period, then let it go. `owner`
   * is the closing socket's handle; a socket already replaced by a reconnect changes nothing.
   */
  detach(session: InterviewSession, owner: () => void) {
    const entry = this.sessions.get(session.sessionId);
    if (!entry || entry.session !== session || entry.detachSocket !== owner) return;
    session.detach();
    entry.detachSocket = undefined;
    if (session.ended) {
      this.sessions.delete(session.sessionId);
      return;
    }
    entry.grace = setTimeout(() => {
      if (this.sessions.get(session.sessionId) === entry && !entry.session.isAttached) {
        this.sessions.delete(session.sessionId);
        session.dispose();
      }
    }, this.opts.graceMs);
    entry.grace.unref();
  }

  close() {
    for (const entry of this.sessions.values()) {
      if (entry.grace) clearTimeout(entry.grace);
      entry.session.dispose();
    }
    this.sessions.clear();
  }
}
