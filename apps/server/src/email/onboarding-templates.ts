/** E-mails of onboarding and payouts (issue 36): a signed document, a new tax form, a changed payout method, a payout paid or returned. */
import { type EmailContext, type EmailMessage, type Recipient, render } from './templates';
import { formatMoney } from '@app/shared';

export function documentSignedEmail(
  ctx: EmailContext,
  r: Recipient,
  doc: { id: string; title: string; version: number; sha256: string },
): EmailMessage {
  return render(ctx, r, {
    subject: `Signed: ${doc.title}`,
    paragraphs: [
      `You signed "${doc.title}" (version ${doc.version}). Your signed copy, with its certificate page, is a PDF you can download at any time.`,
      `Its SHA-256 fingerprint is ${doc.sha256}. A copy with any other fingerprint is not the one you signed.`,
    ],
    action: { label: 'Download the signed PDF', path: `/documents/${doc.id}` },
  });
}

/** A payout method's change as the account is told of it: last four digits only, and how long payouts wait. */
export type PayoutMethodChange = { last4: string; previousLast4: string | null; holdHours: number; when: Date };

/** Only the last four digits of either account appear (Nacha: account numbers are never readable). */
export function payoutMethodChangedEmail(ctx: EmailContext, r: Recipient, change: PayoutMethodChange): EmailMessage {
  const from = change.previousLast4 ? ` from the account ending in ${change.previousLast4}` : '';
  return render(ctx, r, {
    subject: 'Your payout account was changed',
    paragraphs: [
      `The bank account your payouts go to was changed${from} to the account ending in ${change.last4}, on ${change.when.toISOString().replace('T', ' ').slice(0, 16)} UTC.`,
      ...(change.holdHours > 0
        ? [`For your safety, payouts to the new account wait ${change.holdHours} hours after a change.`]
        : []),
      'If you did not make this change, change your password now and write to support: someone else may have access to your account.',
    ],
    action: { label: 'Review your payment settings', path: '/earnings?tab=settings' },
  });
}

/** A payout item the provider marked paid (issue 36 item 6). */
export function payoutPaidEmail(ctx: EmailContext, r: Recipient, amount: number): EmailMessage {
  const dollars = formatMoney(amount);
  return render(ctx, r, {
    subject: `Payout sent: ${dollars}`,
    paragraphs: [
      `Your payout of ${dollars} was sent to your bank account. It usually arrives within 1 to 3 business days.`,
      'If the bank returns it, we tell you why and the amount goes back to your available balance.',
    ],
    action: { label: 'View your earnings', path: '/earnings' },
  });
}

/** A payout the bank returned: the payee reads why, and that the money is available again (issue 36 item 6). */
export function payoutFailedEmail(ctx: EmailContext, r: Recipient, amount: number, reason: string): EmailMessage {
  const dollars = formatMoney(amount);
  return render(ctx, r, {
    subject: `Payout returned: ${dollars}`,
    paragraphs: [
      `Your payout of ${dollars} could not be paid. The reason given: ${reason}`,
      'The amount is back in your available balance. Check your payment settings, then request the payout again.',
    ],
    action: { label: 'Review your payment settings', path: '/earnings?tab=settings' },
  });
}
