/**
 * Button looks as class strings, so links and buttons share them (`<Link className={…}>`)
 * without a wrapper component for every element type.
 */
const base =
  'inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60';

const variants = {
  /** The call to action: ochre on any background (dark text keeps AA contrast). */
  accent: 'bg-accent-400 text-brand-950 hover:bg-accent-300 focus-visible:outline-accent-300',
  primary: 'bg-brand-700 text-white hover:bg-brand-800 focus-visible:outline-brand-500',
  secondary: 'border border-stone-300 bg-white text-stone-800 hover:border-stone-400 hover:bg-stone-50',
  /** For dark backgrounds such as the hero. */
  outlineLight:
    'border border-white/40 text-white hover:border-white hover:bg-white/10 focus-visible:outline-white',
  danger: 'bg-red-700 text-white hover:bg-red-800 focus-visible:outline-red-600',
} as const;

const sizes = {
  sm: 'h-9 px-3.5 text-sm',
  md: 'h-11 px-5 text-sm',
  lg: 'h-12 px-6 text-base',
} as const;

export function buttonClasses({
  variant = 'primary',
  size = 'md',
  className = '',
}: {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  className?: string;
} = {}) {
  return `${base} ${variants[variant]} ${sizes[size]} ${className}`.trim();
}
