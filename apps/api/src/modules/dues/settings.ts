import {
  DEFAULT_FEES_CENTAVOS,
  DEFAULT_GRACE_DAYS,
  DEFAULT_REMINDER_OFFSETS,
  type DuesSettings,
  type DuesSettingsUpdate,
  type MembershipCategory,
  siteConfig,
} from '@portal/shared';
import { eq, sql } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { Db, DbTransaction } from '../../db/client';
import { type DuesSettingsRow, duesSettings, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Storage } from '../../lib/storage';
import type { Viewer } from '../../plugins/access';
import { changesBetween, recordAdminAction } from '../audit';

/** The settings a statement needs: the fee per category and what it prints. */
export type DuesSettingsValues = Omit<DuesSettings, 'hasQrImage' | 'onlinePayment'> & {
  qrImagePath: string | null;
};

/** Until an administrator saves the settings, the specification's fees and the site's own details. */
const DEFAULT_SETTINGS: DuesSettingsValues = {
  fees: DEFAULT_FEES_CENTAVOS,
  paymentInstructions: `Pay by bank transfer, GCash or Maya to the accounts the secretariat gives you, quoting the statement number. Write to ${siteConfig.secretariatEmail} for the details.`,
  qrImagePath: null,
  associationName: siteConfig.name,
  associationAddress: siteConfig.address,
  associationTin: '',
  reminderOffsets: [...DEFAULT_REMINDER_OFFSETS],
  graceDays: DEFAULT_GRACE_DAYS,
};

function toValues(row: DuesSettingsRow): DuesSettingsValues {
  return {
    fees: {
      Regular: row.regularFeeCentavos,
      Associate: row.associateFeeCentavos,
      Individual: row.individualFeeCentavos,
      Honorary: 0,
    },
    paymentInstructions: row.paymentInstructions,
    qrImagePath: row.qrImagePath,
    associationName: row.associationName,
    associationAddress: row.associationAddress,
    associationTin: row.associationTin,
    reminderOffsets: row.reminderOffsets,
    graceDays: row.graceDays,
  };
}

/** The dues settings as they are now (docs/product-rules.md "Dues"). */
export async function readDuesSettings(db: Db | DbTransaction): Promise<DuesSettingsValues> {
  const [row] = await db.select().from(duesSettings).where(eq(duesSettings.id, 1));
  return row ? toValues(row) : DEFAULT_SETTINGS;
}

export const feeOf = (settings: DuesSettingsValues, category: MembershipCategory) => settings.fees[category];

/**
 * Saves the settings (one row, written whole). Returns the QR image path it replaced, for the
 * caller to delete once the change is committed.
 */
export async function saveDuesSettings(
  tx: DbTransaction,
  update: DuesSettingsUpdate,
  qrImagePath: string | null | undefined,
): Promise<{ settings: DuesSettingsValues; replacedQrImagePath: string | null }> {
  const current = await readDuesSettings(tx);
  const nextQr =
    qrImagePath !== undefined ? qrImagePath : update.removeQrImage === 'true' ? null : current.qrImagePath;
  const values = {
    id: 1,
    regularFeeCentavos: update.regularFee,
    associateFeeCentavos: update.associateFee,
    individualFeeCentavos: update.individualFee,
    paymentInstructions: update.paymentInstructions,
    qrImagePath: nextQr,
    associationName: update.associationName,
    associationAddress: update.associationAddress,
    associationTin: update.associationTin,
    reminderOffsets: update.reminderOffsets ?? current.reminderOffsets,
    graceDays: update.graceDays ?? current.graceDays,
  };
  const [row] = await tx
    .insert(duesSettings)
    .values(values)
    .onConflictDoUpdate({ target: duesSettings.id, set: { ...values, updatedAt: sql`now()` } })
    .returning();
  if (!row) throw new Error('The dues settings were not saved');
  return {
    settings: toValues(row),
    replacedQrImagePath: current.qrImagePath !== nextQr ? current.qrImagePath : null,
  };
}

/** GET /api/dues/settings: what the admin form shows (the QR image by whether there is one). */
export async function readDuesSettingsView(db: Db, onlinePayment: boolean): Promise<DuesSettings> {
  const { qrImagePath, ...settings } = await readDuesSettings(db);
  return { ...settings, hasQrImage: qrImagePath !== null, onlinePayment };
}

/**
 * PUT /api/dues/settings: a new QR Ph image (PNG or JPEG, printed as it is on statements) is stored
 * first and removed again if the change is refused; the image it replaces goes once the change
 * is committed. Recorded in the audit log under the admin who made it.
 */
export async function updateDuesSettings(
  { db, storage, online }: { db: Db; storage: Storage; online: boolean },
  viewer: Viewer,
  update: DuesSettingsUpdate,
  qrImage: Buffer | undefined,
): Promise<DuesSettings> {
  let stored: string | undefined;
  if (qrImage) {
    const type = await fileTypeFromBuffer(qrImage);
    if (type?.mime !== 'image/png' && type?.mime !== 'image/jpeg') {
      throw new AppError(400, QR_IMAGE_MESSAGE, { code: 'validation_error', field: 'qrImage' });
    }
    stored = (await storage.save(qrImage, type.ext)).publicPath;
  }
  try {
    const replaced = await db.transaction(async (tx) => {
      const before = await readDuesSettings(tx);
      const { settings, replacedQrImagePath } = await saveDuesSettings(tx, update, stored);
      const [actor] = await tx
        .select({ id: users.id, username: users.username, email: users.email })
        .from(users)
        .where(eq(users.id, viewer.userId));
      if (actor) {
        await recordAdminAction(tx, viewer, {
          action: 'dues_settings_updated',
          user: actor,
          changes: changesBetween(AUDITED_SETTINGS, flatten(before), flatten(settings)),
        });
      }
      return replacedQrImagePath;
    });
    if (replaced) await storage.remove(replaced);
  } catch (error) {
    if (stored) await storage.remove(stored);
    throw error;
  }
  return readDuesSettingsView(db, online);
}

const QR_IMAGE_MESSAGE = 'The QR image must be a PNG or JPEG picture';
const AUDITED_SETTINGS = [
  'regularFee',
  'associateFee',
  'individualFee',
  'paymentInstructions',
  'qrImagePath',
  'associationName',
  'associationAddress',
  'associationTin',
  'reminderOffsets',
  'graceDays',
] as const;
const flatten = (settings: DuesSettingsValues) => ({
  ...settings,
  regularFee: settings.fees.Regular,
  associateFee: settings.fees.Associate,
  individualFee: settings.fees.Individual,
});
