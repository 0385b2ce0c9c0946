/**
 * The live interview client state (docs/product/rules.md) as a pure reducer, so every
 * transition can be tested without a socket or audio.
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
  error: string | null;
  transcripts: TranscriptEntry[];
  currentUserText: string;
  currentAIText: string;
  isMicActive: boolean;
  isAIPlaying: boolean;
  userAudioLevel: number;
  latencyMetrics: Record<string, unknown> | null;
};

export const initialSessionState: SessionState = {
  status: 'idle',
  error: null,
  transcripts: [],
  currentUserText: '',
  currentAIText: '',
  isMicActive: false,
  isAIPlaying: false,
  userAudioLevel: 0,
  latencyMetrics: null,
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
  | { type: 'connection_lost' }
  | { type: 'failed'; message: string }
  | { type: 'clear_error' }
  | { type: 'reset' };

/** A session may only be started from idle or after an error. */
export const canStart = (status: SessionStatus) => status === 'idle' || status === 'error';

const isOver = (s: SessionState) => s.status === 'ended';

export function sessionReducer(state: SessionState, action: SessionAction): SessionState {
  switch (action.type) {
    case 'connect':
      if (!canStart(state.status)) return state;
      return { ...state, status: 'connecting', error: null };
    case 'session_ready':
      if (isOver(state)) return state;
      return { ...state, status: 'ready', error: null };
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
      return { ...state, status: 'ended', isMicActive: false, isAIPlaying: false, userAudioLevel: 0 };
    case 'connection_lost':
      if (isOver(state)) return state;
      return { ...state, status: 'error', error: 'Connection lost', isAIPlaying: false };
    case 'failed':
      if (isOver(state)) return { ...state, error: action.message };
      return { ...state, status: 'error', error: action.message };
    case 'clear_error':
      return { ...state, error: null };
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
