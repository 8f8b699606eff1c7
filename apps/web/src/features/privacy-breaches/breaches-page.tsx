import {
  BREACH_MESSAGES,
  BREACH_PAGE_SIZE,
  type BreachSummary,
  breachListQuerySchema,
  formatDateTime,
} from '@portal/shared';
import { Link } from 'react-router';
import { type Column, DataTable } from '@/components/admin-list/data-table';
import { ListFooter } from '@/components/admin-list/list-footer';
import { useKeepPageInRange, useListParams } from '@/components/admin-list/use-list-params';
import { AdminPageHeader } from '@/components/ui/admin-page-header';
import { buttonClasses } from '@/components/ui/button-styles';
import { StatusBadge } from '@/components/ui/status-badge';
import { paths } from '@/config/paths';
import { useBreaches } from './api/breaches';
import { BreachClock, breachClockState, useMinuteClock } from './breach-clock';

const columnsAt = (now: number): Column<BreachSummary>[] => [
  {
    header: 'What happened',
    phone: 'heading',
    className: 'min-w-72',
    cell: (breach) => (
      <Link
        to={paths.adminPrivacyBreach(breach.id)}
        className="line-clamp-2 font-semibold text-brand-800 underline-offset-2 hover:underline"
      >
        {breach.what}
      </Link>
    ),
  },
  {
    header: 'Discovered',
    className: 'whitespace-nowrap',
    cell: (breach) => formatDateTime(breach.discovered_at),
  },
  {
    header: '72 hours',
    cell: (breach) => (
      <BreachClock
        state={breachClockState(
          breach,
          { npc: breach.npc_notified_at, people: breach.people_notified_at },
          now,
        )}
      />
    ),
  },
  {
    header: 'People',
    className: 'tabular-nums',
    cell: (breach) => breach.people_count ?? breach.affected_count,
  },
  {
    header: 'Status',
    cell: (breach) =>
      breach.closed_at ? (
        <StatusBadge tone="gray" asWritten>
          {BREACH_MESSAGES.statusClosed}
        </StatusBadge>
      ) : (
        <StatusBadge tone="yellow" asWritten>
          {BREACH_MESSAGES.statusOpen}
        </StatusBadge>
      ),
  },
];

/**
 * /admin/privacy/breaches (docs/decisions/069): the breach register, newest first, each with its
 * 72-hour clock, on the admin list kit.
 */
export function BreachesPage() {
  const list = useListParams(breachListQuerySchema);
  const register = useBreaches(list.values.page, BREACH_PAGE_SIZE);
  const page = register.isError ? undefined : register.data;
  useKeepPageInRange(list, page?.pagination);
  const now = useMinuteClock();

  return (
    <>
      <AdminPageHeader
        title={BREACH_MESSAGES.title}
        description={BREACH_MESSAGES.description}
        actions={
          <Link to={paths.adminPrivacyBreachNew} className={buttonClasses()}>
            {BREACH_MESSAGES.record}
          </Link>
        }
      />
      <section aria-label="Breaches" className="rounded-xl border border-stone-200 bg-white shadow-sm">
        <DataTable
          label="Breaches"
          columns={columnsAt(now)}
          rows={page?.breaches}
          rowKey={(breach) => breach.id}
          isLoading={register.isPending}
          skeletonRows={5}
          emptyText={register.isError ? BREACH_MESSAGES.loadFailed : BREACH_MESSAGES.empty}
        />
        <ListFooter
          pagination={page?.pagination}
          noun="breaches"
          label="Breach register pages"
          onPageChange={list.setPage}
        />
      </section>
    </>
  );
}
