/**
 * Integrity frames on the interview socket (issue 35, item 8; decision 0197): stamped with the
 * server's clock, rate-limited per socket, stored as evidence. Nothing here touches the session.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { IntegrityMessage } from '@app/shared';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { recordIntegrityEvent } from '../integrity';

/** At most this many integrity frames a minute per socket; a real page sends a handful. */
export const INTEGRITY_FRAMES_PER_MINUTE = 20;
export const INTEGRITY_RATE_MESSAGE = 'Too many integrity reports; the extra ones were not recorded.';

export class IntegrityReports {
  private times: number[] = [];
  private refusing = false;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly candidateId: string,
    private readonly refuse: (message: string) => void,
    private readonly log: FastifyBaseLogger,
  ) {}

  report(session: { interviewId: string; practice: boolean }, msg: IntegrityMessage) {
    // Evidence belongs to the recorded interview: a practice run stores none, whatever interview its
    // start named (issue 43 item 12). Dropped quietly, as the web never sends it there.
    if (session.practice) return;
    const now = this.clock.now();
    this.times = this.times.filter((t) => now - t < 60_000);
    if (this.times.length >= INTEGRITY_FRAMES_PER_MINUTE) {
      // One error per burst, not one per frame.
      if (!this.refusing) this.refuse(INTEGRITY_RATE_MESSAGE);
      this.refusing = true;
      return;
    }
    this.refusing = false;
    this.times.push(now);
    void recordIntegrityEvent(this.db, {
      interviewId: session.interviewId,
      candidateId: this.candidateId,
      kind: msg.kind,
      durationMs: msg.duration_ms,
      at: new Date(),
    }).catch((err: unknown) => this.log.warn({ err }, 'could not store an integrity event'));
  }
}
