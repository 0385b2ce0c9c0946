import { useState } from 'react';
import { X } from 'lucide-react';
import { INTERVIEW_CONTINUED_ELSEWHERE, MIC_ACTIVITY_THRESHOLD } from '@app/shared';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { ConfirmDialog } from '../../../components/lazy-dialogs';
import type { useInterviewSession } from '../hooks/useInterviewSession';
import { showMicPulse, type SessionStatus } from '../session/session-state';
import { AiOrb } from './AiOrb';
import { ControlBar } from './ControlBar';
import { InterviewProgress } from './InterviewProgress';
import { SelfView } from './SelfView';
import { TranscriptPanel } from './TranscriptPanel';
import { WorkSamplePanel } from './WorkSamplePanel';

const ORB_LABEL: Record<SessionStatus, string> = {
  idle: 'Getting ready',
  connecting: 'Setting up your interview',
  ready: 'Connected',
  listening: 'Listening',
  speaking: 'Speaking',
  processing: 'Thinking',
  ended: 'Interview finished',
  error: 'Disconnected',
};

type Session = ReturnType<typeof useInterviewSession>;

/** While the conversation is live, a muted microphone is what the chip and the orb say (issue 34). */
const statusLabel = (status: SessionStatus, muted: boolean) =>
  muted && status !== 'ended' && status !== 'error' && status !== 'idle' && status !== 'connecting'
    ? 'Muted'
    : ORB_LABEL[status];

/** The live conversation screen shared by the real interview and the practice run. */
export function InterviewScreen({
  session,
  title,
  subtitle,
  badge,
}: {
  session: Session;
  title: string;
  subtitle?: string;
  badge?: string;
}) {
  const { state } = session;
  // Only a fatal error stops the conversation and offers to reconnect (decision 0148).
  const canRetry = state.status === 'error' && state.error !== null;
  // Another tab or device runs the interview now: this one may take it back, never end it (decision 0225).
  const continuedElsewhere = state.error === INTERVIEW_CONTINUED_ELSEWHERE;
  const [confirmingEnd, setConfirmingEnd] = useState(false);
  const stillGoing = state.status !== 'ended';
  const label = statusLabel(state.status, state.muted);
  // The work sample takes the orb's place while it is on screen (the interviewer is quiet meanwhile).
  const sampleShown = state.workSample.item !== null || state.workSample.feedback !== null;

  return (
    <div className="relative flex h-dvh min-h-[560px] flex-col overflow-hidden bg-slate-950 text-white">
      <header className="flex items-center justify-between gap-3 px-4 pt-4 sm:px-8 sm:pt-6">
        <div className="min-w-0">
          <div className="flex items-center gap-2">
            <h1 className="truncate text-base font-semibold sm:text-lg">{title}</h1>
            {badge && (
              <span className="shrink-0 rounded-full bg-amber-400/15 px-2 py-0.5 text-xs font-medium text-amber-300">
                {badge}
              </span>
            )}
          </div>
          {subtitle && <p className="truncate text-xs text-slate-400 sm:text-sm">{subtitle}</p>}
          <InterviewProgress progress={state.progress} running={stillGoing} />
        </div>
        <span
          data-testid="session-status"
          data-status={state.status}
          data-muted={state.muted ? 'true' : 'false'}
          className={`shrink-0 rounded-full border px-3 py-1 text-xs ${label === 'Muted' ? 'border-amber-400/40 text-amber-300' : 'border-white/10 text-slate-300'}`}
        >
          {label}
        </span>
      </header>

      {state.note && (
        <div
          role="status"
          className="mx-auto mt-3 flex w-[calc(100%-2rem)] max-w-xl items-start gap-2 rounded-lg border border-amber-300/30 bg-amber-400/10 px-3 py-2 text-sm text-amber-100"
        >
          <p className="flex-1">{state.note}</p>
          <button
            type="button"
            onClick={session.dismissNote}
            aria-label="Dismiss"
            className="-m-1 rounded p-1 text-amber-200 hover:bg-white/10"
          >
            <X className="h-4 w-4" aria-hidden />
          </button>
        </div>
      )}

      {(state.error || state.audioBlocked) && (
        <div className="mx-auto mt-3 flex w-full max-w-xl flex-col gap-2 px-4">
          <ErrorBanner message={state.error} />
          {canRetry && (
            <button
              type="button"
              onClick={() => void session.retry()}
              className="self-center rounded-full bg-white/10 px-4 py-1.5 text-sm hover:bg-white/20"
            >
              {continuedElsewhere ? 'Continue here' : 'Try again'}
            </button>
          )}
          {state.audioBlocked && state.status !== 'ended' && (
            <button
              type="button"
              onClick={session.resumeAudio}
              className="self-center rounded-full bg-indigo-600 px-4 py-1.5 text-sm font-medium hover:bg-indigo-500"
            >
              Turn on sound
            </button>
          )}
        </div>
      )}

      <main className="flex min-h-0 flex-1 flex-col items-center gap-4 px-4 pt-4 pb-48 sm:pb-64 lg:flex-row lg:pb-28 lg:items-stretch lg:gap-8 lg:px-8 lg:pt-6">
        {sampleShown ? (
          <WorkSamplePanel
            sample={state.workSample}
            onRate={session.rateWorkItem}
            className="w-full max-w-2xl flex-1 lg:max-w-none"
          />
        ) : (
          <div className="flex shrink-0 items-center justify-center lg:flex-1">
            <AiOrb speaking={state.isAIPlaying} label={label} />
          </div>
        )}
        <TranscriptPanel
          className={`w-full max-w-2xl lg:mb-36 lg:w-96 lg:flex-none ${sampleShown ? 'h-28 shrink-0 lg:h-auto' : 'flex-1'}`}
          transcripts={state.transcripts}
          currentAIText={state.currentAIText}
          currentUserText={state.currentUserText}
        />
      </main>

      <SelfView stream={state.selfStream} recording={state.isRecording} />

      <div className="absolute inset-x-0 bottom-5 z-20 flex justify-center px-2 sm:bottom-8">
        <ControlBar
          status={state.status}
          muted={state.muted}
          micPulse={showMicPulse(state, MIC_ACTIVITY_THRESHOLD)}
          aiPlaying={state.isAIPlaying}
          ending={state.status === 'ended' || continuedElsewhere}
          onEnd={() => (stillGoing ? setConfirmingEnd(true) : void session.end())}
          onBargeIn={session.bargeIn}
          onToggleMute={session.toggleMute}
          onEndTurn={session.endTurn}
        />
      </div>

      {confirmingEnd && stillGoing && (
        <ConfirmDialog
          title="End the interview?"
          confirmLabel="End interview"
          cancelLabel="Keep going"
          onCancel={() => setConfirmingEnd(false)}
          onConfirm={() => {
            setConfirmingEnd(false);
            void session.end();
          }}
        >
          <p>You can&apos;t come back to this conversation once it has ended.</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
