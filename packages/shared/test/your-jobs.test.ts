import { describe, expect, it } from 'vitest';
import {
  activeTasksText,
  classifyJobs,
  feedbackProblem,
  interviewBadge,
  isTaskSubmitted,
  ONBOARDING_ITEM_KEYS,
  ONBOARDING_ITEM_TITLES,
  shortId,
  taskActionLabel,
  taskBadge,
  taskBlockedMessage,
  taskNeedsStart,
} from '../src';

const iv = (id: string, status: string, acceptance_status: string | null = 'accepted', job_id: string | null = id) => ({
  id,
  job_id,
  status,
  acceptance_status,
});
const task = (job_id: string, status: string) => ({ job_id, status });

describe('classifyJobs (docs/product/rules.md)', () => {
  it.each([
    // [case, interview status, acceptance, task statuses, expected]
    ['not accepted', 'scheduled', null, [], 'none'],
    ['declined', 'completed', 'declined', ['completed'], 'none'],
    ['accepted, no tasks yet', 'approved', 'accepted', [], 'active'],
    ['accepted completed interview, no tasks yet', 'completed', 'accepted', [], 'active'],
    ['a task assigned', 'approved', 'accepted', ['assigned', 'completed'], 'active'],
    ['a task in progress', 'completed', 'accepted', ['in_progress', 'reviewed'], 'active'],
    ['interview in progress, tasks finished', 'in_progress', 'accepted', ['completed'], 'active'],
    ['interview scheduled, tasks pending', 'scheduled', 'accepted', ['pending'], 'active'],
    ['completed, all tasks completed or reviewed', 'completed', 'accepted', ['completed', 'reviewed'], 'completed'],
    ['completed, one task still pending', 'completed', 'accepted', ['completed', 'pending'], 'none'],
    ['approved, all tasks finished', 'approved', 'accepted', ['reviewed', 'completed'], 'completed'],
    ['approved, only pending tasks', 'approved', 'accepted', ['pending'], 'none'],
  ] as const)('%s → %s', (_label, status, acceptance, taskStatuses, expected) => {
    const { active, completed } = classifyJobs(
      [iv('j1', status, acceptance)],
      taskStatuses.map((s) => task('j1', s)),
    );
    const where = active.length ? 'active' : completed.length ? 'completed' : 'none';
    expect(where).toBe(expected);
    expect(active.length + completed.length).toBeLessThanOrEqual(1);
  });

  it('groups each job’s own tasks and ignores other jobs’ tasks', () => {
    const { active, completed } = classifyJobs(
      [iv('j1', 'completed'), iv('j2', 'approved')],
      [task('j1', 'completed'), task('j2', 'assigned'), task('j3', 'assigned')],
    );
    expect(completed.map((j) => [j.interview.id, j.tasks.length])).toEqual([['j1', 1]]);
    expect(active.map((j) => [j.interview.id, j.tasks.length])).toEqual([['j2', 1]]);
  });

  it('gives an interview without a job no tasks', () => {
    const { active } = classifyJobs([iv('x', 'approved', 'accepted', null)], [task('j1', 'completed')]);
    expect(active[0]!.tasks).toEqual([]);
  });
});

describe('badges', () => {
  it.each([
    ['scheduled', 'Scheduled', 'blue'],
    ['in_progress', 'In Progress', 'yellow'],
    ['completed', 'Completed', 'green'],
    ['approved', 'Pending', 'grey'],
    ['something_new', 'Pending', 'grey'],
    [null, 'Pending', 'grey'],
  ])('interview %j → %s %s', (status, label, color) => {
    expect(interviewBadge(status)).toEqual({ label, color });
  });

  it.each([
    ['pending', 'Pending', 'grey'],
    ['assigned', 'Assigned', 'blue'],
    ['in_progress', 'In Progress', 'yellow'],
    ['completed', 'Completed', 'green'],
    ['reviewed', 'Reviewed', 'purple'],
    ['??', 'Pending', 'grey'],
  ])('task %j → %s %s', (status, label, color) => {
    expect(taskBadge(status)).toEqual({ label, color });
  });
});

describe('task cards and actions', () => {
  it.each([
    [[], 'Tasks Being Prepared'],
    [['assigned'], '1 Active Task'],
    [['assigned', 'in_progress', 'completed'], '2 Active Tasks'],
    [['completed', 'pending'], '0 Active Tasks'],
  ])('%j → %s', (statuses, text) => {
    expect(activeTasksText(statuses.map((status) => ({ status })))).toBe(text);
  });

  it.each([
    ['in_progress', 'Continue'],
    ['assigned', 'Start'],
    ['pending', 'Start'],
    ['completed', 'View'],
    ['reviewed', 'View'],
  ])('status %s → button %s', (status, label) => {
    expect(taskActionLabel(status)).toBe(label);
  });

  it('shortens ids to 8 characters', () => {
    expect(shortId('0f8fad5b-d9cb-469f-a165-70867728950e')).toBe('0f8fad5b');
    expect(shortId('abc')).toBe('abc');
  });

  it.each([
    ['pending', 'This task is not yet available. Tasks can only be started when the project enters the active phase.'],
    ['completed', 'This project has ended.'],
    ['archived', 'This project has been archived.'],
    ['active', null],
    [undefined, null],
  ])('job %j blocks with %j', (jobStatus, message) => {
    expect(taskBlockedMessage(jobStatus)).toBe(message);
  });

  it.each([
    ['assigned', true, false],
    ['in_progress', false, false],
    ['pending', false, false],
    ['completed', false, true],
    ['reviewed', false, true],
  ])('%s: start call %s, submitted %s', (status, start, submitted) => {
    expect(taskNeedsStart(status)).toBe(start);
    expect(isTaskSubmitted(status)).toBe(submitted);
  });
});

describe('feedbackProblem', () => {
  it.each([
    [0, 'great', 'Please provide a quality rating'],
    [0, '', 'Please provide a quality rating'],
    [3, '', 'Please provide feedback notes'],
    [3, '   \n ', 'Please provide feedback notes'],
    [1, 'ok', null],
    [5, ' fine ', null],
  ])('rating %i, notes %j → %j', (rating, notes, problem) => {
    expect(feedbackProblem(rating, notes)).toBe(problem);
  });
});

it('lists the seven onboarding items in order', () => {
  expect(ONBOARDING_ITEM_KEYS.map((k) => ONBOARDING_ITEM_TITLES[k])).toEqual([
    'Sign Terms of Work Document',
    'Sign CIIAA Document',
    'Sign W-9 / W-8BEN Form',
    'Sign Time Tracking Document (no monitoring)',
    'Acknowledge Payout Policies',
    'Sign your offer letter',
    'Setup Payments',
  ]);
});
