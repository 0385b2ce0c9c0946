import { PAYOUT_ROUTE_TEXT, PRODUCT_NAME, formatMoney } from '@app/shared';

/** A rendered message, ready for the transport (plain text and HTML alternatives). */
export type EmailMessage = { to: string; subject: string; text: string; html: string };

export type EmailContext = {
  /** Absolute base of links in e-mails (PUBLIC_URL), or null: then links are left out. */
  publicUrl: string | null;
  supportEmail: string;
};

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const greetingName = (name: string | null) => name?.trim().split(/\s+/)[0] || 'there';

export type Body = {
  subject: string;
  paragraphs: string[];
  /** A button in HTML, a line with the address in text. */
  action?: { label: string; path: string };
  /** Smaller links under the button (an invitation's "more time" and "unsubscribe"). */
  links?: { label: string; path: string }[];
};

export type Recipient = { email: string; name: string | null };

/** One layout for every message, so they all carry the product name and the support address. */
export function render(ctx: EmailContext, r: Recipient, body: Body): EmailMessage {
  const base = ctx.publicUrl?.replace(/\/$/, '') ?? null;
  const link = body.action && base ? `${base}${body.action.path}` : null;
  const links = base ? (body.links ?? []).map((l) => ({ label: l.label, url: `${base}${l.path}` })) : [];
  const hello = `Hi ${greetingName(r.name)},`;
  const signoff = `The ${PRODUCT_NAME} team`;
  const help = `Questions? Write to ${ctx.supportEmail}.`;

  const text = [
    hello,
    '',
    ...body.paragraphs.flatMap((p) => [p, '']),
    ...(link ? [`${body.action!.label}: ${link}`, ''] : []),
    ...links.flatMap((l) => [`${l.label}: ${l.url}`, '']),
    help,
    '',
    signoff,
    '',
  ].join('\n');

  const html = `<!doctype html>
<html><body style="margin:0;padding:24px;background:#f8fafc;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e2e8f0;border-radius:8px">
<tr><td style="padding:24px">
<p style="margin:0 0 16px;font-size:18px;font-weight:bold;color:#4338ca">${escapeHtml(PRODUCT_NAME)}</p>
<p>${escapeHtml(hello)}</p>
${body.paragraphs.map((p) => `<p style="line-height:1.5">${escapeHtml(p)}</p>`).join('\n')}
${
  link
    ? `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 16px;background:#4f46e5;color:#ffffff;border-radius:6px;text-decoration:none">${escapeHtml(body.action!.label)}</a></p>`
    : ''
}
${links.map((l) => `<p style="font-size:13px"><a href="${escapeHtml(l.url)}" style="color:#4338ca">${escapeHtml(l.label)}</a></p>`).join('\n')}
<p style="color:#475569;font-size:13px">Questions? Write to <a href="mailto:${escapeHtml(ctx.supportEmail)}">${escapeHtml(ctx.supportEmail)}</a>.</p>
<p>${escapeHtml(signoff)}</p>
</td></tr></table></body></html>
`;
  return { to: r.email, subject: body.subject, text, html };
}

export function interviewReceivedEmail(ctx: EmailContext, r: Recipient, jobTitle: string | null): EmailMessage {
  const role = jobTitle ? ` for ${jobTitle}` : '';
  return render(ctx, r, {
    subject: `We received your interview${role}`,
    paragraphs: [
      `Thanks for interviewing${role}. We're reviewing your conversation and will email you as soon as the hiring team has next steps.`,
      'Our AI analyzes your responses, then a human reviewer validates the result. You will hear from us by e-mail, typically within 24-48 hours.',
    ],
    action: { label: 'See your interview status', path: '/status' },
  });
}

/** What differs between the two decision messages; the hiring team's note sits between opening and close. */
const DECISION_TEXT = {
  approved: {
    subject: (role: string) => `Congratulations! You've been approved for ${role}`,
    opening: (role: string) => `Congratulations! Your interview for ${role} has been approved.`,
    close:
      'Next steps: open Your Jobs to review the onboarding document and the project information. Your creative tasks will appear there as soon as they are assigned.',
    action: { label: 'Open Your Jobs', path: '/jobs' },
  },
  rejected: {
    subject: (role: string) => `An update on your application for ${role}`,
    opening: (role: string) =>
      `Thank you for taking the time to interview for ${role}. We have decided to move forward with other candidates at this time.`,
    close: 'New opportunities are posted regularly and you are welcome to apply to them.',
    action: { label: 'Browse opportunities', path: '/' },
  },
};

export function decisionEmail(
  ctx: EmailContext,
  r: Recipient,
  decision: keyof typeof DECISION_TEXT,
  jobTitle: string | null,
  note: string | null,
): EmailMessage {
  const role = jobTitle ?? 'the position';
  const text = DECISION_TEXT[decision];
  return render(ctx, r, {
    subject: text.subject(role),
    paragraphs: [text.opening(role), ...(note ? [`A note from the hiring team: ${note}`] : []), text.close],
    action: text.action,
  });
}

export function tasksAssignedEmail(
  ctx: EmailContext,
  r: Recipient,
  jobTitle: string | null,
  count: number,
): EmailMessage {
  const what = count === 1 ? 'a new creative task' : `${count} new creative tasks`;
  return render(ctx, r, {
    subject: `You have ${what}${jobTitle ? ` on ${jobTitle}` : ''}`,
    paragraphs: [`You have been assigned ${what}${jobTitle ? ` on ${jobTitle}` : ''}. Open Your Jobs to start rating.`],
    action: { label: 'Start your tasks', path: '/jobs' },
  });
}

/** The provider lets the candidate take an interview again (decision 0149): the link starts it (decision 0169). */
export function retakeAllowedEmail(
  ctx: EmailContext,
  r: Recipient,
  jobTitle: string | null,
  interviewId: string,
): EmailMessage {
  const role = jobTitle ? ` for ${jobTitle}` : '';
  return render(ctx, r, {
    subject: `You can take your interview${role} again`,
    paragraphs: [
      `Good news: the hiring team has allowed you to take your interview${role} again.`,
      'Your application is waiting on your status page. Start the interview whenever you are ready; your earlier attempt is not counted.',
    ],
    action: { label: 'Start your interview', path: `/status?interviewId=${encodeURIComponent(interviewId)}` },
  });
}

/** The provider invites a person found in talent search to apply to a job (decision 0165). */
export function jobInvitationEmail(ctx: EmailContext, r: Recipient, jobTitle: string, jobId: string): EmailMessage {
  return render(ctx, r, {
    subject: `You're invited to apply: ${jobTitle}`,
    paragraphs: [
      `We think your experience fits our ${jobTitle} job, and we would like you to apply.`,
      'The application is waiting for you under Your Jobs: it takes a short AI interview about your work.',
    ],
    action: { label: 'Apply to this job', path: `/apply?jobId=${encodeURIComponent(jobId)}` },
  });
}

export function payoutSentEmail(ctx: EmailContext, r: Recipient, amount: number, transactions: number): EmailMessage {
  const dollars = formatMoney(amount);
  return render(ctx, r, {
    subject: `Payout sent: ${dollars}`,
    paragraphs: [
      `We have sent you a payout of ${dollars} for ${transactions} accepted task${transactions === 1 ? '' : 's'}.`,
      `${PAYOUT_ROUTE_TEXT} Your Earnings page shows these transactions as Completed.`,
    ],
    action: { label: 'View your earnings', path: '/earnings' },
  });
}

/** The password reset link; `ctx.publicUrl` is PUBLIC_URL or the server's own address (lib/link-origin.ts). */
export function passwordResetEmail(ctx: EmailContext, r: Recipient, token: string, validMinutes: number): EmailMessage {
  return render(ctx, r, {
    subject: 'Reset your password',
    paragraphs: [
      `Someone (hopefully you) asked to reset the password of your ${PRODUCT_NAME} account. The link below works once, for ${validMinutes} minutes.`,
      'If you did not ask for this, ignore this message: your password stays as it is.',
    ],
    action: { label: 'Choose a new password', path: `/reset-password?token=${encodeURIComponent(token)}` },
  });
}
