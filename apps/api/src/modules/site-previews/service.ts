import {
  DIRECTORY_MESSAGES,
  type DirectoryEntry,
  type EventDetail,
  isSitePath,
  type NewsDetail,
  siteConfig,
  sitePaths,
} from '@portal/shared';
import { desc, eq } from 'drizzle-orm';
import { Feed } from 'feed';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { events, newsArticles } from '../../db/schema';
import { galleriesOf } from '../news';

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
    feed.addItem({
      title: row.title,
      id: link,
      link,
      date: row.created_at,
      description: row.description ?? plainText(row.content),
      // Stored sanitised (lib/rich-text.ts); the feed writer wraps it in CDATA.
      content: row.content ?? undefined,
      author: row.author ? [{ name: row.author }] : undefined,
      image: image ? absolute(config, image) : undefined,
    });
  }
  return feed.rss2();
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

export type LinkPreview = {
  title: string;
  description: string;
  image: string | null;
  url: string;
  type: string;
};

/**
 * An article page's preview, from the article its page shows a guest (the page's own read, so the
 * record is read once).
 */
export const articlePreview = (config: Config, article: NewsDetail): LinkPreview => {
  const image = article.image_gallery[0];
  return {
    title: article.title,
    description: plainText(article.description || article.content),
    image: image ? absolute(config, image) : null,
    url: `${config.publicUrl}${sitePaths.newsArticle(article.id)}`,
    type: 'article',
  };
};

/** An event page's preview, from the event its page shows a guest. */
export const eventPreview = (config: Config, event: EventDetail): LinkPreview => ({
  title: event.title,
  description: plainText(event.description),
  image: event.banner_image_url ? absolute(config, event.banner_image_url) : null,
  url: `${config.publicUrl}${sitePaths.eventDetail(event.id)}`,
  type: 'website',
});

/** The page shell with the preview's title, description and Open Graph / Twitter tags. */
/** The directory's link preview (docs/decisions/072). */
export const directoryPreview = (config: Config): LinkPreview => ({
  title: DIRECTORY_MESSAGES.title,
  description: DIRECTORY_MESSAGES.intro,
  image: null,
  url: `${config.publicUrl}${sitePaths.directory}`,
  type: 'website',
});

/** An entry's preview, from the fields its page shows a guest: its name, kind and about. */
export const directoryEntryPreview = (config: Config, entry: DirectoryEntry): LinkPreview => ({
  title: entry.name,
  description:
    entry.about?.slice(0, 200) ??
    `${entry.kind === 'company' ? 'A company' : 'A professional'} in the ${DIRECTORY_MESSAGES.title.toLowerCase()}`,
  image: null,
  url: `${config.publicUrl}${sitePaths.directoryEntry(entry.id)}`,
  type: 'profile',
});

export function withLinkPreview(shell: string, preview: LinkPreview): string {
  const title = escapeHtml(`${preview.title} | ${siteConfig.acronym}`);
  const description = escapeHtml(preview.description);
  const tags = [
    `<meta property="og:type" content="${preview.type}" />`,
    `<meta property="og:site_name" content="${escapeHtml(siteConfig.name)}" />`,
    `<meta property="og:title" content="${escapeHtml(preview.title)}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${escapeHtml(preview.url)}" />`,
    preview.image ? `<meta property="og:image" content="${escapeHtml(preview.image)}" />` : '',
    `<meta name="twitter:card" content="${preview.image ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:title" content="${escapeHtml(preview.title)}" />`,
    `<meta name="twitter:description" content="${description}" />`,
    preview.image ? `<meta name="twitter:image" content="${escapeHtml(preview.image)}" />` : '',
    `<link rel="canonical" href="${escapeHtml(preview.url)}" />`,
  ]
    .filter(Boolean)
    .join('\n    ');
  // Replaced by functions: a `$'` in the text would otherwise insert the rest of the page.
  return shell
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${title}</title>`)
    .replace(
      /<meta\s+name="description"[\s\S]*?\/?>/,
      () => `<meta name="description" content="${description}" />`,
    )
    .replace('</head>', () => `    ${tags}\n  </head>`);
}
