/**
 * The one site configuration (docs/product-rules.md "Site configuration"). Everything that names
 * the association reads it from here, so a different association changes this file and nothing
 * else.
 */
export const siteConfig = {
  name: 'Mineral Exploration Association of the Philippines',
  acronym: 'MEAP',
  tagline: 'Building Stronger Networks, Creating Lasting Value',
  secretariatEmail: 'secretariat@meap.org.ph',
  phone: '+63 2 8635 1234',
  address: 'Unit 1203, Tektite East Tower, Exchange Road, Ortigas Center, Pasig City 1605, Metro Manila',
  /** Founding and renaming years from spec 000 §1. */
  registeredYear: 1998,
  renamedYear: 2011,
  developedBy: 'The Secretariat Digital Team',
  /**
   * The Data Protection Officer the privacy notice names (RA 10173; docs/product-rules.md
   * "Privacy"): who a member writes to about their personal data. The association appoints one
   * and changes these lines.
   */
  dataProtectionOfficer: {
    name: 'Data Protection Officer',
    email: 'dpo@meap.org.ph',
    phone: '+63 2 8635 1234',
    address: 'Unit 1203, Tektite East Tower, Exchange Road, Ortigas Center, Pasig City 1605, Metro Manila',
  },
} as const;

/** `/{product}-forms` (docs/product-rules.md "Identity and roles"). */
export const associationFormsPath = `/${siteConfig.acronym.toLowerCase()}-forms`;
