/**
 * Issue 26 speed figures on the embedded database (PGlite), printed, not asserted:
 *   - quality report of a job with 10,000 items x 3 raters (target <= 300 ms)
 *   - dataset export of the same job, JSONL and CSV (target >= 10,000 items/s, flat memory)
 *   - distribution of 30,000 tasks (target <= 5 s)
 * `npm run bench:quality` (set DATABASE_URL to run the same on PostgreSQL).
 */
import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Db } from '../apps/server/src/db/client';
import { annotationItems, annotationTasks, interviews, jobs, users } from '../apps/server/src/db/schema';
import { qualityReport } from '../apps/server/src/quality/report';
import { datasetCsv, datasetJsonl } from '../apps/server/src/quality/dataset';
import { distributeTasks } from '../apps/server/src/quality/distribute';
import { loadJobRatings } from '../apps/server/src/quality/ratings';

const ITEMS = 10_000;
const PER_ITEM = 3;
const RATERS = 30;
const CHUNK = 1000;

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
const memory = () => {
  const m = process.memoryUsage();
  return `rss ${mb(m.rss)}, heap ${mb(m.heapUsed)}`;
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

async function seed(db: Db, title: string, rated: boolean) {
  const [job] = await db.insert(jobs).values({ title, description: 'bench', positionType: 'Freelance' }).returning();
  const raterRows = await db
    .insert(users)
    .values(
      Array.from({ length: RATERS }, (_, i) => ({
        email: `${title.replace(/\W/g, '')}-${i}-${Date.now()}@bench.test`,
        passwordHash: 'x',
        name: `Rater ${i}`,
      })),
    )
    .returning({ id: users.id });
  await db.insert(interviews).values(
    raterRows.map((u) => ({
      jobId: job!.id,
      candidateId: u.id,
      status: 'completed' as const,
      acceptanceStatus: 'accepted' as const,
    })),
  );
  const raterIds = raterRows.map((r) => r.id);
  for (let start = 0; start < ITEMS; start += CHUNK) {
    const n = Math.min(CHUNK, ITEMS - start);
    const items = await db
      .insert(annotationItems)
      .values(
        Array.from({ length: n }, (_, i) => ({
          jobId: job!.id,
          goldRating: (start + i) % 10 === 0 ? 1 + ((start + i) % 5) : null,
        })),
      )
      .returning({ id: annotationItems.id, gold: annotationItems.goldRating });
    const now = new Date();
    await db.insert(annotationTasks).values(
      items.flatMap((item, i) =>
        Array.from({ length: PER_ITEM }, (_, copy) => {
          const truth = item.gold ?? 1 + ((start + i) % 5);
          const rater = raterIds[(start + i + copy * 7) % RATERS]!;
          return {
            jobId: job!.id,
            itemId: item.id,
            taskName: `Item ${start + i}`,
            dataToAnnotate: {
              title: `Poster ${start + i}`,
              data_type: 'image',
              data_url: `https://cdn.example.test/${start + i}.jpg`,
            },
            ...(rated
              ? {
                  assigneeId: rater,
                  status: 'completed' as const,
                  qualityRating: Math.min(5, Math.max(1, truth + ((start + i + copy) % 3) - 1)),
                  feedbackNotes: `Notes on item ${start + i} by rater ${copy}: balanced layout, readable type.`,
                  startedAt: now,
                  submittedAt: now,
                }
              : { status: 'pending' as const }),
          };
        }),
      ),
    );
  }
  return job!.id;
}

async function timed<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const t0 = performance.now();
  const out = await fn();
  return [performance.now() - t0, out];
}

async function exportRun(db: Db, jobId: string, kind: 'jsonl' | 'csv') {
  global.gc?.();
  const before = memory();
  let peak = process.memoryUsage().rss;
  let bytes = 0;
  let lines = 0;
  const t0 = performance.now();
  for await (const chunk of kind === 'csv' ? datasetCsv(db, jobId) : datasetJsonl(db, jobId)) {
    bytes += Buffer.byteLength(chunk);
    for (let i = chunk.indexOf('\n'); i !== -1; i = chunk.indexOf('\n', i + 1)) lines++;
    peak = Math.max(peak, process.memoryUsage().rss);
  }
  const ms = performance.now() - t0;
  console.log(
    `dataset ${kind.padEnd(5)} ${ITEMS} items (${lines} lines) in ${ms.toFixed(0)} ms = ${Math.round((ITEMS / ms) * 1000)} items/s, ${mb(bytes)} out; before: ${before}; after: ${memory()}; peak rss ${mb(peak)}`,
  );
}

async function main() {
  // BENCH_DATA_DIR keeps the seeded database between runs (seeding takes far longer than measuring).
  const keep = process.env.BENCH_DATA_DIR;
  const dataDir = keep ?? fs.mkdtempSync(path.join(os.tmpdir(), 'bench-quality-'));
  const seeded = keep !== undefined && fs.existsSync(path.join(dataDir, 'seeded'));
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir });
  const { db } = database;
  console.log(
    `database: ${database.kind}; ${os.cpus().length} cores, load ${os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}`,
  );
  try {
    const [seedMs, rated] = seeded
      ? [0, (await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.title, 'Rated job')))[0]!.id]
      : await timed(() => seed(db, 'Rated job', true));
    if (keep) fs.writeFileSync(path.join(dataDir, 'seeded'), '');
    let ms = seedMs;
    console.log(`seeded ${ITEMS} items x ${PER_ITEM} ratings by ${RATERS} raters in ${(seedMs / 1000).toFixed(1)} s`);

    const runs: number[] = [];
    let alpha: number | null = null;
    for (let i = 0; i < 7; i++) {
      const [t, report] = await timed(() => qualityReport(db, rated));
      runs.push(t);
      alpha = report.krippendorff_alpha;
    }
    console.log(
      `quality report: median ${median(runs).toFixed(0)} ms (runs ${runs.map((r) => r.toFixed(0)).join(', ')} ms; first is cold), alpha ${alpha} - target <= 300 ms`,
    );

    const reads: number[] = [];
    for (let i = 0; i < 5; i++) reads.push((await timed(() => loadJobRatings(db, rated)))[0]);
    console.log(`  of which reading the 30,000 ratings: median ${median(reads).toFixed(0)} ms`);

    await exportRun(db, rated, 'jsonl');
    await exportRun(db, rated, 'csv');
    await exportRun(db, rated, 'jsonl');

    // A rating changes the talent search record (gold error, agreement) of its item's raters, in the
    // same transaction (trigger talent_records): what that adds to one rating's write, for raters
    // with 1,000 rated items each.
    const someTasks = await db
      .select({ id: annotationTasks.id, rating: annotationTasks.qualityRating })
      .from(annotationTasks)
      .where(eq(annotationTasks.jobId, rated))
      .limit(40);
    const writes: number[] = [];
    for (const task of someTasks) {
      const next = task.rating === 5 ? 4 : (task.rating ?? 2) + 1;
      writes.push(
        (
          await timed(() =>
            db.update(annotationTasks).set({ qualityRating: next }).where(eq(annotationTasks.id, task.id)),
          )
        )[0],
      );
      await db.update(annotationTasks).set({ qualityRating: task.rating }).where(eq(annotationTasks.id, task.id));
    }
    console.log(
      `one rating's write with the search records of its item's 3 raters refreshed: median ${median(writes).toFixed(1)} ms, max ${Math.max(...writes).toFixed(1)} ms`,
    );

    const open = await seed(db, `Open job ${Date.now()}`, false);
    [ms] = await timed(() => distributeTasks(db, open));
    const [, again] = await timed(() => distributeTasks(db, open));
    console.log(
      `distribute ${ITEMS * PER_ITEM} tasks to ${RATERS} raters: ${ms.toFixed(0)} ms - target <= 5000 ms (second call assigned ${again})`,
    );
  } finally {
    await database.close();
    if (!keep) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
