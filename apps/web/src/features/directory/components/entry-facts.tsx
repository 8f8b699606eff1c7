import {
  activityLabel,
  commodityLabel,
  DIRECTORY_MESSAGES,
  type DirectoryEntry,
  professionLabel,
  provinceLabel,
  regionLabel,
  specialisationLabel,
} from '@portal/shared';
import { BadgeCheck } from 'lucide-react';
import { ImageWithFallback } from '@/components/ui/image-with-fallback';
import { InitialsTile } from '@/components/ui/initials-tile';

/** The kind of an entry as a person reads it. */
export const kindLabel = (kind: DirectoryEntry['kind']) => (kind === 'company' ? 'Company' : 'Professional');

/** The chips of one list field (commodities, activities, specialisations), by their labels. */
function Chips({
  label,
  items,
  labelOf,
}: {
  label: string;
  items: string[];
  labelOf: (code: string) => string;
}) {
  if (items.length === 0) return null;
  return (
    <div>
      <dt className="font-medium text-stone-600 text-xs uppercase tracking-wide">{label}</dt>
      <dd className="mt-1 flex flex-wrap gap-1.5">
        {items.map((code) => (
          <span key={code} className="rounded-full bg-stone-100 px-2.5 py-0.5 text-sm text-stone-800">
            {labelOf(code)}
          </span>
        ))}
      </dd>
    </div>
  );
}

function Fact({ label, value }: { label: string; value: string | null | undefined }) {
  if (!value) return null;
  return (
    <div>
      <dt className="font-medium text-stone-600 text-xs uppercase tracking-wide">{label}</dt>
      <dd className="mt-1 text-stone-900">{value}</dd>
    </div>
  );
}

/** The profession with its licence badge (the number itself is never shown). */
export function ProfessionLine({ entry }: { entry: DirectoryEntry }) {
  if (!entry.profession) return null;
  return (
    <p className="flex flex-wrap items-center gap-2 text-stone-800">
      {professionLabel(entry.profession)}
      {entry.licenceVerified && (
        <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 font-medium text-emerald-800 text-xs">
          <BadgeCheck aria-hidden="true" className="size-4" />
          {DIRECTORY_MESSAGES.licenceVerified}
        </span>
      )}
      {entry.competentPerson && (
        <span className="rounded-full bg-sky-50 px-2 py-0.5 font-medium text-sky-800 text-xs">
          {DIRECTORY_MESSAGES.competentPerson}
        </span>
      )}
    </p>
  );
}

/**
 * Every field the answer carries, and nothing for a field it left out: what the viewer may see
 * is the server's decision (decision 072), the page shows what came.
 */
export function EntryFacts({ entry, compact = false }: { entry: DirectoryEntry; compact?: boolean }) {
  const areas = [
    ...(entry.regions ?? []).map(regionLabel),
    ...(entry.provinces ?? []).map(provinceLabel),
  ].join(', ');
  return (
    <dl className={`grid gap-3 ${compact ? '' : 'sm:grid-cols-2'}`}>
      <Chips label="Commodities" items={entry.commodities ?? []} labelOf={commodityLabel} />
      <Chips label="Activities" items={entry.activities ?? []} labelOf={activityLabel} />
      <Chips label="Specialisations" items={entry.specialisations ?? []} labelOf={specialisationLabel} />
      <Fact label="Regions and provinces" value={areas} />
      {!compact && (
        <>
          <Fact
            label="Years of practice"
            value={entry.yearsOfPractice == null ? null : String(entry.yearsOfPractice)}
          />
          <Fact label="Employer" value={entry.employer} />
          <Fact label="Contact person" value={entry.contactPerson} />
        </>
      )}
    </dl>
  );
}

/**
 * A company's logo as the directory's checked read answers it (decision 072), or its initials
 * when the answer names none (no logo, or one the viewer may not see) or it fails to load.
 * Decorative: the name is written beside it.
 */
export function EntryLogo({
  entry,
  className = 'size-16 rounded-xl',
}: {
  entry: Pick<DirectoryEntry, 'name' | 'logoUrl'>;
  className?: string;
}) {
  return (
    <ImageWithFallback
      src={entry.logoUrl}
      alt=""
      className={`shrink-0 border border-stone-200 bg-white object-contain p-1 ${className}`}
      fallback={<InitialsTile name={entry.name} className={`shrink-0 ${className}`} />}
    />
  );
}

/** The representatives who agreed to appear, by name and position (decision 072). */
export function EntryRepresentatives({ entry }: { entry: DirectoryEntry }) {
  if (!entry.representatives || entry.representatives.length === 0) return null;
  return (
    <section aria-labelledby="entry-representatives" className="mt-6">
      <h2 id="entry-representatives" className="font-medium text-stone-600 text-xs uppercase tracking-wide">
        Representatives
      </h2>
      <ul className="mt-2 grid gap-3 sm:grid-cols-2">
        {entry.representatives.map((rep) => (
          <li key={rep.id} className="flex items-center gap-3">
            <InitialsTile name={rep.name} className="size-10 shrink-0 rounded-full" />
            <div>
              <p className="font-medium text-stone-900">{rep.name}</p>
              {rep.position && <p className="text-sm text-stone-700">{rep.position}</p>}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
