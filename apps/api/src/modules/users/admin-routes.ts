import {
  adminCreateUserResponseSchema,
  adminCreateUserSchema,
  adminUserListQuerySchema,
  adminUserListResponseSchema,
  adminUserResponseSchema,
  adminUserUpdateSchema,
  apiErrorSchema,
  CREATE_USER_IMAGE_FIELDS,
  idParamsSchema,
  idResponseSchema,
  manilaDateString,
  REPRESENTATIVE_LIMITS,
  representativeField,
  STAFF_AREAS,
  staffRolesResponseSchema,
  staffRolesUpdateSchema,
} from '@portal/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { ImageUploads } from '../../lib/images';
import { multipartForm } from '../../lib/multipart';
import type { Viewer } from '../../plugins/access';
import { changesStaffType, deleteUser, setUserRoles, toggleUserStatus, updateUser } from './admin-changes';
import { createMember } from './admin-create';
import { exportUsersCsv } from './admin-export';
import { listUsers } from './admin-list';

const representativeAvatarFields = Array.from({ length: REPRESENTATIVE_LIMITS.Regular }, (_, index) =>
  representativeField(index, 'avatar'),
);
/**
 * Create-user's fields are flat (`representatives[0][firstName]`, spec 001 §7), nested by the form
 * reader and checked by adminCreateUserSchema, rules between fields included; its files are the
 * logo or avatar and one photo per representative.
 */
const createUserForm = multipartForm(adminCreateUserSchema, {
  files: Object.fromEntries(
    [CREATE_USER_IMAGE_FIELDS.logo, CREATE_USER_IMAGE_FIELDS.avatar, ...representativeAvatarFields].map(
      (field) => [field, 1],
    ),
  ) as Record<string, number>,
});

const refusals = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

/** The admin users calls of spec 000 §7, under /api/users (admins only). */
export const adminUserRoutes: FastifyPluginAsyncZod<{
  db: Db;
  images: ImageUploads;
  config: Config;
}> = async (app, { db, images, config }) => {
  // access 'staff' guarantees a viewer.
  const viewerOf = (request: { viewer: Viewer | null }) => request.viewer as Viewer;

  app.get(
    '/get-all',
    {
      config: { access: 'staff', roles: STAFF_AREAS.usersRead },
      schema: {
        tags: ['users'],
        summary:
          'A page of users: search over name, username and e-mail, filters by type, status and newest membership',
        querystring: adminUserListQuerySchema,
        response: { 200: adminUserListResponseSchema, 400: apiErrorSchema },
      },
    },
    async (request) => ({ data: await listUsers(db, request.query) }),
  );

  app.get(
    '/admin/export-csv',
    {
      config: { access: 'staff', roles: STAFF_AREAS.usersRead },
      schema: {
        tags: ['users'],
        summary:
          'The filtered user list as CSV (members with category, status, membership period and contact details), streamed',
        querystring: adminUserListQuerySchema.omit({
          page: true,
          limit: true,
          sortBy: true,
          sortOrder: true,
        }),
        produces: ['text/csv'],
        // A stream: Fastify sends it as it is, without the JSON serializer.
        response: { 200: z.unknown().describe('text/csv, one line per user'), 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="users-${manilaDateString()}.csv"`)
        .header('cache-control', 'no-store')
        .send(exportUsersCsv(db, request.query));
    },
  );

  app.put(
    '/admin/update-profile/:id',
    {
      config: {
        access: 'staff',
        roles: STAFF_AREAS.users,
        // Making an account staff or a member again changes its roles (decision 061).
        stepUp: (request) => {
          const { params, body } = request as FastifyRequest<{
            Params: { id: string };
            Body: { type?: string };
          }>;
          return changesStaffType(db, params.id, body.type);
        },
      },
      schema: {
        tags: ['users'],
        summary: "Change a user's username, phone, type or status (the e-mail is read-only)",
        params: idParamsSchema,
        body: adminUserUpdateSchema,
        response: { 200: adminUserResponseSchema, ...refusals },
      },
    },
    async (request) => ({
      data: await updateUser(db, viewerOf(request), request.params.id, request.body),
    }),
  );

  app.put(
    '/admin/:id/roles',
    {
      // Sensitive (decision 061): a second-factor check within the last 15 minutes.
      config: { access: 'staff', roles: STAFF_AREAS.roles, stepUp: true },
      schema: {
        tags: ['users'],
        summary: 'Set the staff roles a user holds (admins only; the last admin keeps the admin role)',
        params: idParamsSchema,
        body: staffRolesUpdateSchema,
        response: { 200: staffRolesResponseSchema, ...refusals },
      },
    },
    async (request) => ({
      data: await setUserRoles(db, viewerOf(request), request.params.id, request.body),
    }),
  );

  app.get(
    '/admin/toggle-status/:id',
    {
      // A GET that changes data: refused when a browser sends it for another site.
      config: { access: 'staff', roles: STAFF_AREAS.users, changesState: true },
      schema: {
        tags: ['users'],
        summary: 'Enable an inactive user or disable any other; disabling ends their sessions at once',
        params: idParamsSchema,
        response: { 200: adminUserResponseSchema, ...refusals },
      },
    },
    async (request) => ({ data: await toggleUserStatus(db, viewerOf(request), request.params.id) }),
  );

  app.delete(
    '/admin/delete-user/:id',
    {
      config: { access: 'staff', roles: STAFF_AREAS.users, stepUp: true },
      schema: {
        tags: ['users'],
        summary: 'Delete a user and what is only theirs (decision 020)',
        params: idParamsSchema,
        response: { 200: idResponseSchema, ...refusals },
      },
    },
    async (request) => ({ data: await deleteUser({ db, images }, viewerOf(request), request.params.id) }),
  );

  app.post(
    '/admin/create-user',
    {
      config: { access: 'staff', roles: STAFF_AREAS.users },
      validatorCompiler: createUserForm.validatorCompiler,
      schema: {
        tags: ['users'],
        summary:
          'Create a confirmed company or individual member with a pending membership; an invitation e-mail sets the password (multipart form)',
        description:
          'Fields: type (company or individual), username, email, phone, facsimile, address, about, membershipData (JSON text: {"category":"Regular"}), logo or avatar (image), and per representative i: representatives[i][firstName], [lastName], [preferredName], [position], [type], [avatar] (image).',
        ...createUserForm.schema,
        response: {
          201: adminCreateUserResponseSchema,
          ...refusals,
          413: apiErrorSchema,
          415: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { fields: input, files } = await createUserForm.read(request);
      const user = await createMember({ db, images, config }, viewerOf(request), input, {
        main: files[
          input.type === 'company' ? CREATE_USER_IMAGE_FIELDS.logo : CREATE_USER_IMAGE_FIELDS.avatar
        ]?.[0],
        representatives: representativeAvatarFields.map((field) => files[field]?.[0]),
      });
      app.mailWorker.poke();
      return reply.status(201).send({ data: { user, message: 'User created' } });
    },
  );
};
