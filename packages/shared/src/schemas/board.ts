import { z } from 'zod';
import { canonicalBoardPosition } from '../board';
import { PAGE_SIZES } from '../constants';
import { BOARD_POSITIONS } from '../enums';
import {
  formBoolean,
  optionalDate,
  optionalNumber,
  optionalText,
  paginationSchema,
  requiredText,
  text,
} from './common';
import { imageVariantSchema } from './images';
import { booleanQuerySchema, pageQuerySchema, searchQuerySchema } from './query';

const DESCRIPTION_MAX = 5_000;
const DISPLAY_ORDER_MAX = 1_000_000;

export const BOARD_FIELD_MESSAGES = {
  nameRequired: 'Name is required',
  titleRequired: 'Title is required',
  positionRequired: 'Position is required',
  positionInvalid: `Position must be one of ${BOARD_POSITIONS.join(', ')}`,
  trusteeSinceInvalid: 'Trustee since must be a valid date (YYYY-MM-DD)',
  displayOrderNumber: 'Display order must be a number',
  displayOrderWhole: 'Display order must be a whole number',
  displayOrderMinimum: 'Display order must be 0 or more',
  displayOrderMaximum: `Display order must be at most ${DISPLAY_ORDER_MAX}`,
  isActiveBoolean: 'Active must be true or false',
} as const;
const messages = BOARD_FIELD_MESSAGES;

/** Any spelling of a position the spec uses, stored and answered in its canonical spelling. */
export const boardPositionSchema = text('Position', { requiredMessage: messages.positionRequired })
  .trim()
  .min(1, messages.positionRequired)
  .transform((value, context) => {
    const position = canonicalBoardPosition(value);
    if (!position) context.addIssue({ code: 'custom', message: messages.positionInvalid });
    return position ?? z.NEVER;
  });

const optionalDescription = optionalText('Description', DESCRIPTION_MAX, 'multi');
const optionalTrusteeSince = optionalDate('Trustee since', messages.trusteeSinceInvalid);
const optionalDisplayOrder = optionalNumber(
  z
    .number(messages.displayOrderNumber)
    .int(messages.displayOrderWhole)
    .min(0, messages.displayOrderMinimum)
    .max(DISPLAY_ORDER_MAX, messages.displayOrderMaximum),
);
const activeFlag = formBoolean(messages.isActiveBoolean);

/**
 * The board member form (spec 001 §5): name, title and position required; description,
 * trustee_since and display_order (a number, at least 0) optional; is_active defaults to true.
 * The fields of POST /api/boards/admin/create-board-member; the image travels beside them.
 */
export const boardMemberCreateSchema = z.object({
  name: requiredText('Name', messages.nameRequired),
  title: requiredText('Title', messages.titleRequired),
  position: boardPositionSchema,
  description: optionalDescription.default(null),
  trustee_since: optionalTrusteeSince.default(null),
  display_order: optionalDisplayOrder.default(null),
  is_active: activeFlag.default(true),
});
export type BoardMemberCreateInput = z.input<typeof boardMemberCreateSchema>;
export type BoardMemberCreate = z.output<typeof boardMemberCreateSchema>;

/**
 * PUT /api/boards/admin/update-board-member/{id}: the same fields, each optional. A field left
 * out keeps its value (the status badge sends only is_active); a blank optional field clears it.
 * Without a new image the current one is kept (spec 001 §5), unless `remove_image` is 'true'.
 */
export const boardMemberUpdateSchema = z.object({
  name: requiredText('Name', messages.nameRequired).optional(),
  title: requiredText('Title', messages.titleRequired).optional(),
  position: boardPositionSchema.optional(),
  description: optionalDescription.optional(),
  trustee_since: optionalTrusteeSince.optional(),
  display_order: optionalDisplayOrder.optional(),
  is_active: activeFlag.optional(),
  /** 'true' removes the current photo; a new image sent with it wins. */
  remove_image: formBoolean('Remove image must be true or false').optional(),
});
export type BoardMemberUpdateInput = z.input<typeof boardMemberUpdateSchema>;
export type BoardMemberUpdate = z.output<typeof boardMemberUpdateSchema>;

/** The multipart field that carries the image of create and update. */
export const BOARD_MEMBER_IMAGE_FIELD = 'image';
/** The update's text field that removes the current photo when 'true' (a new image wins over it). */
export const BOARD_MEMBER_REMOVE_IMAGE_FIELD = 'remove_image';

/**
 * GET /api/boards/get-board-members (spec 001 §7). Guests and members get every active member
 * and the paging and filters are ignored; admins get a page of all members, filtered.
 */
export const boardMemberListQuerySchema = z.object({
  ...pageQuerySchema(PAGE_SIZES.adminBoard),
  search: searchQuerySchema,
  // The admin filter's "All" may arrive as an empty value.
  position: z.preprocess((value) => (value === '' ? undefined : value), boardPositionSchema.optional()),
  is_active: z.optional(booleanQuerySchema('is_active must be true or false')),
});
export type BoardMemberListQuery = z.infer<typeof boardMemberListQuerySchema>;

export const boardMemberSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  title: z.string(),
  position: z.string(),
  description: z.string().nullable(),
  trustee_since: z.string().nullable().describe('YYYY-MM-DD'),
  display_order: z.number().int().nullable(),
  is_active: z.boolean(),
  image_path: z.string().nullable().describe('The largest stored size of the image'),
  image_variants: z
    .array(imageVariantSchema)
    .describe(
      'Every stored size of the image, smallest first; the last is image_path. Empty without an image',
    ),
  created_at: z.string(),
  updated_at: z.string(),
});
export type BoardMember = z.infer<typeof boardMemberSchema>;

export const boardMemberListResponseSchema = z.object({
  data: z.object({
    boardMembers: z.array(boardMemberSchema),
    pagination: paginationSchema,
  }),
});
export type BoardMemberListResponse = z.infer<typeof boardMemberListResponseSchema>;

/** Create answers 201 and update 200 with the member under `data` (update: spec's `data.data`). */
export const boardMemberResponseSchema = z.object({ data: boardMemberSchema });
export type BoardMemberResponse = z.infer<typeof boardMemberResponseSchema>;

export const boardMemberDeleteResponseSchema = z.object({ data: z.object({ id: z.uuid() }) });
export type BoardMemberDeleteResponse = z.infer<typeof boardMemberDeleteResponseSchema>;
