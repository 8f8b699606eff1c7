import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/** A resized copy of an upload, e.g. a thumbnail. */
export type UploadedFileVariant = {
  name: string;
  storageKey: string;
  publicPath: string;
  width: number;
  height: number;
  byteSize: number;
};

/** What the storage module wrote, so files no row refers to any more can be found and removed. */
export const uploadedFiles = pgTable('uploaded_files', {
  id: uuid('id').primaryKey().defaultRandom(),
  storageKey: text('storage_key').notNull().unique('uploaded_files_storage_key_unique'),
  publicPath: text('public_path').notNull().unique('uploaded_files_public_path_unique'),
  contentType: text('content_type').notNull(),
  byteSize: integer('byte_size').notNull(),
  width: integer('width'),
  height: integer('height'),
  variants: jsonb('variants').$type<UploadedFileVariant[]>().notNull().default(sql`'[]'::jsonb`),
  createdAt: createdAt(),
});

export type UploadedFile = typeof uploadedFiles.$inferSelect;
export type NewUploadedFile = typeof uploadedFiles.$inferInsert;
