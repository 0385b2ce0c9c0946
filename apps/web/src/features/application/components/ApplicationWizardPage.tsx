import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ArrowLeft, ArrowRight, Check, FileText, Loader2, UploadCloud, Video } from 'lucide-react';
import {
  APPLICATION_ERRORS,
  APPLICATION_STEP_TITLES,
  PRODUCT_NAME,
  RESUME_EXTENSIONS,
  availabilityTextFor,
  buildApplicationPayload,
  buildApplicationSteps,
  findBlockingInterview,
  validateApplicationStep,
  type ApplicationState,
  type ApplicationStepId,
  type ProfileFields,
  type ProfileMe,
} from '@app/shared';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { Spinner } from '../../../components/Spinner';
import { TextField } from '../../../components/TextField';
import { WorkAuthorizationField } from '../../../components/WorkAuthorizationField';
import { primaryButtonClass, secondaryButtonClass } from '../../../components/form-styles';
import { absoluteUrl } from '../../../lib/api-client';
import { describeError } from '../../../lib/describe-error';
import { useAuth } from '../../auth/hooks/auth-context';
import { completeProfile } from '../api/complete-profile';
import { getInterviewList } from '../api/get-interviews';
import { useJob } from '../api/get-job';
import { useProfile } from '../api/get-profile';
import { uploadResumeAnonymously } from '../api/upload-resume';
import { useMediaCheck } from '../hooks/use-media-check';
import { interviewPath } from '../new-id';
import { EquipmentPreview } from './EquipmentPreview';

const STEP_PURPOSE: Record<ApplicationStepId, string> = {
  resume: 'Share your latest resume',
  work_authorization: 'Confirm you can work',
  availability: 'Check the schedule',
  equipment: 'Camera and microphone',
};

/** The per-job application wizard of spec part 1 sections 2, 4, 5 and 8 (route /apply?jobId=). */
export function ApplicationWizardPage() {
  const [params] = useSearchParams();
  const jobId = params.get('jobId');
  const navigate = useNavigate();
  const { user, setUser } = useAuth();
  const profileQuery = useProfile();
  const jobQuery = useJob(jobId);

  // The steps are fixed once the profile is known, so saving a work authorization mid-way does not
  // remove the step the person is on.
  const [steps, setSteps] = useState<ApplicationStepId[] | null>(null);
  const [index, setIndex] = useState(0);
  const [state, setState] = useState<ApplicationState>({
    resumeUrl: '',
    workAuthorization: '',
    citizenship: '',
    availabilityConfirmed: true,
    cameraReady: false,
    micReady: false,
  });
  const [resumeName, setResumeName] = useState('');
  const [uploading, setUploading] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [blocked, setBlocked] = useState(false);
  const stepHeadingRef = useRef<HTMLHeadingElement>(null);

  const profile = profileQuery.data;
  useEffect(() => {
    if (profile && !steps) {
      setSteps(buildApplicationSteps(profile));
      setState((s) => ({ ...s, resumeUrl: profile.resume_url ?? '', citizenship: profile.citizenship ?? '' }));
    }
  }, [profile, steps]);

  const step = steps?.[index];
  const media = useMediaCheck(step === 'equipment');
  const mediaState = { ...state, cameraReady: media.cameraReady, micReady: media.micReady };

  const loadFailed = profileQuery.isError || jobQuery.isError;
  useEffect(() => {
    if (profileQuery.error) console.error('Failed to load profile', profileQuery.error);
    if (jobQuery.error) console.error('Failed to load job', jobQuery.error);
  }, [profileQuery.error, jobQuery.error]);

  if (loadFailed) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16">
        <ErrorBanner message={APPLICATION_ERRORS.load} />
        <Link to="/" className="mt-4 inline-block text-sm font-medium text-brand-600 hover:underline">
          Back to Marketplace
        </Link>
      </div>
    );
  }
  if (!profile || !steps || !step || (jobId && !jobQuery.data)) return <Spinner label="Loading..." />;

  const job = jobQuery.data;
  const jobTitle = job?.title || 'this position';
  const isLast = index === steps.length - 1;

  const goTo = (i: number) => {
    setError(null);
    setBlocked(false);
    setIndex(i);
    window.scrollTo({ top: 0 });
    // Keyboard and screen-reader users start the new step at its title.
    requestAnimationFrame(() => stepHeadingRef.current?.focus({ preventScroll: true }));
  };

  const onFile = async (file: File) => {
    setError(null);
    setUploading(true);
    try {
      const reply = await uploadResumeAnonymously(file);
      if (!reply?.url) {
        setError('Failed to upload resume');
        return;
      }
      // The wizard stores the returned url as is (spec section 7).
      setState((s) => ({ ...s, resumeUrl: reply.url! }));
      setResumeName(file.name);
    } catch (err) {
      console.error('Resume upload failed', err);
      setError('Failed to upload resume. Please try again.');
    } finally {
      setUploading(false);
    }
  };

  const saveProfile = async () => {
    const saved = await completeProfile(buildApplicationPayload(profile as ProfileMe & ProfileFields, state));
    setUser({ ...user, ...saved });
  };

  const startInterview = async () => {
    if (!user) return;
    if (jobId) {
      try {
        const interviews = await getInterviewList(jobId, user.id);
        if (findBlockingInterview(interviews, jobId, user.id)) {
          setBlocked(true);
          setError(APPLICATION_ERRORS.existingInterview);
          return;
        }
      } catch (err) {
        console.error('Interview status check failed', err);
        setError(APPLICATION_ERRORS.statusCheck);
        return;
      }
    }
    media.stop();
    navigate(interviewPath(jobId));
  };

  const onNext = async () => {
    const problem = validateApplicationStep(step, mediaState);
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      if (step === 'availability') {
        try {
          await saveProfile();
        } catch (err) {
          console.error('Saving the profile failed', err);
          setError(describeError(err, APPLICATION_ERRORS.save));
          return;
        }
      }
      if (isLast) await startInterview();
      else goTo(index + 1);
    } finally {
      setBusy(false);
    }
  };

  const onBack = () => (index === 0 ? navigate('/') : goTo(index - 1));
  const nextDisabled = busy || uploading || (step === 'equipment' && !(media.cameraReady && media.micReady));

  return (
    <div className="min-h-screen bg-slate-50 md:flex">
      <aside className="hidden w-72 shrink-0 flex-col border-r border-slate-200 bg-white px-6 py-8 md:flex">
        <p className="text-lg font-semibold text-brand-700">{PRODUCT_NAME}</p>
        <Link
          to="/"
          className="mt-4 inline-flex items-center gap-1 text-sm font-medium text-slate-600 hover:text-brand-700"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden />
          Back to Marketplace
        </Link>
        <nav aria-label="Application steps" className="mt-8">
          <ol className="space-y-2">
            {steps.map((s, i) => (
              <li
                key={s}
                aria-current={i === index ? 'step' : undefined}
                className={`flex items-start gap-3 rounded-lg px-3 py-2.5 ${i === index ? 'bg-brand-50' : ''}`}
              >
                <span
                  aria-hidden
                  className={`mt-0.5 flex h-7 w-7 shrink-0 items-center justify-center rounded-full text-sm font-semibold ${
                    i < index
                      ? 'bg-green-600 text-white'
                      : i === index
                        ? 'bg-brand-600 text-white'
                        : 'bg-slate-200 text-slate-600'
                  }`}
                >
                  {i < index ? <Check className="h-4 w-4" /> : i + 1}
                </span>
                <span>
                  <span className="block text-sm font-medium text-slate-800">{APPLICATION_STEP_TITLES[s]}</span>
                  <span className="block text-xs text-slate-500">{STEP_PURPOSE[s]}</span>
                </span>
              </li>
            ))}
          </ol>
        </nav>
      </aside>

      <header className="sticky top-0 z-20 border-b border-slate-200 bg-white px-4 py-3 md:hidden">
        <div className="flex items-center justify-between text-sm">
          <Link to="/" className="inline-flex items-center gap-1 text-slate-600">
            <ArrowLeft className="h-4 w-4" aria-hidden />
            Marketplace
          </Link>
          <span className="text-slate-500">
            Step {index + 1} of {steps.length}
          </span>
        </div>
        <div
          role="progressbar"
          aria-label="Application progress"
          aria-valuemin={0}
          aria-valuemax={steps.length}
          aria-valuenow={index + 1}
          className="mt-2 h-1.5 overflow-hidden rounded-full bg-slate-200"
        >
          <div
            className="h-full rounded-full bg-brand-600 transition-all"
            style={{ width: `${((index + 1) / steps.length) * 100}%` }}
          />
        </div>
      </header>

      <main className="min-w-0 flex-1 px-4 py-6 sm:px-8 md:py-10">
        <div className="mx-auto max-w-2xl">
          <h1 className="text-2xl font-semibold text-slate-900">Complete Your Application for {jobTitle}</h1>
          <p className="mt-1 hidden text-sm text-slate-500 md:block">
            Step {index + 1} of {steps.length}
          </p>

          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void onNext();
            }}
            className="mt-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
          >
            <h2 ref={stepHeadingRef} tabIndex={-1} className="mb-4 text-lg font-semibold outline-none">
              {APPLICATION_STEP_TITLES[step]}
            </h2>

            {step === 'resume' && (
              <div className="space-y-4">
                {state.resumeUrl && !uploading && (
                  <div className="flex items-start gap-3 rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-sm text-green-800">
                    <FileText className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
                    <div>
                      <p className="font-medium">
                        {resumeName ? `Uploaded: ${resumeName}` : 'We have your resume on file.'}
                      </p>
                      <a
                        href={absoluteUrl(state.resumeUrl)}
                        target="_blank"
                        rel="noreferrer"
                        className="text-green-700 underline"
                      >
                        View resume
                      </a>
                      <p className="text-green-700">You can upload a newer one below, or continue.</p>
                    </div>
                  </div>
                )}
                <label
                  htmlFor="application-resume"
                  className="flex cursor-pointer flex-col items-center justify-center rounded-xl border-2 border-dashed border-slate-300 px-6 py-8 text-center hover:border-brand-400 hover:bg-slate-50"
                >
                  {uploading ? (
                    <Loader2 className="h-9 w-9 animate-spin text-brand-600" aria-hidden />
                  ) : (
                    <UploadCloud className="h-9 w-9 text-brand-600" aria-hidden />
                  )}
                  <span className="mt-2 text-sm font-medium">
                    {uploading ? 'Uploading...' : 'Click to upload your resume'}
                  </span>
                  <span className="mt-1 text-xs text-slate-500">PDF, DOC or DOCX (maximum 10MB)</span>
                  <input
                    id="application-resume"
                    type="file"
                    aria-label="Resume file"
                    accept={RESUME_EXTENSIONS.join(',')}
                    className="sr-only"
                    disabled={uploading}
                    onChange={(e) => {
                      const file = e.target.files?.[0];
                      if (file) void onFile(file);
                      e.target.value = '';
                    }}
                  />
                </label>
              </div>
            )}

            {step === 'work_authorization' && (
              <div className="space-y-5">
                <WorkAuthorizationField
                  value={state.workAuthorization}
                  onChange={(v) => setState((s) => ({ ...s, workAuthorization: v }))}
                />
                <TextField
                  label="Citizenship (optional)"
                  placeholder="e.g. Canada"
                  value={state.citizenship}
                  onChange={(v) => setState((s) => ({ ...s, citizenship: v }))}
                />
              </div>
            )}

            {step === 'availability' && (
              <div className="space-y-4">
                <div className="rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700">
                  <p className="font-medium text-slate-900">What this job expects</p>
                  <p className="mt-1" data-testid="availability-text">
                    {availabilityTextFor(job?.position_type)}
                  </p>
                  {job?.availability && <p className="mt-2 text-slate-600">This job: {job.availability}</p>}
                </div>
                <label className="flex items-start gap-3 text-sm">
                  <input
                    type="checkbox"
                    checked={state.availabilityConfirmed}
                    onChange={(e) => setState((s) => ({ ...s, availabilityConfirmed: e.target.checked }))}
                    className="mt-0.5 h-4 w-4 accent-brand-600"
                  />
                  <span>I confirm my availability matches the requirements above</span>
                </label>
              </div>
            )}

            {step === 'equipment' && (
              <div className="space-y-3">
                <p className="flex items-center gap-2 text-sm text-slate-600">
                  <Video className="h-4 w-4 shrink-0" aria-hidden />
                  Your interview uses your camera and microphone. Allow access when your browser asks.
                </p>
                <EquipmentPreview media={media} />
                {media.denied && <ErrorBanner message={APPLICATION_ERRORS.media} />}
              </div>
            )}

            <div className="mt-6 space-y-4">
              <ErrorBanner message={error} />
              {blocked && (
                <Link to="/status" className="inline-block text-sm font-medium text-brand-600 hover:underline">
                  Go to your status page
                </Link>
              )}
              <div className="flex items-center justify-between gap-3">
                <button type="button" onClick={onBack} className={secondaryButtonClass}>
                  <ArrowLeft className="h-4 w-4" aria-hidden />
                  Back
                </button>
                <button type="submit" disabled={nextDisabled} className={primaryButtonClass}>
                  {busy && <Loader2 className="h-4 w-4 animate-spin" aria-hidden />}
                  {isLast ? 'Start Interview' : 'Next'}
                  {!isLast && <ArrowRight className="h-4 w-4" aria-hidden />}
                </button>
              </div>
            </div>
          </form>
        </div>
      </main>
    </div>
  );
}
