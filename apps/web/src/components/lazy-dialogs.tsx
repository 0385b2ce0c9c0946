import { Suspense, lazy, type ComponentProps } from 'react';
import type { ConfirmDialog as EagerConfirmDialog, Modal as EagerModal } from './Modal';

/**
 * The dialogs that open on a click, loaded with the first one opened (decision 0121): the dialog
 * code (Radix, focus trap, scroll lock) stays out of the routes' first load.
 */
export const preloadDialogs = () => import('./Modal');

/**
 * Loads the dialog code once the page has nothing else to do (or after `timeoutMs` at the latest),
 * so it is there for the first tap without competing with the page's first render. Returns a cancel.
 */
export function preloadDialogsWhenIdle(timeoutMs = 3000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(() => void preloadDialogs(), { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(() => void preloadDialogs(), Math.min(timeoutMs, 1000));
  return () => window.clearTimeout(timer);
}

const LazyModal = lazy(() => preloadDialogs().then((m) => ({ default: m.Modal })));
const LazyConfirmDialog = lazy(() => preloadDialogs().then((m) => ({ default: m.ConfirmDialog })));

export function Modal(props: ComponentProps<typeof EagerModal>) {
  return (
    <Suspense fallback={null}>
      <LazyModal {...props} />
    </Suspense>
  );
}

export function ConfirmDialog(props: ComponentProps<typeof EagerConfirmDialog>) {
  return (
    <Suspense fallback={null}>
      <LazyConfirmDialog {...props} />
    </Suspense>
  );
}
