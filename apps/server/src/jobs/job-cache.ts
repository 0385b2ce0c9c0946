import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { desc } from 'drizzle-orm';
import type { Job, JobStatus } from '@app/shared';
import type { Db } from '../db/client';
import { jobs } from '../db/schema';
import type { CachedReply } from '../http/etag-reply';
import { toJobDto } from './jobs';

/**
 * The public job list and job details, kept in memory as ready-to-send JSON with an ETag. Every
 * caller gets the same reply (nothing in it depends on who asks), so one copy serves everyone.
 *
 * Kept current by invalidation: the job service calls `jobsChanged` after each write; another
 * instance's writes arrive through `invalidateJobsCache` (the instance bus calls it). As a safety net
 * for writes that bypass both (SQL by hand, an instance without the bus), an entry is also reloaded
 * after MAX_AGE_MS. Decision 0097.
 */
const MAX_AGE_MS = 30_000;

type Snapshot = {
  generation: number;
  loadedAt: number;
  jobs: Job[];
  byId: Map<string, Job>;
  replies: Map<string, CachedReply>;
};

let generation = 0;
const snapshots = new WeakMap<Db, Snapshot>();
const loading = new WeakMap<Db, Promise<Snapshot>>();
const changeListeners = new Set<() => void>();

/** Drops every cached job reply in this process. For messages from other instances (no re-broadcast). */
export function invalidateJobsCache(): void {
  generation++;
}

/** After a local write to jobs: drops the cache and tells the listeners (the instance bus publishes). */
export function jobsChanged(): void {
  invalidateJobsCache();
  for (const listener of changeListeners) listener();
}

/** Subscribes to local job writes; returns the unsubscribe function. */
export function onJobsChanged(listener: () => void): () => void {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

/** A reply body with its ETag and its brotli and gzip forms, each compressed once when first cached. */
function toReply(value: unknown): CachedReply {
  const body = JSON.stringify(value);
  const etag = `"${crypto.createHash('sha1').update(body).digest('base64url')}"`;
  const br = zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } });
  return { body, bytes: Buffer.byteLength(body), etag, br, gzip: zlib.gzipSync(body, { level: 9 }) };
}

async function load(db: Db): Promise<Snapshot> {
  const startedAt = generation;
  const rows = await db.select().from(jobs).orderBy(desc(jobs.createdAt));
  const list = rows.map(toJobDto);
  return {
    generation: startedAt,
    loadedAt: Date.now(),
    jobs: list,
    byId: new Map(list.map((j) => [j.id, j])),
    replies: new Map(),
  };
}

/** The cached snapshot while it is current, else undefined. */
function currentSnapshot(db: Db): Snapshot | undefined {
  const current = snapshots.get(db);
  if (current && current.generation === generation && Date.now() - current.loadedAt < MAX_AGE_MS) return current;
  return undefined;
}

async function snapshot(db: Db): Promise<Snapshot> {
  const current = currentSnapshot(db);
  if (current) return current;
  // Concurrent misses share one query.
  let pending = loading.get(db);
  if (!pending) {
    pending = load(db).finally(() => loading.delete(db));
    loading.set(db, pending);
  }
  const fresh = await pending;
  // A write during the load made it stale already: keep serving it to this request (it was current
  // when the query started) but do not store it.
  if (fresh.generation === generation) snapshots.set(db, fresh);
  return fresh;
}

/**
 * The job list reply, newest first, optionally only some statuses: at once while the cache is
 * current, else once loaded. The hit returns no promise, so the busiest route awaits nothing
 * (decision 0252).
 */
export function cachedJobList(db: Db, statuses?: JobStatus[]): CachedReply | Promise<CachedReply> {
  const current = currentSnapshot(db);
  if (current) return listReply(current, statuses);
  return snapshot(db).then((snap) => listReply(snap, statuses));
}

function listReply(snap: Snapshot, statuses?: JobStatus[]): CachedReply {
  const key = statuses?.length ? `status:${[...new Set(statuses)].sort().join(',')}` : 'all';
  let reply = snap.replies.get(key);
  if (!reply) {
    const wanted = statuses?.length ? new Set(statuses) : null;
    reply = toReply(wanted ? snap.jobs.filter((j) => wanted.has(j.status)) : snap.jobs);
    snap.replies.set(key, reply);
  }
  return reply;
}

/** One job's reply, or null when the cached list does not hold it (the caller asks the database). */
export async function cachedJob(db: Db, id: string): Promise<CachedReply | null> {
  const snap = await snapshot(db);
  const key = `job:${id}`;
  let reply = snap.replies.get(key);
  if (!reply) {
    const job = snap.byId.get(id);
    if (!job) return null;
    reply = toReply(job);
    snap.replies.set(key, reply);
  }
  return reply;
}
