import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TALENT_SEARCH_FILTERS } from '@app/shared';
import { bearer, buildTestApp, type TestContext } from '../helpers/build';
import { seedInterview } from '../assessment/fixtures';
import { readOutbox } from '../helpers/outbox';
import { annotationTasks, interviews, transcriptTurns } from '../../src/db/schema';
import { acceptedCandidate, postJob, sampleTask, type Candidate } from '../helpers/work-fixtures';
import { savedSearches, talentSearchLog } from '../../src/db/schema-talent';
import { SAVED_SEARCHES_PER_ADMIN } from '../../src/talent/saved-searches';
import { makePdfResume } from '../fixtures/resumes';

type Person = { token: string; user: { id: string; email: string } };
type Match = { source: string; snippet: string; interview_id?: string; offset_seconds?: number };
type Result = { candidate_id: string; name: string; matches: Match[]; best_assessment_score: number | null };

let t: TestContext;
let admin: string;
let jobId: string;
const people: Record<string, Person> = {};

/** Saves a profile through the API, as the onboarding and profile screens do. */
async function profile(person: Person, fields: Record<string, unknown>) {
  const res = await t.put('/api/profile/complete', person.token, {
    bio: 'Creative professional.',
    expertise: ['Photography'],
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function search(query: string, token = admin) {
  const res = await t.get(`/api/admin/talent${query ? `?${query}` : ''}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    total: number;
    results: Result[];
    facets: Record<string, { value: string; count: number }[]>;
    next_cursor: string | null;
  };
}
const names = (reply: { results: Result[] }) => reply.results.map((r) => r.name);
const q = (text: string) => `q=${encodeURIComponent(text)}`;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.adminToken();
  jobId = (
    await t.post('/api/admin/jobs', admin, {
      title: 'Jewelry Photo Rater',
      description: 'Rate jewelry product photos.',
      position_type: 'Contract',
      pay_per_hour: 40,
    })
  ).json().id;

  for (const key of ['anne', 'bruno', 'cara', 'jon', 'eve']) people[key] = await t.signUp(`${key}@talent.test`);
  await profile(people.anne!, {
    name: 'Anne Moreau',
    position: 'Jewelry photographer',
    skills: ['Capture One', 'Lightroom'],
    expertise: ['capture one '],
    country: 'Canada',
    work_authorization: 'citizen',
  });
  await profile(people.bruno!, {
    name: 'Bruno Keller',
    position: 'Product photographer',
    // Skills as the web keeps them: in expertise (onboarding's "Add skill"), counted in the Skills facet.
    expertise: ['Lightroom'],
    bio: 'Shoots furniture and, now and then, jewelry for catalogues.',
    country: 'Canada',
  });
  await profile(people.cara!, {
    name: 'Cara Dubois',
    position: 'Illustrator',
    skills: ['Procreate'],
    country: 'France',
  });
  await profile(people.jon!, {
    name: 'Jonathan Smith',
    position: 'Retoucher',
    skills: ['Photoshop'],
    country: 'Ireland',
  });
  await profile(people.eve!, {
    name: 'Eve Hart',
    position: 'Stylist',
    bio: '<script>alert(1)</script> sizes 5 < 7 > 3, styles jewelry & watches',
    country: 'France',
  });

  // Anne's interview: what she said about Capture One, and the provider's approval note.
  const { interview } = await seedInterview(t.app.db, {
    candidateId: people.anne!.user.id,
    jobId,
    status: 'under_review',
    conversation: [
      ['ai', 'Tell me about a recent shoot.'],
      ['user', 'Last spring I shot a ring catalogue, tethered to Capture One so the client could approve every frame.'],
      ['ai', 'How did you light the stones?'],
      ['user', 'Two strip boxes and a white card under the ring, so the diamonds sparkle without hot spots.'],
    ],
  });
  await t.app.db
    .update(interviews)
    .set({ assessment: { overall_score: 4.5 } })
    .where(eq(interviews.id, interview.id));
  const decided = await t.post(`/api/admin/interviews/${interview.id}/decision`, admin, {
    decision: 'approved',
    note: 'Meticulous lighting, great with macro lenses.',
  });
  expect(decided.statusCode, decided.body).toBe(200);
}, 120_000);
afterAll(() => t.close());

describe('GET /api/admin/talent', () => {
  it('ranks people matching every term before those matching some, strong fields first', async () => {
    const reply = await search(q('jewelry photographer'));
    // Anne: both words in her headline (weight A). Bruno: photographer in his headline, jewelry only
    // in his bio. Eve: jewelry in her bio only.
    expect(names(reply).slice(0, 2)).toEqual(['Anne Moreau', 'Bruno Keller']);
    expect(names(reply)).toContain('Eve Hart');
    expect(names(reply).indexOf('Eve Hart')).toBeGreaterThan(1);
    expect(names(reply)).not.toContain('Cara Dubois');
    expect(reply.total).toBe(3);
  });

  it('phrases and exclusions', async () => {
    expect(names(await search(q('"capture one"')))).toEqual(['Anne Moreau']);
    // "one capture" is not the phrase.
    expect(names(await search(q('"one capture"')))).toEqual([]);
    const photographers = names(await search(q('photographer -jewelry')));
    expect(photographers).not.toContain('Anne Moreau');
    expect(photographers).not.toContain('Bruno Keller');
  });

  it('finds a name typed with typos', async () => {
    expect(names(await search(q('Jonathn Smth')))).toContain('Jonathan Smith');
  });

  it('counts facets over what matched, and filters on them', async () => {
    const reply = await search(q('photographer'));
    expect(reply.facets.country).toEqual([{ value: 'Canada', count: 2 }]);
    expect(reply.facets.skills).toEqual([
      { value: 'Lightroom', count: 2 },
      { value: 'Capture One', count: 1 },
    ]);
    expect(names(await search(`${q('photographer')}&skills=capture%20one`))).toEqual(['Anne Moreau']);
    expect(names(await search('country=france')).sort()).toEqual(['Cara Dubois', 'Eve Hart']);
    expect(names(await search('min_score=4'))).toEqual(['Anne Moreau']);
    expect(names(await search(`job_id=${jobId}`))).toEqual(['Anne Moreau']);
    expect(names(await search('decision=approved'))).toEqual(['Anne Moreau']);
    expect((await search('')).facets.decision).toEqual(
      expect.arrayContaining([
        { value: 'approved', count: 1 },
        { value: 'none', count: 4 },
      ]),
    );
  });

  it('filters on the rating record (gold error, agreement) and counts its facets', async () => {
    const job = (await postJob(t, admin, { title: 'Record Job' })).id;
    const raters: Candidate[] = [];
    for (let i = 0; i < 4; i++) raters.push((await acceptedCandidate(t, admin, job)).candidate);
    const careless = raters[3]!;
    const gold = [5, 1];
    const upload = await t.post(`/api/admin/jobs/${job}/tasks`, admin, {
      tasks: gold.map((g, i) => sampleTask({ task_name: `Gold ${i}`, gold_rating: g })),
      raters_per_item: 4,
    });
    expect(upload.statusCode, upload.body).toBe(201);
    expect((await t.post(`/api/admin/jobs/${job}/tasks/distribute`, admin)).json().assigned).toBe(8);
    const tasks = await t.database.db.select().from(annotationTasks).where(eq(annotationTasks.jobId, job));
    for (const task of tasks) {
      const rater = raters.find((r) => r.user.id === task.assigneeId)!;
      const goldOf = gold[Number(task.taskName.replace('Gold ', ''))]!;
      // Three raters give the gold answer; the careless one is three points off every time.
      const rating = rater === careless ? (goldOf === 5 ? 2 : 4) : goldOf;
      expect((await t.post(`/api/annotations/${task.id}/start`, rater.token)).statusCode).toBe(200);
      const res = await t.post(`/api/annotations/${task.id}/submit`, rater.token, {
        quality_rating: rating,
        feedback_notes: 'Checked the print.',
      });
      expect(res.statusCode, res.body).toBe(200);
    }

    const all = await search(`job_id=${job}`);
    expect(all.total).toBe(4);
    const record = (id: string) => all.results.find((r) => r.candidate_id === id);
    expect(record(careless.user.id)).toMatchObject({ rated_count: 2, gold_error: 3, agreement: 0 });
    expect(record(raters[0]!.user.id)).toMatchObject({ rated_count: 2, gold_error: 0, agreement: 1 });
    expect(all.facets.max_gold_error).toEqual([
      { value: '0.5', count: 3 },
      { value: '1', count: 3 },
    ]);
    expect(all.facets.min_agreement).toEqual([
      { value: '0.9', count: 3 },
      { value: '0.75', count: 3 },
      { value: '0.5', count: 3 },
    ]);
    const careful = await search(`job_id=${job}&max_gold_error=0.5&min_agreement=0.9`);
    expect(careful.results.map((r) => r.candidate_id).sort()).toEqual(
      raters
        .slice(0, 3)
        .map((r) => r.user.id)
        .sort(),
    );
    // People without a record are not kept by a record filter.
    expect((await search('max_gold_error=4')).total).toBe(4);
  }, 120_000);

  it('says why each result matched: marked snippets with their source, transcripts with the second', async () => {
    const [anne] = (await search(q('capture one sparkle'))).results;
    expect(anne!.name).toBe('Anne Moreau');
    const sources = anne!.matches.map((m) => m.source);
    expect(sources).toContain('profile');
    const turns = anne!.matches.filter((m) => m.source === 'transcript');
    expect(turns).toHaveLength(2);
    const sparkle = turns.find((m) => m.snippet.includes('<mark>sparkle</mark>'))!;
    expect(sparkle.interview_id).toBeDefined();
    const turns_ = await t.app.db
      .select()
      .from(transcriptTurns)
      .where(eq(transcriptTurns.interviewId, sparkle.interview_id!));
    const turn = turns_.find((x) => x.text.includes('sparkle'))!;
    expect(turn.offsetSeconds).toBeGreaterThan(0);
    expect(sparkle.offset_seconds).toBe(turn.offsetSeconds);
    const note = (await search(q('macro lenses'))).results[0]!.matches.find((m) => m.source === 'note');
    expect(note?.snippet).toContain('<mark>macro</mark> <mark>lenses</mark>');
  });

  it('escapes HTML in snippets: only <mark> is markup', async () => {
    const eve = (await search(q('jewelry'))).results.find((r) => r.name === 'Eve Hart')!;
    const snippet = eve.matches.find((m) => m.source === 'profile')!.snippet;
    expect(snippet).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(snippet).toContain('&amp; watches');
    expect(snippet).toContain('5 &lt; 7 &gt; 3');
    expect(snippet.replace(/<\/?mark>/g, '')).not.toMatch(/[<>]/);
  });

  it('searches the résumé text, and sees a profile save at once', async () => {
    const pdf = await makePdfResume([
      'Noor Haddad',
      'Experience',
      'Gemstone macro photography for Cartier and Boucheron',
    ]);
    const person = await t.signUp('noor@talent.test');
    const boundary = '----talent';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      pdf,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/files/upload',
      headers: { ...bearer(person.token), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    expect(names(await search(q('Boucheron')))).toEqual([]);
    await profile(person, { name: 'Noor Haddad', resume_url: uploaded.json().url });
    const [noor] = (await search(q('Boucheron'))).results;
    expect(noor?.name).toBe('Noor Haddad');
    expect(noor!.matches.find((m) => m.source === 'resume')?.snippet).toContain('<mark>Boucheron</mark>');
  });

  it('pages with a cursor, and lists everyone by recent activity without a query', async () => {
    const all = await search('limit=50');
    expect(all.total).toBeGreaterThanOrEqual(5);
    const first = await search('limit=2');
    expect(first.results).toHaveLength(2);
    const second = await search(`limit=2&cursor=${first.next_cursor}`);
    expect(names(second)).toEqual(names(all).slice(2, 4));
    // The most recently active first: the last profile saved.
    expect(all.results[0]!.name).toBe('Noor Haddad');
  });

  it('refuses what it cannot use with a 422, never a 500', async () => {
    for (const bad of [
      q('the and of'),
      q('"" -'),
      'cursor=not-a-cursor',
      'limit=500',
      'min_score=9',
      'job_id=x',
      'max_gold_error=5',
      'min_agreement=2',
    ]) {
      const res = await t.get(`/api/admin/talent?${bad}`, admin);
      expect(res.statusCode, bad).toBe(422);
      expect(res.json().detail).toBeTruthy();
    }
  });

  it('is for admins only, and every search is logged with the admin and the query', async () => {
    expect((await t.get('/api/admin/talent', people.anne!.token)).statusCode).toBe(403);
    expect((await t.get('/api/admin/talent')).statusCode).toBe(401);
    await search(q('stylist'));
    const logged = await t.app.db.select().from(talentSearchLog);
    expect(logged.some((row) => row.query.q === 'stylist' && row.adminId)).toBe(true);
  });

  it('a deleted account vanishes from search at once', async () => {
    const gone = await t.signUp('gone@talent.test');
    await profile(gone, { name: 'Gwen Vanish', position: 'Goldsmith' });
    expect(names(await search(q('goldsmith')))).toEqual(['Gwen Vanish']);
    const res = await t.delete('/api/account', gone.token, { password: 'secret123' });
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect(names(await search(q('goldsmith')))).toEqual([]);
    expect(names(await search(q('Gwen Vanish')))).toEqual([]);
  });
});

describe('shortlists, invitations and saved searches', () => {
  it('shortlists two people, invites one: e-mail with the job link and an application on their side', async () => {
    for (const key of ['bruno', 'cara'] as const) {
      const res = await t.post(`/api/admin/jobs/${jobId}/shortlist`, admin, { candidate_id: people[key]!.user.id });
      expect(res.statusCode, res.body).toBe(201);
    }
    // Adding again changes nothing.
    expect(
      (await t.post(`/api/admin/jobs/${jobId}/shortlist`, admin, { candidate_id: people.cara!.user.id })).statusCode,
    ).toBe(201);
    const list = (await t.get(`/api/admin/jobs/${jobId}/shortlist`, admin)).json();
    expect(list.map((e: { name: string }) => e.name)).toEqual(['Bruno Keller', 'Cara Dubois']);

    const invited = await t.post(`/api/admin/jobs/${jobId}/shortlist/${people.bruno!.user.id}/invite`, admin, {});
    expect(invited.statusCode, invited.body).toBe(200);
    expect(invited.json().invited_at).toBeTruthy();
    expect(invited.json().interview_status).toBe('not_started');
    const again = await t.post(`/api/admin/jobs/${jobId}/shortlist/${people.bruno!.user.id}/invite`, admin, {});
    expect(again.statusCode).toBe(409);

    // The candidate sees it as an application to the job.
    const theirs = (await t.get('/api/interviews', people.bruno!.token)).json();
    expect(JSON.stringify(theirs)).toContain(jobId);
    await t.app.queue.settle();
    const mail = readOutbox(t.config.dataDir).filter((m) => m.includes('To: bruno@talent.test'));
    expect(mail).toHaveLength(1);
    expect(mail[0]).toContain("You're invited to apply: Jewelry Photo Rater");
    // A link that opens the job's application, from where every e-mailed link points (lib/link-origin.ts).
    expect(mail[0]).toContain(`Apply to this job: http://127.0.0.1:${t.config.PORT}/apply?jobId=${jobId}`);

    // Not shortlisted, or a candidate calling: refused.
    expect(
      (await t.post(`/api/admin/jobs/${jobId}/shortlist/${people.jon!.user.id}/invite`, admin, {})).statusCode,
    ).toBe(404);
    expect(
      (await t.post(`/api/admin/jobs/${jobId}/shortlist`, people.cara!.token, { candidate_id: people.cara!.user.id }))
        .statusCode,
    ).toBe(403);
    expect((await t.delete(`/api/admin/jobs/${jobId}/shortlist/${people.cara!.user.id}`, admin)).statusCode).toBe(204);
  });

  it('a saved search tells how many new people match since it was last opened', async () => {
    const created = await t.post('/api/admin/talent/saved-searches', admin, {
      name: 'Canadian photographers',
      params: { q: 'photographer', country: 'Canada' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().new_matches).toBe(0);
    const newcomer = await t.signUp('newcomer@talent.test');
    await profile(newcomer, { name: 'Lea Tremblay', position: 'Wedding photographer', country: 'Canada' });
    const [saved] = (await t.get('/api/admin/talent/saved-searches', admin)).json();
    expect(saved.new_matches).toBe(1);
    const opened = await t.post(`/api/admin/talent/saved-searches/${saved.id}/open`, admin, {});
    expect(opened.json().new_matches).toBe(1);
    expect((await t.get('/api/admin/talent/saved-searches', admin)).json()[0].new_matches).toBe(0);
    expect((await t.delete(`/api/admin/talent/saved-searches/${saved.id}`, admin)).statusCode).toBe(204);
  });
  it('stores and reopens only the filters that were set: empty ones are unset, never 0', async () => {
    // What the console's page sent: every filter, the unset ones as "".
    const blank = Object.fromEntries(TALENT_SEARCH_FILTERS.map((k) => [k, '']));
    const everyone = await search(q('photographer'));
    expect(everyone.total).toBeGreaterThan(1);
    // The search itself reads "" as unset too.
    const withBlanks = new URLSearchParams({ ...blank, q: 'photographer' }).toString();
    expect((await search(withBlanks)).total).toBe(everyone.total);

    const created = await t.post('/api/admin/talent/saved-searches', admin, {
      name: 'Photographers',
      params: { ...blank, q: 'photographer', country: '  ' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().params).toEqual({ q: 'photographer' });
    // The record filters left empty do not come back as 0 and hide people.
    const rated = await t.post('/api/admin/talent/saved-searches', admin, {
      name: 'Photographers, record filters empty',
      params: { q: 'photographer', max_gold_error: '', min_agreement: '', min_score: null },
    });
    expect(rated.statusCode, rated.body).toBe(201);
    const opened = (await t.post(`/api/admin/talent/saved-searches/${rated.json().id}/open`, admin, {})).json();
    expect(opened.params).toEqual({ q: 'photographer' });
    expect((await search(new URLSearchParams(opened.params).toString())).total).toBe(everyone.total);
    // A filter that was set, 0 included, is kept as set.
    const strict = await t.post('/api/admin/talent/saved-searches', admin, {
      name: 'Spot on',
      params: { ...blank, max_gold_error: '0', min_score: '4' },
    });
    expect(strict.json().params).toEqual({ max_gold_error: '0', min_score: '4' });
    for (const s of [created, rated, strict]) {
      expect((await t.delete(`/api/admin/talent/saved-searches/${s.json().id}`, admin)).statusCode).toBe(204);
    }
  });

  it(`keeps at most ${SAVED_SEARCHES_PER_ADMIN} saved searches per account: a 409 with a detail beyond`, async () => {
    const adminId = (await t.get('/api/profile/me', admin)).json().id as string;
    await t.database.db.insert(savedSearches).values(
      Array.from({ length: SAVED_SEARCHES_PER_ADMIN - 1 }, (_, i) => ({
        adminId,
        name: `Search ${i}`,
        params: { q: `word${i}` },
      })),
    );
    const last = await t.post('/api/admin/talent/saved-searches', admin, {
      name: 'The last one',
      params: { q: 'ring' },
    });
    expect(last.statusCode, last.body).toBe(201);
    const beyond = await t.post('/api/admin/talent/saved-searches', admin, { name: 'One more', params: { q: 'ring' } });
    expect(beyond.statusCode).toBe(409);
    expect(beyond.json()).toEqual({
      detail: `You have ${SAVED_SEARCHES_PER_ADMIN} saved searches, the most you can keep. Delete one to save another.`,
    });
    const list = (await t.get('/api/admin/talent/saved-searches', admin)).json() as { name: string }[];
    expect(list).toHaveLength(SAVED_SEARCHES_PER_ADMIN);
    expect(list.map((s) => s.name)).not.toContain('One more');
    // Deleting one makes room.
    expect((await t.delete(`/api/admin/talent/saved-searches/${last.json().id}`, admin)).statusCode).toBe(204);
    expect(
      (await t.post('/api/admin/talent/saved-searches', admin, { name: 'One more', params: { q: 'ring' } })).statusCode,
    ).toBe(201);
    await t.database.db.delete(savedSearches).where(eq(savedSearches.adminId, adminId));
  }, 60_000);
});
