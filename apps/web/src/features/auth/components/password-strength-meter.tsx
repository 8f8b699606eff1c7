import { PASSWORD_STRENGTH_LABELS, scorePassword } from '@portal/shared';

const MAX_SCORE = PASSWORD_STRENGTH_LABELS.length - 1;

/** Red while refused (below Good, spec 000 §5), amber at Good, green above. */
function barColour(score: number) {
  if (score < 3) return 'bg-red-500';
  if (score === 3) return 'bg-accent-400';
  return 'bg-brand-500';
}

/**
 * The live strength meter of spec 000 §2 "/register": five segments, the label of the score
 * (Very Weak … Very Strong) and a feedback line listing what the password still lacks.
 */
export function PasswordStrengthMeter({ password }: { password: string }) {
  const { score, label, missing } = scorePassword(password);
  return (
    <div>
      <div className="flex items-center gap-3">
        {/* The native meter speaks to assistive technology; the segments are its picture. */}
        <meter
          className="sr-only"
          aria-label="Password strength"
          min={0}
          max={MAX_SCORE}
          value={score}
          aria-valuetext={label}
        />
        <div aria-hidden="true" className="grid flex-1 grid-cols-5 gap-1">
          {Array.from({ length: MAX_SCORE }, (_, index) => (
            <span
              // biome-ignore lint/suspicious/noArrayIndexKey: fixed segments, never reordered.
              key={index}
              className={`h-1.5 rounded-full ${index < score ? barColour(score) : 'bg-stone-200'}`}
            />
          ))}
        </div>
        <p className="w-24 shrink-0 text-right font-medium text-stone-700 text-xs">{label}</p>
      </div>
      <p className="mt-1.5 text-stone-600 text-xs leading-relaxed">
        {missing.length > 0
          ? `Missing: ${missing.join(', ')}`
          : 'Includes everything a strong password needs.'}
      </p>
    </div>
  );
}
