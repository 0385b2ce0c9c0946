import { describe, expect, it } from 'vitest';
import {
  canStart,
  createSessionStore,
  recoverableNote,
  NOTES,
  closingQuote,
  mergeRestored,
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

describe('one store for the interview (decision 0148)', () => {
  const live = () => run([{ type: 'connect' }, { type: 'session_ready' }, { type: 'mic_started' }]);

  it('a recoverable note changes nothing else; a fatal failure leaves the conversation and drops the note', () => {
    const s = run([{ type: 'note', message: NOTES.notHeard }], live());
    expect(s).toMatchObject({ status: 'listening', error: null, note: NOTES.notHeard, isMicActive: true });
    const next = run([transcript('ai', 'Next question?', true)], s);
    expect(next.transcripts).toHaveLength(1);
    // The conversation went on: the note goes by itself (an interim line does not count).
    expect(next.note).toBeNull();
    expect(run([transcript('ai', 'Next', false)], s).note).toBe(NOTES.notHeard);
    expect(run([{ type: 'dismiss_note' }], s).note).toBeNull();
    const failed = run([{ type: 'failed', message: 'This interview has ended.' }], s);
    expect(failed).toMatchObject({ status: 'error', error: 'This interview has ended.', note: null });
    // A reconnect (connect from error) clears the error.
    expect(run([{ type: 'connect' }], failed)).toMatchObject({ status: 'connecting', error: null });
  });

  it('no note once the interview has ended', () => {
    const ended = run([{ type: 'ended' }], live());
    expect(run([{ type: 'note', message: 'x' }], ended).note).toBeNull();
  });

  it('keeps mute, recording, the session flag and the outcome of the end', () => {
    let s = live();
    expect(s.hadSession).toBe(true);
    s = run(
      [
        { type: 'muted', muted: true },
        { type: 'recording', on: true },
        { type: 'audio_blocked', blocked: true },
      ],
      s,
    );
    expect(s).toMatchObject({ muted: true, isRecording: true, audioBlocked: true });
    s = run([{ type: 'ended' }, { type: 'finished', submitted: false }], s);
    expect(s).toMatchObject({ status: 'ended', finished: true, submitted: false, isRecording: false });
    expect(run([{ type: 'reset' }], s)).toEqual(initialSessionState);
  });

  it("the store hands out the reducer's state and tells listeners only when it changed", () => {
    const store = createSessionStore();
    const heard: string[] = [];
    const stop = store.subscribe(() => heard.push(store.getState().status));
    store.dispatch({ type: 'connect' });
    store.dispatch({ type: 'connect' }); // no change: not allowed from connecting
    store.dispatch({ type: 'dismiss_note' }); // no change
    store.dispatch({ type: 'session_ready' });
    expect(heard).toEqual(['connecting', 'ready']);
    stop();
    store.dispatch({ type: 'mic_started' });
    expect(heard).toHaveLength(2);
    expect(store.getState().status).toBe('listening');
  });

  it('notes are plain words about the candidate; what does not concern them is no note', () => {
    expect(recoverableNote('Malformed message: seq: Too small: expected number to be >=0')).toBeNull();
    expect(recoverableNote('The session has already started.')).toBeNull();
    expect(recoverableNote('Send a start message first.')).toBeNull();
    expect(recoverableNote('Speech synthesis is unavailable right now.')).toBe(NOTES.notVoiced);
    expect(recoverableNote('Speech recognition is unavailable right now.')).toBe(NOTES.notHeard);
    expect(recoverableNote('The interviewer is unavailable right now.')).toBe(NOTES.interviewerAway);
    expect(recoverableNote('Audio is arriving faster than real time; the extra audio was dropped.')).toBe(
      NOTES.audioDropped,
    );
  });

  it('the end dialog quotes the goodbye of an interviewer that closed, never a question', () => {
    const said = (...texts: string[]) =>
      run(texts.map((t, i) => transcript(i % 2 ? 'user' : 'ai', t, true))).transcripts;
    const goodbye = said('What do you draw?', 'Comics.', "Thank you, Ada. That's all my questions for today. Goodbye!");
    expect(closingQuote({ transcripts: goodbye, closedByInterviewer: true })).toBe(
      "Thank you, Ada. That's all my questions for today. Goodbye!",
    );
    // The candidate ended it: the last thing said was a question, never quoted back.
    const mid = said('What do you draw?', 'Comics.', 'Nice. Which tools do you use?');
    expect(closingQuote({ transcripts: mid, closedByInterviewer: false })).toBeNull();
    expect(closingQuote({ transcripts: mid, closedByInterviewer: true })).toBeNull();
    expect(closingQuote({ transcripts: goodbye, closedByInterviewer: false })).toBeNull();
  });

  it('restored turns come first and a live line they already hold is not shown twice', () => {
    const e = (id: string, speaker: 'ai' | 'user', text: string) => ({ id, speaker, text, timestamp: 0, final: true });
    const merged = mergeRestored(
      [e('t0', 'ai', 'Hi. What do you draw?'), e('t1', 'user', 'Comics.')],
      [e('l0', 'user', 'Comics.'), e('l1', 'ai', 'Which tools?')],
    );
    expect(merged.map((x) => x.id)).toEqual(['t0', 't1', 'l1']);
  });
});
