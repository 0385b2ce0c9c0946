import { StrictMode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '../../../test/fake-websocket';
import { NOT_CONNECTED_NOTE, NOTES } from '../session/session-state';
import { MESSAGES, useInterviewSession } from './useInterviewSession';

const authState = { user: { id: 'user-1', name: 'Ada Lovelace' } as { id: string; name: string | null } | null };
vi.mock('../../../lib/auth', () => ({ useAuth: () => authState }));

// ---- browser fakes ----

const node = () => ({ connect: vi.fn(), disconnect: vi.fn() });
const contexts: FakeAudioContext[] = [];
class FakeAudioContext {
  constructor() {
    contexts.push(this);
  }
  state = 'running';
  sampleRate = 48000;
  currentTime = 0;
  onstatechange: (() => void) | null = null;
  audioWorklet = { addModule: vi.fn(async () => {}) };
  destination = node();
  createMediaStreamSource = () => node();
  createMediaStreamDestination = () => ({ ...node(), stream: { getAudioTracks: () => [{ kind: 'audio' }] } });
  gains: { gain: { setValueAtTime: ReturnType<typeof vi.fn> } }[] = [];
  createGain = () => {
    const gain = { ...node(), gain: { value: 1, setValueAtTime: vi.fn() } };
    this.gains.push(gain);
    return gain;
  };
  createBuffer = (_c: number, length: number) => ({ length, copyToChannel: vi.fn() });
  createBufferSource = () => ({ ...node(), buffer: null, onended: null, start: vi.fn(), stop: vi.fn() });
  resume = vi.fn(async () => {});
  close = vi.fn(async () => {});
}
class FakeWorkletNode {
  port = { onmessage: null };
  connect = vi.fn();
  disconnect = vi.fn();
}
let recordedChunks: Blob[] = [];
class FakeMediaRecorder {
  static isTypeSupported = (t: string) => t === 'video/webm;codecs=vp8,opus';
  static last: FakeMediaRecorder | null = null;
  state = 'inactive';
  ondataavailable: ((e: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  constructor(
    readonly stream: unknown,
    readonly options: { mimeType?: string; videoBitsPerSecond?: number },
  ) {
    FakeMediaRecorder.last = this;
  }
  start(slice: number) {
    this.state = 'recording';
    expect(slice).toBe(5000);
  }
  stop() {
    this.state = 'inactive';
    for (const data of recordedChunks) this.ondataavailable?.({ data });
    this.onstop?.();
  }
}
class FakeMediaStream {
  constructor(readonly tracks: unknown[] = []) {}
  getTracks = () => [];
  getVideoTracks = () => [];
  getAudioTracks = () => [];
}

const getUserMedia = vi.fn();
const fetchMock = vi.fn();

beforeEach(() => {
  FakeWebSocket.reset();
  recordedChunks = [new Blob([new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 1, 2, 3])])];
  authState.user = { id: 'user-1', name: 'Ada Lovelace' };
  localStorage.setItem('token', 'tok');
  getUserMedia.mockReset().mockResolvedValue(new FakeMediaStream());
  fetchMock.mockReset().mockImplementation(async () => new Response('{}', { status: 200 }));
  vi.stubGlobal('WebSocket', FakeWebSocket);
  vi.stubGlobal('AudioContext', FakeAudioContext);
  vi.stubGlobal('AudioWorkletNode', FakeWorkletNode);
  vi.stubGlobal('MediaRecorder', FakeMediaRecorder);
  vi.stubGlobal('MediaStream', FakeMediaStream);
  vi.stubGlobal('fetch', fetchMock);
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
});
beforeEach(() => {
  vi.spyOn(console, 'info').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

const ws = () => FakeWebSocket.latest();

async function connected(opts: { practice?: boolean } = {}) {
  const hook = renderHook(() => useInterviewSession({ interviewId: 'iv-1', jobId: 'job-1', ...opts }));
  await waitFor(() => expect(FakeWebSocket.all.length).toBe(1));
  expect(hook.result.current.state.status).toBe('connecting');
  await act(async () => ws().open());
  return hook;
}

describe('useInterviewSession', () => {
  it('connects, sends start, and goes ready → listening with the recording on at session_ready', async () => {
    const { result } = await connected();
    // The token travels in the Sec-WebSocket-Protocol header, not in the URL.
    expect(ws().url).toMatch(/\/ws\/session$/);
    expect(ws().protocols).toEqual(['bearer', 'tok']);
    expect(ws().messages()[0]).toMatchObject({
      event: 'start',
      interview_id: 'iv-1',
      job_id: 'job-1',
      candidate_id: 'user-1',
      candidate_name: 'Ada Lovelace',
    });
    expect(ws().messages()[0]!.session_id).toBe(result.current.sessionId);
    expect(getUserMedia).toHaveBeenCalledWith({
      audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true },
      video: { width: { ideal: 1280 }, height: { ideal: 720 }, facingMode: 'user' },
    });
    act(() => ws().receive({ event: 'session_ready', session_id: 's', interview_id: 'iv-1', resumed: false }));
    expect(result.current.state.status).toBe('listening');
    expect(result.current.state.isRecording).toBe(true);
    expect(FakeMediaRecorder.last!.options).toEqual({
      mimeType: 'video/webm;codecs=vp8,opus',
      videoBitsPerSecond: 1_000_000,
      audioBitsPerSecond: 64_000,
    });
  });

  it('keeps the session id across a reload of the same interview (the server resumes it), not for practice', async () => {
    sessionStorage.clear();
    const first = renderHook(() => useInterviewSession({ interviewId: 'iv-9' }));
    const id = first.result.current.sessionId;
    first.unmount();
    const again = renderHook(() => useInterviewSession({ interviewId: 'iv-9' }));
    expect(again.result.current.sessionId).toBe(id);
    const other = renderHook(() => useInterviewSession({ interviewId: 'iv-10' }));
    expect(other.result.current.sessionId).not.toBe(id);
    const practice = renderHook(() => useInterviewSession({ interviewId: 'iv-9', practice: true }));
    expect(practice.result.current.sessionId).not.toBe(id);
    [again, other, practice].forEach((h) => h.unmount());
  });

  it('survives React StrictMode (mount, unmount, mount): one live socket that sends start', async () => {
    const { result } = renderHook(() => useInterviewSession({ interviewId: 'iv-1', jobId: 'job-1' }), {
      wrapper: StrictMode,
    });
    await waitFor(() => expect(FakeWebSocket.all.length).toBeGreaterThan(0));
    await act(async () => FakeWebSocket.all.forEach((w) => w.readyState === 0 && w.open()));
    const live = FakeWebSocket.all.filter((w) => w.readyState === 1);
    expect(live).toHaveLength(1);
    expect(live[0]!.events()).toEqual(['start']);
    act(() => live[0]!.receive({ event: 'session_ready', session_id: 's', interview_id: 'iv-1', resumed: false }));
    expect(result.current.state.status).toBe('listening');
  });

  it("falls back to candidate_name 'Unknown'", async () => {
    authState.user = { id: 'user-1', name: null };
    await connected();
    expect(ws().messages()[0]!.candidate_name).toBe('Unknown');
  });

  it("without a user it does not connect, and a start says 'User not loaded. Please refresh and try again.'", async () => {
    authState.user = null;
    const { result } = renderHook(() => useInterviewSession({ interviewId: 'iv-1' }));
    expect(FakeWebSocket.all).toHaveLength(0);
    await act(async () => result.current.start());
    expect(result.current.state).toMatchObject({ status: 'error', error: MESSAGES.userMissing });
    expect(MESSAGES.userMissing).toBe('User not loaded. Please refresh and try again.');
    expect(getUserMedia).not.toHaveBeenCalled();
  });

  it('shows the audio setup error when camera or mic are refused', async () => {
    getUserMedia.mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { result } = renderHook(() => useInterviewSession({ interviewId: 'iv-1' }));
    await waitFor(() => expect(result.current.state.error).toBe(MESSAGES.audioInit));
    expect(result.current.state.status).toBe('error');
  });

  it("shows 'Failed to connect to server' when the socket never opens", async () => {
    const { result } = renderHook(() => useInterviewSession({ interviewId: 'iv-1' }));
    await waitFor(() => expect(FakeWebSocket.all.length).toBe(1));
    await act(async () => ws().drop());
    expect(result.current.state).toMatchObject({ status: 'error', error: 'Failed to connect to server' });
  });

  it("an unexpected drop shows 'Connection lost'; a reconnect sends start again with the same session", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { result } = await connected();
      act(() => ws().receive({ event: 'session_ready', session_id: 's', interview_id: 'iv-1', resumed: false }));
      act(() => ws().drop());
      expect(result.current.state).toMatchObject({ status: 'error', error: 'Connection lost' });
      await act(async () => vi.advanceTimersByTime(1000));
      expect(FakeWebSocket.all).toHaveLength(2);
      await act(async () => ws().open());
      expect(ws().messages()[0]).toMatchObject({ event: 'start', session_id: result.current.sessionId });
      expect(result.current.state.status).toBe('connecting');
      act(() => ws().receive({ event: 'session_ready', session_id: 's', interview_id: 'iv-1', resumed: true }));
      expect(result.current.state.status).toBe('listening');
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows server error messages and only warns about unknown events', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { result } = await connected();
    act(() => ws().receive({ event: 'mystery', foo: 1 }));
    expect(warn).toHaveBeenCalledWith('Ignoring unknown interview socket event', 'mystery');
    expect(result.current.state.status).toBe('connecting');
    act(() => ws().receive({ event: 'error', message: 'Job not found', recoverable: false }));
    expect(result.current.state).toMatchObject({ status: 'error', error: 'Job not found' });
  });

  it('a recoverable error is a note in plain words only when it concerns the candidate, and goes once the conversation goes on', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { result } = await connected();
    act(() => ws().receive({ event: 'session_ready', session_id: 's', interview_id: 'iv-1', resumed: false }));
    act(() =>
      ws().receive({
        event: 'error',
        message: 'Malformed message: seq: Too small: expected number to be >=0',
        recoverable: true,
      }),
    );
    // A refused message is not the candidate's business: no note, only a log line.
    expect(result.current.state).toMatchObject({ status: 'listening', error: null, note: null });
    act(() =>
      ws().receive({ event: 'error', message: 'Speech recognition is unavailable right now.', recoverable: true }),
    );
    expect(result.current.state.note).toBe(NOTES.notHeard);
    // The next question arrives: the note has served its purpose and goes by itself.
    act(() => ws().receive({ event: 'transcript', speaker: 'ai', text: 'What do you draw?', final: true }));
    expect(result.current.state.transcripts.map((t) => t.text)).toEqual(['What do you draw?']);
    expect(result.current.state.note).toBeNull();
    act(() =>
      ws().receive({ event: 'error', message: 'Speech synthesis is unavailable right now.', recoverable: true }),
    );
    expect(result.current.state.note).toBe(NOTES.notVoiced);
    act(() => result.current.dismissNote());
    expect(result.current.state.note).toBeNull();
    expect(result.current.state.status).toBe('listening');
  });

  it('after a reload the stored turns come back before what arrives live, each once', async () => {
    const turn = (seq: number, speaker: 'ai' | 'user', text: string) => ({
      seq,
      speaker,
      text,
      started_at: '2026-01-01T10:00:00.000Z',
      ended_at: '2026-01-01T10:00:05.000Z',
      offset_seconds: seq * 5,
    });
    let answer: (r: Response) => void = () => {};
    fetchMock.mockImplementation((url: string) =>
      String(url).endsWith('/api/interviews/iv-1/transcript')
        ? new Promise<Response>((resolve) => (answer = resolve))
        : Promise.resolve(new Response('{}', { status: 200 })),
    );
    const { result } = await connected();
    act(() => ws().receive({ event: 'session_ready', session_id: 's', interview_id: 'iv-1', resumed: true }));
    // The recap arrives live before the stored turns do; the server stored it too.
    act(() =>
      ws().receive({ event: 'transcript', speaker: 'ai', text: 'Welcome back. What do you draw?', final: true }),
    );
    await act(async () =>
      answer(
        new Response(
          JSON.stringify({
            interview_id: 'iv-1',
            turns: [
              turn(0, 'ai', 'Hi Ada. What drew you to this role?'),
              turn(1, 'user', 'I love storyboards.'),
              turn(2, 'ai', 'Welcome back. What do you draw?'),
            ],
          }),
          { status: 200 },
        ),
      ),
    );
    await waitFor(() => expect(result.current.state.transcripts).toHaveLength(3));
    expect(result.current.state.transcripts.map((t) => [t.speaker, t.text])).toEqual([
      ['ai', 'Hi Ada. What drew you to this role?'],
      ['user', 'I love storyboards.'],
      ['ai', 'Welcome back. What do you draw?'],
    ]);
  });

  it('keeps where the interview is from the progress frame, and knows when the interviewer closed it', async () => {
    const { result } = await connected();
    act(() => ws().receive({ event: 'session_ready', session_id: 's', interview_id: 'iv-1', resumed: false }));
    act(() => ws().receive({ event: 'progress', question: 3, questions: 6, elapsed_seconds: 90, max_seconds: 1500 }));
    expect(result.current.state.progress).toMatchObject({ question: 3, questions: 6, maxSeconds: 1500 });
    expect(Date.now() - result.current.state.progress!.startedAtMs).toBeGreaterThanOrEqual(90_000);
    expect(result.current.state.closedByInterviewer).toBe(false);
    await act(async () => ws().receive({ event: 'conversation_ended' }));
    expect(result.current.state.closedByInterviewer).toBe(true);
  });

  it("a fatal error's Try again resumes the same session on a new connection, not a second start", async () => {
    const { result } = await connected();
    const first = ws();
    act(() => first.receive({ event: 'session_ready', session_id: 's', interview_id: 'iv-1', resumed: false }));
    act(() => first.receive({ event: 'error', message: 'This session belongs to another user.', recoverable: false }));
    expect(result.current.state.status).toBe('error');
    await act(async () => {
      const retried = result.current.retry();
      await waitFor(() => expect(FakeWebSocket.all).toHaveLength(2));
      ws().open();
      await retried;
    });
    // The first connection was closed; nothing more was sent on it.
    expect(first.readyState).toBe(3);
    expect(first.events()).toEqual(['start']);
    expect(ws().messages()).toEqual([
      expect.objectContaining({ event: 'start', session_id: result.current.sessionId }),
    ]);
    expect(getUserMedia).toHaveBeenCalledTimes(1);
    act(() => ws().receive({ event: 'session_ready', session_id: 's', interview_id: 'iv-1', resumed: true }));
    expect(result.current.state).toMatchObject({ status: 'listening', error: null });
  });

  it('an interview the server put back to not started (no answer) ends as not sent', async () => {
    fetchMock.mockImplementation(async (url: string) =>
      String(url).endsWith('/api/interviews/iv-1')
        ? new Response(JSON.stringify({ id: 'iv-1', status: 'not_started' }), { status: 200 })
        : new Response('{}', { status: 200 }),
    );
    const { result } = await connected();
    act(() => ws().receive({ event: 'session_ready', session_id: 's', interview_id: 'iv-1', resumed: false }));
    await act(async () => result.current.end());
    expect(result.current.state).toMatchObject({ finished: true, submitted: false });
  });

  it('muting sends mute (not user_turn_end: the answer is paused); end my turn and interrupt send their events', async () => {
    const { result } = await connected();
    act(() => ws().receive({ event: 'session_ready', session_id: 's', interview_id: 'iv-1', resumed: false }));
    act(() => result.current.toggleMute());
    expect(result.current.state.muted).toBe(true);
    act(() => result.current.toggleMute());
    act(() => result.current.endTurn());
    act(() => result.current.bargeIn());
    expect(ws().events()).toEqual(['start', 'mute', 'mute', 'user_turn_end', 'barge_in']);
    expect(
      ws()
        .messages()
        .filter((m) => m.event === 'mute'),
    ).toEqual([
      { event: 'mute', muted: true },
      { event: 'mute', muted: false },
    ]);
  });

  it("'WebSocket not connected' when an action is sent on a closed socket", async () => {
    const { result } = await connected();
    act(() => ws().drop());
    act(() => result.current.endTurn());
    expect(result.current.state.note).toBe(NOT_CONNECTED_NOTE);
    expect(result.current.state.status).toBe('error'); // from the drop itself, not from the action
  });

  it('ending runs once: end message, the last recording slice sent, complete, then the modal', async () => {
    const { result } = await connected();
    act(() => ws().receive({ event: 'session_ready', session_id: 's', interview_id: 'iv-1', resumed: false }));
    act(() => ws().receive({ event: 'transcript', speaker: 'ai', text: 'Thanks, Ada!', final: true }));
    const socket = ws();
    await act(async () => {
      await Promise.all([result.current.end(), result.current.end()]);
    });
    expect(socket.events().filter((e) => e === 'end')).toHaveLength(1);
    expect(socket.messages().find((m) => m.event === 'end')).toEqual({ event: 'end', reason: 'user_ended' });
    const calls = fetchMock.mock.calls.map(([url, init]) => ({ url: String(url), init: init as RequestInit }));
    const slices = calls.filter((c) => c.url.includes('/api/interviews/iv-1/recording/chunks/'));
    expect(slices).toHaveLength(1);
    expect(slices[0]!.url).toMatch(/\/recording\/chunks\/0\?segment=[0-9a-f-]{36}&elapsed_ms=\d+$/);
    expect(slices[0]!.init.method).toBe('PUT');
    expect(slices[0]!.init.body).toBe(recordedChunks[0]);
    expect((slices[0]!.init.headers as Record<string, string>).authorization).toBe('Bearer tok');
    // The interview is completed only once the recording is on the server.
    const complete = calls.findIndex((c) => c.url.endsWith('/complete'));
    expect(complete).toBeGreaterThan(calls.indexOf(slices[0]!));
    expect(calls.filter((c) => c.url.endsWith('/api/interviews/iv-1/complete'))).toHaveLength(1);
    expect(result.current.state).toMatchObject({ finished: true, submitted: true });
    expect(result.current.state.status).toBe('ended');
    // The socket was closed on purpose: no 'Connection lost'.
    expect(result.current.state.error).toBeNull();
  });

  it('upload and complete failures are only logged; with no recorded data nothing is uploaded', async () => {
    recordedChunks = [];
    fetchMock.mockImplementation(async () => new Response('{"detail":"boom"}', { status: 500 }));
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { result } = await connected();
    act(() => ws().receive({ event: 'session_ready', session_id: 's', interview_id: 'iv-1', resumed: false }));
    await act(async () => result.current.end());
    const urls = fetchMock.mock.calls.map(([u]) => String(u));
    expect(urls.some((u) => u.includes('/recording/chunks/'))).toBe(false);
    expect(urls.some((u) => u.endsWith('/complete'))).toBe(true);
    expect(error).toHaveBeenCalledWith('Completing the interview failed', expect.anything());
    expect(result.current.state.finished).toBe(true);
  });

  it("the interviewer's conversation_ended finalises the same way", async () => {
    const { result } = await connected();
    act(() => ws().receive({ event: 'session_ready', session_id: 's', interview_id: 'iv-1', resumed: false }));
    await act(async () => ws().receive({ event: 'conversation_ended' }));
    await waitFor(() => expect(result.current.state.finished).toBe(true));
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/recording/chunks/0?'))).toBe(true);
  });

  it('mute silences the mic for the recording and the server, unmute opens it again', async () => {
    const { result } = await connected();
    act(() => ws().receive({ event: 'session_ready', session_id: 's', interview_id: 'iv-1', resumed: false }));
    // The gate between the mic and both its listeners (the capture worklet and the recording mix).
    const gate = contexts[contexts.length - 1]!.gains.find((g) => g.gain.setValueAtTime.mock.calls.length > 0)!;
    expect(gate.gain.setValueAtTime).toHaveBeenLastCalledWith(1, 0);
    act(() => result.current.toggleMute());
    expect(result.current.state.muted).toBe(true);
    expect(gate.gain.setValueAtTime).toHaveBeenLastCalledWith(0, 0);
    act(() => result.current.toggleMute());
    expect(gate.gain.setValueAtTime).toHaveBeenLastCalledWith(1, 0);
  });

  it('practice sends practice: true and never records, uploads or completes', async () => {
    const { result } = await connected({ practice: true });
    expect(ws().messages()[0]).toMatchObject({ event: 'start', practice: true });
    act(() => ws().receive({ event: 'session_ready', session_id: 's', interview_id: 'iv-1', resumed: false }));
    expect(result.current.state.isRecording).toBe(false);
    await act(async () => result.current.end());
    expect(fetchMock).not.toHaveBeenCalled();
    expect(result.current.state.finished).toBe(true);
  });
});

describe('useInterviewSession: the work sample (issue 46)', () => {
  const workItem = (index: number, elapsed = 0, extra: Record<string, unknown> = {}) => ({
    event: 'work_item',
    item_id: `item-${index}`,
    index,
    count: 3,
    seconds: 120,
    elapsed_seconds: elapsed,
    item: {
      task_name: `Poster ${index + 1}`,
      task_description: 'Rate the poster',
      instructions: 'Judge the layout.',
      data_to_annotate: { data_type: 'text', data_content: { text: 'A poster' } },
    },
    ...extra,
  });
  const ready = (resumed = false) =>
    act(() => ws().receive({ event: 'session_ready', session_id: 's', interview_id: 'iv-1', resumed }));

  it('shows the item the server sends, sends one rating for it, and opens the next', async () => {
    const { result } = await connected();
    ready();
    act(() => ws().receive(workItem(0)));
    expect(result.current.state.workSample).toMatchObject({
      item: { itemId: 'item-0', index: 0, count: 3, seconds: 120, elapsedSeconds: 0 },
      submit: 'open',
    });
    act(() => result.current.rateWorkItem(4));
    act(() => result.current.rateWorkItem(5));
    expect(
      ws()
        .messages()
        .filter((m) => m.event === 'work_rating'),
    ).toEqual([{ event: 'work_rating', item_id: 'item-0', rating: 4 }]);
    expect(result.current.state.workSample.submit).toBe('sending');
    act(() => ws().receive(workItem(1)));
    expect(result.current.state.workSample).toMatchObject({ item: { itemId: 'item-1' }, submit: 'open' });
  });

  it('keeps no gold: a field the protocol does not name never reaches the state', async () => {
    const { result } = await connected();
    ready();
    const smuggled = workItem(0, 0, { gold_rating: 5 });
    (smuggled.item as Record<string, unknown>).gold_rating = 5;
    act(() => ws().receive(smuggled));
    expect(result.current.state.workSample.item?.itemId).toBe('item-0');
    expect(JSON.stringify(result.current.state)).not.toMatch(/gold/i);
  });

  it('a refused rating is a note on the item and the conversation goes on', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { result } = await connected();
    ready();
    act(() => ws().receive(workItem(0)));
    act(() => result.current.rateWorkItem(3));
    act(() =>
      ws().receive({ event: 'error', message: 'This item has already been rated.', recoverable: true, status: 409 }),
    );
    expect(result.current.state).toMatchObject({ status: 'listening', error: null, note: null });
    expect(result.current.state.workSample).toMatchObject({
      submit: 'taken',
      note: 'This item has already been rated.',
    });
    // A server failure while the rating is on its way (no status) lets the candidate send it again.
    act(() => ws().receive(workItem(1)));
    act(() => result.current.rateWorkItem(2));
    act(() =>
      ws().receive({ event: 'error', message: 'The work sample hit a problem. Please try again.', recoverable: true }),
    );
    expect(result.current.state.workSample).toMatchObject({ submit: 'open', note: expect.stringMatching(/try again/) });
    act(() => result.current.rateWorkItem(2));
    expect(
      ws()
        .messages()
        .filter((m) => m.event === 'work_rating'),
    ).toHaveLength(3);
  });

  it('a reload in the middle of an item comes back to the same item with its clock running', async () => {
    sessionStorage.clear();
    const first = await connected();
    ready();
    act(() => ws().receive(workItem(1, 5)));
    const sessionId = first.result.current.sessionId;
    first.unmount();

    const again = renderHook(() => useInterviewSession({ interviewId: 'iv-1', jobId: 'job-1' }));
    await waitFor(() => expect(FakeWebSocket.all).toHaveLength(2));
    await act(async () => ws().open());
    expect(again.result.current.state.workSample.item).toBeNull();
    // The page resumes the same session; the server sends the open item again with the time used.
    expect(ws().messages()[0]).toMatchObject({ event: 'start', session_id: sessionId });
    ready(true);
    act(() => ws().receive(workItem(1, 40)));
    expect(again.result.current.state.workSample).toMatchObject({
      item: { itemId: 'item-1', index: 1, elapsedSeconds: 40 },
      submit: 'open',
    });
    act(() => again.result.current.rateWorkItem(4));
    expect(
      ws()
        .messages()
        .filter((m) => m.event === 'work_rating'),
    ).toEqual([{ event: 'work_rating', item_id: 'item-1', rating: 4 }]);
  });

  it('practice: the reference rating and why arrive after the rating; after the last it stays in place', async () => {
    const { result } = await connected({ practice: true });
    ready();
    act(() => ws().receive(workItem(2)));
    act(() => result.current.rateWorkItem(5));
    act(() =>
      ws().receive({
        event: 'work_feedback',
        item_id: 'item-2',
        rating: 5,
        reference_rating: 3,
        explanation: 'The type is hard to read.',
      }),
    );
    expect(result.current.state.workSample).toMatchObject({
      item: null,
      feedback: { itemId: 'item-2', rating: 5, referenceRating: 3, explanation: 'The type is hard to read.' },
    });
  });
});
