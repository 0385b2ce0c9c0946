import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderPage } from '../../test/page-harness';
import { ProfilePage } from './ProfilePage';

const profile = {
  id: 'u1',
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  role: 'candidate',
  profile_completed: true,
  created_at: '2024-01-01T00:00:00Z',
  bio: 'Illustrator',
  expertise: ['Illustration'],
  position: null,
  skills: [],
  experience_years: null,
  education: [],
  work_experience: [],
  projects: [],
  publications: [],
  certifications: [],
  resume_url: null,
  work_authorization: 'citizen',
  citizenship: 'France',
  phone: null,
  city: 'Paris',
  country: 'France',
  linkedin_url: null,
  summary: null,
};

function setup() {
  let current = { ...profile };
  const puts: unknown[] = [];
  mockApi({
    'PUT /profile/complete': (init) => {
      const body = JSON.parse(String(init?.body));
      puts.push(body);
      current = { ...current, ...body };
      return { body: current };
    },
    'GET /profile/me': () => ({ body: current }),
  });
  renderPage('/profile', '/profile', <ProfilePage />);
  return puts;
}

describe('ProfilePage', () => {
  it('shows the header, empty states, and saves a card with the whole profile minus empty lists', async () => {
    const user = userEvent.setup();
    const puts = setup();
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(screen.getByText(`Member since ${new Date().getFullYear()}`)).toBeInTheDocument();
    expect(screen.getByText('No education added yet')).toBeInTheDocument();
    expect(screen.getByText('No certifications added yet')).toBeInTheDocument();
    expect(screen.getByText('No resume added yet')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit Resume' }));
    expect(
      screen.getByText('Enter a public URL to your resume (Google Drive, Dropbox, personal website, etc.)'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Edit Expertise' }));
    const skill = screen.getByPlaceholderText('Add skill...');
    await user.type(skill, '  Motion design {Enter}');
    await user.type(skill, 'illustration{Enter}');
    await user.click(screen.getByRole('button', { name: 'Save Expertise' }));

    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({
      name: 'Ada Lovelace',
      bio: 'Illustrator',
      expertise: ['Illustration', 'Motion design'],
      work_authorization: 'citizen',
      citizenship: 'France',
      city: 'Paris',
      country: 'France',
    });
    const card = screen.getByRole('region', { name: 'Expertise' });
    expect(await within(card).findByText('Motion design')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Edit Expertise' })).toBeInTheDocument();
  }, 20_000);

  it('Profile → Practice lists the kept practice debriefs with date, job and figures, each opening its debrief', async () => {
    const user = userEvent.setup();
    const delivery = {
      words_per_minute: 142,
      filler_per_100_words: 3.5,
      talk_share: 0.5,
      longest_answer_seconds: 20,
      start_seconds: 1.2,
      wpm_band: [130, 175],
    };
    mockApi({
      'GET /profile/me': { body: profile },
      'GET /practice-debriefs': {
        body: [
          {
            id: 'd2',
            created_at: '2026-03-02T10:00:00Z',
            reliable: true,
            answer_count: 2,
            delivery,
            job_title: 'Poster Critic',
          },
          {
            id: 'd1',
            created_at: '2026-02-01T10:00:00Z',
            reliable: true,
            answer_count: 1,
            delivery: { ...delivery, words_per_minute: null },
            job_title: null,
          },
        ],
      },
    });
    renderPage('/profile', '/profile', <ProfilePage />);
    const section = await screen.findByRole('region', { name: 'Practice' });
    const list = await within(section).findByRole('list', { name: 'Kept practice debriefs' });
    const rows = within(list).getAllByRole('link');
    expect(rows[0]).toHaveTextContent('Poster Critic');
    expect(rows[0]).toHaveTextContent('2026');
    expect(rows[0]).toHaveTextContent('2 answers · 142 wpm · 3.5 fillers per 100 words');
    expect(rows[1]).toHaveTextContent('General practice');
    expect(rows[1]).toHaveTextContent('1 answer · 3.5 fillers per 100 words');
    expect(within(section).getByRole('link', { name: 'Try a practice interview' })).toHaveAttribute(
      'href',
      '/interview-prep',
    );
    await user.click(rows[0]!);
    expect(screen.getByTestId('location')).toHaveTextContent('/debriefs/d2');
  });
});
