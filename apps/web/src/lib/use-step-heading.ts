import { useCallback, useRef } from 'react';

/**
 * For step-by-step screens: after a step change the page scrolls to the top and the focus moves to
 * the new step's heading (give it `tabIndex={-1}`), so keyboard and screen-reader users start there.
 */
export function useStepHeading<T extends HTMLElement = HTMLHeadingElement>() {
  const headingRef = useRef<T>(null);
  const showStepStart = useCallback(() => {
    window.scrollTo({ top: 0 });
    requestAnimationFrame(() => headingRef.current?.focus({ preventScroll: true }));
  }, []);
  return { headingRef, showStepStart };
}
