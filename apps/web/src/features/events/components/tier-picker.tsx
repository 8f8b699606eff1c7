import {
  EVENT_PRICE_AUDIENCE_DESCRIPTIONS,
  type EventPriceTier,
  type EventRegistrationRequest,
  formatCentavos,
} from '@portal/shared';
import { useState } from 'react';
import { buttonClasses } from '@/components/ui/button-styles';
import { TextField } from '@/components/ui/text-field';
import { serverFieldErrors } from '@/lib/form-errors';

/**
 * The price tiers of an event for the signed-in member (docs/product-rules.md "Event prices"): the
 * ones open to them to choose, the others greyed with why. The professional rate asks for the PRC
 * licence. The server decides again when they register, and charges the tier's amount.
 */
export function TierPicker({
  tiers,
  busy,
  error,
  onRegister,
}: {
  tiers: EventPriceTier[];
  busy: boolean;
  error: unknown;
  onRegister: (request: EventRegistrationRequest) => void;
}) {
  // Until the member picks, the first tier open to them (read once the viewer's tiers arrive).
  const [picked, setPicked] = useState<string | undefined>();
  const chosen = picked ?? tiers.find((tier) => tier.open)?.id;
  const [prcNumber, setPrcNumber] = useState('');
  const [prcExpiresOn, setPrcExpiresOn] = useState('');
  const tier = tiers.find((candidate) => candidate.id === chosen);
  const professional = tier?.audience === 'professional';
  const fieldErrors = serverFieldErrors(error);

  return (
    <form
      className="space-y-4"
      onSubmit={(submitted) => {
        submitted.preventDefault();
        if (!tier) return;
        onRegister(
          professional
            ? { tier_id: tier.id, prc_number: prcNumber.trim(), prc_expires_on: prcExpiresOn }
            : { tier_id: tier.id },
        );
      }}
    >
      <fieldset>
        <legend className="font-semibold text-stone-900">Choose your rate</legend>
        <ul className="mt-2 space-y-2">
          {tiers.map((option) => (
            <li key={option.id}>
              <label
                className={`flex cursor-pointer items-start gap-3 rounded-lg border p-3 ${
                  option.open
                    ? chosen === option.id
                      ? 'border-brand-600 bg-white'
                      : 'border-stone-300 bg-white'
                    : 'cursor-not-allowed border-stone-200 bg-stone-100 text-stone-500'
                }`}
              >
                <input
                  type="radio"
                  name="tier"
                  value={option.id}
                  checked={chosen === option.id}
                  disabled={!option.open}
                  onChange={() => setPicked(option.id)}
                  className="mt-1 size-4 accent-brand-700"
                />
                <span className="min-w-0 flex-1">
                  <span className="flex flex-wrap justify-between gap-x-3">
                    <span className="font-medium">{option.name}</span>
                    <span className="font-semibold">
                      {option.amount === 0 ? 'Free' : formatCentavos(option.amount)}
                    </span>
                  </span>
                  <span className="block text-xs">
                    {option.open ? EVENT_PRICE_AUDIENCE_DESCRIPTIONS[option.audience] : option.closed_reason}
                  </span>
                </span>
              </label>
            </li>
          ))}
        </ul>
        {fieldErrors.tier_id && (
          <p role="alert" className="mt-2 font-medium text-red-700">
            {fieldErrors.tier_id}
          </p>
        )}
      </fieldset>
      {professional && (
        <div className="space-y-3">
          <TextField
            label="PRC licence number"
            inputMode="numeric"
            autoComplete="off"
            description="7 digits, as on your professional identification card. Only you and the secretariat see it."
            value={prcNumber}
            onChange={(changed) => setPrcNumber(changed.target.value)}
            error={fieldErrors.prc_number}
          />
          <TextField
            label="PRC licence valid until"
            type="date"
            value={prcExpiresOn}
            onChange={(changed) => setPrcExpiresOn(changed.target.value)}
            error={fieldErrors.prc_expires_on}
          />
        </div>
      )}
      <button
        type="submit"
        disabled={busy || !tier}
        className={buttonClasses({ variant: 'primary', className: 'w-full' })}
      >
        {tier && tier.amount > 0 ? `Register · ${formatCentavos(tier.amount)}` : 'Register'}
      </button>
    </form>
  );
}
