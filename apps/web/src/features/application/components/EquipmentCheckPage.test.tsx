import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderPage } from '../../../test/page-harness';
import { EquipmentCheckPage } from './EquipmentCheckPage';

const job = { id: 'j1', title: 'Storyboard Artist', position_type: 'Part-time', description: 'Draw boards' };

describe('EquipmentCheckPage', () => {
  it('shows the job, the greeting, and the denied-media message with the support address', async () => {
    mockApi({ 'GET /jobs/j1': { body: job } });
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: { getUserMedia: vi.fn().mockRejectedValue(new DOMException('denied', 'NotAllowedError')) },
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderPage('/job-application-onboarding?jobId=j1', '/job-application-onboarding', <EquipmentCheckPage />);

    expect(await screen.findByRole('heading', { name: "Let's get you set up, Ada" })).toBeInTheDocument();
    expect(await screen.findByText('Storyboard Artist')).toBeInTheDocument();
    expect(
      await screen.findByText('Unable to access camera/microphone. Please allow permissions and refresh the page.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'support@humandata.studio' })).toHaveAttribute(
      'href',
      'mailto:support@humandata.studio',
    );
    expect(screen.getByRole('button', { name: 'Checking equipment...' })).toBeDisabled();
    expect(screen.getByRole('heading', { name: 'What to Expect' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Tips for Success' })).toBeInTheDocument();
  });
});
