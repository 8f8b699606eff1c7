import { siteConfig } from '@portal/shared';

/** The association's mark: a ridge over strata, drawn inline so it needs no request. */
export function LogoMark({ className = '' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={className}>
      <rect width="32" height="32" rx="7" fill="#17413b" />
      <path d="M5 24 L12.5 11 L17 18.5 L20 14 L27 24 Z" fill="#e9b257" />
      <path d="M5 24 L12.5 11 L15 15.2 L11.5 21 Z" fill="#f2d08f" opacity=".55" />
      <path d="M5 27 H27" stroke="#a9d6cc" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}

/** Mark, acronym and full name; `tone` follows the background it sits on. */
export function LogoLockup({ tone, nameClassName = '' }: { tone: 'light' | 'dark'; nameClassName?: string }) {
  return (
    <span className="flex items-center gap-3">
      <LogoMark className="size-10 shrink-0 rounded-[9px] ring-1 ring-white/15" />
      <span className="flex flex-col leading-tight">
        <span
          className={`font-bold font-display text-xl tracking-wide ${tone === 'light' ? 'text-white' : 'text-brand-900'}`}
        >
          {siteConfig.acronym}
        </span>
        <span
          className={`max-w-[15rem] font-medium text-[0.6875rem] leading-snug ${
            tone === 'light' ? 'text-brand-100' : 'text-stone-600'
          } ${nameClassName}`}
        >
          {siteConfig.name}
        </span>
      </span>
    </span>
  );
}
