import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  InterviewSocket,
  NOT_CONNECTED,
  reconnectDelay,
  sessionSocketProtocols,
  sessionSocketUrl,
} from './interview-socket';
import { FakeWebSocket } from '../../../test/fake-websocket';

const latest = () => FakeWebSocket.latest();

function makeSocket() {
  const handlers = {
    onMessage: vi.fn(),
    onOpen: vi.fn(),
    onUnexpectedClose: vi.fn(),
    onGiveUp: vi.fn(),
    onReplaced: vi.fn(),
  };
  const socket = new InterviewSocket(
    () => ({ url: 'ws://host/ws/session', protocols: sessionSocketProtocols('t') }),
    handlers,
    (u, p) => new FakeWebSocket(u, p),
  );
  return { socket, handlers };
}

/** A socket whose first connection is open. */
async function openSocket() {
  const made = makeSocket();
  const pending = made.socket.connect();
  latest().open();
  await pending;
  return made;
}

beforeEach(() => {
  FakeWebSocket.reset();
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('InterviewSocket', () => {
  it('builds ws:// or wss:// URLs on the page origin, with the token in the subprotocols, never in the URL', async () => {
    expect(sessionSocketUrl({ protocol: 'http:', host: 'a:3000' })).toBe('ws://a:3000/ws/session');
    expect(sessionSocketUrl({ protocol: 'https:', host: 'a.com' })).toBe('wss://a.com/ws/session');
    expect(sessionSocketProtocols('eyJ.x.y')).toEqual(['bearer', 'eyJ.x.y']);
    const { socket } = makeSocket();
    void socket.connect();
    expect(latest().url).toBe('ws://host/ws/session');
    expect(latest().protocols).toEqual(['bearer', 't']);
  });

  it('refuses to send while not open', async () => {
    const { socket } = makeSocket();
    expect(() => socket.send({ event: 'barge_in' })).toThrow(NOT_CONNECTED);
    const pending = socket.connect();
    latest().open();
    await pending;
    socket.send({ event: 'barge_in' });
    expect(latest().sent).toEqual(['{"event":"barge_in"}']);
  });

  it('rejects a second connect while one is in progress', async () => {
    const { socket } = makeSocket();
    const first = socket.connect();
    await expect(socket.connect()).rejects.toThrow(/already in progress/);
    latest().open();
    await first;
    expect(FakeWebSocket.all).toHaveLength(1);
  });

  it('rejects connect when the socket closes before opening', async () => {
    const { socket } = makeSocket();
    const pending = socket.connect();
    latest().drop();
    await expect(pending).rejects.toThrow('Failed to connect to server');
  });

  it('passes parsed messages on and ignores non-JSON', async () => {
    const { handlers } = await openSocket();
    latest().onmessage?.({ data: '{"event":"session_ready"}' });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    latest().onmessage?.({ data: 'nonsense' });
    expect(handlers.onMessage).toHaveBeenCalledExactlyOnceWith({ event: 'session_ready' });
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('reconnects after a drop with 1 s doubling delays, at most 5 times', async () => {
    const { handlers } = await openSocket();
    latest().drop();
    expect(handlers.onUnexpectedClose).toHaveBeenCalledTimes(1);
    for (const delay of [1000, 2000, 4000, 8000, 16000]) {
      const before = FakeWebSocket.all.length;
      vi.advanceTimersByTime(delay - 1);
      expect(FakeWebSocket.all.length).toBe(before);
      vi.advanceTimersByTime(1);
      expect(FakeWebSocket.all.length).toBe(before + 1);
      latest().drop(); // the attempt fails
    }
    expect(handlers.onGiveUp).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.all).toHaveLength(6);
  });

  it('a successful reconnect resets the attempt counter', async () => {
    const { handlers } = await openSocket();
    latest().drop();
    vi.advanceTimersByTime(1000);
    latest().drop();
    vi.advanceTimersByTime(2000);
    latest().open();
    expect(handlers.onOpen).toHaveBeenLastCalledWith(true);
    latest().drop();
    const before = FakeWebSocket.all.length;
    vi.advanceTimersByTime(1000); // back to the 1 s first delay
    expect(FakeWebSocket.all.length).toBe(before + 1);
  });

  it('close() is intentional: no reconnect, no connection-lost callback', async () => {
    const { socket, handlers } = await openSocket();
    socket.close();
    vi.advanceTimersByTime(60_000);
    expect(handlers.onUnexpectedClose).not.toHaveBeenCalled();
    expect(FakeWebSocket.all).toHaveLength(1);
    expect(() => socket.send({ event: 'end' })).toThrow(NOT_CONNECTED);
  });

  it('reconnect delays are 1, 2, 4, 8, 16 seconds', () => {
    expect([0, 1, 2, 3, 4].map((a) => reconnectDelay(a))).toEqual([1000, 2000, 4000, 8000, 16000]);
  });

  it('does not reconnect when a newer tab or device took the interview over (close code 4000)', async () => {
    const { handlers } = await openSocket();
    latest().drop(4000);
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.all).toHaveLength(1);
    expect(handlers.onReplaced).toHaveBeenCalledTimes(1);
    expect(handlers.onUnexpectedClose).not.toHaveBeenCalled();
  });

  it('reconnects at once when the server restarts (close code 1012), and resumes like after a drop', async () => {
    const { handlers } = await openSocket();
    latest().drop(1012);
    expect(handlers.onUnexpectedClose).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(300);
    expect(FakeWebSocket.all).toHaveLength(2);
    latest().open();
    expect(handlers.onOpen).toHaveBeenLastCalledWith(true);
  });
});
