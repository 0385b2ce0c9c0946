import type { ReactNode } from 'react';
import { Download } from 'lucide-react';
import { secondaryButtonClass } from './form-styles';

/** A button that saves a file: the download icon before its label; it waits while a download runs. */
export function DownloadButton({
  busy,
  onClick,
  className = secondaryButtonClass,
  children,
}: {
  busy: boolean;
  onClick: () => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <button type="button" className={className} disabled={busy} onClick={onClick}>
      <Download className="h-4 w-4" aria-hidden />
      {children}
    </button>
  );
}
