import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderPage } from '../../test/page-harness';
import { OnboardingPage } from './OnboardingPage';

const me = {
  id: 'u1',
  email: 'ada@example.com',
  name: null,
  role: 'candidate',
  profile_completed: false,
  created_at: '2026-01-01T00:00:00Z',
};

function setup(
  upload: { status: number; body: unknown },
  linkedin: { status: number; body: unknown } = { status: 500, body: {} },
) {
  const api = mockApi({
    'GET /profile/me': { body: me },
    'POST /files/upload': upload,
    'POST /profile/scrape-linkedin': linkedin,
  });
  renderPage('/onboarding', '/onboarding', <OnboardingPage />);
  return api.mock.calls;
}

const pdf = () => new File(['%PDF-1.4'], 'cv.pdf', { type: 'application/pdf' });

describe('OnboardingPage', () => {
  it('blocks each step with the spec message and marks resume prefill as prefilled', async () => {
    const user = userEvent.setup();
    const calls = setup({
      status: 200,
      body: { url: '/api/files/abc', prefill: { firstName: 'Ada', lastName: 'Lovelace', city: 'London' } },
    });
    await screen.findByRole('heading', { name: 'Upload Resume' });
    expect(screen.getByText('PDF, DOC or DOCX (maximum 10MB)')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please upload your resume');

    await user.upload(screen.getByLabelText('Resume file'), pdf());
    expect(await screen.findByTestId('resume-file-name')).toHaveTextContent('cv.pdf');
    const upload = calls.find(([url]) => url.endsWith('/files/upload'))!;
    expect(new Headers(upload[1]!.headers).get('authorization')).toBe('Bearer t');
    expect((upload[1]!.body as FormData).get('file')).toBeInstanceOf(File);

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // The focus is on the new step's heading by the time the step shows, never pulled there later
    // from a field the person has already clicked into.
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
    expect(screen.getByLabelText(/First name/)).toHaveValue('Ada');
    expect(screen.getByLabelText(/Last name/)).toHaveAccessibleName(/prefilled/);
    expect(screen.getByLabelText(/Email/)).toHaveAttribute('readonly');
    expect(screen.getByLabelText(/Email/)).toHaveValue('ada@example.com');

    // Country is still empty.
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all required fields');

    // The side navigation lets the person go back to the finished step, not forward.
    const nav = screen.getByRole('navigation', { name: 'Onboarding steps' });
    expect(nav.querySelectorAll('button')[3]).toBeDisabled();
    expect(nav.querySelectorAll('button')[0]).toBeEnabled();
    expect(screen.getByText('Step 2 of 4', { selector: 'span' })).toBeInTheDocument();
  }, 20_000);

  it('marks each field of step 2 that needs attention: an empty City, a phone of letters (issue 43)', async () => {
    const user = userEvent.setup();
    setup({ status: 200, body: { url: '/api/files/abc', prefill: { firstName: 'Ada', lastName: 'Lovelace' } } });
    await user.upload(await screen.findByLabelText('Resume file'), pdf());
    await screen.findByTestId('resume-file-name');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(await screen.findByLabelText(/^Phone/), 'abc');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all required fields');
    const city = screen.getByLabelText(/^City/);
    expect(city).toHaveAttribute('aria-invalid', 'true');
    expect(city).toHaveAccessibleDescription('Enter your city');
    expect(screen.getByRole('combobox', { name: /Country/ })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^Phone/)).toHaveAccessibleDescription(
      'Enter a phone number in digits, e.g. +1 555 010 0199',
    );
    expect(screen.getByLabelText(/^First name/)).not.toHaveAttribute('aria-invalid');
    await user.type(city, 'London');
    expect(city).not.toHaveAttribute('aria-invalid');
  }, 20_000);

  it("shows the server's reason when it refuses the file's type (a .txt résumé)", async () => {
    const user = userEvent.setup({ applyAccept: false });
    const detail = 'Unsupported file type: upload a PDF, DOC or DOCX.';
    setup({ status: 415, body: { detail } });
    await user.upload(
      await screen.findByLabelText('Resume file'),
      new File(['hello'], 'cv.txt', { type: 'text/plain' }),
    );
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(detail));
    expect(screen.getByRole('alert')).not.toHaveTextContent('Please try again');
  });

  it("shows 'Failed to upload resume' when the reply has no url", async () => {
    const user = userEvent.setup();
    setup({ status: 200, body: {} });
    await user.upload(await screen.findByLabelText('Resume file'), pdf());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/^Failed to upload resume$/));
  });

  it("shows 'Failed to upload resume. Please try again.' when the upload fails", async () => {
    const user = userEvent.setup();
    setup({ status: 500, body: { detail: 'boom' } });
    await user.upload(await screen.findByLabelText('Resume file'), pdf());
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Failed to upload resume. Please try again.'),
    );
  });

  it('imports LinkedIn once on blur, then fills the next step', async () => {
    const user = userEvent.setup();
    const calls = setup(
      { status: 200, body: { url: '/api/files/abc' } },
      { status: 200, body: { firstName: 'Ada', bio: 'Analytical engine poet', expertise: ['Mathematics'] } },
    );
    await user.upload(await screen.findByLabelText('Resume file'), pdf());
    await screen.findByTestId('resume-file-name');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    const field = screen.getByLabelText(/LinkedIn URL/);
    await user.type(field, 'https://example.com/ada');
    await user.tab();
    expect(calls.some(([url]) => url.endsWith('/profile/scrape-linkedin'))).toBe(false);

    await user.clear(field);
    await user.type(field, 'https://www.linkedin.com/in/ada');
    await user.tab();
    expect(
      await screen.findByText('Profile data imported. Your information will be auto-filled in the next step.'),
    ).toBeInTheDocument();
    const scrape = calls.filter(([url]) => url.endsWith('/profile/scrape-linkedin'));
    expect(scrape).toHaveLength(1);
    expect(JSON.parse(String(scrape[0]![1]!.body))).toEqual({ linkedin_url: 'https://www.linkedin.com/in/ada' });
    expect(screen.getByLabelText(/First name/)).toHaveValue('Ada');

    // A second blur does not import again.
    await user.click(field);
    await user.tab();
    expect(calls.filter(([url]) => url.endsWith('/profile/scrape-linkedin'))).toHaveLength(1);
  }, 20_000);

  it('says so when the LinkedIn import fails', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    setup({ status: 200, body: { url: '/api/files/abc' } }, { status: 502, body: { detail: 'Bad gateway' } });
    await user.upload(await screen.findByLabelText('Resume file'), pdf());
    await screen.findByTestId('resume-file-name');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(screen.getByLabelText(/LinkedIn URL/), 'linkedin.com/in/ada');
    await user.tab();
    expect(await screen.findByText('Failed to scrape LinkedIn profile. Please continue manually.')).toBeInTheDocument();
  }, 20_000);
});
