import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import { newPasswordSchema } from '@app/shared';
import { BoundLabelledInput } from '../../../components/BoundLabelledInput';
import { authStorage } from '../../../lib/auth-storage';
import { messageOr } from '../../../lib/describe-error';
import { firstErrorMessage, useSchemaForm } from '../../../lib/schema-form';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { AuthCard, AuthForm, authFieldLook, linkClass } from './AuthCard';
import { confirmPasswordReset } from '../../../api/account';

/** The server's password rule, then the repeat check (only once the password itself passes). */
const resetFormSchema = z
  .object({ password: newPasswordSchema, repeat: z.string() })
  .refine((f) => f.password === f.repeat, { message: 'The two passwords do not match', path: ['repeat'] });
type ResetForm = z.input<typeof resetFormSchema>;

const askForNewLink = (
  <Link to="/forgot-password" className={`block text-sm ${linkClass}`}>
    Ask for a new reset link
  </Link>
);

/** /reset-password?token=...: the new password twice; on success the person is signed in. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { control, handleSubmit } = useSchemaForm<ResetForm>(resetFormSchema, { password: '', repeat: '' });
  const submit = useFormSubmit();

  const onSubmit = handleSubmit(
    ({ password }) =>
      submit.run(
        async () => {
          const reply = await confirmPasswordReset(token, password);
          authStorage.set(reply.token);
          // A fresh start of the app loads the new session (profile, interview status) like any sign-in.
          window.location.replace('/');
        },
        { describe: messageOr('Could not set the new password'), keepBusy: true },
      ),
    (errors) => submit.setError(firstErrorMessage(errors)),
  );

  if (!token) {
    return (
      <AuthCard title="Reset your password" subtitle="This link is incomplete.">
        <Link to="/forgot-password" className={linkClass}>
          Ask for a new reset link
        </Link>
      </AuthCard>
    );
  }

  const passwordField = { ...authFieldLook, control, type: 'password', autoComplete: 'new-password' } as const;
  return (
    <AuthCard title="Choose a new password" subtitle="You will be signed in with it right away.">
      <AuthForm
        onSubmit={(e) => void onSubmit(e)}
        submit={submit}
        submitLabel="Set password and sign in"
        busyLabel="Saving..."
        afterError={submit.error && /invalid, expired or already used/.test(submit.error) && askForNewLink}
      >
        <BoundLabelledInput {...passwordField} field="password" label="New password" name="password" />
        <BoundLabelledInput {...passwordField} field="repeat" label="Repeat the new password" name="repeat" />
      </AuthForm>
    </AuthCard>
  );
}
