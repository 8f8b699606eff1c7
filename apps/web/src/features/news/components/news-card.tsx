import { formatDate, isSitePath, type NewsSummary, newsDescriptionPreview } from '@portal/shared';
import { ArrowRight, CalendarDays } from 'lucide-react';
import { Link } from 'react-router';
import { ImageWithFallback } from '@/components/ui/image-with-fallback';
import { StatusBadge } from '@/components/ui/status-badge';
import { paths } from '@/config/paths';
import { useAddNewsView } from '../api/add-news-view';
import { newsStatusLabel } from '../news-status-label';
import { NewsImageFallback } from './news-image-fallback';

/**
 * An article in a grid of cards; its image is the first of the gallery (spec 000 §2). 'Read More'
 * is shown once the article page exists (SITE_ROUTES in packages/shared), and counts a view. The
 * image loads lazily, but for the first card of a list, whose image is the largest thing the
 * page paints on a phone (`imageLoading="eager"`).
 */
export function NewsCard({
  article,
  headingLevel = 3,
  imageLoading = 'lazy',
}: {
  article: NewsSummary;
  headingLevel?: 2 | 3;
  imageLoading?: 'lazy' | 'eager';
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const addView = useAddNewsView();
  const articlePath = paths.newsArticle(article.id);
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm transition-shadow hover:shadow-md">
      <ImageWithFallback
        src={article.image_gallery[0]}
        alt=""
        loading={imageLoading}
        className="aspect-[16/9] w-full object-cover"
        fallback={<NewsImageFallback className="aspect-[16/9] w-full" />}
      />
      <div className="flex flex-1 flex-col p-6">
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-stone-500">
          {/* Only an admin's list holds drafts (decision 026): they must not pass for published. */}
          {article.status !== 'published' && (
            <StatusBadge tone="yellow">{newsStatusLabel(article.status)}</StatusBadge>
          )}
          <span className="inline-flex items-center gap-1.5">
            <CalendarDays aria-hidden="true" className="size-4" />
            {formatDate(article.created_at)}
          </span>
          {article.author && <span>By {article.author}</span>}
        </p>
        <Heading className="mt-3 font-display font-semibold text-stone-900 text-xl leading-snug">
          {article.title}
        </Heading>
        {article.description && (
          <p className="mt-2 text-stone-600 leading-relaxed">{newsDescriptionPreview(article.description)}</p>
        )}
        {isSitePath(articlePath) && (
          <Link
            to={articlePath}
            onClick={() => addView(article.id)}
            className="mt-auto inline-flex items-center gap-1.5 self-start rounded-md pt-5 font-semibold text-brand-700 text-sm hover:text-brand-900"
          >
            Read More
            <span className="sr-only">: {article.title}</span>
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        )}
      </div>
    </article>
  );
}
