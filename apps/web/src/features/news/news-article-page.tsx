import { formatDateTime, NEWS_MESSAGES } from '@portal/shared';
import { ArrowLeft, CalendarDays, Newspaper, UserRound } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link, useParams } from 'react-router';
import { RichTextContent } from '@/components/rich-text/rich-text-content';
import { buttonClasses } from '@/components/ui/button-styles';
import { StatusBadge } from '@/components/ui/status-badge';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import type { PagePrefetch } from '@/lib/page-prefetch';
import { newsArticleQueryOptions, useNewsArticle } from './api/get-news';
import { useLikeNews } from './api/like-news';
import { LikeButton } from './components/like-button';
import { NewsGallery } from './components/news-gallery';
import { NewsThumbnails } from './components/news-thumbnails';

// Radix Dialog loads when the lightbox is first opened, not with the article (first-load budget).
const NewsLightbox = lazy(() =>
  import('./components/news-lightbox').then((m) => ({ default: m.NewsLightbox })),
);

/**
 * spec 001 §8: 'Article not found' for a 404 (missing, or unpublished for this viewer) and for a
 * 400 (the address holds no article id at all, `/news/abc`), as the event page does; anything
 * else 'Failed to load article'.
 */
const errorMessageOf = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400)
    ? NEWS_MESSAGES.notFound
    : NEWS_MESSAGES.loadFailed;

/** The article /news/{id} shows, fetched before the server renders it. */
export const prefetchNewsArticlePage: PagePrefetch = ({ queryClient, params, reads }) =>
  queryClient.fetchQuery(newsArticleQueryOptions(params.id ?? '', reads.getNews));

/** /news/{id} (spec 001 §2, §4, §8). */
export function NewsArticlePage() {
  const { id = '' } = useParams();
  const article = useNewsArticle(id);
  const like = useLikeNews(id);
  const [selected, setSelected] = useState(0);
  const [lightbox, setLightbox] = useState<number | null>(null);
  // Once opened, the lightbox stays mounted (closed) so that its focus return works.
  const [lightboxUsed, setLightboxUsed] = useState(false);

  if (article.isPending) {
    return (
      <div className="mx-auto max-w-4xl px-4 pt-32 pb-20 text-center text-stone-600 sm:px-6" role="status">
        {NEWS_MESSAGES.loading}
      </div>
    );
  }
  if (article.isError) {
    return (
      <div className="mx-auto flex max-w-4xl flex-col items-center gap-6 px-4 pt-32 pb-20 text-center sm:px-6">
        <p role="alert" className="font-display font-semibold text-2xl text-stone-900">
          {errorMessageOf(article.error)}
        </p>
        <Link to={paths.news} className={buttonClasses({ variant: 'primary' })}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          {NEWS_MESSAGES.backToNews}
        </Link>
      </div>
    );
  }

  const news = article.data;
  const images = news.image_gallery;
  // spec 001 §2: 'Last updated' when it differs from the created date, as a reader sees both: an
  // edit within the same minute (publishing a draft just written) would read as the same time.
  const created = formatDateTime(news.created_at);
  const updated = formatDateTime(news.updated_at) !== created ? formatDateTime(news.updated_at) : '';
  return (
    <article className="mx-auto max-w-4xl px-4 pt-28 pb-20 sm:px-6 sm:pt-32">
      <Link
        to={paths.news}
        className="inline-flex items-center gap-1.5 rounded-md font-semibold text-brand-700 text-sm hover:text-brand-900"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to News
      </Link>

      {images.length > 0 && (
        <div className="mt-6">
          <NewsGallery
            images={images}
            title={news.title}
            index={selected}
            onIndexChange={setSelected}
            onOpen={() => {
              setLightboxUsed(true);
              setLightbox(selected);
            }}
          />
        </div>
      )}

      <header className="mt-8">
        <div className="flex flex-wrap items-center gap-2">
          {/* Only the secretariat reaches a draft or an archived article; readers see no status. */}
          {news.status !== 'published' && <StatusBadge tone="yellow">{news.status}</StatusBadge>}
          <span className="inline-flex items-center gap-1.5 rounded-full bg-brand-50 px-2.5 py-0.5 font-medium text-brand-800 text-xs ring-1 ring-brand-600/20 ring-inset">
            <Newspaper aria-hidden="true" className="size-3.5" />
            News Article
          </span>
        </div>
        <h1 className="mt-4 font-display font-semibold text-3xl text-stone-900 leading-tight sm:text-4xl">
          {news.title}
        </h1>
        {news.description && (
          <p className="mt-4 text-lg text-stone-600 leading-relaxed">{news.description}</p>
        )}
        <div className="mt-6 flex flex-wrap items-center justify-between gap-4 border-stone-200 border-y py-4">
          <div className="space-y-1 text-sm text-stone-600">
            <p className="flex flex-wrap items-center gap-x-4 gap-y-1">
              <span className="inline-flex items-center gap-1.5">
                <CalendarDays aria-hidden="true" className="size-4" />
                <time dateTime={news.created_at}>{created}</time>
              </span>
              {news.author && (
                <span className="inline-flex items-center gap-1.5">
                  <UserRound aria-hidden="true" className="size-4" />
                  By {news.author}
                </span>
              )}
            </p>
            {updated && (
              <p>
                Last updated <time dateTime={news.updated_at}>{updated}</time>
              </p>
            )}
          </div>
          <LikeButton
            likes={news.likes}
            isLiked={news.isLiked}
            onToggle={(action) => like.mutateAsync(action)}
          />
        </div>
      </header>

      <div className="mt-8">
        {news.content ? (
          <RichTextContent html={news.content} />
        ) : (
          <p className="text-stone-600 italic">{NEWS_MESSAGES.noContent}</p>
        )}
      </div>

      <NewsThumbnails images={images} selected={selected} onSelect={setSelected} />
      {lightboxUsed && (
        <Suspense fallback={null}>
          <NewsLightbox
            images={images}
            title={news.title}
            index={lightbox}
            onIndexChange={setLightbox}
            onClose={() => setLightbox(null)}
          />
        </Suspense>
      )}
    </article>
  );
}
