import { buildPagination } from '@portal/shared';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ListFooter } from './list-footer';

const renderFooter = (page: number, total: number) => {
  const onPageChange = vi.fn();
  const view = render(
    <ListFooter
      pagination={buildPagination(page, 10, total)}
      noun="events"
      label="Events pages"
      onPageChange={onPageChange}
    />,
  );
  return { ...view, onPageChange };
};

describe('ListFooter', () => {
  it("says 'Showing x to y of z' with the noun, and pages with at most five page buttons", async () => {
    const { onPageChange } = renderFooter(6, 123);
    expect(screen.getByText('Showing 51 to 60 of 123 events')).toBeVisible();
    const pager = screen.getByRole('navigation', { name: 'Events pages' });
    const numbers = screen.getAllByRole('button', { name: /^Page \d+$/ }).map((button) => button.textContent);
    expect(numbers).toEqual(['4', '5', '6', '7', '8']);
    expect(screen.getByRole('button', { name: 'Page 6' })).toHaveAttribute('aria-current', 'page');
    expect(pager).toBeVisible();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Page 8' }));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(onPageChange.mock.calls).toEqual([[8], [7], [5]]);
  });

  it('shows the count without a pager on a single page, and nothing for an empty list', () => {
    const { unmount } = renderFooter(1, 4);
    expect(screen.getByText('Showing 1 to 4 of 4 events')).toBeVisible();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    unmount();
    const { container } = renderFooter(1, 0);
    expect(container).toBeEmptyDOMElement();
  });

  it('disables Previous on the first page and Next on the last', () => {
    renderFooter(13, 123);
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeEnabled();
  });
});
