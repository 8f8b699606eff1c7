import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { fakeApi } from './fake-api';

// findBy… and waitFor give up after this instead of Testing Library's 1 s, which a loaded machine
// overran (docs/decisions/080): they return as soon as what they wait for is there, so a generous
// limit costs a passing test nothing. Below the project's 120 s test timeout, so a wait that fails
// says what it waited for.
configure({ asyncUtilTimeout: 15_000 });

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
});

// The fake API (fake-api.ts): a request no test's handler takes is refused and printed, and each
// test starts with no handlers.
beforeAll(() => fakeApi.listen({ onUnhandledFrame: 'error' }));
afterEach(() => fakeApi.resetHandlers());
afterAll(() => fakeApi.close());

// jsdom lacks these browser APIs; the site shell and Radix primitives call them.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
if (typeof window.ResizeObserver === 'undefined') {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
// ProseMirror (the admin's rich-text editor) measures the selection to scroll it into view.
const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
const emptyRect = () => new DOMRect(0, 0, 0, 0);
for (const prototype of [Range.prototype, Element.prototype]) {
  if (!prototype.getClientRects) prototype.getClientRects = noRects;
  if (!prototype.getBoundingClientRect) prototype.getBoundingClientRect = emptyRect;
}
if (!document.elementFromPoint) document.elementFromPoint = () => null;
