/** Documents and e-signature (issue 36 item 2): consent, intent, attribution, the sealed PDF and its trail. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import { extractText, getDocumentProxy } from 'unpdf';
import { buildTestAppWithAdmin, bearer, type TestContext } from '../helpers/build';
import { ensureName } from '../helpers/onboarding';
import { readOutbox } from '../helpers/outbox';
import { acceptedCandidate, postJob } from '../helpers/work-fixtures';

let t: TestContext;
let admin: string;

beforeAll(async () => {
  ({ t, admin } = await buildTestAppWithAdmin());
});
afterAll(async () => t.close());

type Item = { key: string; status: string; document_id?: string; done_at: string | null };
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) TestBrowser/1.0';

/** An accepted candidate named José Núñez and the id of the job's Terms of Work. */
async function setup() {
  const job = await postJob(t, admin, { title: 'Poster Critic', pay_per_hour: 32.5 });
  const { candidate } = await acceptedCandidate(t, admin, job.id);
  await ensureName(t, candidate.user.id, 'José Núñez');
  const items = (await t.get(`/api/jobs/${job.id}/onboarding`, candidate.token)).json().items as Item[];
  const docId = items.find((i) => i.key === 'terms_of_work')!.document_id!;
  return { job, candidate, docId };
}

const view = (docId: string, token: string) =>
  t.app.inject({ method: 'GET', url: `/api/documents/${docId}`, headers: { ...bearer(token), 'user-agent': BROWSER } });
const sign = (docId: string, token: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/documents/${docId}/sign`,
    headers: { ...bearer(token), 'user-agent': BROWSER },
    payload,
  });
const good = { full_name: 'jose  NUNEZ', agree: true, electronic_consent: true };

describe('GET /api/documents/:id', () => {
  it('shows the filled-in text to its owner only', async () => {
    const { job, candidate, docId } = await setup();
    const res = await view(docId, candidate.token);
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc).toMatchObject({
      id: docId,
      key: 'terms_of_work',
      version: 1,
      status: 'pending',
      signed_at: null,
      sha256: null,
    });
    expect(doc.body).toContain('José Núñez');
    expect(doc.body).toContain('Poster Critic');
    expect(doc.body).toContain('$32.50 per hour');
    expect(doc.body).not.toMatch(/\{\{/);
    expect(doc.job_id).toBe(job.id);

    const other = await t.signUp();
    expect((await view(docId, other.token)).statusCode).toBe(403);
    expect((await sign(docId, other.token, good)).statusCode).toBe(403);
    expect((await t.get(`/api/documents/${docId}/pdf`, other.token)).statusCode).toBe(403);
    expect((await t.get(`/api/documents/${crypto.randomUUID()}`, candidate.token)).statusCode).toBe(404);
  });
});

describe('POST /api/documents/:id/sign', () => {
  it('refuses without consent, without agreeing, or with another name; nothing is signed', async () => {
    const { candidate, docId } = await setup();
    await view(docId, candidate.token);
    const noConsent = await sign(docId, candidate.token, { ...good, electronic_consent: false });
    expect(noConsent.statusCode).toBe(422);
    expect(noConsent.json().detail).toMatch(/electronic/);
    const missingConsent = await sign(docId, candidate.token, { full_name: good.full_name, agree: true });
    expect(missingConsent.statusCode).toBe(422);
    const noAgree = await sign(docId, candidate.token, { ...good, agree: false });
    expect(noAgree.statusCode).toBe(422);
    expect(noAgree.json().detail).toMatch(/agree/);
    const otherName = await sign(docId, candidate.token, { ...good, full_name: 'Joseph Nunez' });
    expect(otherName.statusCode).toBe(422);
    expect(otherName.json().detail).toMatch(/name/);
    expect((await view(docId, candidate.token)).json().status).toBe('pending');
    const trail = await t.get(`/api/admin/documents/${docId}/audit`, admin);
    // Nothing but the one opening of this session (no consented or signed).
    expect(trail.json().map((e: { type: string }) => e.type)).toEqual(['viewed']);
  });

  it('needs the document opened first', async () => {
    const { candidate, docId } = await setup();
    const res = await sign(docId, candidate.token, good);
    expect(res.statusCode).toBe(409);
  });

  it('seals a PDF whose SHA-256 is the served bytes, with a certificate page, and mails the signer', async () => {
    const { candidate, docId } = await setup();
    await view(docId, candidate.token);
    const before = readOutbox(t.config.dataDir).length;
    const res = await sign(docId, candidate.token, good);
    expect(res.statusCode).toBe(200);
    const { signed_at, sha256 } = res.json();
    expect(sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(Date.parse(signed_at)).not.toBeNaN();

    const pdf = await t.get(`/api/documents/${docId}/pdf`, candidate.token);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(crypto.createHash('sha256').update(pdf.rawPayload).digest('hex')).toBe(sha256);
    // Served the same twice (stored bytes, not rebuilt), and the admin gets the same file.
    expect((await t.get(`/api/documents/${docId}/pdf`, candidate.token)).rawPayload.equals(pdf.rawPayload)).toBe(true);
    expect((await t.get(`/api/admin/documents/${docId}/pdf`, admin)).rawPayload.equals(pdf.rawPayload)).toBe(true);

    // Read by a PDF parser we did not write: the text, then the certificate page.
    const parsed = await getDocumentProxy(new Uint8Array(pdf.rawPayload));
    const { text } = await extractText(parsed, { mergePages: false });
    const pages = text as string[];
    expect(pages.length).toBeGreaterThanOrEqual(2);
    expect(pages[0]).toContain('Terms of Work');
    const certificate = pages.at(-1)!;
    expect(certificate).toContain('Certificate of signing');
    expect(certificate).toContain(candidate.user.email);
    expect(certificate).toContain('jose NUNEZ');
    expect(certificate).toContain('version 1');
    expect(certificate).toContain('TestBrowser/1.0');
    expect(certificate).toContain('127.0.0.1');

    const doc = (await view(docId, candidate.token)).json();
    expect(doc).toMatchObject({ status: 'signed', signed_at, sha256 });

    await t.app.queue.settle();
    const mails = readOutbox(t.config.dataDir).slice(before);
    expect(mails.some((m) => m.includes(`To: ${candidate.user.email}`) && m.includes(sha256))).toBe(true);

    // Signing again changes nothing.
    expect((await sign(docId, candidate.token, good)).statusCode).toBe(409);
    expect(
      crypto
        .createHash('sha256')
        .update((await t.get(`/api/documents/${docId}/pdf`, candidate.token)).rawPayload)
        .digest('hex'),
    ).toBe(sha256);
  });

  it('seals control characters and letters WinAnsi lacks in the browser, name and title instead of failing', async () => {
    // C1 controls (NEL U+0085, U+0090...), C0 ones and DEL: pdf-lib's WinAnsi refuses them all.
    const odd = 'Mozilla/5.0 \u0085Odd\u0090Agent\u007f/2.0';
    const job = await postJob(t, admin, { title: 'Poster\u0085 Critic \u0141\u00f3d\u017a\u0096 \u20ac5' });
    const { candidate } = await acceptedCandidate(t, admin, job.id);
    await ensureName(t, candidate.user.id, 'Zo\u0085e\u0001 Quinn');
    const items = (await t.get(`/api/jobs/${job.id}/onboarding`, candidate.token)).json().items as Item[];
    const docId = items.find((i) => i.key === 'terms_of_work')!.document_id!;
    const headers = { ...bearer(candidate.token), 'user-agent': odd };
    expect((await t.app.inject({ method: 'GET', url: `/api/documents/${docId}`, headers })).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/documents/${docId}/sign`,
      headers,
      payload: { ...good, full_name: 'Zo\u0085e Quinn\u009f' },
    });
    expect(res.statusCode).toBe(200);

    const pdf = await t.get(`/api/documents/${docId}/pdf`, candidate.token);
    expect(crypto.createHash('sha256').update(pdf.rawPayload).digest('hex')).toBe(res.json().sha256);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), { mergePages: true });
    expect(text).toContain('Certificate of signing');
    expect(text).toContain('Odd?Agent?/2.0');
    expect(text).toContain('Zo?e Quinn?');
    // A letter WinAnsi lacks falls back to its base letter or '?'; one it has (the euro sign) stays.
    expect(text).toContain('Poster? Critic ?\u00f3dz? \u20ac5');
    expect([...text].filter((c) => /\p{Cc}/u.test(c) && c !== '\n')).toEqual([]);
    // The trail keeps the browser exactly as sent.
    const trail = (await t.get(`/api/admin/documents/${docId}/audit`, admin)).json() as { user_agent: string }[];
    expect(trail.at(-1)!.user_agent).toBe(odd);
  });

  it('keeps an append-only trail: viewed, consented, signed with address and browser; admin only', async () => {
    const { candidate, docId } = await setup();
    await view(docId, candidate.token);
    await sign(docId, candidate.token, good);
    await view(docId, candidate.token);
    const res = await t.get(`/api/admin/documents/${docId}/audit`, admin);
    expect(res.statusCode).toBe(200);
    const events = res.json() as { type: string; at: string; ip: string; user_agent: string }[];
    // Opened again in the same session after signing: nothing more (one viewed per session).
    expect(events.map((e) => e.type)).toEqual(['viewed', 'consented', 'signed']);
    for (const e of events) expect(e).toMatchObject({ ip: '127.0.0.1', user_agent: BROWSER });
    const times = events.map((e) => Date.parse(e.at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect((await t.get(`/api/admin/documents/${docId}/audit`, candidate.token)).statusCode).toBe(403);

    // The database itself refuses to change or remove an event, or to change a signed document.
    await expect(
      t.database.query(`UPDATE document_events SET ip = '10.0.0.1' WHERE document_id = $1`, [docId]),
    ).rejects.toThrow(/append-only/);
    await expect(t.database.query(`DELETE FROM document_events WHERE document_id = $1`, [docId])).rejects.toThrow(
      /append-only/,
    );
    await expect(t.database.query(`UPDATE signed_documents SET body = 'other' WHERE id = $1`, [docId])).rejects.toThrow(
      /cannot be changed/,
    );
    expect((await t.get(`/api/admin/documents/${docId}/audit`, admin)).json()).toHaveLength(3);
    // Deleting the account still removes them with it.
    const gone = await t.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: bearer(candidate.token),
      payload: { password: 'secret123' },
    });
    expect(gone.statusCode).toBeLessThan(300);
    expect((await t.get(`/api/admin/documents/${docId}/audit`, admin)).statusCode).toBe(404);
  });

  it('records one viewed per document per session, however often it is opened', async () => {
    const { candidate, docId } = await setup();
    const views = async () =>
      ((await t.get(`/api/admin/documents/${docId}/audit`, admin)).json() as { type: string }[]).filter(
        (e) => e.type === 'viewed',
      ).length;
    // Opened many times, some at once: still one row.
    const burst = await Promise.all(Array.from({ length: 20 }, () => view(docId, candidate.token)));
    expect(burst.every((r) => r.statusCode === 200)).toBe(true);
    for (let i = 0; i < 20; i++) expect((await view(docId, candidate.token)).statusCode).toBe(200);
    expect(await views()).toBe(1);

    // Signed in again (another session, e.g. another device): one more, and no more than one.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: candidate.user.email, password: 'secret123' },
    });
    const again = login.json().token as string;
    for (let i = 0; i < 5; i++) expect((await view(docId, again)).statusCode).toBe(200);
    await view(docId, candidate.token);
    expect(await views()).toBe(2);
    expect((await sign(docId, again, good)).statusCode).toBe(200);
  });

  it('asks for a new signature when the provider publishes a new version', async () => {
    const { job, candidate, docId } = await setup();
    await view(docId, candidate.token);
    await sign(docId, candidate.token, good);
    let items = (await t.get(`/api/jobs/${job.id}/onboarding`, candidate.token)).json().items as Item[];
    expect(items.find((i) => i.key === 'terms_of_work')!.status).toBe('done');

    const created = await t.post('/api/admin/document-templates', admin, {
      key: 'terms_of_work',
      title: 'Terms of Work',
      body: 'Revised terms for {{candidate_name}} on {{job_title}}.',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().version).toBeGreaterThanOrEqual(2);

    items = (await t.get(`/api/jobs/${job.id}/onboarding`, candidate.token)).json().items as Item[];
    const terms = items.find((i) => i.key === 'terms_of_work')!;
    expect(terms.status).toBe('pending');
    expect(terms.document_id).not.toBe(docId);
    const fresh = (await view(terms.document_id!, candidate.token)).json();
    expect(fresh.version).toBe(created.json().version);
    expect(fresh.body).toBe('Revised terms for José Núñez on Poster Critic.');
    // The old signature stays on record, and the old version can no longer be signed by anyone.
    expect((await view(docId, candidate.token)).json().status).toBe('signed');
    expect(
      (await t.post('/api/admin/document-templates', candidate.token, { key: 'ciiaa', title: 'x', body: 'y' }))
        .statusCode,
    ).toBe(403);
  });
});
