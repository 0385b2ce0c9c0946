import { useState } from 'react';

type RunOptions = {
  /** The line shown when the action fails. */
  describe: (err: unknown) => string;
  /** The page moves on after a success (sign-in, deletion): the form stays disabled until then. */
  keepBusy?: boolean;
};

/** The busy flag and the error line of a form that sends one request when submitted. */
export function useFormSubmit() {
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async (action: () => Promise<unknown>, { describe, keepBusy = false }: RunOptions) => {
    setError(null);
    setSubmitting(true);
    try {
      await action();
      if (!keepBusy) setSubmitting(false);
    } catch (err) {
      setError(describe(err));
      setSubmitting(false);
    }
  };

  return { submitting, error, setError, run };
}
