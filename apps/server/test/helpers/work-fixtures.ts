/**
 * Fixtures for the interview → tasks → earnings tests: a job, a candidate accepted for it through
 * the provider's decision endpoint, and tasks created through the provider API.
 */
import { eq, sql } from 'drizzle-orm';
import type { Interview } from '@app/shared';
import type { Db } from '../../src/db/client';
import { annotationTasks, earnings, jobs, users } from '../../src/db/schema';
import { createInterview } from '../../src/interview/interviews';
import { bearer, type TestContext } from './build';

export type Candidate = { token: string; user: { id: string; email: string } };

/** Marks the account's onboarding finished (practice interviews need it; decision 0169). */
export async function markProfileComplete(db: Db, userId: string) {
  await db.update(users).set({ profileCompleted: true }).where(eq(users.id, userId));
}

/** A job written straight to the database, for tests that need one without going through the provider API. */
export async function insertJob(db: Db, values: Partial<typeof jobs.$inferInsert> = {}) {
  const [row] = await db
    .insert(jobs)
    .values({ title: 'Photo Rater', description: 'Rate photos.', positionType: 'Freelance', ...values })
    .returning();
  return row!;
}

/** A job as the admin form sends it, with every field filled in. */
export const fullJobForm = {
  title: 'Storyboard Reviewer',
  description: 'Rate storyboards for clarity.',
  position_type: 'Freelance',
  pay_per_hour: 38.5,
  availability: 'Remote',
  skills: [{ name: 'Storyboarding', description: 'Panels and pacing' }],
  custom_questions: ['What makes a storyboard readable?'],
  interview_type: 'custom_questions',
};

export async function postJob(
  t: TestContext,
  admin: string,
  overrides: Record<string, unknown> = {},
): Promise<{ id: string; title: string; position_type: string; pay_per_hour: number | null }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/jobs',
    headers: bearer(admin),
    payload: {
      title: 'Illustration Rater',
      description: 'Rate illustrations for composition and craft.',
      position_type: 'Freelance',
      pay_per_hour: 30,
      ...overrides,
    },
  });
  if (res.statusCode !== 201) throw new Error(`job create failed: ${res.body}`);
  return res.json();
}

/** A candidate whose completed interview for the job the provider approved. */
export async function acceptedCandidate(
  t: TestContext,
  admin: string,
  jobId: string,
): Promise<{ candidate: Candidate; interview: Interview }> {
  const candidate = await t.signUp();
  const interview = await createInterview(t.database.db, {
    jobId,
    candidateId: candidate.user.id,
    status: 'completed',
    completedAt: new Date(),
  });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/admin/interviews/${interview.id}/decision`,
    headers: bearer(admin),
    payload: { decision: 'approved' },
  });
  if (res.statusCode !== 200) throw new Error(`decision failed: ${res.body}`);
  return { candidate, interview: res.json() };
}

export const sampleTask = (overrides: Record<string, unknown> = {}) => ({
  task_name: 'Rate the poster',
  task_description: 'A concert poster for a jazz night.',
  instructions: 'Rate composition and legibility; note what would improve it.',
  data_to_annotate: {
    title: 'Jazz night poster',
    description: 'Two-colour screen print',
    data_type: 'image',
    data_url: '/api/files/0b9f3c1e-8d4a-4d7e-9a51-2f8e2c6d1a10',
  },
  ...overrides,
});

export async function createTasks(
  t: TestContext,
  admin: string,
  jobId: string,
  tasks: Record<string, unknown>[],
): Promise<Array<{ id: string; status: string; assignee_id: string | null }>> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/admin/jobs/${jobId}/tasks`,
    headers: bearer(admin),
    payload: { tasks },
  });
  if (res.statusCode !== 201) throw new Error(`task create failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/**
 * Earnings straight into the table (the ledger trigger posts them), one per new task assigned to
 * `userId`. Returns the earnings' and their tasks' ids, in the order of `cents`.
 */
export async function seedEarnings(
  t: TestContext,
  admin: string,
  jobId: string,
  userId: string,
  cents: number[],
  status: 'available' | 'pending' = 'available',
): Promise<{ earningIds: string[]; taskIds: string[] }> {
  const tasks = await createTasks(
    t,
    admin,
    jobId,
    cents.map(() => sampleTask({ assignee_id: userId })),
  );
  const rows = await t.database.db
    .insert(earnings)
    .values(
      cents.map((c, i) => ({
        userId,
        taskId: tasks[i]!.id,
        jobId,
        amountCents: c,
        secondsBilled: 3600,
        isoWeek: '2026-W40',
        status,
      })),
    )
    .returning({ id: earnings.id });
  return { earningIds: rows.map((r) => r.id), taskIds: tasks.map((task) => task.id) };
}

/**
 * The assignee starts the task and submits `review`; with `seconds`, the start is first moved back as
 * if they had worked that long. Returns the submit reply for the caller to check.
 */
export async function workOnTask(t: TestContext, token: string, taskId: string, review: object, seconds?: number) {
  await t.post(`/api/annotations/${taskId}/start`, token);
  if (seconds !== undefined) await backdateStart(t, taskId, seconds);
  return t.post(`/api/annotations/${taskId}/submit`, token, review);
}

/**
 * Moves a started task's start time back, as if the candidate had worked that long. The work they
 * were already paid for moves back as far, so this work follows it instead of overlapping it (time
 * is billed once, decision 0144).
 */
export async function backdateStart(t: TestContext, taskId: string, seconds: number) {
  const [task] = await t.database.db
    .update(annotationTasks)
    .set({ startedAt: new Date(Date.now() - seconds * 1000) })
    .where(eq(annotationTasks.id, taskId))
    .returning({ assigneeId: annotationTasks.assigneeId });
  if (!task?.assigneeId) return;
  const back = sql`make_interval(secs => ${seconds})`;
  await t.database.db
    .update(earnings)
    .set({
      workStartedAt: sql`${earnings.workStartedAt} - ${back}`,
      workEndedAt: sql`${earnings.workEndedAt} - ${back}`,
    })
    .where(eq(earnings.userId, task.assigneeId));
}

/** Seconds the server will bill for a submitted task, from the timestamps it returned. */
export const workedSeconds = (task: { started_at: string | null; submitted_at: string | null }) =>
  Math.floor((Date.parse(task.submitted_at!) - Date.parse(task.started_at!)) / 1000);
