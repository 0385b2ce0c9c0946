import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { RUBRIC_VERSION } from '@app/shared';
import { buildSocketTestApp, type TestContext } from '../helpers/build';
import { insertJob } from '../helpers/work-fixtures';
import { interviews } from '../../src/db/schema';
import { integrityEvents } from '../../src/db/schema-ai-hiring';
import { assessInterview } from '../../src/interview/assessment';
import { INTEGRITY_FRAMES_PER_MINUTE, INTEGRITY_RATE_MESSAGE } from '../../src/interview/routes/integrity-reports';
import { ManualClock } from '../interview/manual-clock';
import { startLiveInterview } from '../interview/live-start';
import { GOOD_CONVERSATION, seedInterview } from '../assessment/fixtures';

let t: TestContext;
let ws: string;
let admin: string;
// The socket's rate limit counts on this clock: a minute passes only when the test says so.
const clock = new ManualClock();
beforeAll(async () => {
  ({ t, ws } = await buildSocketTestApp({}, { clock }));
  admin = await t.adminToken();
});
afterAll(() => t.close());

const storedEvents = (interviewId: string) =>
  t.database.db.select().from(integrityEvents).where(eq(integrityEvents.interviewId, interviewId));

describe('integrity frames on the interview socket', () => {
  it('are stored with the server’s time and change nothing about the interview; unknown kinds are refused; the rate is limited', async () => {
    const { token } = await t.signUp();
    const job = await insertJob(t.database.db);
    const { client, interviewId } = await startLiveInterview(t.app, ws, token, job.id);
    await client.event('session_ready');
    const [before] = await t.database.db.select().from(interviews).where(eq(interviews.id, interviewId));

    client.send({ event: 'integrity', kind: 'tab_hidden', duration_ms: 4200 });
    client.send({ event: 'integrity', kind: 'paste' });
    client.send({ event: 'integrity', kind: 'microphone_changed' });
    const mark = client.messages.length;
    client.send({ event: 'integrity', kind: 'face_missing' });
    client.send({ event: 'integrity', kind: 'paste', duration_ms: -5 });
    await client.waitFor(() => client.messages.slice(mark).filter((m) => m.event === 'error').length >= 2);
    const errors = client.messages.slice(mark).filter((m) => m.event === 'error');
    expect(errors[0]).toMatchObject({
      message: expect.stringMatching(/^Malformed message: kind: kind must be one of/),
      recoverable: true,
    });
    expect(errors[1]).toMatchObject({
      message: expect.stringMatching(/^Malformed message: duration_ms/),
      recoverable: true,
    });

    await waitForCount(interviewId, 3);
    const rows = await storedEvents(interviewId);
    expect(rows.map((r) => r.kind).sort()).toEqual(['microphone_changed', 'paste', 'tab_hidden']);
    const hidden = rows.find((r) => r.kind === 'tab_hidden')!;
    expect(hidden.durationMs).toBe(4200);
    expect(Math.abs(hidden.at.getTime() - Date.now())).toBeLessThan(60_000);

    // Rate: INTEGRITY_FRAMES_PER_MINUTE a minute in all; the next is refused once, then a minute later they are taken again.
    const extra = INTEGRITY_FRAMES_PER_MINUTE - 3;
    for (let i = 0; i < extra + 3; i++) client.send({ event: 'integrity', kind: 'focus_lost', duration_ms: 100 });
    await client.waitFor((m) => m.event === 'error' && m.message === INTEGRITY_RATE_MESSAGE);
    await waitForCount(interviewId, INTEGRITY_FRAMES_PER_MINUTE);
    expect(client.messages.filter((m) => m.event === 'error' && m.message === INTEGRITY_RATE_MESSAGE)).toHaveLength(1);
    await clock.advance(60_000);
    client.send({ event: 'integrity', kind: 'fullscreen_exit', duration_ms: 1500 });
    await waitForCount(interviewId, INTEGRITY_FRAMES_PER_MINUTE + 1);

    // The interview is exactly as it was: status, assessment, decision; the conversation goes on.
    const [after] = await t.database.db.select().from(interviews).where(eq(interviews.id, interviewId));
    expect(after).toEqual(before);
    expect(client.closed).toBe(false);

    // The reviewer sees them on the timeline and marks one; the mark changes that event only.
    const detail = (await t.get(`/api/admin/interviews/${interviewId}`, admin)).json();
    expect(detail.integrity_events).toHaveLength(INTEGRITY_FRAMES_PER_MINUTE + 1);
    expect(detail.integrity_events.find((e: { kind: string }) => e.kind === 'tab_hidden')).toMatchObject({
      offset_seconds: expect.any(Number),
      duration_seconds: 4.2,
      mark: null,
    });
    const target = detail.integrity_events[0];
    const url = `/api/admin/interviews/${interviewId}/integrity-events/${target.id}/mark`;
    expect((await t.post(url, admin, { mark: 'suspicious' })).statusCode).toBe(422);
    expect((await t.post(url, token, { mark: 'concern' })).statusCode).toBe(403);
    const marked = await t.post(url, admin, { mark: 'concern' });
    expect(marked.statusCode).toBe(200);
    expect(marked.json().integrity_events[0]).toMatchObject({ id: target.id, mark: 'concern' });
    const [afterMark] = await t.database.db.select().from(interviews).where(eq(interviews.id, interviewId));
    expect(afterMark).toEqual(before);
    client.close();
  });

  it('a marked concern changes no score or recommendation of an assessed interview', async () => {
    const { interview } = await seedInterview(t.app.db, { status: 'completed' });
    await t.database.db
      .insert(integrityEvents)
      .values({ interviewId: interview.id, kind: 'paste', at: new Date(), offsetSeconds: 30 });
    const assessed = await assessInterview(t.app.db, t.config, interview.id);
    const before = (await t.get(`/api/admin/interviews/${interview.id}`, admin)).json();
    const event = before.integrity_events[0];
    await t.post(`/api/admin/interviews/${interview.id}/integrity-events/${event.id}/mark`, admin, { mark: 'concern' });
    const after = (await t.get(`/api/admin/interviews/${interview.id}`, admin)).json();
    expect(after.assessment).toEqual(assessed);
    expect(after.status).toBe(before.status);
    expect({ ...after, integrity_events: [] }).toEqual({ ...before, integrity_events: [] });
  });
});

async function waitForCount(interviewId: string, n: number) {
  await expect.poll(async () => (await storedEvents(interviewId)).length).toBe(n);
}

describe('provenance', () => {
  it('every assessment stores what produced it, and the reviewer sees it', async () => {
    const { interview } = await seedInterview(t.app.db, { status: 'completed' });
    const assessment = await assessInterview(t.app.db, t.config, interview.id);
    const transcript = GOOD_CONVERSATION.map(([speaker, text]) => `${speaker}: ${text}`).join('\n');
    const expected = {
      rubric_version: RUBRIC_VERSION,
      method: 'built_in',
      model: null,
      prompt_sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      recognizer: 'live:pocketsphinx',
      transcript_sha256: crypto.createHash('sha256').update(transcript).digest('hex'),
    };
    expect(assessment!.provenance).toEqual(expected);
    const [row] = await t.database.db.select().from(interviews).where(eq(interviews.id, interview.id));
    expect((row!.assessment as { provenance: unknown }).provenance).toEqual(expected);
    const detail = (await t.get(`/api/admin/interviews/${interview.id}`, admin)).json();
    expect(detail.provenance).toEqual(expected);
  });
});
