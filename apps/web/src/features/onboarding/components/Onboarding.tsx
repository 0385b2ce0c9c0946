import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { ArrowLeft, ArrowRight, Check } from 'lucide-react';
import { useWatch } from 'react-hook-form';
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
  shouldImportLinkedin,
  verificationStages,
  type OnboardingForm,
  type PrefillableField,
} from '@app/shared';
import { WizardLayout } from '../../../components/WizardLayout';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { primaryButtonClass, secondaryButtonClass } from '../../../components/form-styles';
import { describeError } from '../../../lib/describe-error';
import { useAuth } from '../../../lib/auth';
import { useSchemaForm } from '../../../lib/schema-form';
import { useResumeUpload } from '../../../lib/use-resume-upload';
import { useStepHeading } from '../../../lib/use-step-heading';
import { useCompleteProfile } from '../../../api/profile/complete-profile';
import { scrapeLinkedin } from '../api/scrape-linkedin';
import { backendUrl, uploadResume } from '../api/upload-resume';
import {
  initialForm,
  onboardingErrorLine,
  onboardingFieldMessages,
  onboardingStepSchema,
  pickTyped,
} from '../lib/onboarding-form';
import { BackgroundStep, PersonalStep, ResumeStep, WorkAuthorizationStep, type LinkedinState } from './OnboardingSteps';
import { OnboardingMobileHeader, StepSidebar } from './StepNavigation';
import { VerificationScreen } from './VerificationScreen';
import { OptionalSelfIdentification } from './OptionalSelfIdentification';
import { pendingInvitation } from '../../../lib/pending-invitation';

const TOTAL = ONBOARDING_STEPS.length;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The 4-step onboarding wizard of docs/product/screens/onboarding.md, docs/product/rules.md.
 * `selfIdentification` is offered after the last step: the compliance feature's form, composed by the
 * route (src/app/routes/OnboardingPage.tsx).
 */
export function Onboarding({ selfIdentification }: { selfIdentification: ReactNode }) {
  const { user } = useAuth();
  const completeProfile = useCompleteProfile();
  const navigate = useNavigate();
  const [step, setStep] = useState(1);
  const [startingForm] = useState(() => initialForm(user));
  const { control, handleSubmit, getValues, setValue, reset } = useSchemaForm<OnboardingForm>(
    onboardingStepSchema(step, TOTAL),
    startingForm,
  );
  const form = useWatch({ control }) as OnboardingForm;
  /** Puts a whole new set of values in the form (a prefill merged into what was typed). */
  const replaceForm = (next: OnboardingForm) => reset(next, { keepDefaultValues: true });
  const [completed, setCompleted] = useState<Set<number>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<keyof OnboardingForm, string>>>({});
  const [prefilled, setPrefilled] = useState<Set<PrefillableField>>(new Set());
  const [linkedin, setLinkedin] = useState<LinkedinState>('idle');
  const [linkedinError, setLinkedinError] = useState<string | null>(null);
  const [verification, setVerification] = useState<{ progress: number; message: string } | null>(null);
  // The account may arrive after the first render (session check): take its e-mail and saved fields then.
  const userId = user?.id;
  useEffect(() => {
    if (!userId) return;
    const typed = getValues();
    if (!typed.email) replaceForm({ ...initialForm(user), ...pickTyped(typed) });
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
    setValue(key as keyof OnboardingForm, value as never);
    setFieldErrors(({ [key]: _, ...rest }) => rest);
    if (key === 'linkedinUrl') setValue('hasLinkedin', Boolean(value));
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

  const { uploading, onFile } = useResumeUpload(uploadResume, {
    setError,
    onUploaded: (reply, file) => {
      const url = backendUrl(reply.url);
      const merged = applyResumePrefill({ ...getValues(), resumeUrl: url, resumeFileName: file.name }, reply.prefill);
      markPrefilled(merged.filled);
      replaceForm(merged.form);
    },
  });

  const onLinkedinBlur = async () => {
    if (linkedin === 'scraping' || !shouldImportLinkedin(form.linkedinUrl, linkedin === 'imported')) return;
    setLinkedin('scraping');
    setLinkedinError(null);
    try {
      const data = await scrapeLinkedin(form.linkedinUrl.trim());
      const merged = applyLinkedinImport(getValues(), data);
      markPrefilled(merged.filled);
      replaceForm(merged.form);
      setLinkedin('imported');
    } catch (err) {
      console.error('LinkedIn import failed', err);
      setLinkedin('failed');
      setLinkedinError(ONBOARDING_ERRORS.linkedin);
    }
  };

  const onNext = () => {
    setCompleted((c) => new Set(c).add(step));
    goTo(step + 1);
  };

  const onComplete = async (values: OnboardingForm) => {
    setError(null);
    setCompleted((c) => new Set(c).add(step));
    // The stages are cosmetic (docs/product/rules.md); only the save at the end talks to the server.
    const stages = verificationStages(values.citizenship || values.country);
    for (const [i, stage] of stages.entries()) {
      if (!mounted.current) return;
      setVerification(stage);
      await sleep(i < stages.length - 1 ? VERIFICATION_STAGE_DELAY_MS : VERIFICATION_FINISH_DELAY_MS);
    }
    try {
      await completeProfile.mutateAsync(buildOnboardingPayload(values));
      if (!mounted.current) return;
      setVerification({ progress: 95, message: 'Finalizing your profile...' });
      await sleep(400);
      setVerification({ progress: 100, message: `Verified! Welcome to ${PRODUCT_NAME}.` });
      await sleep(VERIFICATION_REDIRECT_DELAY_MS);
      if (!mounted.current) return;
      // An invitation link opened before signing up brings the person back to it (issue 47).
      navigate(pendingInvitation.path() ?? '/', { replace: true });
    } catch (err) {
      console.error('Completing onboarding failed', err);
      setVerification(null);
      setError(describeError(err, ONBOARDING_ERRORS.complete));
    }
  };

  // Each step is checked by its own rule when the person moves on (the resolver follows `step`).
  const onSubmit = handleSubmit(
    (values) => {
      setFieldErrors({});
      return step < TOTAL ? onNext() : onComplete(values);
    },
    (errors) => {
      setError(onboardingErrorLine(errors));
      setFieldErrors(onboardingFieldMessages(errors));
    },
  );

  const meta = ONBOARDING_STEPS[step - 1]!;
  const stepProps = { form, update, prefilled, errors: fieldErrors };

  return (
    <WizardLayout
      progress={
        <>
          <StepSidebar current={step} completed={completed} onSelect={goTo} />
          <OnboardingMobileHeader current={step} />
        </>
      }
      heading={
        <>
          <p className="hidden text-sm font-medium text-brand-600 md:block">
            Step {step} of {TOTAL}
          </p>
          <h1 ref={headingRef} tabIndex={-1} className="mt-1 text-2xl font-semibold text-slate-900 outline-none">
            {meta.title}
          </h1>
          <p className="mt-1 text-sm text-slate-500">Tell us about {meta.purpose}.</p>
        </>
      }
      onSubmit={(e) => void onSubmit(e)}
      overlay={verification && <VerificationScreen {...verification} />}
    >
      {step === 1 && <ResumeStep form={form} uploading={uploading} prefilledCount={prefilled.size} onFile={onFile} />}
      {step === 2 && (
        <>
          <PersonalStep {...stepProps} linkedin={linkedin} onLinkedinBlur={onLinkedinBlur} />
          {linkedinError && <p className="mt-2 text-sm text-red-600">{linkedinError}</p>}
        </>
      )}
      {step === 3 && <BackgroundStep {...stepProps} />}
      {step === 4 && <WorkAuthorizationStep {...stepProps} />}
      {step === 4 && <OptionalSelfIdentification>{selfIdentification}</OptionalSelfIdentification>}

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
    </WizardLayout>
  );
}
