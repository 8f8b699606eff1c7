import {
  hasAccountName,
  membershipStanding,
  type Profile,
  type SecondFactorSummary,
  type StaffRole,
} from '@portal/shared';

/**
 * Who the client remembers is signed in (spec 000 §3 "Client session"). Kept apart from the store
 * so the browser journeys can write the same shape into localStorage when they sign in by API.
 */
export type SessionUser = {
  id: string;
  username: string;
  /**
   * The name the account goes by (the profile's `displayName`, docs/product-rules.md "Names").
   * Optional: a session stored before names were kept has none until the next sign-in or refresh.
   */
  displayName?: string;
  /** The account has not given the name its type goes by: the notice asks for it (decision 056). */
  nameMissing?: boolean;
  email?: string;
  /** 'admin' for administrators (docs/product-rules.md "Identity and roles"). */
  role?: string;
  type?: string;
  status?: string;
  /** The staff roles held (decision 060): which admin screens the sidebar lists. */
  roles?: readonly StaffRole[];
  /**
   * Two-step sign-in (decision 061): on or not, and whether the account must have it (staff). A
   * staff account without it is sent to set it up before any admin screen (app/guards/require-auth).
   */
  secondFactor?: SecondFactorSummary;
  /** Registered but the membership form is not yet filled in. */
  isNew?: boolean;
  /**
   * The newest membership is approved and waits for its dues, or they are overdue
   * (docs/product-rules.md "Dues"): the header says what to pay.
   */
  duesToPay?: 'awaiting_payment' | 'overdue';
  /** The privacy notice in force is not accepted yet: the notice strip asks (docs/decisions/065). */
  noticeToAccept?: boolean;
};

/** The parts of the server's profile the client keeps between visits. */
export function toSessionUser(profile: Profile): SessionUser {
  return {
    id: profile.id,
    username: profile.username,
    displayName: profile.displayName,
    nameMissing: !hasAccountName(profile),
    email: profile.email,
    role: profile.role,
    roles: profile.roles,
    secondFactor: profile.secondFactor,
    type: profile.type,
    status: profile.status,
    isNew: profile.isNew,
    duesToPay: duesToPayOf(profile),
    noticeToAccept: profile.acceptedCurrentNotice === false,
  };
}

/** Whether the newest membership (by `created_at`, as the pending notice reads it) has dues unpaid. */
function duesToPayOf(profile: Profile): SessionUser['duesToPay'] {
  const newest = (profile.memberships ?? []).reduce<Profile['memberships'][number] | undefined>(
    (latest, membership) => (!latest || membership.created_at > latest.created_at ? membership : latest),
    undefined,
  );
  if (!newest) return undefined;
  const standing = membershipStanding({
    status: newest.status,
    expires_at: newest.expiresAt,
    unpaid_due_on: newest.unpaidDueOn,
    grace_ends_on: newest.graceEndsOn,
  });
  if (standing === 'lapsed') return 'overdue';
  return standing === 'awaiting_payment' || standing === 'overdue' ? standing : undefined;
}

/**
 * What the header, the menus and the dashboard call the signed-in user: their name, or, until they give one, the
 * username they signed in with (their own screen, not a document; the notice asks for the name).
 */
export const sessionUserName = (user: SessionUser) =>
  user.nameMissing || !user.displayName ? user.username : user.displayName;
