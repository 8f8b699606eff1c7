import {
  ADMIN_ROLE,
  isNewestMembershipPending,
  PENDING_MEMBERSHIP_KEY,
  type Profile,
  SESSION_STORE_KEY,
} from '@portal/shared';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { type SessionUser, toSessionUser } from './session-user';

export { type SessionUser, sessionUserName } from './session-user';

/**
 * The client session (spec 000 §3 "Client session"): persisted in localStorage under `root`, and
 * only the user slice is persisted. Signed in means "there is a user" (the spec's isLoggedIn flag
 * is derived, so the two can never disagree). The tokens themselves live in HttpOnly cookies the
 * client never sees; this store only says who the server last told us is signed in.
 *
 * localStorage is synchronous, so the persisted user is there before the first render: nothing
 * has to wait for rehydration (SESSION_REHYDRATION_TIMEOUT_MS is for asynchronous storages).
 */

type SessionState = {
  user: SessionUser | null;
  /** Mirrors localStorage's `pendingMembership` ('true' or absent) so the bell re-renders. */
  pendingMembership: boolean;
  /**
   * The server refused this tab's session since it started (not persisted): a protected page
   * that opens after that sends the user to /login, not /unauthorized (app/guards/require-auth).
   */
  sessionLost: boolean;
  setUser: (user: SessionUser | null) => void;
  /** Signed out: forget the user and the pending-membership flag. */
  clearUser: () => void;
  setPendingMembership: (pending: boolean) => void;
};

function readPendingMembership(): boolean {
  try {
    return localStorage.getItem(PENDING_MEMBERSHIP_KEY) === 'true';
  } catch {
    return false;
  }
}

/** spec 000 §3: the flag is 'true' or absent; storage failures (private mode) are not fatal. */
function writePendingMembership(pending: boolean) {
  try {
    if (pending) localStorage.setItem(PENDING_MEMBERSHIP_KEY, 'true');
    else localStorage.removeItem(PENDING_MEMBERSHIP_KEY);
  } catch {
    // The notice is a convenience; without storage it simply does not persist.
  }
}

export const useSessionStore = create<SessionState>()(
  persist(
    (set) => ({
      user: null,
      pendingMembership: readPendingMembership(),
      sessionLost: false,
      setUser: (user) => set({ user, sessionLost: false }),
      clearUser: () => {
        writePendingMembership(false);
        set({ user: null, pendingMembership: false });
      },
      setPendingMembership: (pending) => {
        writePendingMembership(pending);
        set({ pendingMembership: pending });
      },
    }),
    {
      name: SESSION_STORE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ user: state.user }),
    },
  ),
);

/**
 * A sign-in (password or e-mail link) stores the user and, from the newest membership, whether
 * the pending-membership notice shows (spec 000 §4, docs/product-rules.md "Membership lifecycle").
 */
export function startSession(profile: Profile) {
  const { setUser, setPendingMembership } = useSessionStore.getState();
  setUser(toSessionUser(profile));
  setPendingMembership(isNewestMembershipPending(profile.memberships));
}

export const useSessionUser = () => useSessionStore((state) => state.user);
export const useIsLoggedIn = () => useSessionStore((state) => state.user !== null);
/** spec 000 §4: the flag counts only while signed in. */
export const useHasPendingMembership = () =>
  useSessionStore((state) => state.user !== null && state.pendingMembership);
/** spec 000 §6: an admin is a user whose type or role is admin. */
export const isAdmin = (user: SessionUser | null) => user?.role === ADMIN_ROLE || user?.type === ADMIN_ROLE;
/** What the signed-in member has to pay for their membership, if anything (never an admin). */
export const useDuesToPay = () =>
  useSessionStore((state) => (state.user && !isAdmin(state.user) ? state.user.duesToPay : undefined));
/**
 * Whether the signed-in account has given no name (decision 056); one that still has the
 * membership form to fill in gives it there.
 */
export const useNameMissing = () =>
  useSessionStore((state) => state.user?.nameMissing === true && state.user.isNew !== true);
/** Whether the signed-in account has yet to accept the privacy notice in force (docs/decisions/065). */
export const useNoticeToAccept = () => useSessionStore((state) => state.user?.noticeToAccept === true);
/** The notice accepted in this tab: the strip goes at once, before the next profile read confirms it. */
export function markNoticeAccepted() {
  const { user, setUser } = useSessionStore.getState();
  if (user) setUser({ ...user, noticeToAccept: false });
}
/** Whether the signed-in user still has the membership form to fill in (spec 000 §3 isNew). */
export const useNeedsApplication = () =>
  useSessionStore((state) => state.user !== null && state.user.isNew === true && !isAdmin(state.user));
