import {
  ANNOUNCEMENT_AUDIENCE_LABELS,
  ANNOUNCEMENT_MESSAGES,
  type Announcement,
  announcementListQuerySchema,
  formatDateTime,
  PAGE_SIZES,
} from '@portal/shared';
import { Link } from 'react-router';
import { type Column, DataTable } from '@/components/admin-list/data-table';
import { ListFooter } from '@/components/admin-list/list-footer';
import { useKeepPageInRange, useListParams } from '@/components/admin-list/use-list-params';
import { useAnnouncementLog } from '@/components/announcements/announcement-api';
import { AdminPageHeader } from '@/components/ui/admin-page-header';
import { paths } from '@/config/paths';

const itemLink = (announcement: Announcement) =>
  announcement.item_type === 'news'
    ? paths.newsArticle(announcement.item_id)
    : paths.eventDetail(announcement.item_id);

const columns: Column<Announcement>[] = [
  {
    header: 'Article or event',
    phone: 'heading',
    className: 'min-w-60',
    cell: (announcement) => (
      <div>
        <Link
          to={itemLink(announcement)}
          className="font-semibold text-brand-800 underline-offset-2 hover:underline"
        >
          {announcement.item_title}
        </Link>
        <p className="text-stone-600 text-xs">{announcement.item_type === 'news' ? 'News' : 'Event'}</p>
      </div>
    ),
  },
  { header: 'Audience', cell: (announcement) => ANNOUNCEMENT_AUDIENCE_LABELS[announcement.audience] },
  {
    header: 'Recipients',
    className: 'tabular-nums',
    cell: (announcement) => announcement.recipient_count,
  },
  { header: 'Sent by', cell: (announcement) => announcement.sent_by },
  {
    header: 'Sent',
    className: 'whitespace-nowrap',
    cell: (announcement) => formatDateTime(announcement.created_at),
  },
];

/**
 * /admin/announcements (docs/product-rules.md "Announcements"): every article and event e-mailed
 * to members — what, to whom, how many, by whom, when — newest first, on the admin list kit.
 */
export function AnnouncementsLogPage() {
  const list = useListParams(announcementListQuerySchema);
  const log = useAnnouncementLog(list.values.page, PAGE_SIZES.adminAnnouncements);
  const page = log.isError ? undefined : log.data;
  useKeepPageInRange(list, page?.pagination);

  return (
    <>
      <AdminPageHeader
        title={ANNOUNCEMENT_MESSAGES.logTitle}
        description={ANNOUNCEMENT_MESSAGES.logDescription}
      />
      <section aria-label="Announcements" className="rounded-xl border border-stone-200 bg-white shadow-sm">
        <DataTable
          label="Announcements"
          columns={columns}
          rows={page?.announcements}
          rowKey={(announcement) => announcement.id}
          isLoading={log.isPending}
          skeletonRows={PAGE_SIZES.adminAnnouncements}
          emptyText={log.isError ? ANNOUNCEMENT_MESSAGES.logFailed : ANNOUNCEMENT_MESSAGES.logEmpty}
        />
        <ListFooter
          pagination={page?.pagination}
          noun="announcements"
          label="Announcement pages"
          onPageChange={list.setPage}
        />
      </section>
    </>
  );
}
