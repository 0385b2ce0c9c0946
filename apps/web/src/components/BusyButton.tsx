import type { ReactNode } from 'react';

type Props = {
  /** True while the work this button starts is running: the button is disabled meanwhile. */
  busy: boolean;
  /** What the button says while busy (it keeps its label when left out). */
  busyLabel?: string;
  onClick: () => void;
  className: string;
  children: ReactNode;
};

/** A button disabled while the work it started runs, showing a busy label meanwhile. */
export function BusyButton({ busy, busyLabel, onClick, className, children }: Props) {
  return (
    <button type="button" onClick={onClick} disabled={busy} className={className}>
      {busy && busyLabel !== undefined ? busyLabel : children}
    </button>
  );
}
