import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminCandidateListItem } from '@app/shared';
import { mockApi, renderPage } from '../../../test/page-harness';
import { UploadTasks } from './UploadTasks';

const accepted = ['ann', 'bo', 'cy'].map(
  (n) => ({ id: n, email: `${n}@example.com`, name: n }) as AdminCandidateListItem,
);
const csv = [
  'task_name,data_type,text,gold_rating',
  'Rate A,text,First headline,4',
  'Rate B,text,Second headline,',
  'Rate C,text,Third headline,2',
].join('\n');

const render = () =>
  renderPage('/admin/tasks', '/admin/tasks', <UploadTasks jobId="j1" accepted={accepted} openLoad={new Map()} />);

describe('UploadTasks', { timeout: 20_000 }, () => {
  it('sends raters per item and the gold answers, then has the server distribute the copies', async () => {
    const user = userEvent.setup();
    let sent: unknown = null;
    const api = mockApi({
      'POST /admin/jobs/j1/tasks': (init) => {
        sent = JSON.parse(String(init?.body));
        return { status: 201, body: Array.from({ length: 9 }, (_, i) => ({ id: `t${i}`, assignee_id: null })) };
      },
      'POST /admin/jobs/j1/tasks/distribute': { body: { assigned: 9 } },
    });
    render();

    await user.upload(screen.getByLabelText('Task file (JSON or CSV)'), new File([csv], 'items.csv'));
    expect(await screen.findByTestId('task-file-summary')).toHaveTextContent('3 tasks ready, 2 with a gold rating.');
    const raters = screen.getByLabelText('Raters per item');
    expect(raters).toHaveValue(1);
    await user.clear(raters);
    await user.type(raters, '3');
    // One candidate cannot rate every copy of an item.
    expect(screen.getByLabelText('One candidate')).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Create 9 tasks' }));

    expect(await screen.findByText('Created 9 tasks for 3 items (3 raters per item); 9 assigned.')).toBeInTheDocument();
    expect(sent).toEqual({
      raters_per_item: 3,
      tasks: [
        {
          task_name: 'Rate A',
          task_description: '',
          instructions: '',
          gold_rating: 4,
          data_to_annotate: { data_type: 'text', data_content: { text: 'First headline' } },
        },
        {
          task_name: 'Rate B',
          task_description: '',
          instructions: '',
          data_to_annotate: { data_type: 'text', data_content: { text: 'Second headline' } },
        },
        {
          task_name: 'Rate C',
          task_description: '',
          instructions: '',
          gold_rating: 2,
          data_to_annotate: { data_type: 'text', data_content: { text: 'Third headline' } },
        },
      ],
    });
    const calls = api.mock.calls.map(
      ([url, init]) => `${init?.method ?? 'GET'} ${new URL(String(url), 'http://x').pathname}`,
    );
    expect(calls.filter((c) => c.startsWith('POST'))).toEqual([
      'POST /api/admin/jobs/j1/tasks',
      'POST /api/admin/jobs/j1/tasks/distribute',
    ]);
  });

  it("refuses a raters number out of range, and says the server's refusal to distribute next to the created tasks", async () => {
    const user = userEvent.setup();
    mockApi({
      'POST /admin/jobs/j1/tasks': { status: 201, body: Array.from({ length: 6 }, (_, i) => ({ id: `t${i}` })) },
      'POST /admin/jobs/j1/tasks/distribute': {
        status: 409,
        body: { detail: 'This job has no active raters: approve an interview or unpause a rater first.' },
      },
    });
    render();
    await user.upload(screen.getByLabelText('Task file (JSON or CSV)'), new File([csv], 'items.csv'));
    const raters = screen.getByLabelText('Raters per item');
    await user.clear(raters);
    await user.type(raters, '12');
    expect(screen.getByText('A whole number from 1 to 9')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Create/ })).toBeDisabled();

    await user.clear(raters);
    await user.type(raters, '2');
    await user.click(screen.getByRole('button', { name: 'Create 6 tasks' }));
    expect(
      await screen.findByText(
        'Created 6 tasks for 3 items (2 raters per item); not assigned: This job has no active raters: approve an interview or unpause a rater first.',
      ),
    ).toHaveAttribute('role', 'status');
  });

  it('adds work-sample items with their gold ratings, refusing a file where one has none, and never assigns them', async () => {
    const user = userEvent.setup();
    let sent: unknown = null;
    const api = mockApi({
      'POST /admin/jobs/j1/tasks': (init) => {
        sent = JSON.parse(String(init?.body));
        const { tasks } = sent as { tasks: { task_name: string; gold_rating: number }[] };
        return {
          status: 201,
          body: tasks.map((t, i) => ({
            item_id: `w${i}`,
            pool: 'work_sample',
            work_sample: true,
            task_name: t.task_name,
            gold_rating: t.gold_rating,
          })),
        };
      },
    });
    render();

    await user.click(screen.getByRole('radio', { name: /Work-sample items/ }));
    // Raters and assignment belong to paid tasks only.
    expect(screen.queryByLabelText('Raters per item')).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Assign to' })).not.toBeInTheDocument();
    await user.upload(screen.getByLabelText('Task file (JSON or CSV)'), new File([csv], 'items.csv'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Item 3: gold_rating: A work-sample or example item needs its gold_rating',
    );
    expect(screen.getByRole('button', { name: /^Add/ })).toBeDisabled();

    const golds = csv.replace('Second headline,', 'Second headline,5');
    await user.upload(screen.getByLabelText('Task file (JSON or CSV)'), new File([golds], 'items.csv'));
    expect(await screen.findByTestId('task-file-summary')).toHaveTextContent('3 work-sample items ready.');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add 3 work-sample items' }));

    expect(await screen.findByText('Added 3 work-sample items: see them under Work sample.')).toHaveAttribute(
      'role',
      'status',
    );
    const { tasks } = sent as { tasks: Record<string, unknown>[] };
    expect(tasks.map((t) => [t.task_name, t.gold_rating, t.work_sample, t.assignee_id])).toEqual([
      ['Rate A', 4, true, undefined],
      ['Rate B', 5, true, undefined],
      ['Rate C', 2, true, undefined],
    ]);
    expect(sent).not.toHaveProperty('raters_per_item');
    // Nothing to distribute: pool items are never tasks.
    expect(api.mock.calls.some(([url]) => String(url).includes('/distribute'))).toBe(false);
  });

  it('adds practice examples with their explanations, and asks for one where it is missing', async () => {
    const user = userEvent.setup();
    let sent: { tasks: Record<string, unknown>[] } | null = null;
    mockApi({
      'POST /admin/jobs/j1/tasks': (init) => {
        sent = JSON.parse(String(init?.body)) as { tasks: Record<string, unknown>[] };
        return {
          status: 201,
          body: [
            { item_id: 'e1', pool: 'example', work_sample: false, task_name: 'Rate A', gold_rating: 4 },
            { item_id: 'e2', pool: 'example', work_sample: false, task_name: 'Rate C', gold_rating: 2 },
          ],
        };
      },
    });
    render();
    await user.click(screen.getByRole('radio', { name: /Practice examples/ }));
    const examples = [
      'task_name,data_type,text,gold_rating,explanation',
      'Rate A,text,First headline,4,"Clear, but long."',
      'Rate C,text,Third headline,2,',
    ].join('\n');
    await user.upload(screen.getByLabelText('Task file (JSON or CSV)'), new File([examples], 'ex.csv'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Item 3: explanation: An example item needs an explanation',
    );

    await user.upload(
      screen.getByLabelText('Task file (JSON or CSV)'),
      new File([examples.replace(/2,$/, '2,Vague.')], 'ex.csv'),
    );
    await user.click(await screen.findByRole('button', { name: 'Add 2 practice examples' }));
    expect(await screen.findByText('Added 2 practice examples: see them under Work sample.')).toBeInTheDocument();
    expect(sent!.tasks.map((t) => [t.example, t.explanation, t.work_sample])).toEqual([
      [true, 'Clear, but long.', undefined],
      [true, 'Vague.', undefined],
    ]);
  });
});
