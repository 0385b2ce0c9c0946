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
});
