import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { TranscriptEntry } from '../session/session-state';

/** Within this many pixels of the bottom the candidate is "following" the conversation. */
const FOLLOW_SLACK_PX = 48;

type Line = { key: string; who: string; text: string; interim: boolean; ai: boolean };

/**
 * The whole conversation so far, newest at the bottom (issue 34): it follows each new line unless the
 * candidate scrolled up to read, and offers a way back down then. Interim lines show in italics.
 */
export function TranscriptPanel({
  transcripts,
  currentAIText,
  currentUserText,
  className = '',
}: {
  transcripts: TranscriptEntry[];
  currentAIText: string;
  currentUserText: string;
  className?: string;
}) {
  const lines: Line[] = transcripts.map((t) => ({
    key: t.id,
    who: t.speaker === 'user' ? 'You' : 'Interviewer',
    text: t.text,
    interim: false,
    ai: t.speaker !== 'user',
  }));
  if (currentAIText)
    lines.push({ key: 'ai-interim', who: 'Interviewer', text: currentAIText, interim: true, ai: true });
  if (currentUserText) lines.push({ key: 'user-interim', who: 'You', text: currentUserText, interim: true, ai: false });

  const scroller = useRef<HTMLDivElement>(null);
  const [following, setFollowing] = useState(true);
  const last = lines.at(-1);
  const lastKey = last ? `${lines.length}:${last.key}:${last.text.length}` : '';

  // A new or growing line: keep the newest in view while the candidate follows along.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && following) el.scrollTop = el.scrollHeight;
  }, [lastKey, following]);

  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const onScroll = () => setFollowing(el.scrollHeight - el.scrollTop - el.clientHeight <= FOLLOW_SLACK_PX);
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => el.removeEventListener('scroll', onScroll);
  }, []);

  return (
    <section
      aria-label="Transcript"
      className={`relative flex min-h-0 flex-col rounded-2xl border border-white/10 bg-slate-900/60 ${className}`}
    >
      <h2 className="border-b border-white/10 px-4 py-2 text-xs font-semibold tracking-wide text-slate-400 uppercase">
        Transcript
      </h2>
      <div
        ref={scroller}
        data-testid="captions"
        aria-live="polite"
        className="min-h-0 flex-1 space-y-3 overflow-y-auto px-4 py-3"
      >
        {lines.length === 0 ? (
          <p className="text-sm text-slate-500">The conversation will appear here.</p>
        ) : (
          lines.map((l) => (
            <p key={l.key} className={`text-sm leading-relaxed ${l.interim ? 'italic opacity-70' : ''}`}>
              <span className={`mr-2 text-xs font-semibold uppercase ${l.ai ? 'text-indigo-300' : 'text-emerald-300'}`}>
                {l.who}
              </span>
              <span className="text-slate-100">{l.text}</span>
            </p>
          ))
        )}
      </div>
      {!following && (
        <button
          type="button"
          onClick={() => {
            const el = scroller.current;
            if (el) el.scrollTop = el.scrollHeight;
            setFollowing(true);
          }}
          className="absolute bottom-3 left-1/2 -translate-x-1/2 rounded-full bg-indigo-600 px-3 py-1 text-xs font-medium text-white shadow-lg hover:bg-indigo-500"
        >
          Jump to latest
        </button>
      )}
    </section>
  );
}
