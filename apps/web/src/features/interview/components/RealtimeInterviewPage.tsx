import { useEffect } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Spinner } from '../../../components/Spinner';
import { useAuth } from '../../auth/hooks/auth-context';
import { useInterviewJob } from '../api/get-job';
import { useInterviewSession } from '../hooks/useInterviewSession';
import { lastAIStatement } from '../session/session-state';
import { EndModal } from './EndModal';
import { InterviewScreen } from './InterviewScreen';

/** /realtime-interview/{interviewId}?jobId= — the live AI voice and video interview (spec part 2 section 2.8). */
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
  const job = useInterviewJob(jobId);
  const session = useInterviewSession({ interviewId, jobId });
  const statusPath = `/status?interviewId=${encodeURIComponent(interviewId)}`;
  // Ended before the server ever accepted the session (e.g. it refused to start): nothing was
  // recorded or reviewed, so go straight to the status page instead of thanking for an interview.
  const leftEarly = session.finished && !session.hadSession;
  useEffect(() => {
    if (leftEarly) navigate('/status');
  }, [leftEarly, navigate]);

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
