import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Spinner } from '../../../components/Spinner';
import { useAuth } from '../../../lib/auth';
import { useJob } from '../../../api/jobs/get-job';
import { useInterviewSession } from '../hooks/useInterviewSession';
import { useLeaveIfNeverStarted } from '../hooks/useLeaveIfNeverStarted';
import { lastAIStatement } from '../session/session-state';
import { EndModal } from './EndModal';
import { InterviewScreen } from './InterviewScreen';

/** /realtime-interview/{interviewId}?jobId= — the live AI voice and video interview (docs/product/screens/interview.md). */
export function RealtimeInterviewPage() {
  const { isLoading, user } = useAuth();
  if (isLoading) return <Spinner label="Loading your profile..." />;
  if (!user) {
    return (
      <div className="mx-auto max-w-md px-6 py-16" role="alert">
        User not loaded. Please refresh and try again.
      </div>
    );
  }
  return <LiveInterview />;
}

function LiveInterview() {
  const { interviewId = '' } = useParams();
  const [params] = useSearchParams();
  const jobId = params.get('jobId');
  const navigate = useNavigate();
  const job = useJob(jobId);
  const session = useInterviewSession({ interviewId, jobId });
  const statusPath = `/status?interviewId=${encodeURIComponent(interviewId)}`;
  useLeaveIfNeverStarted(session, '/status');

  return (
    <>
      <InterviewScreen
        session={session}
        title={job.data?.title ?? 'AI Interview'}
        subtitle={job.data ? `${job.data.position_type} · Live interview` : 'Live interview'}
      />
      {session.finished && session.hadSession && (
        <EndModal quote={lastAIStatement(session.state.transcripts)} onContinue={() => navigate(statusPath)} />
      )}
    </>
  );
}
