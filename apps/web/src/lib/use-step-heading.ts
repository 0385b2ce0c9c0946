import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * For step-by-step screens: after a step change the page scrolls to the top and the focus moves to
 * the new step's heading (give it `tabIndex={-1}`), so keyboard and screen-reader users start there.
 *
 * The focus moves in an effect of the render that shows the new step, not on a later animation
 * frame: a frame can come after the person has already clicked into the new step's first field, and
 * the focus would then be pulled away from under their typing (a CI run caught exactly that).
 */
export function useStepHeading<T extends HTMLElement = HTMLHeadingElement>() {
  const headingRef = useRef<T>(null);
  const [stepChanges, setStepChanges] = useState(0);
  useEffect(() => {
    if (stepChanges > 0) headingRef.current?.focus({ preventScroll: true });
  }, [stepChanges]);
  const showStepStart = useCallback(() => {
    window.scrollTo({ top: 0 });
    setStepChanges((n) => n + 1);
  }, []);
  return { headingRef, showStepStart };
}
