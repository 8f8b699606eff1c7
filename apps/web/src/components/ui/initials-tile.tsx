/**
 * A person's initials: the first letters of the first and last names, honorifics left out
 * ('Engr. Lorna Dizon' → 'LD', 'Dr. Teresa M. Gomez' → 'TG', 'Cher' → 'C').
 */
export function initialsOf(name: string): string {
  const words = name
    .trim()
    .split(/\s+/)
    // 'Dr.', 'Engr.', 'Atty.' and middle initials end with a full stop; names do not.
    .filter((word) => word && !word.endsWith('.'));
  const letters = [words[0], words.length > 1 ? words.at(-1) : undefined]
    .map((word) => [...(word ?? '')].find((character) => /\p{L}/u.test(character)) ?? '')
    .join('');
  return letters.toLocaleUpperCase();
}

/**
 * Who a record is about when it has no photo: the initials on a soft brand tile, in place of the
 * photo and of the same size (`className` gives the size and the corners). The letters scale
 * with the tile, from a 40 px avatar to a card. Decorative: the name is always written beside it.
 */
export function InitialsTile({ name, className = '' }: { name: string; className?: string }) {
  return (
    <div
      aria-hidden="true"
      data-initials-tile=""
      className={`flex select-none items-center justify-center bg-gradient-to-br from-brand-100 to-brand-200 font-semibold text-brand-800 tracking-wide [container-type:size] ${className}`}
    >
      <span className="text-[min(32cqw,32cqh)] leading-none">{initialsOf(name)}</span>
    </div>
  );
}
