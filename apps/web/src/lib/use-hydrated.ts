import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False in a page rendered ahead of the app (the build's prerender, decision 0130) and while the
 * browser takes such a page over; true once the app runs it. A control that only works through
 * the app (a form whose submit is handled in JavaScript) waits for it.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
