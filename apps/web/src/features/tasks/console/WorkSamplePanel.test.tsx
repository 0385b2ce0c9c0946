import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { WorkSampleItem, WorkSamplePool } from '@app/shared';
import { mockApi, renderPage } from '../../../test/page-harness';
import { WorkSamplePanel } from './WorkSamplePanel';

const item = (id: string, name: string, over: Partial<WorkSampleItem> = {}): WorkSampleItem => ({
  item_id: id,
  pool: 'work_sample',
  work_sample: true,
  task_name: name,
  gold_rating: 4,
  explanation: null,
  item: { task_name: name, task_description: '', instructions: '', data_to_annotate: { data_type: 'text' } },
  served: 3,
  overexposed: false,
  created_at: '2026-11-20T10:00:00Z',
  ...over,
});

const pool = (over: Partial<WorkSamplePool> = {}): WorkSamplePool => ({
  job_id: 'j1',
  work_sample_count: 3,
  work_sample_seconds: 120,
  active: true,
  exposure_limit: 25,
  items: [
    item('w1', 'Festival poster', { served: 26, overexposed: true }),
    item('w2', 'Menu card', { gold_rating: 2 }),
    item('w3', 'Book cover'),
    item('e1', 'Practice flyer', { pool: 'example', work_sample: false, explanation: 'Busy layout.', served: 0 }),
  ],
  ...over,
});

const render = () => renderPage('/admin/tasks', '/admin/tasks', <WorkSamplePanel jobId="j1" />);

describe('WorkSamplePanel', () => {
  it('shows the sample on, each item with its gold and exposure, flags one to rotate, and retires it after asking', async () => {
    const user = userEvent.setup();
    let current = pool();
    const retired: string[] = [];
    mockApi({
      'GET /admin/jobs/j1/work-sample': () => ({ body: current }),
      'DELETE /admin/work-sample-items/w1': () => {
        retired.push('w1');
        current = pool({ active: false, items: current.items.filter((i) => i.item_id !== 'w1') });
        return { body: null };
      },
    });
    render();

    expect(await screen.findByTestId('work-sample-state')).toHaveTextContent(
      'On Each candidate rates 3 of the 3 work-sample items, 120 seconds each, at the end of the interview.',
    );
    const table = screen.getByRole('table', { name: 'Work-sample items' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .slice(0, 4)
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['Festival poster', 'Work sample', '4 / 5', '26 candidatesRotate: shown to more than 25 candidates'],
      ['Menu card', 'Work sample', '2 / 5', '3 candidates'],
      ['Book cover', 'Work sample', '4 / 5', '3 candidates'],
      ['Practice flyerBusy layout.', 'Practice example', '4 / 5', '0 candidates'],
    ]);

    await user.click(screen.getByRole('button', { name: 'Retire Festival poster' }));
    const dialog = await screen.findByRole('dialog', { name: 'Retire “Festival poster”?' });
    // The last three items of a three-item sample: retiring one switches it off, and the dialog says so.
    expect(dialog).toHaveTextContent('The sample needs 3 items: it stops until you add another.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(retired).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Retire Festival poster' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Retire' }));
    await waitFor(() => expect(screen.queryByText('Festival poster')).not.toBeInTheDocument());
    expect(retired).toEqual(['w1']);
    expect(screen.getByTestId('work-sample-state')).toHaveTextContent(
      'Off Needs 3 items, has 2: add work-sample items from a file above, or lower the count.',
    );
    expect(screen.getByRole('link', { name: 'Edit job' })).toHaveAttribute('href', '/admin/jobs/j1/edit');
  });

  it('says the sample is off when the job asks for no items, and when there are none yet', async () => {
    mockApi({ 'GET /admin/jobs/j1/work-sample': { body: pool({ work_sample_count: 0, active: false, items: [] }) } });
    render();
    expect(await screen.findByTestId('work-sample-state')).toHaveTextContent(
      'Off Items per candidate is 0 for this job.',
    );
    expect(screen.getByText('No work-sample items or practice examples yet.')).toBeInTheDocument();
  });
});
