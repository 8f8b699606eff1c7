import {
  CARD_MESSAGES,
  CPD_MESSAGES,
  DATA_EXPORT_MESSAGES,
  formatDate,
  isGoodStanding,
  PRIVACY_MESSAGES,
  PROFILE_MESSAGES,
  type ProfileMembership,
  TRANSCRIPT_MESSAGES,
  type UserData,
} from '@portal/shared';
import { Building2, Mail, MapPin, Phone, Printer, UserRound } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { COMPLETE_APPLICATION_TEXT } from '@/components/layout/complete-application-text';
import { buttonClasses } from '@/components/ui/button-styles';
import { MessageModal } from '@/components/ui/message-modal';
import { ProfilePicture } from '@/components/ui/profile-picture';
import { Skeleton } from '@/components/ui/skeleton';
import { StatusBadge, toneOfStatus } from '@/components/ui/status-badge';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useUserData } from './api/get-user-data';
import { headlineMembership, MembershipList, standingText } from './components/membership-list';
import { DetailRow, ProfileSection } from './components/profile-section';
import { RepresentativeList } from './components/representative-list';

// The sections that fetch and act on their own (forms, uploads, QR codes, tables) are chunks of
// their own, drawn as each arrives: the first screen (picture, name, contact, About, memberships)
// no longer waits for all of them, and their work is spread over short tasks instead of one long
// one (Lighthouse's total blocking time, docs/decisions/035).
const MyEventsSection = lazy(() =>
  import('./components/my-events-section').then((m) => ({ default: m.MyEventsSection })),
);
const MembershipCardSection = lazy(() =>
  import('./components/membership-card-section').then((m) => ({ default: m.MembershipCardSection })),
);
const DuesSection = lazy(() => import('./components/dues-section').then((m) => ({ default: m.DuesSection })));
const CpdCertificatesSection = lazy(() =>
  import('./components/cpd-certificates-section').then((m) => ({ default: m.CpdCertificatesSection })),
);
const CpdTranscriptSection = lazy(() =>
  import('./components/cpd-transcript-section').then((m) => ({ default: m.CpdTranscriptSection })),
);
const PrivacyConsentSection = lazy(() =>
  import('./components/privacy-consent-section').then((m) => ({ default: m.PrivacyConsentSection })),
);
const DataExportSection = lazy(() =>
  import('./components/data-export-section').then((m) => ({ default: m.DataExportSection })),
);
const PrivacyRequestsSection = lazy(() =>
  import('./components/privacy-requests-section').then((m) => ({ default: m.PrivacyRequestsSection })),
);
const AccountSecurityForms = lazy(() =>
  import('./components/account-security').then((m) => ({ default: m.AccountSecurityForms })),
);
const TwoFactorSection = lazy(() =>
  import('./components/two-factor-section').then((m) => ({ default: m.TwoFactorSection })),
);
const AccountSessionsSection = lazy(() =>
  import('./components/account-sessions-section').then((m) => ({ default: m.AccountSessionsSection })),
);
const ProfileFormDialog = lazy(() =>
  import('./components/profile-form-dialog').then((m) => ({ default: m.ProfileFormDialog })),
);

/** A section's room while its chunk loads, so the sections below it move little when it comes. */
function SectionLoading({ className = 'h-24' }: { className?: string }) {
  return <Skeleton className={className} />;
}

type Notice = { variant: 'success' | 'error'; title: string; text: string };

const TYPE_LABELS: Record<string, string> = {
  company: 'Company',
  individual: 'Individual',
  user: 'Registered user',
  admin: 'Administrator',
};

/** What the e-mail change link's landing says (the link comes back to /profile). */
/**
 * /profile (spec 000 §2 "Profile", docs/product-rules.md "Profile"): the signed-in user's picture,
 * name, type, About, company representatives, contact details, account details and memberships,
 * with 'Update Profile', 'Manage Company Representatives' for companies, and the password and
 * e-mail changes.
 */
export function ProfilePage() {
  const query = useUserData();
  const [notice, setNotice] = useState<Notice | null>(null);
  const closeNotice = () => setNotice(null);

  return (
    <div className="bg-stone-50 pt-24 pb-16 sm:pt-28">
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <h1 className="sr-only">Profile</h1>
        {query.isPending ? (
          <ProfileSkeleton />
        ) : query.isError ? (
          <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-8 text-center">
            <p className="font-semibold text-red-800">{PROFILE_MESSAGES.loadFailed}</p>
            <button
              type="button"
              onClick={() => query.refetch()}
              className={buttonClasses({ variant: 'secondary', className: 'mt-4' })}
            >
              Try again
            </button>
          </div>
        ) : (
          <ProfileContent userData={query.data} notify={setNotice} />
        )}
      </div>
      <MessageModal
        open={notice !== null}
        variant={notice?.variant ?? 'success'}
        title={notice?.title ?? ''}
        text={notice?.text ?? ''}
        onClose={closeNotice}
      />
    </div>
  );
}

function ProfileContent({ userData, notify }: { userData: UserData; notify: (notice: Notice) => void }) {
  const { data: profile, companyReps, membershipData } = userData;
  const [editing, setEditing] = useState(false);
  const isCompany = profile.type === 'company';
  const typeLabel = TYPE_LABELS[profile.type] ?? profile.type;

  return (
    <div className="grid gap-6 lg:grid-cols-[22rem_1fr]">
      <aside className="space-y-6">
        <div className="rounded-2xl border border-stone-200 bg-white p-6 text-center shadow-sm sm:p-8">
          <ProfilePicture
            src={isCompany ? profile.logoUrl : profile.avatarUrl}
            name={profile.displayName}
            className={`mx-auto size-32 ${isCompany ? 'rounded-2xl' : 'rounded-full'}`}
          />
          <p className="mt-5 font-display font-semibold text-2xl text-stone-900 [overflow-wrap:anywhere]">
            {profile.displayName}
          </p>
          {profile.displayName !== profile.username && (
            <p className="text-sm text-stone-600 [overflow-wrap:anywhere]">{profile.username}</p>
          )}
          <p className="mt-1 inline-flex items-center gap-1.5 text-stone-600">
            {isCompany ? (
              <Building2 aria-hidden="true" className="size-4" />
            ) : (
              <UserRound aria-hidden="true" className="size-4" />
            )}
            {typeLabel}
          </p>
          {profile.type !== 'admin' && <MembershipHeadline membership={headlineMembership(membershipData)} />}
          <div className="mt-6 grid gap-3">
            <button
              type="button"
              onClick={() => setEditing(true)}
              className={buttonClasses({ variant: 'primary' })}
            >
              Update Profile
            </button>
            {isCompany && (
              <Link to={paths.profileRepresentatives} className={buttonClasses({ variant: 'secondary' })}>
                Manage Company Representatives
              </Link>
            )}
          </div>
        </div>
        <ProfileSection id="contact-heading" title="Contact Information">
          <ul className="space-y-3 text-stone-800">
            <ContactLine icon={Mail} label="Email" value={profile.email} />
            <ContactLine icon={Phone} label="Phone" value={profile.phone} />
            <ContactLine icon={Printer} label="Facsimile" value={profile.facsimile} />
            <ContactLine icon={MapPin} label="Address" value={profile.address} />
          </ul>
        </ProfileSection>
      </aside>

      <div className="min-w-0 space-y-6">
        <ProfileSection id="about-heading" title="About">
          {profile.about ? (
            <p className="whitespace-pre-line text-stone-800 leading-relaxed [overflow-wrap:anywhere]">
              {profile.about}
            </p>
          ) : (
            <p className="text-stone-600">Nothing here yet. Use Update Profile to add a few words.</p>
          )}
        </ProfileSection>

        {isCompany && (
          <ProfileSection
            id="representatives-heading"
            title="Company Representatives"
            action={
              <Link
                to={paths.profileRepresentatives}
                className="font-semibold text-brand-700 text-sm underline underline-offset-4 hover:text-brand-800"
              >
                Edit
              </Link>
            }
          >
            <RepresentativeList representatives={companyReps} standing={membershipData[0]?.standing} />
          </ProfileSection>
        )}

        <div id="my-events" className="scroll-mt-24">
          <ProfileSection id="my-events-heading" title="My events">
            <Suspense fallback={<SectionLoading />}>
              <MyEventsSection />
            </Suspense>
          </ProfileSection>
        </div>

        <ProfileSection id="membership-heading" title="Membership Details">
          <MembershipList memberships={membershipData} />
        </ProfileSection>

        {membershipData.some((membership) =>
          // The card's rule, the server's too (docs/product-rules.md "Good standing").
          isGoodStanding({
            status: membership.status,
            expires_at: membership.expiresAt,
            unpaid_due_on: membership.unpaidDueOn,
            grace_ends_on: membership.graceEndsOn,
          }),
        ) && (
          <ProfileSection id="card-heading" title={CARD_MESSAGES.title}>
            <Suspense fallback={<SectionLoading className="h-64" />}>
              <MembershipCardSection
                onRegenerated={() =>
                  notify({ variant: 'success', title: 'New card made', text: CARD_MESSAGES.regenerated })
                }
              />
            </Suspense>
          </ProfileSection>
        )}

        {membershipData.some((membership) => membership.status === 'approved') && (
          <div id="dues" className="scroll-mt-24">
            <ProfileSection id="dues-heading" title="Dues">
              <Suspense fallback={<SectionLoading />}>
                <DuesSection
                  onFailed={(text) => notify({ variant: 'error', title: 'Payment not started', text })}
                  onProofSent={() =>
                    notify({
                      variant: 'success',
                      title: 'Proof sent',
                      text: 'Thank you. The secretariat will verify your payment and e-mail your receipt.',
                    })
                  }
                />
              </Suspense>
            </ProfileSection>
          </div>
        )}

        <div id="cpd" className="scroll-mt-24">
          <ProfileSection id="cpd-heading" title={CPD_MESSAGES.sectionTitle}>
            <Suspense fallback={<SectionLoading />}>
              <CpdCertificatesSection notify={notify} />
            </Suspense>
          </ProfileSection>
        </div>

        <div id="cpd-transcript" className="scroll-mt-24">
          <ProfileSection id="cpd-transcript-heading" title={TRANSCRIPT_MESSAGES.sectionTitle}>
            <Suspense fallback={<SectionLoading />}>
              <CpdTranscriptSection notify={notify} />
            </Suspense>
          </ProfileSection>
        </div>

        <ProfileSection id="account-heading" title="Account Details">
          <dl className="divide-y divide-stone-200">
            <DetailRow label="Username" value={profile.username} />
            <DetailRow label="Email" value={profile.email} />
            <DetailRow label="Account type" value={typeLabel} />
            <DetailRow
              label="Account"
              value={
                <StatusBadge tone={profile.status === 'inactive' ? 'gray' : 'green'} asWritten>
                  {profile.status === 'inactive' ? 'Sign-in disabled' : 'Sign-in enabled'}
                </StatusBadge>
              }
            />
            <DetailRow
              label="Email confirmed"
              value={profile.email_confirmation ? formatDate(profile.email_confirmation) : 'Not yet'}
            />
            <DetailRow label="Member since" value={formatDate(profile.created_at)} />
            {isCompany && <DetailRow label="Registered name" value={profile.registeredName} />}
            <DetailRow label="TIN" value={profile.tin} />
            {isCompany && <DetailRow label="Billing address" value={profile.billingAddress} />}
            {isCompany && <DetailRow label="Billing e-mail" value={profile.billingEmail} />}
          </dl>
        </ProfileSection>

        <div id="privacy" className="scroll-mt-24">
          <ProfileSection id="privacy-heading" title={PRIVACY_MESSAGES.sectionTitle}>
            <Suspense fallback={<SectionLoading />}>
              <PrivacyConsentSection
                onFailed={(text) => notify({ variant: 'error', title: 'Choice Not Saved', text })}
              />
            </Suspense>
          </ProfileSection>
        </div>

        <div id="your-data" className="scroll-mt-24">
          <ProfileSection id="your-data-heading" title={DATA_EXPORT_MESSAGES.sectionTitle}>
            <Suspense fallback={<SectionLoading />}>
              <DataExportSection
                onFailed={(text) => notify({ variant: 'error', title: 'Request Not Sent', text })}
              />
            </Suspense>
          </ProfileSection>
        </div>

        <div id="correct-or-delete" className="scroll-mt-24">
          <ProfileSection id="correct-or-delete-heading" title="Correct or delete your data">
            <Suspense fallback={<SectionLoading />}>
              <PrivacyRequestsSection notify={notify} />
            </Suspense>
          </ProfileSection>
        </div>

        <ProfileSection id="security-heading" title="Password and Email">
          <Suspense fallback={<SectionLoading className="h-80" />}>
            <AccountSecurityForms currentEmail={profile.email} notify={notify} />
          </Suspense>
        </ProfileSection>

        <div id="two-step" className="scroll-mt-24">
          <ProfileSection id="two-step-heading" title="Two-step sign-in">
            <Suspense fallback={<SectionLoading />}>
              <TwoFactorSection notify={notify} />
            </Suspense>
          </ProfileSection>
        </div>

        <ProfileSection id="sessions-heading" title="Where you're signed in">
          <Suspense fallback={<SectionLoading />}>
            <AccountSessionsSection notify={notify} />
          </Suspense>
        </ProfileSection>
      </div>

      {editing && (
        <Suspense fallback={null}>
          <ProfileFormDialog
            profile={profile}
            onClose={() => setEditing(false)}
            onSaved={() => setEditing(false)}
            onFailed={(error) =>
              notify({
                variant: 'error',
                title: PROFILE_MESSAGES.updateFailed,
                text: error instanceof ApiError ? error.error : 'Please try again.',
              })
            }
          />
        </Suspense>
      )}
    </div>
  );
}

/**
 * The profile's headline under the name (docs/product-rules.md "Profile"): where the membership
 * stands, or the way to apply when there is none.
 */
function MembershipHeadline({ membership }: { membership: ProfileMembership | undefined }) {
  if (!membership) {
    return (
      <p className="mt-4">
        <Link
          to={paths.userForms}
          className="font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800"
        >
          {COMPLETE_APPLICATION_TEXT}
        </Link>
      </p>
    );
  }
  return (
    <p className="mt-4">
      <span className="sr-only">Membership: </span>
      <StatusBadge tone={toneOfStatus(membership.standing)} asWritten>
        {standingText(membership)}
      </StatusBadge>
    </p>
  );
}

function ContactLine({
  icon: Icon,
  label,
  value,
}: {
  icon: typeof Mail;
  label: string;
  value: string | null;
}) {
  return (
    <li className="flex gap-3">
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
      <div className="min-w-0 text-left">
        <p className="font-medium text-sm text-stone-600">{label}</p>
        <p className={`[overflow-wrap:anywhere] ${value ? '' : 'text-stone-500'}`}>
          {value || 'Not provided'}
        </p>
      </div>
    </li>
  );
}

function ProfileSkeleton() {
  return (
    <div className="grid gap-6 lg:grid-cols-[22rem_1fr]" aria-busy="true">
      <span className="sr-only" role="status">
        Loading profile…
      </span>
      <Skeleton className="h-96 rounded-2xl" />
      <div className="space-y-6">
        <Skeleton className="h-40 rounded-2xl" />
        <Skeleton className="h-64 rounded-2xl" />
      </div>
    </div>
  );
}
