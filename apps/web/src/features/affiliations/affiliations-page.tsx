import { AFFILIATIONS, siteConfig } from '@portal/shared';
import { ExternalLink } from 'lucide-react';
import { PageHeader } from '@/components/ui/page-header';
import { PartnerMark } from '@/components/ui/partner-mark';

/** 'https://www.psem.ph' → 'psem.ph', for a readable link label. */
function displayHost(url: string) {
  return new URL(url).hostname.replace(/^www\./, '');
}

/** /affiliations (spec 001 §2 "Static pages"): six partner organisations. */
export function AffiliationsPage() {
  return (
    <>
      <PageHeader
        eyebrow="About"
        title="Affiliations"
        intro={`${siteConfig.acronym} works with the government agencies, industry bodies and professional societies that share our interest in responsible mineral exploration.`}
      />
      <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-20 lg:px-8">
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {AFFILIATIONS.map((affiliation) => (
            <li key={affiliation.id}>
              <article
                aria-labelledby={`affiliation-${affiliation.id}`}
                className="flex h-full flex-col rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-7"
              >
                <div className="flex items-center gap-4">
                  <PartnerMark partner={affiliation} className="size-16" />
                  <div className="min-w-0">
                    <h2
                      id={`affiliation-${affiliation.id}`}
                      className="font-display font-semibold text-lg text-stone-900 leading-snug"
                    >
                      {affiliation.name}
                    </h2>
                    <p className="mt-0.5 font-semibold text-accent-700 text-sm tracking-wide">
                      {affiliation.acronym}
                    </p>
                  </div>
                </div>
                <p className="mt-5 flex-1 text-stone-700 leading-relaxed">{affiliation.description}</p>
                {'url' in affiliation ? (
                  <a
                    href={affiliation.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="mt-6 inline-flex items-center gap-2 self-start font-semibold text-brand-700 underline-offset-4 hover:text-brand-800 hover:underline"
                  >
                    Visit {displayHost(affiliation.url)}
                    <ExternalLink aria-hidden="true" className="size-4" />
                    <span className="sr-only"> (opens in a new tab)</span>
                  </a>
                ) : (
                  <p className="mt-6 text-sm text-stone-600">{affiliation.noWebsite}</p>
                )}
              </article>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
