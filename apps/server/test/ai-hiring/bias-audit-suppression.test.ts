/**
 * Issue 43 items 10 and 17: the bias audit never reveals a person (decision 0222). Groups under
 * BIAS_AUDIT_MIN_CELL carry no count, rate or ratio; a group a total would give away is hidden too; a view
 * under BIAS_AUDIT_MIN_SAMPLE people, or one that differs from a broader view by fewer, shows no groups;
 * such a scope cannot be published (409); a summary published before the rule is shown under it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { InterviewStatus } from '@app/shared';
import { buildTestAppWithAdmin, type TestContext } from '../helpers/build';
import { insertJob } from '../helpers/work-fixtures';
import { interviews } from '../../src/db/schema';
import { biasAuditPublications } from '../../src/db/schema-ai-hiring';
import { createInterview } from '../../src/interview/interviews';
import { storedAssessment } from './fixtures';

let t: TestContext;
let admin: string;
beforeAll(async () => ({ t, admin } = await buildTestAppWithAdmin()));
afterAll(() => t.close());

const DAY = new Date('2026-10-15T12:00:00Z');

async function assessed(
  jobId: string,
  overall: number,
  status: InterviewStatus,
  selfId?: { sex: string; race_ethnicity: string },
  assessedAt = DAY,
) {
  const c = await t.signUp();
  if (selfId) expect((await t.put('/api/self-identification', c.token, selfId)).statusCode).toBe(200);
  const interview = await createInterview(t.app.db, { jobId, candidateId: c.user.id, status, completedAt: assessedAt });
  await t.app.db
    .update(interviews)
    .set({ assessment: storedAssessment(overall), assessedAt })
    .where(eq(interviews.id, interview.id));
}

async function many(jobId: string, count: number, selfId: { sex: string; race_ethnicity: string }, score = 3) {
  for (let i = 0; i < count; i++) await assessed(jobId, score + (i % 3) * 0.5, i % 2 ? 'approved' : 'rejected', selfId);
}

type Row = { group: string; n: number | null; suppressed: string | null; impact_ratio: number | null } & Record<
  string,
  unknown
>;
const by = (rows: Row[], group: string) => rows.find((r) => r.group === group)!;

describe('the bias audit never singles out a person', () => {
  let job: { id: string };
  let small: { id: string };
  beforeAll(async () => {
    job = await insertJob(t.app.db, { status: 'active' });
    await many(job.id, 8, { sex: 'male', race_ethnicity: 'white' });
    await many(job.id, 6, { sex: 'male', race_ethnicity: 'black_or_african_american' });
    await many(job.id, 5, { sex: 'female', race_ethnicity: 'white' });
    await many(job.id, 5, { sex: 'female', race_ethnicity: 'black_or_african_american' });
    await assessed(job.id, 2, 'rejected'); // never self-identified
    // The one Asian woman, approved, assessed a day later than everyone else.
    await assessed(
      job.id,
      4.5,
      'approved',
      { sex: 'female', race_ethnicity: 'asian' },
      new Date('2026-10-16T12:00:00Z'),
    );
    // Another job: two people, neither self-identified (issue 43 item 17).
    small = await insertJob(t.app.db, { status: 'active' });
    await assessed(small.id, 3, 'approved');
    await assessed(small.id, 4, 'rejected');
  });

  it('a group under the minimum has no count, rate or ratio; a group the total would give away is hidden too', async () => {
    const res = await t.get(`/api/admin/bias-audit`, admin);
    expect(res.statusCode).toBe(200);
    const audit = res.json();
    expect(audit.sample_size).toBe(28);
    expect(audit.suppression).toEqual({ min_cell: 5, min_sample: 20, withheld: null });
    for (const table of [audit.scoring, audit.selection]) {
      const asian = by(table.race_ethnicity, 'asian');
      expect(asian).toMatchObject({ n: null, suppressed: 'small', impact_ratio: null, p_value: null, excluded: false });
      expect(Object.values(asian)).not.toContain(1);
      // White 13 and Black 11 are shown, the table's total (27 known) minus them would give Asian's 1:
      // the smaller of them is hidden with it.
      expect(by(table.race_ethnicity, 'black_or_african_american')).toMatchObject({
        n: null,
        suppressed: 'complementary',
      });
      expect(by(table.race_ethnicity, 'white')).toMatchObject({ n: 13, suppressed: null, impact_ratio: 1 });
      expect(by(table.intersectional, 'female|asian')).toMatchObject({ n: null, suppressed: 'small' });
      expect(by(table.intersectional, 'female|white')).toMatchObject({ n: 5, suppressed: null });
      // Empty groups read the same as small ones: which of them holds someone is not told.
      expect(by(table.race_ethnicity, 'two_or_more')).toMatchObject({ n: null, suppressed: 'small' });
    }
    expect(by(audit.scoring.sex, 'female')).toMatchObject({ n: 11, suppressed: null });
    expect(JSON.stringify(audit.notes)).not.toMatch(/asian/i);
  });

  it('a window or a job narrowed to a few people, or to all but a few, shows no groups', async () => {
    const oneDay = (await t.get(`/api/admin/bias-audit?job_id=${job.id}&from=2026-10-16`, admin)).json();
    expect(oneDay.sample_size).toBe(1);
    expect(oneDay.suppression.withheld).toMatch(/fewer than 20/);
    const allRows = [oneDay.scoring, oneDay.selection].flatMap((tb) => Object.values(tb).flat()) as Row[];
    expect(allRows.every((r) => r.n === null && r.suppressed === 'withheld')).toBe(true);

    // All but her: compared with the job's whole audit it would tell her groups.
    const allButOne = (await t.get(`/api/admin/bias-audit?job_id=${job.id}&to=2026-10-15`, admin)).json();
    expect(allButOne.sample_size).toBe(25);
    expect(allButOne.suppression.withheld).toMatch(/differ/);
    expect(by(allButOne.scoring.sex, 'male')).toMatchObject({ n: null, suppressed: 'withheld' });

    // The job is all jobs but the other job's two people.
    const oneJob = (await t.get(`/api/admin/bias-audit?job_id=${job.id}`, admin)).json();
    expect(oneJob.suppression.withheld).toMatch(/differ/);
    expect((await t.get(`/api/admin/bias-audit?job_id=${small.id}`, admin)).json().suppression.withheld).toMatch(
      /fewer than 20/,
    );
  });

  it('a scope under the floor cannot be published (409 with a reason); one above it publishes without the small groups', async () => {
    const refused = await t.post('/api/admin/bias-audit/publish', admin, {
      job_id: small.id,
      auditor: 'Example Audit LLP',
      audit_date: '2026-11-01',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toMatch(/at least 20 AI-scored people.*2/);
    const allButFew = await t.post('/api/admin/bias-audit/publish', admin, {
      job_id: job.id,
      auditor: 'Example Audit LLP',
      audit_date: '2026-11-01',
    });
    expect(allButFew.statusCode).toBe(409);

    const ok = await t.post('/api/admin/bias-audit/publish', admin, {
      auditor: 'Example Audit LLP',
      audit_date: '2026-11-01',
    });
    expect(ok.statusCode).toBe(201);
    const [summary] = (await t.get('/api/public/bias-audit')).json();
    expect(summary.suppression).toMatchObject({ min_cell: 5, withheld: null });
    expect(by(summary.scoring.intersectional, 'female|asian')).toMatchObject({
      n: null,
      suppressed: 'small',
      scoring_rate: null,
    });
    expect(by(summary.selection.race_ethnicity, 'asian')).toMatchObject({ n: null, selection_rate: null });
  });

  it('a summary published before the rule is shown under it', async () => {
    // The old shape: every group with its n and rate, the lone approved woman among them.
    const row = (group: string, n: number, rate: number | null) => ({
      group,
      n,
      scoring_rate: rate,
      impact_ratio: rate === null ? null : 1,
      excluded: n === 0,
      below_four_fifths: false,
      p_value: null,
      significant: false,
    });
    const sel = ({ scoring_rate, ...r }: ReturnType<typeof row>) => ({ ...r, selection_rate: scoring_rate });
    const scoring = {
      sex: [row('female', 1, 1), row('male', 1, 0)],
      race_ethnicity: [row('asian', 1, 1), row('white', 1, 0)],
      intersectional: [row('female|asian', 1, 1), row('male|white', 1, 0)],
    };
    const selection = Object.fromEntries(Object.entries(scoring).map(([k, v]) => [k, v.map(sel)]));
    await t.app.db.insert(biasAuditPublications).values({
      auditor: 'Old Audit LLP',
      auditDate: '2026-10-20',
      report: {
        generated_at: '2026-10-20T00:00:00.000Z',
        job_id: null,
        from: null,
        to: null,
        sample_size: 2,
        unknown_count: 0,
        unknown: { sex: 0, race_ethnicity: 0 },
        median_score: 3,
        decided: 2,
        scoring,
        selection,
        notes: ['Excluded from scoring impact ratios as under 2 % of the sample: female|asian (n=1).'],
      } as never,
      publishedAt: new Date('2026-10-20T00:00:00Z'),
    });
    const old = ((await t.get('/api/public/bias-audit')).json() as { auditor: string }[]).find(
      (a) => a.auditor === 'Old Audit LLP',
    ) as unknown as { suppression: { withheld: string }; scoring: { intersectional: Row[] }; notes: string[] };
    expect(old.suppression.withheld).toMatch(/fewer than 20/);
    expect(by(old.scoring.intersectional, 'female|asian')).toMatchObject({
      n: null,
      suppressed: 'withheld',
      scoring_rate: null,
    });
    expect(old.notes.join(' ')).not.toMatch(/n=1/);
  });
});

describe('the settings', () => {
  it('BIAS_AUDIT_MIN_CELL and BIAS_AUDIT_MIN_SAMPLE come from the environment', async () => {
    const other = await buildTestAppWithAdmin({ BIAS_AUDIT_MIN_CELL: '3', BIAS_AUDIT_MIN_SAMPLE: '1' });
    try {
      const audit = (await other.t.get('/api/admin/bias-audit', other.admin)).json();
      expect(audit.suppression).toMatchObject({ min_cell: 3, min_sample: 1 });
    } finally {
      await other.t.close();
    }
  });
});
