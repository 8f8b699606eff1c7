import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
});

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
