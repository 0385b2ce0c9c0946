import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderPage } from '../../../test/page-harness';
import { QualityPage } from './QualityPage';

const rater = (over: Record<string, unknown>) => ({
  user_id: 'r1',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  paused_reason: null,
  tasks_rated: 4,
  gold_rated: 3,
  gold_mean_abs_error: 0.33,
  bias: 0.1,
  agreement: 0.75,
  status: 'active',
  ...over,
});

const report = {
  krippendorff_alpha: 0.712,
  items_total: 8,
  items_compared: 8,
  items_needing_review: 2,
  review_queue_count: 5,
  unassigned_tasks: 0,
  settings: { pause_gold_error_above: 1, pause_min_gold_items: 5 },
  work_sample_prediction: { r: 0.62, n: 14 },
  raters: [
    rater({}),
    rater({ user_id: 'r2', name: 'Carol Careless', email: 'carol@example.com', gold_mean_abs_error: 2.5 }),
    rater({ user_id: 'r3', name: 'Dan Done', email: 'dan@example.com', gold_rated: 5, gold_mean_abs_error: 0.4 }),
  ],
};

describe('QualityPage (issue 34)', () => {
  it("explains alpha, says what needs review in the queue, and how many gold items decide a rater's pause", async () => {
    mockApi({
      'GET /admin/jobs/j1': { body: { id: 'j1', title: 'Poster Critic' } },
      'GET /admin/jobs/j1/quality': { body: report },
    });
    renderPage('/admin/jobs/j1/quality', '/admin/jobs/:jobId/quality', <QualityPage />);
    const alpha = await screen.findByRole('region', { name: "Krippendorff's alpha" });
    expect(alpha).toHaveTextContent('0.712');
    expect(alpha).toHaveTextContent('0.80 or more: raters agree; the ratings can be relied on.');
    expect(alpha).toHaveTextContent('0.67 to 0.80: fair agreement; use the ratings for tentative conclusions only.');
    expect(alpha).toHaveTextContent(
      'Below 0.67: too little agreement; check the instructions, the items and the raters.',
    );
    expect(screen.getByRole('region', { name: 'Items needing review' })).toHaveTextContent(
      '2In the review queue, ratings more than one point apart',
    );
    const rows = within(screen.getByRole('table', { name: 'Raters' })).getAllByRole('row');
    const carol = rows.find((r) => r.textContent?.includes('Carol Careless'))!;
    expect(carol).toHaveTextContent('Over the limit: 2 more gold items decide the pause.');
    for (const name of ['Ada Lovelace', 'Dan Done'])
      expect(rows.find((r) => r.textContent?.includes(name))).not.toHaveTextContent('Over the limit');
  });
});

describe('QualityPage work sample prediction (issue 46)', () => {
  const open = async (prediction: { r: number | null; n: number }) => {
    mockApi({
      'GET /admin/jobs/j1': { body: { id: 'j1', title: 'Poster Critic' } },
      'GET /admin/jobs/j1/quality': { body: { ...report, work_sample_prediction: prediction } },
    });
    renderPage('/admin/jobs/j1/quality', '/admin/jobs/:jobId/quality', <QualityPage />);
    return screen.findByRole('region', { name: 'Does the work sample predict?' });
  };

  it('says how well the work sample predicted the first paid work', async () => {
    expect(await open({ r: 0.62, n: 14 })).toHaveTextContent('Work sample vs. first paid work: r = 0.62, n = 14');
  });

  it('says when there are not enough accepted raters yet', async () => {
    expect(await open({ r: null, n: 2 })).toHaveTextContent(
      'Work sample vs. first paid work: not enough accepted raters yet (n = 2)',
    );
  });
});
