import { MAX_NEW_EVENT_SPEAKERS, type SpeakerCreate } from '@portal/shared';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { buttonClasses } from '@/components/ui/button-styles';
import { TextField } from '@/components/ui/text-field';

/**
 * The create form's speakers (docs/product-rules.md "Events"): new speakers named before the event
 * is saved, sent with it and saved in the same transaction. A name is required, as on the speaker
 * form; photos are added afterwards in Manage Speakers.
 */
export function NewSpeakersField({
  speakers,
  onChange,
  error,
}: {
  speakers: SpeakerCreate[];
  onChange: (speakers: SpeakerCreate[]) => void;
  error?: string;
}) {
  const [draft, setDraft] = useState({ name: '', title: '', company: '' });
  const full = speakers.length >= MAX_NEW_EVENT_SPEAKERS;
  const add = () => {
    onChange([
      ...speakers,
      { name: draft.name.trim(), title: draft.title.trim() || null, company: draft.company.trim() || null },
    ]);
    setDraft({ name: '', title: '', company: '' });
  };

  return (
    <fieldset className="space-y-4 rounded-xl border border-stone-200 p-4">
      <legend className="px-1 font-semibold text-stone-900">Speakers</legend>
      {speakers.length > 0 && (
        <ul aria-label="Speakers to add" className="space-y-2">
          {speakers.map((speaker, index) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: unsaved speakers have no id; the list only grows or loses items.
              key={index}
              className="flex items-center justify-between gap-3 rounded-lg bg-stone-50 px-3 py-2 text-sm"
            >
              <span>
                <span className="font-semibold text-stone-900">{speaker.name}</span>
                {[speaker.title, speaker.company].filter(Boolean).length > 0 && (
                  <span className="text-stone-600">
                    {' '}
                    · {[speaker.title, speaker.company].filter(Boolean).join(', ')}
                  </span>
                )}
              </span>
              <button
                type="button"
                onClick={() => onChange(speakers.filter((_, other) => other !== index))}
                aria-label={`Remove ${speaker.name}`}
                className="rounded-md p-1.5 text-stone-600 hover:bg-stone-200 hover:text-stone-900"
              >
                <Trash2 aria-hidden="true" className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField
          label="Speaker name"
          autoComplete="off"
          value={draft.name}
          disabled={full}
          onChange={(event) => setDraft({ ...draft, name: event.target.value })}
        />
        <TextField
          label="Speaker title"
          autoComplete="off"
          value={draft.title}
          disabled={full}
          onChange={(event) => setDraft({ ...draft, title: event.target.value })}
        />
        <TextField
          label="Speaker company"
          autoComplete="off"
          value={draft.company}
          disabled={full}
          onChange={(event) => setDraft({ ...draft, company: event.target.value })}
        />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          onClick={add}
          disabled={full || draft.name.trim() === ''}
          className={buttonClasses({ variant: 'secondary', size: 'sm' })}
        >
          Add speaker
        </button>
        <p className="text-stone-600 text-xs">
          {full
            ? `At most ${MAX_NEW_EVENT_SPEAKERS} speakers here; add more in Manage Speakers.`
            : 'Saved with the event. Photos can be added in Manage Speakers.'}
        </p>
      </div>
      {error && (
        <p role="alert" className="font-medium text-red-700 text-sm">
          {error}
        </p>
      )}
    </fieldset>
  );
}
