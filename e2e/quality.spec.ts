import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { DEFAULT_CANDIDATE_PROFILE, expect, test } from './fixtures';
import { acceptForJob, api, completeViaApi, registerViaApi, signInWithToken, uniqueEmail } from './helpers';

/**
 * Rating work a provider can trust (issue 26), in the browser: the provider uploads a three-rater job
 * with gold items through the provider, three raters rate it (one on the real task screen), the quality
 * view shows agreement, the chart and the rater paused for missing gold, the provider clears the review
 * queue with the keyboard, the rater reads the rejection's reason, and the dataset downloads.
 */
test.describe.configure({ timeout: 300_000 });

// Outside test-results/: every Playwright run empties that folder.
const shots = process.env.E2E_SHOTS_DIR ?? path.join(os.tmpdir(), 'quality-shots');
test.beforeAll(() => fs.mkdirSync(shots, { recursive: true }));
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });

type Rater = { token: string; id: string; name: string };
type MyTask = { id: string; task_name: string; data_to_annotate: { title?: string } };

// Eight headlines; the first six carry the provider's known answer.
const GOLD = [4, 2, 5, 3, 4, 1];
const ITEMS = Array.from({ length: 8 }, (_, i) => ({
  task_name: `Rate headline ${i + 1}`,
  title: `Headline ${i + 1}`,
  data_type: 'text',
  text: `Headline number ${i + 1}: fresh bread every morning, ${i + 1} ovens.`,
  instructions: 'How clear is the headline? 1 is unreadable, 5 is crystal clear.',
  ...(i < GOLD.length && { gold_rating: GOLD[i] }),
}));

async function newPage(browser: Browser, width = 1280, height = 900) {
  const context = await browser.newContext({ viewport: { width, height } });
  return context.newPage();
}

/** A second or third rater with a complete profile under `name`. */
async function newRater(request: APIRequestContext, name: string): Promise<Rater> {
  const account = await registerViaApi(request, uniqueEmail('rater'));
  await completeViaApi(request, account.token, { ...DEFAULT_CANDIDATE_PROFILE, name });
  return { token: account.token, id: account.userId, name };
}

/** The rater's tasks of this job by item number (1-8), read as the rater reads them. */
async function tasksByItem(request: APIRequestContext, rater: Rater) {
  const mine = await api<MyTask[]>(request, 'get', `/api/annotations/user/${rater.id}`, rater.token);
  // Gold never reaches a rater, in any field.
  expect(JSON.stringify(mine)).not.toMatch(/gold/i);
  const byItem = new Map<number, string>();
  for (const t of mine) {
    const n = Number(/^Rate headline (\d)$/.exec(t.task_name)?.[1]);
    if (n) byItem.set(n, t.id);
  }
  return byItem;
}

/** Starts and submits one task through the API, as the task screen does. */
async function rate(request: APIRequestContext, rater: Rater, taskId: string, rating: number) {
  await api(request, 'post', `/api/annotations/${taskId}/start`, rater.token);
  await api(request, 'post', `/api/annotations/${taskId}/submit`, rater.token, {
    quality_rating: rating,
    feedback_notes: `${rater.name} gives it ${rating}.`,
  });
}

/** Rates one task on the real task screen. */
async function rateOnScreen(page: Page, taskId: string, rating: number, notes: string) {
  await page.goto(`/annotate/${taskId}`);
  await expect(page.getByRole('heading', { name: /^Rate headline \d$/ })).toBeVisible();
  await page.getByRole('button', { name: new RegExp(`^${rating} - `) }).click();
  await page.getByPlaceholder('Add any notes or observations about this content...').fill(notes);
  await page.getByRole('button', { name: 'Submit Feedback' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Submit' }).click();
  // After a submit the job's next task opens, or the jobs list when none is left (issue 34).
  await page.waitForURL((url) => url.pathname !== `/annotate/${taskId}`);
}

test('a three-rater job with gold items: quality view, automatic pause, review queue by keyboard, dataset', async ({
  browser,
  page,
  request,
  admin,
  activeJob: job,
  candidate,
}) => {
  // --- Three accepted raters: the fixture's candidate (Ada) and two more.
  const ada: Rater = { token: candidate.token, id: candidate.id, name: 'Ada Lovelace' };
  const bob = await newRater(request, 'Bob Careful');
  const carol = await newRater(request, 'Carol Careless');
  await page.goto('/privacy');
  for (const r of [ada, bob, carol]) await acceptForJob(page, request, admin.token, r, job.id);

  // --- The provider uploads eight items, six with gold, three raters each, through the provider.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-quality-'));
  const file = path.join(dir, 'headlines.json');
  fs.writeFileSync(file, JSON.stringify(ITEMS, null, 2));
  const provider = await newPage(browser);
  await signInWithToken(provider, admin.token, '/admin/jobs');
  await provider.getByRole('link', { name: `Tasks for ${job.title}` }).click();
  await expect(provider.getByLabel('Job', { exact: true })).toHaveValue(job.id);
  await provider.getByLabel('Task file (JSON or CSV)').setInputFiles(file);
  await expect(provider.getByTestId('task-file-summary')).toHaveText('8 tasks ready, 6 with a gold rating.');
  await provider.getByLabel('Raters per item').fill('3');
  await expect(provider.getByLabel(/Spread evenly across accepted candidates \(3\)/)).toBeChecked();
  await shot(provider, '01-upload');
  await provider.getByRole('button', { name: 'Create 24 tasks' }).click();
  await expect(
    provider.getByRole('status').filter({ hasText: 'Created 24 tasks for 8 items (3 raters per item); 24 assigned.' }),
  ).toBeVisible();
  const progress = provider.getByRole('table', { name: 'Progress per candidate' });
  for (const r of [ada, bob, carol])
    await expect(progress.getByRole('row').filter({ hasText: r.name })).toContainText('0 / 8');
  // Distributing again assigns nothing new.
  await provider.getByRole('button', { name: 'Distribute tasks' }).click();
  await expect(provider.getByRole('status').filter({ hasText: 'No unassigned tasks to hand out.' })).toBeVisible();

  // --- Each rater has one task of every item, and no gold in sight.
  const adaTasks = await tasksByItem(request, ada);
  const bobTasks = await tasksByItem(request, bob);
  const carolTasks = await tasksByItem(request, carol);
  for (const tasks of [adaTasks, bobTasks, carolTasks])
    expect([...tasks.keys()].sort()).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);

  // Ada matches gold; two of her tasks on the real task screen, the rest through the API.
  const adaPage = await newPage(browser);
  await signInWithToken(adaPage, ada.token, '/jobs');
  await rateOnScreen(adaPage, adaTasks.get(1)!, GOLD[0]!, 'Clear, with a concrete promise.');
  await rateOnScreen(adaPage, adaTasks.get(7)!, 3, 'Fine, nothing special.');
  for (let n = 2; n <= 6; n++) await rate(request, ada, adaTasks.get(n)!, GOLD[n - 1]!);
  await rate(request, ada, adaTasks.get(8)!, 4);
  // Bob is within a point of gold.
  const bobRatings = [4, 3, 5, 3, 3, 1, 3, 4];
  for (let n = 1; n <= 8; n++) await rate(request, bob, bobTasks.get(n)!, bobRatings[n - 1]!);
  // Carol agrees on the items without gold, opens item 6, then misses gold by 2-3 points five times.
  await rate(request, carol, carolTasks.get(7)!, 3);
  await rate(request, carol, carolTasks.get(8)!, 4);
  await api(request, 'post', `/api/annotations/${carolTasks.get(6)!}/start`, carol.token);
  const carolBad = [1, 5, 2, 1, 1];
  for (let n = 1; n <= 5; n++) await rate(request, carol, carolTasks.get(n)!, carolBad[n - 1]!);
  // Now paused: her open task is refused, with a reason and what to do.
  const refused = await request.post(`/api/annotations/${carolTasks.get(6)!}/submit`, {
    headers: { authorization: `Bearer ${carol.token}` },
    data: { quality_rating: 1, feedback_notes: 'One more.' },
  });
  expect(refused.status()).toBeGreaterThanOrEqual(400);
  expect(refused.status()).toBeLessThan(500);
  expect(((await refused.json()) as { detail: string }).detail).toMatch(/paused/i);

  // --- The quality view: alpha and what it rests on, the review queue, the raters, the chart.
  await provider.getByRole('link', { name: 'Jobs', exact: true }).click();
  await provider.getByRole('link', { name: `Quality of ${job.title}` }).click();
  await expect(provider.getByRole('heading', { name: `Quality: ${job.title}` })).toBeVisible();
  const alpha = provider.getByRole('region', { name: "Krippendorff's alpha" });
  await expect(alpha).toContainText(/-?\d\.\d{3}/);
  await expect(alpha).toContainText('Over 8 of 8 items (interval)');
  // Five of Carol's gold misses, and item 6: Carol's open task keeps it incomplete, so Ada's and Bob's
  // ratings wait too (approval only once an item's ratings are all in; decision 0170).
  await expect(provider.getByRole('region', { name: 'Review queue' })).toContainText(/^Review queue\s*6\s*Open/);
  const raters = provider.getByRole('table', { name: 'Raters' });
  const carolRow = raters.getByRole('row').filter({ hasText: 'Carol Careless' });
  await expect(carolRow).toContainText('Paused');
  await expect(carolRow).toContainText('2.80');
  await expect(raters.getByRole('row').filter({ hasText: 'Ada Lovelace' })).toContainText('Active');
  await expect(provider.getByRole('img', { name: 'Gold error against bias for 3 raters' })).toBeVisible();
  await expect(provider.getByTestId('rater-points')).toContainText(/Carol Careless: gold error 2\.80, bias .*, paused/);
  await expect(provider.getByTestId('rater-points')).toContainText('Ada Lovelace: gold error 0.00');
  await shot(provider, '02-quality');
  // Pause and unpause by hand.
  const bobRow = raters.getByRole('row').filter({ hasText: 'Bob Careful' });
  await bobRow.getByRole('button', { name: 'Pause Bob Careful' }).click();
  await expect(bobRow).toContainText('Paused');
  await bobRow.getByRole('button', { name: 'Unpause Bob Careful' }).click();
  await expect(bobRow).toContainText('Active');
  await provider.setViewportSize({ width: 390, height: 844 });
  await shot(provider, '03-quality-phone');
  await provider.setViewportSize({ width: 1280, height: 900 });

  // --- The review queue, cleared with the keyboard: item 6 (the oldest waiting), then Carol's five
  // misses: two approvals, three rejections with a reason.
  await provider.getByRole('link', { name: 'Open the review queue' }).click();
  await expect(provider.getByRole('heading', { name: `Review queue: ${job.title}` })).toBeVisible();
  const position = provider.getByTestId('review-position');
  await expect(position).toHaveText('Item 1 of 6');
  await expect(provider.getByLabel('Keyboard shortcuts')).toContainText('A approve');
  const itemHeading = provider.getByRole('region', { name: 'Item' }).getByRole('heading');
  const first = await itemHeading.textContent();
  await provider.keyboard.press('j');
  await expect(position).toHaveText('Item 2 of 6');
  await expect(provider.getByTestId('review-rating').filter({ hasText: 'Carol Careless' })).toContainText(
    'Waiting for review',
  );
  await provider.keyboard.press('k');
  await expect(itemHeading).toHaveText(first!);
  await expect(itemHeading).toContainText('6');
  await expect(provider.getByTestId('review-rating').filter({ hasText: 'Ada Lovelace' })).toContainText(
    'Waiting for review',
  );
  await shot(provider, '04-review');
  // Ada's and Bob's ratings of item 6, both within a point of gold: approved.
  await provider.keyboard.press('a');
  await expect(provider.getByTestId('review-rating').filter({ hasText: 'Ada Lovelace' })).not.toContainText(
    'Waiting for review',
  );
  await provider.keyboard.press('a');
  await expect(itemHeading).not.toHaveText(first!);
  const reasons: string[] = [];
  for (let i = 0; i < 5; i++) {
    await expect(position).toHaveText(`Item 1 of ${5 - i}`);
    const before = await itemHeading.textContent();
    if (i < 2) {
      await provider.keyboard.press('a');
    } else {
      await provider.keyboard.press('r');
      const reason = `Far from the known answer on ${before}: read the instructions again.`;
      await expect(provider.getByLabel(/^Reason for rejecting Carol Careless's rating/)).toBeFocused();
      await provider.keyboard.type(reason);
      if (i === 2) await shot(provider, '05-review-reject');
      await provider.keyboard.press('Enter');
      reasons.push(reason);
    }
    if (i < 4) await expect(itemHeading).not.toHaveText(before!);
  }
  await expect(provider.getByText('Review queue is empty')).toBeVisible();
  await shot(provider, '06-review-empty');
  await provider.getByRole('link', { name: 'Back to the quality report' }).click();
  await expect(provider.getByRole('region', { name: 'Review queue' })).toContainText(/^Review queue\s*0\s*Open/);

  // --- Carol sees why with each rejected earning.
  const carolPage = await newPage(browser, 390, 844);
  await signInWithToken(carolPage, carol.token, '/earnings');
  const rejected = carolPage.getByTestId('transaction').filter({ hasText: 'Rejected' });
  await expect(rejected).toHaveCount(3);
  for (const reason of reasons) await expect(carolPage.getByText(`Reason: ${reason}`)).toBeVisible();
  await shot(carolPage, '07-rater-earnings');

  // --- The dataset: one JSON line per item with every rating, and the CSV with one row per rating.
  const jsonl = provider.waitForEvent('download');
  await provider.getByRole('button', { name: 'Download JSONL' }).click();
  const jsonlFile = await jsonl;
  expect(jsonlFile.suggestedFilename()).toBe(`dataset-${job.id}.jsonl`);
  type Rec = {
    item_id: string;
    title: string;
    gold: number | null;
    consensus: number | null;
    ratings: { rater_id: string; rating: number; status: string }[];
  };
  const records = fs
    .readFileSync(await jsonlFile.path(), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Rec);
  expect(records).toHaveLength(8);
  const byTitle = new Map(records.map((r) => [r.title, r]));
  expect(ITEMS.map((i) => byTitle.get(i.title)?.gold ?? null)).toEqual([...GOLD, null, null]);
  expect(records.map((r) => r.ratings.length).sort()).toEqual([2, 3, 3, 3, 3, 3, 3, 3]);
  expect(byTitle.get('Headline 7')!.consensus).toBe(3);
  const carolStatuses = records.flatMap((r) => r.ratings.filter((x) => x.rater_id === carol.id).map((x) => x.status));
  expect(carolStatuses.sort()).toEqual([
    'approved',
    'approved',
    'approved',
    'approved',
    'rejected',
    'rejected',
    'rejected',
  ]);

  const csv = provider.waitForEvent('download');
  await provider.getByRole('button', { name: 'Download CSV' }).click();
  const csvFile = await csv;
  expect(csvFile.suggestedFilename()).toBe(`dataset-${job.id}.csv`);
  const lines = fs
    .readFileSync(await csvFile.path(), 'utf8')
    .trim()
    .split(/\r?\n/);
  expect(lines[0]!.replace(/"/g, '').split(',')).toEqual([
    'item_id',
    'title',
    'data_type',
    'url',
    'text',
    'gold',
    'consensus',
    'spread',
    'needs_review',
    'rater_id',
    'rating',
    'notes',
    'submitted_at',
    'status',
    'rejection_reason',
  ]);
  expect(lines).toHaveLength(1 + 23);
  // Each rejected rating with the reason the provider gave (issue 34).
  expect(lines.filter((l) => l.includes(carol.id) && /,"?rejected"?,"Far from the known answer/.test(l))).toHaveLength(
    3,
  );

  // --- Talent search knows each rater's record: the careful ones are found by their gold error.
  await provider.goto(`/admin/talent?job_id=${job.id}`);
  await expect(provider.getByText('3 people')).toBeVisible();
  const goldFacet = provider.getByRole('group', { name: 'Rating: gold error' });
  await expect(goldFacet.getByRole('button', { name: /Gold error ≤ 0\.5\s*2/ })).toBeVisible();
  const results = provider.getByRole('list', { name: 'Search results' });
  await expect(results.getByRole('listitem').filter({ hasText: 'Carol Careless' })).toContainText('gold error 2.8');
  await goldFacet.getByRole('button', { name: /Gold error ≤ 0\.5/ }).click();
  await expect(provider.getByText('2 people')).toBeVisible();
  await expect(results).not.toContainText('Carol Careless');
  await expect(results.getByRole('listitem').filter({ hasText: 'Ada Lovelace' })).toContainText('gold error 0');
  await shot(provider, '08-talent-record');
  await provider.setViewportSize({ width: 390, height: 844 });
  await shot(provider, '09-talent-record-phone');
});
