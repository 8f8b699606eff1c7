import { MGB_WEBSITE_URL, mgbGuidelinesCollection, siteConfig } from '@portal/shared';
import { ExternalLink } from 'lucide-react';
import { PageHeader } from '@/components/ui/page-header';
import { DocumentList } from './document-list';

/** /mgb-guidelines-and-forms (spec 001 §2 "Static pages"). */
export function MgbGuidelinesPage() {
  return (
    <>
      <PageHeader
        eyebrow="Resources"
        title="MGB Guidelines and Forms"
        intro="Guidelines, application forms and work program templates of the Mines and Geosciences Bureau that members use most when applying for and keeping exploration tenements."
      />
      <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-20 lg:px-8">
        <aside
          aria-labelledby="mgb-website-heading"
          className="mb-14 flex flex-col gap-5 rounded-2xl border border-brand-100 bg-brand-50 p-6 sm:flex-row sm:items-center sm:justify-between sm:p-8"
        >
          <div className="max-w-2xl">
            <h2 id="mgb-website-heading" className="font-display font-semibold text-xl">
              Always check the current version
            </h2>
            <p className="mt-2 text-stone-700 leading-relaxed">
              The Bureau revises its forms and issuances from time to time. The copies below are kept by the{' '}
              {siteConfig.acronym} secretariat for convenience; the official versions are on the Mines and
              Geosciences Bureau website and at its regional offices.
            </p>
          </div>
          <a
            href={MGB_WEBSITE_URL}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex h-11 shrink-0 items-center justify-center gap-2 self-start rounded-lg bg-brand-700 px-5 font-semibold text-sm text-white transition-colors hover:bg-brand-800 sm:self-center"
          >
            Visit the MGB website
            <ExternalLink aria-hidden="true" className="size-4" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </aside>
        <DocumentList collection={mgbGuidelinesCollection} />
      </div>
    </>
  );
}
