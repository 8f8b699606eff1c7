import type { ReactNode } from 'react';

type AuthCardProps = {
  /** A decorative icon above the title. */
  icon: ReactNode;
  iconTone?: 'brand' | 'error';
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  /** Links under the card (to the other account pages, back home). */
  footer?: ReactNode;
};

/**
 * The frame of every account page (login, register, e-mail link, password reset): a centred card
 * on the stone page, overlapping a band in the brand colour that echoes the inner pages' header.
 */
export function AuthCard({ icon, iconTone = 'brand', title, intro, children, footer }: AuthCardProps) {
  return (
    <section className="relative px-4 pt-28 pb-20 sm:pt-36 sm:pb-24">
      <div aria-hidden="true" className="absolute inset-x-0 top-0 h-64 bg-brand-900 sm:h-72" />
      <div className="relative mx-auto w-full max-w-md">
        <div className="rounded-2xl bg-white px-6 py-8 shadow-stone-900/10 shadow-xl ring-1 ring-stone-200 sm:px-10 sm:py-10">
          <div
            className={`flex size-12 items-center justify-center rounded-full ${
              iconTone === 'error' ? 'bg-red-50 text-red-600' : 'bg-brand-50 text-brand-700'
            }`}
          >
            {icon}
          </div>
          <h1 className="mt-5 font-display font-semibold text-2xl text-stone-900 sm:text-3xl">{title}</h1>
          {intro && <div className="mt-2 text-stone-600 leading-relaxed">{intro}</div>}
          <div className="mt-7">{children}</div>
        </div>
        {footer && <div className="mt-6 text-center text-sm text-stone-600">{footer}</div>}
      </div>
    </section>
  );
}

/** The look of links inside and below the card. */
export const authLinkClasses =
  'rounded font-semibold text-brand-700 underline-offset-4 hover:text-brand-800 hover:underline';
