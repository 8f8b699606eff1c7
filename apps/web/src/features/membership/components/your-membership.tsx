import { formatDate, membershipStanding, type Profile } from '@portal/shared';
import { CircleCheck, CircleDot } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button-styles';
import { paths } from '@/config/paths';

type Step = {
  title: string;
  state: 'done' | 'next' | 'waiting';
  text: string;
  /** Where the next step is taken, when it is not the membership form. */
  action?: { label: string; to: string };
};

/**
 * What the signed-in reader has done of joining and what comes next
 * (docs/product-rules.md "Membership lifecycle" and "Dues").
 */
export function joiningSteps(profile: Pick<Profile, 'isNew' | 'memberships'>, now = new Date()): Step[] {
  const newest = profile.memberships[0];
  const standing = newest
    ? membershipStanding(
        {
          status: newest.status,
          expires_at: newest.expiresAt,
          unpaid_due_on: newest.unpaidDueOn,
          grace_ends_on: newest.graceEndsOn,
        },
        now,
      )
    : null;
  const applied = !profile.isNew && newest !== undefined;
  const steps: Step[] = [
    { title: 'Create an account and verify your e-mail', state: 'done', text: 'Your account is verified.' },
    applied
      ? { title: 'Complete the membership form', state: 'done', text: 'Your application has been sent.' }
      : {
          title: 'Complete the membership form',
          state: 'next',
          text: 'Tell us about yourself or your company and, for companies, your representatives.',
        },
  ];
  if (!applied) return steps;
  if (standing === 'pending') {
    steps.push({
      title: 'Review by the secretariat',
      state: 'waiting',
      text: 'Your membership is pending. Once it is approved, your statement of account for the annual fee appears under Dues on your profile.',
    });
  } else if (standing === 'awaiting_payment' || standing === 'overdue' || standing === 'lapsed') {
    steps.push({
      title: 'Pay the annual fee',
      state: 'next',
      text:
        standing === 'lapsed'
          ? "Your membership has lapsed: the grace after the due date is over, so the members' area is closed and voting is suspended. Pay your statement under Dues on your profile to be active again."
          : standing === 'overdue'
            ? 'Your statement of account is past its due date. Pay it, or upload your proof of payment, under Dues on your profile.'
            : 'Your membership is approved. Pay your statement of account, or upload your proof of payment, under Dues on your profile; your 12 months start on the date of payment.',
      action: { label: 'See what to pay', to: `${paths.profile}#dues` },
    });
  } else if (standing === 'active') {
    steps.push({
      title: 'Membership active',
      state: 'done',
      text: `Your ${newest?.category} membership is active until ${formatDate(newest?.expiresAt)}.`,
    });
  } else if (standing === 'expired') {
    steps.push({
      title: 'Renew your membership',
      state: 'next',
      text: `Your membership expired on ${formatDate(newest?.expiresAt)}. Send the form again to renew it.`,
    });
  } else if (standing === 'rejected') {
    steps.push({
      title: 'Application not approved',
      state: 'waiting',
      text: 'Your application was not approved. Please contact the secretariat.',
    });
  }
  return steps;
}

export function YourMembership({ profile }: { profile: Profile }) {
  const steps = joiningSteps(profile);
  const next = steps.find((step) => step.state === 'next');
  return (
    <section
      aria-labelledby="your-membership-heading"
      className="mb-16 rounded-2xl border border-brand-100 bg-brand-50/60 p-6 sm:p-8"
    >
      <h2 id="your-membership-heading" className="font-display font-semibold text-2xl text-stone-900">
        Your membership
      </h2>
      <ol className="mt-5 space-y-4">
        {steps.map((step) => (
          <li key={step.title} className="flex gap-3">
            {step.state === 'done' ? (
              <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
            ) : (
              <CircleDot aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent-600" />
            )}
            <div>
              <p className="font-semibold text-stone-900">
                {step.title}{' '}
                <span className="font-normal text-sm text-stone-600">
                  ({step.state === 'done' ? 'done' : step.state === 'next' ? 'next step' : 'in progress'})
                </span>
              </p>
              <p className="text-stone-700">{step.text}</p>
            </div>
          </li>
        ))}
      </ol>
      {next && (
        <Link
          to={next.action?.to ?? paths.userForms}
          className={buttonClasses({ variant: 'primary', className: 'mt-6' })}
        >
          {next.action?.label ??
            (profile.isNew ? 'Complete your membership application' : 'Renew your membership')}
        </Link>
      )}
    </section>
  );
}
