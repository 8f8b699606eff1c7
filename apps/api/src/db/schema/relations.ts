import { relations } from 'drizzle-orm';
import { emailTokens, refreshTokens, sessions } from './auth';
import { eventRegistrations, eventSpeakers, events, speakers } from './events';
import { memberships } from './memberships';
import { newsArticles, newsLikes } from './news';
import { representatives } from './representatives';
import { users } from './users';

export const usersRelations = relations(users, ({ many }) => ({
  memberships: many(memberships),
  representatives: many(representatives),
  sessions: many(sessions),
  emailTokens: many(emailTokens),
  eventRegistrations: many(eventRegistrations),
}));

export const sessionsRelations = relations(sessions, ({ one, many }) => ({
  user: one(users, { fields: [sessions.userId], references: [users.id] }),
  refreshTokens: many(refreshTokens),
}));

export const refreshTokensRelations = relations(refreshTokens, ({ one }) => ({
  session: one(sessions, { fields: [refreshTokens.sessionId], references: [sessions.id] }),
}));

export const emailTokensRelations = relations(emailTokens, ({ one }) => ({
  user: one(users, { fields: [emailTokens.userId], references: [users.id] }),
}));

export const membershipsRelations = relations(memberships, ({ one }) => ({
  user: one(users, { fields: [memberships.userId], references: [users.id] }),
}));

export const representativesRelations = relations(representatives, ({ one }) => ({
  user: one(users, { fields: [representatives.userId], references: [users.id] }),
}));

export const eventsRelations = relations(events, ({ one, many }) => ({
  creator: one(users, { fields: [events.created_by], references: [users.id] }),
  event_speakers: many(eventSpeakers),
  /** The spec's name for an event's registrations. */
  user_events: many(eventRegistrations),
}));

export const speakersRelations = relations(speakers, ({ many }) => ({
  event_speakers: many(eventSpeakers),
}));

export const eventSpeakersRelations = relations(eventSpeakers, ({ one }) => ({
  event: one(events, { fields: [eventSpeakers.event_id], references: [events.id] }),
  speaker: one(speakers, { fields: [eventSpeakers.speaker_id], references: [speakers.id] }),
}));

export const eventRegistrationsRelations = relations(eventRegistrations, ({ one }) => ({
  event: one(events, { fields: [eventRegistrations.event_id], references: [events.id] }),
  user: one(users, { fields: [eventRegistrations.user_id], references: [users.id] }),
}));

export const newsArticlesRelations = relations(newsArticles, ({ one, many }) => ({
  creator: one(users, { fields: [newsArticles.created_by], references: [users.id] }),
  likes_list: many(newsLikes),
}));

export const newsLikesRelations = relations(newsLikes, ({ one }) => ({
  article: one(newsArticles, { fields: [newsLikes.article_id], references: [newsArticles.id] }),
  user: one(users, { fields: [newsLikes.user_id], references: [users.id] }),
}));
