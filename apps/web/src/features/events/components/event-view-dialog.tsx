import { type EventSummary, formatDate, formatPesos, formatTime } from '@portal/shared';
import * as Dialog from '@radix-ui/react-dialog';
import { Users } from 'lucide-react';
import { Link } from 'react-router';
import { RichTextContent } from '@/components/rich-text/rich-text-content';
import { buttonClasses } from '@/components/ui/button-styles';
import { DialogCloseButton, DialogPanel } from '@/components/ui/dialog';
import { ImageWithFallback } from '@/components/ui/image-with-fallback';
import { StatusBadge, toneOfStatus } from '@/components/ui/status-badge';
import { paths } from '@/config/paths';
import { useAdminEvent } from '../api/admin-events';

type EventViewDialogProps = {
  event: EventSummary | null;
  onClose: () => void;
};

/**
 * View (spec 001 §2): the event's details with its speakers and its registrations' count; the
 * registrations themselves, with Approve and Reject, are in the attendee list (decision 048).
 */
export function EventViewDialog({ event, onClose }: EventViewDialogProps) {
  const detail = useAdminEvent(event?.id ?? null);
  const data = detail.data;
  const rows: [string, string][] = data
    ? [
        ['Date', [formatDate(data.start_date), formatDate(data.end_date)].filter(Boolean).join(' – ')],
        ['Time', [formatTime(data.start_time), formatTime(data.end_time)].filter(Boolean).join(' – ')],
        [
          'Location',
          [
            data.location_name,
            data.building_name,
            data.floor,
            data.room,
            data.address,
            data.city,
            data.province,
            data.country,
          ]
            .filter(Boolean)
            .join(', '),
        ],
        ['Organizer', [data.organizer_name, data.organizer_contact].filter(Boolean).join(' · ')],
        [
          'Capacity',
          data.max_attendees === null ? '' : `${data.seats_taken} of ${data.max_attendees} seats taken`,
        ],
        ['Price', formatPesos(data.price)],
        ['Safety focus', data.safety_focus ?? ''],
        ['Certification', data.certification_provided ? 'Provided' : 'Not provided'],
        ['Website', data.website_url ?? ''],
        ['Registration URL', data.registration_url ?? ''],
        ['Speakers', data.speakers.map((speaker) => speaker.name).join(', ')],
      ]
    : [];

  return (
    <Dialog.Root open={event !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogPanel size="wide" className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <Dialog.Title className="pr-10 font-display font-semibold text-2xl text-stone-900">
          {event?.title}
        </Dialog.Title>
        <Dialog.Description className="mt-2 flex flex-wrap items-center gap-2 text-sm text-stone-600">
          {event && <StatusBadge tone={toneOfStatus(event.status)}>{event.status}</StatusBadge>}
          <span>{event?.event_type}</span>
        </Dialog.Description>
        {detail.isPending ? (
          <p className="mt-6 text-sm text-stone-600">Loading…</p>
        ) : detail.isError || !data ? (
          <p className="mt-6 text-sm text-red-700">Failed to load event</p>
        ) : (
          <div className="mt-6 space-y-6">
            {data.banner_image_url && (
              <ImageWithFallback
                src={data.banner_image_url}
                alt=""
                className="aspect-[3/1] w-full rounded-xl object-cover"
              />
            )}
            {data.description && <p className="text-stone-700">{data.description}</p>}
            <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
              {rows
                .filter(([, value]) => value)
                .map(([label, value]) => (
                  <div key={label}>
                    <dt className="font-semibold text-stone-900">{label}</dt>
                    <dd className="break-words text-stone-700">{value}</dd>
                  </div>
                ))}
            </dl>
            {data.content && (
              <RichTextContent html={data.content} className="border-stone-200 border-t pt-4" />
            )}
            <section aria-labelledby="registrations-heading" className="border-stone-200 border-t pt-4">
              <div className="flex flex-wrap items-center justify-between gap-3">
                <h3 id="registrations-heading" className="font-semibold text-lg text-stone-900">
                  User Registrations
                </h3>
                <StatusBadge tone={data.pending_count > 0 ? 'yellow' : 'gray'}>
                  {data.pending_count} pending
                </StatusBadge>
              </div>
              <p className="mt-2 text-sm text-stone-600">
                {data.user_events.length === 0
                  ? 'No registrations yet.'
                  : `${data.user_events.length} registration${data.user_events.length === 1 ? '' : 's'}: approve or reject them, export them and write to them in the attendee list.`}
              </p>
              <Link
                to={paths.adminEventAttendees(data.id)}
                className={`${buttonClasses({ variant: 'secondary', size: 'sm' })} mt-3`}
              >
                <Users aria-hidden="true" className="size-4" />
                Open the attendee list
              </Link>
            </section>
          </div>
        )}
        <DialogCloseButton />
      </DialogPanel>
    </Dialog.Root>
  );
}
