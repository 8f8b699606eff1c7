import { Check } from 'lucide-react';

/** Where the applicant is among the form's steps (spec 000 §2 "/user-forms"). */
export function StepIndicator({ steps, current }: { steps: readonly string[]; current: number }) {
  return (
    <nav aria-label="Form progress">
      <ol className="flex items-start gap-2 sm:gap-4">
        {steps.map((step, index) => {
          const done = index < current;
          const active = index === current;
          return (
            <li
              key={step}
              aria-current={active ? 'step' : undefined}
              className="flex min-w-0 flex-1 flex-col items-center gap-2 text-center"
            >
              <span
                className={`flex size-9 shrink-0 items-center justify-center rounded-full font-semibold text-sm ${
                  done
                    ? 'bg-brand-700 text-white'
                    : active
                      ? 'bg-accent-400 text-brand-950 ring-4 ring-accent-100'
                      : 'border border-stone-300 bg-white text-stone-500'
                }`}
              >
                {done ? <Check aria-hidden="true" className="size-4" /> : index + 1}
              </span>
              <span
                className={`text-xs leading-tight sm:text-sm ${active ? 'font-semibold text-stone-900' : 'text-stone-600'}`}
              >
                {step}
                {done && <span className="sr-only"> (done)</span>}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
