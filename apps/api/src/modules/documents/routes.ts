import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DOCUMENT_COLLECTIONS, MEMBERS_AREA_MESSAGES, text } from '@portal/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';

const paramsSchema = z.object({ filename: text('File name').max(255) });

/**
 * The static downloads (spec 001 §2 "Static pages"): each collection of the catalogue
 * (packages/shared/src/documents.ts) is served at its own path, from its folder under
 * DOCUMENTS_DIR, to whom it declares. Member's News is the members' area, "only fully paid
 * members": its route access `members-area` asks the one rule for good standing
 * (docs/product-rules.md "Good standing").
 */
export const documentRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  for (const collection of DOCUMENT_COLLECTIONS) {
    const folder = join(config.documentsDir, collection.folder);
    app.get(
      `${collection.publicPath}/:filename`,
      {
        // A public file is opened by a plain link, not through the api client, so a lapsed session
        // cookie must not turn it into a 401 the browser would show as text.
        config:
          collection.access === 'public'
            ? { access: 'public', ignoresViewer: true }
            : { access: 'members-area', membersAreaRefusal: MEMBERS_AREA_MESSAGES.documentRefused },
        schema: { hide: true, params: paramsSchema },
      },
      async (request, reply) => sendDocument(reply, folder, request.params.filename),
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
