import { useState } from 'react';
import { type Form1099NecRow, formatMoney } from '@app/shared';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { DownloadButton } from '../../../components/DownloadButton';
import { describeError } from '../../../lib/describe-error';
import { useDownload } from '../../../lib/use-download';
import { download1099NecCsv, use1099Nec } from './api/onboarding';
import { Empty, FilterSelect, PageHeader, Section, Table, td } from '../../../components/console-ui';

/** The last four digits of a TIN, never more: "SSN •••• 1234". */
export const maskedTin = (row: Pick<Form1099NecRow, 'tin_type' | 'tin_last4'>) =>
  row.tin_last4 ? `${row.tin_type ? `${row.tin_type.toUpperCase()} ` : ''}•••• ${row.tin_last4}` : 'None on file';

const addressLines = (a: Form1099NecRow['address']) =>
  [
    a.line1,
    a.line2,
    [a.city, [a.region, a.postal_code].filter(Boolean).join(' ')].filter(Boolean).join(', '),
    a.country,
  ]
    .filter(Boolean)
    .map(String);

/** The tax years offered: this year and the six before it. */
function years(now = new Date()) {
  const current = now.getFullYear();
  return Array.from({ length: 7 }, (_, i) => String(current - i));
}

/**
 * The 1099-NEC list (issue 36 item 3): U.S. payees (a W-9 on file) whose payouts in the year reach the
 * year's threshold, as a table and as the CSV the same route writes. Last calendar year by default,
 * the one whose forms are due in January.
 */
export function Form1099NecPage() {
  const [year, setYear] = useState(() => new Date().getFullYear() - 1);
  const report = use1099Nec(year);
  const csv = useDownload<'csv'>((e) => describeError(e, 'The CSV could not be downloaded'));
  const data = report.data;

  return (
    <>
      <PageHeader title="1099-NEC">
        <FilterSelect
          label="Tax year"
          value={String(year)}
          onChange={(v) => setYear(Number(v))}
          options={years().map((y) => ({ value: y, label: y }))}
        />
        <DownloadButton busy={csv.busy !== null} onClick={() => void csv.start('csv', () => download1099NecCsv(year))}>
          Download CSV
        </DownloadButton>
      </PageHeader>
      <div className="space-y-4">
        <ErrorBanner message={csv.error} />
        <Section title={`Payees for ${year}`}>
          <div className="space-y-4">
            {data && (
              <p className="text-sm text-slate-600" data-testid="nec-threshold">
                U.S. payees with a W-9 on file who were paid at least {formatMoney(data.threshold)} in {year} (the
                year&apos;s 1099-NEC threshold), by payment date, net of returned payouts. Taxpayer numbers show their
                last four digits only.
              </p>
            )}
            <ErrorBanner
              message={report.error ? describeError(report.error, 'The 1099-NEC list could not be loaded') : null}
            />
            {!data && !report.error && <p className="text-sm text-slate-500">Loading...</p>}
            {data && data.payees.length === 0 && <Empty>No payee reached the threshold in {year}.</Empty>}
            {data && data.payees.length > 0 && (
              <Table label={`1099-NEC payees ${year}`} head={['Legal name', 'TIN', 'Address', 'Paid in year']}>
                {data.payees.map((p) => (
                  <tr key={p.user_id}>
                    <td className={td}>
                      <div>
                        <div className="font-medium text-slate-900">{p.legal_name}</div>
                        {p.business_name && <div className="text-xs text-slate-500">{p.business_name}</div>}
                      </div>
                    </td>
                    <td className={`${td} whitespace-nowrap`}>{maskedTin(p)}</td>
                    <td className={td}>
                      <div>
                        {addressLines(p.address).map((line, i) => (
                          <div key={i}>{line}</div>
                        ))}
                      </div>
                    </td>
                    <td className={`${td} font-medium`}>{formatMoney(p.total)}</td>
                  </tr>
                ))}
              </Table>
            )}
          </div>
        </Section>
      </div>
    </>
  );
}
