import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Briefcase, Clock, Lightbulb, Loader2, MessageSquare, Palette, Sparkles, type LucideIcon } from 'lucide-react';
import { EQUIPMENT_CHECK_ERRORS, SUPPORT_EMAIL } from '@app/shared';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { IconList } from '../../../components/IconList';
import { cardClass, primaryButtonClass } from '../../../components/form-styles';
import { useAuth } from '../../../lib/auth';
import { useJob } from '../../../api/jobs/get-job';
import { useMediaCheck } from '../hooks/use-media-check';
import { interviewPath } from '../new-id';
import { EquipmentPreview } from './EquipmentPreview';
import { recordConsent } from '../api/give-consent';
import { findEarlierInterview } from '../api/earlier-interview';
import { RecordingConsent } from './RecordingConsent';
import { AiNoticePanel } from './AiNoticePanel';

const EXPECT = [
  { icon: Palette, text: 'Discuss your creative portfolio and the work you are proudest of' },
  { icon: Clock, text: 'A 20-30 minute conversation with our AI interviewer' },
  { icon: Sparkles, text: 'Express your creative vision and how you approach a brief' },
  { icon: MessageSquare, text: 'An AI assessment of your answers, reviewed by our team' },
];
const TIPS = [
  'Find good lighting and a quiet, tidy background',
  'Have your portfolio ready to talk through',
  'Speak naturally, as you would with a colleague',
  'Name the design tools you use and how you use them',
  'Show your passion for the craft',
].map((text) => ({ icon: Lightbulb, text }));

/** A card beside the check: a heading and a list with an icon on each line. */
function SideCard({
  id,
  title,
  items,
  iconColor,
}: {
  id: string;
  title: string;
  items: readonly { icon: LucideIcon; text: string }[];
  iconColor: string;
}) {
  return (
    <section className={cardClass} aria-labelledby={id}>
      <h2 id={id} className="text-base font-semibold">
        {title}
      </h2>
      <IconList
        items={items}
        className="mt-3 space-y-3"
        itemClassName="flex gap-3 text-sm text-slate-700"
        iconClassName={`mt-0.5 h-4 w-4 shrink-0 ${iconColor}`}
      />
    </section>
  );
}

/** The equipment check before an interview (docs/product/screens/application.md). */
export function EquipmentCheckPage() {
  const [params] = useSearchParams();
  const jobId = params.get('jobId');
  const navigate = useNavigate();
  const { user } = useAuth();
  const { data: job, error: jobError } = useJob(jobId);
  const media = useMediaCheck(true);
  const [error, setError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const [consented, setConsented] = useState(false);
  const [noticed, setNoticed] = useState(false);

  useEffect(() => {
    if (jobError) console.error('Failed to load job', jobError);
  }, [jobError]);

  const firstName = user?.name?.trim().split(/\s+/)[0];
  const ready = media.cameraReady && media.micReady;
  // Starting needs a job id, a user id and the media grant (docs/product/rules.md).
  // ... and the candidate's consent to recording and AI-assisted assessment (the socket checks it).
  // ... and the acknowledged AI notice (issue 35; the socket checks it too).
  const canStart = ready && consented && noticed && Boolean(jobId) && Boolean(user?.id) && !starting;

  const onStart = async () => {
    if (!canStart || !jobId || !user) return;
    setError(null);
    setStarting(true);
    let openId: string | null = null;
    try {
      const earlier = await findEarlierInterview(jobId, user.id);
      if (earlier.kind !== 'none') {
        setError(
          earlier.kind === 'found' ? EQUIPMENT_CHECK_ERRORS.existingInterview : EQUIPMENT_CHECK_ERRORS.statusCheck,
        );
        return;
      }
      openId = earlier.openId;
      if (!(await recordConsent(jobId, setError))) return;
    } finally {
      setStarting(false);
    }
    media.stop();
    navigate(interviewPath(jobId, openId));
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 lg:py-10">
      {job && (
        <section
          aria-label="Job"
          className="rounded-xl bg-gradient-to-r from-brand-600 to-brand-700 p-5 text-white sm:p-6"
        >
          <div className="flex items-center gap-2 text-sm text-brand-100">
            <Briefcase className="h-4 w-4" aria-hidden />
            <span>{job.position_type}</span>
          </div>
          <h2 className="mt-1 text-xl font-semibold">{job.title}</h2>
          <p className="mt-2 line-clamp-3 text-sm text-brand-50">{job.description}</p>
        </section>
      )}

      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_340px]">
        <section className={cardClass} aria-labelledby="setup-title">
          <h1 id="setup-title" className="text-2xl font-semibold text-slate-900">
            Let&apos;s get you set up{firstName ? `, ${firstName}` : ''}
          </h1>
          <p className="mt-1 text-sm text-slate-600">
            We check your camera and microphone before the interview starts.
          </p>
          <div className="mt-5">
            <EquipmentPreview media={media} />
          </div>
          {media.denied && (
            <div className="mt-4 space-y-1">
              <ErrorBanner message={EQUIPMENT_CHECK_ERRORS.media} />
              <p className="text-sm text-slate-600">
                Still having trouble? Contact{' '}
                <a href={`mailto:${SUPPORT_EMAIL}`} className="font-medium text-brand-600 hover:underline">
                  {SUPPORT_EMAIL}
                </a>
              </p>
            </div>
          )}
          {jobId && (
            <p className="mt-4 text-sm text-slate-600">
              Want to update your resume or work authorization first?{' '}
              <Link
                to={`/apply?jobId=${encodeURIComponent(jobId)}`}
                className="font-medium text-brand-600 hover:underline"
              >
                Complete the full application
              </Link>
            </p>
          )}
          {!jobId && (
            <p className="mt-4 text-sm text-slate-600">
              Choose a job in the{' '}
              <Link to="/" className="font-medium text-brand-600 hover:underline">
                marketplace
              </Link>{' '}
              to start its interview.
            </p>
          )}
          <div className="mt-5 space-y-3">
            {jobId && <AiNoticePanel jobId={jobId} checked={noticed} onChange={setNoticed} />}
            {jobId && <RecordingConsent checked={consented} onChange={setConsented} />}
            <ErrorBanner message={error} />
            {error === EQUIPMENT_CHECK_ERRORS.existingInterview && (
              <Link to="/status" className="inline-block text-sm font-medium text-brand-600 hover:underline">
                Go to your status page
              </Link>
            )}
            <button
              type="button"
              onClick={() => void onStart()}
              disabled={!canStart}
              className={`${primaryButtonClass} w-full sm:w-auto`}
            >
              {(!ready || starting) && !media.denied && <Loader2 className="h-4 w-4 animate-spin" aria-hidden />}
              {ready ? 'Start Interview' : 'Checking equipment...'}
            </button>
          </div>
        </section>

        <aside className="space-y-6">
          <SideCard id="expect-title" title="What to Expect" items={EXPECT} iconColor="text-brand-600" />
          <SideCard id="tips-title" title="Tips for Success" items={TIPS} iconColor="text-amber-500" />
        </aside>
      </div>
    </div>
  );
}
