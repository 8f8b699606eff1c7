import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { CheckboxField } from './checkbox-field';

function ConsentForm({ onValid }: { onValid: (values: { consent: boolean }) => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ defaultValues: { consent: false } });
  return (
    <form noValidate onSubmit={handleSubmit(onValid)}>
      <CheckboxField
        label="I agree to be contacted"
        description="By e-mail only."
        error={errors.consent?.message}
        {...register('consent', { required: 'Please agree to continue' })}
      />
      <button type="submit">Save</button>
    </form>
  );
}

describe('CheckboxField', () => {
  it('marks the box invalid with its message and focuses it on a refused submit', async () => {
    const user = userEvent.setup();
    render(<ConsentForm onValid={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const consent = screen.getByRole('checkbox', { name: 'I agree to be contacted' });
    expect(consent).toHaveAttribute('aria-invalid', 'true');
    expect(consent).toHaveAccessibleDescription('Please agree to continue By e-mail only.');
    expect(consent).toHaveFocus();
  });

  it('toggles from its label and submits a boolean', async () => {
    const onValid = vi.fn();
    const user = userEvent.setup();
    render(<ConsentForm onValid={onValid} />);
    await user.click(screen.getByText('I agree to be contacted'));
    expect(screen.getByRole('checkbox')).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onValid).toHaveBeenCalledWith({ consent: true }, expect.anything());
  });
});
