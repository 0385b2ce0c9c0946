import { useEffect, useState } from 'react';
import type { SessionProgress } from '../session/session-state';

const clock = (seconds: number) => {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/** 'Question 3 of about 6' and the time used against the interview's length (issue 34, decision 0181). */
export function InterviewProgress({
  progress,
  running,
  now = Date.now,
}: {
  progress: SessionProgress | null;
  /** The clock stops once the interview has ended. */
  running: boolean;
  now?: () => number;
}) {
  const [, tick] = useState(0);
  useEffect(() => {
    if (!progress || !running) return;
    const timer = setInterval(() => tick((n) => n + 1), 1000);
    return () => clearInterval(timer);
  }, [progress, running]);
  if (!progress || progress.question < 1) return null;
  const elapsed = Math.min((now() - progress.startedAtMs) / 1000, progress.maxSeconds);
  return (
    <p data-testid="interview-progress" className="flex flex-wrap items-center gap-x-3 text-xs text-slate-300">
      <span>
        Question {progress.question} of about {Math.max(progress.question, progress.questions)}
      </span>
      <span aria-hidden className="text-slate-600">
        ·
      </span>
      <span aria-label={`${clock(elapsed)} of ${Math.round(progress.maxSeconds / 60)} minutes`}>
        <span className="tabular-nums">{clock(elapsed)}</span>
        <span className="text-slate-500"> / {Math.round(progress.maxSeconds / 60)} min</span>
      </span>
    </p>
  );
}
