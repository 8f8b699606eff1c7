import { STAFF_ROLE_DESCRIPTIONS, STAFF_ROLE_LABELS, STAFF_ROLES, type StaffRole } from '@portal/shared';
import { CircleAlert } from 'lucide-react';
import { useId } from 'react';

type StaffRolesFieldsetProps = {
  roles: readonly StaffRole[];
  /** Only an administrator grants or removes roles (docs/product-rules.md "Staff roles"): the others read them. */
  editable: boolean;
  onChange: (roles: StaffRole[]) => void;
  /** The server's refusal of the change ('The last active administrator cannot be … demoted'). */
  error?: string;
  disabled?: boolean;
};

/**
 * The account's staff roles in the user dialog (decision 060): a checkbox per role, named with what
 * it opens, for an administrator; the roles as text for any other staff member.
 */
export function StaffRolesFieldset({ roles, editable, onChange, error, disabled }: StaffRolesFieldsetProps) {
  const errorId = useId();
  if (!editable) {
    return (
      <div className="rounded-lg border border-stone-200 bg-stone-50 px-4 py-3 text-sm">
        <p className="font-medium text-stone-800">Staff roles</p>
        <p className="mt-1 text-stone-700">
          {roles.length > 0 ? roles.map((role) => STAFF_ROLE_LABELS[role]).join(', ') : 'None'}
        </p>
        <p className="mt-1 text-stone-600 text-xs">Only an administrator grants or removes staff roles.</p>
      </div>
    );
  }
  const toggle = (role: StaffRole, held: boolean) =>
    onChange(STAFF_ROLES.filter((known) => (known === role ? held : roles.includes(known))));
  return (
    <fieldset
      aria-describedby={error ? errorId : undefined}
      className={`rounded-lg border px-4 pt-2 pb-4 ${error ? 'border-red-600' : 'border-stone-200'}`}
    >
      <legend className="px-1 font-medium text-sm text-stone-800">Staff roles</legend>
      <p className="text-stone-600 text-xs">
        A staff account opens the admin screens of its roles; with none it is a member account.
      </p>
      <ul className="mt-3 space-y-2.5">
        {STAFF_ROLES.map((role) => (
          <li key={role}>
            <label className="flex items-start gap-3 text-sm">
              <input
                type="checkbox"
                checked={roles.includes(role)}
                disabled={disabled}
                onChange={(event) => toggle(role, event.target.checked)}
                className="mt-0.5 size-5 shrink-0 accent-brand-700"
              />
              <span>
                <span className="font-medium text-stone-900">{STAFF_ROLE_LABELS[role]}</span>
                <span className="text-stone-600"> — {STAFF_ROLE_DESCRIPTIONS[role]}</span>
              </span>
            </label>
          </li>
        ))}
      </ul>
      {error && (
        <p id={errorId} className="mt-3 flex items-start gap-1.5 text-red-700 text-sm">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{error}</span>
        </p>
      )}
    </fieldset>
  );
}
