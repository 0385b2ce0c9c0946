import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Landmark } from 'lucide-react';
import {
  PAYOUT_CYCLE_TEXT,
  PAYOUT_CYCLE_TITLE,
  abaProblem,
  describeErrorDetail,
  normalizeRouting,
  type PayoutMethod,
  type PayoutMethodInput,
} from '@app/shared';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { TextField } from '../../../components/TextField';
import { primaryButtonClass, secondaryButtonClass } from '../../../components/form-styles';
import { describeError } from '../../../lib/describe-error';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { contractingKeys, savePayoutMethod, usePayoutMethod } from '../../../api/contracting/onboarding';

/** The Earnings page's Payment Settings: the real payout method, last four digits only, and its change form. */
export function PaymentSettings() {
  const method = usePayoutMethod();
  const [editing, setEditing] = useState(false);

  return (
    <div className="space-y-4 p-4">
      <div className="flex items-center gap-2">
        <Landmark className="h-5 w-5 text-slate-500" aria-hidden />
        <h2 className="font-semibold text-slate-900">Bank Account</h2>
      </div>
      {method.isPending ? (
        <p className="text-sm text-slate-600">Loading your bank account...</p>
      ) : method.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {describeError(method.error, 'Could not load your bank account')}
        </p>
      ) : method.data.method ? (
        <MethodView method={method.data.method} />
      ) : (
        <p className="text-sm text-slate-600">No bank account yet. Add one to receive payouts.</p>
      )}
      {editing ? (
        <MethodForm onDone={() => setEditing(false)} />
      ) : (
        <button type="button" className={secondaryButtonClass} onClick={() => setEditing(true)}>
          {method.data?.method ? 'Update Bank Account' : 'Add Bank Account'}
        </button>
      )}
      <p className="rounded-md bg-blue-50 px-3 py-2 text-sm text-blue-800">
        <strong>{PAYOUT_CYCLE_TITLE}:</strong> {PAYOUT_CYCLE_TEXT}
      </p>
    </div>
  );
}

function MethodView({ method }: { method: PayoutMethod }) {
  return (
    <>
      <dl className="grid grid-cols-1 gap-4 text-sm sm:grid-cols-2" data-testid="payout-method">
        <div>
          <dt className="text-slate-500">Account holder</dt>
          <dd className="font-medium text-slate-900">{method.account_holder}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Bank name</dt>
          <dd className="font-medium text-slate-900">{method.bank_name}</dd>
        </div>
        <div>
          <dt className="text-slate-500">{method.type === 'iban' ? 'IBAN' : 'Account number'}</dt>
          <dd className="font-medium text-slate-900">•••• {method.last4}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Changed</dt>
          <dd className="font-medium text-slate-900">{formatDateTime(method.changed_at)}</dd>
        </div>
      </dl>
      {method.payouts_held_until && (
        <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800">
          For your safety, payouts to this account wait until {formatDateTime(method.payouts_held_until)} after the
          change.
        </p>
      )}
    </>
  );
}

type Fields = Record<string, string>;

function MethodForm({ onDone }: { onDone: () => void }) {
  const queryClient = useQueryClient();
  const [type, setType] = useState<'us_bank' | 'iban'>('us_bank');
  const [f, setF] = useState<Fields>({});
  const { submitting, error, run } = useFormSubmit();
  // The routing number's problem shows on its field: checked here first, and the server's word if it refuses.
  const [routingError, setRoutingError] = useState<string | undefined>();
  const set = (key: string) => (value: string) => setF((prev) => ({ ...prev, [key]: value }));
  const v = (key: string) => f[key] ?? '';
  /** A text field's binding: its value and its change. */
  const field = (key: string) => ({ value: v(key), onChange: set(key) });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const routingProblem = type === 'us_bank' ? abaProblem(normalizeRouting(v('routing'))) : null;
    setRoutingError(routingProblem ?? undefined);
    if (routingProblem) return;
    const common = { account_holder: v('holder'), bank_name: v('bank'), current_password: v('password') };
    const body: PayoutMethodInput =
      type === 'us_bank'
        ? { type, ...common, routing_number: v('routing'), account_number: v('account') }
        : { type, ...common, iban: v('iban'), bic: v('bic') };
    void run(
      async () => {
        const saved = await savePayoutMethod(body);
        queryClient.setQueryData(contractingKeys.payoutMethod(), saved);
        await queryClient.invalidateQueries({ queryKey: [...contractingKeys.all, 'onboarding'] });
        onDone();
      },
      {
        describe: (err) => {
          const detail = err instanceof ApiError ? describeErrorDetail(err.body, '') : '';
          if (/routing number/i.test(detail)) {
            setRoutingError(detail);
            return 'Check the routing number.';
          }
          return detail || 'Could not save the bank account';
        },
      },
    );
  };

  return (
    <form onSubmit={submit} className="space-y-4 rounded-xl border border-slate-200 p-4" aria-label="Bank account">
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">Account type</legend>
        <div className="mt-2 flex flex-wrap gap-4 text-sm">
          <label className="flex items-center gap-2">
            <input type="radio" name="type" checked={type === 'us_bank'} onChange={() => setType('us_bank')} />
            U.S. bank account (ACH)
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="type" checked={type === 'iban'} onChange={() => setType('iban')} />
            IBAN (SEPA)
          </label>
        </div>
      </fieldset>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField label="Account holder" {...field('holder')} required autoComplete="name" />
        <TextField label="Bank name" {...field('bank')} required />
        {type === 'us_bank' ? (
          <>
            <TextField
              label="Routing number"
              {...field('routing')}
              error={routingError}
              required
              inputMode="numeric"
              autoComplete="off"
            />
            <TextField label="Account number" {...field('account')} required inputMode="numeric" autoComplete="off" />
          </>
        ) : (
          <>
            <TextField label="IBAN" {...field('iban')} required autoComplete="off" />
            <TextField label="BIC" {...field('bic')} required autoComplete="off" />
          </>
        )}
        <TextField
          label="Current password"
          type="password"
          {...field('password')}
          required
          autoComplete="current-password"
          help="We e-mail you about every change, and payouts to a new account wait for a safety period."
        />
      </div>
      <ErrorBanner message={error} />
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={primaryButtonClass} disabled={submitting}>
          {submitting ? 'Saving...' : 'Save bank account'}
        </button>
        <button type="button" className={secondaryButtonClass} onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
