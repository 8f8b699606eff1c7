import { z } from 'zod';

/**
 * A stored size of an uploaded image. A record's `image_variants` lists all of them, smallest
 * first, the last being the one at `image_path`; `imageSrcSet` turns them into a srcset.
 */
export const imageVariantSchema = z.object({
  path: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
