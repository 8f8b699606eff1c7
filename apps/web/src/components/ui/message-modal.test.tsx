import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { MessageModal } from './message-modal';

function Harness({ variant, onClose }: { variant: 'success' | 'error'; onClose: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Show message
      </button>
      <MessageModal
        open={open}
        variant={variant}
        title="Registration successful"
        text="Please check your email to confirm your account."
        onClose={() => {
          setOpen(false);
          onClose();
        }}
      />
    </>
  );
}

describe('MessageModal (spec 000 §2)', () => {
  it("shows the title, text and an 'Okay' button that closes it", async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<Harness variant="success" onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Show message' }));

    const dialog = screen.getByRole('alertdialog', { name: 'Registration successful' });
    expect(dialog).toHaveAccessibleDescription('Please check your email to confirm your account.');
    const okay = screen.getByRole('button', { name: 'Okay' });
    expect(okay).toHaveFocus();
    await user.click(okay);
    expect(onClose).toHaveBeenCalledOnce();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('closes on Escape and returns focus to what opened it', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<Harness variant="error" onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Show message' }));
    await user.keyboard('{Escape}');

    expect(onClose).toHaveBeenCalledOnce();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show message' })).toHaveFocus();
  });

  it('keeps focus inside while open', async () => {
    const user = userEvent.setup();
    render(<Harness variant="error" onClose={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Show message' }));
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Okay' })).toHaveFocus();
  });
});
