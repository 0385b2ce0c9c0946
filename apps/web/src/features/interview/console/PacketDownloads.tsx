import { DownloadButton } from '../../../components/DownloadButton';
import { ErrorLine } from '../../../components/ErrorBanner';
import { compactButtonClass } from '../../../components/form-styles';
import { messageOr } from '../../../lib/describe-error';
import { useDownload } from '../../../lib/use-download';
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
  const packet = useDownload<'pdf' | 'zip'>(messageOr('The download failed.'));
  const get = (format: 'pdf' | 'zip') =>
    void packet.start(format, async () => {
      await downloadPacket(interviewId, format);
      onDownloaded?.();
    });
  return (
    <div className="flex flex-col items-start gap-1">
      <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Candidate packet">
        {FORMATS.map(({ format, label }) => (
          <DownloadButton
            key={format}
            className={compactButtonClass}
            busy={packet.busy !== null}
            onClick={() => get(format)}
          >
            {packet.busy === format ? 'Preparing...' : label}
          </DownloadButton>
        ))}
      </div>
      <ErrorLine message={packet.error} />
    </div>
  );
}
