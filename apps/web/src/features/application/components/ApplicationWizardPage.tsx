import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ArrowLeft, ArrowRight, Loader2, Video } from 'lucide-react';
import {
  APPLICATION_ERRORS,
  APPLICATION_STEP_TITLES,
  availabilityTextFor,
  buildApplicationPayload,
  buildApplicationSteps,
  validateApplicationStep,
  type ApplicationState,
  type ApplicationStepId,
  type ProfileFields,
  type ProfileMe,
} from '@app/shared';
import { WizardLayout } from '../../../components/WizardLayout';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { Spinner } from '../../../components/Spinner';
import { TextField } from '../../../components/TextField';
import { WorkAuthorizationField } from '../../../components/WorkAuthorizationField';
import { primaryButtonClass, secondaryButtonClass } from '../../../components/form-styles';
import { describeError } from '../../../lib/describe-error';
import { useUser } from '../../../lib/auth';
import { useResumeUpload } from '../../../lib/use-resume-upload';
import { useStepHeading } from '../../../lib/use-step-heading';
import { useJob } from '../../../api/jobs/get-job';
import { useCompleteProfile } from '../../../api/profile/complete-profile';
import { uploadResumeAnonymously } from '../api/upload-resume';
import { useMediaCheck } from '../hooks/use-media-check';
import { interviewPath } from '../new-id';
import { recordConsent } from '../api/give-consent';
import { findEarlierInterview } from '../api/earlier-interview';
import { RecordingConsent } from './RecordingConsent';
import { AiNoticePanel } from './AiNoticePanel';
import { EquipmentPreview } from './EquipmentPreview';
import { ApplicationProgress } from './ApplicationProgress';
import { ResumeStep } from './ResumeStep';

/** The per-job application wizard of docs/product/screens/application.md, docs/product/rules.md, docs/product/errors.md (route /apply?jobId=). */
export function ApplicationWizardPage() {
  const [params] = useSearchParams();
  const jobId = params.get('jobId');
  const navigate = useNavigate();
  const profileQuery = useUser();
  const user = profileQuery.data;
  const completeProfile = useCompleteProfile();
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
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [blocked, setBlocked] = useState(false);
  const [consented, setConsented] = useState(false);
  const [noticed, setNoticed] = useState(false);
  // The wizard stores the returned url as is (docs/product/api.md).
  const { uploading, onFile } = useResumeUpload(uploadResumeAnonymously, {
    setError,
    onUploaded: (reply, file) => {
      setState((s) => ({ ...s, resumeUrl: reply.url }));
      setResumeName(file.name);
    },
  });
  const { headingRef: stepHeadingRef, showStepStart } = useStepHeading();

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
    showStepStart();
  };

  const saveProfile = async () => {
    await completeProfile.mutateAsync(buildApplicationPayload(profile as ProfileMe & ProfileFields, state));
  };

  const startInterview = async () => {
    if (!user) return;
    const earlier = jobId ? await findEarlierInterview(jobId, user.id) : { kind: 'none', openId: null };
    if (earlier.kind === 'found') {
      setBlocked(true);
      setError(APPLICATION_ERRORS.existingInterview);
      return;
    }
    if (earlier.kind === 'check_failed') {
      setError(APPLICATION_ERRORS.statusCheck);
      return;
    }
    if (jobId && !(await recordConsent(jobId, setError))) return;
    media.stop();
    navigate(interviewPath(jobId, earlier.openId));
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
  const mediaMissing = step === 'equipment' && !(media.cameraReady && media.micReady);
  const nextDisabled = busy || uploading || mediaMissing || (isLast && Boolean(jobId) && !(consented && noticed));

  return (
    <WizardLayout
      progress={<ApplicationProgress steps={steps} index={index} />}
      heading={
        <>
          <h1 className="text-2xl font-semibold text-slate-900">Complete Your Application for {jobTitle}</h1>
          <p className="mt-1 hidden text-sm text-slate-500 md:block">
            Step {index + 1} of {steps.length}
          </p>
        </>
      }
      onSubmit={(e) => {
        e.preventDefault();
        void onNext();
      }}
    >
      <h2 ref={stepHeadingRef} tabIndex={-1} className="mb-4 text-lg font-semibold outline-none">
        {APPLICATION_STEP_TITLES[step]}
      </h2>

      {step === 'resume' && (
        <ResumeStep
          resumeUrl={state.resumeUrl}
          resumeName={resumeName}
          uploading={uploading}
          onFile={(file) => void onFile(file)}
        />
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
        {isLast && jobId && <AiNoticePanel jobId={jobId} checked={noticed} onChange={setNoticed} />}
        {isLast && jobId && <RecordingConsent checked={consented} onChange={setConsented} />}
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
    </WizardLayout>
  );
}
