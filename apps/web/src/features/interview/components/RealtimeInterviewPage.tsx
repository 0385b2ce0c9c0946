import { isInterviewFinished } from '@app/shared';
import { CheckCircle2 } from 'lucide-react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useJob } from '../../../api/jobs/get-job';
import { useInterview } from '../../../api/interviews/get-interview';
import { NavButton } from '../../../components/NavButton';
import { Spinner } from '../../../components/Spinner';
import { useInterviewSession } from '../hooks/useInterviewSession';
import { useLeaveIfNeverStarted } from '../hooks/useLeaveIfNeverStarted';
import { closingQuote } from '../session/session-state';
import { sendInterviewSatisfaction } from '../api/satisfaction';
import { EndModal } from './EndModal';
import { InterviewScreen } from './InterviewScreen';
import { SatisfactionQuestion } from './SatisfactionQuestion';
import { SignedInUserGate } from './SignedInUserGate';

const statusPathOf = (interviewId: string) => `/status?interviewId=${encodeURIComponent(interviewId)}`;

/** /realtime-interview/{interviewId}?jobId= — the live AI voice and video interview (docs/product/screens/interview.md). */
export function RealtimeInterviewPage() {
  return (
    <SignedInUserGate>
      <InterviewOrItsEnd />
    </SignedInUserGate>
  );
}

/**
 * The address of an interview that has already ended says so, with the way to the status page, and
 * never opens the camera or microphone; any other (a new id, one not started, one running) is the
 * live interview. When the server cannot be asked, the live screen reports what goes wrong.
 */
function InterviewOrItsEnd() {
  const { interviewId = '' } = useParams();
  const interview = useInterview(interviewId);
  if (interview.isPending) return <Spinner label="Loading your interview..." />;
  if (isInterviewFinished(interview.data)) return <InterviewAlreadyEnded interviewId={interviewId} />;
  return <LiveInterview />;
}

function InterviewAlreadyEnded({ interviewId }: { interviewId: string }) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-950 px-4 text-white">
      <div className="w-full max-w-md rounded-2xl bg-white p-6 text-slate-900 shadow-2xl sm:p-8">
        <CheckCircle2 className="h-10 w-10 text-emerald-500" aria-hidden />
        <h1 className="mt-4 text-xl font-semibold">This interview has ended</h1>
        <p className="mt-2 text-sm text-slate-600">
          Your conversation is finished and with the hiring team. Your status page shows where it stands.
        </p>
        <NavButton
          to={statusPathOf(interviewId)}
          className="mt-6 block w-full rounded-lg bg-indigo-600 px-4 py-2.5 text-center text-sm font-semibold text-white hover:bg-indigo-500"
        >
          Go to your status page
        </NavButton>
      </div>
    </main>
  );
}

function LiveInterview() {
  const { interviewId = '' } = useParams();
  const [params] = useSearchParams();
  const jobId = params.get('jobId');
  const navigate = useNavigate();
  const job = useJob(jobId);
  const session = useInterviewSession({ interviewId, jobId });
  const { state } = session;
  const statusPath = statusPathOf(interviewId);
  useLeaveIfNeverStarted(state, '/status');
  const ended = state.finished && state.hadSession;

  return (
    <>
      <InterviewScreen
        session={session}
        title={job.data?.title ?? 'AI Interview'}
        subtitle={job.data ? `${job.data.position_type} · Live interview` : 'Live interview'}
      />
      {ended && state.submitted !== false && (
        <EndModal quote={closingQuote(state)} onContinue={() => navigate(statusPath)}>
          <SatisfactionQuestion
            subject="interview"
            send={(reply) => sendInterviewSatisfaction(session.liveInterviewId(), reply)}
          />
        </EndModal>
      )}
      {ended && state.submitted === false && (
        // Ended before any answer: nothing went to review, and the same interview can start again (0149).
        <EndModal
          title="Your interview was not sent"
          message="It ended before you answered a question, so nothing went to the hiring team. You can start it again whenever you're ready."
          actionLabel="Start again"
          startsAgain
          onContinue={() => window.location.reload()}
        />
      )}
    </>
  );
}
