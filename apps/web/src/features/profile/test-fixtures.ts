import type {
  DuesStatementListResponse,
  DuesStatementView,
  ProfileMembership,
  Representative,
  UserData,
} from '@portal/shared';

let nextId = 0;
const uuid = () => `00000000-0000-4000-8000-${String(++nextId).padStart(12, '0')}`;

export const makeRepresentative = (overrides: Partial<Representative> = {}): Representative => ({
  id: uuid(),
  firstName: 'Ana',
  lastName: 'Cruz',
  preferredName: null,
  position: null,
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
  unpaidDueOn: null,
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
      email: 'office@northerngold.ph',
      phone: '+63 2 8123 4567',
      facsimile: '+63 2 8123 4568',
      address: '12 Ayala Ave, Makati City',
      about: 'Gold exploration in Northern Luzon.',
      type: 'company',
      role: 'member',
      status: 'active',
      email_confirmation: '2026-01-10T00:00:00.000Z',
      avatarUrl: null,
      logoUrl: '/uploads/logo.webp',
      isNew: false,
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

export { json } from '@/test/fixtures';

export const makeStatement = (overrides: Partial<DuesStatementView> = {}): DuesStatementView => ({
  id: uuid(),
  number: 'SOA-2026-000042',
  kind: 'new_member',
  status: 'issued',
  overdue: false,
  userId: '00000000-0000-4000-8000-000000000000',
  membershipId: uuid(),
  category: 'Individual',
  months: 12,
  periodFrom: null,
  periodTo: null,
  amount: 300_000,
  paid: 0,
  balance: 300_000,
  issuedOn: '2026-11-20',
  dueOn: '2026-12-20',
  billedName: 'northern_gold',
  billedEmail: 'northern@example.com',
  voidReason: null,
  proofsToVerify: 0,
  payments: [],
  created_at: '2026-11-20T00:00:00.000Z',
  ...overrides,
});

export const duesList = (statements: DuesStatementView[] = []): DuesStatementListResponse => ({
  data: {
    statements,
    pagination: {
      page: 1,
      limit: 100,
      total: statements.length,
      totalPages: 1,
      hasNext: false,
      hasPrev: false,
    },
    paymentInstructions: 'BDO 0012-3456-7890',
    onlinePayment: false,
  },
});
