/** The AI interviewer's visual: an orb that pulses while the AI audio plays. */
export function AiOrb({ speaking, label }: { speaking: boolean; label: string }) {
  return (
    <div className="flex flex-col items-center gap-5 sm:gap-9">
      <div className="relative flex h-28 w-28 items-center justify-center sm:h-52 sm:w-52">
        {speaking && (
          <>
            <span className="absolute -inset-4 animate-pulse rounded-full bg-indigo-500/25" aria-hidden />
            <span
              className="absolute -inset-9 animate-pulse rounded-full bg-fuchsia-500/10 [animation-delay:400ms]"
              aria-hidden
            />
          </>
        )}
        <div
          data-testid="ai-orb"
          data-speaking={speaking ? 'true' : 'false'}
          className={`relative h-full w-full rounded-full bg-gradient-to-br from-indigo-400 via-violet-500 to-fuchsia-500 shadow-[0_0_60px_rgba(129,140,248,0.45)] transition-transform duration-300 ${
            speaking ? 'scale-105 animate-pulse' : 'scale-100'
          }`}
        >
          <div className="absolute inset-6 rounded-full bg-gradient-to-tr from-white/10 to-white/40 blur-md" />
        </div>
      </div>
      <div className="text-center">
        <div className="text-sm font-semibold tracking-wide text-white">AI Interviewer</div>
        <div className="text-xs text-slate-400" aria-live="polite">
          {label}
        </div>
      </div>
    </div>
  );
}
