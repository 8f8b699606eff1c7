import { z } from 'zod';
import {
  DIRECTORY_ABOUT_MAX,
  DIRECTORY_ACTIVITY_CODES,
  DIRECTORY_COMMODITY_CODES,
  DIRECTORY_ENTRY_KINDS,
  DIRECTORY_FIELDS,
  DIRECTORY_HIDE_REASON_MAX,
  DIRECTORY_MAX_YEARS_OF_PRACTICE,
  DIRECTORY_MESSAGE_MAX,
  DIRECTORY_MESSAGES,
  DIRECTORY_PAGE_SIZE,
  DIRECTORY_PROFESSION_CODES,
  DIRECTORY_REPRESENTATIVE_MESSAGES,
  DIRECTORY_REPRESENTATIVE_STATUSES,
  DIRECTORY_SPECIALISATION_CODES,
  DIRECTORY_VISIBILITIES,
  type DirectoryField,
  type DirectoryVisibility,
  PHILIPPINE_PROVINCE_CODES,
  PHILIPPINE_REGION_CODES,
} from '../directory';
import { optionalText, paginationSchema, requiredText, secretText } from './common';
import { pageQuerySchema, queryChoice, queryText } from './query';

// The member directory's bodies (docs/product-rules.md "Member directory", decision 072).

const unknown = DIRECTORY_MESSAGES.unknownChoice;

/**
 * GET /api/directory: search by name and one value of each filter. A value not in its list is
 * the sender's 400 naming the field, never an empty page (a typo would look like "no one").
 */
export const directoryListQuerySchema = z.object({
  search: queryText('Search'),
  commodity: queryChoice(DIRECTORY_COMMODITY_CODES, unknown('Commodity', DIRECTORY_COMMODITY_CODES)),
  activity: queryChoice(DIRECTORY_ACTIVITY_CODES, unknown('Activity', DIRECTORY_ACTIVITY_CODES)),
  region: queryChoice(PHILIPPINE_REGION_CODES, unknown('Region', PHILIPPINE_REGION_CODES)),
  province: queryChoice(
    PHILIPPINE_PROVINCE_CODES,
    'Province must be one of the provinces of the Philippines',
  ),
  profession: queryChoice(DIRECTORY_PROFESSION_CODES, unknown('Profession', DIRECTORY_PROFESSION_CODES)),
  specialisation: queryChoice(
    DIRECTORY_SPECIALISATION_CODES,
    unknown('Specialisation', DIRECTORY_SPECIALISATION_CODES),
  ),
  kind: queryChoice(DIRECTORY_ENTRY_KINDS, unknown('Kind', DIRECTORY_ENTRY_KINDS)),
  ...pageQuerySchema(DIRECTORY_PAGE_SIZE),
});
export type DirectoryListQuery = z.infer<typeof directoryListQuerySchema>;

/**
 * An entry as a viewer receives it: `id`, `kind`, `name` and whether they may write to it; every
 * other key only when the viewer may see that field (decision 072). A key left out is not shown.
 */
export const directoryEntrySchema = z.object({
  id: z.uuid(),
  kind: z.enum(DIRECTORY_ENTRY_KINDS),
  name: z.string(),
  tradeName: z.string().nullable().optional(),
  logoUrl: z.string().nullable().optional(),
  about: z.string().nullable().optional(),
  commodities: z.array(z.string()).optional(),
  activities: z.array(z.string()).optional(),
  regions: z.array(z.string()).optional(),
  provinces: z.array(z.string()).optional(),
  website: z.string().nullable().optional(),
  contactPerson: z.string().nullable().optional(),
  profession: z.string().nullable().optional(),
  licenceVerified: z.boolean().optional(),
  specialisations: z.array(z.string()).optional(),
  yearsOfPractice: z.number().int().nullable().optional(),
  employer: z.string().nullable().optional(),
  competentPerson: z.boolean().optional(),
  /** The representatives who agreed to appear (a company's entry, its `representatives` field). */
  representatives: z
    .array(z.object({ id: z.uuid(), name: z.string(), position: z.string().nullable() }))
    .optional(),
  /** Whether the entry takes messages (the sender must still be a member in good standing). */
  contactable: z.boolean(),
});
export type DirectoryEntry = z.infer<typeof directoryEntrySchema>;

export const directoryListResponseSchema = z.object({
  data: z.array(directoryEntrySchema),
  pagination: paginationSchema,
});
export type DirectoryListResponse = z.infer<typeof directoryListResponseSchema>;
export const directoryEntryResponseSchema = z.object({ data: directoryEntrySchema });
export type DirectoryEntryResponse = z.infer<typeof directoryEntryResponseSchema>;

const visibilityChoice = (label: string) =>
  z.enum(DIRECTORY_VISIBILITIES, unknown(`${label} visibility`, DIRECTORY_VISIBILITIES));
const visibilityShape = Object.fromEntries(
  DIRECTORY_FIELDS.map((field) => [field, visibilityChoice(field).optional()]),
) as Record<DirectoryField, z.ZodOptional<z.ZodEnum<{ [K in DirectoryVisibility]: K }>>>;

/** Who sees each field; a field left out keeps what it had (members only for a new listing). */
export const directoryVisibilitySchema = z
  .object(visibilityShape)
  .strict()
  .refine((map) => map.name !== 'nobody', {
    message: 'Name visibility must be public or members',
    path: ['name'],
  });

const codes = <Values extends readonly [string, ...string[]]>(values: Values, label: string, max: number) =>
  z
    .array(z.enum(values, unknown(label, values)), `${label} must be a list`)
    .max(max, `At most ${max} ${label.toLowerCase()}`)
    .transform((list) => [...new Set(list)]);

const websiteSchema = optionalText('Website', 300).refine(
  (value) => value === null || /^https?:\/\/[^\s/]+\.[^\s]+$/i.test(value),
  'Website must be an address starting with http:// or https://',
);

const flag = (label: string) => z.boolean(`${label} must be true or false`);

/**
 * PUT /api/me/directory: the member's own listing. `listed` is the directory consent itself
 * (recorded as a consent record, decision 065); the rest describes the entry. Fields of the other
 * kind (a company's activities on a professional's entry) are kept but never shown.
 */
export const directoryListingUpdateSchema = z.object({
  listed: flag('Listed'),
  contactEnabled: flag('Contact').default(true),
  about: optionalText('About', DIRECTORY_ABOUT_MAX, 'multi').default(null),
  commodities: codes(DIRECTORY_COMMODITY_CODES, 'Commodities', DIRECTORY_COMMODITY_CODES.length).default([]),
  activities: codes(DIRECTORY_ACTIVITY_CODES, 'Activities', DIRECTORY_ACTIVITY_CODES.length).default([]),
  regions: codes(PHILIPPINE_REGION_CODES, 'Regions', PHILIPPINE_REGION_CODES.length).default([]),
  provinces: z
    .array(
      z.enum(PHILIPPINE_PROVINCE_CODES, 'Provinces must be provinces of the Philippines'),
      'Provinces must be a list',
    )
    .max(PHILIPPINE_PROVINCE_CODES.length, 'Too many provinces')
    .transform((list) => [...new Set(list)])
    .default([]),
  website: websiteSchema.default(null),
  contactPerson: optionalText('Contact person', 200).default(null),
  profession: z
    .enum(DIRECTORY_PROFESSION_CODES, unknown('Profession', DIRECTORY_PROFESSION_CODES))
    .nullable()
    .default(null),
  specialisations: codes(
    DIRECTORY_SPECIALISATION_CODES,
    'Specialisations',
    DIRECTORY_SPECIALISATION_CODES.length,
  ).default([]),
  yearsOfPractice: z
    .number('Years of practice must be a number')
    .int('Years of practice must be a whole number')
    .min(0, 'Years of practice must be 0 or more')
    .max(
      DIRECTORY_MAX_YEARS_OF_PRACTICE,
      `Years of practice must be at most ${DIRECTORY_MAX_YEARS_OF_PRACTICE}`,
    )
    .nullable()
    .default(null),
  employer: optionalText('Employer', 200).default(null),
  competentPerson: flag('Competent person').default(false),
  visibility: directoryVisibilitySchema.default({}),
});
export type DirectoryListingUpdate = z.input<typeof directoryListingUpdateSchema>;

/** One of a company's representatives as its listing editor shows them. */
export const myDirectoryRepresentativeSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  position: z.string().nullable(),
  email: z.string().nullable(),
  status: z.enum(DIRECTORY_REPRESENTATIVE_STATUSES),
  /** When they agreed (ISO), while they do. */
  agreedAt: z.string().nullable(),
});
export type MyDirectoryRepresentative = z.infer<typeof myDirectoryRepresentativeSchema>;

/** PUT /api/me/directory/representatives/{id}: ask the representative to appear, or take them off. */
export const directoryRepresentativeChoiceSchema = z.object({
  listed: z.boolean('Listed must be true or false'),
});
export const myDirectoryRepresentativeResponseSchema = z.object({
  data: myDirectoryRepresentativeSchema,
  message: z.string(),
});

/** POST /api/directory/representatives/agree and …/withdraw: the token of the mailed link. */
export const directoryRepresentativeTokenSchema = z.object({
  token: secretText('Token', DIRECTORY_REPRESENTATIVE_MESSAGES.missingToken, 512),
});
export const directoryRepresentativeLinkResponseSchema = z.object({ message: z.string() });

/** GET and PUT /api/me/directory: the owner's whole listing with every field and its visibility. */
export const myDirectoryListingSchema = z.object({
  id: z.uuid().nullable(),
  kind: z.enum(DIRECTORY_ENTRY_KINDS),
  name: z.string(),
  tradeName: z.string().nullable(),
  logoUrl: z.string().nullable(),
  listed: z.boolean(),
  contactEnabled: z.boolean(),
  about: z.string().nullable(),
  commodities: z.array(z.string()),
  activities: z.array(z.string()),
  regions: z.array(z.string()),
  provinces: z.array(z.string()),
  website: z.string().nullable(),
  contactPerson: z.string().nullable(),
  profession: z.string().nullable(),
  licenceVerified: z.boolean(),
  specialisations: z.array(z.string()),
  yearsOfPractice: z.number().int().nullable(),
  employer: z.string().nullable(),
  competentPerson: z.boolean(),
  visibility: z.record(z.enum(DIRECTORY_FIELDS), z.enum(DIRECTORY_VISIBILITIES)),
  hiddenReason: z.string().nullable(),
  /** A company's representatives and whether each was asked or agreed to appear; [] otherwise. */
  representatives: z.array(myDirectoryRepresentativeSchema),
});
export type MyDirectoryListing = z.infer<typeof myDirectoryListingSchema>;
export const myDirectoryListingResponseSchema = z.object({ data: myDirectoryListingSchema });

/** POST /api/directory/{id}/messages: plain text, and the sender's consent to show their address. */
export const directoryMessageSchema = z.object({
  message: requiredText('Message', DIRECTORY_MESSAGES.messageRequired, DIRECTORY_MESSAGE_MAX, 'multi'),
  acceptShowAddress: z.literal(true, DIRECTORY_MESSAGES.acceptRequired),
});
export type DirectoryMessageInput = z.input<typeof directoryMessageSchema>;
export const directoryMessageResponseSchema = z.object({
  data: z.object({ id: z.uuid(), message: z.string() }),
});

/** The messages a member received (their listing editor), each with its report state. */
export const receivedDirectoryMessageSchema = z.object({
  id: z.uuid(),
  senderName: z.string(),
  body: z.string(),
  sentAt: z.iso.datetime(),
  reportedAt: z.iso.datetime().nullable(),
});
export const receivedDirectoryMessagesResponseSchema = z.object({
  data: z.array(receivedDirectoryMessageSchema),
});
export type ReceivedDirectoryMessage = z.infer<typeof receivedDirectoryMessageSchema>;

export const directoryReportSchema = z.object({
  reason: optionalText('Reason', DIRECTORY_HIDE_REASON_MAX, 'multi').default(null),
});
export const directoryReportResponseSchema = z.object({
  data: z.object({ id: z.uuid(), reportedAt: z.iso.datetime() }),
});

// The secretariat's screen.

export const DIRECTORY_ADMIN_STATUSES = ['all', 'listed', 'not_listed', 'hidden'] as const;
export const directoryAdminListQuerySchema = z.object({
  search: queryText('Search'),
  status: queryChoice(DIRECTORY_ADMIN_STATUSES, unknown('Status', DIRECTORY_ADMIN_STATUSES)).default('all'),
  ...pageQuerySchema(25),
});
export type DirectoryAdminListQuery = z.infer<typeof directoryAdminListQuerySchema>;

export const directoryAdminEntrySchema = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  kind: z.enum(DIRECTORY_ENTRY_KINDS),
  name: z.string(),
  listed: z.boolean(),
  hiddenReason: z.string().nullable(),
  hiddenAt: z.iso.datetime().nullable(),
  profession: z.string().nullable(),
  licenceVerified: z.boolean(),
  reports: z.number().int(),
  updatedAt: z.iso.datetime(),
});
export type DirectoryAdminEntry = z.infer<typeof directoryAdminEntrySchema>;
export const directoryAdminListResponseSchema = z.object({
  data: z.array(directoryAdminEntrySchema),
  pagination: paginationSchema,
  counts: z.object({ listed: z.number().int(), hidden: z.number().int(), notListed: z.number().int() }),
});
export type DirectoryAdminListResponse = z.infer<typeof directoryAdminListResponseSchema>;
export const directoryAdminEntryResponseSchema = z.object({ data: directoryAdminEntrySchema });

/** Hiding an entry needs the reason the member is told; showing it again clears it. */
export const directoryModerationSchema = z
  .object({
    hidden: flag('Hidden'),
    reason: optionalText('Reason', DIRECTORY_HIDE_REASON_MAX, 'multi').default(null),
  })
  .refine((body) => !body.hidden || body.reason !== null, {
    message: DIRECTORY_MESSAGES.reasonRequired,
    path: ['reason'],
  });
export const directoryLicenceSchema = z.object({ verified: flag('Verified') });

export const directoryReportRowSchema = z.object({
  id: z.uuid(),
  entryId: z.uuid(),
  entryName: z.string(),
  senderName: z.string(),
  body: z.string(),
  reason: z.string().nullable(),
  sentAt: z.iso.datetime(),
  reportedAt: z.iso.datetime(),
});
export type DirectoryReportRow = z.infer<typeof directoryReportRowSchema>;
export const directoryReportsResponseSchema = z.object({ data: z.array(directoryReportRowSchema) });
