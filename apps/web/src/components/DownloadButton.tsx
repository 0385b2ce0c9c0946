import type { ReactNode } from 'react';
import { Download } from 'lucide-react';
import { BusyButton } from './BusyButton';
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
    <BusyButton busy={busy} onClick={onClick} className={className}>
      <Download className="h-4 w-4" aria-hidden />
      {children}
    </BusyButton>
  );
}
