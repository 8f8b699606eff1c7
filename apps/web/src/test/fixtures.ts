import type {
  ApiErrorBody,
  DuesStatementListResponse,
  DuesStatementView,
  Membership,
  Profile,
} from '@portal/shared';
import { membershipStanding } from '@portal/shared';
import type { z } from 'zod';

let sequence = 0;

/** A profile as POST /auth/login and /auth/confirm-email return it; unique per call. */
export function makeProfile(overrides: Partial<Profile> = {}): Profile {
  sequence += 1;
  return {
    id: `5b0f3c1e-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    username: `member${sequence}`,
    displayName: `Member ${sequence} Santos`,
    email: `member${sequence}@example.ph`,
    phone: null,
    facsimile: null,
    address: null,
    about: null,
    firstName: `Member ${sequence}`,
    middleName: null,
    lastName: 'Santos',
    suffix: null,
    registeredName: null,
    tradeName: null,
    tin: null,
    billingAddress: null,
    billingEmail: null,
    type: 'individual',
    role: 'member',
    roles: [],
    secondFactor: { enrolled: false, required: false },
    status: 'active',
    email_confirmation: '2026-01-01T00:00:00Z',
    avatarUrl: null,
    logoUrl: null,
    isNew: false,
    receivesAnnouncements: true,
    acceptedCurrentNotice: true,
    memberships: [],
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}

/** A membership; its standing, unless given, is the one its fields make today (as the API's). */
export function makeMembership(overrides: Partial<Membership> = {}): Membership {
  sequence += 1;
  const membership: Omit<Membership, 'standing'> = {
    id: `6c0f3c1e-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    userId: '5b0f3c1e-0000-4000-8000-000000000000',
    category: 'Individual',
    status: 'approved',
    startsAt: null,
    expiresAt: null,
    paidThrough: null,
    memberNumber: null,
    unpaidDueOn: null,
    graceEndsOn: null,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    ...overrides,
  };
  return {
    ...membership,
    standing:
      overrides.standing ??
      membershipStanding({
        status: membership.status,
        expires_at: membership.expiresAt,
        unpaid_due_on: membership.unpaidDueOn,
        grace_ends_on: membership.graceEndsOn,
      }),
  };
}

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * The API's 400 for a query its route's schema refuses, as the error handler words it (every
 * refused parameter in `fields`, docs/architecture.md "API contract"); null when the schema takes
 * the query. Stubs answer with it, so a page's refused address is the route's own refusal.
 */
export function queryRefusal(schema: z.ZodType, query: URLSearchParams): ApiErrorBody | null {
  const result = schema.safeParse(Object.fromEntries(query));
  if (result.success) return null;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.join('.')] ??= issue.message;
  const [field, error = 'Invalid request'] = Object.entries(fields)[0] ?? [];
  return { error, code: 'validation_error', field, fields };
}

export const makeStatement = (overrides: Partial<DuesStatementView> = {}): DuesStatementView => ({
  id: '7d0f3c1e-0000-4000-8000-000000000042',
  number: 'SOA-2026-000042',
  kind: 'new_member',
  status: 'issued',
  overdue: false,
  userId: '00000000-0000-4000-8000-000000000000',
  membershipId: '6c0f3c1e-0000-4000-8000-000000000042',
  category: 'Individual',
  months: 12,
  description: null,
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
