import { useSyncExternalStore } from 'react';
import { WifiOff } from 'lucide-react';
import { pendingSaves } from '../lib/pending-saves';

export const OFFLINE_SAVE_TEXT = "You're offline — we'll save as soon as you're back.";
export const UNREACHABLE_SAVE_TEXT = "We couldn't reach the server — we'll keep trying.";

/**
 * The one notice for saves waiting on the network (lib/pending-saves.ts): it says so in words, offers
 * Retry, and goes away once they have gone out. The forms themselves stay as they were, busy.
 */
export function PendingSavesNotice() {
  const { count, offline } = useSyncExternalStore(pendingSaves.subscribe, pendingSaves.get, pendingSaves.get);
  if (count === 0) return null;
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-20 z-[60] flex justify-center px-4 md:bottom-4">
      <div
        role="status"
        className="pointer-events-auto flex max-w-md items-center gap-3 rounded-lg bg-slate-900 px-4 py-3 text-sm text-white shadow-lg"
      >
        <WifiOff className="h-4 w-4 shrink-0 text-amber-300" aria-hidden />
        <p className="flex-1">{offline ? OFFLINE_SAVE_TEXT : UNREACHABLE_SAVE_TEXT}</p>
        <button
          type="button"
          onClick={pendingSaves.retryNow}
          className="shrink-0 rounded-md bg-white/10 px-3 py-1 font-medium hover:bg-white/20"
        >
          Retry
        </button>
      </div>
    </div>
  );
}
