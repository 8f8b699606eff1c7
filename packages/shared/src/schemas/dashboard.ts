import { z } from 'zod';
import { EVENT_STATUSES, MEMBERSHIP_CATEGORIES, NEWS_STATUSES, USER_STATUSES, USER_TYPES } from '../enums';
import { MEMBERSHIP_STANDINGS } from '../memberships';

/** How many of each kind of recent item the dashboard lists. */
export const DASHBOARD_RECENT_LIMIT = 5;

/** A count for every value of an enum list, zero included, so the client never guesses. */
const countsOf = <const Values extends readonly [string, ...string[]]>(values: Values) =>
  z.object(
    Object.fromEntries(values.map((value) => [value, z.number().int()])) as Record<
      Values[number],
      z.ZodNumber
    >,
  );

const recentUserSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  /** The name the account goes by (`displayName`, docs/product-rules.md "Names"). */
  display_name: z.string(),
  email: z.string(),
  type: z.enum(USER_TYPES),
  status: z.enum(USER_STATUSES),
  created_at: z.string(),
});

const recentMembershipSchema = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  username: z.string(),
  display_name: z.string(),
  category: z.enum(MEMBERSHIP_CATEGORIES),
  created_at: z.string(),
});

const recentEventSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  status: z.enum(EVENT_STATUSES),
  start_date: z.string(),
  updated_at: z.string(),
});

const recentNewsSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  status: z.enum(NEWS_STATUSES),
  updated_at: z.string(),
});

/**
 * GET /api/dashboard/admin/summary: every figure of the admin dashboard in one call
 * (docs/product-rules.md "Dashboard": real figures, nothing hard-coded).
 */
export const dashboardSummarySchema = z.object({
  users: z.object({
    total: z.number().int(),
    byStatus: countsOf(USER_STATUSES),
    byType: countsOf(USER_TYPES),
  }),
  memberships: z.object({
    byStatus: countsOf(MEMBERSHIP_STANDINGS),
    /** Active memberships only: who the association counts as members today. */
    activeByCategory: countsOf(MEMBERSHIP_CATEGORIES),
  }),
  events: z.object({
    byStatus: countsOf(EVENT_STATUSES),
    /** Published events that have not started yet (start date today or later, in Manila). */
    upcoming: z.number().int(),
    pendingRegistrations: z.number().int(),
  }),
  news: z.object({
    byStatus: countsOf(NEWS_STATUSES),
    totalViews: z.number().int(),
    totalLikes: z.number().int(),
  }),
  board: z.object({ active: z.number().int(), inactive: z.number().int() }),
  /** The member directory (docs/decisions/072): listed entries, hidden ones, messages this month in Manila. */
  directory: z.object({
    listedCompanies: z.number().int(),
    listedProfessionals: z.number().int(),
    hidden: z.number().int(),
    messagesThisMonth: z.number().int(),
  }),
  recent: z.object({
    users: z.array(recentUserSchema),
    pendingMemberships: z.array(recentMembershipSchema),
    events: z.array(recentEventSchema),
    news: z.array(recentNewsSchema),
  }),
});
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;

export const dashboardSummaryResponseSchema = z.object({ data: dashboardSummarySchema });
export type DashboardSummaryResponse = z.infer<typeof dashboardSummaryResponseSchema>;
