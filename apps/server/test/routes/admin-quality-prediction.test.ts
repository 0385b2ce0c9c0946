/**
 * Issue 46, "does it predict?": the quality report pairs each accepted rater's work-sample distance
 * from gold with the distance from gold of their first 20 paid gold items, and reports Pearson's r
 * and how many raters it stands on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestAppWithAdmin, type TestContext } from '../helpers/build';
import { acceptedCandidate, postJob } from '../helpers/work-fixtures';
import { annotationItems, annotationTasks } from '../../src/db/schema';
import { interviewWorkItems } from '../../src/db/schema-work-sample';

let t: TestContext;
let admin: string;

beforeAll(async () => {
  ({ t, admin } = await buildTestAppWithAdmin());
}, 60_000);
afterAll(() => t.close());

type Prediction = { r: number | null; n: number };
async function prediction(jobId: string): Promise<Prediction> {
  const res = await t.get(`/api/admin/jobs/${jobId}/quality`, admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().work_sample_prediction;
}

/** The rated work sample of the rater's interview: [rating, gold] per item. */
async function sample(interviewId: string, ratings: [number, number][]) {
  const at = new Date();
  await t.database.db.insert(interviewWorkItems).values(
    ratings.map(([rating, gold], position) => ({
      interviewId,
      position,
      taskName: `Sample ${position + 1}`,
      goldRating: gold,
      secondsAllowed: 120,
      servedAt: at,
      rating,
      ratedAt: at,
    })),
  );
}

/**
 * Paid gold items of the job rated by the rater, one per distance from gold, submitted in this
 * order a minute apart from `from` (gold 3: the rating is 3 + distance, at most 5, or 3 - distance).
 */
async function paidWork(jobId: string, raterId: string, distances: number[], from = Date.UTC(2026, 0, 1)) {
  const db = t.database.db;
  const items = await db
    .insert(annotationItems)
    .values(distances.map(() => ({ jobId, goldRating: 3 })))
    .returning({ id: annotationItems.id });
  await db.insert(annotationTasks).values(
    distances.map((d, i) => ({
      jobId,
      itemId: items[i]!.id,
      assigneeId: raterId,
      status: 'completed' as const,
      taskName: `Paid ${i + 1}`,
      dataToAnnotate: {},
      qualityRating: d <= 2 ? 3 + d : 3 - d,
      submittedAt: new Date(from + i * 60_000),
    })),
  );
}

async function rater(jobId: string, sampleRatings: [number, number][] | null, distances: number[]) {
  const { candidate, interview } = await acceptedCandidate(t, admin, jobId);
  if (sampleRatings) await sample(interview.id, sampleRatings);
  await paidWork(jobId, candidate.user.id, distances);
  return candidate.user.id;
}
const times = (n: number, d: number) => Array.from({ length: n }, () => d);

describe('quality report: does the work sample predict the paid work? (issue 46)', () => {
  it('correlates accepted raters’ work samples with their first 20 paid gold items', async () => {
    const job = (await postJob(t, admin)).id;
    // Sample 0, paid 0.2 over its first 20 gold items (4 off by one); five later items far off do not count.
    const first = await rater(
      job,
      [
        [3, 3],
        [4, 4],
        [2, 2],
      ],
      [...times(4, 1), ...times(16, 0)],
    );
    await paidWork(job, first, times(5, 4), Date.UTC(2026, 5, 1));
    // Sample 0.33, paid 0.4.
    await rater(
      job,
      [
        [3, 4],
        [4, 4],
        [2, 2],
      ],
      [1, 1, 0, 0, 0],
    );
    // Sample 1, paid 1.
    await rater(
      job,
      [
        [3, 4],
        [5, 4],
        [2, 3],
      ],
      times(5, 1),
    );
    // Sample 2, paid 1.4.
    await rater(
      job,
      [
        [1, 3],
        [5, 3],
        [2, 4],
      ],
      [2, 2, 1, 1, 1],
    );
    // Left out: too few paid gold items yet, and no work sample at all.
    await rater(
      job,
      [
        [1, 5],
        [1, 5],
        [1, 5],
      ],
      [0, 0, 0],
    );
    await rater(job, null, times(6, 3));

    // Pearson r of (0, 0.2), (0.33, 0.4), (1, 1), (2, 1.4).
    expect(await prediction(job)).toEqual({ r: 0.98, n: 4 });
  });

  it('gives no r with fewer than three raters, or when the samples do not vary', async () => {
    const small = (await postJob(t, admin)).id;
    expect(await prediction(small)).toEqual({ r: null, n: 0 });
    await rater(small, [[3, 3]], times(5, 0));
    await rater(small, [[5, 3]], times(5, 2));
    expect(await prediction(small)).toEqual({ r: null, n: 2 });

    const flat = (await postJob(t, admin)).id;
    for (const d of [0, 1, 2]) await rater(flat, [[4, 3]], times(5, d));
    expect(await prediction(flat)).toEqual({ r: null, n: 3 });
  });
});
