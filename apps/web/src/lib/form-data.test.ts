import { describe, expect, it } from 'vitest';
import { toFormData } from './form-data';

describe('toFormData', () => {
  it('sends fields as text, files as files, and leaves undefined out', () => {
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'ana.jpg', { type: 'image/jpeg' });
    const form = toFormData({
      name: 'Ana Cruz',
      display_order: 2,
      is_active: false,
      description: null,
      title: undefined,
      image: photo,
    });
    expect([...form.entries()]).toEqual([
      ['name', 'Ana Cruz'],
      ['display_order', '2'],
      ['is_active', 'false'],
      ['description', ''],
      ['image', photo],
    ]);
  });

  it('sends a list as one entry per item under the same name (a gallery)', () => {
    const first = new File(['a'], 'a.png', { type: 'image/png' });
    const second = new File(['b'], 'b.png', { type: 'image/png' });
    const form = toFormData({ images: [first, second], tags: [] });
    expect(form.getAll('images')).toEqual([first, second]);
    expect(form.has('tags')).toBe(false);
  });
});
