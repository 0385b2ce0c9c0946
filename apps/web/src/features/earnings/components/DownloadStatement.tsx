import { DownloadButton } from '../../../components/DownloadButton';
import { ErrorLine } from '../../../components/ErrorBanner';
import { compactButtonClass } from '../../../components/form-styles';
import { messageOr } from '../../../lib/describe-error';
import { useDownload } from '../../../lib/use-download';
import { downloadStatement } from '../api/download-statement';

/** Download Statement for the current year, as CSV or PDF (issue 36 item 8, decision 0209). */
export function DownloadStatement({ userId }: { userId: string | undefined }) {
  const year = new Date().getFullYear();
  const statement = useDownload<'csv' | 'pdf'>(messageOr('Download failed'));
  const get = (format: 'csv' | 'pdf') => {
    if (userId) void statement.start(format, () => downloadStatement(userId, year, format));
  };
  const busy = statement.busy !== null;
  return (
    <div className="flex flex-col items-end gap-1">
      <div className="flex items-center gap-2" role="group" aria-label={`Download Statement ${year}`}>
        <DownloadButton className={compactButtonClass} busy={busy} onClick={() => get('csv')}>
          Download Statement
        </DownloadButton>
        <button
          type="button"
          className={compactButtonClass}
          disabled={busy}
          aria-label="Download Statement PDF"
          onClick={() => get('pdf')}
        >
          PDF
        </button>
      </div>
      <ErrorLine message={statement.error} />
    </div>
  );
}
