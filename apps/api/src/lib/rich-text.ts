import sanitizeHtml from 'sanitize-html';

/**
 * The allow-list for rich text written by admins (event and news content) and shown to everyone
 * (docs/architecture.md "Rich text"). Content is sanitised once, on write, and only the sanitised
 * copy is stored and rendered. Everything not listed is dropped: scripts, styles, event handlers,
 * iframes, forms, SVG and MathML (the usual carriers of script), and any `class` or `style`.
 */
const RICH_TEXT_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'p',
    'br',
    'hr',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'blockquote',
    'ul',
    'ol',
    'li',
    'code',
    'pre',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  // Relative links stay allowed (`/events/…`); protocol-relative ones (`//evil.example`) do not.
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // An editor's heading 1 becomes the page's second-level heading: the page title is the only h1.
  transformTags: {
    h1: 'h2',
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, rel: 'noopener noreferrer', ...(attribs.target ? { target: '_blank' } : {}) },
    }),
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !isAllowedImageSource(frame.attribs.src),
};

/** Images come from our own uploads or over https (never http, data: or another scheme). */
function isAllowedImageSource(src: string | undefined): boolean {
  if (!src) return false;
  return src.startsWith('/uploads/') || src.startsWith('https://');
}

/** The stored form of admin-written rich text: only the allow-listed markup survives. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, RICH_TEXT_OPTIONS).trim();
}
