/**
 * Who gets a careful pass, and in which order (decision 0224). The careful passes wait in the job
 * queue's own table (pg-boss's `job`, queue `careful-transcript`), each job carrying the candidate's
 * account and a hash of the client address that ended the interview:
 * - admission: an interview is queued only while the queue, its account and its address each hold
 *   fewer passes (waiting or running) than their limit; otherwise it is assessed on its live
 *   transcript at once, and the record says why. The count and the queueing run in one transaction
 *   under a database lock (ADMISSION_LOCK), so the bound holds across every instance;
 * - fair order: each pass is given a round (its priority, negated) when it is queued, so pg-boss
 *   (highest priority, then oldest) takes every account's next pass before any account's one after,
 *   oldest first within a round.
 */
import crypto from 'node:crypto';
import type { RawQuery } from '../../db/client';

export const CAREFUL_QUEUE = 'careful-transcript';

/** The advisory lock key that serialises admissions across instances (any constant unique to it). */
export const ADMISSION_LOCK = 72_4501;

/** What a careful-transcript job carries. */
export type CarefulJob = { interviewId: string; accountId?: string; addressKey?: string };

export type CarefulLimits = { maxQueued: number; maxPerAccount: number; maxPerAddress: number };

/** The address is kept only as a hash: admission compares addresses, it never reads one. */
export function addressKey(address: string | undefined): string | undefined {
  if (!address || address === 'unknown') return undefined;
  return crypto.createHash('sha256').update(`careful-pass:${address}`).digest('hex').slice(0, 32);
}

/** Why an interview is assessed on its live transcript: the note its assessment's provenance carries. */
export const LIVE_BECAUSE = {
  queueFull: (max: number) =>
    `Assessed on the live transcript: the careful pass was not run because ${max} interviews were already waiting for it or in it (CAREFUL_PASS_MAX_QUEUED).`,
  account: (max: number) =>
    `Assessed on the live transcript: the careful pass was not run because this candidate already had ${max} interviews waiting for it or in it (CAREFUL_PASS_MAX_PER_ACCOUNT).`,
  address: (max: number) =>
    `Assessed on the live transcript: the careful pass was not run because ${max} interviews ended from the same network address were already waiting for it or in it (CAREFUL_PASS_MAX_PER_ADDRESS).`,
  notStarted: (seconds: number) =>
    `Assessed on the live transcript: the careful pass had not started ${seconds} s after the interview ended (CAREFUL_PASS_START_WITHIN_SECONDS); it may still replace this assessment before a decision.`,
  timeout: (seconds: number) =>
    `Assessed on the live transcript: the careful pass overran its time limit of ${seconds} s (CAREFUL_PASS_TIMEOUT_SECONDS).`,
  failed: 'Assessed on the live transcript: the careful pass failed (the server log says why).',
} as const;

const UNFINISHED = `state IN ('created', 'retry', 'active')`;

export type Admission =
  | { admitted: false; note: string; reason: 'queue_full' | 'account' | 'address' }
  | { admitted: true; priority: number };

/**
 * Whether the pass may be queued, and at which priority; otherwise the note saying why not.
 *
 * The order is by rounds: the round being served is the lowest of the unfinished passes; a pass
 * joins it, or the round after its account's latest unfinished pass when that is later. pg-boss takes
 * the highest priority first (minus the round), then the oldest, so each account has one pass in a
 * round, and an account whose passes all finished starts again in the current one.
 */
export async function admit(query: RawQuery, limits: CarefulLimits, job: CarefulJob): Promise<Admission> {
  const { rows } = await query(
    `SELECT count(*)::int AS total,
            count(*) FILTER (WHERE data->>'accountId' = $2)::int AS account,
            count(*) FILTER (WHERE data->>'addressKey' = $3)::int AS address,
            coalesce(min(-priority), 0)::int AS current_round,
            max(-priority) FILTER (WHERE data->>'accountId' = $2)::int AS account_round
       FROM pgboss.job WHERE name = $1 AND ${UNFINISHED}`,
    [CAREFUL_QUEUE, job.accountId ?? null, job.addressKey ?? null],
  );
  const n = rows[0] as {
    total: number;
    account: number;
    address: number;
    current_round: number;
    account_round: number | null;
  };
  if (n.total >= limits.maxQueued)
    return { admitted: false, reason: 'queue_full', note: LIVE_BECAUSE.queueFull(limits.maxQueued) };
  if (job.accountId && n.account >= limits.maxPerAccount)
    return { admitted: false, reason: 'account', note: LIVE_BECAUSE.account(limits.maxPerAccount) };
  if (job.addressKey && n.address >= limits.maxPerAddress)
    return { admitted: false, reason: 'address', note: LIVE_BECAUSE.address(limits.maxPerAddress) };
  const round = n.account_round === null ? n.current_round : Math.max(n.current_round, n.account_round + 1);
  return { admitted: true, priority: -round };
}
