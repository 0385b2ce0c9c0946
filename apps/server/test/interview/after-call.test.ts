/**
 * The after-call pipeline (issue 44 item 3) is one ordered list: answer audio → careful pass →
 * assessment → recording join → notifications. A completed interview starts its steps in that
 * order on the job queue.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestContext } from '../helpers/build';
import { afterCallSteps } from '../../src/wiring/after-call';
import { completeInterview } from '../../src/interview/interviews';
import { GOOD_CONVERSATION, seedInterview } from '../assessment/fixtures';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('after the call', () => {
  it('lists its steps in the order they run, each saying what it needs', async () => {
    // A queue that takes no handlers: the app's own queue has its steps already.
    const steps = afterCallSteps(t.app, { handle: () => undefined } as never);
    expect(steps.map((s) => s.name)).toEqual([
      'answer audio',
      'careful pass',
      'assessment',
      'recording join',
      'notifications',
    ]);
    for (const step of steps) expect(step.needs.length).toBeGreaterThan(10);
  });

  it('queues the assessment, then the recording join, then the candidate e-mail when an interview completes', async () => {
    const { interview, candidate } = await seedInterview(t.app.db, {
      conversation: GOOD_CONVERSATION,
      status: 'in_progress',
    });
    const send = vi.spyOn(t.app.queue, 'send');
    const interviewId = interview.id;
    await completeInterview(t.app.db, interviewId, candidate.id, t.app.events);
    await vi.waitFor(() => expect(send.mock.calls.map((c) => c[0])).toContain('send-email'), { timeout: 60_000 });
    const queues = send.mock.calls.map((c) => c[0]);
    expect(queues.slice(0, 3)).toEqual(['assess-interview', 'remux-recording', 'send-email']);
    expect(send.mock.calls[0]![1]).toEqual({ interviewId });
  });
});
