import { zodResolver } from '@hookform/resolvers/zod';
import {
  ADMIN_DIALOG_STATUSES,
  type AdminUser,
  type AdminUserUpdate,
  type AdminUserUpdateInput,
  adminUserUpdateSchema,
  USER_TYPES,
} from '@portal/shared';
import * as Dialog from '@radix-ui/react-dialog';
import { FormProvider, useForm } from 'react-hook-form';
import { NameFieldset, nameValuesOf } from '@/components/forms/name-fieldset';
import { buttonClasses } from '@/components/ui/button-styles';
import { DialogCloseButton, DialogFooter, DialogPanel } from '@/components/ui/dialog';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { applyServerFieldErrors, serverFieldErrors } from '@/lib/form-errors';
import { useUpdateUser } from '../api/change-user';
import { USER_STATUS_LABELS, USER_TYPE_LABELS } from './user-labels';

type UserFormDialogProps = {
  user: AdminUser;
  onClose: () => void;
  onSaved: (user: AdminUser) => void;
  /** spec 000 §8: 'Error updating user. Please try again.' (the server's rule, if one refused it, under it). */
  onFailed: (error: unknown) => void;
};

/**
 * The user dialog of spec 000 §2: username, e-mail (read-only), phone, type and status (active or
 * inactive; an account still waiting for its e-mail confirmation keeps 'Pending' until changed),
 * and the names of the account's type.
 * Rendered only while open, so each opening starts from the saved values.
 */
export function UserFormDialog({ user, onClose, onSaved, onFailed }: UserFormDialogProps) {
  const update = useUpdateUser();
  const defaultValues = {
    username: user.username,
    email: user.email,
    phone: user.phone ?? '',
    type: user.type,
    status: user.status,
    ...nameValuesOf(user),
  };
  const form = useForm<AdminUserUpdateInput, unknown, AdminUserUpdate>({
    resolver: zodResolver(adminUserUpdateSchema),
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = form;
  const statuses = user.status === 'pending' ? ['pending', ...ADMIN_DIALOG_STATUSES] : ADMIN_DIALOG_STATUSES;

  const onSubmit = handleSubmit((fields) =>
    update.mutate(
      { id: user.id, fields },
      {
        onSuccess: onSaved,
        onError: (error) => {
          const messages = serverFieldErrors(error);
          const unplaced = applyServerFieldErrors(messages, setError, Object.keys(defaultValues));
          if (Object.keys(unplaced).length === Object.keys(messages).length) onFailed(error);
        },
      },
    ),
  );

  return (
    <Dialog.Root open onOpenChange={(open) => !open && !update.isPending && onClose()}>
      <DialogPanel size="wide">
        <DialogCloseButton disabled={update.isPending} />
        <Dialog.Title className="font-display font-semibold text-2xl text-stone-900">Edit User</Dialog.Title>
        <Dialog.Description className="mt-1 text-sm text-stone-600">
          The e-mail address is the account's sign-in and cannot be changed here.
        </Dialog.Description>
        <FormProvider {...form}>
          <form noValidate onSubmit={onSubmit} className="mt-6 space-y-5">
            <div className="grid gap-5 sm:grid-cols-2">
              <TextField
                label="Username *"
                autoComplete="off"
                error={errors.username?.message}
                {...register('username')}
              />
              <TextField
                label="Email"
                type="email"
                readOnly
                description={<p className="text-stone-600 text-xs">Read-only</p>}
                error={errors.email?.message}
                {...register('email')}
              />
              <TextField
                label="Phone"
                type="tel"
                autoComplete="off"
                error={errors.phone?.message}
                {...register('phone')}
              />
              <SelectField label="Type" error={errors.type?.message} {...register('type')}>
                {USER_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {USER_TYPE_LABELS[type]}
                  </option>
                ))}
              </SelectField>
              <SelectField label="Status" error={errors.status?.message} {...register('status')}>
                {statuses.map((status) => (
                  <option key={status} value={status}>
                    {USER_STATUS_LABELS[status as keyof typeof USER_STATUS_LABELS]}
                  </option>
                ))}
              </SelectField>
            </div>
            {/* The secretariat fills in a name an account never gave (decision 056). */}
            <NameFieldset company={watch('type') === 'company'} />
            <DialogFooter>
              <Dialog.Close className={buttonClasses({ variant: 'secondary' })} disabled={update.isPending}>
                Cancel
              </Dialog.Close>
              <button
                type="submit"
                className={buttonClasses({ variant: 'primary' })}
                disabled={update.isPending}
              >
                {update.isPending ? 'Saving…' : 'Save Changes'}
              </button>
            </DialogFooter>
          </form>
        </FormProvider>
      </DialogPanel>
    </Dialog.Root>
  );
}
