/**
 * Version 1 of each onboarding document: plain texts written for this product (decision 0200). The
 * provider replaces them with new versions; {{...}} are filled in per signer when the document is made.
 */
import type { DocumentKey } from '@app/shared';

export const DEFAULT_TEMPLATES: Record<DocumentKey, { title: string; body: string }> = {
  terms_of_work: {
    title: 'Terms of Work',
    body: `These terms are between {{candidate_name}} ("you") and the provider for the job "{{job_title}}", from {{start_date}}.

1. You work as an independent contractor, not an employee. You choose when and where you work, within the weekly cap of 40 hours.
2. You are paid {{pay}} for the time the task screen records on tasks you submit. Rejected work is not paid; every rejection carries a reason you can read and dispute within 7 days.
3. You do the work yourself. You do not share tasks, data or your account with anyone.
4. Task data is confidential. You do not copy it, keep it or use it outside the task screen.
5. Either side may end this arrangement at any time by writing to the other. Work submitted and accepted before the end is paid.
6. These terms change only by a new version that you are asked to sign; until you sign it, this version applies.`,
  },
  ciiaa: {
    title: 'Confidential Information and Invention Assignment Agreement',
    body: `This agreement is between {{candidate_name}} ("you") and the provider, for the job "{{job_title}}", dated {{today}}.

1. Confidential information: task data, guidelines, other contractors' work and anything marked confidential. You keep it secret during and after the work, and use it only to do the tasks.
2. Work product: the ratings, feedback, annotations and other results you submit for the tasks belong to the provider once you are paid for them. You assign to the provider every right you have in them.
3. What stays yours: anything you made before this job or outside it, without the provider's confidential information, stays yours. This agreement does not cover it.
4. When the work ends, you delete any copy of confidential information you may hold.
5. Nothing here stops you from reporting possible violations of law to a government agency.`,
  },
  time_tracking: {
    title: 'Time Tracking Setup',
    body: `How your time on "{{job_title}}" is recorded, {{candidate_name}}:

1. Time is recorded by the task screen itself, from the moment you start a task until you submit it. There is no screenshot, camera, keyboard or mouse monitoring.
2. Time spent on two tasks at once is counted once.
3. Each week (Monday to Sunday, UTC) counts at most 40 hours; time beyond it is shown to you but not paid unless the provider approves it.
4. You can see the hours of every earning on your Earnings page, and dispute any of them.

Signing confirms you have read how time is recorded.`,
  },
  payout_policy: {
    title: 'Payout Policies',
    body: `How and when you are paid for "{{job_title}}", {{candidate_name}}:

1. Work accepted by review becomes your available balance. You request a payout of it from your Earnings page.
2. Payouts are made every second Monday, to the bank account in your Payment Settings, by ACH (U.S. accounts) or SEPA transfer (IBAN). Banks usually credit them in 1 to 3 business days.
3. Before your first payout you sign these documents, give a tax form (W-9 or W-8BEN) and a payout method.
4. After you change your bank account, payouts wait 72 hours, and we e-mail you about the change: changing bank details is how payroll fraud works.
5. A payout the bank returns goes back to your available balance, and we tell you why.
6. Pay is never withheld without a reason you can read. You may dispute a rejected task within 7 days.`,
  },
  offer_letter: {
    title: 'Offer Letter',
    body: `Dear {{candidate_name}},

We are glad to offer you work on "{{job_title}}" as an independent contractor, starting {{start_date}}.

Pay: {{pay}}, for the time recorded on accepted tasks, up to 40 hours a week.
Work: remote, on the hours you choose.
Payouts: every second Monday, under the Payout Policies.

This offer comes with the Terms of Work and the Confidential Information and Invention Assignment Agreement. Signing this letter accepts the offer.

Offered on {{today}}.`,
  },
};
