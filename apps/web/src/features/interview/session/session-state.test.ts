import { describe, expect, it } from 'vitest';
import {
  canStart,
  initialSessionState,
  lastAIStatement,
  sessionReducer,
  showMicPulse,
  type SessionAction,
  type SessionState,
} from './session-state';

const run = (actions: SessionAction[], from: SessionState = initialSessionState) =>
  actions.reduce(sessionReducer, from);
const transcript = (speaker: 'ai' | 'user' | 'assistant', text: string, final: boolean): SessionAction => ({
  type: 'transcript',
  speaker,
  text,
  final,
  id: `${speaker}-${text}`,
  timestamp: 1,
});

describe('sessionReducer', () => {
  it('walks idle → connecting → ready → listening → speaking → listening', () => {
    let s = run([{ type: 'connect' }]);
    expect(s.status).toBe('connecting');
    s = run([{ type: 'session_ready' }], s);
    expect(s.status).toBe('ready');
    s = run([{ type: 'mic_started' }], s);
    expect(s).toMatchObject({ status: 'listening', isMicActive: true });
    s = run([{ type: 'playback_started' }], s);
    expect(s).toMatchObject({ status: 'speaking', isAIPlaying: true });
    s = run([{ type: 'playback_ended' }], s);
    expect(s).toMatchObject({ status: 'listening', isAIPlaying: false });
  });

  it('starts only from idle or error', () => {
    expect(canStart('idle')).toBe(true);
    expect(canStart('error')).toBe(true);
    for (const status of ['connecting', 'ready', 'listening', 'speaking', 'processing', 'ended'] as const) {
      expect(canStart(status)).toBe(false);
      expect(sessionReducer({ ...initialSessionState, status }, { type: 'connect' }).status).toBe(status);
    }
    const retried = sessionReducer({ ...initialSessionState, status: 'error', error: 'x' }, { type: 'connect' });
    expect(retried).toMatchObject({ status: 'connecting', error: null });
  });

  it('a final user transcript moves to processing, answer_end back to listening', () => {
    let s = run([{ type: 'connect' }, { type: 'session_ready' }, { type: 'mic_started' }]);
    s = run([transcript('user', 'I design', false)], s);
    expect(s).toMatchObject({ status: 'listening', currentUserText: 'I design' });
    s = run([transcript('user', 'I design posters', true)], s);
    expect(s).toMatchObject({ status: 'processing', currentUserText: '' });
    expect(s.transcripts.map((t) => t.text)).toEqual(['I design posters']);
    s = run([{ type: 'answer_end' }], s);
    expect(s.status).toBe('listening');
  });

  it('interim AI text is a caption until the final statement replaces it', () => {
    let s = run([transcript('ai', 'Tell me', false)]);
    expect(s.currentAIText).toBe('Tell me');
    s = run([transcript('assistant', 'Tell me about your work.', true)], s);
    expect(s.currentAIText).toBe('');
    expect(lastAIStatement(s.transcripts)).toBe('Tell me about your work.');
  });

  it('an unexpected drop sets error "Connection lost", but not once ended', () => {
    const live = run([{ type: 'connect' }, { type: 'session_ready' }]);
    expect(run([{ type: 'connection_lost' }], live)).toMatchObject({ status: 'error', error: 'Connection lost' });
    const ended = run([{ type: 'ended' }, { type: 'connection_lost' }], live);
    expect(ended).toMatchObject({ status: 'ended', error: null });
  });

  it('answer_end and playback do not leave the ended state', () => {
    const ended = run([{ type: 'connect' }, { type: 'ended' }]);
    expect(run([{ type: 'answer_end' }, { type: 'playback_started' }], ended).status).toBe('ended');
  });

  it('a failure shows its message and allows a new start', () => {
    const s = run([{ type: 'connect' }, { type: 'failed', message: 'Failed to connect to server' }]);
    expect(s).toMatchObject({ status: 'error', error: 'Failed to connect to server' });
    expect(canStart(s.status)).toBe(true);
  });
});

describe('helpers', () => {
  it('lastAIStatement is null without a final AI line', () => {
    expect(lastAIStatement([])).toBeNull();
    expect(lastAIStatement(run([transcript('user', 'hi', true)]).transcripts)).toBeNull();
  });

  it('the mic pulse needs an active mic, a silent AI and a level above 0.02', () => {
    const s = { ...initialSessionState, isMicActive: true, userAudioLevel: 0.05 };
    expect(showMicPulse(s, 0.02)).toBe(true);
    expect(showMicPulse({ ...s, userAudioLevel: 0.02 }, 0.02)).toBe(false);
    expect(showMicPulse({ ...s, isAIPlaying: true }, 0.02)).toBe(false);
    expect(showMicPulse({ ...s, isMicActive: false }, 0.02)).toBe(false);
  });
});
