import { useState } from 'react';
import { passwordResetRequestSchema, type PasswordResetRequest } from '@app/shared';
import { BoundLabelledInput } from '../../../components/BoundLabelledInput';
import { messageOr } from '../../../lib/describe-error';
import { payloadErrorLine, useSchemaForm } from '../../../lib/schema-form';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { AuthCard, AuthFooterLink, AuthForm, authFieldLook } from './AuthCard';
import { requestPasswordReset } from '../../../api/account';

/** /forgot-password: asks for the address; the reply is the same whether or not it has an account. */
export function ForgotPasswordPage() {
  const { control, handleSubmit } = useSchemaForm<PasswordResetRequest>(passwordResetRequestSchema, { email: '' });
  const [sent, setSent] = useState<string | null>(null);
  const submit = useFormSubmit();

  const onSubmit = handleSubmit(
    ({ email }) =>
      submit.run(async () => setSent((await requestPasswordReset(email)).detail), {
        describe: messageOr('Could not send the reset link. Please try again.'),
      }),
    (errors) => submit.setError(payloadErrorLine(errors)),
  );

  return (
    <AuthCard title="Reset your password" subtitle="We will e-mail you a link to choose a new password.">
      {sent ? (
        <p
          role="status"
          className="rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-800"
        >
          {sent}
        </p>
      ) : (
        <AuthForm
          onSubmit={(e) => void onSubmit(e)}
          submit={submit}
          submitLabel="Send reset link"
          busyLabel="Sending..."
        >
          <BoundLabelledInput
            {...authFieldLook}
            control={control}
            field="email"
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
          />
        </AuthForm>
      )}
      <AuthFooterLink to="/login" label="Back to sign in" />
    </AuthCard>
  );
}
