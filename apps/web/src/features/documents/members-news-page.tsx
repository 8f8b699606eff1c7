import { memberNewsCollection } from '@portal/shared';
import { LockKeyhole } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { DocumentList } from './document-list';

/**
 * /members-news (spec 001 §2 "Static pages"). The page is public; the files download only for
 * users with an active membership, which the server checks (DECISIONS.md "Membership lifecycle").
 */
export function MembersNewsPage() {
  return (
    <>
      <PageHeader
        eyebrow="Industry News"
        title="Member's News"
        intro="Announcements from the Board of Trustees and the secretariat: meeting dates, elections, dues and regulatory updates."
      />
      <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-20 lg:px-8">
        <aside
          aria-labelledby="members-only-heading"
          className="mb-14 flex flex-col gap-4 rounded-2xl border border-accent-200 bg-accent-50 p-6 sm:flex-row sm:p-8"
        >
          <div
            aria-hidden="true"
            className="flex size-11 shrink-0 items-center justify-center rounded-full bg-accent-100 text-accent-800"
          >
            <LockKeyhole className="size-5" />
          </div>
          <div>
            <h2 id="members-only-heading" className="font-display font-semibold text-xl">
              For members with an active membership
            </h2>
            <p className="mt-2 text-stone-700 leading-relaxed">
              Anyone can see what has been announced, but the files themselves are for fully paid members.{' '}
              <Link
                to={paths.login}
                className="font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800"
              >
                Log in
              </Link>{' '}
              with your member account to download them. Not a member yet?{' '}
              <Link
                to={paths.membership}
                className="font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800"
              >
                See how to join
              </Link>
              .
            </p>
          </div>
        </aside>
        <DocumentList collection={memberNewsCollection} />
      </div>
    </>
  );
}
