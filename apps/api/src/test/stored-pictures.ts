import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The private reference a member picture's address names: the checked route's `?v=` is the stored
 * file's name (lib/member-pictures.ts), so a test can find the file an answer points at.
 */
export const storedPictureOf = (address: string) =>
  `private/${new URL(address, 'http://localhost').searchParams.get('v')}.webp`;

/** The files in the uploads folder, sorted: public ones by name, private ones as `private/<name>`. */
export async function storedUploads(uploadsDir: string): Promise<string[]> {
  if (!existsSync(uploadsDir)) return [];
  const publicFiles = (await readdir(uploadsDir)).filter((name) => name !== '.tmp' && name !== 'private');
  const privateDir = join(uploadsDir, 'private');
  const privateFiles = existsSync(privateDir)
    ? (await readdir(privateDir)).map((name) => `private/${name}`)
    : [];
  return [...publicFiles, ...privateFiles].sort();
}
