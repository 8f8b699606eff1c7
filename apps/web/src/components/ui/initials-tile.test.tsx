import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { InitialsTile, initialsOf } from './initials-tile';

describe('initialsOf', () => {
  it('takes the first letters of the first and last names, leaving honorifics out', () => {
    expect(initialsOf('Ana Cruz')).toBe('AC');
    expect(initialsOf('Engr. Lorna Dizon')).toBe('LD');
    expect(initialsOf('Dr. Teresa M. Gomez')).toBe('TG');
    expect(initialsOf('  maria   de la santos ')).toBe('MS');
    expect(initialsOf('Ñoño')).toBe('Ñ');
    expect(initialsOf('')).toBe('');
  });
});

describe('InitialsTile', () => {
  it('shows the initials, hidden from screen readers since the name is written beside it', () => {
    const { container } = render(<InitialsTile name="Ana Cruz" className="size-10 rounded-full" />);
    const tile = container.firstElementChild;
    expect(tile).toHaveTextContent('AC');
    expect(tile).toHaveAttribute('aria-hidden', 'true');
    expect(tile).toHaveClass('size-10', 'rounded-full');
  });
});
