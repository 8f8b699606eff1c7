import type { TrustedPartner } from '@portal/shared';

/** What a mark needs: any partner or affiliation; `alt` defaults to "{name} logo". */
export type PartnerMarkSubject = Pick<TrustedPartner, 'name' | 'acronym'> & { alt?: string };

/**
 * Background, ring and text colours from the brand and accent scales of styles.css. Every pair
 * keeps the acronym at WCAG AA contrast (4.5:1 or better) against its background.
 */
const PALETTE = [
  { background: '#1d524a', ring: '#76bbad', text: '#ffffff' }, // brand-700 / brand-300 / white
  { background: '#0f2f2a', ring: '#df9a33', text: '#f2d08f' }, // brand-900 / accent-400 / accent-200
  { background: '#864915', ring: '#e9b257', text: '#ffffff' }, // accent-700 / accent-300 / white
  { background: '#eef7f5', ring: '#4a9c8d', text: '#17413b' }, // brand-50 / brand-400 / brand-800
  { background: '#fdf7ec', ring: '#c97d1c', text: '#6e3c17' }, // accent-50 / accent-500 / accent-800
  { background: '#17413b', ring: '#a9d6cc', text: '#ffffff' }, // brand-800 / brand-200 / white
] as const;

/** The same acronym always gets the same colours, wherever it is shown. */
function pickColours(label: string) {
  let hash = 0;
  for (const character of label) hash = (hash * 31 + (character.codePointAt(0) ?? 0)) >>> 0;
  return PALETTE[hash % PALETTE.length] ?? PALETTE[0];
}

function initials(name: string) {
  return name
    .split(/\s+/)
    .filter((word) => /^[A-Z]/.test(word))
    .map((word) => word[0])
    .join('')
    .slice(0, 5);
}

const FONT_SIZE_BY_LENGTH = [24, 24, 22, 18, 14, 12] as const;

/**
 * A partner's logo drawn from its acronym (packages/shared/src/partners.ts): a calm monogram
 * badge instead of third-party logo files we have no licence to ship. Sized by `className`
 * (default 4rem square).
 */
export function PartnerMark({
  partner,
  className = 'size-16',
}: {
  partner: PartnerMarkSubject;
  className?: string;
}) {
  const label = partner.acronym ?? initials(partner.name);
  const colours = pickColours(label);
  const fontSize = FONT_SIZE_BY_LENGTH[Math.min(label.length, FONT_SIZE_BY_LENGTH.length - 1)];
  return (
    <svg
      role="img"
      aria-label={partner.alt ?? `${partner.name} logo`}
      viewBox="0 0 64 64"
      className={`shrink-0 ${className}`}
      xmlns="http://www.w3.org/2000/svg"
    >
      <circle cx="32" cy="32" r="32" fill={colours.background} />
      <circle cx="32" cy="32" r="27" fill="none" stroke={colours.ring} strokeWidth="1.25" />
      <text
        x="32"
        y="31"
        textAnchor="middle"
        dominantBaseline="central"
        fill={colours.text}
        fontSize={fontSize}
        fontWeight="700"
        letterSpacing="0.5"
        className="font-display"
      >
        {label}
      </text>
      <path d="M25 44.5h14" stroke={colours.ring} strokeWidth="1.5" strokeLinecap="round" />
    </svg>
  );
}
