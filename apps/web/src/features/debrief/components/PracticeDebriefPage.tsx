import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { NavButton } from '../../../components/NavButton';
import { describeError } from '../../../lib/describe-error';
import { readPracticeDebrief } from '../../../lib/practice-debrief';
import { useKeepPracticeDebrief } from '../api/practice-debriefs';
import { DebriefPage } from './DebriefPage';
import { DebriefView } from './DebriefView';

const primary =
  'rounded-lg bg-indigo-600 px-5 py-2.5 text-sm font-semibold text-white hover:bg-indigo-500 disabled:opacity-60';
const secondary =
  'rounded-lg border border-slate-300 bg-white px-5 py-2.5 text-sm font-medium text-slate-700 hover:bg-slate-100';

/**
 * /interview-prep/debrief: the practice interview's debrief, as the live session sent it. Nothing is
 * on the server until the candidate keeps it (decision 0161).
 */
export function PracticeDebriefPage() {
  const [sealed] = useState(readPracticeDebrief);
  const keep = useKeepPracticeDebrief();
  const navigate = useNavigate();

  if (!sealed) {
    return (
      <DebriefPage title="Practice debrief" subtitle="There is no practice debrief in this window.">
        <p className="text-slate-700">Take a practice interview: its debrief appears here when it ends.</p>
        <NavButton to="/interview-prep" className={`${primary} mt-4`}>
          Start practice
        </NavButton>
      </DebriefPage>
    );
  }
  return (
    <DebriefPage
      title="Your practice debrief"
      subtitle="Nothing from this practice is stored unless you keep this debrief."
    >
      <DebriefView
        debrief={sealed.debrief}
        actions={
          <div className="space-y-3">
            <ErrorBanner message={keep.error ? describeError(keep.error, 'Could not keep the debrief') : null} />
            <div className="flex flex-col gap-3 sm:flex-row">
              <button
                type="button"
                className={primary}
                disabled={keep.isPending}
                onClick={() =>
                  keep.mutate(sealed, { onSuccess: (kept) => navigate(`/debriefs/${kept.id}`, { replace: true }) })
                }
              >
                {keep.isPending ? 'Keeping...' : 'Keep this debrief'}
              </button>
              <NavButton to="/" className={secondary}>
                Back to Opportunities
              </NavButton>
            </div>
          </div>
        }
      />
    </DebriefPage>
  );
}
