import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../../auth/hooks/auth-context';
import { OnboardingPage } from './OnboardingPage';

const me = {
  id: 'u1',
  email: 'ada@example.com',
  name: null,
  role: 'candidate',
  profile_completed: false,
  created_at: '2026-01-01T00:00:00Z',
};

function setup(upload: { status: number; body: unknown }) {
  const calls: { url: string; init?: RequestInit }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, init });
      if (url.endsWith('/profile/me')) return new Response(JSON.stringify(me));
      if (url.endsWith('/files/upload')) return new Response(JSON.stringify(upload.body), { status: upload.status });
      return new Response('null');
    }),
  );
  localStorage.setItem('token', 'tok');
  const router = createMemoryRouter([{ path: '/onboarding', element: <OnboardingPage /> }], {
    initialEntries: ['/onboarding'],
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>
    </QueryClientProvider>,
  );
  return calls;
}

const pdf = () => new File(['%PDF-1.4'], 'cv.pdf', { type: 'application/pdf' });

afterEach(() => vi.unstubAllGlobals());

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
    const upload = calls.find((c) => c.url.endsWith('/files/upload'))!;
    expect(new Headers(upload.init!.headers).get('authorization')).toBe('Bearer tok');
    expect((upload.init!.body as FormData).get('file')).toBeInstanceOf(File);

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
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
});
