import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { TextField } from './text-field';

type Values = { name: string; password: string };

function NameForm({ onValid }: { onValid: (values: Values) => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Values>({ defaultValues: { name: '', password: '' } });
  return (
    <form noValidate onSubmit={handleSubmit(onValid)}>
      <TextField
        label="Full name"
        description="As printed on your ID."
        labelAside={<a href="/help">Help</a>}
        error={errors.name?.message}
        {...register('name', { required: 'Full name is required' })}
      />
      <TextField label="Password" type="password" {...register('password')} />
      <button type="submit">Save</button>
    </form>
  );
}

describe('TextField', () => {
  it("passes register()'s props on: the typed value is submitted", async () => {
    const onValid = vi.fn();
    const user = userEvent.setup();
    render(<NameForm onValid={onValid} />);
    expect(screen.getByRole('link', { name: 'Help' })).toBeInTheDocument();

    const name = screen.getByLabelText('Full name');
    expect(name).toHaveAccessibleDescription('As printed on your ID.');
    expect(name).not.toHaveAttribute('aria-invalid');
    await user.type(name, 'Juan dela Cruz');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onValid).toHaveBeenCalledWith({ name: 'Juan dela Cruz', password: '' }, expect.anything());
  });

  it('marks the input invalid, reads the error before the description, and takes focus (ref)', async () => {
    const user = userEvent.setup();
    render(<NameForm onValid={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const name = screen.getByLabelText('Full name');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Full name is required As printed on your ID.');
    expect(name).toHaveFocus();
  });

  it('shows and hides a password', async () => {
    const user = userEvent.setup();
    render(<NameForm onValid={vi.fn()} />);
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');

    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });
});
