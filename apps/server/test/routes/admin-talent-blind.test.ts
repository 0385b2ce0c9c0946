/**
 * Issue 43, item 11: talent search must not give away the AI score blind review hides. While an
 * interview is blind and its reviewer has not scored it, its score is neither shown
 * (best_assessment_score) nor filtered on (min_score): the person reads as one with no score.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { buildTestAppWithAdmin, type TestContext } from '../helpers/build';
import { postJob } from '../helpers/work-fixtures';
import { users } from '../../src/db/schema';
import { rows } from '../../src/db/raw-sql';
import { inBlindSample } from '../../src/compliance/blind-review';
import { blindHiddenSql } from '../../src/compliance/blind-review-sql';
import { assessedInterview, scoredAssessment, scoresOf } from '../ai-hiring/fixtures';

let t: TestContext;
let admin: string;

beforeAll(async () => {
  ({ t, admin } = await buildTestAppWithAdmin());
});
afterAll(() => t.close());

type Result = { candidate_id: string; best_assessment_score: number | null };

async function search(query: string) {
  const res = await t.get(`/api/admin/talent?${query}`, admin);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { results: Result[] }).results;
}

/** A candidate findable by a unique name. */
async function candidate(name: string) {
  const person = await t.signUp();
  await t.database.db.update(users).set({ name }).where(eq(users.id, person.user.id));
  return person.user.id;
}

describe('talent search and blind review', () => {
  it('a still-blind interview shows no score and min_score cannot tell its band; once scored by the reviewer it counts', async () => {
    const blindJob = await postJob(t, admin, { blind_review_share: 1 });
    const id = await candidate('Zephyrine Blindley');
    const iv = await assessedInterview(t, {
      jobId: blindJob.id,
      candidateId: id,
      assessment: scoredAssessment([5, 5, 4, 4], 'advance'),
    });
    const name = 'q=Zephyrine';

    expect(await search(name)).toEqual([expect.objectContaining({ candidate_id: id, best_assessment_score: null })]);
    // Any score threshold answers as for a person with no score at all: the band stays hidden.
    for (const min of [1, 4, 4.5, 5]) expect(await search(`${name}&min_score=${min}`), `min ${min}`).toEqual([]);

    // The reviewer's own scores end the blindness: the score is shown and filtered on.
    const posted = await t.post(`/api/admin/interviews/${iv.id}/human-scores`, admin, {
      scores: scoresOf([4, 4, 4, 4]),
    });
    expect(posted.statusCode, posted.body).toBe(201);
    expect(await search(name)).toEqual([expect.objectContaining({ candidate_id: id, best_assessment_score: 4.5 })]);
    expect((await search(`${name}&min_score=4.5`)).map((r) => r.candidate_id)).toEqual([id]);
    expect(await search(`${name}&min_score=4.6`)).toEqual([]);
  });

  it('a person with a blind and an open interview is shown and filtered on the open one alone', async () => {
    const blindJob = await postJob(t, admin, { blind_review_share: 1 });
    const openJob = await postJob(t, admin, { blind_review_share: 0 });
    const id = await candidate('Quillon Twofold');
    await assessedInterview(t, {
      jobId: blindJob.id,
      candidateId: id,
      assessment: scoredAssessment([5, 5, 5, 5], 'advance'),
    });
    await assessedInterview(t, {
      jobId: openJob.id,
      candidateId: id,
      assessment: scoredAssessment([3, 3, 3, 3], 'consider'),
    });
    const name = 'q=Quillon';

    expect(await search(name)).toEqual([expect.objectContaining({ candidate_id: id, best_assessment_score: 3 })]);
    expect((await search(`${name}&min_score=3`)).map((r) => r.candidate_id)).toEqual([id]);
    expect(await search(`${name}&min_score=4`)).toEqual([]);
  });

  it("the database's blind sample is the service's: the same interviews at any share", async () => {
    const ids = Array.from({ length: 300 }, () => crypto.randomUUID());
    for (const share of [0, 0.1, 0.3, 0.5, 0.999, 1]) {
      const found = rows<{ id: string; blind: boolean }>(
        await t.database.db.execute(sql`
          SELECT v.id, ${blindHiddenSql(sql`v.id`, sql`${share}::real`, sql`false`)} AS blind
            FROM unnest(${`{${ids.join(',')}}`}::uuid[]) AS v(id)`),
      );
      const bySql = new Map(found.map((r) => [r.id, r.blind]));
      expect(
        ids.filter((i) => bySql.get(i) !== inBlindSample(i, share)),
        `share ${share}`,
      ).toEqual([]);
    }
  });
});
