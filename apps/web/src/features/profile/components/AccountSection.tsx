import { useState } from 'react';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { changePasswordSchema, deleteAccountSchema, type ChangePassword, type DeleteAccount } from '@app/shared';
import { BoundLabelledInput } from '../../../components/BoundLabelledInput';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { Modal } from '../../../components/lazy-dialogs';
import { primaryButtonClass, secondaryButtonClass } from '../../../components/form-styles';
import { useAuth } from '../../../lib/auth';
import { messageOr } from '../../../lib/describe-error';
import { firstErrorMessage, useSchemaForm } from '../../../lib/schema-form';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { changePassword, deleteAccount, downloadMyData } from '../../../api/account';
import { ProfileSection } from './ProfileSection';

/** The Account part of /profile: change password, download my data, delete the account. */
export function AccountSection() {
  return (
    <ProfileSection id="account" title="Account">
      <div className="mt-4 grid gap-6 lg:grid-cols-2">
        <ChangePasswordForm />
        <div className="space-y-6">
          <DownloadData />
          <DeleteAccount />
        </div>
      </div>
    </ProfileSection>
  );
}

/** A required password input of this section; `isNew` when it takes the password being chosen. */
function PasswordInput<T extends FieldValues>(props: {
  control: Control<T>;
  field: Path<T>;
  label: string;
  name: string;
  isNew?: boolean;
}) {
  const { isNew, ...rest } = props;
  return (
    <BoundLabelledInput type="password" required autoComplete={isNew ? 'new-password' : 'current-password'} {...rest} />
  );
}

function ChangePasswordForm() {
  const { control, handleSubmit, reset } = useSchemaForm<ChangePassword>(changePasswordSchema, {
    current_password: '',
    new_password: '',
  });
  const [done, setDone] = useState(false);
  const { submitting: busy, error, setError, run } = useFormSubmit();

  const onSubmit = handleSubmit(
    ({ current_password, new_password }) => {
      setDone(false);
      return run(
        async () => {
          await changePassword(current_password, new_password);
          setDone(true);
          reset();
        },
        { describe: messageOr('Could not change the password') },
      );
    },
    (errors) => {
      setDone(false);
      setError(firstErrorMessage(errors));
    },
  );

  return (
    <form onSubmit={(e) => void onSubmit(e)} className="space-y-3" aria-labelledby="change-password-title">
      <h3 id="change-password-title" className="text-sm font-semibold text-slate-900">
        Change password
      </h3>
      <PasswordInput control={control} field="current_password" label="Current password" name="current-password" />
      <PasswordInput control={control} field="new_password" label="New password" name="new-password" isNew />
      <ErrorBanner message={error} />
      {done && (
        <p role="status" className="text-sm text-emerald-700">
          Password changed. Other devices have been signed out.
        </p>
      )}
      <button type="submit" disabled={busy} className={primaryButtonClass}>
        {busy ? 'Saving...' : 'Change password'}
      </button>
    </form>
  );
}

function DownloadData() {
  const { submitting: busy, error, run } = useFormSubmit();
  const onClick = () => run(downloadMyData, { describe: messageOr('Could not prepare your data') });
  return (
    <div className="space-y-2">
      <h3 className="text-sm font-semibold text-slate-900">Your data</h3>
      <p className="text-sm text-slate-600">
        A file with everything we hold about you: account, profile, files, interviews and transcripts, tasks, earnings
        and consents.
      </p>
      <ErrorBanner message={error} />
      <button type="button" onClick={() => void onClick()} disabled={busy} className={secondaryButtonClass}>
        {busy ? 'Preparing...' : 'Download my data'}
      </button>
    </div>
  );
}

function DeleteAccount() {
  const { logout } = useAuth();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const { control, handleSubmit } = useSchemaForm<DeleteAccount>(deleteAccountSchema, { password: '' });
  const { submitting: busy, error, setError, run } = useFormSubmit();

  const onConfirm = handleSubmit(
    ({ password }) =>
      run(
        async () => {
          await deleteAccount(password);
          logout();
          navigate('/login', { replace: true });
        },
        { describe: messageOr('Could not delete the account'), keepBusy: true },
      ),
    (errors) => setError(firstErrorMessage(errors)),
  );

  return (
    <div className="space-y-2">
      <h3 className="text-sm font-semibold text-slate-900">Delete account</h3>
      <p className="text-sm text-slate-600">Permanently remove your account and what it holds.</p>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="inline-flex items-center justify-center rounded-md border border-red-300 bg-white px-4 py-2 text-sm font-medium text-red-700 hover:bg-red-50"
      >
        Delete account
      </button>
      {open && (
        <Modal title="Delete your account?" onClose={() => setOpen(false)}>
          <form onSubmit={(e) => void onConfirm(e)} className="space-y-3 text-sm text-slate-700">
            <p>This cannot be undone. We delete:</p>
            <ul className="list-disc space-y-1 pl-5">
              <li>your login and profile</li>
              <li>your résumé and every file you uploaded</li>
              <li>your interview recordings, transcripts and assessments</li>
            </ul>
            <p>
              Payment records are kept for accounting, with your name and e-mail replaced by an anonymous id. You can
              sign up again with the same e-mail later.
            </p>
            <PasswordInput control={control} field="password" label="Your password" name="delete-password" />
            <ErrorBanner message={error} />
            <div className="flex flex-wrap justify-end gap-2">
              <button type="button" onClick={() => setOpen(false)} className={secondaryButtonClass}>
                Cancel
              </button>
              <button
                type="submit"
                disabled={busy}
                className="inline-flex items-center justify-center rounded-md bg-red-600 px-4 py-2 text-sm font-semibold text-white hover:bg-red-700 disabled:opacity-60"
              >
                {busy ? 'Deleting...' : 'Delete my account'}
              </button>
            </div>
          </form>
        </Modal>
      )}
    </div>
  );
}
