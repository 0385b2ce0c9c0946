import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { initialSessionState, type SessionState } from '../session/session-state';
import type { useInterviewSession } from '../hooks/useInterviewSession';
import { InterviewScreen } from './InterviewScreen';
import { DEFAULT_CLOSING_LINE, EndModal } from './EndModal';

type Session = ReturnType<typeof useInterviewSession>;

function fakeSession(state: Partial<SessionState>, extra: Partial<Session> = {}): Session {
  return {
    state: { ...initialSessionState, hadSession: true, ...state },
    sessionId: '00000000-0000-4000-8000-000000000000',
    start: vi.fn(async () => {}),
    retry: vi.fn(async () => {}),
    end: vi.fn(async () => {}),
    toggleMute: vi.fn(),
    endTurn: vi.fn(),
    bargeIn: vi.fn(),
    resumeAudio: vi.fn(),
    dismissNote: vi.fn(),
    rateWorkItem: vi.fn(),
    liveInterviewId: () => 'i1',
    ...extra,
  };
}

/** The screen of a session in the given state. */
const screenIn = (state: Partial<SessionState>) => <InterviewScreen session={fakeSession(state)} title="T" />;

describe('InterviewScreen', () => {
  it("labels the end button 'Connecting...' while connecting and 'Ended' once ended", () => {
    const { rerender } = render(screenIn({ status: 'connecting' }));
    expect(screen.getByRole('button', { name: 'Connecting...' })).toBeDisabled();
    rerender(screenIn({ status: 'listening' }));
    expect(screen.getByRole('button', { name: 'End Interview' })).toBeEnabled();
    rerender(screenIn({ status: 'ended' }));
    expect(screen.getByRole('button', { name: 'Ended' })).toBeDisabled();
  });

  it("the mic toggle is titled 'Mute' / 'Unmute' and is disabled once ended", async () => {
    const session = fakeSession({ status: 'listening' });
    const { rerender } = render(<InterviewScreen session={session} title="T" />);
    await userEvent.click(screen.getByTitle('Mute'));
    expect(session.toggleMute).toHaveBeenCalled();
    rerender(<InterviewScreen session={fakeSession({ status: 'listening', muted: true })} title="T" />);
    expect(screen.getByTitle('Unmute')).toBeEnabled();
    rerender(screenIn({ status: 'ended' }));
    expect(screen.getByTitle('Mute')).toBeDisabled();
  });

  it('end my turn, interrupt and end call the session', async () => {
    const session = fakeSession({ status: 'speaking', isAIPlaying: true });
    render(<InterviewScreen session={session} title="T" />);
    await userEvent.click(screen.getByRole('button', { name: 'End my turn' }));
    await userEvent.click(screen.getByRole('button', { name: 'Interrupt' }));
    await userEvent.click(screen.getByRole('button', { name: 'End Interview' }));
    await userEvent.click(await screen.findByRole('button', { name: 'End interview' }));
    expect(session.endTurn).toHaveBeenCalled();
    expect(session.bargeIn).toHaveBeenCalled();
    expect(session.end).toHaveBeenCalled();
  });

  it('the orb pulses only while the AI plays; the mic pulse needs level > 0.02 and a silent AI', () => {
    const { rerender } = render(screenIn({ status: 'listening', isMicActive: true, userAudioLevel: 0.05 }));
    expect(screen.getByTestId('ai-orb')).toHaveAttribute('data-speaking', 'false');
    expect(screen.getByTestId('mic-pulse')).toBeInTheDocument();
    rerender(screenIn({ status: 'speaking', isMicActive: true, isAIPlaying: true, userAudioLevel: 0.05 }));
    expect(screen.getByTestId('ai-orb')).toHaveAttribute('data-speaking', 'true');
    expect(screen.queryByTestId('mic-pulse')).toBeNull();
    rerender(screenIn({ status: 'listening', isMicActive: true, userAudioLevel: 0.01 }));
    expect(screen.queryByTestId('mic-pulse')).toBeNull();
  });

  it('shows interim and final captions, the recording badge and errors with a retry', async () => {
    const session = fakeSession({
      status: 'error',
      error: 'Connection lost',
      transcripts: [{ id: '1', speaker: 'ai', text: 'Tell me about a project.', final: true, timestamp: 1 }],
      currentUserText: 'I once built',
      isRecording: true,
    });
    render(<InterviewScreen session={session} title="T" />);
    expect(screen.getByText('Tell me about a project.')).toBeInTheDocument();
    expect(screen.getByText('I once built')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Connection lost');
    expect(screen.getByText('Recording')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(session.retry).toHaveBeenCalled();
    expect(session.start).not.toHaveBeenCalled();
  });

  it('a note (recoverable error) leaves the conversation on screen, in words, and can be dismissed', async () => {
    const session = fakeSession({
      status: 'listening',
      note: "Something didn't go through, but your interview is still going.",
    });
    render(<InterviewScreen session={session} title="T" />);
    expect(screen.getByRole('status')).toHaveTextContent("Something didn't go through");
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.getByTestId('session-status')).toHaveTextContent('Listening');
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(session.dismissNote).toHaveBeenCalled();
  });

  it('End Interview asks first; Keep going keeps the interview, End interview ends it', async () => {
    const session = fakeSession({ status: 'listening' });
    render(<InterviewScreen session={session} title="T" />);
    await userEvent.click(screen.getByRole('button', { name: 'End Interview' }));
    const dialog = await screen.findByRole('dialog', { name: 'End the interview?' });
    expect(dialog).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Keep going' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(session.end).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'End Interview' }));
    await userEvent.click(await screen.findByRole('button', { name: 'End interview' }));
    expect(session.end).toHaveBeenCalledTimes(1);
  });
});

describe('EndModal', () => {
  it('quotes the last AI statement, or a default line, and continues', async () => {
    const onContinue = vi.fn();
    const { rerender } = render(<EndModal quote="Thanks, Ada. We will be in touch." onContinue={onContinue} />);
    expect(screen.getByRole('heading', { name: 'Thanks for interviewing!' })).toBeInTheDocument();
    expect(
      screen.getByText(
        "We're reviewing your conversation and will email you as soon as the hiring team has next steps.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/Thanks, Ada\. We will be in touch\./)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Continue to status' }));
    expect(onContinue).toHaveBeenCalled();
    rerender(<EndModal quote={null} onContinue={onContinue} />);
    expect(screen.getByText(new RegExp(DEFAULT_CLOSING_LINE.slice(0, 30)))).toBeInTheDocument();
  });
});
