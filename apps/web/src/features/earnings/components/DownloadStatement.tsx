import { useState } from 'react';
import { Download } from 'lucide-react';
import { downloadStatement } from '../api/download-statement';

/** Download Statement for the current year, as CSV or PDF (issue 36 item 8, decision 0209). */
export function DownloadStatement({ userId }: { userId: string | undefined }) {
  const year = new Date().getFullYear();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const get = async (format: 'csv' | 'pdf') => {
    if (!userId) return;
    setBusy(true);
    setError(null);
    try {
      await downloadStatement(userId, year, format);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Download failed');
    } finally {
      setBusy(false);
    }
  };
  const cls =
    'inline-flex items-center gap-2 whitespace-nowrap rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-60';
  return (
    <div className="flex flex-col items-end gap-1">
      <div className="flex items-center gap-2" role="group" aria-label={`Download Statement ${year}`}>
        <button type="button" className={cls} disabled={busy} onClick={() => void get('csv')}>
          <Download className="h-4 w-4" aria-hidden />
          Download Statement
        </button>
        <button
          type="button"
          className={cls}
          disabled={busy}
          aria-label="Download Statement PDF"
          onClick={() => void get('pdf')}
        >
          PDF
        </button>
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
