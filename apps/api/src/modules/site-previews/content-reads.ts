import { type ContentReads, type QueryValue, toQueryString } from '@portal/shared';
import type { Db } from '../../db/client';
import { readAsGuest } from '../../lib/public-read';
import { eventReads } from '../events';
import { newsReads } from '../news';

/** The parameters as the route would receive them: the call's query string, parsed. */
const asQueryString = (query: Record<string, QueryValue>) =>
  Object.fromEntries(new URLSearchParams(toQueryString(query)));

/**
 * The content pages' reads as the server renders the pages (docs/decisions/035): each route's own
 * answer to a guest, through the route's input and response schemas, with no HTTP in between.
 * Everyone gets the guest's page; the browser fetches the viewer's own answers after it starts.
 */
export const guestContentReads = (db: Db): ContentReads => ({
  listEvents: (query) => readAsGuest(db, eventReads.list, asQueryString(query)),
  getEvent: (id) => readAsGuest(db, eventReads.detail, { id }),
  listNews: (query) => readAsGuest(db, newsReads.list, asQueryString(query)),
  listNewsAuthors: (query) => readAsGuest(db, newsReads.authors, asQueryString(query)),
  getNews: (id) => readAsGuest(db, newsReads.detail, { id }),
});
