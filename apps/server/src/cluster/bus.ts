import crypto from 'node:crypto';
import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { isReady } from './redis';

/**
 * The channels instances tell each other about (docs/deploy/README.md lists them). A payload is a
 * small JSON object; `{ all: true }` means "you may have missed messages: drop everything you cache"
 * (sent to this instance's own handlers when the bus reconnects after a Redis outage).
 */
export const CHANNELS = {
  /** The public job list changed (a job was created, edited, opened or archived): drop cached pages. */
  jobListChanged: 'jobs.list-changed',
  /** A session or all of a user's sessions ended: `{ sid }` or `{ userId }`; drop cached verdicts. */
  sessionRevoked: 'auth.session-revoked',
  /**
   * A newer session took over a live interview: `{ interviewId, sessionId }`; any other session of
   * that interview is told and let go (decision 0225).
   */
  interviewTakenOver: 'interview.taken-over',
} as const;
export type Channel = (typeof CHANNELS)[keyof typeof CHANNELS];
export type BusMessage = { all?: true; [field: string]: unknown };
export type BusHandler = (message: BusMessage) => void | Promise<void>;

/**
 * Messages between the instances of one deployment: Redis pub/sub when REDIS_URL is set, in-process
 * otherwise. `publish` runs this instance's handlers at once (so a lone instance, or one that cannot
 * reach Redis, stays correct) and tells the others; messages an instance sent itself are not run twice.
 */
export class InstanceBus {
  readonly instanceId = crypto.randomUUID();
  private readonly handlers = new Map<string, Set<BusHandler>>();
  private lostConnection = false;

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly prefix = 'tm:',
    private readonly pub: Redis | null = null,
    private readonly sub: Redis | null = null,
  ) {
    if (!sub) return;
    sub.on('message', (channel: string, raw: string) => this.receive(channel, raw));
    // (Re)subscribe on every connect: the first connect may come long after the handlers were added.
    sub.on('ready', () => {
      const channels = [...this.handlers.keys()].map((c) => this.prefix + c);
      if (channels.length) sub.subscribe(...channels).catch(() => {});
      if (this.lostConnection) {
        this.lostConnection = false;
        // Whatever was published meanwhile never arrived: every cache starts afresh.
        for (const channel of this.handlers.keys()) this.runLocal(channel, { all: true });
      }
    });
    sub.on('close', () => (this.lostConnection = true));
  }

  /** Handles `channel` on this instance; returns the unsubscribe function. */
  subscribe(channel: Channel, handler: BusHandler): () => void {
    let set = this.handlers.get(channel);
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
      if (this.sub && isReady(this.sub)) this.sub.subscribe(this.prefix + channel).catch(() => {});
    }
    set.add(handler);
    return () => set.delete(handler);
  }

  /** Runs the handlers here now, and on every other instance through Redis. */
  async publish(channel: Channel, message: BusMessage = {}): Promise<void> {
    await this.runLocal(channel, message);
    if (!this.pub) return;
    try {
      if (!isReady(this.pub)) throw new Error(`Redis is ${this.pub.status}`);
      await this.pub.publish(this.prefix + channel, JSON.stringify({ from: this.instanceId, message }));
    } catch (err) {
      this.log.warn({ channel, err: (err as Error).message }, 'instance bus: message not delivered to other instances');
    }
  }

  private receive(prefixed: string, raw: string) {
    if (!prefixed.startsWith(this.prefix)) return;
    let parsed: { from?: string; message?: BusMessage };
    try {
      parsed = JSON.parse(raw) as typeof parsed;
    } catch {
      return;
    }
    if (parsed.from === this.instanceId || typeof parsed.message !== 'object' || !parsed.message) return;
    void this.runLocal(prefixed.slice(this.prefix.length), parsed.message);
  }

  private async runLocal(channel: string, message: BusMessage) {
    for (const handler of this.handlers.get(channel) ?? []) {
      try {
        await handler(message);
      } catch (err) {
        this.log.error({ err, channel }, 'instance bus handler failed');
      }
    }
  }
}
