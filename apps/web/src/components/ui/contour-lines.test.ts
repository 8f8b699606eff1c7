import { describe, expect, it } from 'vitest';
import svg from '@/assets/contour-lines.svg?raw';
import { getContours } from './contour-lines';

describe('the contour lines', () => {
  it('are drawn in assets/contour-lines.svg as the hero draws them, every fifth line heavier', () => {
    const drawn = [...svg.matchAll(/<path d="([^"]+)" stroke="#000" stroke-width="([\d.]+)"\/>/g)];
    expect(drawn.map(([, d]) => d)).toEqual(getContours());
    expect(drawn.map(([, , width]) => width)).toEqual(
      getContours().map((_, index) => (index % 5 === 4 ? '1.6' : '1')),
    );
  });
});
