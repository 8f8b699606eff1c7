import { zodResolver } from '@hookform/resolvers/zod';
import {
  ADMIN_DIALOG_STATUSES,
  type AdminUser,
  type AdminUserUpdate,
  type AdminUserUpdateInput,
  adminUserUpdateSchema,
  mayOpen,
  type StaffRole,
  USER_TYPES,
} from '@portal/shared';
import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { NameFieldset, nameValuesOf } from '@/components/forms/name-fieldset';
import { buttonClasses } from '@/components/ui/button-styles';
import { DialogCloseButton, DialogFooter, DialogPanel } from '@/components/ui/dialog';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api-client';
import { applyServerFieldErrors, serverFieldErrors } from '@/lib/form-errors';
import { useStaffRoles } from '@/lib/staff-access';
import { useSetUserRoles, useUpdateUser } from '../api/change-user';
import { StaffRolesFieldset } from './staff-roles-fieldset';
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
 * and the names of the account's type; its staff roles, which only an administrator changes (decision 060).
 * Rendered only while open, so each opening starts from the saved values.
 */
export function UserFormDialog({ user, onClose, onSaved, onFailed }: UserFormDialogProps) {
  const update = useUpdateUser();
  const setRoles = useSetUserRoles();
  const mayGrant = mayOpen(useStaffRoles(), 'roles');
  const [roles, setRoleChoice] = useState<StaffRole[]>([...user.roles]);
  const [rolesError, setRolesError] = useState<string | undefined>();
  const rolesChanged = [...roles].sort().join() !== [...user.roles].sort().join();
  const saving = update.isPending || setRoles.isPending;
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

  // The details first, then the roles, which decide the account's type last: a Type changed to
  // Admin grants the admin role, and the roles ticked here are what the account holds afterwards.
  const saveRoles = (saved: AdminUser) =>
    setRoles.mutate(
      { id: user.id, roles },
      {
        onSuccess: (result) => onSaved({ ...saved, roles: result.roles }),
        // On the field, the dialog kept open: the details are saved, the roles are not.
        onError: (error) => setRolesError(rolesRefusal(error)),
      },
    );

  const onSubmit = handleSubmit((fields) => {
    setRolesError(undefined);
    update.mutate(
      { id: user.id, fields },
      {
        onSuccess: (saved) => (mayGrant && rolesChanged ? saveRoles(saved) : onSaved(saved)),
        onError: (error) => {
          const messages = serverFieldErrors(error);
          const unplaced = applyServerFieldErrors(messages, setError, Object.keys(defaultValues));
          if (Object.keys(unplaced).length === Object.keys(messages).length) onFailed(error);
        },
      },
    );
  });

  return (
    <Dialog.Root open onOpenChange={(open) => !open && !saving && onClose()}>
      <DialogPanel size="wide">
        <DialogCloseButton disabled={saving} />
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
            <StaffRolesFieldset
              roles={roles}
              editable={mayGrant}
              onChange={(next) => {
                setRoleChoice(next);
                setRolesError(undefined);
              }}
              error={rolesError}
              disabled={saving}
            />
            <DialogFooter>
              <Dialog.Close className={buttonClasses({ variant: 'secondary' })} disabled={saving}>
                Cancel
              </Dialog.Close>
              <button type="submit" className={buttonClasses({ variant: 'primary' })} disabled={saving}>
                {saving ? 'Saving…' : 'Save Changes'}
              </button>
            </DialogFooter>
          </form>
        </FormProvider>
      </DialogPanel>
    </Dialog.Root>
  );
}

/** Not a spec message: the roles could not be saved for a reason other than one of the server's rules. */
export const ROLES_SAVE_FAILED = 'The staff roles could not be saved. Please try again.';

/** The server's own words for a refused change (the last admin, your own admin role, an unknown role). */
function rolesRefusal(error: unknown) {
  return error instanceof ApiError && error.status >= 400 && error.status < 500
    ? error.error
    : ROLES_SAVE_FAILED;
}
