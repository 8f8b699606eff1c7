import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AdminEventPriceTier,
  ANNOUNCEMENT_MESSAGES,
  DEFAULT_HOLD_HOURS,
  DEFAULT_OFFER_HOURS,
  DEFAULT_REMINDER_HOURS,
  EVENT_BANNER_FIELD,
  EVENT_STATUSES,
  EVENT_TYPES,
  type EventCreate,
  type EventCreateInput,
  type EventDetail,
  type EventSummary,
  eventCreateSchema,
  type SpeakerCreate,
} from '@portal/shared';
import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useItemAnnouncement } from '@/components/announcements/announcement-api';
import { AnnouncementFields } from '@/components/announcements/announcement-fields';
import { type AnnouncementOutcome, useAnnounceOnSave } from '@/components/announcements/use-announce-on-save';
import { LazyRichTextEditor } from '@/components/rich-text/lazy-rich-text-editor';
import { buttonClasses } from '@/components/ui/button-styles';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { DialogCloseButton, DialogFooter, DialogPanel } from '@/components/ui/dialog';
import { ImageField } from '@/components/ui/image-field';
import { SelectField } from '@/components/ui/select-field';
import { TextAreaField } from '@/components/ui/text-area-field';
import { TextField } from '@/components/ui/text-field';
import { applyServerFieldErrors, serverFieldErrors } from '@/lib/form-errors';
import { useSaveEvent } from '../api/admin-events';
import { NewSpeakersField } from './new-speakers-field';
import { PriceTiersEditor, priceTiersFormValue } from './price-tiers-editor';

export type EventFormValues = {
  [Key in keyof Omit<
    EventCreateInput,
    'is_registration_required' | 'certification_provided' | 'speakers'
  >]: string;
} & { is_registration_required: boolean; certification_provided: boolean };

type EventFormDialogProps = {
  /** `null` creates an event; an event (with its content and tiers) edits it. */
  event:
    | (EventSummary & {
        content?: string | null;
        price_tiers?: AdminEventPriceTier[];
        hold_hours?: number;
      })
    | null;
  onClose: () => void;
  /** `announcement`: what became of "E-mail to members", when it was ticked (docs/decisions/052). */
  onSaved: (event: EventDetail, announcement?: AnnouncementOutcome) => void;
  /** The 'Validation Error' notice (spec 001 §5) or a failure notice. */
  onInvalid: () => void;
  onFailed: (error: unknown) => void;
};

/** The fields 'Registration required' shows and hides (spec 001 §2). */
const REGISTRATION_FIELDS = ['registration_url', 'max_attendees', 'price'] as const;

/** The registration's clocks, each a whole number of hours (docs/product-rules.md "Event prices", "Waitlist"). */
const HOURS_FIELDS = [
  {
    name: 'hold_hours',
    label: 'Seat hold (hours)',
    hint: 'How long an unpaid seat is held, never past the start.',
  },
  {
    name: 'offer_hours',
    label: 'Waitlist offer (hours)',
    hint: 'How long a freed seat is held for the next person waiting.',
  },
  {
    name: 'reminder_hours',
    label: 'Reminder (hours before)',
    hint: 'When registrants are e-mailed a reminder.',
  },
] as const;

/** The first message of a field whose value is a list (the tiers' rows). */
function firstMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  if ('message' in error && typeof error.message === 'string') return error.message;
  for (const [key, nested] of Object.entries(error)) {
    if (key === 'ref') continue;
    const message = firstMessage(nested);
    if (message) return message;
  }
  return undefined;
}

const text = (value: string | number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

export function eventFormDefaults(event: EventFormDialogProps['event']): EventFormValues {
  return {
    title: text(event?.title),
    description: text(event?.description),
    content: text(event?.content),
    start_date: text(event?.start_date),
    end_date: text(event?.end_date),
    start_time: text(event?.start_time),
    end_time: text(event?.end_time),
    location_name: text(event?.location_name),
    building_name: text(event?.building_name),
    floor: text(event?.floor),
    room: text(event?.room),
    address: text(event?.address),
    city: text(event?.city),
    province: text(event?.province),
    country: text(event?.country),
    organizer_name: text(event?.organizer_name),
    organizer_contact: text(event?.organizer_contact),
    website_url: text(event?.website_url),
    // spec 001 §4: new events are Conference drafts.
    event_type: event?.event_type ?? 'Conference',
    status: event?.status ?? 'draft',
    is_registration_required: event?.is_registration_required ?? false,
    registration_url: text(event?.registration_url),
    max_attendees: text(event?.max_attendees),
    price: event?.price === null || event?.price === undefined ? '' : event.price.toFixed(2),
    price_tiers: priceTiersFormValue(event?.price_tiers),
    hold_hours: text(event?.hold_hours ?? DEFAULT_HOLD_HOURS),
    safety_focus: text(event?.safety_focus),
    certification_provided: event?.certification_provided ?? false,
    offer_hours: text(event?.offer_hours ?? DEFAULT_OFFER_HOURS),
    reminder_hours: text(event?.reminder_hours ?? DEFAULT_REMINDER_HOURS),
  };
}

/**
 * Create and Edit Event (spec 001 §2, §5): every field of the event, the content in the rich-text
 * editor, a banner through the upload pipeline. 'Registration required' shows or hides the
 * registration URL, max attendees and price; unticking it clears them. A refused field shows its
 * message inline, with the 'Validation Error' notice.
 */
export function EventFormDialog({ event, onClose, onSaved, onInvalid, onFailed }: EventFormDialogProps) {
  const save = useSaveEvent();
  const announce = useAnnounceOnSave('event');
  const pending = save.isPending || announce.isPending;
  const [banner, setBanner] = useState<File | null>(null);
  const [removeBanner, setRemoveBanner] = useState(false);
  const [bannerError, setBannerError] = useState<string | undefined>();
  const [newSpeakers, setNewSpeakers] = useState<SpeakerCreate[]>([]);
  const [speakersError, setSpeakersError] = useState<string | undefined>();
  const defaultValues = eventFormDefaults(event);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    clearErrors,
    watch,
    formState: { errors },
  } = useForm<EventFormValues, unknown, EventCreate>({
    resolver: zodResolver(eventCreateSchema) as never,
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const registrationRequired = watch('is_registration_required');
  const published = watch('status') === 'published';
  // Read only for a published item: a draft cannot be announced, so its form asks nothing more.
  const announced = useItemAnnouncement('event', published ? event?.id : undefined);
  const isEdit = event !== null;
  /**
   * Unticking 'Registration required' takes its fields off the page, so it clears them too: a
   * hidden value the rules refuse (a price of 10.555) would otherwise block saving with the
   * 'Validation Error' notice and no message anyone can see.
   */
  const clearRegistrationFields = (required: boolean) => {
    if (required) return;
    for (const field of REGISTRATION_FIELDS) setValue(field, '');
    clearErrors([...REGISTRATION_FIELDS]);
  };

  const onSubmit = handleSubmit((fields) => {
    setBannerError(undefined);
    setSpeakersError(undefined);
    const sent = fields.is_registration_required
      ? fields
      : { ...fields, registration_url: null, max_attendees: null, price: null };
    save.mutate(
      { id: event?.id, fields: isEdit ? sent : { ...sent, speakers: newSpeakers }, banner, removeBanner },
      {
        onSuccess: (saved) => announce.announceAfter(saved, (outcome) => onSaved(saved, outcome)),
        onError: (error) => {
          const messages = serverFieldErrors(error);
          const { [EVENT_BANNER_FIELD]: bannerMessage } = applyServerFieldErrors(
            messages,
            setError,
            Object.keys(defaultValues),
          );
          setBannerError(bannerMessage);
          // A speaker the server refused (`speakers.1.name`), shown under the speakers.
          setSpeakersError(
            Object.entries(messages).find(
              ([field]) => field === 'speakers' || field.startsWith('speakers.'),
            )?.[1],
          );
          if (Object.keys(messages).length > 0) onInvalid();
          else onFailed(error);
        },
      },
    );
  }, onInvalid);

  return (
    <Dialog.Root open onOpenChange={(open) => !open && !pending && onClose()}>
      <DialogPanel size="wide" className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <Dialog.Title className="font-display font-semibold text-2xl text-stone-900">
          {isEdit ? 'Edit Event' : 'Create Event'}
        </Dialog.Title>
        <Dialog.Description className="mt-1 text-sm text-stone-600">
          Fields marked * are required.
        </Dialog.Description>
        <form noValidate onSubmit={onSubmit} className="mt-6 space-y-5">
          <TextField
            label="Title *"
            autoComplete="off"
            error={errors.title?.message}
            {...register('title')}
          />
          <TextAreaField
            label="Description"
            rows={3}
            error={errors.description?.message}
            {...register('description')}
          />
          <div className="grid gap-5 sm:grid-cols-2">
            <SelectField label="Event type" error={errors.event_type?.message} {...register('event_type')}>
              {EVENT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </SelectField>
            <SelectField label="Status" error={errors.status?.message} {...register('status')}>
              {EVENT_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {status[0]?.toUpperCase()}
                  {status.slice(1)}
                </option>
              ))}
            </SelectField>
            <TextField
              label="Start date *"
              type="date"
              error={errors.start_date?.message}
              {...register('start_date')}
            />
            <TextField
              label="End date"
              type="date"
              error={errors.end_date?.message}
              {...register('end_date')}
            />
            <TextField
              label="Start time"
              type="time"
              error={errors.start_time?.message}
              {...register('start_time')}
            />
            <TextField
              label="End time"
              type="time"
              error={errors.end_time?.message}
              {...register('end_time')}
            />
          </div>

          <fieldset className="space-y-5">
            <legend className="font-semibold text-stone-900">Location</legend>
            <div className="grid gap-5 sm:grid-cols-2">
              <TextField
                label="Location name"
                error={errors.location_name?.message}
                {...register('location_name')}
              />
              <TextField
                label="Building"
                error={errors.building_name?.message}
                {...register('building_name')}
              />
              <TextField label="Floor" error={errors.floor?.message} {...register('floor')} />
              <TextField label="Room" error={errors.room?.message} {...register('room')} />
              <TextField label="Address" error={errors.address?.message} {...register('address')} />
              <TextField label="City" error={errors.city?.message} {...register('city')} />
              <TextField label="Province" error={errors.province?.message} {...register('province')} />
              <TextField label="Country" error={errors.country?.message} {...register('country')} />
            </div>
          </fieldset>

          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              label="Organizer"
              error={errors.organizer_name?.message}
              {...register('organizer_name')}
            />
            <TextField
              label="Organizer contact"
              error={errors.organizer_contact?.message}
              {...register('organizer_contact')}
            />
            <TextField
              label="Website URL"
              type="url"
              placeholder="https://"
              error={errors.website_url?.message}
              {...register('website_url')}
            />
            <TextField
              label="Safety focus"
              error={errors.safety_focus?.message}
              {...register('safety_focus')}
            />
          </div>
          <CheckboxField label="Certification provided" {...register('certification_provided')} />

          <CheckboxField
            label="Registration required"
            {...register('is_registration_required', {
              onChange: (change: { target: { checked: boolean } }) =>
                clearRegistrationFields(change.target.checked),
            })}
          />
          {registrationRequired && (
            <div className="grid gap-5 rounded-xl bg-stone-50 p-4 sm:grid-cols-3">
              <TextField
                label="Registration URL"
                type="url"
                placeholder="https://"
                description={<p className="text-stone-600 text-xs">Blank: members register on this site.</p>}
                error={errors.registration_url?.message}
                {...register('registration_url')}
              />
              {/* Text, not type="number": a number input hands over "" for "abc", which would save
                  the event with no capacity and no message; as text the rules refuse it with the
                  server's own message ('Max attendees must be a number'). */}
              <TextField
                label="Max attendees"
                inputMode="numeric"
                autoComplete="off"
                error={errors.max_attendees?.message}
                {...register('max_attendees')}
              />
              <TextField
                label="Price (₱)"
                type="number"
                min={0}
                step={0.01}
                inputMode="decimal"
                description={
                  <p className="text-stone-600 text-xs">Listed price; fees come from the tiers.</p>
                }
                error={errors.price?.message}
                {...register('price')}
              />
              <Controller
                name="price_tiers"
                control={control}
                render={({ field, fieldState }) => (
                  <PriceTiersEditor
                    value={field.value ?? ''}
                    onChange={field.onChange}
                    error={fieldState.error?.message ?? firstMessage(errors.price_tiers)}
                  />
                )}
              />
              {HOURS_FIELDS.map(({ name, label, hint }) => (
                <TextField
                  key={name}
                  label={label}
                  type="number"
                  min={1}
                  step={1}
                  inputMode="numeric"
                  description={<p className="text-stone-600 text-xs">{hint}</p>}
                  error={errors[name]?.message}
                  {...register(name)}
                />
              ))}
            </div>
          )}

          {!isEdit && (
            <NewSpeakersField speakers={newSpeakers} onChange={setNewSpeakers} error={speakersError} />
          )}

          <ImageField
            label="Banner image"
            currentImageUrl={event?.banner_image_url}
            onChange={(file) => {
              setBanner(file);
              setBannerError(undefined);
            }}
            onRemoveChange={isEdit ? setRemoveBanner : undefined}
            error={bannerError}
            description="JPEG, PNG, GIF or WebP up to 5 MB."
          />
          <Controller
            name="content"
            control={control}
            render={({ field, fieldState }) => (
              <LazyRichTextEditor
                label="Content"
                value={field.value ?? ''}
                onChange={field.onChange}
                ref={field.ref}
                error={fieldState.error?.message}
              />
            )}
          />

          <AnnouncementFields
            value={announce.choice}
            onChange={announce.setChoice}
            published={published}
            announced={isEdit ? announced.data : null}
          />

          <DialogFooter>
            <Dialog.Close className={buttonClasses({ variant: 'secondary' })} disabled={pending}>
              Cancel
            </Dialog.Close>
            <button type="submit" className={buttonClasses({ variant: 'primary' })} disabled={pending}>
              {announce.isPending
                ? ANNOUNCEMENT_MESSAGES.sending
                : save.isPending
                  ? 'Saving…'
                  : isEdit
                    ? 'Update Event'
                    : 'Create Event'}
            </button>
          </DialogFooter>
        </form>
        <DialogCloseButton disabled={pending} />
      </DialogPanel>
    </Dialog.Root>
  );
}
