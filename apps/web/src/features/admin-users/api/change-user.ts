import type {
  AdminUserResponse,
  AdminUserUpdate,
  IdResponse,
  StaffRole,
  StaffRolesResponse,
} from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { userKeys } from './user-keys';

const byId = (path: string, id: string) => `/users/admin/${path}/${encodeURIComponent(id)}`;

/** Every change reads the table (and any open memberships editor) again. */
function useUserMutation<Input, Result>(mutationFn: (input: Input) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

/** PUT /users/admin/update-profile/{id}: username, email (unchanged), phone, type, status. */
export const useUpdateUser = () =>
  useUserMutation(async ({ id, fields }: { id: string; fields: AdminUserUpdate }) => {
    const body = await apiRequest<AdminUserResponse>(byId('update-profile', id), {
      method: 'PUT',
      body: fields,
    });
    return body.data;
  });

/** GET /users/admin/toggle-status/{id}: enables an inactive user, disables any other. */
export const useToggleUserStatus = () =>
  useUserMutation(async (id: string) => {
    const body = await apiRequest<AdminUserResponse>(byId('toggle-status', id));
    return body.data;
  });

/** DELETE /users/admin/delete-user/{id} (decision 020). */
export const useDeleteUser = () =>
  useUserMutation(async (id: string) => {
    const body = await apiRequest<IdResponse>(byId('delete-user', id), { method: 'DELETE' });
    return body.data;
  });

/** PUT /users/admin/{id}/roles: the whole set of staff roles the account holds afterwards (admins only). */
export const useSetUserRoles = () =>
  useUserMutation(async ({ id, roles }: { id: string; roles: readonly StaffRole[] }) => {
    const body = await apiRequest<StaffRolesResponse>(`/users/admin/${encodeURIComponent(id)}/roles`, {
      method: 'PUT',
      body: { roles },
    });
    return body.data;
  });
