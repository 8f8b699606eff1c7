import type { MembershipCard, ProfileMembership, Representative, UserData } from '@portal/shared';

let nextId = 0;
const uuid = () => `00000000-0000-4000-8000-${String(++nextId).padStart(12, '0')}`;

export const makeRepresentative = (overrides: Partial<Representative> = {}): Representative => ({
  id: uuid(),
  firstName: 'Ana',
  lastName: 'Cruz',
  preferredName: null,
  position: null,
  email: null,
  type: 'non-voting',
  avatarUrl: null,
  created_at: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

export const makeMembership = (overrides: Partial<ProfileMembership> = {}): ProfileMembership => ({
  id: uuid(),
  userId: '00000000-0000-4000-8000-000000000000',
  category: 'Regular',
  status: 'approved',
  standing: 'active',
  startsAt: '2026-02-01T00:00:00.000Z',
  expiresAt: '2027-02-01T00:00:00.000Z',
  paidThrough: '2027-01-31',
  memberNumber: null,
  unpaidDueOn: null,
  graceEndsOn: null,
  created_at: '2026-01-15T00:00:00.000Z',
  updated_at: '2026-02-01T00:00:00.000Z',
  ...overrides,
});

/** GET /users/'s answer for a company, unless overridden. */
export function makeUserData(
  overrides: Partial<UserData['data']> = {},
  extra: Partial<UserData> = {},
): UserData {
  const membershipData = extra.membershipData ?? [makeMembership()];
  return {
    data: {
      id: '00000000-0000-4000-8000-000000000000',
      username: 'northern_gold',
      displayName: 'Northern Gold Exploration Corporation',
      email: 'office@northerngold.ph',
      phone: '+63 2 8123 4567',
      facsimile: '+63 2 8123 4568',
      firstName: null,
      middleName: null,
      lastName: null,
      suffix: null,
      registeredName: 'Northern Gold Exploration Corporation',
      tradeName: 'Northern Gold',
      tin: '123-456-789-000',
      billingAddress: null,
      billingEmail: 'accounts@northerngold.ph',
      address: '12 Ayala Ave, Makati City',
      about: 'Gold exploration in Northern Luzon.',
      type: 'company',
      role: 'member',
      roles: [],
      secondFactor: { enrolled: false, required: false },
      status: 'active',
      email_confirmation: '2026-01-10T00:00:00.000Z',
      avatarUrl: null,
      logoUrl: '/uploads/logo.webp',
      isNew: false,
      receivesAnnouncements: true,
      acceptedCurrentNotice: true,
      memberships: membershipData,
      created_at: '2026-01-10T00:00:00.000Z',
      updated_at: '2026-01-10T00:00:00.000Z',
      ...overrides,
    },
    companyReps: extra.companyReps ?? [
      makeRepresentative({ firstName: 'Ana', lastName: 'Cruz', type: 'voting', position: 'President' }),
      makeRepresentative({ firstName: 'Ben', lastName: 'Sy', type: null }),
    ],
    membershipData,
  };
}

export { duesList, json, makeStatement } from '@/test/fixtures';

export const makeCard = (overrides: Partial<MembershipCard> = {}): MembershipCard => ({
  memberNumber: 'MEAP-2026-0042',
  name: 'Northern Gold Exploration',
  representatives: ['Ana Cruz'],
  category: 'Regular',
  validThrough: '2027-01-31',
  verifyUrl: 'https://portal.example/verify/first-token-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
  associationName: 'Mineral Exploration Association of the Philippines',
  ...overrides,
});
