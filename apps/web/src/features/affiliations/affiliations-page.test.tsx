import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AffiliationsPage } from './affiliations-page';

describe('/affiliations', () => {
  it('links five partners to their sites and says on the sixth card why it has none', () => {
    render(
      <MemoryRouter>
        <AffiliationsPage />
      </MemoryRouter>,
    );
    const cards = screen.getAllByRole('article');
    expect(cards).toHaveLength(6);
    const pmrc = screen.getByRole('article', { name: 'Philippine Mining Research Council' });
    expect(within(pmrc).queryByRole('link')).toBeNull();
    expect(within(pmrc).getByText(/has no public website we can point you to/)).toBeInTheDocument();
    const linked = cards.filter((card) => within(card).queryByRole('link'));
    expect(linked).toHaveLength(5);
  });
});
