import type { EventPriceAudience, EventType, MembershipCategory, RegistrationStatus } from '@portal/shared';
import { siteConfig } from '@portal/shared';

/**
 * The demo content of seed.ts: a believable association, written for this project. Companies and
 * people are fictitious; places are real Philippine venues. Dates are offsets from "today" so the
 * demo stays current whenever it is loaded.
 */

const acronym = siteConfig.acronym;

export type DemoMembership = {
  category: MembershipCategory;
  /**
   * Every approved-… state is `approved` in the database; they differ in their dues
   * (docs/product-rules.md "Dues"): current ones paid their statement (a receipt), expired ones
   * lapsed long ago, awaiting ones were just billed, overdue ones are past the due date, and a
   * proof one sent proof of payment for the secretariat to verify.
   */
  state:
    | 'pending'
    | 'approved-current'
    | 'approved-expired'
    | 'approved-awaiting'
    | 'approved-overdue'
    | 'approved-proof'
    | 'rejected';
  /** Days before today the membership row was created. */
  createdDaysAgo: number;
};

export type DemoRepresentative = {
  firstName: string;
  lastName: string;
  preferredName?: string;
  position: string;
  email?: string;
  type: 'voting' | 'non-voting';
  withPortrait: boolean;
};

export type DemoMember = {
  username: string;
  email: string;
  type: 'individual' | 'company';
  displayName: string;
  phone: string;
  facsimile?: string;
  address: string;
  about: string;
  memberships: DemoMembership[];
  representatives: DemoRepresentative[];
  /** Accounts are active unless the secretariat has disabled them. */
  status?: 'active' | 'inactive';
};

export const demoMembers: DemoMember[] = [
  {
    username: 'cordilleracopper',
    email: 'corporate@cordilleracopper.example',
    type: 'company',
    displayName: 'Cordillera Copper Exploration',
    phone: '+63 74 442 1187',
    facsimile: '+63 74 442 1188',
    address: '18 Session Road, Baguio City, 2600',
    about:
      'Cordillera Copper Exploration explores for porphyry copper-gold systems in Benguet and Mountain Province. The company runs a 4,000-metre diamond drilling programme each season and works under free, prior and informed consent agreements with host communities.',
    memberships: [{ category: 'Regular', state: 'approved-current', createdDaysAgo: 120 }],
    representatives: [
      {
        firstName: 'Ramon',
        lastName: 'Bautista',
        preferredName: 'Mon',
        position: 'President and CEO',
        email: 'ramon.bautista@cordilleracopper.example',
        type: 'voting',
        withPortrait: true,
      },
      {
        firstName: 'Liza',
        lastName: 'Carino',
        position: 'Exploration Manager',
        type: 'non-voting',
        withPortrait: true,
      },
      {
        firstName: 'Jerome',
        lastName: 'Dulnuan',
        position: 'Community Relations Officer',
        type: 'non-voting',
        withPortrait: false,
      },
    ],
  },
  {
    username: 'mindanaonickel',
    email: 'info@mindanaonickel.example',
    type: 'company',
    displayName: 'Mindanao Nickel Resources',
    phone: '+63 82 224 5630',
    address: '3F Plaza de Luisa, Ramon Magsaysay Avenue, Davao City, 8000',
    about:
      'Mindanao Nickel Resources evaluates lateritic nickel and cobalt deposits in the Surigao and Zamboanga ultramafic belts, with an emphasis on progressive rehabilitation and water management from the first drill pad onward.',
    memberships: [
      { category: 'Regular', state: 'approved-expired', createdDaysAgo: 420 },
      { category: 'Regular', state: 'pending', createdDaysAgo: 6 },
    ],
    representatives: [
      {
        firstName: 'Fatima',
        lastName: 'Abdulrahman',
        position: 'Managing Director',
        type: 'voting',
        withPortrait: true,
      },
      {
        firstName: 'Victor',
        lastName: 'Ongpauco',
        position: 'Chief Geologist',
        type: 'non-voting',
        withPortrait: false,
      },
    ],
  },
  {
    username: 'visayasgeoscience',
    email: 'hello@visayasgeoscience.example',
    type: 'company',
    displayName: 'Visayas Geoscience Consultants',
    phone: '+63 32 231 7745',
    address: 'Unit 502, Cebu IT Park, Apas, Cebu City, 6000',
    about:
      'Visayas Geoscience Consultants provides geological mapping, ground geophysics and resource reporting for exploration companies across the Visayas, with competent persons accredited for PMRC reporting.',
    // Paid 338 days ago: its renewal is within 30 days, so the first daily run issues its
    // semester statement (docs/decisions/042-scheduled-renewals.md).
    memberships: [{ category: 'Associate', state: 'approved-current', createdDaysAgo: 345 }],
    representatives: [
      {
        firstName: 'Cecilia',
        lastName: 'Tan',
        preferredName: 'Cecil',
        position: 'Principal Geophysicist',
        type: 'voting',
        withPortrait: true,
      },
      {
        firstName: 'Noel',
        lastName: 'Ybanez',
        position: 'Senior Field Geologist',
        type: 'non-voting',
        withPortrait: false,
      },
    ],
  },
  {
    username: 'sierramadredrilling',
    email: 'operations@sierramadredrilling.example',
    type: 'company',
    displayName: 'Sierra Madre Drilling Services',
    phone: '+63 2 8893 4410',
    address: '27 Ortigas Avenue Extension, Cainta, Rizal, 1900',
    about:
      'Sierra Madre Drilling Services operates man-portable and track-mounted diamond core rigs for greenfield exploration in steep, roadless terrain.',
    memberships: [{ category: 'Associate', state: 'rejected', createdDaysAgo: 40 }],
    representatives: [
      {
        firstName: 'Arnel',
        lastName: 'Macaraeg',
        position: 'General Manager',
        type: 'voting',
        withPortrait: false,
      },
    ],
  },
  {
    username: 'mlsantos',
    email: 'maria.santos@geomail.example',
    type: 'individual',
    displayName: 'Maria Lourdes Santos',
    phone: '+63 917 555 0142',
    address: '14 Mabini Street, Barangay San Roque, Marikina City, 1801',
    about:
      'Economic geologist with eighteen years in epithermal gold exploration in Masbate and Northern Mindanao; PMRC competent person for gold and copper.',
    memberships: [{ category: 'Individual', state: 'approved-current', createdDaysAgo: 90 }],
    representatives: [],
  },
  {
    username: 'paoloreyes',
    email: 'paolo.reyes@geomail.example',
    type: 'individual',
    displayName: 'Paolo Reyes',
    phone: '+63 918 555 0177',
    address: '9 Acacia Lane, Barangay Kapitolyo, Pasig City, 1603',
    about: 'Mining engineer specialising in drill programme design and exploration cost control.',
    memberships: [{ category: 'Individual', state: 'pending', createdDaysAgo: 3 }],
    representatives: [],
  },
  {
    username: 'avillanueva',
    email: 'andrea.villanueva@geomail.example',
    type: 'individual',
    displayName: 'Andrea Villanueva',
    phone: '+63 919 555 0108',
    address: '221 Gov. Cuenco Avenue, Banilad, Cebu City, 6000',
    about: 'Geophysicist working on induced polarisation and magnetotelluric surveys in the Visayas.',
    memberships: [{ category: 'Individual', state: 'approved-expired', createdDaysAgo: 500 }],
    representatives: [],
  },
  {
    username: 'rtorres',
    email: 'ramon.torres@geomail.example',
    type: 'individual',
    displayName: 'Ramon Torres',
    phone: '+63 920 555 0163',
    address: '47 Session Road, Baguio City, 2600',
    about: "Drilling supervisor; he runs the door of the association's events.",
    memberships: [{ category: 'Individual', state: 'approved-expired', createdDaysAgo: 900 }],
    representatives: [],
  },
  {
    // The demo's disabled account (a refused sign-in); Ramon Torres, who runs the door, is active.
    username: 'docampo',
    email: 'dante.ocampo@geomail.example',
    type: 'individual',
    displayName: 'Dante Ocampo',
    phone: '+63 920 555 0171',
    address: '12 Abanao Street, Baguio City, 2600',
    about: 'Retired drilling supervisor; his account was disabled by the secretariat at his request.',
    status: 'inactive',
    memberships: [{ category: 'Individual', state: 'approved-expired', createdDaysAgo: 900 }],
    representatives: [],
  },
  {
    username: 'jmendoza',
    email: 'jose.mendoza@geomail.example',
    type: 'individual',
    displayName: 'Jose Mendoza',
    phone: '+63 921 555 0119',
    address: '5 Rizal Avenue, Puerto Princesa City, 5300',
    about: 'Exploration geologist mapping nickel laterites in southern Palawan.',
    // Billed 15 days ago, due in 15: tomorrow is the reminder 14 days before the due date.
    memberships: [{ category: 'Individual', state: 'approved-awaiting', createdDaysAgo: 17 }],
    representatives: [],
  },
  {
    username: 'ccastillo',
    email: 'carmela.castillo@geomail.example',
    type: 'individual',
    displayName: 'Carmela Castillo',
    phone: '+63 922 555 0131',
    address: '88 Magsaysay Avenue, Naga City, 4400',
    about: 'Geochemist running soil and stream-sediment sampling programmes in Camarines Norte.',
    memberships: [{ category: 'Individual', state: 'approved-overdue', createdDaysAgo: 50 }],
    representatives: [],
  },
  {
    username: 'bnavarro',
    email: 'benjamin.navarro@geomail.example',
    type: 'individual',
    displayName: 'Benjamin Navarro',
    phone: '+63 923 555 0186',
    address: '31 Burgos Street, Surigao City, 8400',
    about: 'Resource geologist and database manager for gold projects in the Surigao mineral district.',
    memberships: [{ category: 'Individual', state: 'approved-proof', createdDaysAgo: 12 }],
    representatives: [],
  },
  {
    // Two trustees of the demo board (demoBoard below), on last June's roll: their year ran from
    // before the record date to the autumn, so they voted and were elected then and have lapsed
    // since (seed-meetings.ts). The title is part of the name, as they give it.
    username: 'mnavarro',
    email: 'miguel.navarro@navarrodizon.example',
    type: 'individual',
    displayName: 'Atty. Miguel Navarro',
    phone: '+63 917 555 0124',
    address: '25F Tower One, Ayala Triangle, Makati City, 1226',
    about:
      "Lawyer advising exploration companies on mineral agreements, indigenous peoples' consent processes and environmental compliance.",
    memberships: [{ category: 'Individual', state: 'approved-expired', createdDaysAgo: 460 }],
    representatives: [],
  },
  {
    username: 'tgomez',
    email: 'teresa.gomez@geomail.example',
    type: 'individual',
    displayName: 'Dr. Teresa Gomez',
    phone: '+63 918 555 0150',
    address: 'Institute of Earth Sciences, Diliman, Quezon City, 1101',
    about: 'Professor of economic geology; supervises theses on Philippine porphyry and epithermal systems.',
    memberships: [{ category: 'Individual', state: 'approved-expired', createdDaysAgo: 540 }],
    representatives: [],
  },
];

/** A registered, confirmed user who has not filled in the membership form yet (isNew). */
export const demoNewUser = {
  username: 'jdelacruz',
  email: 'juan.delacruz@geomail.example',
  displayName: 'Juan Dela Cruz',
  // A surname of two words: split by hand, not by the last word.
  firstName: 'Juan',
  lastName: 'Dela Cruz',
};

/**
 * A demo account's name columns (decision 056): a company's registered name, a person's first name
 * (all but the last word of the name) and last name (the last word).
 */
export function demoNameColumns(member: { type: string; displayName: string }) {
  if (member.type === 'company') return { registeredName: member.displayName };
  const words = member.displayName.trim().split(/\s+/);
  return { firstName: words.slice(0, -1).join(' '), lastName: words.at(-1) ?? '' };
}

export type DemoSpeaker = { key: string; name: string; title: string; company: string };

export const demoSpeakers: DemoSpeaker[] = [
  {
    key: 'gomez',
    name: 'Dr. Teresa Gomez',
    title: 'Professor of Economic Geology',
    company: 'Institute of Earth Sciences, Quezon City',
  },
  {
    key: 'lim',
    name: 'Engr. Benjamin Lim',
    title: 'Chief Mining Engineer',
    company: 'Cordillera Copper Exploration',
  },
  {
    key: 'abdulrahman',
    name: 'Fatima Abdulrahman',
    title: 'Managing Director',
    company: 'Mindanao Nickel Resources',
  },
  {
    key: 'tan',
    name: 'Cecilia Tan',
    title: 'Principal Geophysicist',
    company: 'Visayas Geoscience Consultants',
  },
  {
    key: 'navarro',
    name: 'Atty. Miguel Navarro',
    title: 'Partner, Natural Resources Practice',
    company: 'Navarro Dizon and Associates',
  },
  {
    key: 'ocampo',
    name: 'Grace Ocampo',
    title: 'Health, Safety and Environment Lead',
    company: 'Sierra Madre Drilling Services',
  },
  {
    key: 'santos',
    name: 'Dr. Maria Lourdes Santos',
    title: 'Consulting Economic Geologist',
    company: 'Independent',
  },
  {
    key: 'aquino',
    name: 'Rafael Aquino',
    title: 'Remote Sensing Specialist',
    company: 'Archipelago Mapping Solutions',
  },
];

export type DemoEvent = {
  title: string;
  description: string;
  content: string;
  startInDays: number;
  lengthDays: number;
  startTime: string;
  endTime: string;
  venue: {
    location_name: string;
    building_name?: string;
    floor?: string;
    room?: string;
    address: string;
    city: string;
    province: string;
  };
  event_type: EventType;
  status: 'draft' | 'published' | 'cancelled';
  /**
   * The listed price in pesos. For an event taking registrations here it is the guest and
   * non-member rate, and the other tiers follow from it (seed.ts `demoPriceTiers`).
   */
  price: string | null;
  is_registration_required: boolean;
  registration_url?: string;
  max_attendees?: number;
  safety_focus?: string;
  certification_provided: boolean;
  website_url?: string;
  speakerKeys: string[];
  /**
   * Each registration; `tier` the price tier chosen (on a paid event taking registrations here),
   * `paid` whether its fee is paid (unpaid: the seat is held).
   */
  registrations: {
    username: string;
    status: RegistrationStatus;
    tier?: EventPriceAudience;
    paid?: boolean;
  }[];
  /** Who waits for a seat of a full event, first in line first (docs/product-rules.md "Waitlist"). */
  waitlist?: string[];
  /** Accounts that run the event's check-in (docs/product-rules.md "Check-in"). */
  checkInStaff?: string[];
};

const secretariat = `${acronym} Secretariat`;

export const demoEvents: DemoEvent[] = [
  {
    title: 'Monthly Technical Meeting: Porphyry Copper Targets of the Central Cordillera',
    description:
      'Members and guests review new mapping and soil geochemistry from the Baguio district and discuss how to rank porphyry targets before the first drill hole.',
    content:
      "<p>This month's technical meeting looks at how exploration teams in the Central Cordillera rank porphyry copper-gold targets when budgets allow only a handful of drill holes.</p><h3>Programme</h3><ul><li>Registration and networking over dinner</li><li>Presentation: alteration mapping and soil geochemistry, 15 to 20 minutes</li><li>Open forum and member announcements</li></ul><p>Entry is ₱200 for member representatives with card, ₱250 for professionals with a current PRC card and ₱500 for guests and non-members. Register here and pay your statement online or by proof of payment, or pay at the door.</p>",
    startInDays: 9,
    lengthDays: 0,
    startTime: '18:00',
    endTime: '21:00',
    venue: {
      location_name: 'Makati Sports Club',
      building_name: 'Main Clubhouse',
      floor: '2F',
      room: 'Function Room A',
      address: 'L.P. Leviste Street, Salcedo Village',
      city: 'Makati City',
      province: 'Metro Manila',
    },
    event_type: 'Meeting',
    status: 'published',
    price: '500.00',
    is_registration_required: true,
    max_attendees: 70,
    safety_focus: 'Road safety on mountain access roads during the wet season',
    certification_provided: false,
    speakerKeys: ['lim', 'gomez'],
    registrations: [
      { username: 'cordilleracopper', status: 'approved', tier: 'member', paid: true },
      { username: 'mlsantos', status: 'pending', tier: 'member', paid: false },
      { username: 'visayasgeoscience', status: 'pending', tier: 'guest', paid: false },
      { username: 'sierramadredrilling', status: 'rejected' },
    ],
  },
  {
    title: 'Philippine Mineral Exploration Forum',
    description:
      'Two days on discovery, permitting and investment: explorers, regulators, financiers and host communities on one stage.',
    content:
      "<p>The association's flagship forum brings together exploration companies, service providers, government and community representatives to take stock of discovery in the archipelago.</p><h3>Themes</h3><ul><li>Critical minerals and the energy transition</li><li>Permitting timelines and what shortens them</li><li>Financing early-stage exploration</li><li>Social acceptance and benefit sharing</li></ul><p>Lunch, coffee breaks and the forum proceedings are included in the fee.</p>",
    startInDays: 21,
    lengthDays: 1,
    startTime: '08:00',
    endTime: '17:30',
    venue: {
      location_name: 'Makati Shangri-La',
      floor: 'Lobby Level',
      room: 'Grand Ballroom',
      address: 'Ayala Avenue corner Makati Avenue',
      city: 'Makati City',
      province: 'Metro Manila',
    },
    event_type: 'Conference',
    status: 'published',
    price: '4500.00',
    is_registration_required: true,
    max_attendees: 300,
    safety_focus: 'Building a safety culture in greenfield exploration',
    certification_provided: true,
    website_url: 'https://forum.example.org/',
    speakerKeys: ['gomez', 'abdulrahman', 'navarro', 'aquino'],
    registrations: [
      { username: 'mindanaonickel', status: 'approved', tier: 'guest', paid: true },
      { username: 'mlsantos', status: 'approved', tier: 'member', paid: true },
      // Lapsed and awaiting payment: both at the guest rate, paid.
      { username: 'avillanueva', status: 'approved', tier: 'guest', paid: true },
      { username: 'jmendoza', status: 'approved', tier: 'guest', paid: true },
      { username: 'paoloreyes', status: 'pending', tier: 'guest', paid: false },
    ],
    // Approved registrations have tickets (maria.santos@geomail.example's is on her profile);
    // Ramon Torres runs the door on his phone.
    checkInStaff: ['rtorres'],
  },
  {
    title: 'Field Safety and First Aid for Exploration Crews',
    description:
      'A hands-on course for geologists, drillers and field assistants working far from roads and hospitals.',
    content:
      "<p>Exploration crews in the Cordillera often work a full day's walk from the nearest clinic. This course trains them to prevent, recognise and manage the emergencies that happen on traverses and drill sites.</p><h3>Modules</h3><ol><li>Basic life support and wound care</li><li>Heat illness, dehydration and leptospirosis</li><li>Landslide and flash-flood awareness</li><li>Casualty evacuation from steep terrain</li></ol><p>Participants who pass the practical assessment receive a certificate of completion.</p>",
    startInDays: 35,
    lengthDays: 2,
    startTime: '08:30',
    endTime: '16:30',
    venue: {
      location_name: 'Baguio Country Club',
      room: 'Pine Room',
      address: 'South Drive',
      city: 'Baguio City',
      province: 'Benguet',
    },
    event_type: 'Training',
    status: 'published',
    price: '6500.00',
    is_registration_required: true,
    max_attendees: 40,
    safety_focus: 'Emergency response and casualty evacuation in remote terrain',
    certification_provided: true,
    speakerKeys: ['ocampo'],
    registrations: [
      { username: 'cordilleracopper', status: 'pending', tier: 'member', paid: false },
      { username: 'avillanueva', status: 'approved', tier: 'guest', paid: true },
    ],
  },
  {
    title: 'Workshop: Public Reporting of Exploration Results under the PMRC',
    description:
      'How to report exploration results, mineral resources and ore reserves that stand up to scrutiny, with worked examples.',
    content:
      '<p>A practical workshop for geologists preparing to sign public reports as competent persons.</p><ul><li>Materiality, transparency and competence</li><li>Reporting drill results without selective intervals</li><li>Table 1 checklists in practice</li><li>Common findings of peer reviewers</li></ul><p>Bring a laptop; sample data sets are provided.</p>',
    startInDays: 48,
    lengthDays: 0,
    startTime: '09:00',
    endTime: '17:00',
    venue: {
      location_name: 'Shangri-La The Fort',
      floor: '3F',
      room: 'Conference Room 2',
      address: '30th Street corner 5th Avenue, Bonifacio Global City',
      city: 'Taguig City',
      province: 'Metro Manila',
    },
    event_type: 'Workshop',
    status: 'published',
    price: '8000.00',
    is_registration_required: true,
    registration_url: 'https://registration.example.org/pmrc-workshop',
    max_attendees: 60,
    certification_provided: true,
    speakerKeys: ['santos', 'tan'],
    registrations: [],
  },
  {
    title: 'Geophysics for Geologists',
    description: 'An afternoon seminar on reading magnetic, IP and MT data without being a geophysicist.',
    content:
      '<p>Geophysical surveys are now part of almost every exploration programme, yet their results are often read by geologists alone. This free seminar explains what each method sees, what it cannot see, and how to ask the right questions of a survey contractor.</p>',
    startInDays: 62,
    lengthDays: 0,
    startTime: '13:00',
    endTime: '17:00',
    venue: {
      location_name: 'Radisson Blu Cebu',
      room: 'Function Room 1',
      address: 'Serging Osmeña Boulevard corner Juan Luna Avenue',
      city: 'Cebu City',
      province: 'Cebu',
    },
    event_type: 'Seminar',
    status: 'published',
    price: '0.00',
    is_registration_required: true,
    // Full, with people waiting: the waitlist shows on a first start.
    max_attendees: 3,
    certification_provided: false,
    speakerKeys: ['tan'],
    registrations: [
      { username: 'visayasgeoscience', status: 'approved' },
      { username: 'cordilleracopper', status: 'approved' },
      { username: 'mindanaonickel', status: 'approved' },
    ],
    waitlist: ['paoloreyes', 'avillanueva', 'rtorres'],
  },
  {
    title: 'Responsible Exploration Community Dialogue, Surigao',
    description:
      'An open dialogue between explorers, local government and host communities on water, livelihoods and rehabilitation.',
    content:
      '<p>Held with local government partners, the dialogue gives residents a direct line to the companies exploring around them. Topics include water monitoring results, local hiring and the rehabilitation of drill sites.</p><p>Open to the public; no registration needed.</p>',
    startInDays: 75,
    lengthDays: 0,
    startTime: '09:00',
    endTime: '12:00',
    venue: {
      location_name: 'Surigao City Convention Center',
      address: 'Borromeo Street',
      city: 'Surigao City',
      province: 'Surigao del Norte',
    },
    event_type: 'Outreach',
    status: 'published',
    price: null,
    is_registration_required: false,
    safety_focus: 'Water quality monitoring around drill sites',
    certification_provided: false,
    speakerKeys: ['abdulrahman'],
    registrations: [],
  },
  {
    title: 'Mindanao Exploration Roadshow',
    description:
      'Project updates from explorers active in Mindanao, with investor meetings and a core shack display.',
    content:
      '<p>The roadshow brings the association to Davao for a day of project presentations and one-on-one meetings between explorers and investors.</p><ul><li>Morning: project updates from member companies</li><li>Afternoon: investor meetings and core display</li><li>Evening: networking reception</li></ul>',
    startInDays: 95,
    lengthDays: 0,
    startTime: '08:30',
    endTime: '19:00',
    venue: {
      location_name: 'SMX Convention Center Davao',
      building_name: 'SM Lanang Premier',
      room: 'Function Rooms 1 to 3',
      address: 'J.P. Laurel Avenue, Lanang',
      city: 'Davao City',
      province: 'Davao del Sur',
    },
    event_type: 'Conference',
    status: 'published',
    price: '3500.00',
    is_registration_required: true,
    max_attendees: 200,
    certification_provided: false,
    speakerKeys: ['abdulrahman', 'lim'],
    registrations: [{ username: 'mindanaonickel', status: 'pending', tier: 'guest', paid: false }],
  },
  {
    title: 'Drone and LiDAR Mapping for Exploration',
    description:
      'Plan, fly and process drone photogrammetry and LiDAR surveys for geological mapping and site planning.',
    content:
      '<p>Two days of classroom and field sessions on using drones to map outcrops, plan drill access and monitor rehabilitation. Covers flight planning, regulations for commercial drone operations, ground control and processing.</p>',
    startInDays: 120,
    lengthDays: 1,
    startTime: '08:00',
    endTime: '17:00',
    venue: {
      location_name: 'Clark Freeport Zone',
      building_name: 'Clark Marriott Hotel',
      room: 'Ballroom B',
      address: '5400 Manuel A. Roxas Highway',
      city: 'Mabalacat City',
      province: 'Pampanga',
    },
    event_type: 'Training',
    status: 'published',
    price: '5500.00',
    is_registration_required: true,
    max_attendees: 30,
    safety_focus: 'Safe drone operations near people, power lines and steep slopes',
    certification_provided: true,
    speakerKeys: ['aquino'],
    registrations: [],
  },
  {
    title: 'Annual General Membership Meeting',
    description: 'Reports of the officers, audited accounts and the election of trustees.',
    content:
      "<p>The annual meeting received the President's report, the Treasurer's audited financial statements and the committee reports, and elected the trustees for the coming year.</p><p>Minutes are available to members from the Secretariat.</p>",
    startInDays: -30,
    lengthDays: 0,
    startTime: '14:00',
    endTime: '18:00',
    venue: {
      location_name: 'Discovery Suites',
      room: 'Function Room',
      address: '25 ADB Avenue, Ortigas Center',
      city: 'Pasig City',
      province: 'Metro Manila',
    },
    event_type: 'Meeting',
    status: 'published',
    price: '0.00',
    is_registration_required: true,
    max_attendees: 150,
    certification_provided: false,
    speakerKeys: [],
    registrations: [
      { username: 'cordilleracopper', status: 'approved' },
      { username: 'visayasgeoscience', status: 'approved' },
      { username: 'mlsantos', status: 'approved' },
    ],
  },
  {
    title: 'Critical Minerals Briefing: Nickel, Cobalt and Copper',
    description: 'Market outlook and exploration opportunities for the metals of the energy transition.',
    content:
      "<p>An evening briefing on demand for nickel, cobalt and copper, and on where the Philippines' ultramafic belts and porphyry districts fit in global supply.</p>",
    startInDays: -60,
    lengthDays: 0,
    startTime: '17:30',
    endTime: '20:30',
    venue: {
      location_name: 'Grand Hyatt Manila',
      floor: '3F',
      room: 'Salon 1',
      address: '8th Avenue corner 35th Street, Bonifacio Global City',
      city: 'Taguig City',
      province: 'Metro Manila',
    },
    event_type: 'Seminar',
    status: 'published',
    price: '1500.00',
    is_registration_required: false,
    certification_provided: false,
    speakerKeys: ['abdulrahman', 'gomez'],
    registrations: [],
  },
  {
    title: 'Exploration Data Management Workshop',
    description: 'Drill hole databases, QA/QC and audit trails that survive a due-diligence review.',
    content:
      '<p>Draft programme: database design, sample chain of custody, QA/QC charts and preparing data rooms for investors.</p>',
    startInDays: 140,
    lengthDays: 0,
    startTime: '09:00',
    endTime: '16:00',
    venue: {
      location_name: 'Novotel Manila Araneta City',
      address: 'General Aguinaldo Avenue, Araneta City, Cubao',
      city: 'Quezon City',
      province: 'Metro Manila',
    },
    event_type: 'Workshop',
    status: 'draft',
    price: '5000.00',
    is_registration_required: true,
    max_attendees: 40,
    certification_provided: true,
    speakerKeys: [],
    registrations: [],
  },
  {
    title: 'Women in Geoscience Networking Evening',
    description: 'An evening of conversation and mentoring for women working in exploration.',
    content: '<p>Draft: venue and mentors to be confirmed by the organising committee.</p>',
    startInDays: 100,
    lengthDays: 0,
    startTime: '18:00',
    endTime: '21:00',
    venue: {
      location_name: 'Ayala Triangle Gardens',
      address: 'Paseo de Roxas corner Makati Avenue',
      city: 'Makati City',
      province: 'Metro Manila',
    },
    event_type: 'Other',
    status: 'draft',
    price: null,
    is_registration_required: false,
    certification_provided: false,
    speakerKeys: [],
    registrations: [],
  },
  {
    title: 'Palawan Field Excursion: Ophiolite Geology',
    description:
      'A three-day field trip across the Palawan ophiolite. Cancelled because of the typhoon forecast; a new date will be announced.',
    content:
      '<p>This excursion has been cancelled because of the forecast track of a tropical cyclone. Registered participants will be refunded in full by the Secretariat.</p>',
    startInDays: 30,
    lengthDays: 2,
    startTime: '07:00',
    endTime: '17:00',
    venue: {
      location_name: 'Puerto Princesa City',
      address: 'Rizal Avenue',
      city: 'Puerto Princesa City',
      province: 'Palawan',
    },
    event_type: 'Other',
    status: 'cancelled',
    price: '12000.00',
    is_registration_required: true,
    max_attendees: 25,
    safety_focus: 'Boat transfers and coastal outcrop safety',
    certification_provided: false,
    speakerKeys: ['gomez'],
    registrations: [{ username: 'avillanueva', status: 'rejected' }],
  },
  {
    title: 'CPD Seminar: Structural Controls on Epithermal Gold Veins',
    description:
      'A one-day accredited seminar on reading fault and vein geometry in epithermal gold districts, with case studies from Masbate and Surigao.',
    content:
      '<p>A PRC-accredited continuing professional development seminar for geologists and mining engineers.</p><h3>Programme</h3><ul><li>Morning: structural mapping of vein systems, kinematic indicators and ore shoots</li><li>Afternoon: case studies from Masbate and Surigao, and a core-logging exercise</li></ul><p>Certificates are issued after the evaluation is answered.</p>',
    startInDays: -14,
    lengthDays: 0,
    startTime: '08:00',
    endTime: '17:00',
    venue: {
      location_name: 'UP National Institute of Geological Sciences',
      room: 'Lecture Hall 1',
      address: 'Velasquez Street, UP Diliman',
      city: 'Quezon City',
      province: 'Metro Manila',
    },
    event_type: 'Seminar',
    status: 'published',
    price: null,
    is_registration_required: true,
    max_attendees: 60,
    safety_focus: 'Working safely on unstable vein outcrops and old adits',
    certification_provided: true,
    speakerKeys: ['gomez'],
    registrations: [
      { username: 'avillanueva', status: 'approved' },
      { username: 'rtorres', status: 'approved' },
      { username: 'jmendoza', status: 'approved' },
      { username: 'mlsantos', status: 'approved' },
      { username: 'ccastillo', status: 'approved' },
    ],
  },
];

/**
 * The CPD of the demo's past certified seminar (docs/product-rules.md "CPD certificates"): its
 * settings, who was checked in for which session, who answered the evaluation and who has a
 * certificate. Andrea Villanueva's certificate is the one to verify; Jose Mendoza's was revoked;
 * Maria Santos was checked in but has not answered the evaluation yet (the journey a newcomer
 * can try), and Carmela Castillo never came.
 */
export const demoCpd = {
  eventTitle: 'CPD Seminar: Structural Controls on Epithermal Gold Veins',
  settings: {
    provider_name: `${siteConfig.name}`,
    provider_accreditation_number: 'PRC-CPDP-2025-0117',
    provider_accreditation_valid_until: '2028-06-30',
    program_accreditation_number: 'GEOL-2026-0342',
    participant_units_per_hour: '1',
    speaker_units_per_talk: '5',
    moderator_units: '2',
    facilitator_units: '2',
    morning_hours: '3.5',
    afternoon_hours: '4',
    day_hours: '4',
    signatory_name: 'Engr. Teresa M. Villanueva',
    signatory_title: 'Chair, Continuing Professional Development Committee',
  },
  /** The program's accreditation per profession (decision 070): each certificate prints its own. */
  accreditations: [
    { profession: 'geologist', number: 'GEOL-2026-0342', units: '7.5' },
    { profession: 'mining_engineer', number: 'MINE-2026-0118', units: '10' },
  ],
  /** The provider's accreditation per profession. */
  providerAccreditations: [
    { profession: 'geologist', number: 'PRC-CPDP-2025-0117', valid_until: '2028-06-30' },
    { profession: 'mining_engineer', number: 'PRC-CPDP-2025-0121', valid_until: '2028-06-30' },
  ],
  /**
   * The attendees' PRC licences; `expiresInMonths` counts from the day of the seed, so Maria
   * Lourdes Santos is short of units with her renewal four months away.
   */
  licences: [
    {
      username: 'avillanueva',
      profession: 'geologist',
      registration_date: '2012-03-15',
      expiresInMonths: 20,
    },
    {
      username: 'rtorres',
      profession: 'mining_engineer',
      registration_date: '2009-09-30',
      expiresInMonths: 14,
    },
    { username: 'jmendoza', profession: 'geologist', registration_date: '2018-02-12', expiresInMonths: 30 },
    { username: 'mlsantos', profession: 'geologist', registration_date: '2015-05-20', expiresInMonths: 4 },
  ],
  /** Units earned elsewhere: one approved, one waiting for the secretariat. */
  externalUnits: [
    {
      username: 'avillanueva',
      profession: 'geologist',
      provider: 'Geological Society of the Philippines',
      programme: 'Annual Geological Convention 2026',
      accreditation_number: 'GSP-2026-0457',
      monthsAgo: 5,
      units: '8',
      status: 'approved',
    },
    {
      username: 'rtorres',
      profession: 'mining_engineer',
      provider: 'Philippine Society of Mining Engineers',
      programme: 'Mine Safety and Ventilation Forum',
      accreditation_number: 'PSEM-2026-0211',
      monthsAgo: 2,
      units: '6',
      status: 'pending',
    },
  ],
  attendees: [
    {
      username: 'avillanueva',
      prc: { prc_name: 'Andrea L. Villanueva', profession: 'Geologist', prc_number: '0031842' },
      sessions: ['morning', 'afternoon'],
      role: 'participant',
      evaluated: true,
      certificate: 'issued',
    },
    {
      username: 'rtorres',
      prc: { prc_name: 'Ramon P. Torres', profession: 'Mining Engineer', prc_number: '0027719' },
      sessions: ['morning'],
      role: 'speaker',
      evaluated: true,
      certificate: 'issued',
    },
    {
      username: 'jmendoza',
      prc: { prc_name: 'Jose R. Mendoza', profession: 'Geologist', prc_number: '0040256' },
      sessions: ['morning', 'afternoon'],
      role: 'participant',
      evaluated: true,
      certificate: 'revoked',
    },
    {
      username: 'mlsantos',
      prc: { prc_name: 'Maria Lourdes D. Santos', profession: 'Geologist', prc_number: '0018853' },
      sessions: ['morning', 'afternoon'],
      role: 'participant',
      evaluated: false,
      certificate: 'none',
    },
  ],
  revokedReason: 'Name misspelt; PRC details corrected, to be issued again',
  /** One answer set per evaluated attendee, in their order. */
  answers: [
    {
      objectives: 5,
      content: 5,
      speakers: 4,
      venue: 4,
      overall: 5,
      comments: 'More core-logging time, please.',
    },
    { objectives: 4, content: 5, speakers: 5, venue: 3, overall: 4 },
    { objectives: 4, content: 4, speakers: 4, venue: 4, overall: 4 },
  ],
} as const;

export const eventOrganizer = { name: secretariat, contact: siteConfig.secretariatEmail };

export type DemoArticle = {
  title: string;
  description: string;
  content: string;
  status: 'draft' | 'published' | 'archived';
  author: string;
  createdDaysAgo: number;
  images: number;
  likes: number;
  views: number;
};

export const demoArticles: DemoArticle[] = [
  {
    title: 'Association Submits Position Paper on Faster Exploration Permit Renewals',
    description:
      'The association asked regulators to set clear timelines for exploration permit renewals and to accept digital submissions at every regional office.',
    content:
      '<p>The Board of Trustees has submitted a position paper on the renewal of exploration permits, drawing on a survey of member companies.</p><p>Members reported that renewals often take longer than the term they extend, leaving field teams idle and community agreements in limbo. The paper proposes:</p><ul><li>published processing timelines for each step of a renewal;</li><li>digital submission and tracking at every regional office of the Mines and Geosciences Bureau;</li><li>one consolidated checklist of documentary requirements.</li></ul><p>The Secretariat will report on the consultations at the next monthly meeting.</p>',
    status: 'published',
    author: secretariat,
    createdDaysAgo: 2,
    images: 2,
    likes: 18,
    views: 342,
  },
  {
    title: 'Members Report Encouraging Porphyry Copper Results in Northern Luzon',
    description:
      "Three member companies shared first-pass drilling results from the Central Cordillera at this month's technical meeting.",
    content:
      '<p>Drilling by member companies in Benguet and Mountain Province intersected broad zones of potassic alteration with chalcopyrite and bornite, according to presentations at the monthly technical meeting.</p><p>Presenters stressed that the results are early-stage and that continuity has yet to be tested. Discussion focused on using shortwave-infrared spectroscopy to vector towards the hotter core of each system.</p>',
    status: 'published',
    author: 'Maria Lourdes Santos',
    createdDaysAgo: 6,
    images: 3,
    likes: 27,
    views: 518,
  },
  {
    title: 'Why the Philippines Matters for Critical Minerals',
    description:
      'Nickel laterites and porphyry copper put the archipelago on the map of the energy transition. What will it take to turn geology into supply?',
    content:
      "<p>The country is already one of the world's largest sources of nickel ore, mined from laterites that weather out of the ultramafic belts of Mindanao and Palawan. Its porphyry copper districts, from the Cordillera to Negros, remain under-explored by modern methods.</p><p>Speakers at the recent critical minerals briefing agreed that geology is not the constraint. Permitting certainty, power and port infrastructure, and local processing capacity will decide how much of that potential becomes supply.</p>",
    status: 'published',
    author: 'Fatima Abdulrahman',
    createdDaysAgo: 11,
    images: 1,
    likes: 41,
    views: 903,
  },
  {
    title: 'Geoscience Scholarship Programme Opens for Applications',
    description:
      "Third- and fourth-year geology and mining engineering students may apply for the association's scholarship and field internship.",
    content:
      '<p>The scholarship covers tuition, a monthly allowance and a paid field internship with a member company. Applicants must be enrolled in geology, geological engineering or mining engineering at a Philippine university.</p><p>Send a letter of intent, transcript and a recommendation from a faculty member to the Secretariat before the end of next month.</p>',
    status: 'published',
    author: secretariat,
    createdDaysAgo: 18,
    images: 2,
    likes: 35,
    views: 620,
  },
  {
    title: 'Technical Meeting Recap: Epithermal Gold in the Masbate Corridor',
    description:
      'A structural view of vein-hosted gold along the Philippine Fault, and what it means for drill targeting.',
    content:
      '<p>The speaker traced how strike-slip movement on the Philippine Fault opened dilational jogs that host the richest epithermal veins, and showed how structural mapping narrowed a drill programme from forty targets to six.</p><p>Members asked about the role of remote sensing in densely vegetated terrain; the answer, in short, is LiDAR under the canopy and patient mapping in the creeks.</p>',
    status: 'published',
    author: 'Paolo Reyes',
    createdDaysAgo: 25,
    images: 1,
    likes: 12,
    views: 287,
  },
  {
    title: 'A Year Without Lost-Time Incidents in Member Exploration Camps',
    description:
      'Member companies share what worked: daily toolbox talks, stop-work authority and better evacuation plans.',
    content:
      "<p>Member companies reporting to the association's safety committee recorded no lost-time incidents across their exploration camps over the past twelve months.</p><p>Committee members credited three habits: a short toolbox talk before every shift, giving every worker the authority to stop unsafe work, and rehearsed casualty evacuation plans for each drill site.</p>",
    status: 'published',
    author: 'Grace Ocampo',
    createdDaysAgo: 34,
    images: 2,
    likes: 22,
    views: 401,
  },
  {
    title: 'Welcoming the New Board of Trustees',
    description: "The annual general meeting elected seven trustees, who chose the association's officers.",
    content:
      '<p>The annual general membership meeting elected seven trustees to serve for the coming year. At its first meeting the Board elected its President, Vice President, Treasurer and Secretary.</p><p>The full board, with biographies, is on the Board of Trustees page.</p>',
    status: 'published',
    author: secretariat,
    createdDaysAgo: 45,
    images: 3,
    likes: 30,
    views: 775,
  },
  {
    title: 'Exploration Spending Outlook for the Coming Year',
    description: "Draft summary of the members' budget survey.",
    content:
      '<p>Draft: early responses point to steady spending on copper and gold, and growing budgets for nickel laterite drilling. Final figures will follow once all members have answered.</p>',
    status: 'draft',
    author: secretariat,
    createdDaysAgo: 1,
    images: 1,
    likes: 0,
    views: 0,
  },
  {
    title: 'Secretariat Moves to a New Office in Ortigas Center',
    description: 'The Secretariat has moved; please update your records.',
    content: `<p>The Secretariat now holds office at ${siteConfig.address}. Telephone and e-mail are unchanged.</p>`,
    status: 'archived',
    author: secretariat,
    createdDaysAgo: 400,
    images: 1,
    likes: 5,
    views: 190,
  },
];

export type DemoBoardMember = {
  name: string;
  title: string;
  position: string;
  description: string;
  trusteeSinceYearsAgo: number;
  display_order: number | null;
  is_active: boolean;
};

export const demoBoard: DemoBoardMember[] = [
  {
    name: 'Ramon Bautista',
    title: 'President and CEO, Cordillera Copper Exploration',
    position: 'President',
    description:
      "Ramon has explored for copper and gold in the Cordillera for twenty-five years and led the discovery of two porphyry systems in Benguet. As President he has championed faster, more predictable permitting and the association's scholarship programme.",
    trusteeSinceYearsAgo: 6,
    display_order: 1,
    is_active: true,
  },
  {
    name: 'Fatima Abdulrahman',
    title: 'Managing Director, Mindanao Nickel Resources',
    position: 'Vice President',
    description:
      "Fatima is a metallurgist turned explorer who has built laterite nickel projects in Surigao and Zamboanga. She chairs the association's committee on critical minerals.",
    trusteeSinceYearsAgo: 4,
    display_order: 2,
    is_active: true,
  },
  {
    name: 'Cecilia Tan',
    title: 'Principal Geophysicist, Visayas Geoscience Consultants',
    position: 'Treasurer',
    description:
      "Cecilia runs geophysical surveys across the Visayas and has kept the association's accounts since her election. She is a PMRC competent person for geophysical data.",
    trusteeSinceYearsAgo: 3,
    display_order: 3,
    is_active: true,
  },
  {
    name: 'Maria Lourdes Santos',
    title: 'Consulting Economic Geologist',
    position: 'Secretary',
    description:
      "Maria Lourdes has spent eighteen years on epithermal gold projects in Masbate and Northern Mindanao. As Secretary she keeps the minutes and the association's records.",
    trusteeSinceYearsAgo: 5,
    display_order: 4,
    is_active: true,
  },
  {
    name: 'Arnel Macaraeg',
    title: 'General Manager, Sierra Madre Drilling Services',
    position: 'Trustee',
    description:
      "Arnel started as a driller's helper and now runs one of the country's larger fleets of man-portable core rigs. He speaks for the service contractors on the Board.",
    trusteeSinceYearsAgo: 2,
    display_order: 5,
    is_active: true,
  },
  {
    name: 'Atty. Miguel Navarro',
    title: 'Partner, Navarro Dizon and Associates',
    position: 'Trustee',
    description:
      "Miguel advises exploration companies on mineral agreements, indigenous peoples' consent processes and environmental compliance.",
    trusteeSinceYearsAgo: 7,
    display_order: 6,
    is_active: true,
  },
  {
    name: 'Dr. Teresa Gomez',
    title: 'Professor of Economic Geology',
    position: 'Trustee',
    description:
      'Teresa teaches ore deposit geology and supervises student theses on Philippine porphyry and epithermal systems. She links the Board with the universities.',
    trusteeSinceYearsAgo: 1,
    display_order: 7,
    is_active: true,
  },
  {
    name: 'Eduardo Villareal',
    title: 'Retired Exploration Director',
    position: 'Member',
    description:
      'Eduardo served three terms as trustee and remains an adviser to the Board on exploration history and mentoring.',
    trusteeSinceYearsAgo: 12,
    display_order: null,
    is_active: false,
  },
];

/**
 * The demo's dues settings (docs/product-rules.md "Dues"): a sample TIN and concrete payment
 * instructions, so the statements and receipts a newcomer opens are complete. Every value is a
 * sample, and says so; the secretariat replaces them in the dues settings.
 */
export const demoDuesSettings = {
  associationTin: '000-000-000-000',
  paymentInstructions: [
    'Bank transfer or deposit: BDO Unibank, Ortigas Center branch. Account name: Mineral Exploration Association of the Philippines. Account no. 0000-1234-5678 (peso savings; sample account for the demo).',
    'GCash: 0917 000 1234 (sample number for the demo). Put your statement number in the message.',
    'QR Ph: scan the code beside these instructions with your bank or e-wallet app (a sample code for the demo).',
    'Send the deposit slip or the transfer confirmation as proof of payment from your statement page, or to the secretariat.',
  ].join('\n'),
  /** What the demo's QR Ph image encodes: a sample, not a payable code. */
  qrPayload: 'SAMPLE QR PH CODE FOR THE DEMO - NOT A PAYMENT CODE',
} as const;
