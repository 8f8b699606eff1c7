import { describe, expect, it } from 'vitest';
import { NEWS_DESCRIPTION_PREVIEW_CHARS } from '../constants';
import { newsDescriptionPreview } from '../news';
import { newsUpdateSchema } from './news';

describe('newsDescriptionPreview (spec 001 §9: cut at 200 characters on the public list)', () => {
  it('is 200 characters', () => {
    expect(NEWS_DESCRIPTION_PREVIEW_CHARS).toBe(200);
  });

  it('keeps a description of up to 200 characters whole', () => {
    const exactly = 'a'.repeat(200);
    expect(newsDescriptionPreview(exactly)).toBe(exactly);
    expect(newsDescriptionPreview('Short.')).toBe('Short.');
  });

  it('cuts a longer one after 200 characters and marks the cut with an ellipsis', () => {
    const long = `${'b'.repeat(200)}TAIL`;
    expect(newsDescriptionPreview(long)).toBe(`${'b'.repeat(200)}…`);
    expect(newsDescriptionPreview('c'.repeat(201))).toBe(`${'c'.repeat(200)}…`);
  });

  it('drops the spaces left before the ellipsis', () => {
    const words = `${'d'.repeat(197)}   and more words`;
    expect(newsDescriptionPreview(words)).toBe(`${'d'.repeat(197)}…`);
  });

  it('is empty without a description', () => {
    expect(newsDescriptionPreview(null)).toBe('');
    expect(newsDescriptionPreview('')).toBe('');
  });
});

describe('newsUpdateSchema (PUT update-news: a field left out keeps its value)', () => {
  it('adds no default for a field left out', () => {
    expect(newsUpdateSchema.parse({ title: 'New title' })).toEqual({
      title: 'New title',
      image_urls: [],
      removed_images: [],
    });
  });

  it('turns a blank description into null, which clears it', () => {
    expect(newsUpdateSchema.parse({ description: '  ' }).description).toBeNull();
  });
});
