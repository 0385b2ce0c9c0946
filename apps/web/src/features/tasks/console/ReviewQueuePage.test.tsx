import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReviewItem, ReviewRating } from '@app/shared';
import { mockApi, renderPage } from '../../../test/page-harness';
import { ReviewQueuePage, UNDO_MS } from './ReviewQueuePage';

afterEach(() => vi.useRealTimers());

const record = {
  tasks_rated: 8,
  gold_rated: 5,
  gold_mean_abs_error: 2.2,
  bias: 2.2,
  agreement: 0.25,
  status: 'paused',
};
const rating = (task_id: string, rater_name: string, value: number, review: ReviewRating['review']): ReviewRating => ({
  task_id,
  rater_id: `u-${rater_name}`,
  rater_name,
  rating: value,
  notes: `${rater_name}'s notes`,
  submitted_at: '2026-11-25T10:00:00Z',
  review,
  auto_approved: review === 'approved',
  rater: record as ReviewRating['rater'],
});
const item = (n: number, ratings: ReviewRating[], gold: number | null): ReviewItem => ({
  item_id: `i${n}`,
  task_name: `Rate headline ${n}`,
  task_description: 'How clear is it?',
  instructions: 'Read it once.',
  data_to_annotate: { title: `Headline ${n}`, data_type: 'text', data_content: { text: `Headline text ${n}` } },
  gold,
  consensus: 3,
  spread: 3,
  needs_review: true,
  ratings,
});

/** A queue server: reviewed ratings leave it, and an item leaves with its last waiting rating. */
function queueServer(items: ReviewItem[]) {
  const reviews: Record<string, unknown> = {};
  const pending = () =>
    items
      .map((i) => ({
        ...i,
        ratings: i.ratings.map((r) => (reviews[r.task_id] ? { ...r, review: 'approved' as const } : r)),
      }))
      .filter((i) => i.ratings.some((r) => r.review === 'pending'));
  const review = (id: string) => (init: RequestInit | undefined) => {
    reviews[id] = JSON.parse(String(init?.body));
    return { body: { id } };
  };
  const routes = {
    'GET /jobs/j1': { body: { id: 'j1', title: 'Headline Rater' } },
    'GET /admin/jobs/j1/review-queue': () => ({ body: { total: pending().length, items: pending() } }),
    ...Object.fromEntries(
      items.flatMap((i) => i.ratings.map((r) => [`POST /admin/tasks/${r.task_id}/review`, review(r.task_id)])),
    ),
  };
  return { routes, reviews };
}

const render = () => renderPage('/admin/jobs/j1/review', '/admin/jobs/:jobId/review', <ReviewQueuePage />);

describe('ReviewQueuePage', { timeout: 20_000 }, () => {
  it('shows an item with its ratings, gold and rater records, and clears the queue with the keyboard', async () => {
    const user = userEvent.setup();
    const server = queueServer([
      item(1, [rating('t0', 'Ann', 4, 'approved'), rating('t1', 'Carol', 1, 'pending')], 4),
      item(2, [rating('t2', 'Carol', 5, 'pending'), rating('t3', 'Dan', 2, 'pending')], null),
    ]);
    mockApi(server.routes);
    const view = render();

    expect(await screen.findByRole('heading', { name: 'Rate headline 1' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Review queue: Headline Rater' })).toBeInTheDocument();
    expect(screen.getByTestId('review-position')).toHaveTextContent('Item 1 of 2');
    expect(screen.getByText('Headline text 1')).toBeInTheDocument();
    const itemFacts = screen.getByRole('region', { name: 'Item' });
    expect(within(itemFacts).getByText('4 / 5')).toBeInTheDocument();
    const [ann, carol] = screen.getAllByTestId('review-rating');
    expect(ann).toHaveTextContent('Approved automatically');
    expect(carol).toHaveTextContent("Carol's notes");
    expect(carol).toHaveTextContent('3 points below gold');
    expect(within(carol!).getByLabelText("Carol's record")).toHaveTextContent('Gold error2.20Bias+2.20Agreement25%');
    expect(within(carol!).getByText('Paused')).toBeInTheDocument();
    expect(carol).toHaveAttribute('aria-current', 'true');
    const shortcuts = screen.getByLabelText('Keyboard shortcuts');
    expect(shortcuts).toHaveTextContent('A approve');
    expect(shortcuts).toHaveTextContent('J or N next item');

    // J and K move between items without deciding anything.
    await user.keyboard('j');
    expect(screen.getByRole('heading', { name: 'Rate headline 2' })).toBeInTheDocument();
    await user.keyboard('k');
    expect(screen.getByRole('heading', { name: 'Rate headline 1' })).toBeInTheDocument();

    // A approves the highlighted rating, asking nothing; the item is done, so the next one opens. The
    // approval is held a few seconds for Undo, and sent with the next decision (issue 34).
    await user.keyboard('a');
    expect(await screen.findByRole('heading', { name: 'Rate headline 2' })).toBeInTheDocument();
    expect(screen.getByText("Approved Carol's rating.")).toBeInTheDocument();
    expect(server.reviews.t1).toBeUndefined();

    // R opens the reason, focused and empty; an empty reason sends nothing; typed letters are not shortcuts.
    await user.keyboard('r');
    const reason = screen.getByLabelText("Reason for rejecting Carol's rating (the rater sees it)");
    expect(reason).toHaveFocus();
    expect(reason).toHaveValue('');
    await user.keyboard('{Enter}');
    expect(server.reviews.t2).toBeUndefined();
    await user.type(reason, 'A five for a vague headline: read it again.{Enter}');
    await waitFor(() =>
      expect(server.reviews.t2).toEqual({ approved: false, reason: 'A five for a vague headline: read it again.' }),
    );
    expect(server.reviews.t1).toEqual({ approved: true });
    expect(Object.keys(server.reviews)).toEqual(['t1', 't2']);

    // Dan's rating on the same item is next.
    const dan = screen.getAllByTestId('review-rating').find((el) => el.textContent?.includes('Dan'))!;
    await waitFor(() => expect(dan).toHaveAttribute('aria-current', 'true'));
    await user.keyboard('a');
    expect(await screen.findByText('Review queue is empty')).toBeInTheDocument();
    // Leaving the screen sends the approval still held.
    view.unmount();
    await waitFor(() => expect(server.reviews.t3).toEqual({ approved: true }));
  });

  it('Escape leaves the reason without rejecting, and the buttons work as the keys do', async () => {
    const user = userEvent.setup();
    const server = queueServer([item(1, [rating('t1', 'Carol', 1, 'pending')], 4)]);
    mockApi(server.routes);
    render();

    await user.click(await screen.findByRole('button', { name: "Reject Carol's rating" }));
    const reason = screen.getByLabelText("Reason for rejecting Carol's rating (the rater sees it)");
    expect(reason).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(reason).not.toBeInTheDocument();
    expect(server.reviews.t1).toBeUndefined();

    await user.click(screen.getByRole('button', { name: "Approve Carol's rating" }));
    expect(await screen.findByText('Review queue is empty')).toBeInTheDocument();
    // Undo brings the rating back, nothing sent.
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByRole('button', { name: "Approve Carol's rating" })).toBeInTheDocument();
    expect(server.reviews.t1).toBeUndefined();
  });

  it('sends a held approval once the undo time is up, and U undoes one (issue 34)', async () => {
    const server = queueServer([
      item(1, [rating('t1', 'Carol', 1, 'pending')], 4),
      item(2, [rating('t2', 'Dan', 3, 'pending')], null),
    ]);
    mockApi(server.routes);
    render();
    await screen.findByRole('heading', { name: 'Rate headline 1' });
    // A rating far from gold says so before it is approved.
    expect(
      screen.getByText('3 points below gold: far from the reference, check before approving.'),
    ).toBeInTheDocument();

    vi.useFakeTimers();
    fireEvent.keyDown(window, { key: 'a' });
    expect(screen.getByRole('heading', { name: 'Rate headline 2' })).toBeInTheDocument();
    fireEvent.keyDown(window, { key: 'u' });
    expect(screen.getByRole('heading', { name: 'Rate headline 1' })).toBeInTheDocument();
    expect(screen.queryByText("Approved Carol's rating.")).toBeNull();

    fireEvent.keyDown(window, { key: 'a' });
    act(() => vi.advanceTimersByTime(UNDO_MS - 1));
    expect(server.reviews.t1).toBeUndefined();
    act(() => vi.advanceTimersByTime(1));
    vi.useRealTimers();
    await waitFor(() => expect(server.reviews.t1).toEqual({ approved: true }));
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
  });
});
