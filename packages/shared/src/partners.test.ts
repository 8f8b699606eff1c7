import { describe, expect, it } from 'vitest';
import { AFFILIATIONS, TRUSTED_PARTNERS } from './partners';

describe('partners (spec 000 §2 "Trusted partners", spec 001 §2)', () => {
  it('lists on the affiliations page every trusted partner the home page shows', () => {
    const affiliated = new Set(AFFILIATIONS.map((affiliation) => affiliation.name));
    expect(TRUSTED_PARTNERS.map((partner) => partner.name).filter((name) => !affiliated.has(name))).toEqual(
      [],
    );
  });

  it('gives every affiliation either its site or the reason it has none', () => {
    for (const affiliation of AFFILIATIONS) {
      if ('url' in affiliation) expect(new URL(affiliation.url).protocol).toBe('https:');
      else expect(affiliation.noWebsite.length).toBeGreaterThan(10);
    }
    expect(AFFILIATIONS.find((affiliation) => affiliation.id === 'pmrc')).toHaveProperty('noWebsite');
  });
});
