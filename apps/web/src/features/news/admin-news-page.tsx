import {
  ANNOUNCEMENT_MESSAGES,
  formatDate,
  NEWS_MESSAGES,
  NEWS_STATUSES,
  type NewsSummary,
  newsDescriptionPreview,
  newsListQuerySchema,
  PAGE_SIZES,
} from '@portal/shared';
import { Eye, Heart, Megaphone, Pencil, Plus, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { type Column, DataTable, RowActions } from '@/components/admin-list/data-table';
import { ListFilterNote } from '@/components/admin-list/list-filter-note';
import { ListFooter } from '@/components/admin-list/list-footer';
import { FilterSelect, ListToolbar, SearchField } from '@/components/admin-list/list-toolbar';
import { useKeepPageInRange, useListParams } from '@/components/admin-list/use-list-params';
import { useNotice } from '@/components/admin-list/use-notice';
import { SendAnnouncementDialog } from '@/components/announcements/send-announcement-dialog';
import {
  type AnnouncementOutcome,
  announcementSentText,
} from '@/components/announcements/use-announce-on-save';
import { AdminPageHeader } from '@/components/ui/admin-page-header';
import { buttonClasses } from '@/components/ui/button-styles';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ImageWithFallback } from '@/components/ui/image-with-fallback';
import { StatusBadge } from '@/components/ui/status-badge';
import { useNewsArticle, useNewsAuthors, useNewsList } from './api/get-news';
import { useDeleteNews } from './api/save-news';
import { NewsFormDialog } from './components/news-form-dialog';
import { NewsImageFallback } from './components/news-image-fallback';
import { NewsPreviewDialog } from './components/news-preview-dialog';
import { newsStatusLabel } from './news-status-label';

/** Edit and preview need the content, which lists leave out: the article is read when opened. */
function WithArticle({
  id,
  children,
  onFailed,
}: {
  id: string;
  children: (article: ReturnType<typeof useNewsArticle>['data'] & object) => React.ReactNode;
  onFailed: () => void;
}) {
  const article = useNewsArticle(id);
  useEffect(() => {
    if (article.isError) onFailed();
  }, [article.isError, onFailed]);
  return article.data ? children(article.data) : null;
}

/**
 * /admin/news (spec 001 §2, §5, §8, §9) on the admin list kit: search, status and author filters
 * in the address, 10 a page; create, preview, edit and delete. The dashboard's news figures link
 * here filtered (`?status=published`).
 */
export function AdminNewsPage() {
  const list = useListParams(newsListQuerySchema);
  const news = useNewsList({ ...list.query, limit: String(PAGE_SIZES.adminNews) });
  const authors = useNewsAuthors(list.query.status);
  const page = news.isError ? undefined : news.data;
  useKeepPageInRange(list, page?.pagination);
  useEffect(() => {
    if (news.isError) console.error('Failed to load news', news.error);
  }, [news.isError, news.error]);

  const notice = useNotice();
  const [previewing, setPreviewing] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | 'new' | null>(null);
  const [deleting, setDeleting] = useState<NewsSummary | null>(null);
  const [announcing, setAnnouncing] = useState<NewsSummary | null>(null);
  const deleteNews = useDeleteNews();

  /** The article is saved either way; a refused announcement is said in its own message. */
  const savedNotice = (text: string, announcement: AnnouncementOutcome | undefined) => {
    if (announcement && 'failed' in announcement)
      notice.failure(ANNOUNCEMENT_MESSAGES.sendFailed, announcement.failed);
    else notice.confirm(announcement ? `${text}.${announcementSentText(announcement)}` : text);
  };

  const columns: Column<NewsSummary>[] = [
    {
      header: 'Article',
      className: 'min-w-56',
      phone: 'heading',
      cell: (article) => (
        <div className="flex items-center gap-3">
          <ImageWithFallback
            src={article.image_gallery[0]}
            alt=""
            className="size-14 shrink-0 rounded-lg object-cover"
            fallback={<NewsImageFallback className="size-14 shrink-0 rounded-lg [&>span]:size-8" />}
          />
          <div className="min-w-0">
            <p className="font-semibold text-stone-900">{article.title}</p>
            {article.description && (
              <p className="line-clamp-1 text-sm text-stone-600">
                {newsDescriptionPreview(article.description)}
              </p>
            )}
          </div>
        </div>
      ),
    },
    {
      header: 'Status',
      cell: (article) => (
        <StatusBadge tone={article.status === 'published' ? 'green' : 'yellow'}>
          {newsStatusLabel(article.status)}
        </StatusBadge>
      ),
    },
    { header: 'Author', cell: (article) => article.author ?? '—' },
    {
      header: 'Stats',
      className: 'whitespace-nowrap tabular-nums',
      cell: (article) => (
        <span className="inline-flex items-center gap-3 text-sm text-stone-700">
          <span className="inline-flex items-center gap-1" title="Views">
            <Eye aria-hidden="true" className="size-4 text-stone-500" />
            {article.views}
            <span className="sr-only">views</span>
          </span>
          <span className="inline-flex items-center gap-1" title="Likes">
            <Heart aria-hidden="true" className="size-4 text-stone-500" />
            {article.likes}
            <span className="sr-only">likes</span>
          </span>
        </span>
      ),
    },
    { header: 'Date', className: 'whitespace-nowrap', cell: (article) => formatDate(article.created_at) },
  ];

  return (
    <>
      <AdminPageHeader
        title="News"
        description="The articles of the public news pages: drafts, published and archived."
        actions={
          <button
            type="button"
            onClick={() => setEditing('new')}
            className={buttonClasses({ variant: 'primary' })}
          >
            <Plus aria-hidden="true" className="size-4" />
            Create News
          </button>
        }
      />

      <section aria-label="News articles" className="rounded-xl border border-stone-200 bg-white shadow-sm">
        <ListToolbar columns="sm:grid-cols-[minmax(0,1fr)_11rem_13rem]">
          <SearchField
            label="Search news articles"
            placeholder="Search by title or description"
            value={list.query.search}
            onSearch={(search) => list.setParams({ search })}
          />
          <FilterSelect
            label="Filter by status"
            allLabel="All Status"
            value={list.query.status}
            onChange={(status) => list.setParams({ status })}
            options={NEWS_STATUSES.map((status) => [status, newsStatusLabel(status)])}
          />
          <FilterSelect
            label="Filter by author"
            allLabel="All Authors"
            value={list.query.author}
            onChange={(author) => list.setParams({ author })}
            options={(authors.data ?? []).map((author) => [author, author])}
          />
        </ListToolbar>
        {list.query.id && (
          <ListFilterNote
            text="Showing one article, from the dashboard."
            onClear={() => list.setParams({ id: undefined })}
          />
        )}
        <DataTable
          label="News articles"
          columns={columns}
          rows={page?.news}
          rowKey={(article) => article.id}
          isLoading={news.isPending}
          skeletonRows={PAGE_SIZES.adminNews}
          emptyText={NEWS_MESSAGES.noArticles}
          actions={(article) => (
            <RowActions
              actions={[
                {
                  label: `Preview ${article.title}`,
                  icon: <Eye />,
                  onClick: () => setPreviewing(article.id),
                },
                { label: `Edit ${article.title}`, icon: <Pencil />, onClick: () => setEditing(article.id) },
                ...(article.status === 'published'
                  ? [
                      {
                        label: `${ANNOUNCEMENT_MESSAGES.sendAction}: ${article.title}`,
                        icon: <Megaphone />,
                        onClick: () => setAnnouncing(article),
                      },
                    ]
                  : []),
                {
                  label: `Delete ${article.title}`,
                  icon: <Trash2 />,
                  onClick: () => setDeleting(article),
                  danger: true,
                },
              ]}
            />
          )}
        />
        <ListFooter
          pagination={page?.pagination}
          noun="articles"
          label="News pages"
          onPageChange={list.setPage}
        />
      </section>

      {previewing && (
        <WithArticle id={previewing} onFailed={() => notice.failure(NEWS_MESSAGES.loadFailed)}>
          {(article) => <NewsPreviewDialog article={article} onClose={() => setPreviewing(null)} />}
        </WithArticle>
      )}
      {editing === 'new' && (
        <NewsFormDialog
          article={null}
          onClose={() => setEditing(null)}
          onSaved={(saved, announcement) => {
            savedNotice(`${saved.title} has been created`, announcement);
            setEditing(null);
          }}
          onFailed={notice.failure}
        />
      )}
      {editing && editing !== 'new' && (
        <WithArticle id={editing} onFailed={() => notice.failure(NEWS_MESSAGES.loadFailed)}>
          {(article) => (
            <NewsFormDialog
              article={article}
              onClose={() => setEditing(null)}
              onSaved={(saved, announcement) => {
                savedNotice(`${saved.title} has been updated`, announcement);
                setEditing(null);
              }}
              onFailed={notice.failure}
            />
          )}
        </WithArticle>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete News Article"
        text={NEWS_MESSAGES.deleteConfirm}
        confirmLabel="Delete"
        tone="danger"
        pending={deleteNews.isPending}
        onConfirm={() =>
          deleting &&
          deleteNews.mutate(deleting.id, {
            onSuccess: () => notice.confirm(`${deleting.title} has been deleted`),
            onError: () => notice.failure(NEWS_MESSAGES.deleteFailed),
            onSettled: () => setDeleting(null),
          })
        }
        onCancel={() => setDeleting(null)}
      >
        {deleting && <p className="font-semibold text-stone-900">{deleting.title}</p>}
      </ConfirmDialog>
      {announcing && (
        <SendAnnouncementDialog
          itemType="news"
          itemId={announcing.id}
          itemTitle={announcing.title}
          onClose={() => setAnnouncing(null)}
          onSent={(announcement) => {
            notice.confirm(ANNOUNCEMENT_MESSAGES.sent(announcement.recipient_count));
            setAnnouncing(null);
          }}
          onFailed={(text, detail) => {
            notice.failure(text, detail);
            setAnnouncing(null);
          }}
        />
      )}
      {notice.element}
    </>
  );
}
