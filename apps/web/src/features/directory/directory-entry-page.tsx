import { DIRECTORY_MESSAGE_MAX, DIRECTORY_MESSAGES, type DirectoryEntry } from '@portal/shared';
import { type FormEvent, useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { SectionEmptyState } from '@/components/ui/section-empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { serverFieldErrors } from '@/lib/form-errors';
import type { PagePrefetch } from '@/lib/page-prefetch';
import { useSessionStore } from '@/lib/session-store';
import { directoryEntryQueryOptions, useDirectoryEntry, useSendDirectoryMessage } from './api/directory';
import {
  EntryFacts,
  EntryLogo,
  EntryRepresentatives,
  kindLabel,
  ProfessionLine,
} from './components/entry-facts';

/**
 * An entry's page for guests, rendered by the server (modules/site-previews answers an entry a
 * guest may not see with the shell and 404 before rendering).
 */
export const prefetchDirectoryEntryPage: PagePrefetch = ({ queryClient, params, reads }) =>
  queryClient.fetchQuery(directoryEntryQueryOptions(params.id ?? '', reads.getDirectoryEntry));

/** /directory/{id}: one entry, with the fields the server answered this viewer, and "Send a message". */
export function DirectoryEntryPage() {
  const { id = '' } = useParams();
  const entry = useDirectoryEntry(id);
  if (entry.isPending)
    return (
      <div role="status" aria-label="Loading the entry" className="mx-auto max-w-4xl px-4 py-12">
        <Skeleton className="h-48" />
      </div>
    );
  if (!entry.data)
    return (
      <div className="mx-auto max-w-4xl px-4 py-12">
        <SectionEmptyState text={DIRECTORY_MESSAGES.notFound} />
        <p className="mt-6 text-center">
          <Link to={paths.directory} className="font-medium text-brand-800 underline">
            Back to the directory
          </Link>
        </p>
      </div>
    );
  const data = entry.data;
  return (
    <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6">
      <p className="mb-4">
        <Link to={paths.directory} className="font-medium text-brand-800 text-sm underline">
          Member directory
        </Link>
      </p>
      <article className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
        <div className="flex items-start gap-4 sm:gap-5">
          <EntryLogo entry={data} className="size-16 rounded-xl sm:size-20" />
          <div className="min-w-0">
            <p className="font-medium text-brand-800 text-xs uppercase tracking-wide">
              {kindLabel(data.kind)}
            </p>
            <h1 className="mt-1 break-words font-semibold text-3xl text-stone-900">{data.name}</h1>
            {data.tradeName && data.tradeName !== data.name && (
              <p className="mt-1 text-stone-700">Trading as {data.tradeName}</p>
            )}
          </div>
        </div>
        <div className="mt-3">
          <ProfessionLine entry={data} />
        </div>
        {data.about && <p className="mt-4 whitespace-pre-line text-stone-800">{data.about}</p>}
        {data.website && (
          <p className="mt-4">
            <a
              href={data.website}
              rel="noopener nofollow ugc"
              className="font-medium text-brand-800 underline"
            >
              {data.website}
            </a>
          </p>
        )}
        <div className="mt-6">
          <EntryFacts entry={data} />
        </div>
        <EntryRepresentatives entry={data} />
      </article>
      <ContactSection entry={data} />
    </div>
  );
}

/** "Send a message": for members in good standing; the server refuses anyone else with its reason. */
export function ContactSection({ entry }: { entry: DirectoryEntry }) {
  const user = useSessionStore((state) => state.user);
  if (!entry.contactable) return <p className="mt-8 text-stone-700">{DIRECTORY_MESSAGES.contactOff}.</p>;
  if (!user)
    return (
      <p className="mt-8 text-stone-700">
        <Link to={paths.login} className="font-medium text-brand-800 underline">
          {DIRECTORY_MESSAGES.signInToContact}
        </Link>
      </p>
    );
  return <MessageForm entryId={entry.id} />;
}

export function MessageForm({ entryId }: { entryId: string }) {
  const send = useSendDirectoryMessage(entryId);
  const [message, setMessage] = useState('');
  const [accepted, setAccepted] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const ids = { message: useId(), accept: useId(), messageError: useId(), acceptError: useId() };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const local: Record<string, string> = {};
    if (!message.trim()) local.message = DIRECTORY_MESSAGES.messageRequired;
    else if (message.length > DIRECTORY_MESSAGE_MAX) local.message = DIRECTORY_MESSAGES.messageTooLong;
    if (!accepted) local.acceptShowAddress = DIRECTORY_MESSAGES.acceptRequired;
    setErrors(local);
    setFailure(null);
    if (Object.keys(local).length > 0) return;
    send.mutate(message, {
      onSuccess: () => setMessage(''),
      onError: (error) => {
        const fields = serverFieldErrors(error);
        setErrors(fields);
        if (Object.keys(fields).length === 0)
          setFailure(
            error instanceof ApiError ? error.error : 'Your message could not be sent. Please try again.',
          );
      },
    });
  };

  return (
    <section
      aria-labelledby={`${ids.message}-heading`}
      className="mt-8 rounded-2xl border border-stone-200 bg-white p-6"
    >
      <h2 id={`${ids.message}-heading`} className="font-semibold text-stone-900 text-xl">
        {DIRECTORY_MESSAGES.sendAction}
      </h2>
      {send.isSuccess ? (
        <p role="status" className="mt-3 text-emerald-800">
          {send.data.message}
        </p>
      ) : (
        <form noValidate onSubmit={submit} className="mt-4 space-y-4">
          <div>
            <label htmlFor={ids.message} className="mb-1.5 block font-medium text-sm text-stone-800">
              Message
            </label>
            <textarea
              id={ids.message}
              rows={6}
              value={message}
              onChange={(event) => setMessage(event.target.value)}
              aria-invalid={errors.message ? true : undefined}
              aria-describedby={errors.message ? ids.messageError : undefined}
              className="w-full rounded-lg border border-stone-300 bg-white px-3.5 py-2 text-base text-stone-900"
            />
            <p className="mt-1 text-sm text-stone-600">
              {message.length} / {DIRECTORY_MESSAGE_MAX} characters, plain text
            </p>
            {errors.message && (
              <p id={ids.messageError} className="mt-1 text-red-700 text-sm">
                {errors.message}
              </p>
            )}
          </div>
          <div>
            <div className="flex items-start gap-3">
              <input
                id={ids.accept}
                type="checkbox"
                checked={accepted}
                onChange={(event) => setAccepted(event.target.checked)}
                aria-invalid={errors.acceptShowAddress ? true : undefined}
                aria-describedby={errors.acceptShowAddress ? ids.acceptError : undefined}
                className="mt-0.5 size-5 shrink-0 accent-brand-700"
              />
              <label htmlFor={ids.accept} className="font-medium text-sm text-stone-800">
                {DIRECTORY_MESSAGES.acceptLabel}
              </label>
            </div>
            {errors.acceptShowAddress && (
              <p id={ids.acceptError} className="mt-1 pl-8 text-red-700 text-sm">
                {errors.acceptShowAddress}
              </p>
            )}
          </div>
          {failure && (
            <p role="alert" className="text-red-700">
              {failure}
            </p>
          )}
          <button
            type="submit"
            disabled={send.isPending}
            className="h-11 rounded-lg bg-brand-700 px-5 font-medium text-white hover:bg-brand-800 disabled:opacity-60"
          >
            {DIRECTORY_MESSAGES.sendAction}
          </button>
        </form>
      )}
    </section>
  );
}
