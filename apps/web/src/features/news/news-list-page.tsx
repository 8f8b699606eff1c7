import { NEWS_MESSAGES, PAGE_SIZES, PUBLIC_NEWS_DEFAULT_STATUS, PUBLIC_NEWS_STATUSES } from '@portal/shared';
import { useEffect } from 'react';
import { FilterSelect, SearchField } from '@/components/admin-list/list-toolbar';
import {
  readPublicListParams,
  useDropRefusedParams,
  useKeepPageInRange,
  usePublicListParams,
} from '@/components/admin-list/use-list-params';
import { PageHeader } from '@/components/ui/page-header';
import { PublicPagination } from '@/components/ui/pagination';
import { SectionEmptyState } from '@/components/ui/section-empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import type { PagePrefetch } from '@/lib/page-prefetch';
import { useMayOpen } from '@/lib/staff-access';
import {
  newsAuthorsQueryOptions,
  newsListQueryOptions,
  publicNewsParams,
  useNewsAuthors,
  useNewsList,
} from './api/get-news';
import { NewsCard } from './components/news-card';
import { newsStatusLabel } from './news-status-label';

/** The status the list shows: an admin's choice of the public filter, else published (decision 026). */
function shownStatus(asked: string | undefined, viewerIsAdmin: boolean) {
  return viewerIsAdmin && (PUBLIC_NEWS_STATUSES as readonly string[]).includes(asked ?? '')
    ? (asked as string)
    : PUBLIC_NEWS_DEFAULT_STATUS;
}

/** The list and the author filter /news shows a guest for its address, fetched before the server renders it. */
export const prefetchNewsListPage: PagePrefetch = ({ queryClient, search, reads }) => {
  const query = readPublicListParams(publicNewsParams, search);
  const status = shownStatus(query.status, false);
  return Promise.all([
    queryClient.fetchQuery(newsListQueryOptions({ ...query, status }, reads.listNews)),
    queryClient.fetchQuery(newsAuthorsQueryOptions(status, reads.listNewsAuthors)),
  ]);
};

/**
 * /news (spec 001 §2, §4, §9): cards of the published articles, 8 a page, with a search (300 ms
 * debounce) and the author filter; the filters and the page live in the address. Admins also get
 * the status filter (published or draft, published by default; docs/decisions/026), and the
 * author options are those of the status shown.
 */
export function NewsListPage() {
  const list = usePublicListParams(publicNewsParams);
  // The drafts are the news staff's (STAFF_AREAS.news, decision 060), not every staff member's.
  const viewerIsAdmin = useMayOpen('news');
  const status = shownStatus(list.query.status, viewerIsAdmin);
  const news = useNewsList({ ...list.query, status });
  const droppingRefused = useDropRefusedParams(list, news.error);
  const authors = useNewsAuthors(status);
  // spec 001 §8: a failed load shows the empty list.
  const page = news.isError ? undefined : news.data;
  useKeepPageInRange(list, page?.pagination);
  useEffect(() => {
    if (news.isError && !droppingRefused) console.error('Failed to load news', news.error);
  }, [news.isError, news.error, droppingRefused]);

  return (
    <>
      <PageHeader
        eyebrow="Industry News"
        title="News"
        intro="Announcements, industry updates and stories from the association and its members."
      />
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
        <search
          className={`grid gap-3 ${viewerIsAdmin ? 'sm:grid-cols-[minmax(0,1fr)_11rem_16rem]' : 'sm:grid-cols-[minmax(0,1fr)_16rem]'}`}
          aria-label="Filter news"
        >
          <SearchField
            label="Search news"
            placeholder="Search news articles..."
            value={list.query.search}
            onSearch={(search) => list.setParams({ search })}
          />
          {viewerIsAdmin && (
            <FilterSelect
              label="Filter by status"
              value={status}
              // Published is the default: the address stays short. The author options change with
              // the status, so a chosen author (who may have no article of the other status) goes.
              onChange={(next) =>
                list.setParams({
                  status: next === PUBLIC_NEWS_DEFAULT_STATUS ? undefined : next,
                  author: undefined,
                })
              }
              options={PUBLIC_NEWS_STATUSES.map((option) => [option, newsStatusLabel(option)])}
            />
          )}
          <FilterSelect
            label="Filter by author"
            allLabel="All Authors"
            value={list.query.author}
            onChange={(author) => list.setParams({ author })}
            options={(authors.data ?? []).map((author) => [author, author])}
          />
        </search>

        <div className="mt-10">
          {news.isPending || droppingRefused ? (
            <ul aria-label="Loading news" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
              {Array.from({ length: PAGE_SIZES.publicNews }, (_, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
                <li key={index}>
                  <Skeleton className="h-96 w-full rounded-2xl" />
                </li>
              ))}
            </ul>
          ) : page && page.news.length > 0 ? (
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
              {page.news.map((article, index) => (
                <li key={article.id}>
                  <NewsCard
                    article={article}
                    headingLevel={2}
                    imageLoading={index === 0 ? 'eager' : 'lazy'}
                  />
                </li>
              ))}
            </ul>
          ) : (
            <SectionEmptyState text={NEWS_MESSAGES.noArticles} />
          )}
        </div>

        {page && (
          <div className="mt-10">
            <PublicPagination
              page={page.pagination.page}
              totalPages={page.pagination.totalPages}
              onPageChange={(number) => {
                list.setPage(number);
                window.scrollTo({ top: 0 });
              }}
              label="News pages"
            />
          </div>
        )}
      </div>
    </>
  );
}
