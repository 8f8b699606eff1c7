import {
  DEFAULT_DIRECTORY_VISIBILITY,
  type DirectoryField,
  type DirectoryVisibility,
  regionOfProvince,
} from '@portal/shared';
import { createOpaqueToken, hashOpaqueToken } from '../lib/tokens';
import type { DbTransaction } from './client';
import { directoryEntries, directoryRepresentatives } from './schema';

/**
 * The demo's member directory (docs/product-rules.md "Member directory"): companies and
 * professionals across commodities and regions, some fields members-only, so a guest and a member
 * see different directories on a first start. `listed: false` is the one member with a listing who
 * has not given the directory consent: they appear nowhere.
 */
type DemoEntry = {
  username: string;
  listed: boolean;
  about: string;
  commodities: string[];
  activities?: string[];
  provinces: string[];
  regions?: string[];
  website?: string;
  contactPerson?: string;
  profession?: string;
  specialisations?: string[];
  yearsOfPractice?: number;
  employer?: string;
  competentPerson?: boolean;
  licenceVerified?: boolean;
  contactEnabled?: boolean;
  visibility: Partial<Record<DirectoryField, DirectoryVisibility>>;
};

const openCompany = {
  about: 'public',
  commodities: 'public',
  activities: 'public',
  areas: 'public',
} as const;

export const DEMO_DIRECTORY: readonly DemoEntry[] = [
  {
    username: 'cordilleracopper',
    listed: true,
    about:
      'Porphyry copper-gold exploration in the Cordillera, with our own core logging facility in Baguio.',
    commodities: ['copper', 'gold'],
    activities: ['exploration', 'drilling'],
    provinces: ['benguet', 'abra'],
    website: 'https://cordilleracopper.example',
    contactPerson: 'Ramon Dizon, Exploration Manager',
    // Its logo for everyone, and its president, who agreed, in its entry (DEMO_AGREED_REPRESENTATIVES).
    visibility: {
      ...openCompany,
      website: 'public',
      contactPerson: 'members',
      logo: 'public',
      representatives: 'public',
    },
  },
  {
    username: 'mindanaonickel',
    listed: true,
    about: 'Lateritic nickel and chromite in Surigao and Dinagat.',
    commodities: ['nickel', 'chromite', 'cobalt'],
    activities: ['mining', 'exploration'],
    provinces: ['surigao_del_norte', 'dinagat_islands'],
    website: 'https://mindanaonickel.example',
    contactPerson: 'Liza Amores, Community Relations',
    visibility: { ...openCompany, areas: 'members', website: 'members', contactPerson: 'members' },
  },
  {
    username: 'visayasgeoscience',
    listed: true,
    about: 'Geological mapping, geophysics and resource estimation for juniors across the Visayas.',
    commodities: ['gold', 'copper', 'silver'],
    activities: ['consulting', 'geophysics', 'geochemistry'],
    provinces: ['cebu', 'negros_oriental', 'leyte'],
    website: 'https://visayasgeoscience.example',
    contactPerson: 'Cecilia Abad',
    visibility: { ...openCompany, website: 'public', contactPerson: 'public' },
  },
  {
    username: 'sierramadredrilling',
    listed: true,
    about: 'Diamond and reverse-circulation drilling, twelve rigs, Luzon-wide.',
    commodities: ['gold', 'copper', 'nickel'],
    activities: ['drilling', 'supplier'],
    provinces: ['nueva_vizcaya', 'quezon', 'aurora'],
    website: 'https://sierramadredrilling.example',
    contactPerson: 'Arnel Bautista',
    visibility: { ...openCompany, activities: 'members', website: 'public' },
  },
  {
    username: 'mlsantos',
    listed: true,
    about: 'Resource geologist; JORC and PMRC reporting for gold and copper projects.',
    commodities: ['gold', 'copper'],
    provinces: ['benguet'],
    regions: ['car'],
    profession: 'geologist',
    specialisations: ['resource_estimation', 'exploration_geology'],
    yearsOfPractice: 14,
    employer: 'Cordillera Copper Exploration',
    competentPerson: true,
    licenceVerified: true,
    visibility: {
      about: 'public',
      profession: 'public',
      specialisations: 'public',
      commodities: 'public',
      areas: 'public',
      competentPerson: 'public',
    },
  },
  {
    username: 'paoloreyes',
    listed: false,
    about: 'Structural geologist, field mapping in Mindanao.',
    commodities: ['gold'],
    provinces: ['davao_de_oro'],
    profession: 'geologist',
    specialisations: ['structural_geology'],
    yearsOfPractice: 4,
    visibility: { about: 'public', profession: 'public' },
  },
  {
    username: 'avillanueva',
    listed: true,
    about: 'Hydrogeologist: mine water, dewatering and groundwater permits.',
    commodities: ['nickel', 'copper'],
    provinces: ['surigao_del_sur', 'agusan_del_norte'],
    profession: 'geologist',
    specialisations: ['hydrogeology', 'environmental'],
    yearsOfPractice: 9,
    employer: 'Independent consultant',
    visibility: {
      about: 'public',
      profession: 'public',
      specialisations: 'public',
      areas: 'public',
      employer: 'members',
    },
  },
  {
    username: 'rtorres',
    listed: true,
    about: 'Mining engineer, open-pit mine planning and scheduling.',
    commodities: ['nickel', 'chromite'],
    provinces: ['zambales', 'palawan'],
    profession: 'mining_engineer',
    specialisations: ['mine_planning', 'geotechnical'],
    yearsOfPractice: 22,
    employer: 'Zambales Chromite Mining',
    competentPerson: true,
    licenceVerified: true,
    visibility: {
      about: 'public',
      profession: 'public',
      specialisations: 'members',
      areas: 'public',
      yearsOfPractice: 'members',
    },
  },
  {
    username: 'docampo',
    listed: true,
    about: 'Metallurgist: gold recovery test work and plant audits.',
    commodities: ['gold', 'silver'],
    provinces: ['camarines_norte', 'masbate'],
    profession: 'metallurgical_engineer',
    specialisations: ['mineral_processing'],
    yearsOfPractice: 18,
    visibility: { profession: 'public', specialisations: 'public', commodities: 'public' },
  },
  {
    username: 'jmendoza',
    listed: true,
    about: 'Exploration geochemist, stream sediment and soil surveys.',
    commodities: ['copper', 'molybdenum'],
    provinces: ['south_cotabato'],
    profession: 'geologist',
    specialisations: ['geochemistry', 'exploration_geology'],
    yearsOfPractice: 6,
    contactEnabled: false,
    visibility: { about: 'public', profession: 'public', commodities: 'members', areas: 'members' },
  },
  {
    username: 'ccastillo',
    listed: true,
    about: 'Analytical chemist, fire assay and ICP laboratory quality control.',
    commodities: ['gold', 'copper', 'nickel'],
    provinces: ['metro_manila'],
    profession: 'chemist',
    specialisations: ['geochemistry'],
    yearsOfPractice: 11,
    employer: 'Luzon Assay Laboratories',
    licenceVerified: true,
    visibility: { about: 'public', profession: 'public', employer: 'public', areas: 'public' },
  },
  {
    username: 'bnavarro',
    listed: true,
    about: 'GIS and remote sensing for exploration targeting and permitting maps.',
    commodities: ['gold', 'rare_earths'],
    provinces: ['iloilo', 'bohol'],
    profession: 'geologist',
    specialisations: ['gis_remote_sensing'],
    yearsOfPractice: 7,
    visibility: { name: 'members', about: 'members', profession: 'members' },
  },
];

/** Whether the demo gives `username` the directory consent (modules/privacy's consent records). */
export const listedInDemoDirectory = (username: string) =>
  DEMO_DIRECTORY.some((entry) => entry.username === username && entry.listed);

/** The demo's directory entries, for the accounts just inserted (`userIdOf`). */
export async function insertDemoDirectory(
  tx: DbTransaction,
  userIdOf: (username: string) => string,
  types: Map<string, string>,
) {
  await tx.insert(directoryEntries).values(
    DEMO_DIRECTORY.map((entry) => {
      const company = types.get(entry.username) === 'company';
      const regions = [
        ...new Set([
          ...(entry.regions ?? []),
          ...entry.provinces.map((province) => regionOfProvince(province) ?? ''),
        ]),
      ].filter(Boolean);
      return {
        userId: userIdOf(entry.username),
        kind: company ? ('company' as const) : ('professional' as const),
        about: entry.about,
        commodities: entry.commodities,
        activities: entry.activities ?? [],
        regions,
        provinces: entry.provinces,
        website: entry.website ?? null,
        contactPerson: entry.contactPerson ?? null,
        profession: entry.profession ?? null,
        specialisations: entry.specialisations ?? [],
        yearsOfPractice: entry.yearsOfPractice ?? null,
        employer: entry.employer ?? null,
        competentPerson: entry.competentPerson ?? false,
        licenceVerified: entry.licenceVerified ?? false,
        contactEnabled: entry.contactEnabled ?? true,
        visibility: { ...DEFAULT_DIRECTORY_VISIBILITY, ...entry.visibility },
      };
    }),
  );
}

/**
 * The representatives who agreed to appear in their company's entry (decision 072), by their
 * address: the demo's Cordillera Copper shows its president. Nobody holds the links' tokens.
 */
export const DEMO_AGREED_REPRESENTATIVES = [
  { email: 'ramon.bautista@cordilleracopper.example', agreedDaysAgo: 20 },
] as const;

/** Records the agreements of DEMO_AGREED_REPRESENTATIVES among the representatives just inserted. */
export async function insertDemoRepresentativeAgreements(
  tx: DbTransaction,
  inserted: readonly { id: string; email: string | null }[],
  daysAgo: (days: number) => Date,
) {
  const rows = DEMO_AGREED_REPRESENTATIVES.flatMap((agreed) => {
    const rep = inserted.find((row) => row.email === agreed.email);
    if (!rep) return [];
    return [
      {
        representativeId: rep.id,
        email: agreed.email,
        agreeTokenHash: hashOpaqueToken(createOpaqueToken()),
        withdrawTokenHash: hashOpaqueToken(createOpaqueToken()),
        askedAt: daysAgo(agreed.agreedDaysAgo + 1),
        agreedAt: daysAgo(agreed.agreedDaysAgo),
      },
    ];
  });
  if (rows.length > 0) await tx.insert(directoryRepresentatives).values(rows);
}
