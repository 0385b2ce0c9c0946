import { useState, type FormEvent } from 'react';
import type { InvitationsCreateReply, SkipReason } from '@app/shared';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { TextField } from '../../../components/TextField';
import { labelClass, primaryButtonClass } from '../../../components/form-styles';
import { Table, td } from '../../../components/console-ui';
import { describeError } from '../../../lib/describe-error';
import { useCreateInvitations } from '../api';

const REASONS: Record<SkipReason, string> = {
  invalid_email: 'Not a valid e-mail address',
  duplicate: 'Listed twice',
  already_invited: 'Already invited to this job',
  unsubscribed: 'Unsubscribed from invitations',
};

/**
 * A pasted list as invitees: one person per line, "email" or "name, email" (either order: the part
 * with an @ is the address). `lines` keeps each one's line in the box, so skipped rows point there.
 */
export function parsePasted(text: string) {
  const invitees: { email: string; name?: string }[] = [];
  const lines: number[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const parts = raw
      .split(/[,;\t]/)
      .map((p) => p.trim())
      .filter(Boolean);
    if (!parts.length) return;
    const at = parts.findIndex((p) => p.includes('@'));
    const email = at >= 0 ? parts[at]! : parts[0]!;
    const name = parts.filter((_, j) => j !== (at >= 0 ? at : 0)).join(' ');
    invitees.push(name ? { email, name } : { email });
    lines.push(i + 1);
  });
  return { invitees, lines };
}

/** "2026-12-01T17:00" from a datetime-local field, as the server's ISO time in the browser's zone. */
const isoOrUndefined = (local: string) => (local ? new Date(local).toISOString() : undefined);
const hours = (text: string) =>
  text
    .split(',')
    .map((h) => h.trim())
    .filter(Boolean)
    .map(Number);

/** Paste e-mails or upload a CSV, with an optional deadline and reminder schedule; shows what was skipped. */
export function InvitationForm({ jobId, initialList = '' }: { jobId: string; initialList?: string }) {
  const create = useCreateInvitations(jobId);
  const [pasted, setPasted] = useState(initialList);
  const [file, setFile] = useState<File | null>(null);
  /** People in the chosen file (its lines after the header), so a long upload says how much it carries. */
  const [fileRows, setFileRows] = useState<number | null>(null);
  const [deadline, setDeadline] = useState('');
  const [name, setName] = useState('');
  const [after, setAfter] = useState('48');
  const [before, setBefore] = useState('24');
  const [result, setResult] = useState<{ reply: InvitationsCreateReply; lineOf: (n: number) => number } | null>(null);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setResult(null);
    if (file) {
      const settings = {
        deadline: isoOrUndefined(deadline),
        name: name || undefined,
        after_invite_hours: after,
        before_deadline_hours: before,
      };
      create.mutate({ csv: file, settings }, { onSuccess: (reply) => setResult({ reply, lineOf: (n) => n }) });
      return;
    }
    const { invitees, lines } = parsePasted(pasted);
    const json = {
      invitees,
      deadline: isoOrUndefined(deadline) ?? null,
      name: name || null,
      reminders: { after_invite_hours: hours(after), before_deadline_hours: hours(before) },
    };
    create.mutate({ json }, { onSuccess: (reply) => setResult({ reply, lineOf: (n) => lines[n - 1] ?? n }) });
  };

  const nothing = !file && !pasted.trim();
  return (
    <form onSubmit={onSubmit} className="space-y-4" aria-label="Invite people">
      <TextField
        label='E-mail addresses, one per line (optionally "Name, email")'
        multiline
        rows={5}
        value={pasted}
        disabled={Boolean(file)}
        onChange={setPasted}
      />
      <div>
        <label htmlFor="invite-csv" className={labelClass}>
          Or upload a CSV with the columns name,email
        </label>
        <input
          id="invite-csv"
          type="file"
          accept=".csv,text/csv"
          className="mt-1 block text-sm"
          onChange={(e) => {
            const chosen = e.target.files?.[0] ?? null;
            setFile(chosen);
            setFileRows(null);
            void chosen
              ?.text()
              .then((text) => setFileRows(Math.max(0, text.split(/\r?\n/).filter((l) => l.trim()).length - 1)))
              .catch(() => setFileRows(null));
          }}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Deadline (optional)" type="datetime-local" value={deadline} onChange={setDeadline} />
        <TextField label="Campaign name (optional)" value={name} onChange={setName} />
        <TextField label="Remind after (hours, comma-separated)" value={after} onChange={setAfter} />
        <TextField label="Remind before the deadline (hours)" value={before} onChange={setBefore} />
      </div>
      <ErrorBanner message={create.error ? describeError(create.error, 'The invitations could not be sent.') : null} />
      <button type="submit" className={primaryButtonClass} disabled={nothing || create.isPending}>
        {create.isPending ? (file ? uploadingText(file.name, fileRows) : 'Sending...') : 'Send invitations'}
      </button>
      {result && (
        <div role="status" aria-label="Invitation result" className="space-y-3">
          <p className="text-sm font-medium text-slate-900">
            {result.reply.created === 1 ? '1 invitation sent' : `${result.reply.created} invitations sent`}
            {result.reply.skipped.length > 0 && `, ${result.reply.skipped.length} skipped`}.
          </p>
          {result.reply.skipped.length > 0 && (
            <Table label="Skipped rows" head={['Line', 'E-mail', 'Why']}>
              {result.reply.skipped.map((s) => (
                <tr key={`${s.line}-${s.email}`}>
                  <td className={td}>{result.lineOf(s.line)}</td>
                  <td className={td}>{s.email}</td>
                  <td className={td}>{REASONS[s.reason]}</td>
                </tr>
              ))}
            </Table>
          )}
        </div>
      )}
    </form>
  );
}

/** What the button says while a file is on its way: its name and how many people it holds. */
export const uploadingText = (fileName: string, rows: number | null) =>
  rows === null ? `Uploading ${fileName}...` : `Uploading ${fileName}: ${rows.toLocaleString('en-US')} people...`;
