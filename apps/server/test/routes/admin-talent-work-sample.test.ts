/**
 * Issue 46: talent search filters by work-sample accuracy. Each person's figure is the mean distance
 * from gold of the latest finished interview with a rated sample; it shows in the result row, has a
 * facet, and `max_work_sample_distance` leaves out people above it or without a sample. A still-blind
 * interview's sample neither shows nor filters (as its score, decision 0223).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestAppWithAdmin, type TestContext } from '../helpers/build';
import { postJob } from '../helpers/work-fixtures';
import { interviews, users } from '../../src/db/schema';
import { interviewWorkItems } from '../../src/db/schema-work-sample';
import { createInterview } from '../../src/interview/interviews';
import { scoredAssessment, scoresOf } from '../ai-hiring/fixtures';

let t: TestContext;
let admin: string;
let openJob: string;
let otherJob: string;
let blindJob: string;

type Result = { candidate_id: string; name: string; work_sample_distance: number | null; work_sample_items: number };
type Reply = { results: Result[]; facets: Record<string, { value: string; count: number }[]> };

async function search(query: string): Promise<Reply> {
  const res = await t.get(`/api/admin/talent?${query}`, admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Reply;
}
const figures = (reply: Reply) =>
  Object.fromEntries(reply.results.map((r) => [r.name, [r.work_sample_distance, r.work_sample_items]]));

async function candidate(name: string) {
  const person = await t.signUp();
  await t.database.db.update(users).set({ name }).where(eq(users.id, person.user.id));
  return person.user.id;
}

/**
 * An interview whose candidate rated work-sample items ([rating, gold] each; a null rating: the item
 * was never rated), taken live (in progress) and then finished unless `finish` is false.
 */
async function sampled(
  jobId: string,
  candidateId: string,
  ratings: [number | null, number][],
  o: { finish?: boolean; completedAt?: Date } = {},
) {
  const db = t.database.db;
  const iv = await createInterview(db, { jobId, candidateId, status: 'in_progress', startedAt: new Date() });
  const servedAt = new Date();
  await db.insert(interviewWorkItems).values(
    ratings.map(([rating, gold], position) => ({
      interviewId: iv.id,
      itemId: null,
      position,
      taskName: `Item ${position + 1}`,
      goldRating: gold,
      secondsAllowed: 120,
      servedAt,
      rating,
      ratedAt: rating === null ? null : new Date(servedAt.getTime() + 30_000),
    })),
  );
  if (o.finish !== false) await finish(iv.id, o.completedAt);
  return iv.id;
}
const finish = (id: string, completedAt = new Date()) =>
  t.database.db.update(interviews).set({ status: 'completed', completedAt }).where(eq(interviews.id, id));

beforeAll(async () => {
  ({ t, admin } = await buildTestAppWithAdmin());
  openJob = (await postJob(t, admin, { blind_review_share: 0 })).id;
  otherJob = (await postJob(t, admin, { blind_review_share: 0 })).id;
  blindJob = (await postJob(t, admin, { blind_review_share: 1 })).id;
}, 60_000);
afterAll(() => t.close());

describe('talent search by work sample (issue 46)', () => {
  it('shows each person’s figure, filters on it, counts it in a facet, and keeps people without a sample unless filtering', async () => {
    const keen = await candidate('Wsample Keen');
    const rough = await candidate('Wsample Rough');
    await candidate('Wsample Nosample');
    // Keen: 0 + 0 + 1 → 0.33 over 3 items. Rough: 2 + 1 + 2 → 1.67. The unrated item does not count.
    await sampled(openJob, keen, [
      [4, 4],
      [2, 2],
      [5, 4],
      [null, 3],
    ]);
    await sampled(openJob, rough, [
      [1, 3],
      [4, 5],
      [5, 3],
    ]);

    const all = await search('q=Wsample');
    expect(figures(all)).toEqual({
      'Wsample Keen': [0.33, 3],
      'Wsample Rough': [1.67, 3],
      'Wsample Nosample': [null, 0],
    });
    expect(all.facets.max_work_sample_distance).toEqual([
      { value: '0.5', count: 1 },
      { value: '1', count: 1 },
    ]);

    expect(Object.keys(figures(await search('q=Wsample&max_work_sample_distance=1')))).toEqual(['Wsample Keen']);
    expect(Object.keys(figures(await search('q=Wsample&max_work_sample_distance=2'))).sort()).toEqual([
      'Wsample Keen',
      'Wsample Rough',
    ]);
    expect((await search('q=Wsample&max_work_sample_distance=0')).results).toEqual([]);
    // An empty filter is no filter (issue 32).
    expect((await search('q=Wsample&max_work_sample_distance=')).results).toHaveLength(3);
  });

  it('counts a sample once its interview is over, and the latest finished sample wins', async () => {
    const id = await candidate('Wlatest Person');
    const live = await sampled(openJob, id, [[3, 3]], { finish: false });
    expect(figures(await search('q=Wlatest'))).toEqual({ 'Wlatest Person': [null, 0] });

    await finish(live, new Date(Date.now() - 86_400_000));
    expect(figures(await search('q=Wlatest'))).toEqual({ 'Wlatest Person': [0, 1] });

    // A later interview on another job, rated less well: its sample is the figure now.
    const later = await sampled(otherJob, id, [
      [1, 4],
      [5, 2],
    ]);
    expect(figures(await search('q=Wlatest'))).toEqual({ 'Wlatest Person': [3, 2] });
    expect((await search('q=Wlatest&max_work_sample_distance=0.5')).results).toEqual([]);

    // Deleting that interview brings the earlier sample back.
    await t.database.db.delete(interviews).where(eq(interviews.id, later));
    expect(figures(await search('q=Wlatest'))).toEqual({ 'Wlatest Person': [0, 1] });
  });

  it('a still-blind sample neither shows nor filters: the latest open one counts until the reviewer scores', async () => {
    const id = await candidate('Wblind Person');
    await sampled(openJob, id, [[2, 2]], { completedAt: new Date(Date.now() - 86_400_000) });
    const blind = await sampled(blindJob, id, [
      [1, 5],
      [5, 1],
    ]);
    const onlyBlind = await candidate('Wblind Onlyone');
    await sampled(blindJob, onlyBlind, [[1, 5]]);

    expect(figures(await search('q=Wblind'))).toEqual({ 'Wblind Person': [0, 1], 'Wblind Onlyone': [null, 0] });
    expect(Object.keys(figures(await search('q=Wblind&max_work_sample_distance=0.5')))).toEqual(['Wblind Person']);
    expect((await search('q=Wblind&max_work_sample_distance=4')).results.map((r) => r.name)).toEqual(['Wblind Person']);

    // The reviewer's own scores end the blindness: the newer sample (distance 4) is the figure.
    await t.database.db
      .update(interviews)
      .set({ status: 'under_review', assessment: scoredAssessment([4, 4, 4, 4], 'advance'), assessedAt: new Date() })
      .where(eq(interviews.id, blind));
    const posted = await t.post(`/api/admin/interviews/${blind}/human-scores`, admin, {
      scores: scoresOf([4, 4, 4, 4]),
    });
    expect(posted.statusCode, posted.body).toBe(201);
    expect(figures(await search('q=Wblind'))).toEqual({ 'Wblind Person': [4, 2], 'Wblind Onlyone': [null, 0] });
    expect((await search('q=Wblind&max_work_sample_distance=1')).results).toEqual([]);
  });

  it('refuses a distance outside 0-4 with a clear message', async () => {
    for (const value of ['5', '-1', 'close']) {
      const res = await t.get(`/api/admin/talent?max_work_sample_distance=${value}`, admin);
      expect(res.statusCode, value).toBe(422);
      expect(JSON.stringify(res.json().detail)).toContain('max_work_sample_distance');
    }
  });
});
