import { EVENT_FORM_NOTICES, type EventSummary, type SpeakerCreate } from '@portal/shared';
import * as Dialog from '@radix-ui/react-dialog';
import * as Tabs from '@radix-ui/react-tabs';
import { useEffect, useState } from 'react';
import { buttonClasses } from '@/components/ui/button-styles';
import { DialogCloseButton, DialogFooter, DialogPanel } from '@/components/ui/dialog';
import { ImageField } from '@/components/ui/image-field';
import { ImageWithFallback } from '@/components/ui/image-with-fallback';
import { InitialsTile } from '@/components/ui/initials-tile';
import { TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api-client';
import { useCreateSpeaker, useEventSpeakers, useSetEventSpeakers, useSpeakers } from '../api/speakers';

type SpeakersDialogProps = {
  event: EventSummary;
  onClose: () => void;
  onSaved: (text: string) => void;
  onFailed: (text: string) => void;
};

/**
 * Manage Speakers (spec 001 §2, §5): tick existing speakers, or create one (name required, the
 * button disabled without it; title, company and photo optional), which is then ticked. Saving
 * sends the ticked set, which replaces the event's previous one.
 */
export function SpeakersDialog({ event, onClose, onSaved, onFailed }: SpeakersDialogProps) {
  const speakers = useSpeakers();
  const current = useEventSpeakers(event.id);
  const createSpeaker = useCreateSpeaker();
  const setEventSpeakers = useSetEventSpeakers();
  const [selected, setSelected] = useState<string[] | null>(null);
  const [tab, setTab] = useState('existing');
  const [draft, setDraft] = useState<SpeakerCreate>({ name: '', title: '', company: '' });
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoKey, setPhotoKey] = useState(0);

  // The event's speakers, read once, are the starting selection (items carry speaker_id or id).
  useEffect(() => {
    if (current.data && selected === null)
      setSelected(current.data.map((speaker) => speaker.speaker_id ?? speaker.id));
  }, [current.data, selected]);
  const chosen = selected ?? [];

  const toggle = (id: string) =>
    setSelected((ids) =>
      (ids ?? []).includes(id) ? (ids ?? []).filter((other) => other !== id) : [...(ids ?? []), id],
    );

  const create = () =>
    createSpeaker.mutate(
      {
        fields: { name: draft.name.trim(), title: draft.title || null, company: draft.company || null },
        image: photo,
      },
      {
        onSuccess: (speaker) => {
          setSelected((ids) => [...(ids ?? []), speaker.id]);
          setDraft({ name: '', title: '', company: '' });
          setPhoto(null);
          setPhotoKey((key) => key + 1);
          setTab('existing');
        },
        onError: (error) => {
          // docs/product-rules.md "Events": speaker failures show an error notice (spec 001 §8 only
          // logged them).
          console.error('Failed to create speaker', error);
          // A refusal names its reason (a photo that is not an image); anything else the notice's text.
          onFailed(
            error instanceof ApiError && error.status < 500
              ? error.error
              : EVENT_FORM_NOTICES.speakerCreateFailed,
          );
        },
      },
    );

  const save = () =>
    setEventSpeakers.mutate(
      { event_id: event.id, speaker_ids: chosen },
      {
        onSuccess: () => {
          onSaved(EVENT_FORM_NOTICES.speakersUpdated);
          onClose();
        },
        onError: (error) => {
          console.error('Failed to update event speakers', error);
          onFailed(EVENT_FORM_NOTICES.speakersFailed);
        },
      },
    );

  const tabClasses =
    'flex-1 rounded-md px-3 py-2 font-medium text-sm text-stone-700 data-[state=active]:bg-white data-[state=active]:text-stone-900 data-[state=active]:shadow-sm';

  return (
    <Dialog.Root open onOpenChange={(open) => !open && !setEventSpeakers.isPending && onClose()}>
      <DialogPanel size="wide" className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <Dialog.Title className="font-display font-semibold text-2xl text-stone-900">
          Manage Speakers
        </Dialog.Title>
        <Dialog.Description className="mt-1 text-sm text-stone-600">{event.title}</Dialog.Description>
        <Tabs.Root value={tab} onValueChange={setTab} className="mt-6">
          <Tabs.List aria-label="Speakers" className="flex gap-1 rounded-lg bg-stone-100 p-1">
            <Tabs.Trigger value="existing" className={tabClasses}>
              Add Existing Speakers
            </Tabs.Trigger>
            <Tabs.Trigger value="new" className={tabClasses}>
              Create New Speaker
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="existing" className="mt-4">
            {speakers.isPending || current.isPending ? (
              <p className="text-sm text-stone-600">Loading speakers…</p>
            ) : (speakers.data ?? []).length === 0 ? (
              <p className="text-sm text-stone-600">No speakers yet. Create one in the other tab.</p>
            ) : (
              <ul className="grid max-h-80 gap-2 overflow-y-auto sm:grid-cols-2">
                {(speakers.data ?? []).map((speaker) => (
                  <li key={speaker.id}>
                    <label className="flex cursor-pointer items-center gap-3 rounded-lg border border-stone-200 p-3 has-checked:border-brand-600 has-checked:bg-brand-50">
                      <input
                        type="checkbox"
                        checked={chosen.includes(speaker.id)}
                        onChange={() => toggle(speaker.id)}
                        className="size-5 accent-brand-700"
                      />
                      <ImageWithFallback
                        src={speaker.image_url}
                        alt=""
                        className="size-10 rounded-full object-cover"
                        fallback={<InitialsTile name={speaker.name} className="size-10 rounded-full" />}
                      />
                      <span className="min-w-0">
                        <span className="block truncate font-medium text-stone-900">{speaker.name}</span>
                        <span className="block truncate text-stone-600 text-xs">
                          {[speaker.title, speaker.company].filter(Boolean).join(', ')}
                        </span>
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
            )}
          </Tabs.Content>
          <Tabs.Content value="new" className="mt-4 space-y-4">
            <TextField
              label="Name *"
              value={draft.name}
              onChange={(change) => setDraft({ ...draft, name: change.target.value })}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                label="Title"
                value={draft.title ?? ''}
                onChange={(change) => setDraft({ ...draft, title: change.target.value })}
              />
              <TextField
                label="Company"
                value={draft.company ?? ''}
                onChange={(change) => setDraft({ ...draft, company: change.target.value })}
              />
            </div>
            <ImageField
              key={photoKey}
              label="Photo"
              onChange={setPhoto}
              description="JPEG, PNG, GIF or WebP up to 5 MB."
            />
            <button
              type="button"
              onClick={create}
              disabled={!draft.name.trim() || createSpeaker.isPending}
              className={buttonClasses({ variant: 'secondary' })}
            >
              {createSpeaker.isPending ? 'Creating…' : 'Create Speaker'}
            </button>
          </Tabs.Content>
        </Tabs.Root>
        <p className="mt-4 text-sm text-stone-600">
          {chosen.length} speaker{chosen.length === 1 ? '' : 's'} selected
        </p>
        <DialogFooter>
          <Dialog.Close
            className={buttonClasses({ variant: 'secondary' })}
            disabled={setEventSpeakers.isPending}
          >
            Cancel
          </Dialog.Close>
          <button
            type="button"
            onClick={save}
            disabled={setEventSpeakers.isPending || selected === null}
            className={buttonClasses({ variant: 'primary' })}
          >
            {setEventSpeakers.isPending ? 'Saving…' : 'Save Speakers'}
          </button>
        </DialogFooter>
        <DialogCloseButton disabled={setEventSpeakers.isPending} />
      </DialogPanel>
    </Dialog.Root>
  );
}
