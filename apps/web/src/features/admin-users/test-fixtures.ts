import { type AdminMembership, type AdminUser, displayName } from '@portal/shared';
import { json } from '@/test/fixtures';

let nextId = 0;
const id = () => `00000000-0000-4000-8000-${String(++nextId).padStart(12, '0')}`;

/** A user as GET /users/get-all returns it; unique per call. */
export const makeAdminUser = (overrides: Partial<AdminUser> = {}): AdminUser => {
  const userId = id();
  const user: AdminUser = {
    id: userId,
    username: `user${nextId}`,
    email: `user${nextId}@example.com`,
    phone: null,
    facsimile: null,
    address: null,
    type: 'individual',
    firstName: 'Juana',
    middleName: null,
    lastName: `Cruz ${nextId}`,
    suffix: null,
    registeredName: null,
    tradeName: null,
    roles: [],
    status: 'active',
    isNew: false,
    avatarUrl: null,
    logoUrl: null,
    email_confirmation: '2026-01-01T00:00:00.000Z',
    membership: null,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    display_name: '',
    ...overrides,
  };
  // The name it goes by follows from its names, as the server's does (docs/product-rules.md "Names").
  return { ...user, display_name: overrides.display_name ?? displayName(user) };
};

export const makeMembership = (overrides: Partial<AdminMembership> = {}): AdminMembership => ({
  id: id(),
  userId: id(),
  category: 'Regular',
  status: 'pending',
  standing: 'pending',
  startsAt: null,
  expiresAt: null,
  paidThrough: null,
  memberNumber: null,
  hasCard: false,
  unpaidDueOn: null,
  graceEndsOn: null,
  created_at: '2026-11-18T00:00:00.000Z',
  updated_at: '2026-11-18T00:00:00.000Z',
  ...overrides,
});

export { json };

export const listOf = (users: AdminUser[], total = users.length) =>
  json({
    data: {
      users,
      page: 1,
      limit: 10,
      total,
      totalPages: Math.max(1, Math.ceil(total / 10)),
      hasNext: total > 10,
      hasPrev: false,
    },
  });
