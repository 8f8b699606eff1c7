import {
  ANNOUNCEMENT_AUDIENCE_HINTS,
  ANNOUNCEMENT_AUDIENCE_LABELS,
  ANNOUNCEMENT_AUDIENCES,
  ANNOUNCEMENT_MESSAGES,
  type Announcement,
  type AnnouncementAudience,
  formatDate,
} from '@portal/shared';
import { useId } from 'react';

/** The choice the news and event forms carry: whether to e-mail the item on saving, and to whom. */
export type AnnouncementChoice = { send: boolean; audience: AnnouncementAudience };
export const NO_ANNOUNCEMENT: AnnouncementChoice = { send: false, audience: 'good_standing' };

/** "Announced 27 November 2026 to all members (12 people)." */
export const announcedText = (announcement: Announcement) =>
  ANNOUNCEMENT_MESSAGES.announcedOn(
    formatDate(announcement.created_at),
    ANNOUNCEMENT_AUDIENCE_LABELS[announcement.audience],
    announcement.recipient_count,
  );

/** The audiences as radio buttons, each with what it means (docs/product-rules.md "Announcements"). */
export function AudienceChoice({
  value,
  onChange,
  disabled = false,
}: {
  value: AnnouncementAudience;
  onChange: (audience: AnnouncementAudience) => void;
  disabled?: boolean;
}) {
  const name = useId();
  return (
    <fieldset disabled={disabled} className="space-y-2">
      <legend className="mb-2 font-medium text-sm text-stone-800">
        {ANNOUNCEMENT_MESSAGES.audienceLegend}
      </legend>
      {ANNOUNCEMENT_AUDIENCES.map((audience) => (
        <label
          key={audience}
          className="flex cursor-pointer items-start gap-3 rounded-lg border border-stone-200 px-3 py-2 has-checked:border-brand-600 has-checked:bg-brand-50"
        >
          <input
            type="radio"
            name={name}
            value={audience}
            checked={value === audience}
            onChange={() => onChange(audience)}
            className="mt-1 size-4 shrink-0 accent-brand-700"
          />
          <span>
            <span className="block font-medium text-sm text-stone-900">
              {ANNOUNCEMENT_AUDIENCE_LABELS[audience]}
            </span>
            <span className="block text-stone-600 text-xs">{ANNOUNCEMENT_AUDIENCE_HINTS[audience]}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/**
 * "E-mail to members" on the news and event forms: ticked, the item is announced to the chosen
 * audience once it is saved. Only a published item can be announced, and only once (decision
 * 052): before publishing the box is disabled with the reason, after an announcement the line
 * says when and to whom it went.
 */
export function AnnouncementFields({
  value,
  onChange,
  published,
  announced,
}: {
  value: AnnouncementChoice;
  onChange: (choice: AnnouncementChoice) => void;
  published: boolean;
  /** The item's announcement, if it has one; undefined while it is being read. */
  announced: Announcement | null | undefined;
}) {
  const checkboxId = useId();
  const hintId = useId();
  if (announced) {
    return (
      <p className="rounded-lg border border-stone-200 bg-stone-50 px-4 py-3 text-sm text-stone-700">
        {announcedText(announced)}
      </p>
    );
  }
  const disabled = !published || announced === undefined;
  return (
    <div className="space-y-3 rounded-lg border border-stone-200 px-4 py-3">
      <div className="flex items-start gap-3">
        <input
          id={checkboxId}
          type="checkbox"
          checked={value.send && !disabled}
          disabled={disabled}
          aria-describedby={hintId}
          onChange={(event) => onChange({ ...value, send: event.target.checked })}
          className="mt-0.5 size-5 shrink-0 accent-brand-700"
        />
        <div>
          <label htmlFor={checkboxId} className="font-medium text-sm text-stone-800">
            {ANNOUNCEMENT_MESSAGES.checkbox}
          </label>
          <p id={hintId} className="text-stone-600 text-xs">
            {published ? ANNOUNCEMENT_MESSAGES.checkboxHint : ANNOUNCEMENT_MESSAGES.checkboxNeedsPublished}
          </p>
        </div>
      </div>
      {value.send && !disabled && (
        <div className="pl-8">
          <AudienceChoice value={value.audience} onChange={(audience) => onChange({ ...value, audience })} />
        </div>
      )}
    </div>
  );
}
