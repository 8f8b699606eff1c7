import { z } from 'zod';
import { STAFF_ROLE_MESSAGES, STAFF_ROLES } from '../staff-roles';

/**
 * PUT /api/users/admin/{id}/roles: the whole set of staff roles the account holds afterwards
 * (an empty list makes it a member again). Repeats count once.
 */
export const staffRolesUpdateSchema = z.strictObject({
  roles: z
    .array(z.enum(STAFF_ROLES, STAFF_ROLE_MESSAGES.unknownRole), {
      error: (issue) => (issue.input == null ? STAFF_ROLE_MESSAGES.rolesRequired : 'Roles must be a list'),
    })
    .max(20, 'Roles must be a list of at most 20 roles')
    .transform((roles) => [...new Set(roles)].sort()),
});
export type StaffRolesUpdateInput = z.input<typeof staffRolesUpdateSchema>;
export type StaffRolesUpdate = z.output<typeof staffRolesUpdateSchema>;

export const staffRolesResponseSchema = z.object({
  data: z.object({ id: z.uuid(), roles: z.array(z.enum(STAFF_ROLES)) }),
});
export type StaffRolesResponse = z.infer<typeof staffRolesResponseSchema>;
