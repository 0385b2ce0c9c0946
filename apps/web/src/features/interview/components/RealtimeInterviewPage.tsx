import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useJob } from '../../../api/jobs/get-job';
import { useInterviewSession } from '../hooks/useInterviewSession';
import { useLeaveIfNeverStarted } from '../hooks/useLeaveIfNeverStarted';
import { lastAIStatement } from '../session/session-state';
import { EndModal } from './EndModal';
import { InterviewScreen } from './InterviewScreen';
import { SignedInUserGate } from './SignedInUserGate';

/** /realtime-interview/{interviewId}?jobId= — the live AI voice and video interview (docs/product/screens/interview.md). */
export function RealtimeInterviewPage() {
  return (
    <SignedInUserGate>
      <LiveInterview />
    </SignedInUserGate>
  );
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
