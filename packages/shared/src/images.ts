// Kept apart from the Zod schemas: file pickers need these, not Zod.
import { ALLOWED_IMAGE_TYPES, IMAGE_MAX_BYTES, IMAGE_MAX_INPUT_PIXELS } from './constants';

/** What an image upload can be refused for; the first two are spec 000 §5's exact strings. */
export const IMAGE_MESSAGES = {
  tooLarge: 'Image file size must be less than 5MB.',
  wrongType: 'Only image files (JPEG, PNG, GIF, WebP) are allowed.',
  unreadable: 'The image could not be read. It may be damaged or incomplete.',
  tooManyPixels: `The image has too many pixels (at most ${IMAGE_MAX_INPUT_PIXELS / 1_000_000} megapixels).`,
} as const;

/** The refusal of a request with more images than its form takes (at most MAX_IMAGES_PER_REQUEST). */
export const tooManyImagesMessage = (max: number) =>
  max === 1 ? 'Only one image can be sent at once' : `No more than ${max} images can be sent at once`;

/**
 * The check a file picker can make before sending (spec 000 §5): the browser's claimed type and
 * the size. The server decides again from the bytes; this only saves a pointless upload.
 */
export function imageFileProblem(file: { size: number; type: string }): string | null {
  if (!(ALLOWED_IMAGE_TYPES as readonly string[]).includes(file.type)) return IMAGE_MESSAGES.wrongType;
  if (file.size > IMAGE_MAX_BYTES) return IMAGE_MESSAGES.tooLarge;
  return null;
}

/** How many leading bytes `imageTypeOfBytes` needs. */
export const IMAGE_SIGNATURE_BYTES = 12;

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  signature.every((byte, index) => bytes[at + index] === byte);
const ascii = (text: string) => [...text].map((character) => character.charCodeAt(0));

/**
 * The allowed image type that a file's first bytes show (JPEG, PNG, GIF, WebP), or null. A picker
 * uses it so that a document renamed `photo.jpg` is refused when chosen; the server still decides
 * from the whole file.
 */
export function imageTypeOfBytes(bytes: Uint8Array): (typeof ALLOWED_IMAGE_TYPES)[number] | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, ...ascii('PNG'), 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

/** One stored size of an uploaded image (all are WebP). */
export type ImageVariant = { path: string; width: number; height: number };

/** The `srcset` attribute for an image's sizes: `"/uploads/a.webp 400w, /uploads/b.webp 800w"`. */
export function imageSrcSet(variants: readonly ImageVariant[]): string {
  return [...variants]
    .sort((a, b) => a.width - b.width)
    .map((variant) => `${variant.path} ${variant.width}w`)
    .join(', ');
}

/**
 * The member-only pictures (avatars, logos, representatives' photos) are served by checked routes
 * (docs/decisions/066): what they answer to anyone who may not see one, and for no picture.
 */
export const MEMBER_PICTURE_MESSAGES = {
  notFound: 'Picture not found',
} as const;

/** The widths a member's picture is also stored in (the server's IMAGE_VARIANT_WIDTHS). */
export const MEMBER_PICTURE_WIDTHS = ['400', '800'] as const;
