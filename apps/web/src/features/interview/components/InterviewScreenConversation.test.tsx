import { act, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initialSessionState, type SessionState, type TranscriptEntry } from '../session/session-state';
import type { useInterviewSession } from '../hooks/useInterviewSession';
import { InterviewScreen } from './InterviewScreen';
import { InterviewProgress } from './InterviewProgress';
import { TranscriptPanel } from './TranscriptPanel';

type Session = ReturnType<typeof useInterviewSession>;

const session = (state: Partial<SessionState>): Session => ({
  state: { ...initialSessionState, hadSession: true, ...state },
  sessionId: 's',
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
});

const line = (i: number, speaker: 'ai' | 'user' = i % 2 ? 'user' : 'ai'): TranscriptEntry => ({
  id: `t${i}`,
  speaker,
  text: `Line number ${i}`,
  timestamp: i,
  final: true,
});

afterEach(() => vi.useRealTimers());

describe('the live screen keeps the conversation (issue 34)', () => {
  it('shows every line of the exchange, oldest first, not only the last two', () => {
    const transcripts = Array.from({ length: 8 }, (_, i) => line(i));
    render(<InterviewScreen session={session({ status: 'listening', transcripts })} title="T" />);
    const panel = screen.getByTestId('captions');
    const texts = within(panel)
      .getAllByText(/^Line number/)
      .map((n) => n.textContent);
    expect(texts).toEqual(transcripts.map((t) => t.text));
  });

  it('follows the newest line, but not while the candidate has scrolled up to read', () => {
    const props = { currentAIText: '', currentUserText: '' };
    const { rerender } = render(<TranscriptPanel transcripts={[line(0), line(1)]} {...props} />);
    const panel = screen.getByTestId('captions');
    Object.defineProperty(panel, 'scrollHeight', { configurable: true, get: () => 1000 });
    Object.defineProperty(panel, 'clientHeight', { configurable: true, get: () => 200 });
    rerender(<TranscriptPanel transcripts={[line(0), line(1), line(2)]} {...props} />);
    expect(panel.scrollTop).toBe(1000);
    // The candidate scrolls up: a new line does not pull them down, and a way back appears.
    act(() => {
      panel.scrollTop = 100;
      panel.dispatchEvent(new Event('scroll'));
    });
    rerender(<TranscriptPanel transcripts={[line(0), line(1), line(2), line(3)]} {...props} />);
    expect(panel.scrollTop).toBe(100);
    act(() => screen.getByRole('button', { name: 'Jump to latest' }).click());
    expect(panel.scrollTop).toBe(1000);
    expect(screen.queryByRole('button', { name: 'Jump to latest' })).toBeNull();
  });
});

describe('muted looks muted (issue 34)', () => {
  it("the status chip and the orb say 'Muted' while muted, and go back to the state after unmuting", () => {
    const { rerender } = render(<InterviewScreen session={session({ status: 'listening', muted: true })} title="T" />);
    expect(screen.getByTestId('session-status')).toHaveTextContent('Muted');
    expect(screen.getAllByText('Muted')).toHaveLength(2); // chip and orb
    rerender(<InterviewScreen session={session({ status: 'listening', muted: false })} title="T" />);
    expect(screen.getByTestId('session-status')).toHaveTextContent('Listening');
    expect(screen.queryByText('Muted')).toBeNull();
  });

  it('an ended interview says it ended, whatever the mute', () => {
    render(<InterviewScreen session={session({ status: 'ended', muted: true })} title="T" />);
    expect(screen.getByTestId('session-status')).toHaveTextContent('Interview finished');
  });
});

describe('where am I (issue 34)', () => {
  it("shows 'Question 3 of about 6' and the elapsed time against the length, counting on", () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-01-01T10:00:00Z'));
    const progress = { question: 3, questions: 6, maxSeconds: 25 * 60, startedAtMs: Date.now() - 95_000 };
    render(<InterviewProgress progress={progress} running />);
    const p = screen.getByTestId('interview-progress');
    expect(p).toHaveTextContent('Question 3 of about 6');
    expect(p).toHaveTextContent('1:35 / 25 min');
    act(() => vi.advanceTimersByTime(10_000));
    expect(p).toHaveTextContent('1:45 / 25 min');
  });

  it('is on the live screen once the server says where the interview is', () => {
    const progress = { question: 1, questions: 2, maxSeconds: 300, startedAtMs: Date.now() };
    render(<InterviewScreen session={session({ status: 'speaking', progress })} title="T" />);
    expect(screen.getByTestId('interview-progress')).toHaveTextContent('Question 1 of about 2');
    expect(screen.getByTestId('interview-progress')).toHaveTextContent('/ 5 min');
  });
});
