import crypto from 'node:crypto';
import type { CounterStore } from './counters';

export type LoginThrottleOptions = {
  /** Failures one address may make (over all e-mails) per window before every login from it waits. */
  perAddress: number;
  /** Failures for one e-mail from one address before each further one makes the next wait longer. */
  perAddressEmail: number;
  windowMs: number;
  /** The first wait; it doubles with every further failure, up to the window. */
  baseDelayMs?: number;
};

/**
 * Login throttling that strangers cannot turn into a lockout (decision 0111). Failures are counted
 * per (address, e-mail) and per address only, so the owner signing in from any other address is
 * never held back by somebody else's guesses. Past the free failures, each further failure for the
 * same (address, e-mail) holds that pair for 1 s, 2 s, 4 s, ... (capped at the window): a person
 * mistyping waits a moment, a guesser slows to a crawl. One address failing very often (spraying
 * many e-mails) waits out the window.
 */
export class LoginThrottle {
  private readonly baseDelayMs: number;

  constructor(
    private readonly store: CounterStore,
    private readonly opts: LoginThrottleOptions,
  ) {
    this.baseDelayMs = opts.baseDelayMs ?? 1000;
  }

  /** Before the password is checked: the seconds to wait, or 0 to go ahead. */
  async check(address: string, email: string): Promise<number> {
    const [byAddress, hold] = await Promise.all([
      this.store.peek(addressKey(address)),
      this.store.peek(holdKey(address, email)),
    ]);
    if (byAddress.count >= this.opts.perAddress) return seconds(byAddress.ttlMs);
    if (hold.count > 0) return seconds(hold.ttlMs);
    return 0;
  }

  /** A wrong password (or unknown e-mail) from `address`. */
  async failed(address: string, email: string): Promise<void> {
    const [, pair] = await Promise.all([
      this.store.hit(addressKey(address), this.opts.windowMs),
      this.store.hit(pairKey(address, email), this.opts.windowMs),
    ]);
    const over = pair.count - this.opts.perAddressEmail;
    if (over >= 0) {
      const delay = Math.min(this.baseDelayMs * 2 ** Math.min(over, 30), this.opts.windowMs);
      await this.store.hold(holdKey(address, email), delay);
    }
  }

  /** The right password: this pair starts afresh (the address count stays, against spraying). */
  async succeeded(address: string, email: string): Promise<void> {
    await Promise.all([this.store.clear(pairKey(address, email)), this.store.clear(holdKey(address, email))]);
  }
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
// E-mails are hashed: keys in a shared Redis need not hold anyone's address.
const emailId = (email: string) =>
  crypto.createHash('sha256').update(email.trim().toLowerCase()).digest('base64url').slice(0, 22);
const addressKey = (address: string) => `login:addr:${address}`;
const pairKey = (address: string, email: string) => `login:pair:${address}:${emailId(email)}`;
const holdKey = (address: string, email: string) => `login:hold:${address}:${emailId(email)}`;
