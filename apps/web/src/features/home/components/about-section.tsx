import { BOARD_OFFICER_COUNT, BOARD_TRUSTEE_COUNT, siteConfig } from '@portal/shared';
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

/** The facts of spec 000 §1 "About the association", in brief; the About page has the rest. */
const facts = [
  { value: String(siteConfig.registeredYear), label: 'Registered as a non-stock, non-profit association' },
  { value: String(siteConfig.renamedYear), label: 'Renamed to its present name' },
  { value: String(BOARD_TRUSTEE_COUNT), label: 'Volunteer trustees, elected every June' },
  { value: 'Monthly', label: 'Meetings, usually on the first business Monday' },
];

export function AboutSection() {
  return (
    <section aria-labelledby="about-title" className="below-the-fold bg-white py-20 sm:py-28">
      <div className="mx-auto grid max-w-7xl gap-12 px-4 sm:px-6 lg:grid-cols-2 lg:gap-20 lg:px-8">
        <div>
          <p className="font-semibold text-accent-700 text-sm uppercase tracking-widest">About Us</p>
          <h2
            id="about-title"
            className="mt-2 font-display font-semibold text-3xl text-stone-900 leading-tight sm:text-4xl"
          >
            The voice of mineral exploration in the Philippines
          </h2>
          <div className="mt-6 space-y-4 text-lg text-stone-600 leading-relaxed">
            <p>
              {siteConfig.acronym} is a non-stock, non-profit association for mineral exploration and resource
              development, registered in {siteConfig.registeredYear} and renamed in {siteConfig.renamedYear}.
            </p>
            <p>
              It is run by {BOARD_TRUSTEE_COUNT} volunteer Trustees elected at the annual meeting in June, who
              elect {BOARD_OFFICER_COUNT} officers: President, Vice President, Secretary and Treasurer. A
              secretariat handles the daily work.
            </p>
          </div>
          <Link
            to={paths.about}
            className="group mt-8 inline-flex items-center gap-1.5 rounded-md font-semibold text-brand-700 hover:text-brand-900"
          >
            Learn more about {siteConfig.acronym}
            <ArrowRight
              aria-hidden="true"
              className="size-4 transition-transform group-hover:translate-x-0.5"
            />
          </Link>
        </div>
        <dl className="grid content-center gap-4 sm:grid-cols-2">
          {facts.map((fact) => (
            <div key={fact.label} className="rounded-2xl border border-stone-200 bg-stone-50 p-6">
              <dt className="sr-only">{fact.label}</dt>
              <dd>
                <span className="block font-display font-semibold text-3xl text-brand-800">{fact.value}</span>
                <span className="mt-2 block text-stone-600 leading-snug">{fact.label}</span>
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
