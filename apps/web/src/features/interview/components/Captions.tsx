import type { TranscriptEntry } from '../session/session-state';

/** Live captions: the latest final lines plus the interim text of both speakers. */
export function Captions({
  transcripts,
  currentAIText,
  currentUserText,
}: {
  transcripts: TranscriptEntry[];
  currentAIText: string;
  currentUserText: string;
}) {
  const recent = transcripts.slice(-2);
  const lines: { key: string; who: string; text: string; interim: boolean; ai: boolean }[] = recent.map((t) => ({
    key: t.id,
    who: t.speaker === 'user' ? 'You' : 'Interviewer',
    text: t.text,
    interim: false,
    ai: t.speaker !== 'user',
  }));
  if (currentAIText)
    lines.push({ key: 'ai-interim', who: 'Interviewer', text: currentAIText, interim: true, ai: true });
  if (currentUserText) lines.push({ key: 'user-interim', who: 'You', text: currentUserText, interim: true, ai: false });

  return (
    <section
      aria-label="Live captions"
      aria-live="polite"
      className="mx-auto w-full max-w-2xl space-y-2 px-4 text-center"
      data-testid="captions"
    >
      {lines.length === 0 ? (
        <p className="text-sm text-slate-500">Captions will appear here.</p>
      ) : (
        lines.map((l) => (
          <p key={l.key} className={`text-sm leading-relaxed sm:text-base ${l.interim ? 'italic opacity-70' : ''}`}>
            <span className={`mr-2 text-xs font-semibold uppercase ${l.ai ? 'text-indigo-300' : 'text-emerald-300'}`}>
              {l.who}
            </span>
            <span className="text-slate-100">{l.text}</span>
          </p>
        ))
      )}
    </section>
  );
}
