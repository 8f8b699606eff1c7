import { BOARD_OFFICER_COUNT, BOARD_TRUSTEE_COUNT, siteConfig, TRUSTED_PARTNERS } from '@portal/shared';
import { CalendarDays, Handshake, Landmark, Megaphone, Users } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button-styles';
import { PageHeader } from '@/components/ui/page-header';
import { PartnerMark } from '@/components/ui/partner-mark';
import { paths } from '@/config/paths';

const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
/** Small counts read better as words in prose; the figures themselves live in packages/shared. */
const inWords = (count: number) => NUMBER_WORDS[count] ?? String(count);

const OFFICER_TITLES = ['President', 'Vice President', 'Secretary', 'Treasurer'];

const WHAT_WE_DO = [
  {
    icon: CalendarDays,
    title: 'Bring the industry together',
    text: 'A monthly meeting where explorers, consultants, contractors, suppliers and regulators meet, hear a technical presentation and talk shop.',
  },
  {
    icon: Landmark,
    title: 'Speak for exploration',
    text: 'A constructive voice in dialogue with government on permitting, reporting and the policies that decide whether discoveries are made in the Philippines.',
  },
  {
    icon: Megaphone,
    title: 'Share knowledge',
    text: 'Guidance notes, forms and news for members, and a platform for members to present their projects, studies and services.',
  },
  {
    icon: Handshake,
    title: 'Raise the standard of practice',
    text: 'A code of conduct, good reporting to recognised standards, and respect for the communities and environment where exploration happens.',
  },
] as const;

/** /about (spec 000 §1 "About the association"). */
export function AboutPage() {
  const facts = [
    { label: 'Registered', value: String(siteConfig.registeredYear) },
    { label: 'Renamed', value: String(siteConfig.renamedYear) },
    { label: 'Volunteer Trustees', value: String(BOARD_TRUSTEE_COUNT) },
    { label: 'Elected officers', value: String(BOARD_OFFICER_COUNT) },
  ];

  return (
    <>
      <PageHeader
        eyebrow="About"
        title={`About ${siteConfig.acronym}`}
        intro={`The ${siteConfig.name} brings together the companies and professionals who search for the country’s mineral resources.`}
      />

      <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-20 lg:px-8">
        <section
          aria-labelledby="who-we-are-heading"
          className="grid gap-12 lg:grid-cols-[1fr_20rem] lg:gap-16"
        >
          <div>
            <h2 id="who-we-are-heading" className="font-display font-semibold text-3xl">
              Who we are
            </h2>
            <div className="mt-5 space-y-4 text-lg text-stone-700 leading-relaxed">
              <p>
                {siteConfig.acronym} is a non-stock, non-profit association for mineral exploration and
                resource development in the Philippines. It was registered in {siteConfig.registeredYear} and
                took its present name in {siteConfig.renamedYear}.
              </p>
              <p>
                Our members are exploration and mining companies, the firms that serve them, and the
                geologists, engineers and other professionals who do the work. What unites them is a belief
                that responsible exploration is the first step towards mineral development that benefits the
                country and the communities that host it.
              </p>
            </div>
          </div>
          <dl className="grid grid-cols-2 gap-px self-start overflow-hidden rounded-2xl border border-stone-200 bg-stone-200">
            {facts.map((fact) => (
              <div key={fact.label} className="flex flex-col-reverse bg-white p-5">
                <dt className="mt-1 text-sm text-stone-600">{fact.label}</dt>
                <dd className="font-display font-semibold text-3xl text-brand-800">{fact.value}</dd>
              </div>
            ))}
          </dl>
        </section>

        <section aria-labelledby="what-we-do-heading" className="mt-20">
          <h2 id="what-we-do-heading" className="font-display font-semibold text-3xl">
            What we do
          </h2>
          <p className="mt-4 max-w-3xl text-lg text-stone-700 leading-relaxed">
            Our mission is to help exploration in the Philippines be done well: safely, lawfully, to high
            technical standards and with the trust of the people it affects.
          </p>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2">
            {WHAT_WE_DO.map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-7">
                <div
                  aria-hidden="true"
                  className="flex size-11 items-center justify-center rounded-lg bg-accent-100 text-accent-800"
                >
                  <Icon className="size-5" />
                </div>
                <h3 className="mt-4 font-semibold text-lg text-stone-900">{title}</h3>
                <p className="mt-2 text-stone-700 leading-relaxed">{text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="governance-heading" className="mt-20 grid gap-10 lg:grid-cols-2 lg:gap-16">
          <div>
            <h2 id="governance-heading" className="font-display font-semibold text-3xl">
              How we are run
            </h2>
            <div className="mt-5 space-y-4 text-stone-700 leading-relaxed">
              <p>
                The association is run by {inWords(BOARD_TRUSTEE_COUNT)} Trustees who serve as volunteers.
                Members elect them at the annual meeting, held in June.
              </p>
              <p>
                The Trustees in turn elect {inWords(BOARD_OFFICER_COUNT)} officers:{' '}
                {OFFICER_TITLES.slice(0, -1).join(', ')} and {OFFICER_TITLES.at(-1)}. A secretariat looks
                after the day-to-day work: membership, billing, meetings and enquiries.
              </p>
            </div>
            <Link
              to={paths.boardOfTrustees}
              className={buttonClasses({ variant: 'secondary', className: 'mt-6' })}
            >
              <Users aria-hidden="true" className="size-4" />
              Meet the Board of Trustees
            </Link>
          </div>
          <div className="rounded-2xl bg-brand-900 p-7 text-brand-50 sm:p-9">
            <h3 className="font-display font-semibold text-2xl text-white">The monthly meeting</h3>
            <p className="mt-4 leading-relaxed">
              Members meet once a month, usually on the first business Monday. Each meeting brings association
              business, a technical presentation and time to catch up with colleagues from across the
              industry. Guests are welcome.
            </p>
            <Link to={paths.membership} className={buttonClasses({ variant: 'accent', className: 'mt-6' })}>
              Membership and meeting rates
            </Link>
          </div>
        </section>

        <section aria-labelledby="partners-heading" className="mt-20 border-stone-200 border-t pt-16">
          <h2 id="partners-heading" className="font-display font-semibold text-3xl">
            Our partners
          </h2>
          <p className="mt-4 max-w-3xl text-stone-700 leading-relaxed">
            We work alongside government agencies, industry bodies and professional societies.{' '}
            <Link
              to={paths.affiliations}
              className="font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800"
            >
              See all our affiliations
            </Link>
            .
          </p>
          {/* Centred rows, so an odd last partner sits in the middle rather than alone on the left. */}
          <ul className="mt-10 flex flex-wrap justify-center gap-4">
            {TRUSTED_PARTNERS.map((partner) => (
              <li
                key={partner.id}
                className="flex w-[calc(50%-0.5rem)] flex-col items-center gap-4 rounded-2xl border border-stone-200 bg-white p-5 text-center sm:w-[calc((100%-2rem)/3)] lg:w-[calc((100%-4rem)/5)]"
              >
                <PartnerMark partner={partner} className="size-20" />
                <span className="font-medium text-sm text-stone-800 leading-snug">{partner.name}</span>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </>
  );
}
