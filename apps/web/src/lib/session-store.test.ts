import { PENDING_MEMBERSHIP_KEY, type Profile, SESSION_STORE_KEY } from '@portal/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** A fresh copy of the store module, created after the test has prepared localStorage. */
async function loadStore() {
  vi.resetModules();
  return import('./session-store');
}

afterEach(() => {
  localStorage.clear();
});

describe('session store (spec 000 §3)', () => {
  it('rehydrates the user and the pending flag from localStorage before the first render', async () => {
    localStorage.setItem(
      SESSION_STORE_KEY,
      JSON.stringify({ state: { user: { id: 'u1', username: 'juan' } }, version: 0 }),
    );
    localStorage.setItem(PENDING_MEMBERSHIP_KEY, 'true');
    const { useSessionStore } = await loadStore();
    expect(useSessionStore.getState().user).toEqual({ id: 'u1', username: 'juan' });
    expect(useSessionStore.getState().pendingMembership).toBe(true);
  });

  it('persists only the user slice under root', async () => {
    const { useSessionStore } = await loadStore();
    useSessionStore.getState().setUser({ id: 'u1', username: 'juan', role: 'member' });
    useSessionStore.getState().setPendingMembership(true);
    expect(JSON.parse(localStorage.getItem(SESSION_STORE_KEY) ?? '{}').state).toEqual({
      user: { id: 'u1', username: 'juan', role: 'member' },
    });
    expect(localStorage.getItem(PENDING_MEMBERSHIP_KEY)).toBe('true');
  });

  it("startSession stores the profile's user and sets or removes the flag from the newest membership", async () => {
    const { useSessionStore, startSession } = await loadStore();
    const profile = {
      id: 'u1',
      username: 'juan',
      email: 'juan@example.ph',
      role: 'member',
      type: 'company',
      registeredName: 'Juan Mining Corporation',
      displayName: 'Juan Mining Corporation',
      status: 'active',
      isNew: false,
      memberships: [
        { status: 'approved', created_at: '2025-01-01T00:00:00Z' },
        { status: 'pending', created_at: '2026-01-01T00:00:00Z' },
      ],
    } as unknown as Profile;

    startSession(profile);
    expect(useSessionStore.getState().user).toEqual({
      id: 'u1',
      username: 'juan',
      displayName: 'Juan Mining Corporation',
      nameMissing: false,
      email: 'juan@example.ph',
      role: 'member',
      type: 'company',
      status: 'active',
      isNew: false,
      duesToPay: undefined,
      noticeToAccept: false,
    });
    expect(localStorage.getItem(PENDING_MEMBERSHIP_KEY)).toBe('true');

    startSession({ ...profile, memberships: [] });
    expect(localStorage.getItem(PENDING_MEMBERSHIP_KEY)).toBeNull();
    expect(useSessionStore.getState().pendingMembership).toBe(false);
  });

  it('remembers dues to pay when the newest membership awaits payment or is overdue', async () => {
    const { useSessionStore, startSession } = await loadStore();
    const approved = {
      status: 'approved',
      expiresAt: null,
      unpaidDueOn: null,
      graceEndsOn: null,
      created_at: '2026-02-01T00:00:00Z',
    };
    const profile = { id: 'u2', username: 'ana', role: 'member', isNew: false } as unknown as Profile;
    startSession({ ...profile, memberships: [approved] } as unknown as Profile);
    expect(useSessionStore.getState().user?.duesToPay).toBe('awaiting_payment');
    startSession({
      ...profile,
      memberships: [{ ...approved, unpaidDueOn: '2020-01-01' }],
    } as unknown as Profile);
    expect(useSessionStore.getState().user?.duesToPay).toBe('overdue');
    const paid = { ...approved, expiresAt: '2999-01-01T00:00:00Z' };
    startSession({ ...profile, memberships: [paid] } as unknown as Profile);
    expect(useSessionStore.getState().user?.duesToPay).toBeUndefined();
  });

  it('clearUser signs out and removes the flag', async () => {
    localStorage.setItem(PENDING_MEMBERSHIP_KEY, 'true');
    const { useSessionStore } = await loadStore();
    useSessionStore.getState().setUser({ id: 'u1', username: 'juan' });
    useSessionStore.getState().clearUser();
    expect(useSessionStore.getState()).toMatchObject({ user: null, pendingMembership: false });
    expect(localStorage.getItem(PENDING_MEMBERSHIP_KEY)).toBeNull();
  });
});
