import { Hand, Mic, MicOff, PhoneOff, SendHorizontal } from 'lucide-react';
import type { SessionStatus } from '../session/session-state';

type Props = {
  status: SessionStatus;
  muted: boolean;
  micPulse: boolean;
  aiPlaying: boolean;
  ending: boolean;
  onEnd: () => void;
  onBargeIn: () => void;
  onToggleMute: () => void;
  onEndTurn: () => void;
  endLabel?: string;
};

const round =
  'flex h-12 w-12 items-center justify-center rounded-full transition disabled:cursor-not-allowed disabled:opacity-40 sm:h-14 sm:w-14';

/** End interview, interrupt (barge-in), mute toggle and end-my-turn (docs/product/screens/interview.md). */
export function ControlBar(p: Props) {
  const ended = p.status === 'ended';
  const live = p.status === 'ready' || p.status === 'listening' || p.status === 'speaking' || p.status === 'processing';
  const endText = p.status === 'connecting' ? 'Connecting...' : ended ? 'Ended' : (p.endLabel ?? 'End Interview');

  return (
    <div
      role="toolbar"
      aria-label="Interview controls"
      className="flex items-center justify-center gap-3 rounded-full border border-white/10 bg-slate-900/80 px-3 py-2 shadow-xl backdrop-blur sm:gap-4 sm:px-5"
    >
      <button
        type="button"
        title="Interrupt"
        aria-label="Interrupt"
        onClick={p.onBargeIn}
        disabled={!live || !p.aiPlaying}
        className={`${round} bg-slate-700 text-white hover:bg-slate-600`}
      >
        <Hand className="h-5 w-5" aria-hidden />
      </button>

      <div className="relative">
        {p.micPulse && !p.muted && (
          <span
            data-testid="mic-pulse"
            className="absolute -inset-1.5 animate-ping rounded-full bg-emerald-400/40"
            aria-hidden
          />
        )}
        <button
          type="button"
          title={p.muted ? 'Unmute' : 'Mute'}
          aria-label={p.muted ? 'Unmute' : 'Mute'}
          aria-pressed={p.muted}
          onClick={p.onToggleMute}
          disabled={ended}
          className={`${round} relative ${p.muted ? 'bg-amber-500 text-slate-950 hover:bg-amber-400' : 'bg-slate-700 text-white hover:bg-slate-600'}`}
        >
          {p.muted ? <MicOff className="h-5 w-5" aria-hidden /> : <Mic className="h-5 w-5" aria-hidden />}
        </button>
      </div>

      <button
        type="button"
        title="End my turn"
        aria-label="End my turn"
        onClick={p.onEndTurn}
        disabled={!live || p.muted}
        className={`${round} bg-slate-700 text-white hover:bg-slate-600`}
      >
        <SendHorizontal className="h-5 w-5" aria-hidden />
      </button>

      <button
        type="button"
        onClick={p.onEnd}
        disabled={ended || p.ending || p.status === 'connecting' || p.status === 'idle'}
        className="flex h-12 items-center gap-2 rounded-full bg-red-600 px-4 text-sm font-semibold text-white transition hover:bg-red-500 disabled:cursor-not-allowed disabled:opacity-60 sm:h-14 sm:px-6"
      >
        <PhoneOff className="h-5 w-5" aria-hidden />
        <span>{endText}</span>
      </button>
    </div>
  );
}
