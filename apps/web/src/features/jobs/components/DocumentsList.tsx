import { useEffect, useState } from 'react';
import { CheckCircle2, FileText, MailCheck } from 'lucide-react';
import { EMAIL_SENT_DIALOG_MS, ONBOARDING_DOCUMENTS, type DocumentItem } from '@app/shared';
import { ConfirmDialog, Modal } from '../../../components/lazy-dialogs';

/**
 * 'View initial project information': seven documents. Confirming 'Send Document Email' shows
 * 'Email Sent' for 2 seconds, then the item is marked done. Client-side only: no call is made.
 */
export function DocumentsList() {
  const [done, setDone] = useState<Set<string>>(() => new Set());
  const [asking, setAsking] = useState<DocumentItem | null>(null);
  const [sent, setSent] = useState<DocumentItem | null>(null);

  // Closing 'Email Sent' (after 2 s, or early with Escape) marks the document done.
  const finish = (doc: DocumentItem) => {
    setDone((prev) => new Set(prev).add(doc.key));
    setSent(null);
  };

  useEffect(() => {
    if (!sent) return;
    const timer = setTimeout(() => finish(sent), EMAIL_SENT_DIALOG_MS);
    return () => clearTimeout(timer);
  }, [sent]);

  return (
    <section aria-labelledby="docs-title" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="docs-title" className="font-semibold text-slate-900">
        View initial project information
      </h2>
      <ul className="mt-3 space-y-1">
        {ONBOARDING_DOCUMENTS.map((doc) => {
          const isDone = done.has(doc.key);
          return (
            <li key={doc.key}>
              <button
                type="button"
                onClick={() => setAsking(doc)}
                data-done={isDone}
                className="flex w-full items-center gap-3 rounded-md px-2 py-2 text-left text-sm hover:bg-slate-50"
              >
                {isDone ? (
                  <CheckCircle2 className="h-5 w-5 shrink-0 text-green-600" aria-label="Done" />
                ) : (
                  <FileText className="h-5 w-5 shrink-0 text-slate-400" aria-hidden />
                )}
                <span className={isDone ? 'text-slate-500 line-through' : 'text-slate-800'}>{doc.label}</span>
              </button>
            </li>
          );
        })}
      </ul>

      {asking && (
        <ConfirmDialog
          title="Send Document Email"
          confirmLabel="Send Email"
          onCancel={() => setAsking(null)}
          onConfirm={() => {
            setSent(asking);
            setAsking(null);
          }}
        >
          We will send an email to your address with the document to sign. Do you want to proceed?
        </ConfirmDialog>
      )}
      {sent && (
        <Modal title="Email Sent" onClose={() => finish(sent)}>
          <div className="mt-3 flex items-center gap-3 text-sm text-slate-600">
            <MailCheck className="h-6 w-6 text-green-600" aria-hidden />
            <p>We sent &ldquo;{sent.label}&rdquo; to your email address. Check your inbox to sign it.</p>
          </div>
        </Modal>
      )}
    </section>
  );
}
