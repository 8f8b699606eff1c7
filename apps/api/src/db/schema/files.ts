import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { checkIn, createdAt } from './columns';

/**
 * The kinds of record an image can belong to (lib/images.ts): a user's avatar or logo, a
 * representative's photo and a candidate's photo (a meeting's nomination) too.
 */
export const IMAGE_OWNER_TYPES = [
  'board_member',
  'news_article',
  'user',
  'representative',
  'event',
  'speaker',
  'nomination',
] as const;
export type ImageOwnerType = (typeof IMAGE_OWNER_TYPES)[number];

/**
 * The owners whose images are member-only (decision 066): stored as private files, their rows'
 * `public_path` a private reference (`private/<name>`), served only by checked routes.
 */
export const PRIVATE_IMAGE_OWNER_TYPES = [
  'user',
  'representative',
  'nomination',
] as const satisfies readonly ImageOwnerType[];
export const isPrivateImageOwner = (type: ImageOwnerType) =>
  (PRIVATE_IMAGE_OWNER_TYPES as readonly ImageOwnerType[]).includes(type);

/** A resized copy of an upload, e.g. a thumbnail; `publicPath` as the main file's (an address or a private reference). */
export type UploadedFileVariant = {
  name: string;
  storageKey: string;
  publicPath: string;
  width: number;
  height: number;
  byteSize: number;
};

/**
 * What the storage module wrote, so files no row refers to any more can be found and removed.
 * An image belongs to one record, its owner (a board member's photo, a news article's gallery),
 * at a position among that owner's images: 0 for a single image, 0, 1, 2… for a gallery. The
 * owner is a kind and an id rather than a foreign key per kind, so avatars and logos need no new
 * column; the services release an owner's images when they delete it (lib/images.ts).
 */
export const uploadedFiles = pgTable(
  'uploaded_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storageKey: text('storage_key').notNull().unique('uploaded_files_storage_key_unique'),
    publicPath: text('public_path').notNull().unique('uploaded_files_public_path_unique'),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    width: integer('width'),
    height: integer('height'),
    variants: jsonb('variants').$type<UploadedFileVariant[]>().notNull().default(sql`'[]'::jsonb`),
    ownerType: text('owner_type').$type<ImageOwnerType>(),
    ownerId: uuid('owner_id'),
    position: integer('position'),
    createdAt: createdAt(),
  },
  (t) => [
    checkIn('uploaded_files_owner_type_check', t.ownerType, IMAGE_OWNER_TYPES),
    // An owner is all three or none of them, and positions start at 0.
    check(
      'uploaded_files_owner_check',
      sql`(${t.ownerType} is null and ${t.ownerId} is null and ${t.position} is null) or (${t.ownerType} is not null and ${t.ownerId} is not null and ${t.position} is not null and ${t.position} >= 0)`,
    ),
    // One image per place: an owner's images have one order.
    uniqueIndex('uploaded_files_owner_position_idx').on(t.ownerType, t.ownerId, t.position),
  ],
);

export type UploadedFile = typeof uploadedFiles.$inferSelect;
export type NewUploadedFile = typeof uploadedFiles.$inferInsert;
