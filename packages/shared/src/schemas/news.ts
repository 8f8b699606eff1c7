import { z } from 'zod';
import { MAX_IMAGES_PER_REQUEST, PAGE_SIZES } from '../constants';
import { NEWS_STATUSES } from '../enums';
import { optionalText, paginationSchema, requiredText, text } from './common';
import { optionalIdFilter, pageQuerySchema, queryChoice, queryText, searchQuerySchema } from './query';

/**
 * GET /api/news/get-news (spec 001 §7): /news sends its address's filters as they are
 * (docs/decisions/035); the status is an admin's choice (docs/decisions/026), anyone else gets
 * published articles only.
 */
export const newsListQuerySchema = z.object({
  ...pageQuerySchema(PAGE_SIZES.publicNews),
  search: searchQuerySchema,
  status: queryChoice(NEWS_STATUSES, 'Invalid status'),
  author: queryText('Author'),
  /** One article exactly (the admin dashboard's link to a recently updated article). */
  id: optionalIdFilter,
});
export type NewsListQuery = z.infer<typeof newsListQuerySchema>;

export const newsArticleSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string().nullable(),
  content: z.string().nullable(),
  status: z.enum(NEWS_STATUSES),
  author: z.string().nullable(),
  image_gallery: z.array(z.string()),
  likes: z.number().int(),
  views: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type NewsArticle = z.infer<typeof newsArticleSchema>;

/** A list item: everything but the rich-text body, which only the article page shows. */
export const newsSummarySchema = newsArticleSchema.omit({ content: true });
export type NewsSummary = z.infer<typeof newsSummarySchema>;

export const newsListResponseSchema = z.object({
  data: z.object({
    news: z.array(newsSummarySchema),
    pagination: paginationSchema,
  }),
});
export type NewsListResponse = z.infer<typeof newsListResponseSchema>;

export const newsViewResponseSchema = z.object({ data: z.object({ views: z.number().int() }) });

export const NEWS_FIELD_MESSAGES = {
  titleRequired: 'Title is required',
  contentRequired: 'Content is required',
  authorRequired: 'Author is required',
  statusInvalid: 'Invalid status',
  imageUrlInvalid: 'Image URLs must start with https://',
  imageUrlTooLong: 'Image URLs must be at most 2048 characters',
  galleryTooLarge: 'A gallery holds at most 30 images',
  // The server takes at most MAX_IMAGES_PER_REQUEST files per request; the form says so first.
  tooManyUploads: `At most ${MAX_IMAGES_PER_REQUEST} new images can be uploaded at once. Save the article, then add more.`,
  duplicateImage: 'This image is already in the gallery',
  removedImageUnknown: 'Only images of this article can be removed',
  imageOrderInvalid: 'The image order must name every image of the gallery once',
  idMismatch: 'The id does not match the article',
  actionInvalid: "Action must be 'like' or 'unlike'",
} as const;

/** An image URL is stored as given and never fetched (docs/decisions/022-url-images-under-the-csp.md). */
export const NEWS_IMAGE_URL_MAX = 2_048;
/** The most images one gallery holds, uploaded and by address together. */
export const NEWS_GALLERY_MAX = 30;
/** The field name of the gallery's uploaded files (repeated). */
export const NEWS_IMAGES_FIELD = 'images';
/** An uploaded file's place in `image_order`: `upload:0` is the first file of the request. */
export const newsUploadToken = (index: number) => `upload:${index}`;

const fieldMessages = NEWS_FIELD_MESSAGES;

/** A repeated multipart field arrives as one string or as a list; blanks are dropped. */
const repeatedText = <Item extends z.ZodType>(item: Item) =>
  z.preprocess(
    (value) =>
      (value === undefined ? [] : Array.isArray(value) ? value : [value]).filter(
        (entry) => typeof entry !== 'string' || entry.trim() !== '',
      ),
    z.array(item),
  );

/** https only, trimmed: an `http:` picture would be mixed content, a `javascript:` one an attack. */
export const newsImageUrlSchema = text('Image URL', { typeMessage: fieldMessages.imageUrlInvalid })
  .trim()
  .max(NEWS_IMAGE_URL_MAX, fieldMessages.imageUrlTooLong)
  .refine((value) => {
    if (!value.toLowerCase().startsWith('https://')) return false;
    try {
      return new URL(value).protocol === 'https:';
    } catch {
      return false;
    }
  }, fieldMessages.imageUrlInvalid);

/** The article's own fields, written once for create and update. */
const newsFieldSchemas = {
  title: requiredText('Title', fieldMessages.titleRequired, 300),
  description: optionalText('Description', 2_000, 'multi'),
  content: requiredText('Content', fieldMessages.contentRequired, 500_000, 'multi'),
  status: z.enum(NEWS_STATUSES, fieldMessages.statusInvalid),
  author: requiredText('Author', fieldMessages.authorRequired, 200),
};
const galleryFieldSchemas = {
  image_urls: repeatedText(newsImageUrlSchema).default([]),
  image_order: repeatedText(text('Image order').trim().max(NEWS_IMAGE_URL_MAX)).optional(),
};

/**
 * The fields of POST /api/news/admin/create-news (spec 001 §5, §7): title, content and author
 * required; status defaults to draft. `images` (files) travel beside them; `image_urls` are added
 * to the gallery after the uploads unless `image_order` gives the order: every entry of the new
 * gallery once, an uploaded file written `upload:<n>` (its place among the request's files).
 */
export const newsCreateSchema = z.object({
  ...newsFieldSchemas,
  description: newsFieldSchemas.description.default(null),
  status: newsFieldSchemas.status.default('draft'),
  ...galleryFieldSchemas,
});
export type NewsCreateInput = z.input<typeof newsCreateSchema>;
export type NewsCreate = z.output<typeof newsCreateSchema>;

/**
 * PUT /api/news/admin/update-news/{id}: the same fields plus `id` (which must match the path) and
 * `removed_images`, gallery entries of this article to remove. Kept images stay in their order
 * unless `image_order` names the whole new gallery. Each field is optional and none takes the
 * create's default: a field left out keeps its stored value (a PUT without `status` must not turn
 * a published article back into a draft); a blank description is the one way to clear it.
 */
export const newsUpdateSchema = z.object({
  ...z.object(newsFieldSchemas).partial().shape,
  ...galleryFieldSchemas,
  id: z.uuid('Invalid id').optional(),
  removed_images: repeatedText(text('Removed images').trim().max(NEWS_IMAGE_URL_MAX)).default([]),
});
export type NewsUpdateInput = z.input<typeof newsUpdateSchema>;
export type NewsUpdate = z.output<typeof newsUpdateSchema>;

/** The article page's answer: the article with the viewer's like (spec 001 §3). */
export const newsDetailSchema = newsArticleSchema.extend({ isLiked: z.boolean() });
export type NewsDetail = z.infer<typeof newsDetailSchema>;
export const newsDetailResponseSchema = z.object({ data: newsDetailSchema });
export type NewsDetailResponse = z.infer<typeof newsDetailResponseSchema>;
export const newsArticleResponseSchema = z.object({ data: newsArticleSchema });
export const newsDeleteResponseSchema = z.object({ data: z.object({ id: z.uuid() }) });

export const NEWS_LIKE_ACTIONS = ['like', 'unlike'] as const;
export const newsLikeBodySchema = z.object({
  action: z.enum(NEWS_LIKE_ACTIONS, fieldMessages.actionInvalid),
});
export type NewsLikeAction = (typeof NEWS_LIKE_ACTIONS)[number];
export const newsLikeResponseSchema = z.object({
  data: z.object({ likes: z.number().int(), isLiked: z.boolean() }),
});
export type NewsLikeResponse = z.infer<typeof newsLikeResponseSchema>;

/**
 * GET /api/news/get-authors: the author filter's options follow the status the list shows (an
 * admin's; guests and members only ever see published articles).
 */
export const newsAuthorsQuerySchema = newsListQuerySchema.pick({ status: true });
export type NewsAuthorsQuery = z.infer<typeof newsAuthorsQuerySchema>;

/** The author filter: the distinct authors of the articles the viewer may see. */
export const newsAuthorsResponseSchema = z.object({ data: z.object({ authors: z.array(z.string()) }) });
export type NewsAuthorsResponse = z.infer<typeof newsAuthorsResponseSchema>;
