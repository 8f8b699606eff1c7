import { adminPageNumbers, publicPageNumbers } from '@portal/shared';
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

/** The previous / next arrow of both pagers, disabled at either end. */
function StepButton({
  direction,
  page,
  totalPages,
  onPageChange,
}: Omit<AdminPaginationProps, 'label'> & { direction: 'previous' | 'next' }) {
  const previous = direction === 'previous';
  return (
    <button
      type="button"
      onClick={() => onPageChange(previous ? page - 1 : page + 1)}
      disabled={previous ? page <= 1 : page >= totalPages}
      aria-label={previous ? 'Previous page' : 'Next page'}
      className={`${buttonBase} text-stone-700 hover:bg-stone-100`}
    >
      {previous ? (
        <ChevronLeft aria-hidden="true" className="size-4" />
      ) : (
        <ChevronRight aria-hidden="true" className="size-4" />
      )}
    </button>
  );
}

/** Previous, up to five page numbers and next (spec 000 §9, spec 001 §9: admin tables). */
export function AdminPagination({ page, totalPages, onPageChange, label }: AdminPaginationProps) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={label} className="flex items-center gap-1">
      <StepButton direction="previous" page={page} totalPages={totalPages} onPageChange={onPageChange} />
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
      <StepButton direction="next" page={page} totalPages={totalPages} onPageChange={onPageChange} />
    </nav>
  );
}

/** First, last and the current page ±1 with ellipses (spec 001 §9: public lists). */
export function PublicPagination({ page, totalPages, onPageChange, label }: AdminPaginationProps) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-center gap-1">
      <StepButton direction="previous" page={page} totalPages={totalPages} onPageChange={onPageChange} />
      {publicPageNumbers(page, totalPages).map((number, index) =>
        number === 'ellipsis' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: an ellipsis has no identity but its place.
          <span key={`ellipsis-${index}`} aria-hidden="true" className="px-1 text-stone-500">
            …
          </span>
        ) : (
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
        ),
      )}
      <StepButton direction="next" page={page} totalPages={totalPages} onPageChange={onPageChange} />
    </nav>
  );
}
