import { DELAYS_MS } from '@portal/shared';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useNotice } from './use-notice';

function Screen() {
  const notice = useNotice();
  return (
    <>
      <button
        type="button"
        onClick={() =>
          notice.show({ variant: 'success', title: 'Success', text: 'Event created successfully!' })
        }
      >
        succeed
      </button>
      <button type="button" onClick={() => notice.failure('Failed to delete event.')}>
        fail
      </button>
      <button type="button" onClick={() => notice.confirm('Ana Cruz is now inactive')}>
        confirm
      </button>
      {notice.element}
    </>
  );
}

afterEach(() => {
  vi.useRealTimers();
});

describe('useNotice (spec 001 §9: success notice 2 seconds)', () => {
  it('closes a success notice by itself after 2 seconds, not before', () => {
    vi.useFakeTimers();
    render(<Screen />);
    fireEvent.click(screen.getByRole('button', { name: 'succeed' }));
    expect(screen.getByRole('alertdialog', { name: 'Success' })).toHaveTextContent(
      'Event created successfully!',
    );
    act(() => vi.advanceTimersByTime(DELAYS_MS.successNotice - 1));
    expect(screen.getByRole('alertdialog', { name: 'Success' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('keeps an error notice until Okay', () => {
    vi.useFakeTimers();
    render(<Screen />);
    fireEvent.click(screen.getByRole('button', { name: 'fail' }));
    act(() => vi.advanceTimersByTime(DELAYS_MS.successNotice * 5));
    const dialog = screen.getByRole('alertdialog', { name: 'Something went wrong' });
    expect(dialog).toHaveTextContent('Failed to delete event.');
    fireEvent.click(screen.getByRole('button', { name: 'Okay' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('does not let an earlier success notice’s timer close an error shown after it', () => {
    vi.useFakeTimers();
    render(<Screen />);
    fireEvent.click(screen.getByRole('button', { name: 'succeed' }));
    act(() => vi.advanceTimersByTime(1_000));
    // A failure of a later request, while the success notice is still open (the page behind it is hidden).
    fireEvent.click(screen.getByRole('button', { name: 'fail', hidden: true }));
    act(() => vi.advanceTimersByTime(DELAYS_MS.successNotice));
    expect(screen.getByRole('alertdialog', { name: 'Something went wrong' })).toBeInTheDocument();
  });

  it('shows a confirmation line that goes after 2 seconds', () => {
    vi.useFakeTimers();
    render(<Screen />);
    fireEvent.click(screen.getByRole('button', { name: 'confirm' }));
    expect(screen.getByRole('status')).toHaveTextContent('Ana Cruz is now inactive');
    act(() => vi.advanceTimersByTime(DELAYS_MS.successNotice));
    expect(screen.getByRole('status')).toHaveTextContent('');
  });
});
