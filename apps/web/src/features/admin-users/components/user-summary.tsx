import type { AdminUser } from '@portal/shared';
import { InitialsTile } from '@/components/ui/initials-tile';

/** A user as the table and the dialogs name them: initials, username and e-mail. */
export function UserSummary({ user }: { user: Pick<AdminUser, 'username' | 'email'> }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <InitialsTile name={user.username} className="size-10 shrink-0 rounded-full" />
      <div className="min-w-0">
        <p className="truncate font-medium text-stone-900">{user.username}</p>
        <p className="truncate text-sm text-stone-600">{user.email}</p>
      </div>
    </div>
  );
}
