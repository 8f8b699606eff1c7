import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { SelectField } from './select-field';

function CategoryForm({ onValid }: { onValid: (values: { category: string }) => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ defaultValues: { category: '' } });
  return (
    <form noValidate onSubmit={handleSubmit(onValid)}>
      <SelectField
        label="Category"
        placeholder="Select a category"
        error={errors.category?.message}
        {...register('category', { required: 'Category is required' })}
      >
        <option value="Regular">Regular</option>
        <option value="Associate">Associate</option>
      </SelectField>
      <button type="submit">Save</button>
    </form>
  );
}

describe('SelectField', () => {
  it('starts on the placeholder; a refused submit marks it invalid and focuses it', async () => {
    const user = userEvent.setup();
    render(<CategoryForm onValid={vi.fn()} />);
    const category = screen.getByRole('combobox', { name: 'Category' });
    expect(category).toHaveDisplayValue('Select a category');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(category).toHaveAttribute('aria-invalid', 'true');
    expect(category).toHaveAccessibleDescription('Category is required');
    expect(category).toHaveFocus();
  });

  it('submits the chosen option, and the message goes as soon as one is chosen', async () => {
    const onValid = vi.fn();
    const user = userEvent.setup();
    render(<CategoryForm onValid={onValid} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const category = screen.getByLabelText('Category');
    await user.selectOptions(category, 'Associate');
    expect(category).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onValid).toHaveBeenCalledWith({ category: 'Associate' }, expect.anything());
  });
});
