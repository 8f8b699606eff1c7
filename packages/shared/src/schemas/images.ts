import { z } from 'zod';
import { MEMBER_PICTURE_WIDTHS } from '../images';
import { queryText } from './query';

/**
 * A stored size of an uploaded image. A record's `image_variants` lists all of them, smallest
 * first, the last being the one at `image_path`; `imageSrcSet` turns them into a srcset.
 */
export const imageVariantSchema = z.object({
  path: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});

/**
 * The query of a member's picture (`GET /api/users/{id}/avatar`, `/logo`,
 * `/api/representatives/{id}/photo`): a smaller stored size by `width`, the largest without; `v`
 * names the picture the address was given for, so a new picture gets a new address.
 */
export const memberPictureQuerySchema = z.object({
  width: z.enum(MEMBER_PICTURE_WIDTHS, 'width must be 400 or 800').optional(),
  v: queryText('Version', 64),
});
