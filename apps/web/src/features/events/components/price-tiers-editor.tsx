import {
  type AdminEventPriceTier,
  DEFAULT_EVENT_PRICE_TIERS,
  EVENT_PRICE_AUDIENCE_LABELS,
  EVENT_PRICE_AUDIENCES,
  type EventPriceTierInput,
} from '@portal/shared';
import { Plus, Trash2 } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button-styles';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';

/** A tier as the form edits it: the amount in pesos as typed. */
type TierRow = { id?: string; name: string; audience: EventPriceTierInput['audience']; amount: string };

const pesos = (centavos: number) => (centavos / 100).toFixed(2);

/**
 * The tiers the event form starts from, as the JSON text it sends (docs/product-rules.md "Event
 * prices"): an event's own, or the specification's for a new one.
 */
export function priceTiersFormValue(tiers: readonly AdminEventPriceTier[] | undefined): string {
  const rows: TierRow[] = (tiers ?? DEFAULT_EVENT_PRICE_TIERS).map((tier) => ({
    ...('id' in tier && typeof tier.id === 'string' ? { id: tier.id } : {}),
    name: tier.name,
    audience: tier.audience,
    amount: pesos(tier.amount),
  }));
  return JSON.stringify(rows);
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
 * Add, remove, rename and price the tiers; amounts in pesos (kept in centavos by the server). The
 * tiers travel as one JSON field of the event form, so the form's own rules read them.
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
  const write = (next: TierRow[]) => onChange(JSON.stringify(next));
  const change = (index: number, patch: Partial<TierRow>) =>
    write(rows.map((row, at) => (at === index ? { ...row, ...patch } : row)));
  return (
    <fieldset className="space-y-3 sm:col-span-3">
      <legend className="font-semibold text-stone-900">Price tiers</legend>
      <p className="text-stone-600 text-xs">
        Members choose among the tiers open to them when they register; none means registration is free.
      </p>
      {rows.map((row, index) => (
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
      <button
        type="button"
        onClick={() => write([...rows, { name: '', audience: 'guest', amount: '' }])}
        className={buttonClasses({ variant: 'secondary' })}
      >
        <Plus aria-hidden="true" className="size-4" /> Add tier
      </button>
    </fieldset>
  );
}
