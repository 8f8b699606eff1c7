import { act, screen } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { ImageWithFallback } from './image-with-fallback';

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  document.body.replaceChildren();
});

/** The image as a server-rendered page has it, `complete` or not when React hydrates it. */
async function hydrateImage({ complete }: { complete: boolean }) {
  const element = <ImageWithFallback src="/uploads/gone.webp" alt="Banner" fallback={<p>No banner</p>} />;
  const container = document.createElement('div');
  container.innerHTML = renderToString(element);
  document.body.append(container);
  // jsdom loads no image: its naturalWidth is 0, as a failed image's is once complete.
  Object.defineProperty(container.querySelector('img'), 'complete', { value: complete });
  await act(async () => {
    root = hydrateRoot(container, element);
  });
}

describe('ImageWithFallback on a server-rendered page (docs/decisions/035)', () => {
  it('shows the fallback for an image that failed before React was there to hear it', async () => {
    await hydrateImage({ complete: true });
    expect(screen.getByText('No banner')).toBeVisible();
    expect(screen.queryByRole('img', { name: 'Banner' })).not.toBeInTheDocument();
  });

  it('keeps an image still loading', async () => {
    await hydrateImage({ complete: false });
    expect(screen.getByRole('img', { name: 'Banner' })).toBeVisible();
    expect(screen.queryByText('No banner')).not.toBeInTheDocument();
  });
});
