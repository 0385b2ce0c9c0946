/**
 * The live interview client state (docs/product/rules.md) in one store: a pure reducer, so every
 * transition can be tested without a socket or audio, and a small store around it that the screen
 * reads (useSyncExternalStore) and the socket and media callbacks read synchronously. Nothing about
 * the interview is kept anywhere else (decision 0148).
 */
import {
  initialWorkSample,
  lastRatingAnswered,
  workSampleReducer,
  type WorkSampleAction,
  type WorkSampleView,
} from './work-sample-state';

export type SessionStatus =
  'idle' | 'connecting' | 'ready' | 'listening' | 'speaking' | 'processing' | 'ended' | 'error';

export type Speaker = 'ai' | 'assistant' | 'user';

export type TranscriptEntry = {
  id: string;
  speaker: Speaker;
  text: string;
  /** Milliseconds since the epoch when the client received it. */
  timestamp: number;
  final: boolean;
};

/** Where the interview is (the server's progress frame): question n of about m, time against length. */
export type SessionProgress = {
  question: number;
  questions: number;
  maxSeconds: number;
  /** Client clock (ms) when the interview began: elapsed time is counted from it. */
  startedAtMs: number;
};

export type SessionState = {
  status: SessionStatus;
  /** A fatal problem: the conversation stopped (status error) or the end failed. */
  error: string | null;
  /** A recoverable problem in plain words: the conversation goes on; the candidate may dismiss it. */
  note: string | null;
  transcripts: TranscriptEntry[];
  currentUserText: string;
  currentAIText: string;
  isMicActive: boolean;
  isAIPlaying: boolean;
  userAudioLevel: number;
  latencyMetrics: Record<string, unknown> | null;
  muted: boolean;
  isRecording: boolean;
  /** The camera's stream, shown in the self view. */
  selfStream: MediaStream | null;
  /** The browser holds the sound until a click (autoplay rules). */
  audioBlocked: boolean;
  /** Whether the server ever accepted the session (the end modal only makes sense then). */
  hadSession: boolean;
  /** Everything after the end is done (recording sent, interview completed). */
  finished: boolean;
  /** After the end: false when nothing was sent to review (ended before any answer; decision 0149). */
  submitted: boolean | null;
  progress: SessionProgress | null;
  /** The interviewer closed the conversation itself (its goodbye may be quoted; decision 0182). */
  closedByInterviewer: boolean;
  /** The work sample (issue 46): the item on screen, its rating on the way, practice feedback. */
  workSample: WorkSampleView;
};

export const initialSessionState: SessionState = {
  status: 'idle',
  error: null,
  note: null,
  transcripts: [],
  currentUserText: '',
  currentAIText: '',
  isMicActive: false,
  isAIPlaying: false,
  userAudioLevel: 0,
  latencyMetrics: null,
  muted: false,
  isRecording: false,
  selfStream: null,
  audioBlocked: false,
  hadSession: false,
  finished: false,
  submitted: null,
  progress: null,
  closedByInterviewer: false,
  workSample: initialWorkSample,
};

export type SessionAction =
  | { type: 'connect' }
  | { type: 'session_ready' }
  | { type: 'mic_started' }
  | { type: 'mic_active'; active: boolean }
  | { type: 'audio_level'; level: number }
  | { type: 'playback_started' }
  | { type: 'playback_ended' }
  | { type: 'transcript'; speaker: Speaker; text: string; final: boolean; id: string; timestamp: number }
  | { type: 'restore'; entries: TranscriptEntry[] }
  | { type: 'progress'; progress: SessionProgress }
  | { type: 'closed_by_interviewer' }
  | { type: 'answer_end' }
  | { type: 'metrics'; latency: Record<string, unknown> }
  | { type: 'ended' }
  | { type: 'finished'; submitted: boolean }
  | { type: 'connection_lost' }
  | { type: 'failed'; message: string }
  | { type: 'note'; message: string }
  | { type: 'dismiss_note' }
  | { type: 'clear_error' }
  | { type: 'muted'; muted: boolean }
  | { type: 'recording'; on: boolean }
  | { type: 'stream'; stream: MediaStream | null }
  | { type: 'audio_blocked'; blocked: boolean }
  | { type: 'reset' }
  | WorkSampleAction;

/** A session may only be started from idle or after an error. */
export const canStart = (status: SessionStatus) => status === 'idle' || status === 'error';

const isOver = (s: SessionState) => s.status === 'ended';

export function sessionReducer(state: SessionState, action: SessionAction): SessionState {
  switch (action.type) {
    case 'connect':
      if (!canStart(state.status)) return state;
      return { ...state, status: 'connecting', error: null, note: null };
    case 'session_ready':
      if (isOver(state)) return state;
      return { ...state, status: 'ready', error: null, hadSession: true };
    case 'mic_started':
      if (state.status !== 'ready') return { ...state, isMicActive: true };
      return { ...state, status: 'listening', isMicActive: true };
    case 'mic_active':
      return { ...state, isMicActive: action.active };
    case 'audio_level':
      return state.userAudioLevel === action.level ? state : { ...state, userAudioLevel: action.level };
    case 'playback_started':
      if (isOver(state) || state.status === 'error') return { ...state, isAIPlaying: true };
      return { ...state, status: 'speaking', isAIPlaying: true };
    case 'playback_ended':
      if (state.status !== 'speaking') return { ...state, isAIPlaying: false };
      return { ...state, status: 'listening', isAIPlaying: false };
    case 'transcript': {
      const isAI = action.speaker !== 'user';
      if (!action.final) {
        return isAI ? { ...state, currentAIText: action.text } : { ...state, currentUserText: action.text };
      }
      const entry: TranscriptEntry = {
        id: action.id,
        speaker: action.speaker,
        text: action.text,
        timestamp: action.timestamp,
        final: true,
      };
      // The conversation went on: a passing note has served its purpose (issue 34).
      const next = { ...state, transcripts: [...state.transcripts, entry], note: null };
      if (isAI) {
        const sampleOver = lastRatingAnswered(state.workSample);
        const workSample = sampleOver ? workSampleReducer(state.workSample, { type: 'work_closed' }) : state.workSample;
        return { ...next, currentAIText: '', workSample };
      }
      // A final user transcript means the server is now working on the answer; while a work-sample item
      // is open it is thinking aloud, which the interviewer hears without answering (decision 0244).
      const busy = isOver(state) || state.status === 'error' || state.workSample.item !== null;
      return { ...next, currentUserText: '', status: busy ? state.status : 'processing' };
    }
    case 'restore':
      return { ...state, transcripts: mergeRestored(action.entries, state.transcripts) };
    case 'progress':
      return { ...state, progress: action.progress };
    case 'closed_by_interviewer':
      return {
        ...state,
        closedByInterviewer: true,
        workSample: workSampleReducer(state.workSample, { type: 'work_closed' }),
      };
    case 'answer_end':
      if (isOver(state) || state.status === 'error') return state;
      return { ...state, status: 'listening', currentAIText: '' };
    case 'metrics':
      return { ...state, latencyMetrics: action.latency };
    case 'ended':
      return {
        ...state,
        status: 'ended',
        isMicActive: false,
        isAIPlaying: false,
        userAudioLevel: 0,
        note: null,
        workSample: workSampleReducer(state.workSample, { type: 'work_closed' }),
      };
    case 'finished':
      return { ...state, finished: true, submitted: action.submitted, isRecording: false, selfStream: null };
    case 'connection_lost':
      if (isOver(state)) return state;
      return { ...state, status: 'error', error: 'Connection lost', isAIPlaying: false };
    case 'failed':
      if (isOver(state)) return { ...state, error: action.message };
      return { ...state, status: 'error', error: action.message, note: null, isAIPlaying: false };
    case 'note':
      // Nothing changes but the note: the conversation goes on.
      if (isOver(state)) return state;
      return { ...state, note: action.message };
    case 'dismiss_note':
      return state.note === null ? state : { ...state, note: null };
    case 'clear_error':
      return { ...state, error: null };
    case 'muted':
      return { ...state, muted: action.muted };
    case 'recording':
      return { ...state, isRecording: action.on };
    case 'stream':
      return { ...state, selfStream: action.stream };
    case 'audio_blocked':
      return state.audioBlocked === action.blocked ? state : { ...state, audioBlocked: action.blocked };
    case 'reset':
      return initialSessionState;
    case 'work_item':
    case 'work_rating_sent':
    case 'work_feedback':
    case 'work_refused':
    case 'work_closed': {
      if (isOver(state)) return state;
      const workSample = workSampleReducer(state.workSample, action);
      return workSample === state.workSample ? state : { ...state, workSample };
    }
  }
}

/**
 * The stored turns first, then what arrived live that they do not hold yet (a turn stored after the
 * server answered, or one it has not written): the same exchange never shows twice.
 */
export function mergeRestored(stored: TranscriptEntry[], live: TranscriptEntry[]): TranscriptEntry[] {
  const key = (t: TranscriptEntry) => `${t.speaker === 'user' ? 'user' : 'ai'}\u0000${t.text.trim()}`;
  const have = new Set(stored.map(key));
  return [...stored, ...live.filter((t) => !have.has(key(t)))];
}

/** The AI's last final statement, quoted in the end modal. */
export function lastAIStatement(transcripts: TranscriptEntry[]): string | null {
  for (let i = transcripts.length - 1; i >= 0; i--) {
    const t = transcripts[i]!;
    if (t.speaker !== 'user' && t.final && t.text.trim()) return t.text.trim();
  }
  return null;
}

/**
 * What the end dialog quotes: the interviewer's goodbye when it closed the conversation itself, never
 * a question (the candidate who ended mid-question is not asked it again); null: the default line.
 */
export function closingQuote(state: Pick<SessionState, 'transcripts' | 'closedByInterviewer'>): string | null {
  if (!state.closedByInterviewer) return null;
  const last = lastAIStatement(state.transcripts);
  return last && !last.includes('?') ? last : null;
}

/** The pulse around the mic (docs/product/screens/interview.md): mic active, AI silent, level above the threshold. */
export function showMicPulse(s: SessionState, threshold: number): boolean {
  return s.isMicActive && !s.isAIPlaying && s.userAudioLevel > threshold;
}

/** The one store of a live interview: its state, the reducer that changes it, and who listens. */
export type SessionStore = {
  getState: () => SessionState;
  dispatch: (action: SessionAction) => void;
  subscribe: (listener: () => void) => () => void;
};

export function createSessionStore(initial: SessionState = initialSessionState): SessionStore {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    dispatch: (action) => {
      const next = sessionReducer(state, action);
      if (next === state) return;
      state = next;
      listeners.forEach((l) => l());
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * What a recoverable socket error says to the candidate, in plain words, only when it concerns them
 * (they may not be heard, or not hear the interviewer, for a moment); anything else (a refused or
 * malformed message) is the client's business: null, only logged (issue 34, decision 0182).
 */
export function recoverableNote(message: string): string | null {
  if (/^speech recognition is unavailable/i.test(message)) return NOTES.notHeard;
  if (/^speech synthesis is unavailable/i.test(message)) return NOTES.notVoiced;
  if (/^the interviewer is unavailable/i.test(message)) return NOTES.interviewerAway;
  if (/extra audio was dropped/i.test(message)) return NOTES.audioDropped;
  return null;
}
export const NOTES = {
  notHeard: "We can't hear your answer for a moment. Please pause, then say it again.",
  notVoiced: 'You may not hear the interviewer for a moment; its words still appear in the transcript.',
  interviewerAway: 'The interviewer needs a moment. Please wait for its next question.',
  audioDropped: "Part of your audio didn't come through. If you were cut off, please say it again.",
} as const;
/** An action (end my turn, interrupt) while the connection is down. */
export const NOT_CONNECTED_NOTE = "You're not connected right now. Try again in a moment.";
