import { adminPageNumbers } from '@portal/shared';
import { ChevronLeft, ChevronRight } from 'lucide-react';

type AdminPaginationProps = {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  /** What the list is, for the navigation's accessible name ('Board members pages'). */
  label: string;
};

const buttonBase =
  'inline-flex h-9 min-w-9 items-center justify-center rounded-lg px-2.5 text-sm font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-40';

/** Previous, up to five page numbers and next (spec 000 §9, spec 001 §9: admin tables). */
export function AdminPagination({ page, totalPages, onPageChange, label }: AdminPaginationProps) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={label} className="flex items-center gap-1">
      <button
        type="button"
        onClick={() => onPageChange(page - 1)}
        disabled={page <= 1}
        aria-label="Previous page"
        className={`${buttonBase} text-stone-700 hover:bg-stone-100`}
      >
        <ChevronLeft aria-hidden="true" className="size-4" />
      </button>
      {adminPageNumbers(page, totalPages).map((number) => (
        <button
          key={number}
          type="button"
          onClick={() => onPageChange(number)}
          aria-current={number === page ? 'page' : undefined}
          aria-label={`Page ${number}`}
          className={`${buttonBase} ${
            number === page ? 'bg-brand-700 text-white' : 'text-stone-700 hover:bg-stone-100'
          }`}
        >
          {number}
        </button>
      ))}
      <button
        type="button"
        onClick={() => onPageChange(page + 1)}
        disabled={page >= totalPages}
        aria-label="Next page"
        className={`${buttonBase} text-stone-700 hover:bg-stone-100`}
      >
        <ChevronRight aria-hidden="true" className="size-4" />
      </button>
    </nav>
  );
}
