/**
 * The work sample's part of the live interview state (issue 46): the item on screen, whether its
 * rating is on its way, the last practice feedback, and a short note when a rating was refused. A
 * pure reducer like the rest of the session (session-state.ts delegates to it). The messages it is
 * built from carry no gold rating, and nothing here keeps one: the only reference rating is the
 * practice feedback, which arrives after the candidate's own rating.
 */
import type { WorkItemContent } from '@app/shared';

/** The item the server sent to rate now (`work_item`). */
export type OpenWorkItem = {
  itemId: string;
  /** 0-based place in the sample ("Item index + 1 of count"). */
  index: number;
  count: number;
  /** Time allowed for the item. */
  seconds: number;
  /** Seconds already used when it arrived: a reload comes back to the item with its clock running. */
  elapsedSeconds: number;
  /** Client clock (ms) when it arrived; the countdown runs from here. */
  receivedAtMs: number;
  content: WorkItemContent;
};

/** Practice only: the reference rating and why, after the candidate's own rating (`work_feedback`). */
export type WorkFeedback = { itemId: string; rating: number; referenceRating: number; explanation: string };

/**
 * open: the candidate may send a rating; sending: one is on its way (the next item or a refusal
 * answers it); taken: the server already holds a rating for this item (a 409), nothing more to send.
 */
export type WorkSubmit = 'open' | 'sending' | 'taken';

export type WorkSampleView = {
  item: OpenWorkItem | null;
  submit: WorkSubmit;
  /** Shown above the next item until the next rating, or in place after the last one. */
  feedback: WorkFeedback | null;
  /** A refused rating in plain words; the conversation goes on. */
  note: string | null;
};

export const initialWorkSample: WorkSampleView = { item: null, submit: 'open', feedback: null, note: null };

export type WorkSampleAction =
  | { type: 'work_item'; item: OpenWorkItem }
  | { type: 'work_rating_sent'; itemId: string }
  | { type: 'work_feedback'; feedback: WorkFeedback }
  | { type: 'work_refused'; message: string; status?: number }
  /** The sample is over (the last rating was answered, or the interview closed). */
  | { type: 'work_closed' };

/** What a refused rating says; the server's words are already the candidate's, except the schema's. */
export const WORK_NOTES = {
  outOfRange: 'Your rating was not accepted. Choose a rating from 1 to 5.',
} as const;

function refusedNote(message: string, status?: number): string {
  return status === 422 ? WORK_NOTES.outOfRange : message;
}

const isLast = (item: OpenWorkItem) => item.index >= item.count - 1;

export function workSampleReducer(state: WorkSampleView, action: WorkSampleAction): WorkSampleView {
  switch (action.type) {
    case 'work_item':
      // A new item (or the same one again after a reconnect): it may be rated; practice feedback stays.
      return { ...state, item: action.item, submit: 'open', note: null };
    case 'work_rating_sent':
      if (!state.item || state.item.itemId !== action.itemId || state.submit !== 'open') return state;
      // The previous item's feedback has been read: the next rating takes its place.
      return { ...state, submit: 'sending', feedback: null, note: null };
    case 'work_feedback': {
      const last = state.item?.itemId === action.feedback.itemId && isLast(state.item);
      // After the last item no work_item follows: the feedback shows in its place.
      return { ...state, feedback: action.feedback, ...(last ? { item: null, submit: 'open' as const } : {}) };
    }
    case 'work_refused':
      if (!state.item) return state;
      // Already rated (or nothing open): sending again would only be refused again.
      return {
        ...state,
        submit: action.status === 409 ? 'taken' : 'open',
        note: refusedNote(action.message, action.status),
      };
    case 'work_closed':
      return state.item === null && state.submit === 'open' && state.note === null
        ? state
        : { ...state, item: null, submit: 'open', note: null };
  }
}

/**
 * The last rating was sent and the interviewer speaks again: it took the rating and is saying goodbye
 * (the server keeps it quiet while items are open, so nothing else can be speaking).
 */
export const lastRatingAnswered = (ws: WorkSampleView) =>
  ws.submit === 'sending' && ws.item !== null && isLast(ws.item);

/** Whole seconds left on the item at `nowMs` (never below 0). */
export function secondsLeft(item: OpenWorkItem, nowMs: number): number {
  const used = item.elapsedSeconds + (nowMs - item.receivedAtMs) / 1000;
  return Math.max(0, Math.ceil(item.seconds - used));
}
