import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SavedSearch, TalentResult, TalentSearchReply } from '@app/shared';
import { mockApi, renderPage, type Routes } from '../../../test/page-harness';
import { TalentPage } from './TalentPage';

const reply: TalentSearchReply = {
  total: 0,
  results: [],
  facets: {
    skills: [],
    country: [],
    work_authorization: [],
    decision: [],
    max_gold_error: [],
    min_agreement: [],
    max_work_sample_distance: [],
  },
  next_cursor: null,
};
const saved = (params: Record<string, string>): SavedSearch => ({
  id: 's1',
  name: 'Strong photographers',
  params,
  last_run_at: '2026-03-01T00:00:00Z',
  created_at: '2026-03-01T00:00:00Z',
  new_matches: 0,
});

/** The console's talent page over a stubbed API; returns the fetch mock. */
function talentPage(path: string, routes: Routes = {}) {
  const api = mockApi({
    'GET /admin/talent': { body: reply },
    'GET /admin/jobs': { body: { items: [], total: 0, page: 1, page_size: 100 } },
    'GET /admin/talent/saved-searches': { body: [] },
    ...routes,
  });
  renderPage(path, '/admin/talent', <TalentPage />);
  return api;
}
const calls = (api: ReturnType<typeof mockApi>, method: string, path: string) =>
  api.mock.calls.filter(([url, init]) => (init?.method ?? 'GET') === method && String(url).includes(path));

describe('TalentPage saved searches', { timeout: 15_000 }, () => {
  it('saves only the filters that were set', async () => {
    const user = userEvent.setup();
    const api = talentPage('/admin/talent?q=photographer&country=Canada', {
      'POST /admin/talent/saved-searches': (init) => ({
        status: 201,
        body: saved(JSON.parse(String(init?.body)).params),
      }),
    });
    await user.type(await screen.findByPlaceholderText('Name this search'), 'Canadian photographers');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls(api, 'POST', '/admin/talent/saved-searches')).toHaveLength(1));
    const [, init] = calls(api, 'POST', '/admin/talent/saved-searches')[0]!;
    // No "" for the filters left unset: the server would read an empty number as 0.
    expect(JSON.parse(String(init!.body))).toEqual({
      name: 'Canadian photographers',
      params: { q: 'photographer', country: 'Canada' },
    });
  });

  it('reopens a saved search with exactly its filters, replacing the ones on screen', async () => {
    const user = userEvent.setup();
    const api = talentPage('/admin/talent?q=photographer&country=Canada&decision=approved', {
      'GET /admin/talent/saved-searches': { body: [saved({ q: 'ring', min_score: '4' })] },
      'POST /admin/talent/saved-searches/s1/open': { body: saved({ q: 'ring', min_score: '4' }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Strong photographers' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/talent?q=ring&min_score=4'));
    expect(screen.getByLabelText('Best score')).toHaveValue('4');
    await waitFor(() =>
      expect(String(calls(api, 'GET', '/admin/talent?').at(-1)![0])).toMatch(
        /\/admin\/talent\?q=ring&min_score=4&limit=20$/,
      ),
    );
  });

  it("shows the server's refusal when there is no room for another", async () => {
    const user = userEvent.setup();
    const detail = 'You have 100 saved searches, the most you can keep. Delete one to save another.';
    talentPage('/admin/talent?q=photographer', {
      'POST /admin/talent/saved-searches': { status: 409, body: { detail } },
    });
    await user.type(await screen.findByPlaceholderText('Name this search'), 'One more');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(detail)).toBeInTheDocument();
  });
});

describe('TalentPage Skills facet', { timeout: 15_000 }, () => {
  it('lists the skills with their counts, and choosing two asks for people with both', async () => {
    const user = userEvent.setup();
    const api = talentPage('/admin/talent?q=photographer', {
      'GET /admin/talent': {
        body: {
          ...reply,
          facets: {
            ...reply.facets,
            skills: [
              { value: 'Lightroom', count: 7 },
              { value: 'Retouching', count: 3 },
            ],
          },
        },
      },
    });
    const skills = await screen.findByRole('group', { name: 'Skills' });
    const lightroom = within(skills).getByRole('button', { name: /Lightroom\s*7/ });
    expect(within(skills).getByRole('button', { name: /Retouching\s*3/ })).toHaveAttribute('aria-pressed', 'false');
    await user.click(lightroom);
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/admin/talent?q=photographer&skills=Lightroom'),
    );
    const again = await screen.findByRole('group', { name: 'Skills' });
    await waitFor(() =>
      expect(within(again).getByRole('button', { name: /Lightroom\s*7/ })).toHaveAttribute('aria-pressed', 'true'),
    );
    await user.click(within(again).getByRole('button', { name: /Retouching\s*3/ }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        '/admin/talent?q=photographer&skills=Lightroom%2CRetouching',
      ),
    );
    await waitFor(() =>
      expect(String(calls(api, 'GET', '/admin/talent?').at(-1)![0])).toMatch(/skills=Lightroom%2CRetouching/),
    );
  });
});

const person = (over: Partial<TalentResult>): TalentResult => ({
  candidate_id: 'c1',
  name: 'Anne Moreau',
  headline: 'Jewelry photographer',
  country: 'Canada',
  skills: [],
  best_assessment_score: null,
  decision: 'none',
  rated_count: 0,
  gold_error: null,
  agreement: null,
  work_sample_distance: null,
  work_sample_items: 0,
  matches: [],
  ...over,
});

describe('TalentPage work sample (issue 46)', { timeout: 15_000 }, () => {
  it("shows each person's work-sample figure, and filters by it from the control and the facet", async () => {
    const user = userEvent.setup();
    const api = talentPage('/admin/talent?q=photographer', {
      'GET /admin/talent': {
        body: {
          ...reply,
          total: 2,
          results: [
            person({ work_sample_distance: 0.33, work_sample_items: 3 }),
            person({ candidate_id: 'c2', name: 'Bruno Keller' }),
          ],
          facets: { ...reply.facets, max_work_sample_distance: [{ value: '0.5', count: 1 }] },
        },
      },
    });
    const results = await screen.findByRole('list', { name: 'Search results' });
    const [anne, bruno] = await within(results).findAllByRole('listitem');
    expect(anne).toHaveTextContent('Work sample: 0.33 from gold on average (3 items)');
    expect(bruno).not.toHaveTextContent('Work sample');

    await user.selectOptions(screen.getByLabelText('Work sample'), 'Within 1 of gold');
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        '/admin/talent?q=photographer&max_work_sample_distance=1',
      ),
    );
    await waitFor(() =>
      expect(String(calls(api, 'GET', '/admin/talent?').at(-1)![0])).toMatch(/max_work_sample_distance=1&/),
    );

    const facet = await screen.findByRole('group', { name: 'Work sample' });
    await user.click(within(facet).getByRole('button', { name: /Within 0.5 of gold\s*1/ }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('max_work_sample_distance=0.5'));
    expect(screen.getByLabelText('Work sample')).toHaveValue('0.5');
  });
});
