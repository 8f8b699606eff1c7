import { describe, expect, it } from 'vitest';
import { ALLOWED_IMAGE_TYPES, IMAGE_MAX_BYTES } from './constants';
import { IMAGE_MESSAGES, imageFileProblem, imageSrcSet, imageTypeOfBytes } from './images';

describe('image limits (spec 000 §5, §9)', () => {
  it('allows 5 MB of JPEG, PNG, GIF or WebP with the exact messages', () => {
    expect(IMAGE_MAX_BYTES).toBe(5_242_880);
    expect(ALLOWED_IMAGE_TYPES).toEqual(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);
    expect(IMAGE_MESSAGES.tooLarge).toBe('Image file size must be less than 5MB.');
    expect(IMAGE_MESSAGES.wrongType).toBe('Only image files (JPEG, PNG, GIF, WebP) are allowed.');
  });

  it('checks a picked file by its type and size', () => {
    expect(imageFileProblem({ type: 'image/png', size: IMAGE_MAX_BYTES })).toBeNull();
    expect(imageFileProblem({ type: 'image/webp', size: 10 })).toBeNull();
    expect(imageFileProblem({ type: 'image/png', size: IMAGE_MAX_BYTES + 1 })).toBe(IMAGE_MESSAGES.tooLarge);
    expect(imageFileProblem({ type: 'image/svg+xml', size: 10 })).toBe(IMAGE_MESSAGES.wrongType);
    expect(imageFileProblem({ type: '', size: 10 })).toBe(IMAGE_MESSAGES.wrongType);
  });
});

describe('imageTypeOfBytes', () => {
  const bytes = (...parts: (string | number[])[]) =>
    Uint8Array.from(
      parts.flatMap((part) => (typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part)),
    );

  it('recognises JPEG, PNG, GIF and WebP by their first bytes', () => {
    expect(imageTypeOfBytes(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(imageTypeOfBytes(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a]))).toBe('image/png');
    expect(imageTypeOfBytes(bytes('GIF89a'))).toBe('image/gif');
    expect(imageTypeOfBytes(bytes('RIFF', [0, 0, 0, 0], 'WEBP'))).toBe('image/webp');
  });

  it('refuses anything else, however it is named', () => {
    expect(imageTypeOfBytes(bytes('%PDF-1.7'))).toBeNull();
    expect(imageTypeOfBytes(bytes('<svg xmlns'))).toBeNull();
    expect(imageTypeOfBytes(bytes('RIFF', [0, 0, 0, 0], 'WAVE'))).toBeNull();
    expect(imageTypeOfBytes(new Uint8Array())).toBeNull();
  });
});

describe('imageSrcSet', () => {
  it('lists the sizes by width, smallest first', () => {
    expect(
      imageSrcSet([
        { path: '/uploads/big.webp', width: 1600, height: 900 },
        { path: '/uploads/small.webp', width: 400, height: 225 },
      ]),
    ).toBe('/uploads/small.webp 400w, /uploads/big.webp 1600w');
    expect(imageSrcSet([])).toBe('');
  });
});
