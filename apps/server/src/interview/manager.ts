import { isUuid, type ServerMessage, type StartMessage } from '@app/shared';
import type { DebriefSeal } from './debrief/seal';
import type { Db } from '../db/client';
import { systemClock, type Clock, type Timer } from '../lib/clock';
import type { AppEvents } from '../lib/app-events';
import { AppError } from '../http/http-errors';
import { createOrResumeInterview } from './interviews';
import { newSession } from './new-session';
import { openWorkSample } from './work-sample/source';
import type { Providers } from './providers';
import type { PipelineLog } from './fallback';
import type { InterviewSession, SessionSettings } from './session';
import {
  jobIdOfInterview,
  jobStatus,
  hasCompleteProfile,
  listTurns,
  loadPlanInput,
  ownInterviewStatus,
  touchInterviews,
  type StoredTurn,
} from './store';
import { AI_NOTICE_REQUIRED, CONSENT_REQUIRED, hasAiAssessmentConsent, hasRecordingConsent } from '../accounts';
import type { Storage } from '../storage';
import { practiceSink } from './practice-sink';
import { Heartbeat, tellContinuedElsewhere } from './resume-anywhere';
import {
  ONE_LIVE_SESSION,
  JOB_NOT_ACCEPTING_INTERVIEWS,
  INTERVIEWERS_BUSY,
  PRACTICE_NEEDS_PROFILE,
  PRACTICE_BUSY,
  practiceTooOften,
  practiceShare,
} from './start-refusals';

export { practiceSink };
export * from './start-refusals';

export type ManagerOptions = {
  db: Db;
  /** The app's events: completing an interview announces it there. */
  events: AppEvents;
  providers: Providers;
  /** Where answer audio is kept for the careful pass (decision 0172); absent: none is kept. */
  storage?: Storage;
  /** False: no answer audio is kept (the careful pass is off). */
  keepAnswers?: boolean;
  maxMinutes: number;
  maxQuestions: number;
  graceMs: number;
  /**
   * Most live sessions this instance holds: beyond it a new interview is refused with
   * INTERVIEWERS_BUSY before it starts, so the ones in progress keep their latency (decision 0124).
   */
  maxLive?: number;
  /**
   * Practice starts from one address: seconds to wait when it has started too many lately, else 0
   * (cluster/counters.ts, shared through Redis when configured; decision 0169).
   */
  practiceLimit?: (address: string) => Promise<number>;
  settings?: Partial<SessionSettings>;
  log?: PipelineLog;
  clock?: Clock;
  /** Signs each practice debrief for its candidate, who may then keep it (decision 0171). */
  debriefSeal: DebriefSeal;
  /**
   * A new session took over the interview `interviewId` from another session: the other instances
   * let theirs go (the cluster bus; decision 0225).
   */
  announceTakeover?: (interviewId: string, sessionId: string) => void;
};

type Entry = {
  session: InterviewSession;
  userId: string;
  jobId: string | null;
  practice: boolean;
  detachSocket?: () => void;
  /** The attached socket, for messages from outside the session (shutdown notices). */
  socket?: SocketHandle;
  grace?: Timer;
};

/** The socket a session is attached to. */
export type SocketHandle = {
  send: (msg: ServerMessage) => void;
  close: (code: number, reason: string) => void;
};

/** One live session as seen from outside (shutdown, admission, metrics). */
export type LiveSession = {
  session: InterviewSession;
  userId: string;
  /** The socket attached to it; none while it waits for its candidate to reconnect. */
  socket?: SocketHandle;
};

/**
 * Live sessions by session id. A session survives its socket for a grace period, so a client that
 * reconnects with the same session id (spec: up to 5 automatic attempts) continues the same interview.
 */
export class SessionManager {
  private readonly sessions = new Map<string, Entry>();
  /** Candidates whose new session is being set up (one at a time per candidate). */
  private readonly starting = new Set<string>();
  /** Marks the interviews with a socket attached as held, so the sweep leaves them (decision 0225). */
  private readonly held = new Heartbeat(
    () => this.clock,
    () => this.sessions.size > 0,
    () => this.markHeld([...this.sessions.values()].filter((e) => e.session.isAttached)),
  );

  constructor(private readonly opts: ManagerOptions) {}

  private get clock(): Clock {
    return this.opts.clock ?? systemClock;
  }

  get size(): number {
    return this.sessions.size;
  }

  /** Every live session (attached or waiting for its candidate to reconnect). */
  live(): LiveSession[] {
    return [...this.sessions.values()].map((e) => ({
      session: e.session,
      userId: e.userId,
      socket: e.session.isAttached ? e.socket : undefined,
    }));
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
    socket?: SocketHandle,
    address = 'unknown',
  ): Promise<InterviewSession | null> {
    // A refused start leaves no session behind: fatal for this connection.
    const fail = (message: string) => {
      send({ event: 'error', message, recoverable: false });
      return null;
    };
    const existing = this.sessions.get(msg.session_id);
    if (existing) {
      if (existing.userId !== userId) return fail('This session belongs to another user.');
      if (existing.session.ended) return fail('This interview has ended.');
      existing.grace?.cancel();
      existing.grace = undefined;
      // A newer connection wins; the old one (another tab with the same session, or a half-open
      // socket) is told and let go.
      if (existing.session.isAttached) {
        tellContinuedElsewhere(existing);
        existing.session.detach();
      }
      existing.detachSocket = detachSocket;
      existing.socket = socket;
      existing.session.attach(send, true);
      return existing.session;
    }

    // One live session per candidate: recognizers and voices are shared by everyone on the server.
    if (this.starting.has(userId)) return fail(ONE_LIVE_SESSION);
    this.starting.add(userId);
    try {
      return await this.startNew(msg, userId, send, detachSocket, socket, fail, address);
    } finally {
      this.starting.delete(userId);
    }
  }

  /** This instance holds as many live sessions as it may. */
  private full(): boolean {
    return this.opts.maxLive !== undefined && this.sessions.size >= this.opts.maxLive;
  }

  /**
   * A recorded start of the candidate's own interview that is in progress and has turns (a reconnect
   * after a restart or from another instance): it is let in even when full, so nobody is cut off in
   * the middle. Never a practice start, whatever interview it names (decision 0169).
   */
  private async resumesStartedInterview(msg: StartMessage, userId: string): Promise<boolean> {
    if (msg.practice === true || !isUuid(msg.interview_id)) return false;
    if ((await ownInterviewStatus(this.opts.db, msg.interview_id, userId)) !== 'in_progress') return false;
    return (await listTurns(this.opts.db, msg.interview_id)).length > 0;
  }

  /**
   * Why a practice start may not run, or null: practice needs a finished profile, holds at most its
   * share of the slots and is rate-limited per address (decision 0169). `own` sessions are replaced.
   */
  private async practiceRefusal(userId: string, address: string, own: Entry[]): Promise<string | null> {
    if (!(await hasCompleteProfile(this.opts.db, userId))) return PRACTICE_NEEDS_PROFILE;
    if (this.opts.maxLive !== undefined) {
      const others = [...this.sessions.values()].filter((e) => e.practice && !own.includes(e));
      if (others.length >= practiceShare(this.opts.maxLive)) return PRACTICE_BUSY;
    }
    const wait = (await this.opts.practiceLimit?.(address)) ?? 0;
    return wait > 0 ? practiceTooOften(wait) : null;
  }

  private async startNew(
    msg: StartMessage,
    userId: string,
    send: (m: ServerMessage) => void,
    detachSocket: () => void,
    socket: SocketHandle | undefined,
    fail: (message: string) => null,
    address: string,
  ): Promise<InterviewSession | null> {
    const { db } = this.opts;
    const practice = msg.practice === true;
    let interviewId = msg.interview_id;
    let jobId = msg.job_id ?? null;
    let previousTurns: StoredTurn[] = [];
    try {
      if (!jobId && isUuid(msg.interview_id)) jobId = await jobIdOfInterview(db, msg.interview_id, userId);
      if (jobId && !isUuid(jobId)) return fail('Job not found');
      const own = [...this.sessions.values()].filter((e) => e.userId === userId);
      const other = own.find((e) => e.session.isAttached);
      if (other) {
        // The same interview in another tab or device: the newest takes it over (decision 0225).
        const sameInterview = !practice && !other.practice && jobId !== null && other.jobId === jobId;
        if (!sameInterview) return fail(ONE_LIVE_SESSION);
        await this.handOver(other);
      }
      if (jobId) {
        // Pending, completed and archived jobs take no interviews (nor practice runs).
        const status = await jobStatus(db, jobId);
        if (status && status !== 'active') return fail(JOB_NOT_ACCEPTING_INTERVIEWS);
      }
      if (practice) {
        const refusal = await this.practiceRefusal(userId, address, own);
        if (refusal) return fail(refusal);
      }
      // One slot per account (decision 0143): the account's own session waiting for a reconnect
      // is let go now, as its grace timer would, instead of holding a second slot. Its interview
      // stays in progress and resumable from its stored turns with its session id. (One that is
      // ending already finishes on its own.)
      for (const entry of own.filter((e) => !e.session.ended)) {
        this.opts.log?.info?.(
          { sessionId: entry.session.sessionId },
          'waiting interview session replaced by a new start',
        );
        this.release(entry);
      }
      if (this.full() && !(await this.resumesStartedInterview(msg, userId))) {
        this.opts.log?.warn({ live: this.sessions.size }, 'interview refused: all interviewers busy');
        return fail(INTERVIEWERS_BUSY);
      }
      if (!practice) {
        if (!jobId) return fail('Start needs a job id.');
        if (!(await hasRecordingConsent(db, userId, jobId))) return fail(CONSENT_REQUIRED);
        if (!(await hasAiAssessmentConsent(db, userId, jobId))) return fail(AI_NOTICE_REQUIRED);
        const interview = await createOrResumeInterview(db, {
          interviewId: isUuid(msg.interview_id) ? msg.interview_id : undefined,
          jobId,
          candidateId: userId,
          sessionId: msg.session_id,
        });
        interviewId = interview.id;
        if (interview.replacedSessionId) {
          // The replaced session may run on another instance: it is told there (decision 0225).
          this.opts.announceTakeover?.(interview.id, msg.session_id);
        }
        previousTurns = await listTurns(db, interview.id);
      }
      // Another connection may have created it while we were waiting on the database.
      if (this.sessions.has(msg.session_id)) return this.start(msg, userId, send, detachSocket, socket);

      const planInput = await loadPlanInput(db, jobId, userId, msg.candidate_name);
      const workSample = await openWorkSample(db, { interviewId, jobId, practice, sessionId: msg.session_id });
      const session = newSession(this.opts, {
        workSample,
        sessionId: msg.session_id,
        interviewId,
        userId,
        practice,
        planInput,
        previousTurns,
        address,
        onEnd: () => this.sessions.delete(msg.session_id),
      });
      this.sessions.set(msg.session_id, { session, userId, jobId, practice, detachSocket, socket });
      this.held.ensure();
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
    entry.socket = undefined;
    // The abandon time counts from here, when the candidate was last there (decision 0225).
    void this.markHeld([entry]);
    if (session.ended) {
      this.sessions.delete(session.sessionId);
      return;
    }
    entry.grace = this.clock.setTimeout(() => {
      if (this.sessions.get(session.sessionId) === entry && !entry.session.isAttached) this.release(entry);
    }, this.opts.graceMs);
  }

  /** Lets a session that waits for its candidate go: its slot is free, its interview row untouched. */
  private release(entry: Entry) {
    entry.grace?.cancel();
    entry.grace = undefined;
    if (this.sessions.get(entry.session.sessionId) === entry) this.sessions.delete(entry.session.sessionId);
    entry.session.dispose();
  }

  /**
   * The interview `interviewId` was taken over by session `sessionId`, here or on another instance:
   * any other session of it here is told and let go (decision 0225).
   */
  async takenOver(interviewId: string, sessionId: string): Promise<void> {
    const replaced = [...this.sessions.values()].filter(
      (e) => e.session.interviewId === interviewId && e.session.sessionId !== sessionId && !e.practice,
    );
    await Promise.all(replaced.map((e) => this.handOver(e)));
  }

  /** Lets a session go because another tab or device continues its interview; its socket is told. */
  private async handOver(entry: Entry) {
    this.opts.log?.info?.({ sessionId: entry.session.sessionId }, 'interview continued in another tab or device');
    entry.grace?.cancel();
    entry.grace = undefined;
    if (this.sessions.get(entry.session.sessionId) === entry) this.sessions.delete(entry.session.sessionId);
    // Out of the map first: the socket's close then finds nothing to keep for a reconnect.
    if (entry.session.isAttached) tellContinuedElsewhere(entry);
    entry.detachSocket = undefined;
    entry.socket = undefined;
    await entry.session.handOver();
  }

  /** Marks the recorded interviews of `entries` as held now. */
  private async markHeld(entries: Entry[]) {
    const ids = entries.filter((e) => !e.practice && !e.session.ended).map((e) => e.session.interviewId);
    try {
      await touchInterviews(this.opts.db, ids, new Date(this.clock.now()));
    } catch (err) {
      this.opts.log?.warn({ err }, 'marking live interviews as held failed');
    }
  }

  close() {
    this.held.stop();
    for (const entry of this.sessions.values()) {
      entry.grace?.cancel();
      entry.session.dispose();
    }
    this.sessions.clear();
  }
}
