import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom has no ResizeObserver; Radix's popper (tooltips) measures with it.
class NoopResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
globalThis.ResizeObserver ??= NoopResizeObserver;

// jsdom lacks pointer capture; Radix toasts use it for swipe handling.
if (!('hasPointerCapture' in Element.prototype)) {
  Object.assign(Element.prototype, {
    hasPointerCapture: () => false,
    setPointerCapture: () => undefined,
    releasePointerCapture: () => undefined,
  });
}

// jsdom does not scroll; Radix Select scrolls the chosen option into view when its list opens.
if (!('scrollIntoView' in Element.prototype)) Object.assign(Element.prototype, { scrollIntoView: () => undefined });

// findBy/waitFor give up after 1 s by default: too short for a screen's first render on a CI machine whose two
// cores run the integration tests beside these. A wait still ends as soon as its condition holds.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  // The files share one jsdom (vitest.config.ts): a wizard draft one file saved must not open in another's wizard.
  localStorage.clear();
  sessionStorage.clear();
});
