import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useJob } from '../../../api/jobs/get-job';
import { CheckCircle2, Mic, Video } from 'lucide-react';
import { isUuid, PRACTICE_MAX_MINUTES, PRACTICE_QUESTIONS } from '@app/shared';
import { IconList } from '../../../components/IconList';
import { clearPracticeDebrief } from '../../../lib/practice-debrief';
import { NavButton } from '../../../components/NavButton';
import { useInterviewSession } from '../hooks/useInterviewSession';
import { useLeaveIfNeverStarted } from '../hooks/useLeaveIfNeverStarted';
import { closingQuote } from '../session/session-state';
import { sendPracticeSatisfaction } from '../api/satisfaction';
import { EndModal } from './EndModal';
import { InterviewScreen } from './InterviewScreen';
import { SatisfactionQuestion } from './SatisfactionQuestion';
import { SignedInUserGate } from './SignedInUserGate';

/**
 * /interview-prep — a short practice conversation (PRACTICE_QUESTIONS questions) on the same live socket,
 * started with `practice: true`: nothing is recorded, uploaded, stored or scored.
 */
export function InterviewPrepPage() {
  const [started, setStarted] = useState(false);
  return (
    <SignedInUserGate>
      {started ? <PracticeSession /> : <PrepIntro onStart={() => setStarted(true)} />}
    </SignedInUserGate>
  );
}

const COUNT_WORDS = ['No', 'One', 'Two', 'Three', 'Four', 'Five'];
const practiceCount: number = PRACTICE_QUESTIONS;
const questionsSaid = `${COUNT_WORDS[practiceCount] ?? practiceCount} warm-up question${practiceCount === 1 ? '' : 's'}`;

/** What the practice is, as the server runs it: its greeting names the same count (decision 0183). */
export const PRACTICE_POINTS = [
  `${questionsSaid} from the AI interviewer, up to ${PRACTICE_MAX_MINUTES} minutes`,
  'Nothing is recorded, stored or scored; afterwards you see a debrief you may keep',
  'Try muting, ending your turn and interrupting the interviewer',
].map((text) => ({ icon: CheckCircle2, text }));

function PrepIntro({ onStart }: { onStart: () => void }) {
  return (
    <div className="min-h-dvh bg-slate-50">
      <div className="mx-auto max-w-2xl px-6 py-12 sm:py-16">
        <p className="text-sm font-medium text-indigo-600">Interview practice</p>
        <h1 className="mt-2 text-2xl font-semibold text-slate-900 sm:text-3xl">Warm up before your interview</h1>
        <p className="mt-3 text-slate-600">
          A quick practice conversation so you know how the live interview feels. Use headphones if you can, and find a
          quiet spot.
        </p>
        <IconList
          items={PRACTICE_POINTS}
          className="mt-6 space-y-3"
          itemClassName="flex items-start gap-3 text-slate-700"
          iconClassName="mt-0.5 h-5 w-5 shrink-0 text-emerald-500"
        />
        <p className="mt-6 flex items-center gap-2 text-sm text-slate-500">
          <Video className="h-4 w-4 shrink-0" aria-hidden />
          <Mic className="h-4 w-4 shrink-0" aria-hidden />
          Your camera and microphone will be requested when you start.
        </p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <button
            type="button"
            onClick={onStart}
            className="rounded-lg bg-indigo-600 px-5 py-2.5 text-sm font-semibold text-white hover:bg-indigo-500"
          >
            Start practice
          </button>
          <NavButton
            to="/"
            className="rounded-lg border border-slate-300 bg-white px-5 py-2.5 text-sm font-medium text-slate-700 hover:bg-slate-100"
          >
            Back to Opportunities
          </NavButton>
        </div>
      </div>
    </div>
  );
}

function PracticeSession() {
  const navigate = useNavigate();
  // Each practice run gets its own id; the server keeps nothing for practice sessions.
  const [practiceId] = useState(() => {
    clearPracticeDebrief();
    return crypto.randomUUID();
  });
  // From a job's page the practice is about that job (its title and skills; decision 0184).
  const [params] = useSearchParams();
  const jobId = params.get('jobId');
  const job = useJob(jobId);
  const session = useInterviewSession({ interviewId: practiceId, jobId, practice: true });
  useLeaveIfNeverStarted(session.state, '/');
  return (
    <>
      <InterviewScreen
        session={session}
        title={job.data ? `Practice: ${job.data.title}` : 'Practice interview'}
        subtitle="Not recorded or scored"
        badge="Practice"
      />
      {session.state.finished && session.state.hadSession && (
        <EndModal
          title="Practice complete"
          message="Nice work. Your debrief shows your pace, filler words and one suggestion per answer."
          quote={closingQuote(session.state)}
          actionLabel="See your debrief"
          onContinue={() => navigate('/interview-prep/debrief')}
        >
          <SatisfactionQuestion
            subject="practice"
            send={(reply) => sendPracticeSatisfaction(session.sessionId, isUuid(jobId) ? jobId : null, reply)}
          />
        </EndModal>
      )}
    </>
  );
}
