import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy*/waitFor wait for the screen to show something; on a busy 2-core machine a render can take
// well over the library's default second, so they wait longer (they return as soon as it shows).
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// jsdom has no layout: the popover's positioning and the list's size observer get a no-op observer,
// and scrolling the highlighted option into view does nothing.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
