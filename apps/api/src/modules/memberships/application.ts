import {
  MEMBERSHIP_FORM_FILES,
  MEMBERSHIP_FORM_MESSAGES,
  type MembershipFormBody,
  membershipApplicationProblems,
  type Profile,
} from '@portal/shared';
import { eq } from 'drizzle-orm';
import type { Db, DbTransaction } from '../../db/client';
import { users } from '../../db/schema';
import { accountNameColumns } from '../../lib/display-name';
import { AppError, type FieldIssue, notFound, validationError } from '../../lib/errors';
import type { ImageUploads } from '../../lib/images';
import { loadProfile } from '../auth';
import { savePendingMembership } from '../membership-standing';
import { checkNoticeVersion, recordFormConsents } from '../privacy';
import { applyRepresentativeList } from '../representatives';

export type ApplicationContext = { db: Db; images: ImageUploads };

/** The files of the form: the applicant's picture (by its field) and one per representative. */
export type MembershipFormFiles = {
  logo: Buffer | undefined;
  avatar: Buffer | undefined;
  representativeAvatars: (Buffer | undefined)[];
};

const forbidden = (message: string) => new AppError(403, message, { code: 'forbidden' });

/**
 * The checks that need more than one field, each on the field the request names: the type and
 * category (`membershipData.category`), the representative rules (exactly one voting), the picture that goes with the
 * type (a company sends a logo, an individual an avatar), and no photo for a missing representative.
 */
function problemsOf(body: MembershipFormBody, files: MembershipFormFiles): FieldIssue[] {
  // A company names its whole list here, so it names its voting representative too, as the form
  // asks in the browser (docs/product-rules.md "Representatives").
  const issues: FieldIssue[] = membershipApplicationProblems(
    { type: body.type, category: body.membershipData.category, representatives: body.representatives },
    { votingRequired: true },
  ).map((problem) => ({
    field: problem.field === 'category' ? 'membershipData.category' : problem.field,
    message: problem.message,
  }));
  if (body.type === 'company' && files.avatar) {
    issues.push({
      field: MEMBERSHIP_FORM_FILES.avatar,
      message: MEMBERSHIP_FORM_MESSAGES.avatarForIndividuals,
    });
  }
  if (body.type === 'individual' && files.logo) {
    issues.push({ field: MEMBERSHIP_FORM_FILES.logo, message: MEMBERSHIP_FORM_MESSAGES.logoForCompanies });
  }
  files.representativeAvatars.forEach((avatar, index) => {
    if (avatar && index >= body.representatives.length) {
      issues.push({
        field: `representatives.${index}.avatar`,
        message: MEMBERSHIP_FORM_MESSAGES.representativeAvatarWithoutRepresentative,
      });
    }
  });
  return issues;
}

/**
 * PUT /api/users/filled-form/{id} (spec 000 §7, docs/product-rules.md "Membership lifecycle"): the
 * applicant's type, contact details and About, their picture, the company's representatives and
 * one pending membership, with isNew cleared, all in one transaction. A renewal sends the form as
 * it was started from the member's data: representatives carry their ids and keep their photos,
 * the picture is kept unless a new one comes (docs/decisions/023). Every picture goes through
 * the upload pipeline first; if anything is refused or the transaction fails, nothing is written
 * and the stored files are removed again. Username and e-mail are read-only here.
 */
export async function submitMembershipForm(
  { db, images }: ApplicationContext,
  userId: string,
  body: MembershipFormBody,
  files: MembershipFormFiles,
): Promise<Profile> {
  if (body.membershipData.userId !== undefined && body.membershipData.userId !== userId) {
    throw forbidden(MEMBERSHIP_FORM_MESSAGES.notYourAccount);
  }
  const issues = problemsOf(body, files);
  if (issues.length > 0) throw validationError(issues);
  checkNoticeVersion(body.noticeVersion);

  const isCompany = body.type === 'company';
  const picture = isCompany ? files.logo : files.avatar;
  const pictureField = isCompany ? MEMBERSHIP_FORM_FILES.logo : MEMBERSHIP_FORM_FILES.avatar;
  const companyRepresentatives = isCompany ? body.representatives : [];
  // The uploads in one list for the pipeline: the picture first, then each representative's photo.
  const uploads = [
    ...(picture ? [{ field: pictureField, buffer: picture, representative: -1 }] : []),
    ...companyRepresentatives.flatMap((_, index) => {
      const avatar = files.representativeAvatars[index];
      return avatar
        ? [{ field: `representatives.${index}.avatar`, buffer: avatar, representative: index }]
        : [];
    }),
  ];

  const releasedFiles = await images.withStoredPrivateImages(
    uploads.map((upload) => upload.buffer),
    (stored) =>
      db.transaction(async (tx) => {
        const user = await lockApplicant(tx, userId);
        if (!user) throw notFound('User not found');
        if (user.type === 'admin') throw forbidden(MEMBERSHIP_FORM_MESSAGES.adminCannotApply);
        const released: string[] = [];
        const owner = { type: 'user' as const, id: userId };

        // A new picture replaces the old one; without one the current picture is kept, under the
        // column of the type the user now has (a company's logo, an individual's avatar).
        let pictureUrl = user.avatarUrl ?? user.logoUrl;
        const newPicture = picture ? stored[0] : undefined;
        if (newPicture) {
          released.push(...(await images.release(tx, owner)));
          await images.record(tx, owner, [newPicture]);
          pictureUrl = newPicture.file.publicPath;
        }
        await tx
          .update(users)
          .set({
            type: body.type,
            phone: body.phone,
            facsimile: body.facsimile,
            address: body.address,
            about: body.about,
            // The name the account goes by and is billed in (docs/product-rules.md "Names").
            ...accountNameColumns(body.type, body),
            tin: body.tin,
            billingAddress: isCompany ? body.billingAddress : null,
            billingEmail: isCompany ? body.billingEmail : null,
            avatarUrl: isCompany ? null : pictureUrl,
            logoUrl: isCompany ? pictureUrl : null,
            isNew: false,
          })
          .where(eq(users.id, userId));

        // The form's list becomes the company's representatives (an individual has none): one
        // sent with its id is that representative, kept with its photo unless a new one came.
        released.push(
          ...(await applyRepresentativeList(
            tx,
            images,
            userId,
            companyRepresentatives.map((representative, index) => {
              const uploadIndex = uploads.findIndex((upload) => upload.representative === index);
              return {
                id: representative.id,
                fields: representative,
                newPhoto: uploadIndex >= 0 ? stored[uploadIndex] : undefined,
                idField: `representatives.${index}.id`,
              };
            }),
          )),
        );

        await savePendingMembership(tx, userId, body.membershipData.category);
        // The notice accepted and the optional consents ticked (docs/decisions/065).
        await recordFormConsents(tx, userId, body, 'application');
        return released;
      }),
    uploads.map((upload) => upload.field),
  );
  await images.removeFiles(releasedFiles);
  return loadProfile(db, userId);
}

/** Locks the applicant's row for the rest of the transaction and answers it (undefined if gone). */
async function lockApplicant(tx: DbTransaction, userId: string) {
  const [user] = await tx
    .select({ id: users.id, type: users.type, avatarUrl: users.avatarUrl, logoUrl: users.logoUrl })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return user;
}
