import {
  BOARD_MESSAGES,
  type BoardMember,
  type BoardMemberCreate,
  type BoardMemberListQuery,
  type BoardMemberUpdate,
  buildPagination,
  MAX_PAGE_LIMIT,
  MISSING_DISPLAY_ORDER,
} from '@portal/shared';
import { and, asc, eq, getTableColumns, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { boardMembers, uploadedFiles } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { type ImageOwner, type ImageUploads, imageVariantsOf } from '../../lib/images';
import { likePattern } from '../../lib/sql';

export type BoardContext = { db: Db; images: ImageUploads };

/** A member's photo: its one image (lib/images.ts), at position 0. */
const photoOf = (id: string): ImageOwner => ({ type: 'board_member', id });

/** A member with its photo, read from the photo's `uploaded_files` row. */
const memberColumns = {
  ...getTableColumns(boardMembers),
  image_path: uploadedFiles.publicPath,
  imageWidth: uploadedFiles.width,
  imageHeight: uploadedFiles.height,
  imageVariants: uploadedFiles.variants,
};

const selectMembers = (db: Db) =>
  db
    .select(memberColumns)
    .from(boardMembers)
    .leftJoin(
      uploadedFiles,
      and(
        eq(uploadedFiles.ownerType, 'board_member'),
        eq(uploadedFiles.ownerId, boardMembers.id),
        eq(uploadedFiles.position, 0),
      ),
    );

type MemberRow = Awaited<ReturnType<ReturnType<typeof selectMembers>['execute']>>[number];

function toBoardMemberResponse({
  imageWidth,
  imageHeight,
  imageVariants,
  ...member
}: MemberRow): BoardMember {
  return {
    ...member,
    image_variants: imageVariantsOf(member.image_path, {
      width: imageWidth,
      height: imageHeight,
      variants: imageVariants,
    }),
    created_at: member.created_at.toISOString(),
    updated_at: member.updated_at.toISOString(),
  };
}

/**
 * The public page's order, also the admin table's: display_order with a missing one as 999
 * (spec 001 §4), then name; the id breaks ties so paging never repeats or skips a row.
 */
const displayOrder = [
  asc(sql`coalesce(${boardMembers.display_order}, ${MISSING_DISPLAY_ORDER})`),
  asc(boardMembers.name),
  asc(boardMembers.id),
];

/**
 * Guests and members get every active member on one page, whatever they ask for (the public page
 * shows the whole board; docs/product-rules.md "Board"), capped like any list. Admins get a page of
 * all members, filtered by search (name, title, description), position and active flag.
 */
export async function listBoardMembers(db: Db, query: BoardMemberListQuery, viewer: { manages: boolean }) {
  const conditions: SQL[] = [];
  let page = 1;
  let limit = MAX_PAGE_LIMIT;
  if (viewer.manages) {
    ({ page, limit } = query);
    if (query.is_active !== undefined) conditions.push(eq(boardMembers.is_active, query.is_active));
    // Stored in its canonical spelling, and the query schema made this one canonical too.
    if (query.position) conditions.push(eq(boardMembers.position, query.position));
    if (query.search) {
      const pattern = likePattern(query.search);
      conditions.push(
        or(
          ilike(boardMembers.name, pattern),
          ilike(boardMembers.title, pattern),
          ilike(boardMembers.description, pattern),
        ) as SQL,
      );
    }
  } else {
    conditions.push(eq(boardMembers.is_active, true));
  }
  const where = and(...conditions);
  const [rows, [counted]] = await Promise.all([
    selectMembers(db)
      .where(where)
      .orderBy(...displayOrder)
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: sql<number>`count(*)::int` }).from(boardMembers).where(where),
  ]);
  return {
    boardMembers: rows.map(toBoardMemberResponse),
    pagination: buildPagination(page, limit, counted?.total ?? 0),
  };
}

async function findBoardMember(db: Db, id: string): Promise<BoardMember> {
  const [row] = await selectMembers(db).where(eq(boardMembers.id, id));
  if (!row) throw notFound(BOARD_MESSAGES.notFound);
  return toBoardMemberResponse(row);
}

export async function createBoardMember(
  { db, images }: BoardContext,
  input: BoardMemberCreate,
  image: Buffer | undefined,
): Promise<BoardMember> {
  const id = await images.withStoredImages(image ? [image] : [], (stored) =>
    db.transaction(async (tx) => {
      const [created] = await tx.insert(boardMembers).values(input).returning({ id: boardMembers.id });
      if (!created) throw new Error('The board member was not inserted');
      await images.record(tx, photoOf(created.id), stored);
      return created.id;
    }),
  );
  return findBoardMember(db, id);
}

/**
 * Changes the fields sent (the status badge sends only is_active). A new image replaces the
 * current one; `remove_image` removes it, unless a new image came with it, which wins. Without
 * either, the current image is kept (spec 001 §5). The files of a replaced or removed image are
 * removed once the change has committed.
 */
export async function updateBoardMember(
  { db, images }: BoardContext,
  id: string,
  { remove_image, ...input }: BoardMemberUpdate,
  image: Buffer | undefined,
): Promise<BoardMember> {
  const releasedFiles = await images.withStoredImages(image ? [image] : [], (stored) =>
    db.transaction(async (tx) => {
      // Locked, so two uploads at once each replace the image the other one left.
      const [current] = await tx
        .select({ id: boardMembers.id })
        .from(boardMembers)
        .where(eq(boardMembers.id, id))
        .for('update');
      if (!current) throw notFound(BOARD_MESSAGES.notFound);
      let released: string[] = [];
      if (stored.length > 0 || remove_image) {
        released = await images.release(tx, photoOf(id));
        await images.record(tx, photoOf(id), stored);
      }
      await tx
        .update(boardMembers)
        .set({ ...input, updated_at: new Date() })
        .where(eq(boardMembers.id, id));
      return released;
    }),
  );
  await images.removeFiles(releasedFiles);
  return findBoardMember(db, id);
}

export async function deleteBoardMember({ db, images }: BoardContext, id: string) {
  const removedFiles = await db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(boardMembers)
      .where(eq(boardMembers.id, id))
      .returning({ id: boardMembers.id });
    if (!deleted) throw notFound(BOARD_MESSAGES.notFound);
    return images.release(tx, photoOf(id));
  });
  await images.removeFiles(removedFiles);
  return { id };
}
