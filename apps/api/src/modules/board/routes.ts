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
} from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import type { ImageUploads } from '../../lib/images';
import { multipartFormRoute, parseFormFields, readMultipartForm } from '../../lib/multipart';
import { isAdmin } from '../../plugins/access';
import { createBoardMember, deleteBoardMember, listBoardMembers, updateBoardMember } from './service';

const imageForm = { fileFields: [BOARD_MEMBER_IMAGE_FIELD] } as const;
const uploadErrors = { 400: apiErrorSchema, 413: apiErrorSchema, 415: apiErrorSchema };

/** The board of trustees calls of spec 001 §7 (DECISIONS.md "Board"). */
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
    async (request) => ({ data: await listBoardMembers(db, request.query, { isAdmin: isAdmin(request) }) }),
  );

  const createForm = multipartFormRoute(boardMemberCreateSchema, imageForm.fileFields);
  app.post(
    '/admin/create-board-member',
    {
      config: { access: 'admin' },
      validatorCompiler: createForm.validatorCompiler,
      schema: {
        tags: ['board'],
        summary: 'Add a board member (multipart form, optional image)',
        consumes: createForm.consumes,
        body: createForm.body,
        response: { 201: boardMemberResponseSchema, ...uploadErrors },
      },
    },
    async (request, reply) => {
      const form = await readMultipartForm(request, imageForm);
      const input = parseFormFields(boardMemberCreateSchema, form.fields);
      const member = await createBoardMember(context, input, form.files[BOARD_MEMBER_IMAGE_FIELD]?.[0]);
      return reply.status(201).send({ data: member });
    },
  );

  const updateForm = multipartFormRoute(boardMemberUpdateSchema, imageForm.fileFields);
  app.put(
    '/admin/update-board-member/:id',
    {
      config: { access: 'admin' },
      validatorCompiler: updateForm.validatorCompiler,
      schema: {
        tags: ['board'],
        summary: 'Change the fields sent, and the image when one is sent (multipart form)',
        params: idParamsSchema,
        consumes: updateForm.consumes,
        body: updateForm.body,
        response: { 200: boardMemberResponseSchema, ...uploadErrors, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const form = await readMultipartForm(request, imageForm);
      const input = parseFormFields(boardMemberUpdateSchema, form.fields);
      const image = form.files[BOARD_MEMBER_IMAGE_FIELD]?.[0];
      return { data: await updateBoardMember(context, request.params.id, input, image) };
    },
  );

  app.delete(
    '/admin/delete-board-member/:id',
    {
      config: { access: 'admin' },
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
