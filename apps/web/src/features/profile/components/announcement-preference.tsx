import { ANNOUNCEMENT_MESSAGES } from '@portal/shared';
import { useState } from 'react';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { useAnnouncementPreference } from '../api/announcement-preference';

/**
 * Whether the member receives announcements of news and events (docs/product-rules.md
 * "Announcements"; on by default). Saved as soon as it changes; the box shows the server's answer,
 * going back if the save fails. Transactional mail is not affected, and the hint says so.
 */
export function AnnouncementPreferenceField({
  receivesAnnouncements,
  onFailed,
}: {
  receivesAnnouncements: boolean;
  onFailed: (text: string) => void;
}) {
  const save = useAnnouncementPreference();
  const [saved, setSaved] = useState(false);
  // While a change is on its way, the box shows it; the profile read afterwards confirms it.
  const checked =
    save.isPending && save.variables ? save.variables.receivesAnnouncements : receivesAnnouncements;
  return (
    <div className="space-y-2">
      <CheckboxField
        label={ANNOUNCEMENT_MESSAGES.preferenceLabel}
        description={<p className="text-stone-600 text-xs">{ANNOUNCEMENT_MESSAGES.preferenceHint}</p>}
        checked={checked}
        disabled={save.isPending}
        onChange={(event) => {
          setSaved(false);
          save.mutate(
            { receivesAnnouncements: event.target.checked },
            {
              onSuccess: () => setSaved(true),
              onError: () => onFailed(ANNOUNCEMENT_MESSAGES.preferenceFailed),
            },
          );
        }}
      />
      <p role="status" className="pl-8 text-emerald-800 text-sm">
        {saved ? ANNOUNCEMENT_MESSAGES.preferenceSaved : ''}
      </p>
    </div>
  );
}
