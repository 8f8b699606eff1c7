import { associationFormsCollection, siteConfig } from '@portal/shared';
import { Mail } from 'lucide-react';
import { PageHeader } from '@/components/ui/page-header';
import { DocumentList } from './document-list';

/** /{product}-forms (spec 001 §2 "Static pages"). */
export function AssociationFormsPage() {
  return (
    <>
      <PageHeader
        eyebrow="Resources"
        title={`${siteConfig.acronym} Forms`}
        intro={`The standards, forms and meeting documents of the ${siteConfig.name}, for members and for anyone working with us.`}
      />
      <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-20 lg:px-8">
        <DocumentList collection={associationFormsCollection} />
        <aside className="mt-16 flex flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-6 sm:flex-row sm:items-center sm:gap-5 sm:p-8">
          <div
            aria-hidden="true"
            className="flex size-11 shrink-0 items-center justify-center rounded-full bg-accent-100 text-accent-800"
          >
            <Mail className="size-5" />
          </div>
          <p className="text-stone-700 leading-relaxed">
            Send completed forms to the secretariat at{' '}
            <a
              href={`mailto:${siteConfig.secretariatEmail}`}
              className="font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800"
            >
              {siteConfig.secretariatEmail}
            </a>
            . If you cannot find the document you need, ask us and we will send it to you.
          </p>
        </aside>
      </div>
    </>
  );
}
