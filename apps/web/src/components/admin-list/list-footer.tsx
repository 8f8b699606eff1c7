import { type Pagination, showingText } from '@portal/shared';
import { AdminPagination } from '@/components/ui/pagination';

type ListFooterProps = {
  pagination: Pagination | undefined;
  /** What the rows are, in the plural: 'members' gives 'Showing 1 to 10 of 12 members'. */
  noun: string;
  /** The pager's accessible name: 'Board members pages'. */
  label: string;
  onPageChange: (page: number) => void;
};

/** Under an admin table: 'Showing x to y of z …' and the pager (up to 5 page buttons). */
export function ListFooter({ pagination, noun, label, onPageChange }: ListFooterProps) {
  if (!pagination || pagination.total === 0) return null;
  return (
    <div className="flex flex-col items-center justify-between gap-3 border-stone-200 border-t px-4 py-3 sm:flex-row">
      <p className="text-sm text-stone-600">{showingText({ ...pagination, noun })}</p>
      <AdminPagination
        label={label}
        page={pagination.page}
        totalPages={pagination.totalPages}
        onPageChange={onPageChange}
      />
    </div>
  );
}
