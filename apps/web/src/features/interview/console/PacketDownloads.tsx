import { useState } from 'react';
import { Download } from 'lucide-react';
import { downloadPacket } from './api/packet';

const FORMATS = [
  { format: 'pdf', label: 'Download packet (PDF)' },
  { format: 'zip', label: 'Download packet (ZIP)' },
] as const;

/**
 * The candidate packet (issue 47): one PDF of the whole review, or a ZIP with that PDF, the recording
 * and the transcript as JSON. A download is logged in the access history, so `onDownloaded` lets the
 * page show it there.
 */
export function PacketDownloads({ interviewId, onDownloaded }: { interviewId: string; onDownloaded?: () => void }) {
  const [busy, setBusy] = useState<'pdf' | 'zip' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const get = async (format: 'pdf' | 'zip') => {
    setBusy(format);
    setError(null);
    try {
      await downloadPacket(interviewId, format);
      onDownloaded?.();
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The download failed.');
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="flex flex-col items-start gap-1">
      <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Candidate packet">
        {FORMATS.map(({ format, label }) => (
          <button
            key={format}
            type="button"
            disabled={busy !== null}
            onClick={() => void get(format)}
            className="inline-flex items-center gap-2 whitespace-nowrap rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-60"
          >
            <Download className="h-4 w-4" aria-hidden />
            {busy === format ? 'Preparing...' : label}
          </button>
        ))}
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
