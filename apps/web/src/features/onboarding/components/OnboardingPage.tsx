import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ArrowLeft, ArrowRight, Check } from 'lucide-react';
import {
  ONBOARDING_ERRORS,
  ONBOARDING_STEPS,
  PRODUCT_NAME,
  VERIFICATION_FINISH_DELAY_MS,
  VERIFICATION_REDIRECT_DELAY_MS,
  VERIFICATION_STAGE_DELAY_MS,
  applyLinkedinImport,
  applyResumePrefill,
  buildOnboardingPayload,
  emptyOnboardingForm,
  matchCountry,
  shouldImportLinkedin,
  validateOnboardingStep,
  verificationStages,
  type OnboardingForm,
  type PrefillableField,
  type ProfileMe,
  type WorkAuthorization,
} from '@app/shared';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { primaryButtonClass, secondaryButtonClass } from '../../../components/form-styles';
import { describeError } from '../../../lib/describe-error';
import { useAuth } from '../../../lib/auth';
import { useStepHeading } from '../../../lib/use-step-heading';
import { useCompleteProfile } from '../../../api/profile/complete-profile';
import { scrapeLinkedin } from '../api/scrape-linkedin';
import { backendUrl, uploadResume } from '../api/upload-resume';
import { BackgroundStep, PersonalStep, ResumeStep, WorkAuthorizationStep, type LinkedinState } from './OnboardingSteps';
import { MobileStepHeader, StepSidebar } from './StepNavigation';
import { VerificationScreen } from './VerificationScreen';

const TOTAL = ONBOARDING_STEPS.length;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Starts the form from what the account already has (e-mail, and any profile saved before). */
function initialForm(user: Partial<ProfileMe> | null): OnboardingForm {
  const form = emptyOnboardingForm(user?.email ?? '', user?.name ?? '');
  if (!user) return form;
  return {
    ...form,
    resumeUrl: user.resume_url ?? '',
    resumeFileName: user.resume_url ? (user.resume_url.split('/').pop() ?? '') : '',
    phone: user.phone ?? '',
    city: user.city ?? '',
    country: matchCountry(user.country) ?? '',
    linkedinUrl: user.linkedin_url ?? '',
    hasLinkedin: Boolean(user.linkedin_url),
    summary: user.summary ?? '',
    bio: user.bio ?? '',
    expertise: user.expertise ?? [],
    education: user.education ?? [],
    workExperience: user.work_experience ?? [],
    projects: user.projects ?? [],
    publications: user.publications ?? [],
    certifications: user.certifications ?? [],
    workAuthorized: (user.work_authorization as WorkAuthorization | null) ?? '',
    citizenship: matchCountry(user.citizenship) ?? '',
  };
}

/** The fields the person already typed into a form that started without the account. */
function pickTyped(f: OnboardingForm): Partial<OnboardingForm> {
  return Object.fromEntries(
    Object.entries(f).filter(([, v]) => (Array.isArray(v) ? v.length > 0 : Boolean(v))),
  ) as Partial<OnboardingForm>;
}

/** The 4-step onboarding wizard of docs/product/screens/onboarding.md, docs/product/rules.md. */
export function OnboardingPage() {
  const { user } = useAuth();
  const completeProfile = useCompleteProfile();
  const navigate = useNavigate();
  const [form, setForm] = useState<OnboardingForm>(() => initialForm(user));
  const [step, setStep] = useState(1);
  const [completed, setCompleted] = useState<Set<number>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [prefilled, setPrefilled] = useState<Set<PrefillableField>>(new Set());
  const [linkedin, setLinkedin] = useState<LinkedinState>('idle');
  const [linkedinError, setLinkedinError] = useState<string | null>(null);
  const [verification, setVerification] = useState<{ progress: number; message: string } | null>(null);
  // The account may arrive after the first render (session check): take its e-mail and saved fields then.
  const userId = user?.id;
  useEffect(() => {
    if (!userId) return;
    setForm((f) => (f.email ? f : { ...initialForm(user), ...pickTyped(f) }));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per account, not on every user change
  }, [userId]);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const update = <K extends keyof OnboardingForm>(key: K, value: OnboardingForm[K]) => {
    setForm((f) => ({ ...f, [key]: value, ...(key === 'linkedinUrl' ? { hasLinkedin: Boolean(value) } : {}) }));
    // A field the person edits is theirs now, no longer "prefilled".
    setPrefilled((p) => {
      if (!p.has(key as PrefillableField)) return p;
      const next = new Set(p);
      next.delete(key as PrefillableField);
      return next;
    });
  };

  const markPrefilled = (keys: PrefillableField[]) => setPrefilled((p) => new Set([...p, ...keys]));

  const { headingRef, showStepStart } = useStepHeading();
  const goTo = (target: number) => {
    setError(null);
    setStep(target);
    showStepStart();
  };

  const onFile = async (file: File) => {
    setError(null);
    setUploading(true);
    try {
      const reply = await uploadResume(file);
      if (!reply?.url) {
        setError(ONBOARDING_ERRORS.uploadNoUrl);
        return;
      }
      const url = backendUrl(reply.url);
      setForm((f) => {
        const merged = applyResumePrefill({ ...f, resumeUrl: url, resumeFileName: file.name }, reply.prefill);
        markPrefilled(merged.filled);
        return merged.form;
      });
    } catch (err) {
      console.error('Resume upload failed', err);
      setError(ONBOARDING_ERRORS.upload);
    } finally {
      setUploading(false);
    }
  };

  const onLinkedinBlur = async () => {
    if (linkedin === 'scraping' || !shouldImportLinkedin(form.linkedinUrl, linkedin === 'imported')) return;
    setLinkedin('scraping');
    setLinkedinError(null);
    try {
      const data = await scrapeLinkedin(form.linkedinUrl.trim());
      setForm((f) => {
        const merged = applyLinkedinImport(f, data);
        markPrefilled(merged.filled);
        return merged.form;
      });
      setLinkedin('imported');
    } catch (err) {
      console.error('LinkedIn import failed', err);
      setLinkedin('failed');
      setLinkedinError(ONBOARDING_ERRORS.linkedin);
    }
  };

  const onNext = () => {
    const problem = validateOnboardingStep(step, form);
    if (problem) {
      setError(problem);
      return;
    }
    setCompleted((c) => new Set(c).add(step));
    goTo(step + 1);
  };

  const onComplete = async () => {
    const problem = validateOnboardingStep(step, form);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    setCompleted((c) => new Set(c).add(step));
    // The stages are cosmetic (docs/product/rules.md); only the save at the end talks to the server.
    const stages = verificationStages(form.citizenship || form.country);
    for (const [i, stage] of stages.entries()) {
      if (!mounted.current) return;
      setVerification(stage);
      await sleep(i < stages.length - 1 ? VERIFICATION_STAGE_DELAY_MS : VERIFICATION_FINISH_DELAY_MS);
    }
    try {
      await completeProfile.mutateAsync(buildOnboardingPayload(form));
      if (!mounted.current) return;
      setVerification({ progress: 95, message: 'Finalizing your profile...' });
      await sleep(400);
      setVerification({ progress: 100, message: `Verified! Welcome to ${PRODUCT_NAME}.` });
      await sleep(VERIFICATION_REDIRECT_DELAY_MS);
      if (!mounted.current) return;
      navigate('/', { replace: true });
    } catch (err) {
      console.error('Completing onboarding failed', err);
      setVerification(null);
      setError(describeError(err, ONBOARDING_ERRORS.complete));
    }
  };

  const meta = ONBOARDING_STEPS[step - 1]!;
  const stepProps = { form, update, prefilled };

  return (
    <div className="min-h-screen bg-slate-50 md:flex">
      <StepSidebar current={step} completed={completed} onSelect={goTo} />
      <MobileStepHeader current={step} />
      <main className="min-w-0 flex-1 px-4 py-6 sm:px-8 md:py-10">
        <div className="mx-auto max-w-2xl">
          <p className="hidden text-sm font-medium text-brand-600 md:block">
            Step {step} of {TOTAL}
          </p>
          <h1 ref={headingRef} tabIndex={-1} className="mt-1 text-2xl font-semibold text-slate-900 outline-none">
            {meta.title}
          </h1>
          <p className="mt-1 text-sm text-slate-500">Tell us about {meta.purpose}.</p>

          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              if (step < TOTAL) onNext();
              else void onComplete();
            }}
            className="mt-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
          >
            {step === 1 && (
              <ResumeStep form={form} uploading={uploading} prefilledCount={prefilled.size} onFile={onFile} />
            )}
            {step === 2 && (
              <>
                <PersonalStep {...stepProps} linkedin={linkedin} onLinkedinBlur={onLinkedinBlur} />
                {linkedinError && <p className="mt-2 text-sm text-red-600">{linkedinError}</p>}
              </>
            )}
            {step === 3 && <BackgroundStep {...stepProps} />}
            {step === 4 && <WorkAuthorizationStep {...stepProps} />}

            <div className="mt-6 space-y-4">
              <ErrorBanner message={error} />
              <div className="flex items-center justify-between gap-3">
                {step > 1 ? (
                  <button type="button" onClick={() => goTo(step - 1)} className={secondaryButtonClass}>
                    <ArrowLeft className="h-4 w-4" aria-hidden />
                    Back
                  </button>
                ) : (
                  <span />
                )}
                {step < TOTAL ? (
                  <button type="submit" disabled={uploading} className={primaryButtonClass}>
                    Next
                    <ArrowRight className="h-4 w-4" aria-hidden />
                  </button>
                ) : (
                  <button type="submit" disabled={verification !== null} className={primaryButtonClass}>
                    <Check className="h-4 w-4" aria-hidden />
                    Complete
                  </button>
                )}
              </div>
            </div>
          </form>
        </div>
      </main>
      {verification && <VerificationScreen {...verification} />}
    </div>
  );
}
