import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DOCUMENT_COLLECTIONS, text } from '@portal/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { hasActiveMembership } from '../memberships';

const paramsSchema = z.object({ filename: text('File name').max(255) });

/**
 * The static downloads (spec 001 §2 "Static pages"): each collection of the catalogue
 * (packages/shared/src/documents.ts) is served at its own path, from its folder under
 * DOCUMENTS_DIR, to whom it declares. Member's News is the members' area, "only fully paid
 * members": signing in (access 'member') is not enough, the membership must be active
 * (docs/product-rules.md "Membership lifecycle").
 */
export const documentRoutes: FastifyPluginAsyncZod<{ config: Config; db: Db }> = async (
  app,
  { config, db },
) => {
  for (const collection of DOCUMENT_COLLECTIONS) {
    const folder = join(config.documentsDir, collection.folder);
    app.get(
      `${collection.publicPath}/:filename`,
      {
        // A public file is opened by a plain link, not through the api client, so a lapsed session
        // cookie must not turn it into a 401 the browser would show as text.
        config: { access: collection.access, ignoresViewer: collection.access === 'public' },
        schema: { hide: true, params: paramsSchema },
      },
      async (request, reply) => {
        const { viewer } = request;
        if (collection.access === 'member' && viewer && !viewer.isAdmin) {
          if (!(await hasActiveMembership(db, viewer.userId))) {
            throw new AppError(403, 'An active membership is required to download this file', {
              code: 'membership_required',
            });
          }
        }
        return sendDocument(reply, folder, request.params.filename);
      },
    );
  }
};

/** Only plain file names inside the collection folder are served, with their own content type. */
async function sendDocument(reply: FastifyReply, folder: string, filename: string) {
  if (!/^[a-z0-9][a-z0-9._-]*\.(pdf|docx?)$/i.test(filename) || !existsSync(join(folder, filename))) {
    return reply.status(404).send({ error: 'Document not found', code: 'not_found' });
  }
  return reply.sendFile(filename, folder);
}
