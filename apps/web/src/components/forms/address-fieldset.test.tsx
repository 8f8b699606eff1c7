import { zodResolver } from '@hookform/resolvers/zod';
import { type AddressParts, type AddressPartsInput, addressPartsSchema, buildAddress } from '@portal/shared';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormProvider, useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { AddressFieldset, emptyAddress } from './address-fieldset';

function renderFieldset(props: Parameters<typeof AddressFieldset>[0], onSend = vi.fn()) {
  function Harness() {
    const form = useForm<AddressPartsInput, unknown, AddressParts>({
      resolver: zodResolver(addressPartsSchema),
      defaultValues: emptyAddress,
    });
    return (
      <FormProvider {...form}>
        <form noValidate onSubmit={form.handleSubmit((parts) => onSend(buildAddress(parts)))}>
          <AddressFieldset {...props} />
          <button type="submit">Send</button>
        </form>
      </FormProvider>
    );
  }
  render(<Harness />);
  return { user: userEvent.setup(), onSend };
}

describe('AddressFieldset (spec 000 §3)', () => {
  it('takes the four parts, joined with ", " and blanks skipped', async () => {
    const { user, onSend } = renderFieldset({ legend: 'Company address' });
    expect(screen.getByRole('group', { name: 'Company address' })).toBeVisible();
    await user.type(screen.getByLabelText('House no.'), '12F');
    await user.type(screen.getByLabelText('City'), 'Makati City');
    await user.type(screen.getByLabelText('Postal code'), '1226');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSend).toHaveBeenCalledWith('12F, Makati City, 1226');
  });

  it("says a part's mistake on that part, in the shared schema's words", async () => {
    const { user, onSend } = renderFieldset({ legend: 'Address' });
    await user.type(screen.getByLabelText('Postal code'), '1'.repeat(21));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByLabelText('Postal code')).toHaveAccessibleDescription(
      'Postal code must be at most 20 characters',
    );
    expect(onSend).not.toHaveBeenCalled();
  });

  it('shows the address on file, kept while the parts are blank', () => {
    renderFieldset({ legend: 'Address', currentAddress: '7, Fortich Street, Malaybalay City, 8700' });
    expect(screen.getByText('7, Fortich Street, Malaybalay City, 8700')).toBeVisible();
    expect(screen.getByText(/Leave these fields blank to keep it/)).toBeVisible();
  });

  it("lets the browser fill in the person's own address, not someone else's", () => {
    renderFieldset({ legend: 'Address', owner: 'other' });
    expect(screen.getByLabelText('Street')).toHaveAttribute('autocomplete', 'off');
  });
});
