/**
 * A WebSocket stand-in the tests drive by hand: open, drop or feed it, and read what was sent.
 * Every instance is kept in `FakeWebSocket.all`; `reset()` before each test.
 */
export class FakeWebSocket {
  static all: FakeWebSocket[] = [];
  static reset() {
    FakeWebSocket.all = [];
  }
  /** The socket made last. */
  static latest() {
    return FakeWebSocket.all[FakeWebSocket.all.length - 1]!;
  }

  readyState = 0;
  /** The frames sent, as text. */
  sent: string[] = [];
  onopen: ((ev: unknown) => void) | null = null;
  onclose: ((ev: { code: number; reason: string }) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  constructor(
    readonly url: string,
    readonly protocols: string[] = [],
  ) {
    FakeWebSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.readyState = 3;
    this.onclose?.({ code: 1000, reason: '' });
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code, reason: '' });
  }
  receive(message: object) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  /** The frames sent, parsed. */
  messages() {
    return this.sent.map((frame) => JSON.parse(frame) as Record<string, unknown>);
  }
  events() {
    return this.messages().map((m) => m.event);
  }
}
