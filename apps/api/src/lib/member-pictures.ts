/**
 * The addresses of the member-only pictures (docs/decisions/066-private-files-and-verification-codes.md):
 * a user's avatar or logo and a representative's photo are private files, read only through the
 * checked routes of modules/users/picture-routes.ts. Every answer that carries one gives this
 * address, never the stored reference.
 */
export type MemberPictureKind = 'avatar' | 'logo' | 'photo';

const ROUTE_OF: Record<MemberPictureKind, (id: string) => string> = {
  avatar: (id) => `/api/users/${id}/avatar`,
  logo: (id) => `/api/users/${id}/logo`,
  photo: (id) => `/api/representatives/${id}/photo`,
};

/**
 * The checked route's address of `stored` (the column's value), or null without a picture. `v`
 * is the stored file's name without its extension: a new picture gets a new address, so a page
 * shows it at once, while the route itself answers whatever the column names now.
 */
export function memberPictureAddress(
  kind: MemberPictureKind,
  ownerId: string,
  stored: string | null,
): string | null {
  if (!stored) return null;
  const name = stored.slice(stored.lastIndexOf('/') + 1);
  const version = name.slice(0, name.indexOf('.') === -1 ? undefined : name.indexOf('.'));
  return `${ROUTE_OF[kind](ownerId)}?v=${version}`;
}
