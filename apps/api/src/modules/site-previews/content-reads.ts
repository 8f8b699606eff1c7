import { type ApiErrorBody, type ContentReads, type QueryValue, toQueryString } from '@portal/shared';
import { ZodError } from 'zod';
import type { Db } from '../../db/client';
import { fieldName, validationError } from '../../lib/errors';
import { readAsGuest } from '../../lib/public-read';
import { certificateReads } from '../cpd';
import { directoryReads } from '../directory';
import { eventReads } from '../events';
import { cardReads } from '../member-cards';
import { newsReads } from '../news';

/** The parameters as the route would receive them: the call's query string, parsed. */
const asQueryString = (query: Record<string, QueryValue>) =>
  Object.fromEntries(new URLSearchParams(toQueryString(query)));

/** Input a route refuses, as its read rejects (ContentReads): with the body of the route's 400. */
export class RefusedInput extends Error {
  override readonly name = 'RefusedInput';

  constructor(readonly body: ApiErrorBody) {
    super(body.error);
  }
}

/** `read`, with the ZodError of refused input turned into the route's own 400 body. */
async function asTheRouteAnswers<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (!(error instanceof ZodError)) throw error;
    const refusal = validationError(
      error.issues.map((issue) => ({ field: fieldName(issue.path, 'querystring'), message: issue.message })),
    );
    throw new RefusedInput({ error: refusal.error, ...refusal.options });
  }
}

/**
 * The content pages' reads as the server renders the pages (docs/decisions/035): each route's own
 * answer to a guest, through the route's input and response schemas, with no HTTP in between.
 * Everyone gets the guest's page; the browser fetches the viewer's own answers after it starts.
 */
export const guestContentReads = (db: Db): ContentReads => ({
  listEvents: (query) => asTheRouteAnswers(() => readAsGuest(db, eventReads.list, asQueryString(query))),
  getEvent: (id) => asTheRouteAnswers(() => readAsGuest(db, eventReads.detail, { id })),
  listNews: (query) => asTheRouteAnswers(() => readAsGuest(db, newsReads.list, asQueryString(query))),
  listNewsAuthors: (query) =>
    asTheRouteAnswers(() => readAsGuest(db, newsReads.authors, asQueryString(query))),
  getNews: (id) => asTheRouteAnswers(() => readAsGuest(db, newsReads.detail, { id })),
  verifyCard: (token) => asTheRouteAnswers(() => readAsGuest(db, cardReads.verify, { token })),
  verifyCertificate: (code) => asTheRouteAnswers(() => readAsGuest(db, certificateReads.verify, { code })),
  listDirectory: (query) =>
    asTheRouteAnswers(() => readAsGuest(db, directoryReads.list, asQueryString(query))),
  getDirectoryEntry: (id) => asTheRouteAnswers(() => readAsGuest(db, directoryReads.entry, { id })),
});
