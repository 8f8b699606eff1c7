import { isSitePath } from '@portal/shared';
import { SectionEmptyState } from '@/components/ui/section-empty-state';
import { SectionHeading } from '@/components/ui/section-heading';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useLatestNews } from '../api/get-latest-news';
import { NewsCard } from './news-card';

/** spec 000 §2 "Latest news (3 items)", on the home page. */
export function LatestNewsSection() {
  // A failed call leaves no data and reads as an empty list.
  const { data: list = [], isPending } = useLatestNews();

  return (
    <section aria-labelledby="news-title" className="below-the-fold bg-stone-50 py-20 sm:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="news-title"
          eyebrow="Industry News"
          title="Latest News"
          intro="Updates from the association and the exploration and mining industry."
          action={isSitePath(paths.news) ? { label: 'View All News', to: paths.news } : undefined}
        />
        <div className="mt-12">
          {isPending ? (
            <NewsSkeleton />
          ) : list.length === 0 ? (
            <SectionEmptyState text="No news articles available" />
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
