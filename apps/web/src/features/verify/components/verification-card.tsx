import { siteConfig } from '@portal/shared';
import { BadgeCheck, CircleAlert, CircleX, type LucideIcon, SearchX } from 'lucide-react';
import { type ReactNode, useId } from 'react';

/** How a verification's answer looks: good, a warning, withdrawn, or nothing found. */
export const VERIFICATION_LOOKS = {
  good: { icon: BadgeCheck, band: 'bg-emerald-600', text: 'text-emerald-800', ring: 'ring-emerald-600/30' },
  warning: { icon: CircleAlert, band: 'bg-amber-500', text: 'text-amber-800', ring: 'ring-amber-600/30' },
  withdrawn: { icon: CircleX, band: 'bg-red-600', text: 'text-red-800', ring: 'ring-red-600/30' },
  notFound: { icon: SearchX, band: 'bg-stone-500', text: 'text-stone-800', ring: 'ring-stone-500/30' },
} as const satisfies Record<string, { icon: LucideIcon; band: string; text: string; ring: string }>;

export type VerificationLook = keyof typeof VERIFICATION_LOOKS;

/**
 * The one layout of the public verification pages (a membership card, a CPD certificate): what
 * someone who scanned a QR code sees on a phone. The answer in large type, a line under it, then
 * the record's facts (`details`, a `<dl>` of `VerificationFact`s) when there is a record.
 */
export function VerificationCard({
  title,
  pendingText,
  isPending,
  look,
  headline,
  detail,
  details,
}: {
  title: string;
  pendingText: string;
  isPending: boolean;
  look: VerificationLook;
  headline: string;
  detail?: ReactNode;
  details?: ReactNode;
}) {
  const headlineId = useId();
  if (isPending) {
    return (
      <div className="mx-auto max-w-md px-4 pt-16 pb-20 text-center text-stone-600" role="status">
        {pendingText}
      </div>
    );
  }
  const { icon: Icon, band, text, ring } = VERIFICATION_LOOKS[look];
  return (
    <div className="mx-auto flex max-w-md flex-col gap-6 px-4 pt-8 pb-16 sm:pt-12">
      <h1 className="text-center font-display font-semibold text-2xl text-stone-900">{title}</h1>
      <section
        aria-labelledby={headlineId}
        className={`overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ${ring}`}
      >
        <div className={`h-2 ${band}`} />
        <div className="flex flex-col items-center gap-3 px-6 pt-8 pb-6 text-center">
          <Icon aria-hidden="true" className={`size-14 ${text}`} strokeWidth={1.75} />
          <p id={headlineId} className={`font-bold font-display text-3xl ${text}`}>
            {headline}
          </p>
          {detail}
        </div>
        {details && <dl className="divide-y divide-stone-200 border-stone-200 border-t">{details}</dl>}
      </section>
      <p className="text-center text-sm text-stone-500">
        Checked live with the records of the {siteConfig.name}.
      </p>
    </div>
  );
}

/** One fact of a verified record: stacked (`wide`, for names and titles) or label and value on a line. */
export function VerificationFact({
  label,
  wide = false,
  className = 'text-stone-900',
  children,
}: {
  label: string;
  wide?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={wide ? 'px-6 py-4' : 'flex items-baseline justify-between gap-4 px-6 py-4'}>
      <dt className="font-semibold text-stone-500 text-xs uppercase tracking-wide">{label}</dt>
      <dd className={wide ? `mt-1 ${className}` : `text-right ${className}`}>{children}</dd>
    </div>
  );
}
