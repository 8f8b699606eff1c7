import {
  DIRECTORY_MESSAGES,
  type DirectoryEntry,
  type EventDetail,
  isSitePath,
  type NewsDetail,
  siteConfig,
  sitePaths,
} from '@portal/shared';
import { desc, eq, inArray } from 'drizzle-orm';
import { Feed } from 'feed';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { events, newsArticles, uploadedFiles } from '../../db/schema';
import { galleriesOf } from '../news';
import { articleJsonLd, eventJsonLd, jsonLdScript, organizationJsonLd } from './structured-data';

/**
 * What the server tells machines about the content pages: the RSS feed of published news and the
 * sitemap's article and event addresses, read straight from the database, and the link previews
 * (Open Graph and Twitter tags) put in the HTML of `/news/{id}` and `/events/{id}`, drawn from
 * what those pages show a guest, since crawlers and chat apps run no script.
 */

/** The feed's address, linked from every page's <head> (apps/web/index.html). */
export const NEWS_FEED_PATH = '/rss.xml';
const FEED_ITEMS = 50;
/** A sitemap holds at most 50,000 addresses; the newest of each kind are enough. */
const SITEMAP_ITEMS_PER_KIND = 10_000;
const PREVIEW_DESCRIPTION_CHARS = 300;

const absolute = (config: Config, path: string) =>
  path.startsWith('/') ? `${config.publicUrl}${path}` : path;

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** Plain text for a description: tags dropped, whitespace folded, cut at a word. */
function plainText(text: string | null, max = PREVIEW_DESCRIPTION_CHARS): string {
  const plain = (text ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (plain.length <= max) return plain;
  return `${plain.slice(0, max).replace(/\s+\S*$/, '')}…`;
}

/** RSS 2.0 of the newest published articles. */
export async function buildNewsFeed(db: Db, config: Config): Promise<string> {
  const rows = await db
    .select({
      id: newsArticles.id,
      title: newsArticles.title,
      description: newsArticles.description,
      content: newsArticles.content,
      author: newsArticles.author,
      created_at: newsArticles.created_at,
      updated_at: newsArticles.updated_at,
    })
    .from(newsArticles)
    .where(eq(newsArticles.status, 'published'))
    .orderBy(desc(newsArticles.created_at), desc(newsArticles.id))
    .limit(FEED_ITEMS);
  const galleries = await galleriesOf(
    db,
    rows.map((row) => row.id),
  );
  const enclosures = await uploadedImageSizes(
    db,
    rows.flatMap((row) => galleries.get(row.id)?.slice(0, 1) ?? []),
  );
  const feed = new Feed({
    title: `${siteConfig.name} News`,
    description: `News from the ${siteConfig.name} (${siteConfig.acronym}).`,
    id: `${config.publicUrl}${sitePaths.news}`,
    link: `${config.publicUrl}${sitePaths.news}`,
    language: 'en',
    updated: rows[0]?.updated_at ?? new Date(0),
    generator: false,
    feedLinks: { rss: `${config.publicUrl}${NEWS_FEED_PATH}` },
    copyright: `© ${siteConfig.name}`,
  });
  for (const row of rows) {
    const link = `${config.publicUrl}${sitePaths.newsArticle(row.id)}`;
    const image = galleries.get(row.id)?.[0];
    const enclosure = image ? enclosures.get(image) : undefined;
    feed.addItem({
      title: row.title,
      id: link,
      link,
      date: row.created_at,
      description: row.description ?? plainText(row.content),
      // Stored sanitised (lib/rich-text.ts); the feed writer wraps it in CDATA.
      content: row.content ?? undefined,
      // RSS 2.0's <author> is an e-mail address, which an article's author has none of here:
      // the name goes in Dublin Core's <dc:creator>, as feed readers expect.
      extensions: row.author ? [{ name: 'dc:creator', objects: { _text: row.author } }] : undefined,
      // An enclosure says its length in bytes (RSS 2.0): only an uploaded image has a known one;
      // an image given by address has no enclosure rather than a wrong length of 0.
      enclosure: enclosure
        ? { url: absolute(config, enclosure.path), length: enclosure.byteSize, type: enclosure.contentType }
        : undefined,
    });
  }
  const rss = feed.rss2();
  // The library declares the Dublin Core namespace only beside content:encoded.
  return rss.includes('xmlns:dc=')
    ? rss
    : rss.replace('<rss ', () => '<rss xmlns:dc="http://purl.org/dc/elements/1.1/" ');
}

/** The size and type of each uploaded image among `paths` (addresses of other sites have none). */
async function uploadedImageSizes(db: Db, paths: string[]) {
  const sizes = new Map<string, { path: string; byteSize: number; contentType: string }>();
  if (paths.length === 0) return sizes;
  const rows = await db
    .select({
      path: uploadedFiles.publicPath,
      byteSize: uploadedFiles.byteSize,
      contentType: uploadedFiles.contentType,
    })
    .from(uploadedFiles)
    .where(inArray(uploadedFiles.publicPath, paths));
  for (const row of rows) sizes.set(row.path, row);
  return sizes;
}

/** The published articles and events for the sitemap, with their last change. */
export async function contentSitemapEntries(db: Db): Promise<{ path: string; lastModified: Date }[]> {
  const entries: { path: string; lastModified: Date }[] = [];
  if (isSitePath(sitePaths.newsArticle('x'))) {
    const articles = await db
      .select({ id: newsArticles.id, updated_at: newsArticles.updated_at })
      .from(newsArticles)
      .where(eq(newsArticles.status, 'published'))
      .orderBy(desc(newsArticles.created_at))
      .limit(SITEMAP_ITEMS_PER_KIND);
    for (const article of articles) {
      entries.push({ path: sitePaths.newsArticle(article.id), lastModified: article.updated_at });
    }
  }
  if (isSitePath(sitePaths.eventDetail('x'))) {
    const rows = await db
      .select({ id: events.id, updated_at: events.updated_at })
      .from(events)
      .where(eq(events.status, 'published'))
      .orderBy(desc(events.created_at))
      .limit(SITEMAP_ITEMS_PER_KIND);
    for (const event of rows) {
      entries.push({ path: sitePaths.eventDetail(event.id), lastModified: event.updated_at });
    }
  }
  return entries;
}

/** An image of a preview: its address, and its size and type when it is one of our uploads. */
export type PreviewImage = { url: string; type?: string; width?: number; height?: number };

export type LinkPreview = {
  title: string;
  description: string;
  /**
   * The image in the forms offered, the first one a JPEG where there is one: LinkedIn and some
   * messengers read no WebP, and take the first `og:image` they can.
   */
  images: PreviewImage[];
  /** What the image shows, for readers who cannot see it. */
  imageAlt: string;
  url: string;
  type: string;
  /** The page's schema.org data (structured-data.ts). */
  jsonLd?: object;
};

/** Where a JPEG copy of an uploaded WebP image is served for link previews: `/link-previews/{name}.jpg`. */
export const LINK_PREVIEW_IMAGES_PATH = '/link-previews';
const UPLOADED_WEBP = /^\/uploads\/([0-9a-f-]{36})\.webp$/;

/**
 * The forms of one image a preview offers: a JPEG copy and the WebP itself when it is an uploaded
 * WebP (with the size its uploaded_files row records), else the address as it is.
 */
export async function previewImagesOf(db: Db, config: Config, path: string | undefined | null) {
  if (!path) return [];
  const name = UPLOADED_WEBP.exec(path)?.[1];
  if (!name) return [{ url: absolute(config, path) }];
  const [row] = await db
    .select({ width: uploadedFiles.width, height: uploadedFiles.height })
    .from(uploadedFiles)
    .where(eq(uploadedFiles.publicPath, path));
  const size = row?.width && row.height ? { width: row.width, height: row.height } : {};
  return [
    { url: `${config.publicUrl}${LINK_PREVIEW_IMAGES_PATH}/${name}.jpg`, type: 'image/jpeg', ...size },
    { url: absolute(config, path), type: 'image/webp', ...size },
  ];
}

/**
 * An article page's preview, from the article its page shows a guest (the page's own read, so the
 * record is read once).
 */
export const articlePreview = async (db: Db, config: Config, article: NewsDetail): Promise<LinkPreview> => ({
  title: article.title,
  description: plainText(article.description || article.content),
  images: await previewImagesOf(db, config, article.image_gallery[0]),
  imageAlt: article.title,
  url: `${config.publicUrl}${sitePaths.newsArticle(article.id)}`,
  type: 'article',
  jsonLd: articleJsonLd(config, article),
});

/** The directory's link preview (docs/decisions/072). */
export const directoryPreview = (config: Config): LinkPreview => ({
  title: DIRECTORY_MESSAGES.title,
  description: DIRECTORY_MESSAGES.intro,
  images: [],
  imageAlt: DIRECTORY_MESSAGES.title,
  url: `${config.publicUrl}${sitePaths.directory}`,
  type: 'website',
});

/**
 * An entry's preview, from the fields its page shows a guest: its name, kind, about, and its logo
 * when the logo is public (a guest's answer names no other; the directory's logo read, 072).
 */
export const directoryEntryPreview = (config: Config, entry: DirectoryEntry): LinkPreview => ({
  title: entry.name,
  description:
    entry.about?.slice(0, 200) ??
    `${entry.kind === 'company' ? 'A company' : 'A professional'} in the ${DIRECTORY_MESSAGES.title.toLowerCase()}`,
  images: entry.logoUrl ? [{ url: absolute(config, entry.logoUrl), type: 'image/webp' }] : [],
  imageAlt: entry.logoUrl ? `Logo of ${entry.name}` : entry.name,
  url: `${config.publicUrl}${sitePaths.directoryEntry(entry.id)}`,
  type: 'profile',
});

/** An event page's preview, from the event its page shows a guest. */
export const eventPreview = async (db: Db, config: Config, event: EventDetail): Promise<LinkPreview> => ({
  title: event.title,
  description: plainText(event.description),
  images: await previewImagesOf(db, config, event.banner_image_url),
  imageAlt: event.title,
  url: `${config.publicUrl}${sitePaths.eventDetail(event.id)}`,
  type: 'website',
  jsonLd: eventJsonLd(config, event),
});

/** The Open Graph, Twitter and canonical tags of a preview, and its JSON-LD. */
function previewTags(preview: LinkPreview, description: string): string {
  const [firstImage] = preview.images;
  return [
    `<meta property="og:type" content="${preview.type}" />`,
    `<meta property="og:site_name" content="${escapeHtml(siteConfig.name)}" />`,
    `<meta property="og:title" content="${escapeHtml(preview.title)}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${escapeHtml(preview.url)}" />`,
    // Each og:image is followed by its own properties (ogp.me "Structured properties").
    ...preview.images.flatMap((image) => [
      `<meta property="og:image" content="${escapeHtml(image.url)}" />`,
      image.type ? `<meta property="og:image:type" content="${image.type}" />` : '',
      image.width ? `<meta property="og:image:width" content="${image.width}" />` : '',
      image.height ? `<meta property="og:image:height" content="${image.height}" />` : '',
      `<meta property="og:image:alt" content="${escapeHtml(preview.imageAlt)}" />`,
    ]),
    `<meta name="twitter:card" content="${firstImage ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:title" content="${escapeHtml(preview.title)}" />`,
    `<meta name="twitter:description" content="${description}" />`,
    firstImage ? `<meta name="twitter:image" content="${escapeHtml(firstImage.url)}" />` : '',
    firstImage ? `<meta name="twitter:image:alt" content="${escapeHtml(preview.imageAlt)}" />` : '',
    `<link rel="canonical" href="${escapeHtml(preview.url)}" />`,
    preview.jsonLd ? jsonLdScript(preview.jsonLd) : '',
  ]
    .filter(Boolean)
    .join('\n    ');
}

/** The page shell with the preview's title, description and Open Graph / Twitter tags. */
export function withLinkPreview(shell: string, preview: LinkPreview): string {
  const title = escapeHtml(`${preview.title} | ${siteConfig.acronym}`);
  const description = escapeHtml(preview.description);
  const tags = previewTags(preview, description);
  // Replaced by functions: a `$'` in the text would otherwise insert the rest of the page.
  return shell
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${title}</title>`)
    .replace(
      /<meta\s+name="description"[\s\S]*?\/?>/,
      () => `<meta name="description" content="${description}" />`,
    )
    .replace('</head>', () => `    ${tags}\n  </head>`);
}

const unescapeHtml = (text: string) =>
  text
    .replace(/&#(\d+);/g, (_match, code: string) => String.fromCharCode(Number(code)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/**
 * A site page's head (the home page, /about, /events, /news…) with the Open Graph and canonical
 * tags of its own title and description, which the head already holds, at `path` without its
 * query; the home page also with the association's JSON-LD (Organization).
 */
export function withPageTags(head: string, config: Config, path: string): string {
  const title = unescapeHtml(/<title>([\s\S]*?)<\/title>/.exec(head)?.[1] ?? siteConfig.name);
  const description = /<meta\s+name="description"\s+content="([^"]*)"/.exec(head)?.[1] ?? '';
  const preview: LinkPreview = {
    title,
    description: unescapeHtml(description),
    images: [],
    imageAlt: title,
    url: `${config.publicUrl}${path === '/' ? '/' : path}`,
    type: 'website',
    jsonLd: path === sitePaths.home ? organizationJsonLd(config) : undefined,
  };
  const tags = previewTags(preview, escapeHtml(preview.description));
  return head.replace('</head>', () => `    ${tags}\n  </head>`);
}
