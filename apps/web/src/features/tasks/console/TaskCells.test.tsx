import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminTask } from '@app/shared';
import { mockApi, renderPage } from '../../../test/page-harness';
import { ReviewCell } from './TaskCells';

const task = {
  id: 't1',
  task_name: 'Rate the poster',
  status: 'completed',
  review_approved: null,
  auto_approved: false,
  review_reason: null,
} as AdminTask;

describe('ReviewCell', { timeout: 15_000 }, () => {
  it('asks for the reason before a rejection and sends it', async () => {
    const user = userEvent.setup();
    let body: unknown = null;
    mockApi({
      'POST /admin/tasks/t1/review': (init) => {
        body = JSON.parse(String(init?.body));
        return { body: { ...task, review_approved: false } };
      },
    });
    renderPage('/admin/tasks', '/admin/tasks', <ReviewCell task={task} />);

    await user.click(screen.getByRole('button', { name: 'Reject Rate the poster' }));
    const reason = screen.getByLabelText('Reason for rejecting Rate the poster');
    expect(reason).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Reject' })).toBeDisabled();
    await user.type(reason, 'The notes do not match the rating.');
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(body).toEqual({ approved: false, reason: 'The notes do not match the rating.' }));
  });

  it('shows a decided review with its reason, and an automatic approval as such', () => {
    mockApi({});
    const { unmount } = renderPage(
      '/admin/tasks',
      '/admin/tasks',
      <ReviewCell task={{ ...task, review_approved: false, review_reason: 'Off topic.' }} />,
    );
    expect(screen.getByText('Rejected')).toBeInTheDocument();
    expect(screen.getByText('Off topic.')).toBeInTheDocument();
    unmount();
    renderPage(
      '/admin/tasks',
      '/admin/tasks',
      <ReviewCell task={{ ...task, review_approved: true, auto_approved: true }} />,
    );
    expect(screen.getByText('Accepted (automatic)')).toBeInTheDocument();
  });
});
