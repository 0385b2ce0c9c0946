import { INTERVIEW_RECORDING_CONSENT, PRODUCT_NAME } from '@app/shared';

/** The privacy notice at /privacy when PRIVACY_POLICY_TEXT is not configured. */
export function defaultPrivacyNotice(retentionDays: number, supportEmail: string): string {
  return [
    `This notice explains what ${PRODUCT_NAME} keeps about you and why.`,
    'What we keep: your account (e-mail, name, password as a one-way hash), your profile and résumé, your interviews (video and voice recording, transcript, AI assessment and the decision), the creative tasks you work on, your earnings and payouts, and the consents you give.',
    `Why: to match you with opportunities, to let a person at the company review your interview (an AI system assists with an assessment; a human decides), and to pay you. ${INTERVIEW_RECORDING_CONSENT.text}`,
    `How long: interview recordings are deleted after ${retentionDays} days. Everything else is kept while you have an account. Every time a reviewer opens your recording or résumé it is logged.`,
    'Your choices: on your Profile page you can change your password, download everything we hold about you as a file, and delete your account. Deleting removes your login, profile, résumé and files, recordings, transcripts and assessments. Payment records are kept for accounting, with your name and e-mail replaced by an anonymous id.',
    `Questions or requests: write to ${supportEmail}.`,
  ].join('\n\n');
}
