import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { TextAreaField } from './text-area-field';

function AboutForm({ onValid }: { onValid: (values: { about: string }) => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ defaultValues: { about: '' } });
  return (
    <form noValidate onSubmit={handleSubmit(onValid)}>
      <TextAreaField
        label="About"
        description="A few lines about your work."
        error={errors.about?.message}
        {...register('about', { required: 'About is required' })}
      />
      <button type="submit">Save</button>
    </form>
  );
}

describe('TextAreaField', () => {
  it('marks the text box invalid with its message and focuses it on a refused submit', async () => {
    const user = userEvent.setup();
    render(<AboutForm onValid={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const about = screen.getByRole('textbox', { name: 'About' });
    expect(about).toHaveAttribute('aria-invalid', 'true');
    expect(about).toHaveAccessibleDescription('About is required A few lines about your work.');
    expect(about).toHaveFocus();
  });

  it('submits the lines typed', async () => {
    const onValid = vi.fn();
    const user = userEvent.setup();
    render(<AboutForm onValid={onValid} />);
    await user.type(screen.getByLabelText('About'), 'Geologist.{Enter}Mindanao.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onValid).toHaveBeenCalledWith({ about: 'Geologist.\nMindanao.' }, expect.anything());
  });
});
