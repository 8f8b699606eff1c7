import { type DocumentCollection, getDocumentUrl, type StaticDocument } from '@portal/shared';
import { Download, FileText } from 'lucide-react';

export type DocumentGroup<Category extends string = string> = {
  category: Category;
  documents: StaticDocument<Category>[];
};

/** The collection's documents grouped under its categories, in the collection's order; empty groups are left out. */
export function groupDocumentsByCategory<Category extends string>(
  collection: Pick<DocumentCollection<Category>, 'categories' | 'documents'>,
): DocumentGroup<Category>[] {
  return collection.categories
    .map((category) => ({
      category,
      documents: collection.documents.filter((document) => document.category === category),
    }))
    .filter((group) => group.documents.length > 0);
}

function slugify(text: string) {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * The downloads of one collection (spec 001 §2 "Static pages"), one section per category. Each
 * link points straight at the file the API serves; for members-only files the server decides.
 */
export function DocumentList({
  collection,
  onDownload,
}: {
  collection: DocumentCollection;
  /** When set, a click on Download calls it instead of downloading (the reader may not have the file). */
  onDownload?: (document: StaticDocument) => void;
}) {
  const groups = groupDocumentsByCategory(collection);
  return (
    <div className="space-y-14">
      {groups.map((group) => {
        const headingId = `documents-${slugify(group.category)}`;
        return (
          <section key={group.category} aria-labelledby={headingId}>
            <div className="mb-5 flex items-baseline justify-between gap-4 border-stone-200 border-b pb-3">
              <h2 id={headingId} className="font-display font-semibold text-2xl">
                {group.category}
              </h2>
              <p className="shrink-0 text-sm text-stone-600">
                {group.documents.length} {group.documents.length === 1 ? 'file' : 'files'}
              </p>
            </div>
            <ul className="divide-y divide-stone-200 overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm">
              {group.documents.map((document) => (
                <DocumentRow
                  key={document.filename}
                  url={getDocumentUrl(collection, document)}
                  document={document}
                  onDownload={onDownload}
                />
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

function DocumentRow({
  document,
  url,
  onDownload,
}: {
  document: StaticDocument;
  url: string;
  onDownload?: (document: StaticDocument) => void;
}) {
  const typeLabel = document.type.toUpperCase();
  return (
    <li className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:gap-6 sm:px-6">
      <div className="flex min-w-0 flex-1 gap-4">
        <div
          aria-hidden="true"
          className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700"
        >
          <FileText className="size-5" />
        </div>
        <div className="min-w-0">
          <h3 className="font-semibold text-base text-stone-900 leading-snug">{document.title}</h3>
          <p className="mt-1 text-sm text-stone-600 leading-relaxed">{document.description}</p>
        </div>
      </div>
      <div className="flex shrink-0 items-center gap-3 pl-15 sm:pl-0">
        <span className="rounded bg-accent-100 px-2 py-0.5 font-semibold text-accent-800 text-xs tracking-wide">
          <span className="sr-only">File type:</span> {typeLabel}
        </span>
        <a
          href={url}
          download={document.filename}
          onClick={
            onDownload
              ? (event) => {
                  event.preventDefault();
                  onDownload(document);
                }
              : undefined
          }
          className="inline-flex h-9 items-center gap-2 rounded-lg border border-stone-300 bg-white px-3.5 font-semibold text-brand-800 text-sm transition-colors hover:border-brand-300 hover:bg-brand-50"
        >
          <Download aria-hidden="true" className="size-4" />
          Download{' '}
          <span className="sr-only">
            {document.title} ({typeLabel})
          </span>
        </a>
      </div>
    </li>
  );
}
