import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderPage } from '../../../test/page-harness';
import { JobFormPage } from './JobFormPage';

describe('JobFormPage', () => {
  it('shows every validation message, then creates the job with all its fields', async () => {
    const user = userEvent.setup();
    const api = mockApi({ 'POST /admin/jobs': { status: 201, body: { id: 'j1' } } });
    renderPage('/admin/jobs/new', '/admin/jobs/new', <JobFormPage />);

    await user.click(await screen.findByRole('button', { name: 'Create job' }));
    expect(screen.getByText('Title must be at least 3 characters')).toBeInTheDocument();
    expect(screen.getByText('Description is required')).toBeInTheDocument();
    expect(screen.getByText('Position type is required')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Please fix 3 fields marked above.');
    expect(screen.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');
    expect(api).not.toHaveBeenCalledWith(expect.stringContaining('/admin/jobs'), expect.anything());

    await user.type(screen.getByLabelText('Title'), 'Poster Critic');
    await user.type(screen.getByLabelText('Description'), 'Rate posters.');
    await user.type(screen.getByLabelText('Position type'), 'Contract');
    await user.type(screen.getByLabelText('Pay per hour (USD)'), '-5');
    expect(screen.getByText('Pay per hour must be positive')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Pay per hour (USD)'));
    await user.type(screen.getByLabelText('Pay per hour (USD)'), '42.5');
    // The field is in percent, so is its message (issue 43).
    const blind = screen.getByLabelText('Blind review (% of interviews)');
    await user.clear(blind);
    await user.type(blind, '150');
    expect(blind).toHaveAttribute('aria-invalid', 'true');
    expect(blind).toHaveAccessibleDescription(/Blind review must be a percent from 0 to 100/);
    expect(screen.queryByText(/from 0 to 1$/)).toBeNull();
    await user.clear(blind);
    await user.type(blind, '0');
    await user.selectOptions(screen.getByLabelText('Status'), 'pending');
    await user.selectOptions(screen.getByLabelText('Interview type'), 'human_data');
    await user.click(screen.getByRole('button', { name: 'Add skill' }));
    await user.type(screen.getByLabelText('Skill 1 name'), 'Figma');
    await user.type(screen.getByLabelText('Skill 1 description'), 'Prototypes');
    await user.click(screen.getByRole('button', { name: 'Add question' }));
    await user.click(screen.getByRole('button', { name: 'Create job' }));
    // An empty question is refused before anything is sent.
    expect(screen.getByText('A question cannot be empty')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Question 1'), 'Which poster moved you?');
    await user.click(screen.getByRole('checkbox', { name: 'Share interview feedback with candidates' }));
    await user.click(screen.getByRole('button', { name: 'Create job' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/jobs'));
    const call = api.mock.calls.find(
      ([url, init]) => String(url).endsWith('/api/admin/jobs') && init?.method === 'POST',
    )!;
    expect(JSON.parse(String(call[1]!.body))).toEqual({
      title: 'Poster Critic',
      description: 'Rate posters.',
      position_type: 'Contract',
      pay_per_hour: 42.5,
      availability: '',
      status: 'pending',
      interview_type: 'human_data',
      share_feedback: true,
      blind_review_share: 0,
      skills: [{ name: 'Figma', description: 'Prototypes' }],
      custom_questions: ['Which poster moved you?'],
      work_sample_count: 3,
      work_sample_seconds: 120,
    });
  });

  it("says when the pay is not a number, shows the server's field messages, and clears them on the next edit", async () => {
    const user = userEvent.setup();
    mockApi({
      'POST /admin/jobs': {
        status: 422,
        body: { detail: [{ loc: ['body', 'skills', 0, 'name'], msg: 'Skill name is taken', type: 'value_error' }] },
      },
    });
    renderPage('/admin/jobs/new', '/admin/jobs/new', <JobFormPage />);

    await user.type(await screen.findByLabelText('Title'), 'Poster Critic');
    await user.type(screen.getByLabelText('Description'), 'Rate posters.');
    await user.type(screen.getByLabelText('Position type'), 'Contract');
    await user.type(screen.getByLabelText('Pay per hour (USD)'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Create job' }));
    expect(screen.getByText('Pay per hour must be a number')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Please fix the field marked above.');

    await user.clear(screen.getByLabelText('Pay per hour (USD)'));
    expect(screen.queryByText('Pay per hour must be a number')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add skill' }));
    await user.type(screen.getByLabelText('Skill 1 name'), 'Figma');
    await user.click(screen.getByRole('button', { name: 'Create job' }));
    expect(await screen.findByText('Skill name is taken')).toBeInTheDocument();
    expect(screen.getByLabelText('Skill 1 name')).toHaveAttribute('aria-invalid', 'true');

    await user.type(screen.getByLabelText('Availability'), 'Weekends');
    await waitFor(() => expect(screen.queryByText('Skill name is taken')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Remove skill 1' }));
    expect(screen.queryByLabelText('Skill 1 name')).not.toBeInTheDocument();
    expect(screen.getByText('No skills yet.')).toBeInTheDocument();
  });

  it("sets the work sample, refuses numbers out of range, and shows the server's 'pool too small' under the count", async () => {
    const user = userEvent.setup();
    const job = {
      id: 'j1',
      title: 'Poster Critic',
      description: 'Rate posters.',
      position_type: 'Contract',
      pay_per_hour: null,
      availability: '',
      status: 'active',
      interview_type: 'standard',
      share_feedback: false,
      blind_review_share: 0,
      skills: [],
      custom_questions: [],
      work_sample_count: 0,
      work_sample_seconds: 120,
      created_at: '2026-11-01T00:00:00Z',
    };
    const sent: unknown[] = [];
    mockApi({
      'GET /jobs/j1': { body: job },
      'PATCH /admin/jobs/j1': (init) => {
        const body = JSON.parse(String(init?.body)) as { work_sample_count: number };
        sent.push(body);
        return body.work_sample_count > 2
          ? {
              status: 422,
              body: {
                detail:
                  'The work sample needs at least 4 work-sample items; this job has 2. Mark more of its gold items as work-sample items, or lower work_sample_count.',
              },
            }
          : { body: { ...job, ...body } };
      },
    });
    renderPage('/admin/jobs/j1/edit', '/admin/jobs/:jobId/edit', <JobFormPage />);

    const sample = await screen.findByRole('group', { name: 'Work sample' });
    expect(sample).toHaveTextContent(
      "Candidates rate this many of the job's work-sample items at the end of the interview, thinking aloud. 0 turns it off.",
    );
    const count = screen.getByLabelText('Items per candidate');
    const seconds = screen.getByLabelText('Seconds per item');
    expect(count).toHaveValue(0);
    expect(seconds).toHaveValue(120);

    await user.clear(count);
    await user.type(count, '6');
    await user.clear(seconds);
    await user.type(seconds, '10');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(count).toHaveAccessibleDescription('Items per candidate must be a whole number from 0 to 5');
    expect(seconds).toHaveAccessibleDescription('Seconds per item must be a whole number from 20 to 900');
    expect(sent).toEqual([]);

    await user.clear(count);
    await user.type(count, '4');
    await user.clear(seconds);
    await user.type(seconds, '90');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    // The server's refusal sits under the count, not in a banner at the foot of the form.
    await waitFor(() => expect(count).toHaveAttribute('aria-invalid', 'true'));
    expect(count).toHaveAccessibleDescription(/needs at least 4 work-sample items; this job has 2/);
    expect(sent).toEqual([expect.objectContaining({ work_sample_count: 4, work_sample_seconds: 90 })]);

    await user.clear(count);
    await user.type(count, '2');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/jobs'));
    expect(sent[1]).toEqual(expect.objectContaining({ work_sample_count: 2, work_sample_seconds: 90 }));
  });
});
