import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderPage } from '../../../test/page-harness';
import { RealtimeInterviewPage } from './RealtimeInterviewPage';

const getUserMedia = vi.fn();
const ID = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';

beforeEach(() => {
  getUserMedia.mockReset().mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
});
afterEach(() => vi.unstubAllGlobals());

describe('RealtimeInterviewPage: the address of an interview that has ended', () => {
  it.each(['completed', 'under_review', 'approved', 'rejected'])(
    'a %s interview says it has ended, leads to the status page and never asks for camera or mic',
    async (status) => {
      mockApi({ [`GET /interviews/${ID}`]: { body: { id: ID, status, completed_at: '2026-11-20T10:00:00Z' } } });
      renderPage(`/realtime-interview/${ID}?jobId=j1`, '/realtime-interview/:interviewId', <RealtimeInterviewPage />);
      expect(await screen.findByRole('heading', { name: 'This interview has ended' })).toBeInTheDocument();
      expect(screen.queryByText('Disconnected')).toBeNull();
      await userEvent.click(screen.getByRole('button', { name: 'Go to your status page' }));
      expect(screen.getByTestId('location')).toHaveTextContent(`/status?interviewId=${ID}`);
      expect(getUserMedia).not.toHaveBeenCalled();
    },
  );

  it('a new interview id (unknown to the server) opens the live interview, which asks for the media', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({});
    renderPage(`/realtime-interview/${ID}?jobId=j1`, '/realtime-interview/:interviewId', <RealtimeInterviewPage />);
    await vi.waitFor(() => expect(getUserMedia).toHaveBeenCalled());
    expect(screen.queryByRole('heading', { name: 'This interview has ended' })).toBeNull();
  });
});

describe('RealtimeInterviewPage: technical failures', () => {
  it('a microphone that cannot be opened is reported to the job’s funnel, without an interview not yet started', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const JOB = '0b7c3e2a-1111-4222-8333-944455566677';
    let report: unknown;
    mockApi({
      [`POST /jobs/${JOB}/technical-failures`]: (init) => {
        report = JSON.parse(String(init?.body));
        return { status: 204, body: null };
      },
    });
    renderPage(`/realtime-interview/${ID}?jobId=${JOB}`, '/realtime-interview/:interviewId', <RealtimeInterviewPage />);
    await vi.waitFor(() => expect(report).toEqual({ kind: 'no_microphone' }));
  });
});
