import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initialSessionState, type SessionState } from '../session/session-state';
import { initialWorkSample, type OpenWorkItem, type WorkSampleView } from '../session/work-sample-state';
import type { useInterviewSession } from '../hooks/useInterviewSession';
import { InterviewScreen } from './InterviewScreen';
import { WORK_SAMPLE_TEXT, WorkSamplePanel } from './WorkSamplePanel';

const item = (over: Partial<OpenWorkItem> = {}): OpenWorkItem => ({
  itemId: 'item-b',
  index: 1,
  count: 3,
  seconds: 120,
  elapsedSeconds: 0,
  receivedAtMs: Date.now(),
  content: {
    task_name: 'Festival poster',
    task_description: 'Rate the poster for the summer festival.',
    instructions: 'Judge the layout and the type.',
    data_to_annotate: { title: 'Poster B', data_type: 'text', data_content: { text: 'Big yellow letters on blue.' } },
  },
  ...over,
});
const sample = (over: Partial<WorkSampleView> = {}): WorkSampleView => ({
  ...initialWorkSample,
  item: item(),
  ...over,
});
const region = () => screen.getByRole('region', { name: WORK_SAMPLE_TEXT.title });

afterEach(() => vi.useRealTimers());

describe('WorkSamplePanel', () => {
  it('shows which item of how many, the item with the task preview, the think-aloud line, and takes focus', () => {
    render(<WorkSamplePanel sample={sample()} onRate={vi.fn()} />);
    const panel = region();
    expect(within(panel).getByText('Item 2 of 3')).toBeInTheDocument();
    expect(within(panel).getByRole('heading', { name: 'Festival poster' })).toBeInTheDocument();
    expect(within(panel).getByText('Judge the layout and the type.')).toBeInTheDocument();
    expect(within(panel).getByLabelText('Text content')).toHaveTextContent('Big yellow letters on blue.');
    expect(within(panel).getByText(WORK_SAMPLE_TEXT.thinkAloud)).toBeInTheDocument();
    expect(WORK_SAMPLE_TEXT.thinkAloud).toBe('Think aloud: tell the interviewer why you give this rating.');
    expect(within(panel).getByRole('timer')).toHaveTextContent('2:00 left');
    expect(panel).toHaveFocus();
  });

  it('sends one rating with the 1-5 control, and locks while it is on its way', async () => {
    const onRate = vi.fn();
    const { rerender } = render(<WorkSamplePanel sample={sample()} onRate={onRate} />);
    const submit = screen.getByRole('button', { name: 'Submit rating' });
    expect(submit).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: /^4 - / }));
    await userEvent.click(submit);
    expect(onRate).toHaveBeenCalledExactlyOnceWith(4);
    rerender(<WorkSamplePanel sample={sample({ submit: 'sending' })} onRate={onRate} />);
    expect(screen.getByRole('button', { name: 'Submit rating' })).toBeDisabled();
    expect(screen.getByRole('button', { name: /^5 - / })).toBeDisabled();
    expect(screen.getByText(WORK_SAMPLE_TEXT.sending)).toBeInTheDocument();
    // The next item: unrated, open, focused.
    rerender(<WorkSamplePanel sample={sample({ item: item({ itemId: 'item-c', index: 2 }) })} onRate={onRate} />);
    expect(screen.getByText('Item 3 of 3')).toBeInTheDocument();
    expect(screen.getByTestId('rating-value')).toHaveTextContent('Not rated yet');
    expect(region()).toHaveFocus();
  });

  it('shows a refused rating as a note; a 409 keeps the control closed, another refusal lets them rate again', async () => {
    const onRate = vi.fn();
    const { rerender } = render(
      <WorkSamplePanel
        sample={sample({ submit: 'taken', note: 'This item has already been rated.' })}
        onRate={onRate}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('This item has already been rated.');
    expect(screen.getByRole('button', { name: 'Submit rating' })).toBeDisabled();
    rerender(
      <WorkSamplePanel
        sample={sample({ submit: 'open', note: 'This item is not part of your work sample.' })}
        onRate={onRate}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: /^2 - / }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit rating' }));
    expect(onRate).toHaveBeenCalledWith(2);
  });

  it('counts down from the time left and then says the time is up, without blocking the rating', async () => {
    vi.useFakeTimers();
    const onRate = vi.fn();
    // A reload came back 100 s into a 120 s item.
    render(<WorkSamplePanel sample={sample({ item: item({ elapsedSeconds: 100 }) })} onRate={onRate} />);
    expect(screen.getByRole('timer')).toHaveTextContent('0:20 left');
    act(() => vi.advanceTimersByTime(15_000));
    expect(screen.getByRole('timer')).toHaveTextContent('0:05 left');
    act(() => vi.advanceTimersByTime(5_000));
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.getByText(WORK_SAMPLE_TEXT.timeUp)).toBeInTheDocument();
    expect(WORK_SAMPLE_TEXT.timeUp).toMatch(/time is up.*marked late/i);
    vi.useRealTimers();
    await userEvent.click(screen.getByRole('button', { name: /^3 - / }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit rating' }));
    expect(onRate).toHaveBeenCalledWith(3);
  });

  it('practice: the reference rating and its explanation above the next item, and in place after the last', () => {
    const feedback = { itemId: 'item-a', rating: 5, referenceRating: 3, explanation: 'The type is hard to read.' };
    const { rerender } = render(<WorkSamplePanel sample={sample({ feedback })} onRate={vi.fn()} />);
    const shown = screen.getByText('Reference rating: 3').parentElement!;
    expect(shown).toHaveTextContent('Your rating: 5');
    expect(shown).toHaveTextContent('The type is hard to read.');
    expect(screen.getByText('Item 2 of 3')).toBeInTheDocument();
    rerender(<WorkSamplePanel sample={sample({ item: null, feedback })} onRate={vi.fn()} />);
    expect(screen.getByText('Reference rating: 3')).toBeInTheDocument();
    expect(screen.getByText(WORK_SAMPLE_TEXT.allRated)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit rating' })).toBeNull();
  });

  it('renders nothing without an item or feedback', () => {
    const { container } = render(<WorkSamplePanel sample={initialWorkSample} onRate={vi.fn()} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('never shows a gold rating, even if one were smuggled into the item', () => {
    const smuggled = item();
    Object.assign(smuggled.content, { gold_rating: 4, gold: 4 });
    Object.assign(smuggled.content.data_to_annotate, { gold_rating: 4 });
    render(<WorkSamplePanel sample={sample({ item: smuggled })} onRate={vi.fn()} />);
    expect(region().textContent).not.toMatch(/gold/i);
    expect(region().innerHTML).not.toMatch(/gold/i);
  });
});

describe('InterviewScreen with the work sample', () => {
  type Session = ReturnType<typeof useInterviewSession>;
  const session = (state: Partial<SessionState>): Session => ({
    state: { ...initialSessionState, hadSession: true, status: 'listening', ...state },
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

  it('shows the panel while an item is open, with the transcript beside it, and sends the rating through the session', async () => {
    const s = session({ workSample: sample() });
    render(<InterviewScreen session={s} title="Poster designer" />);
    expect(region()).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Transcript' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /^1 - / }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit rating' }));
    expect(s.rateWorkItem).toHaveBeenCalledWith(1);
  });

  it('without a sample there is no panel', () => {
    render(<InterviewScreen session={session({})} title="Poster designer" />);
    expect(screen.queryByRole('region', { name: WORK_SAMPLE_TEXT.title })).toBeNull();
  });
});
