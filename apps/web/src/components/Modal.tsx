import type { ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';

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

/** Puts the focus on the element marked `data-autofocus` when there is one (else the first focusable). */
export function focusMarkedElement(event: Event) {
  const marked = (event.currentTarget as HTMLElement | null)?.querySelector<HTMLElement>('[data-autofocus]');
  if (!marked) return;
  event.preventDefault();
  marked.focus();
}

/** For dialogs only their own buttons close: Escape and clicks outside do nothing. */
const keepOpen = {
  onEscapeKeyDown: (e: Event) => e.preventDefault(),
  onPointerDownOutside: (e: Event) => e.preventDefault(),
  onInteractOutside: (e: Event) => e.preventDefault(),
};

export const DialogTitle = Dialog.Title;

/**
 * A modal dialog that stays until the page removes it (the interview's end, onboarding's
 * verification): Escape and clicks outside do nothing. Its content names it with a `DialogTitle`.
 */
export function BlockingDialog({
  overlayClassName,
  className,
  children,
}: {
  overlayClassName: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open>
      <Dialog.Portal>
        <Dialog.Overlay className={overlayClassName}>
          <Dialog.Content aria-describedby={undefined} {...keepOpen} className={className}>
            {children}
          </Dialog.Content>
        </Dialog.Overlay>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * A modal dialog on Radix (decision 0121): labelled by its title, focus moved inside on open and kept
 * there, Escape and the backdrop close it, the page behind is inert and does not scroll, focus returns
 * to the opener on close. Rendered while open; the caller unmounts it to close.
 */
export function Modal({ title, children, onClose, size = 'default', hideTitle = false }: ModalProps) {
  const box =
    size === 'sheet'
      ? 'h-full w-full overflow-y-auto bg-white'
      : `max-h-[90vh] w-full overflow-y-auto rounded-xl bg-white p-6 shadow-xl ${size === 'wide' ? 'max-w-2xl' : 'max-w-md'}`;

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay
          className={`fixed inset-0 z-50 flex bg-slate-900/50 ${size === 'sheet' ? '' : 'items-center justify-center p-4'}`}
        >
          <Dialog.Content aria-describedby={undefined} onOpenAutoFocus={focusMarkedElement} className={box}>
            <Dialog.Title className={hideTitle ? 'sr-only' : 'text-lg font-semibold text-slate-900'}>
              {title}
            </Dialog.Title>
            {children}
          </Dialog.Content>
        </Dialog.Overlay>
      </Dialog.Portal>
    </Dialog.Root>
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
