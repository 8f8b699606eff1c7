import {
  idParamsSchema,
  newsAuthorsQuerySchema,
  newsAuthorsResponseSchema,
  newsDetailResponseSchema,
  newsListQuerySchema,
  newsListResponseSchema,
} from '@portal/shared';
import { publicRead } from '../../lib/public-read';
import { getNews, listNews, listNewsAuthors, type NewsViewer } from './service';

/**
 * The three reads the server-rendered /news and article pages show as well
 * (docs/decisions/035): registered by routes.ts, and read as a guest by modules/site-previews.
 */
export const newsReads = {
  list: publicRead({
    input: newsListQuerySchema,
    response: newsListResponseSchema,
    guest: { manages: false },
    answer: async (db, query, viewer) => ({ data: await listNews(db, query, viewer) }),
  }),
  authors: publicRead({
    input: newsAuthorsQuerySchema,
    response: newsAuthorsResponseSchema,
    guest: { manages: false },
    answer: async (db, query, viewer) => ({ data: await listNewsAuthors(db, query, viewer) }),
  }),
  detail: publicRead({
    input: idParamsSchema,
    response: newsDetailResponseSchema,
    guest: { manages: false, likerKey: null },
    answer: async (db, { id }, viewer: NewsViewer) => ({ data: await getNews(db, id, viewer) }),
  }),
};
