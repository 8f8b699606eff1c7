import {
  formatPesos,
  getDocumentUrl,
  MEETING_ATTENDEES,
  MEETING_FEES,
  MEETING_PRESENTATION_MINUTES,
  MEMBERSHIP_FEES,
  MEMBERSHIP_PERIOD_MONTHS,
  membershipDocumentsCollection,
  PREFERRED_PACKAGE_KEY,
  REPRESENTATIVE_LIMITS,
  SECOND_SEMESTER_DUE_DAYS,
  SELECTABLE_MEMBERSHIP_CATEGORIES,
  SEMESTRAL_PERIOD_MONTHS,
  siteConfig,
} from '@portal/shared';
import { Check, Download, FileText, LockKeyhole } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { buttonClasses } from '@/components/ui/button-styles';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { useIsLoggedIn } from '@/lib/session-store';
import { useOwnProfile } from './api/get-own-profile';
import { YourMembership } from './components/your-membership';

type Package = (typeof SELECTABLE_MEMBERSHIP_CATEGORIES)[number];

const PACKAGE_DETAILS: Record<Package, { audience: string; representatives: string }> = {
  Regular: {
    audience: 'Exploration and mining companies',
    representatives: `Up to ${REPRESENTATIVE_LIMITS.Regular} representatives, one of them voting`,
  },
  Associate: {
    audience: 'Companies that serve the exploration industry',
    representatives: `Up to ${REPRESENTATIVE_LIMITS.other} representatives, one of them voting`,
  },
  Individual: {
    audience: 'Professionals joining in their own name',
    representatives: 'Membership in your own name',
  },
};

const STEPS = [
  {
    title: 'Select your membership type',
    text: 'Choose Regular, Associate or Individual below. We will remember your choice for the membership form.',
  },
  {
    title: 'Create an account and verify your e-mail',
    text: 'Register on this website, then open the link we send to your e-mail address to verify it.',
  },
  {
    title: 'Complete the membership form',
    text: 'Log in and fill in your company or individual details and, for companies, your representatives. The secretariat will be in touch once it is reviewed.',
  },
] as const;

const CATEGORY_DESCRIPTIONS = [
  {
    name: 'Regular',
    text: `For companies that hold or are applying for exploration or mining tenements in the Philippines. A Regular member may name up to ${REPRESENTATIVE_LIMITS.Regular} representatives, one of whom votes for the company.`,
  },
  {
    name: 'Associate',
    text: `For companies that serve the exploration industry: drilling contractors, laboratories, consultants, suppliers, law firms and others. An Associate member may name up to ${REPRESENTATIVE_LIMITS.other} representatives, one of whom votes for the company.`,
  },
  {
    name: 'Individual',
    text: 'For geologists, engineers, lawyers and other professionals who work in or with the industry and wish to join in their own name.',
  },
  {
    name: 'Honorary',
    text: 'Conferred on people who have given distinguished service to Philippine exploration. Honorary membership is by board recommendation and approval only; it cannot be applied for.',
  },
] as const;

const MEETING_RATES = [
  { label: 'Member representatives with their membership card', amount: MEETING_FEES.memberRepresentative },
  { label: 'Guests and non-members', amount: MEETING_FEES.guest },
  {
    label: 'Privileged rate for professionals with a current professional registration card',
    amount: MEETING_FEES.professional,
  },
] as const;

const BENEFITS = [
  `A seat at the monthly meeting at the member rate, among ${MEETING_ATTENDEES} attendees from exploration companies, service providers and government.`,
  `The chance to present your project, study or services to the meeting in a ${MEETING_PRESENTATION_MINUTES} minute presentation.`,
  "Member's News: announcements from the Trustees and the secretariat on meetings, elections, dues and regulation.",
  'A voice in the association’s dialogue with government on the rules that govern exploration.',
  'The right to vote, through your voting representative, and to stand for election as a Trustee at the annual meeting in June.',
  'Contacts across the industry: potential partners, contractors, investors and colleagues.',
] as const;

function SelectPlanButton({ plan, className }: { plan: Package; className?: string }) {
  const navigate = useNavigate();
  return (
    <button
      type="button"
      onClick={() => {
        // spec 001 §2: the membership form reads this choice back after registration.
        localStorage.setItem(PREFERRED_PACKAGE_KEY, plan);
        navigate(paths.register);
      }}
      className={buttonClasses({ variant: 'accent', className })}
    >
      Select Plan <span className="sr-only">{plan}</span>
    </button>
  );
}

/** /membership (spec 001 §2 "Membership page", spec 000 §9 fees and meeting rates). */
export function MembershipPage() {
  const isSignedIn = useIsLoggedIn();
  // Signed in, the page says what is done of joining and what is next.
  const ownProfile = useOwnProfile(isSignedIn);

  return (
    <>
      <PageHeader
        eyebrow="Membership"
        title={`Join ${siteConfig.acronym}`}
        intro="Membership connects you with the people who find the country’s mineral resources: explorers, service providers, professionals and regulators."
      />

      <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-20 lg:px-8">
        {isSignedIn && ownProfile.data && <YourMembership profile={ownProfile.data} />}
        <section aria-labelledby="how-to-join-heading">
          <h2 id="how-to-join-heading" className="font-display font-semibold text-3xl">
            How to join
          </h2>
          <ol className="mt-8 grid gap-6 md:grid-cols-3">
            {STEPS.map((step, index) => (
              <li
                key={step.title}
                className="relative rounded-2xl border border-stone-200 bg-white p-6 shadow-sm"
              >
                <span
                  aria-hidden="true"
                  className="flex size-10 items-center justify-center rounded-full bg-brand-700 font-display font-semibold text-lg text-white"
                >
                  {index + 1}
                </span>
                <h3 className="mt-4 font-semibold text-lg text-stone-900">
                  <span className="sr-only">Step {index + 1}:</span> {step.title}
                </h3>
                <p className="mt-2 text-stone-700 leading-relaxed">{step.text}</p>
              </li>
            ))}
          </ol>
        </section>

        <section aria-labelledby="fees-heading" className="mt-20">
          <h2 id="fees-heading" className="font-display font-semibold text-3xl">
            Annual membership fees
          </h2>
          <p className="mt-4 max-w-3xl text-stone-700 leading-relaxed">
            Fees cover a {MEMBERSHIP_PERIOD_MONTHS}-month period from the date of payment.
          </p>

          {/* Phones: one card per package. */}
          <ul className="mt-8 grid gap-5 md:hidden">
            {SELECTABLE_MEMBERSHIP_CATEGORIES.map((plan) => (
              <li key={plan} className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
                <h3 className="font-display font-semibold text-2xl">{plan}</h3>
                <p className="mt-1 text-stone-600">{PACKAGE_DETAILS[plan].audience}</p>
                <p className="mt-5">
                  <span className="font-display font-semibold text-3xl text-brand-800">
                    {formatPesos(MEMBERSHIP_FEES[plan])}
                  </span>
                  <span className="ml-1 text-sm text-stone-600">per year</span>
                </p>
                <p className="mt-3 text-sm text-stone-700">{PACKAGE_DETAILS[plan].representatives}</p>
                {!isSignedIn && <SelectPlanButton plan={plan} className="mt-6 w-full" />}
              </li>
            ))}
          </ul>

          {/* Tablets and up: a comparison table. */}
          <div className="mt-8 hidden overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm md:block">
            <table className="w-full text-left">
              <caption className="sr-only">Annual membership fees by category</caption>
              <thead className="bg-stone-100 text-sm text-stone-700">
                <tr>
                  <th scope="col" className="px-6 py-4 font-semibold">
                    Category
                  </th>
                  <th scope="col" className="px-6 py-4 font-semibold">
                    Representatives
                  </th>
                  <th scope="col" className="px-6 py-4 text-right font-semibold">
                    Annual fee
                  </th>
                  {!isSignedIn && (
                    <th scope="col" className="px-6 py-4">
                      <span className="sr-only">Choose</span>
                    </th>
                  )}
                </tr>
              </thead>
              <tbody className="divide-y divide-stone-200">
                {SELECTABLE_MEMBERSHIP_CATEGORIES.map((plan) => (
                  <tr key={plan}>
                    <th scope="row" className="px-6 py-5 align-middle font-normal">
                      <span className="block font-display font-semibold text-stone-900 text-xl">{plan}</span>
                      <span className="mt-0.5 block text-sm text-stone-600">
                        {PACKAGE_DETAILS[plan].audience}
                      </span>
                    </th>
                    <td className="px-6 py-5 text-sm text-stone-700">
                      {PACKAGE_DETAILS[plan].representatives}
                    </td>
                    <td className="whitespace-nowrap px-6 py-5 text-right font-display font-semibold text-2xl text-brand-800">
                      {formatPesos(MEMBERSHIP_FEES[plan])}
                    </td>
                    {!isSignedIn && (
                      <td className="px-6 py-5 text-right">
                        <SelectPlanButton plan={plan} />
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>

        <section aria-labelledby="categories-heading" className="mt-20">
          <h2 id="categories-heading" className="font-display font-semibold text-3xl">
            Membership categories
          </h2>
          <dl className="mt-8 grid gap-6 sm:grid-cols-2">
            {CATEGORY_DESCRIPTIONS.map((category) => (
              <div
                key={category.name}
                className="border-accent-400 border-l-4 bg-white py-4 pr-5 pl-5 shadow-sm"
              >
                <dt className="font-display font-semibold text-stone-900 text-xl">{category.name}</dt>
                <dd className="mt-2 text-stone-700 leading-relaxed">{category.text}</dd>
              </div>
            ))}
          </dl>
        </section>

        <section aria-labelledby="benefits-heading" className="mt-20">
          <h2 id="benefits-heading" className="font-display font-semibold text-3xl">
            Membership benefits
          </h2>
          <ul className="mt-8 grid gap-x-10 gap-y-5 md:grid-cols-2">
            {BENEFITS.map((benefit) => (
              <li key={benefit} className="flex gap-3 text-stone-700 leading-relaxed">
                <Check aria-hidden="true" className="mt-1 size-5 shrink-0 text-brand-600" />
                {benefit}
              </li>
            ))}
          </ul>
        </section>

        <div className="mt-20 grid gap-8 lg:grid-cols-2">
          <section
            aria-labelledby="billing-heading"
            className="rounded-2xl border border-stone-200 bg-white p-6 sm:p-8"
          >
            <h2 id="billing-heading" className="font-display font-semibold text-2xl">
              Fees and billing
            </h2>
            <ul className="mt-5 list-disc space-y-3 pl-5 text-stone-700 leading-relaxed marker:text-accent-500">
              <li>
                New members are billed {MEMBERSHIP_PERIOD_MONTHS} months in advance once their application is
                approved.
              </li>
              <li>
                After that, dues are paid in two semestral payments of {SEMESTRAL_PERIOD_MONTHS} months each.
              </li>
              <li>
                The second semestral payment is due within {SECOND_SEMESTER_DUE_DAYS} days of the invoice.
              </li>
              <li>Voting rights need the first semester to be paid.</li>
            </ul>
          </section>

          <section
            aria-labelledby="meeting-rates-heading"
            className="rounded-2xl border border-stone-200 bg-white p-6 sm:p-8"
          >
            <h2 id="meeting-rates-heading" className="font-display font-semibold text-2xl">
              Monthly meeting rates
            </h2>
            <p className="mt-3 text-stone-700 leading-relaxed">Entry to each monthly meeting, per person.</p>
            <dl className="mt-5 divide-y divide-stone-200">
              {MEETING_RATES.map((rate) => (
                <div key={rate.label} className="flex items-baseline justify-between gap-6 py-3">
                  <dt className="text-stone-700">{rate.label}</dt>
                  <dd className="whitespace-nowrap font-semibold text-brand-800 text-lg">
                    {formatPesos(rate.amount)}
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        </div>

        <aside
          aria-labelledby="members-area-heading"
          className="mt-20 flex flex-col gap-4 rounded-2xl border border-accent-200 bg-accent-50 p-6 sm:flex-row sm:p-8"
        >
          <div
            aria-hidden="true"
            className="flex size-11 shrink-0 items-center justify-center rounded-full bg-accent-100 text-accent-800"
          >
            <LockKeyhole className="size-5" />
          </div>
          <div>
            <h2 id="members-area-heading" className="font-display font-semibold text-xl">
              The members' area
            </h2>
            <p className="mt-2 text-stone-700 leading-relaxed">
              Only fully paid members may access the members' area,{' '}
              <Link
                to={paths.membersNews}
                className="font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800"
              >
                Member's News
              </Link>
              . Log in with your member account to download its announcements.
            </p>
          </div>
        </aside>

        <section aria-labelledby="membership-downloads-heading" className="mt-20">
          <h2 id="membership-downloads-heading" className="font-display font-semibold text-3xl">
            Downloads
          </h2>
          <ul className="mt-8 grid gap-5 md:grid-cols-2">
            {membershipDocumentsCollection.documents.map((document) => (
              <li
                key={document.filename}
                className="flex flex-col gap-4 rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:flex-row sm:items-center"
              >
                <div
                  aria-hidden="true"
                  className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700"
                >
                  <FileText className="size-5" />
                </div>
                <div className="min-w-0 flex-1">
                  <h3 className="font-semibold text-stone-900">{document.title}</h3>
                  <p className="mt-1 text-sm text-stone-600">{document.description}</p>
                </div>
                <a
                  href={getDocumentUrl(membershipDocumentsCollection, document)}
                  download={document.filename}
                  className={buttonClasses({
                    variant: 'secondary',
                    size: 'sm',
                    className: 'shrink-0 self-start sm:self-center',
                  })}
                >
                  <Download aria-hidden="true" className="size-4" />
                  Download{' '}
                  <span className="sr-only">
                    {document.title} ({document.type.toUpperCase()})
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </>
  );
}
