/**
 * The live interview client state (docs/product/rules.md) in one store: a pure reducer, so every
 * transition can be tested without a socket or audio, and a small store around it that the screen
 * reads (useSyncExternalStore) and the socket and media callbacks read synchronously. Nothing about
 * the interview is kept anywhere else (decision 0148).
 */
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
  | { type: 'reset' };

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
      const next = { ...state, transcripts: [...state.transcripts, entry] };
      if (isAI) return { ...next, currentAIText: '' };
      // A final user transcript means the server is now working on the answer.
      const busy = isOver(state) || state.status === 'error';
      return { ...next, currentUserText: '', status: busy ? state.status : 'processing' };
    }
    case 'answer_end':
      if (isOver(state) || state.status === 'error') return state;
      return { ...state, status: 'listening', currentAIText: '' };
    case 'metrics':
      return { ...state, latencyMetrics: action.latency };
    case 'ended':
      return { ...state, status: 'ended', isMicActive: false, isAIPlaying: false, userAudioLevel: 0, note: null };
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
  }
}

/** The AI's last final statement, quoted in the end modal. */
export function lastAIStatement(transcripts: TranscriptEntry[]): string | null {
  for (let i = transcripts.length - 1; i >= 0; i--) {
    const t = transcripts[i]!;
    if (t.speaker !== 'user' && t.final && t.text.trim()) return t.text.trim();
  }
  return null;
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
 * What a recoverable socket error says to the candidate: the server's words when they are plain
 * (a speech service briefly away, audio dropped), else one short sentence; never validation text.
 */
export function recoverableNote(message: string): string {
  if (/unavailable right now|extra audio was dropped/i.test(message)) return message;
  return RECOVERABLE_NOTE;
}
export const RECOVERABLE_NOTE = "Something didn't go through, but your interview is still going.";
/** An action (end my turn, interrupt) while the connection is down. */
export const NOT_CONNECTED_NOTE = "You're not connected right now. Try again in a moment.";
