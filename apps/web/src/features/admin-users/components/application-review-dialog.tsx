import {
  ADMIN_USER_MESSAGES,
  APPLICATION_REJECTION_REASON_MAX_CHARS,
  APPLICATION_REVIEW_MESSAGES,
  type ApplicationDecision,
  type ApplicationDecisionOutcome,
  formatDate,
  MEMBERSHIP_STANDING_LABELS,
  type MembershipApplication,
  type Representative,
} from '@portal/shared';
import * as Dialog from '@radix-ui/react-dialog';
import { Check, X } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { buttonClasses } from '@/components/ui/button-styles';
import { DialogCloseButton, DialogFooter, DialogPanel } from '@/components/ui/dialog';
import { ProfilePicture } from '@/components/ui/profile-picture';
import { ReasonDialog } from '@/components/ui/reason-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { StatusBadge, toneOfStatus } from '@/components/ui/status-badge';
import { useDecideApplications, useMembershipApplication } from '../api/applications';
import { refusalReason } from './user-labels';

type DecisionResult = { id: string; outcome: ApplicationDecisionOutcome };

/**
 * What a decision did, in a line and, when some applications were not decided as asked, a second
 * line saying which and why (docs/product-rules.md "Reviewing applications").
 */
export function summarizeDecisions(results: readonly DecisionResult[], status: ApplicationDecision) {
  const count = (outcome: ApplicationDecisionOutcome) =>
    results.filter((result) => result.outcome === outcome).length;
  const applications = (n: number) => `${n} application${n === 1 ? '' : 's'}`;
  const decided = count(status);
  const alreadyDecided = count('already_decided');
  const notFound = count('not_found');
  const detail = [
    alreadyDecided > 0 &&
      `${applications(alreadyDecided)} had already been decided by another administrator and ${alreadyDecided === 1 ? 'was' : 'were'} left as ${alreadyDecided === 1 ? 'it was' : 'they were'}.`,
    notFound > 0 && `${applications(notFound)} no longer exist${notFound === 1 ? 's' : ''}.`,
  ]
    .filter(Boolean)
    .join(' ');
  return {
    text: `${applications(decided)} ${status}.`,
    detail: detail || undefined,
    complete: decided === results.length,
  };
}

type ApplicationReviewDialogProps = {
  membershipId: string;
  onClose: () => void;
  /** The application was decided as asked. */
  onDecided: (text: string) => void;
  /** It was not: the failure, and why (another administrator decided it first, a refusal). */
  onFailed: (text: string, detail?: string) => void;
};

/**
 * The Review application panel (docs/product-rules.md "Reviewing applications"): what the applicant
 * submitted — contact, address, about, billing, logo or photo, representatives — with Approve and
 * Reject; Reject asks for the reason e-mailed to the applicant.
 */
export function ApplicationReviewDialog({
  membershipId,
  onClose,
  onDecided,
  onFailed,
}: ApplicationReviewDialogProps) {
  const application = useMembershipApplication(membershipId);
  const decide = useDecideApplications();
  const [rejecting, setRejecting] = useState(false);

  const send = (status: ApplicationDecision, reason?: string) =>
    decide.mutate(
      { ids: [membershipId], status, reason },
      {
        onSuccess: (results) => {
          if (results[0]?.outcome === status) {
            onDecided(ADMIN_USER_MESSAGES.membershipUpdated);
          } else {
            onFailed(
              ADMIN_USER_MESSAGES.membershipUpdateFailed,
              results[0]?.outcome === 'not_found'
                ? ADMIN_USER_MESSAGES.membershipNotFound
                : APPLICATION_REVIEW_MESSAGES.alreadyDecided,
            );
          }
          onClose();
        },
        onError: (error) => onFailed(ADMIN_USER_MESSAGES.membershipUpdateFailed, refusalReason(error)),
        onSettled: () => setRejecting(false),
      },
    );

  const data = application.data;
  const pending = data?.membership.status === 'pending';
  return (
    <Dialog.Root open onOpenChange={(open) => !open && !decide.isPending && onClose()}>
      <DialogPanel size="wide">
        <DialogCloseButton disabled={decide.isPending} />
        <Dialog.Title className="font-display font-semibold text-2xl text-stone-900">
          Review application
        </Dialog.Title>
        <Dialog.Description className="mt-1 text-sm text-stone-600">
          What the applicant submitted. Approving bills the first 12 months and e-mails them; rejecting
          e-mails them your reason.
        </Dialog.Description>
        {application.isPending ? (
          <div role="status" aria-label="Loading the application" className="mt-5 space-y-3">
            <Skeleton className="h-20 w-full" />
            <Skeleton className="h-32 w-full" />
          </div>
        ) : application.isError || !data ? (
          <p role="alert" className="mt-5 rounded-lg bg-red-50 px-4 py-3 text-red-800 text-sm">
            {APPLICATION_REVIEW_MESSAGES.loadFailed}
          </p>
        ) : (
          <ApplicationDetails application={data} />
        )}
        {data && (
          <DialogFooter>
            {pending ? (
              <>
                <button
                  type="button"
                  onClick={() => setRejecting(true)}
                  disabled={decide.isPending}
                  className={buttonClasses({
                    variant: 'secondary',
                    className: 'text-red-800 hover:border-red-300 hover:bg-red-50',
                  })}
                >
                  <X aria-hidden="true" className="size-4" />
                  Reject
                </button>
                <button
                  type="button"
                  onClick={() => send('approved')}
                  disabled={decide.isPending}
                  className={buttonClasses({ variant: 'primary' })}
                >
                  <Check aria-hidden="true" className="size-4" />
                  {decide.isPending && !rejecting ? 'Approving…' : 'Approve'}
                </button>
              </>
            ) : (
              <p className="col-span-2 text-sm text-stone-600">
                This application is {data.membership.status}: change it in the memberships editor.
              </p>
            )}
          </DialogFooter>
        )}
        {rejecting && data && (
          <ReasonDialog
            title="Reject application"
            text="The applicant is e-mailed this reason. It is kept in the account's history."
            confirmLabel="Reject application"
            pending={decide.isPending}
            requiredMessage={APPLICATION_REVIEW_MESSAGES.reasonRequired}
            maxLength={APPLICATION_REJECTION_REASON_MAX_CHARS}
            onCancel={() => setRejecting(false)}
            onConfirm={(reason) => send('rejected', reason)}
          >
            <p className="mb-4 text-sm text-stone-700">
              {displayName(data)}, {data.membership.category} membership
            </p>
          </ReasonDialog>
        )}
      </DialogPanel>
    </Dialog.Root>
  );
}

const displayName = ({ applicant }: MembershipApplication) => applicant.registeredName || applicant.username;

function ApplicationDetails({ application }: { application: MembershipApplication }) {
  const { membership, applicant, representatives } = application;
  const company = applicant.type === 'company';
  return (
    <>
      <div className="mt-5 flex items-start gap-4 rounded-lg bg-stone-50 p-4">
        <ProfilePicture
          src={company ? applicant.logoUrl : applicant.avatarUrl}
          name={displayName(application)}
          className="size-14 shrink-0 rounded-xl sm:size-16"
        />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <p className="font-semibold text-lg text-stone-900">{displayName(application)}</p>
            <StatusBadge tone={toneOfStatus(membership.standing)}>
              {MEMBERSHIP_STANDING_LABELS[membership.standing]}
            </StatusBadge>
          </div>
          {applicant.registeredName && <p className="text-sm text-stone-600">{applicant.username}</p>}
          <p className="text-sm text-stone-600">
            {membership.category} membership · applied {formatDate(membership.created_at)}
          </p>
        </div>
      </div>
      <Section title="Contact">
        <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
          <Fact label="E-mail">{applicant.email}</Fact>
          <Fact label="Phone">{applicant.phone}</Fact>
          <Fact label="Facsimile">{applicant.facsimile}</Fact>
          <Fact label="Address" wide>
            {applicant.address}
          </Fact>
        </dl>
      </Section>
      <Section title="About">
        <p className="whitespace-pre-line text-sm text-stone-800">{applicant.about || '—'}</p>
      </Section>
      <Section title="Billing">
        <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
          {company && <Fact label="Registered name">{applicant.registeredName}</Fact>}
          <Fact label="TIN">{applicant.tin}</Fact>
          <Fact label="Billing e-mail">{applicant.billingEmail}</Fact>
          <Fact label="Billing address" wide>
            {applicant.billingAddress}
          </Fact>
        </dl>
      </Section>
      {company && (
        <Section title="Representatives">
          {representatives.length === 0 ? (
            <p className="text-sm text-stone-600">No representatives.</p>
          ) : (
            <ul className="divide-y divide-stone-100 rounded-xl border border-stone-200">
              {representatives.map((rep) => (
                <RepresentativeItem key={rep.id} rep={rep} />
              ))}
            </ul>
          )}
        </Section>
      )}
    </>
  );
}

function RepresentativeItem({ rep }: { rep: Representative }) {
  const name = `${rep.firstName} ${rep.lastName}`;
  return (
    <li className="flex items-center gap-3 px-4 py-3 text-sm">
      <ProfilePicture src={rep.avatarUrl} name={name} className="size-10 shrink-0 rounded-full" />
      <div className="min-w-0 flex-1">
        <p className="font-medium text-stone-900">
          {name}
          {rep.preferredName && <span className="font-normal text-stone-600"> ({rep.preferredName})</span>}
        </p>
        <p className="text-stone-600">{rep.position || 'No position given'}</p>
        {rep.email && <p className="text-stone-600 [overflow-wrap:anywhere]">{rep.email}</p>}
      </div>
      {/* A representative without a type counts as not voting (docs/product-rules.md "Representatives"). */}
      <StatusBadge tone={rep.type === 'voting' ? 'green' : 'gray'} asWritten>
        {rep.type === 'voting' ? 'Voting' : 'Non-voting'}
      </StatusBadge>
    </li>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="mt-6">
      <h3 className="mb-3 font-semibold text-stone-900">{title}</h3>
      {children}
    </section>
  );
}

function Fact({ label, wide = false, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? 'min-w-0 sm:col-span-2' : 'min-w-0'}>
      <dt className="text-stone-500">{label}</dt>
      <dd className="break-words text-stone-900">{children || '—'}</dd>
    </div>
  );
}
