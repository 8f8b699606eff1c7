import { formatDate, memberNewsCollection, siteConfig } from '@portal/shared';
import { BadgeCheck, LockKeyhole } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { MessageModal } from '@/components/ui/message-modal';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { loginPathReturningTo } from '@/lib/return-path';
import { type ReaderStanding, useReaderStanding } from './api/get-reader-standing';
import { DocumentList } from './document-list';

const linkClass = 'font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800';
const secretariat = (
  <a href={`mailto:${siteConfig.secretariatEmail}`} className={`${linkClass} break-words`}>
    {siteConfig.secretariatEmail}
  </a>
);

/** Why this reader may not download, in a sentence (null when they may, or it is not known yet). */
export function downloadRefusal(standing: ReaderStanding): string | null {
  switch (standing.kind) {
    case 'guest':
      return "Member's News files are for members with an active membership. Log in with your member account to download them.";
    case 'pending':
      return `Your membership application is still pending. The files open once the secretariat has approved it; write to ${siteConfig.secretariatEmail} to settle your account.`;
    case 'unpaid':
      return standing.overdue
        ? 'Your membership dues are overdue. The files open again once your statement is paid; see Dues on your profile.'
        : 'Your membership is approved and awaits its first payment. The files open once your statement is paid; see Dues on your profile.';
    case 'expired':
      return `Your membership expired${standing.expiresAt ? ` on ${formatDate(standing.expiresAt)}` : ''}. Renew it with the secretariat (${siteConfig.secretariatEmail}) to download the files again.`;
    case 'none':
      return "Member's News files are for members with an active membership, and your account has none yet. See how to join on the Membership page.";
    default:
      return null;
  }
}

function Notice({ standing, loginPath }: { standing: ReaderStanding; loginPath: string }) {
  const open = standing.kind === 'active' || standing.kind === 'admin';
  let title: string;
  let text: ReactNode;
  switch (standing.kind) {
    case 'active':
      title = 'Your membership is active';
      text = `Every file below is yours to download${standing.expiresAt ? `; your membership runs until ${formatDate(standing.expiresAt)}` : ''}.`;
      break;
    case 'admin':
      title = 'Signed in as an administrator';
      text = 'You can download every file below.';
      break;
    case 'pending':
      title = 'Your membership is pending';
      text = (
        <>
          The files open once the secretariat has approved your application. Please email {secretariat} to
          settle your account.
        </>
      );
      break;
    case 'unpaid':
      title = standing.overdue ? 'Your dues are overdue' : 'Your membership awaits payment';
      text = (
        <>
          The files are for members in good standing. Pay your statement of account, or upload your proof of
          payment, under{' '}
          <Link to={`${paths.profile}#dues`} className={linkClass}>
            Dues on your profile
          </Link>
          .
        </>
      );
      break;
    case 'expired':
      title = 'Your membership has expired';
      text = (
        <>
          {standing.expiresAt ? `It ended on ${formatDate(standing.expiresAt)}. ` : ''}Renew it with the
          secretariat at {secretariat} to download the files again.
        </>
      );
      break;
    case 'none':
      title = 'For members with an active membership';
      text = (
        <>
          Your account has no active membership yet.{' '}
          <Link to={paths.membership} className={linkClass}>
            See how to join
          </Link>
          .
        </>
      );
      break;
    default:
      title = 'For members with an active membership';
      text = (
        <>
          Anyone can see what has been announced, but the files themselves are for fully paid members.{' '}
          <Link to={loginPath} className={linkClass}>
            Log in
          </Link>{' '}
          with your member account to download them. Not a member yet?{' '}
          <Link to={paths.membership} className={linkClass}>
            See how to join
          </Link>
          .
        </>
      );
  }
  const Icon = open ? BadgeCheck : LockKeyhole;
  return (
    <aside
      aria-labelledby="members-only-heading"
      className={`mb-14 flex flex-col gap-4 rounded-2xl border p-6 sm:flex-row sm:p-8 ${
        open ? 'border-brand-200 bg-brand-50' : 'border-accent-200 bg-accent-50'
      }`}
    >
      <div
        aria-hidden="true"
        className={`flex size-11 shrink-0 items-center justify-center rounded-full ${
          open ? 'bg-brand-100 text-brand-800' : 'bg-accent-100 text-accent-800'
        }`}
      >
        <Icon className="size-5" />
      </div>
      <div>
        <h2 id="members-only-heading" className="font-display font-semibold text-xl">
          {title}
        </h2>
        <p className="mt-2 text-stone-700 leading-relaxed">{text}</p>
      </div>
    </aside>
  );
}

/**
 * /members-news (spec 001 §2 "Static pages"). The page is public; the files download only for users
 * with an active membership, which the server checks
 * (docs/product-rules.md "Membership lifecycle"). The notice speaks to the reader (guest, pending,
 * expired, active), and a download the reader may not have explains why instead of saving the
 * server's refusal as a file.
 */
export function MembersNewsPage() {
  const standing = useReaderStanding();
  const [refusal, setRefusal] = useState<string | null>(null);
  const blocked = downloadRefusal(standing);
  // A guest who signs in from here comes back to this page
  // (docs/product-rules.md "Membership lifecycle").
  const location = useLocation();
  const loginPath = loginPathReturningTo(`${location.pathname}${location.search}`);
  return (
    <>
      <PageHeader
        eyebrow="Industry News"
        title="Member's News"
        intro="Announcements from the Board of Trustees and the secretariat: meeting dates, elections, dues and regulatory updates."
      />
      <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-20 lg:px-8">
        <Notice standing={standing} loginPath={loginPath} />
        <DocumentList
          collection={memberNewsCollection}
          onDownload={blocked ? () => setRefusal(blocked) : undefined}
        />
      </div>
      <MessageModal
        open={refusal !== null}
        variant="error"
        title="Download Unavailable"
        text={refusal ?? ''}
        action={standing.kind === 'guest' ? { label: 'Log in', to: loginPath } : undefined}
        onClose={() => setRefusal(null)}
      />
    </>
  );
}
