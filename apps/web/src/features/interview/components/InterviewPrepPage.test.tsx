import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderPage } from '../../../test/page-harness';
import { InterviewPrepPage } from './InterviewPrepPage';

afterEach(() => vi.unstubAllGlobals());

describe('InterviewPrepPage: an honest script (issue 34)', () => {
  it('the intro states the number of questions and the length the practice greeting announces', async () => {
    mockApi({});
    renderPage('/interview-prep', '/interview-prep', <InterviewPrepPage />);
    // The same count and minutes the server's practice greeting says (PRACTICE_QUESTIONS, PRACTICE_MAX_MINUTES).
    expect(
      await screen.findByText('Two warm-up questions from the AI interviewer, up to 5 minutes'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/one or two/i)).toBeNull();
  });
});
