import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { TAX_CLASSIFICATIONS, type TaxProfile, type TaxProfileInput, type TaxProfileReply } from '@app/shared';
import { BackButton } from '../../../components/BackButton';
import { Badge } from '../../../components/Badge';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { FormField } from '../../../components/FormField';
import { TextField } from '../../../components/TextField';
import { inputClass, primaryButtonClass } from '../../../components/form-styles';
import { describeError, serverDetailOr } from '../../../lib/describe-error';
import { formatDate } from '../../../lib/format';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { contractingKeys, saveTaxProfile, useTaxProfile } from '../../../api/contracting/onboarding';
import { Checkbox } from './Checkbox';
import { checkTaxForm, serverTaxFieldErrors, type TaxFieldErrors } from '../lib/tax-form-errors';

/** One line over the form when fields are marked; each field says what is wrong beside it (issue 43). */
const CHECK_FIELDS = 'Some fields need attention: see the messages beside them.';

const CLASSIFICATION_LABELS: Record<(typeof TAX_CLASSIFICATIONS)[number], string> = {
  individual: 'Individual / sole proprietor',
  c_corporation: 'C corporation',
  s_corporation: 'S corporation',
  partnership: 'Partnership',
  trust_estate: 'Trust / estate',
  llc_c: 'LLC taxed as a C corporation',
  llc_s: 'LLC taxed as an S corporation',
  llc_p: 'LLC taxed as a partnership',
  other: 'Other',
};

/** The W-9 or W-8BEN (docs/product/screens/onboarding-items.md): the form offered follows citizenship and residence. */
export function TaxFormPage() {
  const navigate = useNavigate();
  const tax = useTaxProfile();
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 md:px-8 md:py-8">
      <BackButton onClick={() => navigate('/jobs')}>Back to Jobs</BackButton>
      <h1 className="mt-3 text-2xl font-semibold text-slate-900">Tax form</h1>
      {tax.isPending ? (
        <p className="py-16 text-center text-slate-600">Loading your tax form...</p>
      ) : tax.isError ? (
        <p role="alert" className="py-16 text-center text-red-700">
          {describeError(tax.error, 'Could not load your tax form')}
        </p>
      ) : (
        <>
          {tax.data.profile && <OnFile profile={tax.data.profile} />}
          <TaxForm reply={tax.data} />
        </>
      )}
    </div>
  );
}

function OnFile({ profile }: { profile: TaxProfile }) {
  const expired = profile.status === 'expired';
  const tin = profile.tin_type === 'foreign' ? 'Foreign tax number' : profile.tin_type?.toUpperCase();
  return (
    <section aria-label="Form on file" className="mt-4 rounded-xl border border-slate-200 bg-white p-4 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <p className="font-medium text-slate-900">
          On file: {profile.form === 'w9' ? 'Form W-9' : 'Form W-8BEN'}, signed {formatDate(profile.signed_at)}
        </p>
        <Badge color={expired ? 'red' : 'green'}>{expired ? 'Expired' : 'Valid'}</Badge>
      </div>
      <p className="mt-1 text-slate-600">
        {profile.legal_name} · {tin} ending in {profile.tin_last4}
      </p>
      {profile.expires_at && (
        <p className="mt-1 text-slate-600">
          {expired ? 'Expired' : 'Valid until'} {formatDate(profile.expires_at)}. Sign a new one below
          {expired ? ' to continue.' : ' if anything changes.'}
        </p>
      )}
    </section>
  );
}

type Fields = Record<string, string>;

function TaxForm({ reply }: { reply: TaxProfileReply }) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState<'w9' | 'w8ben'>(reply.profile?.form ?? reply.offered_form);
  const [f, setF] = useState<Fields>({
    tin_type: 'ssn',
    tax_classification: 'individual',
    country: form === 'w9' ? 'US' : '',
  });
  const [certify, setCertify] = useState(false);
  const [saved, setSaved] = useState(false);
  const { submitting, error, setError, run } = useFormSubmit();
  const [errors, setErrors] = useState<TaxFieldErrors>({});
  const set = (key: string) => (value: string) => {
    setF((prev) => ({ ...prev, [key]: value }));
    setErrors(({ [key]: _, ...rest }) => rest);
  };
  const v = (key: string) => f[key] ?? '';
  const opt = (key: string) => v(key).trim() || undefined;
  /** A text field's binding: its value, its change (which clears its message) and its message. */
  const field = (key: string) => ({ value: v(key), onChange: set(key), error: errors[key] });

  const body = (): TaxProfileInput => {
    const address = {
      line1: v('line1'),
      line2: opt('line2'),
      city: v('city'),
      region: opt('region'),
      postal_code: opt('postal_code'),
      country: v('country'),
    };
    const signing = { certify, signature_name: v('signature_name') };
    if (form === 'w9') {
      return {
        form,
        legal_name: v('legal_name'),
        business_name: opt('business_name'),
        tax_classification: v('tax_classification') as (typeof TAX_CLASSIFICATIONS)[number],
        tin_type: v('tin_type') as 'ssn' | 'ein',
        tin: v('tin'),
        address,
        ...signing,
      };
    }
    const treaty = opt('treaty_article')
      ? { country: v('country'), article: v('treaty_article'), rate: v('treaty_rate') }
      : undefined;
    return {
      form,
      legal_name: v('legal_name'),
      country_of_citizenship: v('citizenship'),
      address,
      foreign_tin: v('foreign_tin'),
      date_of_birth: v('date_of_birth'),
      treaty,
      ...signing,
    };
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    const payload = body();
    // Every message at once, each beside its field, before anything is sent.
    const found = checkTaxForm(payload);
    setErrors(found ?? {});
    if (found) {
      setError(CHECK_FIELDS);
      return;
    }
    void run(
      async () => {
        const next = await saveTaxProfile(payload).catch((err: unknown) => {
          setErrors(serverTaxFieldErrors(err) ?? {});
          throw err;
        });
        queryClient.setQueryData(contractingKeys.taxProfile(), next);
        await queryClient.invalidateQueries({ queryKey: [...contractingKeys.all, 'onboarding'] });
        setF((prev) => ({ ...prev, tin: '', foreign_tin: '' }));
        setCertify(false);
        setSaved(true);
      },
      {
        describe: (err) =>
          serverTaxFieldErrors(err) ? CHECK_FIELDS : serverDetailOr('Could not save the tax form')(err),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="mt-6 space-y-5" aria-label="Tax form">
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">Form</legend>
        <div className="mt-2 flex flex-wrap gap-4 text-sm">
          {(['w9', 'w8ben'] as const).map((key) => (
            <label key={key} className="flex items-center gap-2">
              <input type="radio" name="form" checked={form === key} onChange={() => setForm(key)} />
              {key === 'w9' ? 'W-9 (U.S. citizen or resident)' : 'W-8BEN (everyone else)'}
            </label>
          ))}
        </div>
        {form !== reply.offered_form && (
          <p className="mt-2 text-sm text-amber-700">
            Your profile suggests the {reply.offered_form === 'w9' ? 'W-9' : 'W-8BEN'}.
          </p>
        )}
      </fieldset>

      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField label="Legal name (line 1)" {...field('legal_name')} required autoComplete="name" />
        {form === 'w9' ? (
          <>
            <TextField label="Business name (optional)" {...field('business_name')} />
            <FormField label="Federal tax classification" required>
              {(control) => (
                <select
                  {...control}
                  className={inputClass}
                  value={v('tax_classification')}
                  onChange={(e) => set('tax_classification')(e.target.value)}
                >
                  {TAX_CLASSIFICATIONS.map((c) => (
                    <option key={c} value={c}>
                      {CLASSIFICATION_LABELS[c]}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
            <FormField label="Taxpayer number type" required>
              {(control) => (
                <select
                  {...control}
                  className={inputClass}
                  value={v('tin_type')}
                  onChange={(e) => set('tin_type')(e.target.value)}
                >
                  <option value="ssn">Social Security number (SSN)</option>
                  <option value="ein">Employer identification number (EIN)</option>
                </select>
              )}
            </FormField>
            <TextField
              label={v('tin_type') === 'ein' ? 'EIN' : 'SSN'}
              {...field('tin')}
              required
              autoComplete="off"
              inputMode="numeric"
              placeholder={v('tin_type') === 'ein' ? '12-3456789' : '123-45-6789'}
              help="Stored encrypted; only its last four digits are ever shown."
            />
          </>
        ) : (
          <>
            <TextField label="Country of citizenship (2 letters)" {...field('citizenship')} required placeholder="BR" />
            <TextField
              label="Foreign tax number (line 6)"
              {...field('foreign_tin')}
              required
              autoComplete="off"
              help="Stored encrypted; only its last four characters are ever shown."
            />
            <TextField label="Date of birth" type="date" {...field('date_of_birth')} required />
            <TextField label="Treaty article (optional)" {...field('treaty_article')} placeholder="Article 7" />
            <TextField label="Treaty rate (optional)" {...field('treaty_rate')} placeholder="0%" />
          </>
        )}
      </div>

      <fieldset className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-medium text-slate-700">
          {form === 'w9' ? 'Address' : 'Permanent residence address (no P.O. box)'}
        </legend>
        <TextField label="Street address" {...field('line1')} required autoComplete="address-line1" />
        <TextField label="Apartment, suite (optional)" {...field('line2')} autoComplete="address-line2" />
        <TextField label="City" {...field('city')} required autoComplete="address-level2" />
        <TextField label="State or region (optional)" {...field('region')} autoComplete="address-level1" />
        <TextField label="Postal code (optional)" {...field('postal_code')} autoComplete="postal-code" />
        <TextField label="Country (2 letters)" {...field('country')} required placeholder="US" />
      </fieldset>

      <section aria-labelledby="perjury-title" className="rounded-xl border border-slate-200 bg-slate-50 p-4">
        <h2 id="perjury-title" className="font-semibold text-slate-900">
          Certification
        </h2>
        <p className="mt-2 whitespace-pre-wrap text-sm text-slate-700">{reply.perjury_statements[form]}</p>
        <div className="mt-3">
          <Checkbox checked={certify} onChange={setCertify}>
            I certify the statements above under penalties of perjury.
          </Checkbox>
          {errors.certify && (
            <p role="alert" className="mt-1 text-sm text-red-600">
              {errors.certify}
            </p>
          )}
        </div>
      </section>
      <TextField
        label="Signature (type your legal name)"
        {...field('signature_name')}
        required
        help="Your typed name, with the time, address and browser, is recorded as your signature."
      />
      <ErrorBanner message={error} />
      {saved && (
        <p role="status" className="rounded-md bg-green-50 px-3 py-2 text-sm text-green-800">
          Your tax form is signed and saved.
        </p>
      )}
      <button type="submit" className={primaryButtonClass} disabled={submitting}>
        {submitting ? 'Signing...' : `Sign ${form === 'w9' ? 'W-9' : 'W-8BEN'}`}
      </button>
    </form>
  );
}
