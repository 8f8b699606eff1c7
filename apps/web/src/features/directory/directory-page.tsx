import {
  DIRECTORY_ACTIVITIES,
  DIRECTORY_COMMODITIES,
  DIRECTORY_MESSAGES,
  DIRECTORY_SPECIALISATIONS,
  type DirectoryEntry,
  PHILIPPINE_PROVINCES,
  PHILIPPINE_REGIONS,
  PROFESSIONS,
  regionOfProvince,
} from '@portal/shared';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { SearchField } from '@/components/admin-list/list-toolbar';
import {
  readPublicListParams,
  useDropRefusedParams,
  useKeepPageInRange,
  usePublicListParams,
} from '@/components/admin-list/use-list-params';
import { PageHeader } from '@/components/ui/page-header';
import { PublicPagination } from '@/components/ui/pagination';
import { SectionEmptyState } from '@/components/ui/section-empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import type { PagePrefetch } from '@/lib/page-prefetch';
import { directoryParams, directoryQueryOptions, useDirectory } from './api/directory';
import { EntryFacts, EntryLogo, kindLabel, ProfessionLine } from './components/entry-facts';

const controlClasses =
  'h-11 w-full rounded-lg border border-stone-300 bg-white px-3 text-stone-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30';

type Filter = {
  name: 'kind' | 'commodity' | 'activity' | 'region' | 'province' | 'profession' | 'specialisation';
  label: string;
  all: string;
  options: readonly { code: string; label: string }[];
};
const FILTERS: Filter[] = [
  {
    name: 'kind',
    label: 'Listing',
    all: 'Companies and professionals',
    options: [
      { code: 'company', label: 'Companies' },
      { code: 'professional', label: 'Professionals' },
    ],
  },
  { name: 'commodity', label: 'Commodity', all: 'All commodities', options: DIRECTORY_COMMODITIES },
  { name: 'activity', label: 'Activity', all: 'All activities', options: DIRECTORY_ACTIVITIES },
  { name: 'region', label: 'Region', all: 'All regions', options: PHILIPPINE_REGIONS },
  { name: 'province', label: 'Province', all: 'All provinces', options: PHILIPPINE_PROVINCES },
  { name: 'profession', label: 'Profession', all: 'All professions', options: PROFESSIONS },
  {
    name: 'specialisation',
    label: 'Specialisation',
    all: 'All specialisations',
    options: DIRECTORY_SPECIALISATIONS,
  },
];

/**
 * A filter's choices: the provinces of the region chosen (all of them while no region is), so a
 * province never contradicts its region.
 */
function optionsOf(filter: Filter, region: string | undefined) {
  if (filter.name !== 'province' || !region) return filter.options;
  return PHILIPPINE_PROVINCES.filter((province) => province.region === region);
}

/** The parameters a changed filter sets: another region drops a province outside it. */
function paramsFor(name: Filter['name'], value: string | undefined, province: string | undefined) {
  if (name === 'region' && value && province && regionOfProvince(province) !== value)
    return { region: value, province: undefined };
  return { [name]: value };
}

/** The page /directory shows for its address, fetched before the server renders it for guests. */
export const prefetchDirectoryPage: PagePrefetch = ({ queryClient, search, reads }) =>
  queryClient.fetchQuery(
    directoryQueryOptions(readPublicListParams(directoryParams, search), reads.listDirectory),
  );

/**
 * /directory (docs/product-rules.md "Member directory"): search by name and filters, all in the
 * address so a search can be shared; results as cards. What each card shows is what the server
 * answered this viewer.
 */
export function DirectoryPage() {
  const list = usePublicListParams(directoryParams);
  const directory = useDirectory(list.query);
  const droppingRefused = useDropRefusedParams(list, directory.error);
  const page = directory.isError ? undefined : directory.data;
  useKeepPageInRange(list, page?.pagination);
  useEffect(() => {
    if (directory.isError && !droppingRefused) console.error('Failed to load the directory', directory.error);
  }, [directory.isError, directory.error, droppingRefused]);

  return (
    <>
      <PageHeader
        eyebrow="Members"
        title={DIRECTORY_MESSAGES.title}
        intro={
          <>
            <p>{DIRECTORY_MESSAGES.intro}</p>
            <p className="mt-2 text-sm">{DIRECTORY_MESSAGES.membersOnlyHint}</p>
          </>
        }
      />
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 lg:px-8">
        <section aria-label="Find members" className="mb-10">
          <SearchField
            label="Search the directory"
            placeholder="Search by company or person's name"
            value={list.query.search}
            onSearch={(search) => list.setParams({ search })}
          />
          <div className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {FILTERS.map((filter) => (
              <label key={filter.name} className="block">
                <span className="mb-1.5 block font-medium text-sm text-stone-800">{filter.label}</span>
                <select
                  className={controlClasses}
                  value={list.query[filter.name] ?? ''}
                  onChange={(event) =>
                    list.setParams(
                      paramsFor(filter.name, event.target.value || undefined, list.query.province),
                    )
                  }
                >
                  <option value="">{filter.all}</option>
                  {optionsOf(filter, list.query.region).map((option) => (
                    <option key={option.code} value={option.code}>
                      {option.label}
                    </option>
                  ))}
                </select>
              </label>
            ))}
          </div>
        </section>

        {directory.isPending || droppingRefused ? (
          <div role="status" aria-label="Loading the directory" className="grid gap-6 md:grid-cols-2">
            <Skeleton className="h-40" />
            <Skeleton className="h-40" />
          </div>
        ) : !page || page.data.length === 0 ? (
          <SectionEmptyState text={DIRECTORY_MESSAGES.empty} />
        ) : (
          <>
            <p className="mb-4 text-sm text-stone-700" aria-live="polite">
              {page.pagination.total === 1 ? '1 entry' : `${page.pagination.total} entries`}
            </p>
            <ul className="grid gap-6 md:grid-cols-2" aria-label="Directory entries">
              {page.data.map((entry) => (
                <li key={entry.id} className="flex">
                  <EntryCard entry={entry} />
                </li>
              ))}
            </ul>
          </>
        )}

        {page && (
          <div className="mt-10">
            <PublicPagination
              page={page.pagination.page}
              totalPages={page.pagination.totalPages}
              onPageChange={(number) => {
                list.setPage(number);
                window.scrollTo({ top: 0 });
              }}
              label="Directory pages"
            />
          </div>
        )}
      </div>
    </>
  );
}

function EntryCard({ entry }: { entry: DirectoryEntry }) {
  return (
    <article className="flex w-full flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
      <div className="flex items-start gap-4">
        <EntryLogo entry={entry} className="size-14 rounded-xl" />
        <div className="min-w-0">
          <p className="font-medium text-brand-800 text-xs uppercase tracking-wide">
            {kindLabel(entry.kind)}
          </p>
          <h2 className="break-words font-semibold text-stone-900 text-xl">
            <Link to={paths.directoryEntry(entry.id)} className="hover:underline">
              {entry.name}
            </Link>
          </h2>
          {entry.tradeName && entry.tradeName !== entry.name && (
            <p className="text-sm text-stone-700">Trading as {entry.tradeName}</p>
          )}
        </div>
      </div>
      <ProfessionLine entry={entry} />
      {entry.about && <p className="line-clamp-3 text-stone-700">{entry.about}</p>}
      <EntryFacts entry={entry} compact />
    </article>
  );
}
