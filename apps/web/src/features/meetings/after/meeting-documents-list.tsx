import { formatDate, MEETING_AFTER_MESSAGES, MEETING_DOCUMENT_KIND_LABELS } from '@portal/shared';
import { FileText } from 'lucide-react';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { documentFileUrl, useMeetingDocuments } from './api/meeting-after';

/**
 * The minutes and resolutions of the meetings, newest meeting first, for members in good standing
 * (docs/decisions/078-after-the-annual-meeting.md). A member not in good standing reads the
 * server's refusal; `meetingId` narrows the list to one meeting.
 */
export function MeetingDocumentsList({ meetingId }: { meetingId?: string }) {
  const groups = useMeetingDocuments(meetingId);
  if (groups.isPending)
    return (
      <div className="space-y-3">
        <Skeleton className="h-6 w-1/3" />
        <Skeleton className="h-16" />
      </div>
    );
  if (groups.isError)
    return (
      <p role="alert" className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-amber-950">
        {groups.error instanceof ApiError ? groups.error.error : MEETING_AFTER_MESSAGES.documentsRefused}
      </p>
    );
  if (groups.data.length === 0)
    return <p className="text-stone-600">{MEETING_AFTER_MESSAGES.noDocuments}.</p>;
  return (
    <div className="space-y-8">
      {groups.data.map((group) => (
        <section key={group.meetingId} aria-labelledby={`meeting-${group.meetingId}`}>
          <h2 id={`meeting-${group.meetingId}`} className="font-display font-semibold text-stone-900 text-xl">
            {group.title}
          </h2>
          <p className="mb-3 text-sm text-stone-600">{formatDate(group.startsAt)}</p>
          <ul className="divide-y divide-stone-100 rounded-xl border border-stone-200 bg-white">
            {group.documents.map((document) => (
              <li key={document.id}>
                <a
                  href={documentFileUrl(document.id)}
                  className="flex items-center gap-4 px-4 py-3.5 hover:bg-stone-50 focus-visible:outline-2 focus-visible:outline-brand-500"
                >
                  <FileText aria-hidden="true" className="size-5 shrink-0 text-brand-700" />
                  <span className="min-w-0 flex-1">
                    <span className="block font-medium text-stone-900">{document.title}</span>
                    <span className="text-sm text-stone-600">
                      {MEETING_DOCUMENT_KIND_LABELS[document.kind]} · PDF,{' '}
                      {Math.max(1, Math.round(document.byteSize / 1024))} KB
                    </span>
                  </span>
                  <span className="shrink-0 font-semibold text-brand-700 text-sm">Download</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
