/** The console's list of a person's documents (decision 0212): admins only, no text, PDF or signer details. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import { buildTestAppWithAdmin, type TestContext } from '../helpers/build';
import { signAllDocuments } from '../helpers/onboarding';
import { acceptedCandidate, postJob } from '../helpers/work-fixtures';

let t: TestContext;
let admin: string;

beforeAll(async () => {
  ({ t, admin } = await buildTestAppWithAdmin());
});
afterAll(async () => t.close());

type Listed = {
  id: string;
  key: string;
  version: number;
  status: string;
  signed_at: string | null;
  sha256: string | null;
};
const list = (userId: string, token: string) => t.get(`/api/admin/documents?user_id=${userId}`, token);

describe('GET /api/admin/documents?user_id=', () => {
  it("lists a candidate's documents with status and hash, and each one's trail is reachable", async () => {
    const job = await postJob(t, admin, { title: 'Ledger Reviewer' });
    const { candidate } = await acceptedCandidate(t, admin, job.id);
    // Nothing is made before the candidate's onboarding list is first read.
    const before = await list(candidate.user.id, admin);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual([]);

    await signAllDocuments(t, candidate.token, candidate.user.id, job.id);
    const res = await list(candidate.user.id, admin);
    expect(res.statusCode).toBe(200);
    const docs = res.json() as (Listed & Record<string, unknown>)[];
    expect(docs.map((d) => d.key).sort()).toEqual(
      ['ciiaa', 'offer_letter', 'payout_policy', 'terms_of_work', 'time_tracking'].sort(),
    );
    for (const d of docs) {
      expect(d).toMatchObject({ status: 'signed', job_id: job.id, job_title: 'Ledger Reviewer' });
      expect(d.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(Date.parse(d.signed_at!)).not.toBeNaN();
      // Only what the console shows: never the text, the PDF, or who signed from where.
      expect(Object.keys(d).sort()).toEqual(
        ['created_at', 'id', 'job_id', 'job_title', 'key', 'sha256', 'signed_at', 'status', 'title', 'version'].sort(),
      );
    }
    const terms = docs.find((d) => d.key === 'terms_of_work')!;
    const trail = await t.get(`/api/admin/documents/${terms.id}/audit`, admin);
    expect(trail.json().map((e: { type: string }) => e.type)).toEqual(['viewed', 'consented', 'signed']);

    // Someone else's list does not carry these.
    const other = await t.signUp();
    expect((await list(other.user.id, admin)).json()).toEqual([]);
  });

  it('shows a new template version as a new pending document beside the signed one', async () => {
    const job = await postJob(t, admin, { title: 'Version Watcher' });
    const { candidate } = await acceptedCandidate(t, admin, job.id);
    await signAllDocuments(t, candidate.token, candidate.user.id, job.id);
    const published = await t.post(`/api/admin/document-templates`, admin, {
      key: 'ciiaa',
      title: 'CIIAA',
      body: 'A clearer text for {{candidate_name}}.',
    });
    expect(published.statusCode).toBe(201);
    // The candidate's list makes the document of the new version.
    await t.get(`/api/jobs/${job.id}/onboarding`, candidate.token);
    const ciiaa = ((await list(candidate.user.id, admin)).json() as Listed[]).filter((d) => d.key === 'ciiaa');
    expect(ciiaa.map((d) => [d.version, d.status])).toEqual([
      [published.json().version, 'pending'],
      [published.json().version - 1, 'signed'],
    ]);
  });

  it('is for admins only and needs a UUID', async () => {
    const candidate = await t.signUp();
    const res = await list(candidate.user.id, candidate.token);
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('sha256');
    expect((await list(candidate.user.id, '')).statusCode).toBe(401);
    const bad = await t.get('/api/admin/documents?user_id=nope', admin);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail).toBeTruthy();
    expect((await t.get('/api/admin/documents', admin)).statusCode).toBe(422);
    expect((await list(crypto.randomUUID(), admin)).json()).toEqual([]);
  });
});
