import {
  apiErrorSchema,
  BOARD_MEMBER_IMAGE_FIELD,
  boardMemberCreateSchema,
  boardMemberDeleteResponseSchema,
  boardMemberListQuerySchema,
  boardMemberListResponseSchema,
  boardMemberResponseSchema,
  boardMemberUpdateSchema,
  idParamsSchema,
  STAFF_AREAS,
} from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import type { ImageUploads } from '../../lib/images';
import { multipartForm } from '../../lib/multipart';
import { requestHolds } from '../../plugins/access';
import { createBoardMember, deleteBoardMember, listBoardMembers, updateBoardMember } from './service';

/** The board's forms take one image (a photo), beside the member's fields. */
const createForm = multipartForm(boardMemberCreateSchema, { files: { [BOARD_MEMBER_IMAGE_FIELD]: 1 } });
const updateForm = multipartForm(boardMemberUpdateSchema, { files: { [BOARD_MEMBER_IMAGE_FIELD]: 1 } });
const uploadErrors = { 400: apiErrorSchema, 413: apiErrorSchema, 415: apiErrorSchema };

/** The board of trustees calls of spec 001 §7 (docs/product-rules.md "Board"). */
export const boardRoutes: FastifyPluginAsyncZod<{ db: Db; images: ImageUploads }> = async (
  app,
  { db, images },
) => {
  const context = { db, images };

  app.get(
    '/get-board-members',
    {
      config: { access: 'public' },
      schema: {
        tags: ['board'],
        summary:
          'List board members: every active one for the public page; for admins a page of all, filtered',
        querystring: boardMemberListQuerySchema,
        response: { 200: boardMemberListResponseSchema },
      },
    },
    async (request) => ({
      data: await listBoardMembers(db, request.query, { manages: requestHolds(request, STAFF_AREAS.board) }),
    }),
  );

  app.post(
    '/admin/create-board-member',
    {
      config: { access: 'staff', roles: STAFF_AREAS.board },
      validatorCompiler: createForm.validatorCompiler,
      schema: {
        tags: ['board'],
        summary: 'Add a board member (multipart form, optional image)',
        ...createForm.schema,
        response: { 201: boardMemberResponseSchema, ...uploadErrors },
      },
    },
    async (request, reply) => {
      const { fields, files } = await createForm.read(request);
      const member = await createBoardMember(context, fields, files[BOARD_MEMBER_IMAGE_FIELD][0]);
      return reply.status(201).send({ data: member });
    },
  );

  app.put(
    '/admin/update-board-member/:id',
    {
      config: { access: 'staff', roles: STAFF_AREAS.board },
      validatorCompiler: updateForm.validatorCompiler,
      schema: {
        tags: ['board'],
        summary:
          'Change the fields sent; a new image replaces the photo, remove_image=true removes it (multipart form)',
        params: idParamsSchema,
        ...updateForm.schema,
        response: { 200: boardMemberResponseSchema, ...uploadErrors, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const { fields, files } = await updateForm.read(request);
      const image = files[BOARD_MEMBER_IMAGE_FIELD][0];
      return { data: await updateBoardMember(context, request.params.id, fields, image) };
    },
  );

  app.delete(
    '/admin/delete-board-member/:id',
    {
      config: { access: 'staff', roles: STAFF_AREAS.board },
      schema: {
        tags: ['board'],
        summary: 'Delete a board member and the files of its image',
        params: idParamsSchema,
        response: { 200: boardMemberDeleteResponseSchema, 404: apiErrorSchema },
      },
    },
    async (request) => ({ data: await deleteBoardMember(context, request.params.id) }),
  );
};
