import { useEffect, useId, useRef, type ReactNode } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), textarea:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

type ModalProps = {
  title: ReactNode;
  children: ReactNode;
  /** Escape, the backdrop and close buttons call this. */
  onClose: () => void;
  /** Full screen on phones, a centred card from md up (or a wide panel with `size="wide"`). */
  size?: 'default' | 'wide' | 'sheet';
  /** Hides the visible title (it stays the dialog's accessible name). */
  hideTitle?: boolean;
};

/**
 * An accessible modal dialog: role=dialog with aria-modal, labelled by its title, focus moved inside
 * on open and kept there with Tab, Escape closes, focus returns to the opener on close.
 */
export function Modal({ title, children, onClose, size = 'default', hideTitle = false }: ModalProps) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const node = ref.current!;
    const first = node.querySelector<HTMLElement>('[data-autofocus]') ?? node.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? node).focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (e.key !== 'Tab') return;
      const items = Array.from(node.querySelectorAll<HTMLElement>(FOCUSABLE));
      if (items.length === 0) return e.preventDefault();
      const [head, tail] = [items[0]!, items[items.length - 1]!];
      if (e.shiftKey && document.activeElement === head) {
        e.preventDefault();
        tail.focus();
      } else if (!e.shiftKey && document.activeElement === tail) {
        e.preventDefault();
        head.focus();
      }
    };
    node.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      node.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      opener?.focus?.();
    };
  }, []);

  const box =
    size === 'sheet'
      ? 'h-full w-full overflow-y-auto bg-white'
      : `max-h-[90vh] w-full overflow-y-auto rounded-xl bg-white p-6 shadow-xl ${size === 'wide' ? 'max-w-2xl' : 'max-w-md'}`;

  return (
    <div
      className={`fixed inset-0 z-50 flex bg-slate-900/50 ${size === 'sheet' ? '' : 'items-center justify-center p-4'}`}
      onMouseDown={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div ref={ref} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} className={box}>
        <h2 id={titleId} className={hideTitle ? 'sr-only' : 'text-lg font-semibold text-slate-900'}>
          {title}
        </h2>
        {children}
      </div>
    </div>
  );
}

type ConfirmProps = {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
};

/** A yes/no question in a Modal; Cancel comes first and takes the focus. */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  onConfirm,
  onCancel,
  busy = false,
}: ConfirmProps) {
  return (
    <Modal title={title} onClose={onCancel}>
      <div className="mt-3 text-sm text-slate-600">{children}</div>
      <div className="mt-6 flex justify-end gap-3">
        <button
          type="button"
          onClick={onCancel}
          className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
        >
          {cancelLabel}
        </button>
        <button
          type="button"
          onClick={onConfirm}
          disabled={busy}
          className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-50"
        >
          {confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
