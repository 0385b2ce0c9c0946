import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { buildTestApp, type TestContext } from '../helpers/build';
import { interviews, jobs } from '../../src/db/schema';
import { FliteTts } from '../../src/interview/providers/tts/flite';
import { InterviewClient } from './ws-client';
import { consentTo } from '../helpers/consent';

/**
 * The whole offline pipeline through a real socket: Flite-synthesized speech streamed in real time
 * → pocketsphinx → built-in interviewer → Flite → tts_chunk, up to conversation_ended.
 */
let t: TestContext;
let base: string;
const voice = new FliteTts({ voice: 'slt', workers: 1 });

async function speech(text: string) {
  return voice.synthesize(text, new AbortController().signal);
}

async function createJob(overrides: Partial<typeof jobs.$inferInsert> = {}) {
  const [job] = await t.database.db
    .insert(jobs)
    .values({
      title: 'Storyboard Artist',
      description: 'Rate storyboards.',
      positionType: 'Contract',
      skills: [{ name: 'storyboarding', description: '' }],
      ...overrides,
    })
    .returning();
  return job!;
}

beforeAll(async () => {
  // One planned question: the first answer earns a follow-up, the second closes the interview.
  t = await buildTestApp({ INTERVIEW_MAX_QUESTIONS: '1', INTERVIEW_SILENCE_MS: '500' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/ws/session`;
});
afterAll(async () => {
  voice.close();
  await t.close();
});

describe('live interview over the socket, offline providers', () => {
  it('runs a short interview end to end: transcripts, audio, conversation_ended, stored transcript', async () => {
    const { token, user } = await t.signUp();
    const job = await createJob();
    const interviewId = crypto.randomUUID();
    await consentTo(t.app, token, job.id);
    const client = await InterviewClient.connect(`${base}?token=${token}`);
    client.send({
      event: 'start',
      session_id: crypto.randomUUID(),
      interview_id: interviewId,
      job_id: job.id,
      candidate_id: user.id,
      candidate_name: 'Dana Rivers',
    });
    const ready = await client.event('session_ready');
    expect(ready).toMatchObject({ interview_id: interviewId, resumed: false });

    // Greeting with the first question, spoken as audio.
    await client.event('answer_end', 30000);
    expect(client.texts('ai')[0]).toMatch(/^Hi Dana/);
    expect(client.messages.some((m) => m.event === 'tts_chunk')).toBe(true);
    await client.playbackDone();

    const answers = [
      'I have worked as an illustrator for five years and I love drawing storyboards for animated films.',
      'Last year I designed the characters for a short film and I made every storyboard panel myself.',
    ];
    for (const answer of answers) {
      const from = client.messages.length;
      await client.speak(await speech(answer));
      await client.silenceUntil((m) => m.event === 'answer_end', 30000, from);
      await client.playbackDone();
    }
    await client.silenceUntil((m) => m.event === 'conversation_ended', 20000);

    const users = client.texts('user');
    expect(users).toHaveLength(2);
    // What the offline recognizer must get right on clear synthetic speech (see the report for the rest).
    expect(users[0]).toMatch(/illustrator/);
    expect(users[0]).toMatch(/five years/);
    expect(users[1]).toMatch(/short film/);
    const ai = client.texts('ai');
    // The first answer earns a follow-up (not the closing), and it names nothing the recognizer
    // misheard: every word it shares with the heard answer was really said.
    expect(ai[1]).not.toMatch(/Goodbye/);
    const said = new Set(answers[0]!.toLowerCase().match(/[a-z]+/g));
    const heardWords = new Set(users[0]!.toLowerCase().match(/[a-z]+/g));
    const echoed = (ai[1]!.toLowerCase().match(/[a-z]+/g) ?? []).filter(
      (w) => w.length > 3 && heardWords.has(w) && !said.has(w),
    );
    expect(echoed).toEqual([]);
    expect(ai.at(-1)).toMatch(/Goodbye/);
    expect(client.messages.filter((m) => m.event === 'metrics').length).toBeGreaterThanOrEqual(2);
    client.close();

    const [row] = await t.database.db.select().from(interviews).where(eq(interviews.id, interviewId));
    // Completed; the review pipeline may already have picked it up.
    expect(['completed', 'under_review']).toContain(row!.status);
    expect(row!.completedAt).not.toBeNull();
    const res = await t.get(`/api/interviews/${interviewId}/transcript`, token);
    expect(res.statusCode).toBe(200);
    const turns = res.json().turns as { seq: number; speaker: string; text: string }[];
    expect(turns.map((x) => x.speaker)).toEqual(['ai', 'user', 'ai', 'user', 'ai']);
    expect(turns[1]!.text).toBe(users[0]);
    expect(turns[4]!.text).toBe(ai.at(-1));
  }, 120000);
});
