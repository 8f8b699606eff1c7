import { describe, expect, it } from 'vitest';
import { XSS_PAYLOADS } from '../test/xss-payloads';
import { sanitizeRichText } from './rich-text';

/** What must never survive sanitising, whatever an admin pastes. */
function expectInert(html: string) {
  expect(html).not.toMatch(/<\s*(script|style|iframe|object|embed|svg|math|form|input|meta|link|base)\b/i);
  expect(html).not.toMatch(/\son[a-z]+\s*=/i);
  expect(html).not.toMatch(/(javascript|vbscript|data):/i);
  expect(html).not.toMatch(/\sstyle\s*=/i);
}

describe('sanitizeRichText', () => {
  it('keeps the markup of the admin editor', () => {
    const html =
      '<h2>Agenda</h2><p><strong>Bold</strong>, <em>italic</em>, <u>underline</u>, <s>struck</s></p>' +
      '<ul><li>one</li></ul><ol start="2"><li>two</li></ol><blockquote><p>quote</p></blockquote>' +
      '<pre><code>code</code></pre><hr><table><tbody><tr><td colspan="2">cell</td></tr></tbody></table>';
    expect(sanitizeRichText(html)).toBe(html.replace('<hr>', '<hr />'));
  });

  it('keeps links with safe schemes and makes every link rel="noopener noreferrer"', () => {
    expect(sanitizeRichText('<a href="https://meap.org.ph">site</a>')).toBe(
      '<a href="https://meap.org.ph" rel="noopener noreferrer">site</a>',
    );
    expect(sanitizeRichText('<a href="mailto:info@meap.org.ph" target="_top">mail</a>')).toBe(
      '<a href="mailto:info@meap.org.ph" target="_blank" rel="noopener noreferrer">mail</a>',
    );
    expect(sanitizeRichText('<a href="/events">events</a>')).toContain('href="/events"');
    expect(sanitizeRichText('<a href="//evil.example">x</a>')).toBe('<a rel="noopener noreferrer">x</a>');
  });

  it('keeps images from our uploads or https only', () => {
    expect(sanitizeRichText('<img src="/uploads/a.webp" alt="A">')).toBe(
      '<img src="/uploads/a.webp" alt="A" />',
    );
    expect(sanitizeRichText('<img src="https://example.com/a.png">')).toBe(
      '<img src="https://example.com/a.png" />',
    );
    expect(sanitizeRichText('<p><img src="http://example.com/a.png"></p>')).toBe('<p></p>');
    expect(sanitizeRichText('<p><img src="data:image/png;base64,AAAA"></p>')).toBe('<p></p>');
  });

  it('turns a heading 1 into a heading 2 (the page title is the only h1) and drops classes and styles', () => {
    expect(sanitizeRichText('<h1 class="x" style="color:red">Title</h1>')).toBe('<h2>Title</h2>');
  });

  it(`leaves every one of ${XSS_PAYLOADS.length} known payloads inert`, () => {
    expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(50);
    for (const payload of XSS_PAYLOADS) expectInert(sanitizeRichText(payload));
  });
});
