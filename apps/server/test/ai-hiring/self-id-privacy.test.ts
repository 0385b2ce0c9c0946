/**
 * Self-identification is kept apart (issue 35 item 3; EEOC): after a candidate self-identified, applied,
 * was assessed, asked for the alternative and was decided, every admin GET route in the OpenAPI document,
 * called with an admin token and every id of that candidate's records, answers without the answer's keys
 * or values. The bias audit's aggregate tables are the one exception by design. Nothing reaches the log.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { bearer, buildTestApp, type TestContext } from '../helpers/build';
import { insertJob, markProfileComplete } from '../helpers/work-fixtures';
import { interviews } from '../../src/db/schema';
import { createInterview } from '../../src/interview/interviews';
import { storedAssessment } from './fixtures';

const lines: string[] = [];
const capture = new Writable({
  write(chunk, _enc, done) {
    lines.push(String(chunk));
    done();
  },
});

let t: TestContext;
beforeAll(async () => (t = await buildTestApp({}, { logger: { level: 'info', stream: capture } })));
afterAll(() => t.close());

/** The aggregate audit: its tables name groups by design (never a person). */
const AGGREGATES = new Set(['/api/admin/bias-audit']);
/** What the candidate's answer would look like in a reply: its keys and its (rare) values. */
const LEAKS = [/"sex"/, /"race_ethnicity"/, /native_hawaiian/i, /pacific islander/i, /"female"/, /self.?ident/i];

type Spec = { paths: Record<string, Record<string, unknown>> };

describe('self-identification never reaches a provider reply', () => {
  it('walks every admin GET route with every id of the candidate and finds none of it', async () => {
    const admin = await t.adminToken();
    const job = await insertJob(t.app.db, { status: 'active' });
    const c = await t.signUp();
    await markProfileComplete(t.app.db, c.user.id);
    const put = await t.put('/api/self-identification', c.token, {
      sex: 'female',
      race_ethnicity: 'native_hawaiian_or_pacific_islander',
    });
    expect(put.statusCode).toBe(200);
    const interview = await createInterview(t.app.db, {
      jobId: job.id,
      candidateId: c.user.id,
      status: 'completed',
      completedAt: new Date(),
    });
    await t.app.db
      .update(interviews)
      .set({ assessment: storedAssessment(3.5), assessedAt: new Date(), status: 'under_review' })
      .where(eq(interviews.id, interview.id));
    const alternative = await t.post(`/api/jobs/${job.id}/alternative-assessment`, c.token, { reason: 'Please' });
    expect(alternative.statusCode).toBe(201);
    const decided = await t.post(`/api/admin/interviews/${interview.id}/decision`, admin, {
      decision: 'approved',
      note: 'Good portfolio',
    });
    expect(decided.statusCode).toBe(200);

    const ids = [interview.id, c.user.id, job.id, alternative.json().id];
    const spec = t.app.swagger() as unknown as Spec;
    let answered = 0;
    const leaks: string[] = [];
    for (const [path, methods] of Object.entries(spec.paths)) {
      if (!methods.get || !path.startsWith('/api/admin') || AGGREGATES.has(path)) continue;
      const urls = /\{[^}]+\}/.test(path) ? ids.map((id) => path.replace(/\{[^}]+\}/g, id)) : [path];
      for (const url of urls) {
        for (const query of [
          '',
          `?job_id=${job.id}`,
          `?candidate_id=${c.user.id}`,
          `?q=${encodeURIComponent(c.user.email)}`,
        ]) {
          const res = await t.app.inject({ method: 'GET', url: url + query, headers: bearer(admin) });
          if (res.statusCode !== 200) continue;
          answered++;
          for (const leak of LEAKS) if (leak.test(res.body)) leaks.push(`${url}${query} matches ${leak}`);
        }
      }
    }
    console.log(`self-identification sweep: ${answered} admin replies read`);
    expect(answered).toBeGreaterThan(40);
    expect(leaks).toEqual([]);
    // The candidate's own reply has it; the log never does.
    expect((await t.get('/api/self-identification', c.token)).body).toMatch(/native_hawaiian/);
    expect(lines.join('')).not.toMatch(/native_hawaiian|"race_ethnicity"/);
  }, 300_000);
});
