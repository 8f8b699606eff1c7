import type { AdminUser } from '@portal/shared';
import { InitialsTile } from '@/components/ui/initials-tile';

/**
 * A user as the table and the dialogs name them (docs/product-rules.md "Names"): initials, the
 * name the account goes by, then its username, when that differs, and its e-mail.
 */
export function UserSummary({ user }: { user: Pick<AdminUser, 'display_name' | 'username' | 'email'> }) {
  const secondLine = user.display_name === user.username ? user.email : `${user.username} · ${user.email}`;
  return (
    <div className="flex min-w-0 items-center gap-3">
      <InitialsTile name={user.display_name} className="size-10 shrink-0 rounded-full" />
      {/* Bounded, so a long username and e-mail are cut short rather than widening the table past 1280 px. */}
      <div className="min-w-0 max-w-72">
        <p className="truncate font-medium text-stone-900">{user.display_name}</p>
        <p className="truncate text-sm text-stone-600" title={secondLine}>
          {secondLine}
        </p>
      </div>
    </div>
  );
}
