import { CheckCircle2, Loader2 } from 'lucide-react';
import {
  LINKEDIN_IMPORTED_MESSAGE,
  type OnboardingForm,
  type PrefillableField,
  type ProfileListEntry,
} from '@app/shared';
import { ChipsInput } from '../../../components/ChipsInput';
import { CountrySelect } from '../../../components/CountrySelect';
import { LIST_FIELDS, ListEditor, PROFILE_LISTS } from '../../../components/ListEditor';
import { ResumeDropZone } from '../../../components/ResumeDropZone';
import { ResumeOnFileNote } from '../../../components/ResumeOnFileNote';
import { TextField } from '../../../components/TextField';
import { WorkAuthorizationField } from '../../../components/WorkAuthorizationField';

type StepProps = {
  form: OnboardingForm;
  update: <K extends keyof OnboardingForm>(key: K, value: OnboardingForm[K]) => void;
  prefilled: ReadonlySet<PrefillableField>;
  /** Messages to show beside their fields (issue 43). */
  errors?: Partial<Record<keyof OnboardingForm, string>>;
};

/** A field the resume or LinkedIn can fill: its value, its change, and the "prefilled" mark. */
const prefillable =
  ({ form, update, prefilled, errors }: StepProps) =>
  <K extends PrefillableField>(key: K) => ({
    value: form[key],
    onChange: (value: OnboardingForm[K]) => update(key, value),
    badge: prefilled.has(key) ? 'prefilled' : undefined,
    error: errors?.[key],
  });

type ResumeStepProps = {
  form: OnboardingForm;
  uploading: boolean;
  prefilledCount: number;
  onFile: (file: File) => void;
};

export function ResumeStep({ form, uploading, prefilledCount, onFile }: ResumeStepProps) {
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">
        Upload your resume so we can learn about your professional background. We will use it to fill in parts of your
        profile for you.
      </p>
      <ResumeDropZone
        id="resume-file"
        prompt="Click to upload or drag and drop your resume"
        uploading={uploading}
        onFile={onFile}
      />
      {form.resumeUrl && !uploading && (
        <ResumeOnFileNote>
          <p className="font-medium">
            Uploaded: <span data-testid="resume-file-name">{form.resumeFileName || 'resume'}</span>
          </p>
          <p className="text-green-700">
            {prefilledCount > 0
              ? `We filled in ${prefilledCount} field${prefilledCount === 1 ? '' : 's'} from your resume; they are marked "prefilled" and you can edit them.`
              : 'You can choose another file to replace it.'}
          </p>
        </ResumeOnFileNote>
      )}
    </div>
  );
}

export type LinkedinState = 'idle' | 'scraping' | 'imported' | 'failed';

export function PersonalStep({
  linkedin,
  onLinkedinBlur,
  ...step
}: StepProps & { linkedin: LinkedinState; onLinkedinBlur: () => void }) {
  const { form, update } = step;
  const field = prefillable(step);
  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First name" required autoComplete="given-name" {...field('firstName')} />
        <TextField label="Last name" required autoComplete="family-name" {...field('lastName')} />
      </div>
      <TextField label="Email" type="email" required readOnly value={form.email} help="From your account" />
      <TextField label="Phone" type="tel" autoComplete="tel" {...field('phone')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="City" required autoComplete="address-level2" {...field('city')} />
        <CountrySelect label="Country" required {...field('country')} />
      </div>
      <div>
        <TextField
          label="LinkedIn URL"
          type="url"
          placeholder="https://www.linkedin.com/in/your-name"
          {...field('linkedinUrl')}
          onBlur={onLinkedinBlur}
        />
        <div aria-live="polite" className="mt-1 text-sm">
          {linkedin === 'scraping' && (
            <span className="inline-flex items-center gap-1 text-slate-600">
              <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
              Importing your LinkedIn profile...
            </span>
          )}
          {linkedin === 'imported' && (
            <span className="inline-flex items-center gap-1 text-green-700">
              <CheckCircle2 className="h-4 w-4" aria-hidden />
              {LINKEDIN_IMPORTED_MESSAGE}
            </span>
          )}
        </div>
      </div>
      <TextField
        label="Professional summary"
        multiline
        rows={3}
        placeholder="A sentence or two about what you do"
        value={form.summary}
        onChange={(v) => update('summary', v)}
      />
    </div>
  );
}

export function BackgroundStep(step: StepProps) {
  const { form, update } = step;
  const field = prefillable(step);
  return (
    <div className="space-y-5">
      <TextField label="Bio" required multiline placeholder="Tell us about yourself..." {...field('bio')} />
      <ChipsInput label="Expertise" required placeholder="Add skill..." {...field('expertise')} />
      {PROFILE_LISTS.map(({ title, noun, key }) => (
        <section key={key} className="border-t border-slate-100 pt-4">
          <h3 className="mb-3 text-sm font-semibold text-slate-800">{title}</h3>
          <ListEditor<ProfileListEntry>
            noun={noun}
            fields={LIST_FIELDS[key]}
            entries={form[key]}
            onChange={(v) => update(key, v as OnboardingForm[typeof key])}
          />
        </section>
      ))}
    </div>
  );
}

export function WorkAuthorizationStep({ form, update }: StepProps) {
  return (
    <div className="space-y-5">
      <WorkAuthorizationField value={form.workAuthorized} onChange={(v) => update('workAuthorized', v)} />
      <CountrySelect
        label="Citizenship country"
        required
        value={form.citizenship}
        onChange={(v) => update('citizenship', v)}
      />
    </div>
  );
}
