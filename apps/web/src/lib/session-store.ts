import { ADMIN_ROLE, SESSION_STORE_KEY } from '@portal/shared';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/**
 * The client session (spec 000 §3 "Client session"): persisted in localStorage under `root`, and
 * only the user slice is persisted. The sign-in issue fills it; the site shell only reads it.
 */

export type SessionUser = {
  id: string;
  username: string;
  /** 'admin' for administrators (DECISIONS.md "Identity and roles"). */
  role?: string;
};

type SessionState = {
  user: SessionUser | null;
  setUser: (user: SessionUser | null) => void;
};

export const useSessionStore = create<SessionState>()(
  persist(
    (set) => ({
      user: null,
      setUser: (user) => set({ user }),
    }),
    {
      name: SESSION_STORE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ user: state.user }),
    },
  ),
);

export const useSessionUser = () => useSessionStore((state) => state.user);
export const useIsLoggedIn = () => useSessionStore((state) => state.user !== null);
export const isAdmin = (user: SessionUser | null) => user?.role === ADMIN_ROLE;
