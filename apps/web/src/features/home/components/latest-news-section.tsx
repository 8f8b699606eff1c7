import type { NewsSummary } from '@portal/shared';
import { ArrowRight, CalendarDays } from 'lucide-react';
import { Link } from 'react-router';
import { ImageWithFallback } from '@/components/ui/image-with-fallback';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format';
import { useDeferredList } from '@/lib/use-deferred-list';
import { addNewsView } from '../api/add-news-view';
import { useLatestNews } from '../api/get-latest-news';
import { EmptyState } from './empty-state';
import { NewsImageFallback } from './news-image-fallback';
import { SectionHeading } from './section-heading';

/** spec 000 §2 "Latest news (3 items)": the card image is the first gallery image. */
export function LatestNewsSection() {
  const { list, isPending } = useDeferredList(useLatestNews());

  return (
    <section aria-labelledby="news-title" className="below-the-fold bg-stone-50 py-20 sm:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="news-title"
          eyebrow="Industry News"
          title="Latest News"
          intro="Updates from the association and the exploration and mining industry."
          action={{ label: 'View All News', to: paths.news }}
        />
        <div className="mt-12">
          {isPending ? (
            <NewsSkeleton />
          ) : list.length === 0 ? (
            <EmptyState text="No news articles available" />
          ) : (
            <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
              {list.map((article) => (
                <li key={article.id}>
                  <NewsCard article={article} />
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </section>
  );
}

function NewsCard({ article }: { article: NewsSummary }) {
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm transition-shadow hover:shadow-md">
      <ImageWithFallback
        src={article.image_gallery[0]}
        alt=""
        loading="lazy"
        className="aspect-[16/9] w-full object-cover"
        fallback={<NewsImageFallback className="aspect-[16/9] w-full" />}
      />
      <div className="flex flex-1 flex-col p-6">
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-stone-500">
          <span className="inline-flex items-center gap-1.5">
            <CalendarDays aria-hidden="true" className="size-4" />
            {formatDate(article.created_at)}
          </span>
          {article.author && <span>By {article.author}</span>}
        </p>
        <h3 className="mt-3 font-display font-semibold text-stone-900 text-xl leading-snug">
          {article.title}
        </h3>
        {article.description && (
          <p className="mt-2 line-clamp-3 text-stone-600 leading-relaxed">{article.description}</p>
        )}
        <Link
          to={paths.newsArticle(article.id)}
          onClick={() => addNewsView(article.id)}
          className="mt-auto inline-flex items-center gap-1.5 self-start rounded-md pt-5 font-semibold text-brand-700 text-sm hover:text-brand-900"
        >
          Read More
          <span className="sr-only">: {article.title}</span>
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
    </article>
  );
}

function NewsSkeleton() {
  return (
    <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3" data-testid="news-skeleton">
      <span className="sr-only" role="status">
        Loading news
      </span>
      {[0, 1, 2].map((key) => (
        <div key={key} className="overflow-hidden rounded-2xl border border-stone-200 bg-white">
          <Skeleton className="aspect-[16/9] rounded-none" />
          <div className="space-y-3 p-6">
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-6 w-4/5" />
            <Skeleton className="h-4 w-full" />
          </div>
        </div>
      ))}
    </div>
  );
}
