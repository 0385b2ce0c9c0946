/**
 * An interview in progress belongs to its candidate, not to a tab (decision 0225): the newest tab or
 * device that starts it takes it over, the session it replaces is told so and let go, and while a
 * socket holds it the interview is marked as held, so the sweep (interview/abandoned.ts) only ends
 * interviews nobody holds.
 */
import { INTERVIEW_CONTINUED_ELSEWHERE, SOCKET_CLOSE, type ServerMessage } from '@app/shared';
import type { Clock, Timer } from '../lib/clock';

/** What the older tab shows when a newer one took its interview over. */
export const CONTINUED_ELSEWHERE = INTERVIEW_CONTINUED_ELSEWHERE;

/** How often a live session marks its interview as held (the abandon time is minutes, never less). */
export const HELD_HEARTBEAT_MS = 60_000;

type Replaced = {
  socket?: { send: (msg: ServerMessage) => void; close: (code: number, reason: string) => void };
  detachSocket?: () => void;
};

/**
 * Tells the socket of a replaced session where its interview went, then closes it with `replaced`
 * (4000), after which the web client does not reconnect on its own.
 */
export function tellContinuedElsewhere({ socket, detachSocket }: Replaced): void {
  if (!socket) return detachSocket?.();
  socket.send({ event: 'error', message: CONTINUED_ELSEWHERE, recoverable: false });
  socket.close(SOCKET_CLOSE.replaced, 'Continued in another tab or device');
}

/** Runs `beat` every HELD_HEARTBEAT_MS while `busy()` holds; started again by `ensure`. */
export class Heartbeat {
  private timer?: Timer;

  constructor(
    private readonly clock: () => Clock,
    private readonly busy: () => boolean,
    private readonly beat: () => Promise<void>,
  ) {}

  ensure(): void {
    if (this.timer) return;
    this.timer = this.clock().setTimeout(() => {
      this.timer = undefined;
      if (!this.busy()) return;
      void this.beat();
      this.ensure();
    }, HELD_HEARTBEAT_MS);
  }

  stop(): void {
    this.timer?.cancel();
    this.timer = undefined;
  }
}
