import { NAME_MESSAGES } from '@portal/shared';
import { ArrowRight, IdCard } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

/**
 * The notice to a signed-in account that has given no name (decision 056), on every page until it
 * does: the name is what its card, receipts and certificates print. It links to the profile,
 * whose 'Update Profile' edits the name.
 */
export function NameMissingStrip() {
  return (
    <div className="bg-accent-400 text-brand-950">
      <div className="mx-auto flex max-w-7xl items-center justify-center gap-2 px-4 py-2 text-sm sm:px-6 lg:px-8">
        <IdCard aria-hidden="true" className="size-4 shrink-0" />
        <Link
          to={paths.profile}
          className="inline-flex items-center gap-1 font-semibold underline-offset-2 hover:underline"
        >
          {NAME_MESSAGES.missingNotice}
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
    </div>
  );
}
