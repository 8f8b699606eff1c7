// An admin's new member (spec 001 §2, §3): account, pending membership, representatives, invitation.
import {
  type AdminCreateUser,
  type AdminUser,
  defaultRepresentativeType,
  greetingName,
} from '@portal/shared';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { emailTokens, representatives, users } from '../../db/schema';
import { accountNameColumns } from '../../lib/display-name';
import type { ImageUploads } from '../../lib/images';
import { queueMail } from '../../lib/mail/outbox';
import { invitationEmail } from '../../lib/mail/templates';
import { createOpaqueToken, hashOpaqueToken } from '../../lib/tokens';
import type { Viewer } from '../../plugins/access';
import { changesBetween, recordAdminAction } from '../audit';
import { EMAIL_TOKEN_TTL_MS, resetPasswordLink } from '../auth';
import { savePendingMembership } from '../membership-standing';
import { accountConflict, findAccountConflict } from './account-conflicts';
import { findAdminUser } from './admin-list';

export type CreateMemberContext = { db: Db; images: ImageUploads; config: Pick<Config, 'publicUrl'> };
/** The pictures of a new member: the logo or avatar, and each representative's photo by index. */
export type CreateMemberPictures = { main?: Buffer; representatives: (Buffer | undefined)[] };

/**
 * POST /api/users/admin/create-user (spec 001 §2, §3; docs/product-rules.md "Accounts"): a company or an
 * individual the secretariat registers, e.g. from a paper application. The account is active and
 * confirmed, without a password; its owner gets an invitation e-mail with a single-use link to
 * set one (the `invitation` purpose, valid 7 days). Its membership is a pending application in
 * the chosen category, which the secretariat then approves like any other (that starts the
 * period and sends the approval e-mail). Account, membership, representatives, pictures and the
 * invitation are written in one transaction; a refused request leaves no file behind.
 */
export async function createMember(
  { db, images, config }: CreateMemberContext,
  viewer: Viewer,
  input: AdminCreateUser,
  pictures: CreateMemberPictures,
): Promise<AdminUser> {
  const taken = await findAccountConflict(db, input);
  if (taken) throw taken;

  // Every picture in one list for the upload pipeline; each owner remembers its place in it.
  const uploads: Buffer[] = [];
  const place = (picture: Buffer | undefined) => (picture ? uploads.push(picture) - 1 : -1);
  const mainPlace = place(pictures.main);
  const repPlaces = input.representatives.map((_, index) => place(pictures.representatives[index]));

  try {
    const id = await images.withStoredPrivateImages(uploads, (stored) =>
      db.transaction(async (tx) => {
        const pathAt = (index: number) => (index >= 0 ? (stored[index]?.file.publicPath ?? null) : null);
        const mainPath = pathAt(mainPlace);
        const [user] = await tx
          .insert(users)
          .values({
            username: input.username,
            email: input.email,
            passwordHash: null,
            phone: input.phone,
            facsimile: input.facsimile,
            address: input.address,
            about: input.about,
            // The name the account goes by and is billed in (docs/product-rules.md "Names").
            ...accountNameColumns(input.type, input),
            tin: input.tin ?? null,
            billingAddress: input.type === 'company' ? (input.billingAddress ?? null) : null,
            billingEmail: input.type === 'company' ? (input.billingEmail ?? null) : null,
            type: input.type,
            status: 'active',
            isNew: false,
            emailConfirmedAt: new Date(),
            avatarUrl: input.type === 'individual' ? mainPath : null,
            logoUrl: input.type === 'company' ? mainPath : null,
          })
          .returning({ id: users.id });
        if (!user) throw new Error('user not created');
        // Owned like the membership form's pictures, and removed with their owners (decision 020).
        const mainPicture = mainPlace >= 0 ? stored[mainPlace] : undefined;
        if (mainPicture) await images.record(tx, { type: 'user', id: user.id }, [mainPicture]);
        await savePendingMembership(tx, user.id, input.membershipData.category);
        for (const [index, representative] of input.representatives.entries()) {
          const photo = stored[repPlaces[index] ?? -1];
          const [created] = await tx
            .insert(representatives)
            .values({
              userId: user.id,
              firstName: representative.firstName,
              lastName: representative.lastName,
              preferredName: representative.preferredName ?? null,
              position: representative.position ?? null,
              email: representative.email ?? null,
              // docs/product-rules.md "Representatives": in admin create-user too, the first is voting.
              type: representative.type ?? defaultRepresentativeType(index),
              avatarUrl: photo?.file.publicPath ?? null,
            })
            .returning({ id: representatives.id });
          if (!created) throw new Error('representative not created');
          if (photo) await images.record(tx, { type: 'representative', id: created.id }, [photo]);
        }
        await recordAdminAction(tx, viewer, {
          action: 'user_created',
          user: { id: user.id, username: input.username, email: input.email },
          changes: changesBetween(
            ['username', 'email', 'type', 'phone', 'facsimile', 'address', 'category', 'representatives'],
            null,
            {
              ...input,
              category: input.membershipData.category,
              representatives: input.representatives
                .map(
                  (representative, index) =>
                    `${representative.firstName} ${representative.lastName} (${
                      representative.type ?? defaultRepresentativeType(index)
                    })`,
                )
                .join(', '),
            },
          ),
        });
        const token = createOpaqueToken();
        await tx.insert(emailTokens).values({
          userId: user.id,
          purpose: 'invitation',
          tokenHash: hashOpaqueToken(token),
          expiresAt: new Date(Date.now() + EMAIL_TOKEN_TTL_MS.invitation),
        });
        await queueMail(tx, {
          to: input.email,
          ...invitationEmail({
            username: greetingName({ ...input, ...accountNameColumns(input.type, input) }),
            link: resetPasswordLink(config.publicUrl, token),
          }),
        });
        return user.id;
      }),
    );
    return findAdminUser(db, id);
  } catch (error) {
    throw accountConflict(error) ?? error;
  }
}
