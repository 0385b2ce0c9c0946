import { useParams } from 'react-router';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { NavButton } from '../../../components/NavButton';
import { Spinner } from '../../../components/Spinner';
import { describeError } from '../../../lib/describe-error';
import { useKeptDebrief } from '../api/practice-debriefs';
import { DebriefPage } from './DebriefPage';
import { DebriefView } from './DebriefView';

/** /debriefs/:debriefId: a practice debrief the candidate kept. */
export function KeptDebriefPage() {
  const { debriefId = '' } = useParams();
  const query = useKeptDebrief(debriefId);
  if (query.isPending) return <Spinner label="Loading your debrief..." />;
  if (query.isError)
    return (
      <DebriefPage title="Practice debrief" subtitle="This debrief could not be shown.">
        <ErrorBanner message={describeError(query.error, 'Could not load the debrief')} />
      </DebriefPage>
    );
  const kept = query.data;
  return (
    <DebriefPage
      title="Your practice debrief"
      subtitle={`Kept on ${new Date(kept.created_at).toLocaleDateString()}. It is in your data export and is deleted with your account.`}
    >
      <DebriefView
        debrief={kept.debrief}
        actions={
          <NavButton
            to="/"
            className="rounded-lg border border-slate-300 bg-white px-5 py-2.5 text-sm font-medium text-slate-700 hover:bg-slate-100"
          >
            Back to Opportunities
          </NavButton>
        }
      />
    </DebriefPage>
  );
}
