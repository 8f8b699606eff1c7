import {
  DIRECTORY_ACTIVITIES,
  DIRECTORY_COMMODITIES,
  DIRECTORY_FIELD_LABELS,
  DIRECTORY_FIELDS_BY_KIND,
  DIRECTORY_MESSAGES,
  DIRECTORY_REPRESENTATIVE_MESSAGES,
  DIRECTORY_REPRESENTATIVE_STATUS_LABELS,
  DIRECTORY_SPECIALISATIONS,
  DIRECTORY_VISIBILITIES,
  DIRECTORY_VISIBILITY_LABELS,
  type DirectoryField,
  type DirectoryListingUpdate,
  type DirectoryVisibility,
  type MyDirectoryListing,
  PHILIPPINE_PROVINCES,
  PHILIPPINE_REGIONS,
  PROFESSIONS,
  regionOfProvince,
} from '@portal/shared';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { serverFieldErrors } from '@/lib/form-errors';
import {
  useChooseRepresentative,
  useMyListing,
  useReceivedMessages,
  useReportMessage,
  useSaveMyListing,
} from './api/directory';
import { EntryLogo } from './components/entry-facts';

const inputClasses =
  'w-full rounded-lg border border-stone-300 bg-white px-3.5 py-2 text-base text-stone-900';

/** /profile/directory: the member's own listing, who sees each field, and the messages received. */
export function MyListingPage() {
  const listing = useMyListing();
  return (
    <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6">
      <p className="mb-4">
        <Link to={paths.profile} className="font-medium text-brand-800 text-sm underline">
          Profile
        </Link>
      </p>
      <h1 className="font-semibold text-3xl text-stone-900">My directory listing</h1>
      {listing.isPending ? (
        <Skeleton className="mt-6 h-96" />
      ) : listing.data ? (
        <ListingEditor listing={listing.data} />
      ) : (
        <p role="alert" className="mt-6 text-stone-800">
          {listing.error instanceof ApiError ? listing.error.error : 'Your listing could not be loaded.'}
        </p>
      )}
      {listing.data?.kind === 'company' && <RepresentativesChooser listing={listing.data} />}
      {listing.data && <ReceivedMessages />}
    </div>
  );
}

type Draft = Omit<
  MyDirectoryListing,
  'id' | 'kind' | 'name' | 'tradeName' | 'logoUrl' | 'licenceVerified' | 'hiddenReason' | 'representatives'
>;

const draftOf = ({
  id,
  kind,
  name,
  tradeName,
  logoUrl,
  licenceVerified,
  hiddenReason,
  representatives,
  ...draft
}: MyDirectoryListing): Draft => draft;

/** A group of checkboxes over one of the configured lists (commodities, activities, …). */
function CodeChecklist({
  legend,
  options,
  value,
  onChange,
  error,
}: {
  legend: string;
  options: readonly { code: string; label: string }[];
  value: string[];
  onChange: (value: string[]) => void;
  error?: string;
}) {
  return (
    <fieldset>
      <legend className="mb-2 font-medium text-sm text-stone-800">{legend}</legend>
      <div className="grid gap-2 sm:grid-cols-3">
        {options.map((option) => (
          <label key={option.code} className="flex items-center gap-2 text-sm text-stone-800">
            <input
              type="checkbox"
              className="size-4 accent-brand-700"
              checked={value.includes(option.code)}
              onChange={(event) =>
                onChange(
                  event.target.checked
                    ? [...value, option.code]
                    : value.filter((code) => code !== option.code),
                )
              }
            />
            {option.label}
          </label>
        ))}
      </div>
      {error && <p className="mt-1 text-red-700 text-sm">{error}</p>}
    </fieldset>
  );
}

function VisibilityChoice({
  field,
  value,
  onChange,
}: {
  field: DirectoryField;
  value: DirectoryVisibility;
  onChange: (value: DirectoryVisibility) => void;
}) {
  const id = useId();
  const choices =
    field === 'name'
      ? DIRECTORY_VISIBILITIES.filter((choice) => choice !== 'nobody')
      : DIRECTORY_VISIBILITIES;
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 border-stone-100 border-b py-2">
      <label htmlFor={id} className="text-sm text-stone-800">
        {DIRECTORY_FIELD_LABELS[field]}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as DirectoryVisibility)}
        className="h-10 rounded-lg border border-stone-300 bg-white px-2 text-sm"
      >
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {DIRECTORY_VISIBILITY_LABELS[choice]}
          </option>
        ))}
      </select>
    </div>
  );
}

export function ListingEditor({ listing }: { listing: MyDirectoryListing }) {
  const save = useSaveMyListing();
  const [draft, setDraft] = useState<Draft>(() => draftOf(listing));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const ids = {
    about: useId(),
    website: useId(),
    contact: useId(),
    profession: useId(),
    years: useId(),
    employer: useId(),
  };
  const company = listing.kind === 'company';
  const set = <Key extends keyof Draft>(key: Key, value: Draft[Key]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const fields = DIRECTORY_FIELDS_BY_KIND[listing.kind];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    save.mutate(
      // The lists hold the codes the server offered; the server checks them again.
      draft as DirectoryListingUpdate,
      {
        onSuccess: (saved) => {
          setErrors({});
          setDraft(draftOf(saved));
          setNotice(DIRECTORY_MESSAGES.saved);
        },
        onError: (error) => {
          const fields = serverFieldErrors(error);
          setErrors(fields);
          if (Object.keys(fields).length === 0)
            setNotice(error instanceof ApiError ? error.error : 'Your listing could not be saved.');
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="mt-6 space-y-8">
      {listing.hiddenReason && (
        <p role="alert" className="rounded-lg bg-amber-50 p-4 text-amber-900">
          {DIRECTORY_MESSAGES.hiddenByStaff(listing.hiddenReason)}
        </p>
      )}
      <section className="space-y-3 rounded-2xl border border-stone-200 bg-white p-6">
        <div className="flex items-center gap-4">
          {company && <EntryLogo entry={listing} className="size-14 rounded-xl" />}
          <div>
            <p className="text-stone-700">
              Listed as <strong>{listing.name}</strong>
              {listing.licenceVerified ? ` · ${DIRECTORY_MESSAGES.licenceVerified}` : ''}
            </p>
            {company && (
              <p className="text-sm text-stone-600">
                {listing.logoUrl ? 'Your logo' : 'No logo yet'}: change it on{' '}
                <Link to={paths.profile} className="font-medium text-brand-800 underline">
                  your profile
                </Link>
                .
              </p>
            )}
          </div>
        </div>
        <label className="flex items-start gap-3">
          <input
            type="checkbox"
            className="mt-0.5 size-5 accent-brand-700"
            checked={draft.listed}
            onChange={(event) => set('listed', event.target.checked)}
          />
          <span className="font-medium text-sm text-stone-800">{DIRECTORY_MESSAGES.listedLabel}</span>
        </label>
        {!draft.listed && <p className="text-sm text-stone-600">{DIRECTORY_MESSAGES.notListedYet}</p>}
        <label className="flex items-start gap-3">
          <input
            type="checkbox"
            className="mt-0.5 size-5 accent-brand-700"
            checked={draft.contactEnabled}
            onChange={(event) => set('contactEnabled', event.target.checked)}
          />
          <span className="font-medium text-sm text-stone-800">{DIRECTORY_MESSAGES.contactLabel}</span>
        </label>
      </section>

      <section className="space-y-5 rounded-2xl border border-stone-200 bg-white p-6">
        <h2 className="font-semibold text-stone-900 text-xl">About the entry</h2>
        <div>
          <label htmlFor={ids.about} className="mb-1.5 block font-medium text-sm text-stone-800">
            About
          </label>
          <textarea
            id={ids.about}
            rows={4}
            className={inputClasses}
            value={draft.about ?? ''}
            onChange={(event) => set('about', event.target.value)}
          />
          {errors.about && <p className="mt-1 text-red-700 text-sm">{errors.about}</p>}
        </div>
        {company ? (
          <>
            <div>
              <label htmlFor={ids.website} className="mb-1.5 block font-medium text-sm text-stone-800">
                Website
              </label>
              <input
                id={ids.website}
                className={inputClasses}
                value={draft.website ?? ''}
                onChange={(event) => set('website', event.target.value)}
                aria-invalid={errors.website ? true : undefined}
              />
              {errors.website && <p className="mt-1 text-red-700 text-sm">{errors.website}</p>}
            </div>
            <div>
              <label htmlFor={ids.contact} className="mb-1.5 block font-medium text-sm text-stone-800">
                Contact person
              </label>
              <input
                id={ids.contact}
                className={inputClasses}
                value={draft.contactPerson ?? ''}
                onChange={(event) => set('contactPerson', event.target.value)}
              />
            </div>
            <CodeChecklist
              legend="Activities"
              options={DIRECTORY_ACTIVITIES}
              value={draft.activities}
              onChange={(value) => set('activities', value)}
            />
          </>
        ) : (
          <>
            <div>
              <label htmlFor={ids.profession} className="mb-1.5 block font-medium text-sm text-stone-800">
                Profession
              </label>
              <select
                id={ids.profession}
                className={`${inputClasses} h-11`}
                value={draft.profession ?? ''}
                onChange={(event) => set('profession', event.target.value || null)}
              >
                <option value="">None</option>
                {PROFESSIONS.map((profession) => (
                  <option key={profession.code} value={profession.code}>
                    {profession.label}
                  </option>
                ))}
              </select>
            </div>
            <CodeChecklist
              legend="Specialisations"
              options={DIRECTORY_SPECIALISATIONS}
              value={draft.specialisations}
              onChange={(value) => set('specialisations', value)}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <div>
                <label htmlFor={ids.years} className="mb-1.5 block font-medium text-sm text-stone-800">
                  Years of practice
                </label>
                <input
                  id={ids.years}
                  inputMode="numeric"
                  className={inputClasses}
                  value={draft.yearsOfPractice ?? ''}
                  onChange={(event) =>
                    set('yearsOfPractice', event.target.value === '' ? null : Number(event.target.value))
                  }
                  aria-invalid={errors.yearsOfPractice ? true : undefined}
                />
                {errors.yearsOfPractice && (
                  <p className="mt-1 text-red-700 text-sm">{errors.yearsOfPractice}</p>
                )}
              </div>
              <div>
                <label htmlFor={ids.employer} className="mb-1.5 block font-medium text-sm text-stone-800">
                  Employer (optional)
                </label>
                <input
                  id={ids.employer}
                  className={inputClasses}
                  value={draft.employer ?? ''}
                  onChange={(event) => set('employer', event.target.value)}
                />
              </div>
            </div>
            <label className="flex items-center gap-3 text-sm text-stone-800">
              <input
                type="checkbox"
                className="size-5 accent-brand-700"
                checked={draft.competentPerson}
                onChange={(event) => set('competentPerson', event.target.checked)}
              />
              I am a competent person (PMRC)
            </label>
          </>
        )}
        <CodeChecklist
          legend="Commodities"
          options={DIRECTORY_COMMODITIES}
          value={draft.commodities}
          onChange={(value) => set('commodities', value)}
        />
        <CodeChecklist
          legend="Regions"
          options={PHILIPPINE_REGIONS}
          value={draft.regions}
          onChange={(regions) =>
            // A province of a region no longer ticked would tick it again on saving (the server
            // adds a province's region): it goes with its region.
            setDraft((current) => ({
              ...current,
              regions,
              provinces: current.provinces.filter((province) =>
                regions.includes(regionOfProvince(province) ?? ''),
              ),
            }))
          }
        />
        {draft.regions.length > 0 && (
          <CodeChecklist
            legend="Provinces"
            options={PHILIPPINE_PROVINCES.filter((province) => draft.regions.includes(province.region))}
            value={draft.provinces}
            onChange={(value) => set('provinces', value)}
          />
        )}
      </section>

      <section className="rounded-2xl border border-stone-200 bg-white p-6">
        <h2 className="font-semibold text-stone-900 text-xl">Who sees each field</h2>
        <p className="mt-1 text-sm text-stone-600">Members only means members in good standing, signed in.</p>
        <div className="mt-3">
          {fields.map((field) => (
            <VisibilityChoice
              key={field}
              field={field}
              value={draft.visibility[field] ?? 'members'}
              onChange={(value) => set('visibility', { ...draft.visibility, [field]: value })}
            />
          ))}
        </div>
      </section>

      {notice && (
        <p role="status" className="text-stone-800">
          {notice}
        </p>
      )}
      <button
        type="submit"
        disabled={save.isPending}
        className="h-11 rounded-lg bg-brand-700 px-5 font-medium text-white hover:bg-brand-800 disabled:opacity-60"
      >
        Save listing
      </button>
    </form>
  );
}

/**
 * The company picks which representatives it would like in its entry; each is e-mailed a link and
 * appears only once they agree (decision 072). One without an address cannot be asked.
 */
export function RepresentativesChooser({ listing }: { listing: MyDirectoryListing }) {
  const choose = useChooseRepresentative();
  const [notice, setNotice] = useState<{ text: string; failed: boolean } | null>(null);
  const M = DIRECTORY_REPRESENTATIVE_MESSAGES;
  const send = (id: string, listed: boolean) => {
    setNotice(null);
    choose.mutate(
      { id, listed },
      {
        onSuccess: (answer) => setNotice(answer.message ? { text: answer.message, failed: false } : null),
        onError: (error) =>
          setNotice({
            text: error instanceof ApiError ? error.error : 'That did not work. Please try again.',
            failed: true,
          }),
      },
    );
  };
  return (
    <section
      aria-labelledby="listing-representatives"
      className="mt-10 rounded-2xl border border-stone-200 bg-white p-6"
    >
      <h2 id="listing-representatives" className="font-semibold text-stone-900 text-xl">
        {M.heading}
      </h2>
      <p className="mt-1 text-sm text-stone-600">{M.intro}</p>
      {listing.representatives.length === 0 ? (
        <p className="mt-4 text-stone-700">
          {M.none}{' '}
          <Link to={paths.profileRepresentatives} className="font-medium text-brand-800 underline">
            Manage Company Representatives
          </Link>
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-stone-100">
          {listing.representatives.map((rep) => (
            <li key={rep.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="font-medium text-stone-900">{rep.name}</p>
                <p className="text-sm text-stone-600">
                  {[rep.position, rep.email].filter(Boolean).join(' · ') || 'No position or e-mail address'}
                </p>
                <p className="mt-0.5 text-sm text-stone-800">
                  {rep.email || rep.status !== 'not_asked' ? (
                    DIRECTORY_REPRESENTATIVE_STATUS_LABELS[rep.status]
                  ) : (
                    <Link to={paths.profileRepresentatives} className="font-medium text-brand-800 underline">
                      {M.noEmail}
                    </Link>
                  )}
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                {rep.status !== 'agreed' && rep.email && (
                  <button
                    type="button"
                    disabled={choose.isPending}
                    onClick={() => send(rep.id, true)}
                    className="h-10 rounded-lg bg-brand-700 px-4 font-medium text-sm text-white hover:bg-brand-800 disabled:opacity-60"
                  >
                    {rep.status === 'asked' ? M.askAgain : M.ask}
                  </button>
                )}
                {rep.status !== 'not_asked' && (
                  <button
                    type="button"
                    disabled={choose.isPending}
                    onClick={() => send(rep.id, false)}
                    className="h-10 rounded-lg border border-stone-300 px-4 font-medium text-sm text-stone-800 hover:bg-stone-50 disabled:opacity-60"
                  >
                    {M.takeOff}
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {notice && (
        <p
          role={notice.failed ? 'alert' : 'status'}
          className={`mt-3 ${notice.failed ? 'text-red-700' : 'text-stone-800'}`}
        >
          {notice.text}
        </p>
      )}
    </section>
  );
}

function ReceivedMessages() {
  const messages = useReceivedMessages();
  const report = useReportMessage();
  if (!messages.data || messages.data.length === 0) return null;
  return (
    <section className="mt-10">
      <h2 className="font-semibold text-stone-900 text-xl">Messages received</h2>
      <ul className="mt-4 space-y-4">
        {messages.data.map((message) => (
          <li key={message.id} className="rounded-xl border border-stone-200 bg-white p-4">
            <p className="font-medium text-stone-900">{message.senderName}</p>
            <p className="mt-2 whitespace-pre-line text-stone-800">{message.body}</p>
            {message.reportedAt ? (
              <p className="mt-2 text-sm text-stone-600">{DIRECTORY_MESSAGES.reported}</p>
            ) : (
              <button
                type="button"
                onClick={() => report.mutate(message.id)}
                className="mt-2 font-medium text-red-800 text-sm underline"
              >
                Report to the secretariat
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
