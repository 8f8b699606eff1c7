import {
  type DashboardSummary,
  EVENT_STATUSES,
  formatCount,
  formatDate,
  MEMBERSHIP_CATEGORIES,
  MEMBERSHIP_STANDING_LABELS,
  MEMBERSHIP_STANDINGS,
  NEWS_STATUSES,
  USER_STATUSES,
  USER_TYPES,
} from '@portal/shared';
import { BadgeCheck, CalendarDays, Hourglass, Newspaper, RefreshCw } from 'lucide-react';
import { AdminPageHeader } from '@/components/ui/admin-page-header';
import { buttonClasses } from '@/components/ui/button-styles';
import { Skeleton } from '@/components/ui/skeleton';
import { StatusBadge, toneOfStatus } from '@/components/ui/status-badge';
import { adminListLink } from '@/config/navigation';
import { sessionUserName, useSessionUser } from '@/lib/session-store';
import { useDashboardSummary } from './api/get-dashboard-summary';
import { BreakdownPanel } from './components/breakdown-panel';
import { LiveClock } from './components/live-clock';
import { RecentList } from './components/recent-list';
import { StatCard } from './components/stat-card';

const capitalise = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

/**
 * The admin dashboard (spec 001 §2, docs/product-rules.md "Dashboard"): a live clock and real
 * figures from one call — members by status and category, pending memberships, events and news,
 * registrations awaiting approval, the board and the latest items — each opening its admin list
 * where one exists.
 */
export function DashboardPage() {
  const user = useSessionUser();
  const summary = useDashboardSummary();

  return (
    <>
      <AdminPageHeader
        title="Dashboard"
        description={
          user ? `Welcome back, ${sessionUserName(user)}. Here is the association at a glance.` : undefined
        }
        actions={<LiveClock />}
      />
      {summary.isPending ? (
        <DashboardSkeleton />
      ) : summary.isError ? (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-red-800">
          <p className="font-semibold">The dashboard could not be loaded.</p>
          <p className="mt-1 text-sm">Check your connection and try again.</p>
          <button
            type="button"
            onClick={() => void summary.refetch()}
            className={buttonClasses({ variant: 'secondary', size: 'sm', className: 'mt-4' })}
          >
            <RefreshCw aria-hidden="true" className="size-4" />
            Try again
          </button>
        </div>
      ) : (
        <DashboardFigures summary={summary.data} />
      )}
    </>
  );
}

function DashboardFigures({ summary }: { summary: DashboardSummary }) {
  const { users, memberships, events, news, board, directory, recent } = summary;
  // The events figures the summary counts, each with the list filter that gives the same events.
  const upcomingEvents = adminListLink('events', { status: 'published', upcoming: 'true' });
  const eventsAwaitingApproval = adminListLink('events', { has_pending: 'true' });

  return (
    <div className="space-y-8">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          icon={BadgeCheck}
          label="Active Members"
          value={memberships.byStatus.active}
          details={[
            {
              key: 'expired',
              text: `${formatCount(memberships.byStatus.expired)} expired`,
              to: adminListLink('users', { membership: 'expired' }),
            },
            {
              key: 'rejected',
              text: `${formatCount(memberships.byStatus.rejected)} rejected`,
              to: adminListLink('users', { membership: 'rejected' }),
            },
          ]}
          to={adminListLink('users', { membership: 'active' })}
        />
        <StatCard
          icon={Hourglass}
          label="Pending Memberships"
          value={memberships.byStatus.pending}
          details={[
            { key: 'note', text: 'Applications awaiting review', to: null },
            {
              key: 'awaiting_payment',
              text: `${formatCount(memberships.byStatus.awaiting_payment)} approved, awaiting payment`,
              to: adminListLink('users', { membership: 'awaiting_payment' }),
            },
            {
              key: 'overdue',
              text: `${formatCount(memberships.byStatus.overdue)} overdue`,
              to: adminListLink('users', { membership: 'overdue' }),
            },
            {
              key: 'lapsed',
              text: `${formatCount(memberships.byStatus.lapsed)} lapsed`,
              to: adminListLink('users', { membership: 'lapsed' }),
            },
          ]}
          to={adminListLink('users', { membership: 'pending' })}
        />
        <StatCard
          icon={CalendarDays}
          label="Published Events"
          value={events.byStatus.published}
          details={[
            { key: 'upcoming', text: `${formatCount(events.upcoming)} upcoming`, to: upcomingEvents },
            {
              key: 'registrations',
              text: `${formatCount(events.pendingRegistrations)} registrations awaiting approval`,
              to: eventsAwaitingApproval,
            },
          ]}
          to={adminListLink('events', { status: 'published' })}
        />
        <StatCard
          icon={Newspaper}
          label="Published News"
          value={news.byStatus.published}
          // Totals over every article: no list is filtered to a view or a like.
          details={[
            { key: 'views', text: `${formatCount(news.totalViews)} views`, to: null },
            { key: 'likes', text: `${formatCount(news.totalLikes)} likes`, to: null },
          ]}
          to={adminListLink('news', { status: 'published' })}
        />
      </div>

      <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
        <BreakdownPanel
          title="Members by status"
          rows={MEMBERSHIP_STANDINGS.map((status) => ({
            label: MEMBERSHIP_STANDING_LABELS[status],
            value: memberships.byStatus[status],
            to: adminListLink('users', { membership: status }),
          }))}
        />
        <BreakdownPanel
          title="Active members by category"
          rows={MEMBERSHIP_CATEGORIES.map((category) => ({
            label: category,
            value: memberships.activeByCategory[category],
            to: adminListLink('users', { membership: 'active', category }),
          }))}
        />
        <BreakdownPanel
          title={`Accounts (${users.total})`}
          rows={[
            ...USER_STATUSES.map((status) => ({
              label: capitalise(status),
              value: users.byStatus[status],
              to: adminListLink('users', { status }),
            })),
            ...USER_TYPES.map((type) => ({
              label: `${capitalise(type)} accounts`,
              value: users.byType[type],
              to: adminListLink('users', { type }),
            })),
          ]}
        />
        <BreakdownPanel
          title="Events"
          rows={[
            ...EVENT_STATUSES.map((status) => ({
              label: capitalise(status),
              value: events.byStatus[status],
              to: adminListLink('events', { status }),
            })),
            { label: 'Upcoming', value: events.upcoming, to: upcomingEvents },
            {
              label: 'Registrations awaiting approval',
              value: events.pendingRegistrations,
              to: eventsAwaitingApproval,
            },
          ]}
        />
        <BreakdownPanel
          title="News"
          rows={NEWS_STATUSES.map((status) => ({
            label: capitalise(status),
            value: news.byStatus[status],
            to: adminListLink('news', { status }),
          }))}
        />
        <BreakdownPanel
          title="Board of trustees"
          rows={[
            { label: 'Active', value: board.active, to: adminListLink('board', { is_active: 'true' }) },
            { label: 'Inactive', value: board.inactive, to: adminListLink('board', { is_active: 'false' }) },
          ]}
        />
        <BreakdownPanel
          title="Member directory"
          rows={[
            {
              label: 'Listed companies',
              value: directory.listedCompanies,
              to: adminListLink('directory', { status: 'listed' }),
            },
            {
              label: 'Listed professionals',
              value: directory.listedProfessionals,
              to: adminListLink('directory', { status: 'listed' }),
            },
            {
              label: 'Hidden by the secretariat',
              value: directory.hidden,
              to: adminListLink('directory', { status: 'hidden' }),
            },
            { label: 'Messages this month', value: directory.messagesThisMonth, to: null },
          ]}
        />
      </div>

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <RecentList
          title="Membership applications"
          emptyText="No applications are waiting."
          viewAllTo={adminListLink('users', { membership: 'pending' })}
          items={recent.pendingMemberships.map((membership) => ({
            key: membership.id,
            title: membership.display_name,
            // Exactly this applicant: a search for the name would also find names containing it.
            to: adminListLink('users', { id: membership.userId }),
            meta: `${membership.category} · applied ${formatDate(membership.created_at)}`,
            badge: <StatusBadge tone="yellow">pending</StatusBadge>,
          }))}
        />
        <RecentList
          title="Newest accounts"
          emptyText="No accounts yet."
          viewAllTo={adminListLink('users')}
          items={recent.users.map((account) => ({
            key: account.id,
            title: account.display_name,
            to: adminListLink('users', { id: account.id }),
            meta: `${account.display_name === account.username ? '' : `${account.username} · `}${account.email} · joined ${formatDate(account.created_at)}`,
            badge: <StatusBadge tone={toneOfStatus(account.status)}>{account.status}</StatusBadge>,
          }))}
        />
        <RecentList
          title="Recently updated events"
          emptyText="No events yet."
          viewAllTo={adminListLink('events')}
          items={recent.events.map((event) => ({
            key: event.id,
            title: event.title,
            to: adminListLink('events', { id: event.id }),
            meta: `Starts ${formatDate(event.start_date)} · updated ${formatDate(event.updated_at)}`,
            badge: <StatusBadge tone={toneOfStatus(event.status)}>{event.status}</StatusBadge>,
          }))}
        />
        <RecentList
          title="Recently updated news"
          emptyText="No news articles yet."
          viewAllTo={adminListLink('news')}
          items={recent.news.map((article) => ({
            key: article.id,
            title: article.title,
            to: adminListLink('news', { id: article.id }),
            meta: `Updated ${formatDate(article.updated_at)}`,
            badge: <StatusBadge tone={toneOfStatus(article.status)}>{article.status}</StatusBadge>,
          }))}
        />
      </div>
    </div>
  );
}

function DashboardSkeleton() {
  return (
    <div className="space-y-8" role="status" aria-label="Loading dashboard">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {['members', 'pending', 'events', 'news'].map((key) => (
          <Skeleton key={key} className="h-36 rounded-xl" />
        ))}
      </div>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
        {['a', 'b', 'c'].map((key) => (
          <Skeleton key={key} className="h-56 rounded-xl" />
        ))}
      </div>
    </div>
  );
}
