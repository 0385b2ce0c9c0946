import { useParams } from 'react-router';
import { useInterviewDebrief } from '../../../api/interviews/get-debrief';
import { ApiError } from '../../../lib/api-client';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { NavButton } from '../../../components/NavButton';
import { Spinner } from '../../../components/Spinner';
import { describeError } from '../../../lib/describe-error';
import { DebriefPage } from './DebriefPage';
import { DebriefView } from './DebriefView';

const NOT_SHARED =
  'The debrief of this interview is not available: it appears once the hiring team has decided, for jobs that share feedback.';

/** /interviews/:interviewId/debrief: a real interview's debrief, when the job shares feedback and it was decided. */
export function InterviewDebriefPage() {
  const { interviewId = '' } = useParams();
  const query = useInterviewDebrief(interviewId);
  if (query.isPending) return <Spinner label="Loading your debrief..." />;
  if (query.isError) {
    const hidden = query.error instanceof ApiError && query.error.status === 404;
    return (
      <DebriefPage title="Interview debrief" subtitle="Feedback on your interview">
        {hidden ? (
          <p className="text-slate-700">{NOT_SHARED}</p>
        ) : (
          <ErrorBanner message={describeError(query.error, 'Could not load the debrief')} />
        )}
      </DebriefPage>
    );
  }
  return (
    <DebriefPage
      title="Your interview debrief"
      subtitle="The hiring team shares this feedback with every candidate of this job. It does not change the decision."
    >
      <DebriefView
        debrief={query.data}
        actions={
          <NavButton
            to={`/status?interviewId=${encodeURIComponent(interviewId)}`}
            className="rounded-lg border border-slate-300 bg-white px-5 py-2.5 text-sm font-medium text-slate-700 hover:bg-slate-100"
          >
            Back to status
          </NavButton>
        }
      />
    </DebriefPage>
  );
}
