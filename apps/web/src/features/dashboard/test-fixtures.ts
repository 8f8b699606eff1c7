import type { DashboardSummary } from '@portal/shared';

/** A dashboard summary as GET /api/dashboard/admin/summary answers it, one of each recent item. */
export const summary: DashboardSummary = {
  users: {
    total: 31,
    byStatus: { pending: 3, active: 26, inactive: 2 },
    byType: { user: 4, individual: 12, company: 13, admin: 2 },
  },
  memberships: {
    byStatus: { pending: 5, awaiting_payment: 2, active: 17, overdue: 3, lapsed: 1, expired: 4, rejected: 1 },
    activeByCategory: { Regular: 6, Associate: 3, Individual: 7, Honorary: 1 },
  },
  events: { byStatus: { draft: 2, published: 9, cancelled: 1 }, upcoming: 4, pendingRegistrations: 6 },
  news: { byStatus: { draft: 3, published: 11, archived: 2 }, totalViews: 1204, totalLikes: 87 },
  board: { active: 11, inactive: 2 },
  directory: { listedCompanies: 7, listedProfessionals: 5, hidden: 1, messagesThisMonth: 3 },
  recent: {
    users: [
      {
        id: '0b5c5bd4-4f8a-4b69-9c3c-0d2b2f1d8a11',
        username: 'jdelacruz',
        display_name: 'jdelacruz',
        email: 'jdelacruz@example.com',
        type: 'user',
        status: 'active',
        created_at: '2026-11-20T03:00:00.000Z',
      },
    ],
    pendingMemberships: [
      {
        id: '6b0a3a1e-8b1e-4b0e-9b59-2f4f3a9d0c22',
        userId: '0b5c5bd4-4f8a-4b69-9c3c-0d2b2f1d8a11',
        username: 'paoloreyes',
        display_name: 'Paolo Reyes',
        category: 'Individual',
        created_at: '2026-11-18T03:00:00.000Z',
      },
    ],
    events: [
      {
        id: '3c1d2e4f-5a6b-4c7d-8e9f-0a1b2c3d4e55',
        title: 'Mindanao Exploration Forum',
        status: 'published',
        start_date: '2026-12-02',
        updated_at: '2026-11-21T03:00:00.000Z',
      },
    ],
    news: [
      {
        id: '9f2a0c3e-1d4b-4c5e-8f6a-7b8c9d0e1f33',
        title: 'Exploration permits update',
        status: 'draft',
        updated_at: '2026-11-19T03:00:00.000Z',
      },
    ],
  },
};
