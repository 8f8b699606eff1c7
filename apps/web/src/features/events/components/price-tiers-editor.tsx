import {
  type AdminEventPriceTier,
  EVENT_FEES_TEXT,
  EVENT_PRICE_AUDIENCE_LABELS,
  EVENT_PRICE_AUDIENCES,
  type EventPriceTierInput,
  MEETING_FEE_TIERS,
} from '@portal/shared';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { buttonClasses } from '@/components/ui/button-styles';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';

/** A tier as the form edits it: the amount in pesos as typed. */
type TierRow = { id?: string; name: string; audience: EventPriceTierInput['audience']; amount: string };

const pesos = (centavos: number) => (centavos / 100).toFixed(2);

const toRows = (tiers: readonly (AdminEventPriceTier | (typeof MEETING_FEE_TIERS)[number])[]): TierRow[] =>
  tiers.map((tier) => ({
    ...('id' in tier && typeof tier.id === 'string' ? { id: tier.id } : {}),
    name: tier.name,
    audience: tier.audience,
    amount: pesos(tier.amount),
  }));

/**
 * The tiers the event form starts from, as the JSON text it sends (docs/product-rules.md "Event
 * prices"): an event's own, or none for a new one (a new event is free).
 */
export function priceTiersFormValue(tiers: readonly AdminEventPriceTier[] | undefined): string {
  return JSON.stringify(toRows(tiers ?? []));
}

function readRows(value: string): TierRow[] {
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? (parsed as TierRow[]) : [];
  } catch {
    return [];
  }
}

/**
 * "This event has fees", then add, remove, rename and price the tiers, or take the specification's
 * meeting fees in one click; amounts in pesos (kept in centavos by the server). Unticking sends no
 * tiers: the event is free. The tiers travel as one JSON field of the event form, so the form's own
 * rules read them.
 */
export function PriceTiersEditor({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const rows = readRows(value);
  const [hasFees, setHasFees] = useState(rows.length > 0);
  const write = (next: TierRow[]) => onChange(JSON.stringify(next));
  const change = (index: number, patch: Partial<TierRow>) =>
    write(rows.map((row, at) => (at === index ? { ...row, ...patch } : row)));
  return (
    <fieldset className="space-y-3 sm:col-span-3">
      <legend className="font-semibold text-stone-900">Price tiers</legend>
      <CheckboxField
        label={EVENT_FEES_TEXT.toggle}
        checked={hasFees}
        onChange={(changed) => {
          setHasFees(changed.target.checked);
          if (!changed.target.checked) write([]);
        }}
      />
      {!hasFees && <p className="text-stone-600 text-xs">{EVENT_FEES_TEXT.free}</p>}
      {hasFees && (
        <p className="text-stone-600 text-xs">
          Members choose among the tiers open to them when they register; none means registration is free.
        </p>
      )}
      {hasFees &&
        rows.map((row, index) => (
          <div
            // Rows have no stable key until saved; the index is their identity while editing.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={index}
            className="grid items-end gap-3 rounded-lg border border-stone-200 bg-white p-3 sm:grid-cols-[2fr_2fr_1fr_auto]"
          >
            <TextField
              label={`Tier ${index + 1} name`}
              value={row.name}
              onChange={(changed) => change(index, { name: changed.target.value })}
            />
            <SelectField
              label="For"
              value={row.audience}
              onChange={(changed) => change(index, { audience: changed.target.value as TierRow['audience'] })}
            >
              {EVENT_PRICE_AUDIENCES.map((audience) => (
                <option key={audience} value={audience}>
                  {EVENT_PRICE_AUDIENCE_LABELS[audience]}
                </option>
              ))}
            </SelectField>
            <TextField
              label="Amount (₱)"
              inputMode="decimal"
              value={row.amount}
              onChange={(changed) => change(index, { amount: changed.target.value })}
            />
            <button
              type="button"
              onClick={() => write(rows.filter((_, at) => at !== index))}
              className={buttonClasses({ variant: 'secondary', className: 'h-11' })}
              aria-label={`Remove tier ${index + 1}`}
            >
              <Trash2 aria-hidden="true" className="size-4" />
            </button>
          </div>
        ))}
      {error && (
        <p role="alert" className="font-medium text-red-700 text-sm">
          {error}
        </p>
      )}
      {hasFees && (
        <div className="flex flex-wrap gap-2">
          {rows.length === 0 && (
            <button
              type="button"
              onClick={() => write(toRows(MEETING_FEE_TIERS))}
              className={buttonClasses({ variant: 'primary' })}
            >
              {EVENT_FEES_TEXT.preset}
            </button>
          )}
          <button
            type="button"
            onClick={() => write([...rows, { name: '', audience: 'guest', amount: '' }])}
            className={buttonClasses({ variant: 'secondary' })}
          >
            <Plus aria-hidden="true" className="size-4" /> Add tier
          </button>
        </div>
      )}
    </fieldset>
  );
}
