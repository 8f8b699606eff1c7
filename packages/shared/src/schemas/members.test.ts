import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ABOUT_MAX_CHARS, ADDRESS_MAX_CHARS, PHONE_MAX_CHARS } from '../constants';
import { CURRENT_NOTICE_VERSION } from '../privacy';
import {
  MEMBERSHIP_FORM_MESSAGES,
  membershipApplicationFormSchema,
  membershipApplicationProblems,
  membershipFormBodySchema,
  prefillFromPreferredPackage,
  representativeFieldsSchema,
} from './members';
import { consentCheckboxDefaults } from './privacy';
import { representativeInputSchema, updateProfileSchema } from './profile';
import { adminCreateUserFormSchema, adminCreateUserSchema } from './users';

const rep = (type: string | null = 'voting') => ({ firstName: 'Ana', lastName: 'Cruz', type });
/** Both kinds of name, so a form switched between individual and company still names its account. */
const names = { firstName: 'Minerva', lastName: 'Reyes', registeredName: 'Orebody Mining Corporation' };

describe('prefill from preferredPackage (spec 000 §4)', () => {
  it('maps Individual to an individual and Regular or Associate to a company in that category', () => {
    expect(prefillFromPreferredPackage('Individual')).toEqual({ type: 'individual', category: 'Individual' });
    expect(prefillFromPreferredPackage('Regular')).toEqual({ type: 'company', category: 'Regular' });
    expect(prefillFromPreferredPackage('Associate')).toEqual({ type: 'company', category: 'Associate' });
  });

  it('prefills nothing for a missing or unknown package', () => {
    expect(prefillFromPreferredPackage(null)).toBeNull();
    expect(prefillFromPreferredPackage(undefined)).toBeNull();
    expect(prefillFromPreferredPackage('Honorary')).toBeNull();
    expect(prefillFromPreferredPackage('regular')).toBeNull();
  });
});

describe('representativeFieldsSchema', () => {
  it('requires first and last name with the exact messages', () => {
    const result = representativeFieldsSchema.safeParse({ firstName: ' ', lastName: '' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['firstName', 'First name is required'],
      ['lastName', 'Last name is required'],
    ]);
  });

  it('reads a blank type as none (Other) and refuses an unknown one', () => {
    expect(representativeFieldsSchema.parse({ ...rep(''), preferredName: '' })).toMatchObject({
      type: null,
      preferredName: null,
    });
    expect(representativeFieldsSchema.safeParse(rep('chair')).success).toBe(false);
  });
});

describe('membershipApplicationProblems', () => {
  it('keeps type and category consistent', () => {
    expect(
      membershipApplicationProblems({ type: 'individual', category: 'Regular', representatives: [] }),
    ).toEqual([{ field: 'category', message: MEMBERSHIP_FORM_MESSAGES.individualCategory }]);
    expect(
      membershipApplicationProblems({ type: 'company', category: 'Individual', representatives: [rep()] }),
    ).toEqual([{ field: 'category', message: MEMBERSHIP_FORM_MESSAGES.companyCategory }]);
    expect(
      membershipApplicationProblems({ type: 'individual', category: 'Individual', representatives: [] }),
    ).toEqual([]);
  });

  it('applies the representative rules to companies and refuses them for individuals', () => {
    const five = [rep(), rep(null), rep(null), rep(null), rep(null)];
    expect(
      membershipApplicationProblems({ type: 'company', category: 'Regular', representatives: five }),
    ).toEqual([{ field: 'representatives', message: 'Regular members may have up to 4 representatives' }]);
    expect(
      membershipApplicationProblems({
        type: 'company',
        category: 'Associate',
        representatives: five.slice(0, 3),
      }),
    ).toEqual([{ field: 'representatives', message: 'Associate members may have up to 2 representatives' }]);
    expect(
      membershipApplicationProblems({ type: 'company', category: 'Regular', representatives: [] }),
    ).toEqual([{ field: 'representatives', message: 'At least one representative is required' }]);
    expect(
      membershipApplicationProblems({
        type: 'company',
        category: 'Regular',
        representatives: [rep(), rep()],
      }),
    ).toEqual([{ field: 'representatives', message: 'Only one voting representative is allowed' }]);
    expect(
      membershipApplicationProblems({ type: 'individual', category: 'Individual', representatives: [rep()] }),
    ).toEqual([{ field: 'representatives', message: MEMBERSHIP_FORM_MESSAGES.individualRepresentatives }]);
  });
});

describe('membershipFormBodySchema', () => {
  const body = {
    type: 'company',
    registeredName: names.registeredName,
    membershipData: '{"category":"Regular"}',
    noticeVersion: CURRENT_NOTICE_VERSION,
    representatives: [rep()],
  };

  it('reads membershipData from JSON text', () => {
    expect(membershipFormBodySchema.parse(body).membershipData).toEqual({ category: 'Regular' });
  });

  it('refuses membershipData that does not parse, on its field', () => {
    const result = membershipFormBodySchema.safeParse({ ...body, membershipData: '{category:' });
    expect(result.error?.issues).toMatchObject([
      { path: ['membershipData'], message: MEMBERSHIP_FORM_MESSAGES.membershipDataInvalid },
    ]);
  });

  it('refuses type admin, a status and unknown fields', () => {
    expect(membershipFormBodySchema.safeParse({ ...body, type: 'admin' }).error?.issues).toMatchObject([
      { path: ['type'], message: MEMBERSHIP_FORM_MESSAGES.typeInvalid },
    ]);
    expect(membershipFormBodySchema.safeParse({ ...body, status: 'active' }).error?.issues).toMatchObject([
      { path: ['status'], message: MEMBERSHIP_FORM_MESSAGES.statusNotAllowed },
    ]);
    expect(membershipFormBodySchema.safeParse({ ...body, isNew: 'false' }).error?.issues).toMatchObject([
      { message: 'Unknown field: isNew' },
    ]);
  });
});

describe('membershipApplicationFormSchema', () => {
  const form = {
    type: 'company',
    category: 'Associate',
    phone: '',
    facsimile: '',
    houseNo: '',
    street: '',
    city: '',
    postalCode: '',
    about: '',
    ...names,
    representatives: [rep(), rep('non-voting'), rep('non-voting')],
    ...consentCheckboxDefaults,
    acceptNotice: true,
  };

  it('puts the representative rule on representatives', () => {
    expect(membershipApplicationFormSchema.safeParse(form).error?.issues).toMatchObject([
      { path: ['representatives'], message: 'Associate members may have up to 2 representatives' },
    ]);
  });

  it('asks a company for its voting representative, whichever row was removed', () => {
    expect(
      membershipApplicationFormSchema.safeParse({
        ...form,
        category: 'Regular',
        representatives: [rep('non-voting'), rep('non-voting')],
      }).error?.issues,
    ).toMatchObject([{ path: ['representatives'], message: 'Choose one voting representative' }]);
  });

  it('takes a position of up to 200 characters, as the representatives editor does', () => {
    const long = { ...rep(), position: 'p'.repeat(200) };
    expect(representativeFieldsSchema.safeParse(long).success).toBe(true);
    expect(representativeInputSchema.safeParse(long).success).toBe(true);
    const over = { ...rep(), position: 'p'.repeat(201) };
    expect(representativeFieldsSchema.safeParse(over).error?.issues[0]?.message).toBe(
      'Position must be at most 200 characters',
    );
    expect(representativeInputSchema.safeParse(over).error?.issues[0]?.message).toBe(
      'Position must be at most 200 characters',
    );
  });

  it('ignores the representatives typed before switching to individual', () => {
    expect(
      membershipApplicationFormSchema.safeParse({ ...form, type: 'individual', category: 'Individual' })
        .success,
    ).toBe(true);
  });
});

describe('the contact and About limits: one each for every form that edits them', () => {
  const individualBody = {
    type: 'individual',
    firstName: names.firstName,
    lastName: names.lastName,
    membershipData: '{"category":"Individual"}',
    noticeVersion: CURRENT_NOTICE_VERSION,
  };
  const applicationForm = {
    type: 'individual',
    category: 'Individual',
    phone: '',
    facsimile: '',
    houseNo: '',
    street: '',
    city: '',
    postalCode: '',
    about: '',
    ...names,
    representatives: [],
    ...consentCheckboxDefaults,
    acceptNotice: true,
  };
  const profileForm = { username: 'minerva' };
  const createUserForm = {
    type: 'individual',
    username: 'minerva',
    email: 'm@example.ph',
    phone: '',
    facsimile: '',
    houseNo: '',
    street: '',
    city: '',
    postalCode: '',
    about: '',
    category: 'Regular',
    ...names,
    representatives: [],
  };
  const schemas = [
    ['the membership form (server)', membershipFormBodySchema, individualBody],
    ['the membership form (page)', membershipApplicationFormSchema, applicationForm],
    ['Update Profile', updateProfileSchema, profileForm],
    [
      'admin create-user',
      adminCreateUserSchema,
      { type: 'individual', username: 'minerva', email: 'm@example.ph', ...names },
    ],
    ['admin create-user (page)', adminCreateUserFormSchema, createUserForm],
  ] as const;

  it('are the larger of the limits the forms once had, so no saved value is refused', () => {
    expect(ABOUT_MAX_CHARS).toBe(5_000);
    expect(PHONE_MAX_CHARS).toBe(50);
  });

  it.each(schemas)('%s takes About and phone up to the limit and refuses one more', (_, schema, base) => {
    const at = {
      ...base,
      about: 'a'.repeat(ABOUT_MAX_CHARS),
      phone: '1'.repeat(PHONE_MAX_CHARS),
      facsimile: '2'.repeat(PHONE_MAX_CHARS),
      address: 'x'.repeat(ADDRESS_MAX_CHARS),
    };
    expect((schema as z.ZodType).safeParse(at).error).toBeUndefined();
    const over = (schema as z.ZodType).safeParse({
      ...at,
      about: `${at.about}a`,
      phone: `${at.phone}1`,
    });
    expect(over.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['phone', `Phone must be at most ${PHONE_MAX_CHARS} characters`],
      ['about', `About must be at most ${ABOUT_MAX_CHARS} characters`],
    ]);
  });
});

describe('adminCreateUserFormSchema: the checks of the server, in the browser', () => {
  const company = {
    type: 'company',
    username: 'orebody',
    email: 'info@orebody.example',
    phone: '',
    facsimile: '',
    houseNo: '',
    street: '',
    city: '',
    postalCode: '',
    about: '',
    category: 'Associate',
    ...names,
    representatives: [rep(), rep('non-voting')],
  };
  const problems = (form: unknown) =>
    adminCreateUserFormSchema
      .safeParse(form)
      .error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

  it('takes what the server takes', () => {
    expect(problems(company)).toBeUndefined();
  });

  it("refuses the fields the server refuses, each on its field, in the server's words", () => {
    expect(
      problems({
        ...company,
        type: '',
        username: 'a',
        email: 'not-an-address',
        representatives: [{ ...rep(), firstName: ' ' }, rep('non-voting')],
      }),
    ).toEqual([
      ['type', 'Type is required'],
      ['username', 'Username must be at least 3 characters'],
      ['email', 'Please enter a valid email address'],
    ]);
    expect(
      problems({ ...company, representatives: [{ ...rep(), lastName: '' }, rep('non-voting')] }),
    ).toEqual([['representatives.0.lastName', 'Last name is required']]);
  });

  it('keeps the representative rules for a company, with its voting one', () => {
    expect(problems({ ...company, representatives: [rep(), rep('non-voting'), rep('non-voting')] })).toEqual([
      ['representatives', 'Associate members may have up to 2 representatives'],
    ]);
    expect(problems({ ...company, representatives: [rep('non-voting')] })).toEqual([
      ['representatives', 'Choose one voting representative'],
    ]);
  });

  it('does not check the rows typed before choosing individual', () => {
    expect(
      problems({ ...company, type: 'individual', representatives: [rep(''), { firstName: '' }] }),
    ).toBeUndefined();
  });
});
