import { useState } from 'react';
import { Download } from 'lucide-react';
import type { AdminDocument } from '@app/shared';
import { Badge } from '../../../components/Badge';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { secondaryButtonClass } from '../../../components/form-styles';
import { describeError } from '../../../lib/describe-error';
import { downloadDocumentPdf, useDocumentAudit, useUserDocuments } from './api/onboarding';
import { Empty, ListTable, Section, Table, dateTime, td, titleCase } from '../../../components/console-ui';

const docName = (d: AdminDocument) => `${d.title} v${d.version}`;

/**
 * A candidate's onboarding documents (issue 36 item 2) on their console page: each one's status, its
 * audit trail (viewed, consented, signed, with address and browser) and the sealed PDF once signed.
 */
export function CandidateDocuments({ userId }: { userId: string }) {
  const docs = useUserDocuments(userId);
  const [openId, setOpenId] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const open = docs.data?.find((d) => d.id === openId) ?? null;

  return (
    <Section title="Documents">
      <div className="space-y-4">
        <ErrorBanner message={docs.error ? describeError(docs.error, 'The documents could not be loaded') : null} />
        <ErrorBanner message={fileError} />
        {docs.data && docs.data.length === 0 && (
          <Empty>
            No documents yet: they are made when an accepted candidate first opens the job&apos;s onboarding.
          </Empty>
        )}
        {docs.data && docs.data.length > 0 && (
          <Table label="Documents" head={['Document', 'Job', 'Status', '']}>
            {docs.data.map((d) => (
              <tr key={d.id}>
                <td className={td}>
                  <div>
                    <div className="font-medium text-slate-900">{d.title}</div>
                    <div className="text-xs text-slate-500">Version {d.version}</div>
                  </div>
                </td>
                <td className={td}>{d.job_title ?? '—'}</td>
                <td className={td}>
                  <div>
                    <Badge color={d.status === 'signed' ? 'green' : 'yellow'}>{titleCase(d.status)}</Badge>
                    {d.signed_at && <div className="mt-1 text-xs text-slate-500">{dateTime(d.signed_at)}</div>}
                  </div>
                </td>
                <td className={`${td} text-right sm:whitespace-nowrap`}>
                  <div className="flex flex-wrap justify-end gap-2 sm:flex-nowrap">
                    <button
                      type="button"
                      className={secondaryButtonClass}
                      aria-label={`Audit trail of ${docName(d)}`}
                      aria-pressed={openId === d.id}
                      onClick={() => setOpenId(openId === d.id ? null : d.id)}
                    >
                      Audit trail
                    </button>
                    {d.status === 'signed' && (
                      <button
                        type="button"
                        className={secondaryButtonClass}
                        aria-label={`Signed PDF of ${docName(d)}`}
                        onClick={() => {
                          setFileError(null);
                          downloadDocumentPdf(d).catch((e: unknown) =>
                            setFileError(describeError(e, 'The PDF could not be downloaded')),
                          );
                        }}
                      >
                        <Download className="h-4 w-4" aria-hidden />
                        PDF
                      </button>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </Table>
        )}
        {open && <AuditTrail doc={open} />}
      </div>
    </Section>
  );
}

function AuditTrail({ doc }: { doc: AdminDocument }) {
  const trail = useDocumentAudit(doc.id, true);
  return (
    <div
      role="region"
      aria-label={`Audit trail: ${docName(doc)}`}
      className="rounded-lg border border-slate-200 p-3 sm:p-4"
    >
      <h3 className="text-sm font-semibold text-slate-900">Audit trail: {docName(doc)}</h3>
      {doc.sha256 && (
        <p className="mt-1 text-xs text-slate-600">
          SHA-256 of the sealed PDF: <code className="break-all font-mono">{doc.sha256}</code>
        </p>
      )}
      <div className="mt-3">
        <ListTable
          rows={trail.data}
          error={trail.error}
          failed="The trail could not be loaded"
          label={`Events of ${docName(doc)}`}
          head={['Event', 'At', 'Address', 'Browser']}
          empty="Not opened yet."
        >
          {(e, i) => (
            <tr key={i}>
              <td className={`${td} font-medium`}>{titleCase(e.type)}</td>
              <td className={`${td} sm:whitespace-nowrap`}>{dateTime(e.at)}</td>
              <td className={td}>{e.ip ?? '—'}</td>
              <td className={`${td} break-all text-xs text-slate-600`}>{e.user_agent ?? '—'}</td>
            </tr>
          )}
        </ListTable>
      </div>
    </div>
  );
}
