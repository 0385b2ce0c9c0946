import { eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { interviews, jobs, transcriptTurns, users } from '../../src/db/schema';

/** A conversation with a good candidate for a UI design rating job. */
export const GOOD_CONVERSATION: [speaker: 'ai' | 'user', text: string][] = [
  ['ai', 'Hi! Thanks for joining. Could you tell me about your background in design?'],
  [
    'user',
    'Sure. I have been a product designer for 7 years, mostly in Figma, and before that I did brand identity work for small clients. I designed the onboarding flow for a fintech app used by two million people.',
  ],
  ['ai', 'How do you critique a layout someone else made?'],
  [
    'user',
    'I start with hierarchy, because the eye needs one clear entry point. Then I look at contrast and typography. If the layout works well I say why, and if the spacing is inconsistent I suggest how to improve it instead of only pointing at the problem.',
  ],
  ['ai', 'Which tools do you use for prototyping and for illustration?'],
  [
    'user',
    'Figma for wireframes and prototypes, Illustrator for vector illustration, and Photoshop for retouching. I keep a portfolio of case studies that shows the whole process.',
  ],
  ['ai', 'Describe a time you gave difficult feedback.'],
  [
    'user',
    'A junior designer had a landing page that was too busy. I told her the strength was the color palette, however the composition lacked balance, and we removed half the elements together. The page converted better afterwards.',
  ],
];

export async function seedInterview(
  db: Db,
  opts: {
    conversation?: [speaker: 'ai' | 'user', text: string][];
    status?: 'completed' | 'in_progress' | 'under_review';
    skills?: { name: string; description: string }[];
    customQuestions?: string[];
    email?: string;
    /** An existing user (e.g. signed up through the API, so it can log in); otherwise one is inserted. */
    candidateId?: string;
    /** An existing job; otherwise a 'UI Design Rater' job is inserted. */
    jobId?: string;
  } = {},
) {
  const [candidate] = opts.candidateId
    ? await db.select().from(users).where(eq(users.id, opts.candidateId))
    : await db
        .insert(users)
        .values({
          email: opts.email ?? `cand-${Math.random().toString(36).slice(2, 8)}@example.test`,
          passwordHash: 'x',
          name: 'Dana Rivers',
        })
        .returning();
  const [job] = opts.jobId
    ? await db.select().from(jobs).where(eq(jobs.id, opts.jobId))
    : await db
        .insert(jobs)
        .values({
          title: 'UI Design Rater',
          description: 'Rate interface designs.',
          positionType: 'Part-time',
          skills: opts.skills ?? [
            { name: 'Figma', description: 'Prototyping' },
            { name: 'Typography', description: 'Type choices' },
            { name: 'Motion design', description: 'Animation' },
          ],
          customQuestions: opts.customQuestions ?? ['How do you critique a layout someone else made?'],
        })
        .returning();
  const start = new Date('2026-11-20T10:00:00Z');
  const [interview] = await db
    .insert(interviews)
    .values({
      jobId: job!.id,
      candidateId: candidate!.id,
      status: opts.status ?? 'completed',
      startedAt: start,
      completedAt: opts.status === 'in_progress' ? null : new Date(start.getTime() + 600_000),
      // An interview in progress is held by a live session now, which keeps this fresh: the sweep of
      // abandoned interviews (decision 0225) must not end it under the test.
      lastActiveAt: opts.status === 'in_progress' ? new Date() : null,
    })
    .returning();
  const conversation = opts.conversation ?? GOOD_CONVERSATION;
  let offset = 0;
  if (conversation.length) {
    await db.insert(transcriptTurns).values(
      conversation.map(([speaker, text], seq) => {
        const duration = Math.max(2, Math.round(text.split(/\s+/).length / 2.5));
        const row = {
          interviewId: interview!.id,
          seq,
          speaker,
          text,
          startedAt: new Date(start.getTime() + offset * 1000),
          endedAt: new Date(start.getTime() + (offset + duration) * 1000),
          offsetSeconds: offset,
        };
        offset += duration + 1;
        return row;
      }),
    );
  }
  return { candidate: candidate!, job: job!, interview: interview! };
}

export async function readInterview(db: Db, id: string) {
  const [row] = await db.select().from(interviews).where(eq(interviews.id, id));
  return row!;
}
