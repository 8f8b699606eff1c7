/**
 * Partner organisations: the trusted partners of the home page and About page (spec 000 §2,
 * "Trusted partners"), and the affiliations page (spec 001 §2 "Static pages"). Logos are drawn
 * from the acronym (components/ui/partner-mark.tsx), so no third-party image is shipped.
 */

/** Spec 000 §3 "Partner (static)": id, name, acronym (optional), logo, alt. */
export type TrustedPartner = {
  id: string;
  name: string;
  acronym?: string;
  /** Text alternative of the logo mark. */
  alt: string;
};

export const TRUSTED_PARTNERS: readonly TrustedPartner[] = [
  {
    id: 'pmrc',
    name: 'Philippine Mining Research Council',
    acronym: 'PMRC',
    alt: 'Philippine Mining Research Council (PMRC) logo',
  },
  {
    id: 'mgb',
    name: 'Mines and Geosciences Bureau',
    acronym: 'MGB',
    alt: 'Mines and Geosciences Bureau (MGB) logo',
  },
  {
    id: 'comp',
    name: 'Chamber of Mines of the Philippines',
    acronym: 'COMP',
    alt: 'Chamber of Mines of the Philippines (COMP) logo',
  },
  {
    id: 'gsp',
    name: 'Geological Society of the Philippines',
    acronym: 'GSP',
    alt: 'Geological Society of the Philippines (GSP) logo',
  },
  {
    id: 'denr',
    name: 'Department of Environment and Natural Resources',
    acronym: 'DENR',
    alt: 'Department of Environment and Natural Resources (DENR) logo',
  },
];

export type Affiliation = {
  id: string;
  name: string;
  acronym: string;
  description: string;
} & (
  | {
      /** The organisation's own public website. */
      url: string;
    }
  | {
      /**
       * Why the card has no link: said on the card rather than left silent, and never a guessed
       * address.
       */
      noWebsite: string;
    }
);

/**
 * The six of spec 001 §2: the five trusted partners the home page shows, first the one named first
 * there, and the mining engineers' society.
 */
export const AFFILIATIONS: readonly Affiliation[] = [
  {
    id: 'pmrc',
    name: 'Philippine Mining Research Council',
    acronym: 'PMRC',
    description:
      'A council for research on the country’s mineral resources and the methods used to find and develop them. We bring our members’ field experience to its work and share its findings with the exploration community through our events.',
    noWebsite:
      'The council has no public website we can point you to. Ask the secretariat for its contact details.',
  },
  {
    id: 'mgb',
    name: 'Mines and Geosciences Bureau',
    acronym: 'MGB',
    description:
      'The bureau of the Department of Environment and Natural Resources that administers the country’s mineral lands, processes exploration permits and mineral agreements, and monitors compliance in the field. We meet its central and regional offices regularly on permitting practice and reporting.',
    url: 'https://mgb.gov.ph',
  },
  {
    id: 'denr',
    name: 'Department of Environment and Natural Resources',
    acronym: 'DENR',
    description:
      'The department responsible for the conservation and management of the country’s natural resources and for the environmental rules that apply to exploration. We take part in its consultations on new administrative orders affecting the sector.',
    url: 'https://denr.gov.ph',
  },
  {
    id: 'comp',
    name: 'Chamber of Mines of the Philippines',
    acronym: 'COMP',
    description:
      'The industry body of the country’s mining companies. Many of our members go on to develop the deposits they find, and we work with the Chamber on policy matters that touch both exploration and operating mines.',
    url: 'https://chamberofmines.com.ph',
  },
  {
    id: 'gsp',
    name: 'Geological Society of the Philippines',
    acronym: 'GSP',
    description:
      'The accredited professional organisation of Filipino geologists. Geologists make up much of our members’ technical staff, and we share speakers, field trips and continuing professional development with the Society.',
    url: 'https://geolsocphil.com',
  },
  {
    id: 'psem',
    name: 'Philippine Society of Mining Engineers',
    acronym: 'PSEM',
    description:
      'The professional society of Filipino mining engineers. Together we promote sound technical practice, from drilling and sampling to the evaluation of projects that move beyond exploration.',
    url: 'https://www.psem.ph',
  },
];
