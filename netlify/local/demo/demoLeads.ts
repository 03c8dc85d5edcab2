import { type RecordKind, recordKindNames } from '../../../src/lib/leads/kinds';
import { findPackage, packageCatalogue } from '../../../src/lib/packageCatalogue';
import { resourceCatalogue } from '../../../src/lib/resourceCatalogue';
import type { Booking } from '../../../src/lib/schemas/booking';
import { backgroundOptions } from '../../../src/lib/schemas/callRequest';
import type { ContactLead } from '../../../src/lib/schemas/contact';
import { type CorporateEnquiry, employeeBandOptions } from '../../../src/lib/schemas/corporateEnquiry';
import { currentStageOf } from '../../../src/lib/schemas/packageBooking';
import type { Payment } from '../../../src/lib/schemas/payment';
import { careerStageOptions, type Download } from '../../../src/lib/schemas/download';

// Realistic demo data for a newcomer's local admin and for the admin benchmark: Indian
// names and numbers, every kind of lead, every status. Pure and seeded, so a count and
// a seed always give the same people.

const firstNames = [
  'Aarav',
  'Aditi',
  'Aditya',
  'Akash',
  'Ananya',
  'Anjali',
  'Arjun',
  'Aryan',
  'Deepika',
  'Dev',
  'Divya',
  'Farhan',
  'Gaurav',
  'Harsh',
  'Ishaan',
  'Isha',
  'Jyoti',
  'Karan',
  'Kavya',
  'Kiran',
  'Lakshmi',
  'Manish',
  'Meera',
  'Mohit',
  'Neha',
  'Nikhil',
  'Pooja',
  'Pranav',
  'Priya',
  'Rahul',
  'Rajesh',
  'Ritika',
  'Rohan',
  'Sakshi',
  'Sanjay',
  'Shreya',
  'Siddharth',
  'Sneha',
  'Suresh',
  'Tanvi',
  'Varun',
  'Vikram',
  'Yash',
  'Zoya',
  'Abhishek',
  'Bhavna',
  'Chetan',
  'Fatima',
  'Gurpreet',
  'Imran',
  'Jasleen',
  'Kunal',
  'Madhuri',
  'Naveen',
  'Omkar',
  'Pallavi',
  'Rekha',
  'Sunita',
  'Tarun',
  'Usha',
  'Vandana',
  'Wasim',
  'Yamini',
  'Anand',
  'Bharti',
  'Ganesh',
  'Hema',
  'Joseph',
  'Lalitha',
  'Mary',
];
const surnames = [
  'Sharma',
  'Verma',
  'Iyer',
  'Nair',
  'Reddy',
  'Rao',
  'Patel',
  'Shah',
  'Mehta',
  'Gupta',
  'Agarwal',
  'Banerjee',
  'Chatterjee',
  'Mukherjee',
  'Das',
  'Ghosh',
  'Menon',
  'Pillai',
  'Kulkarni',
  'Deshpande',
  'Joshi',
  'Patil',
  'Singh',
  'Kaur',
  'Gill',
  'Malhotra',
  'Kapoor',
  'Khanna',
  'Chopra',
  'Bose',
  'Naidu',
  'Krishnan',
  'Subramanian',
  'Hegde',
  'Shetty',
  'Fernandes',
  "D'Souza",
  'Khan',
  'Qureshi',
  'Siddiqui',
  'Mishra',
  'Tiwari',
  'Pandey',
  'Yadav',
  'Chauhan',
  'Thakur',
  'Saxena',
  'Srivastava',
  'Bhat',
  'Kamath',
  'Gowda',
  'Varghese',
  'Thomas',
  'Jain',
  'Bansal',
  'Goel',
];
const emailDomains = [
  'gmail.com',
  'gmail.com',
  'gmail.com',
  'yahoo.co.in',
  'outlook.com',
  'rediffmail.com',
  'hotmail.com',
  'icloud.com',
];
const designations = [
  'Software Engineer',
  'Product Manager',
  'Sales Manager',
  'HR Business Partner',
  'Regional Manager',
  'Analyst',
  'Team Lead',
  'Brand Manager',
  'Operations Head',
  'Store Manager',
];
const companies = [
  'Infosys',
  'TCS',
  'Wipro',
  'HDFC Bank',
  'Reliance Retail',
  'Airtel',
  'Hindustan Unilever',
  'Sun Pharma',
  'Tata Motors',
  'Flipkart',
  'ICICI Bank',
  'Asian Paints',
];
const industries = ['Technology', 'Banking', 'Retail', 'Telecom', 'FMCG', 'Pharma', 'Automotive', 'E-commerce'];
const callSources = ['nav', 'hero', 'about', 'quiz', 'contact-page'];
const hrRoles = ['CHRO', 'HR Head', 'Head of Total Rewards', 'People Partner', 'VP Human Resources', 'Wellbeing Lead'];
const enquiryMessages = [
  'We have many working parents with children in Class 10-12 and would like to discuss a pilot.',
  'Looking for a family-wellbeing benefit for next financial year. Please share a proposal.',
  'Can the programme run across our Bengaluru and Pune offices?',
];
const ownerNotes = [
  'Called back within 4 hours; wants to discuss stream choice with parents.',
  'Interested in Ascend Plus after the call. Sent the brochure on WhatsApp.',
  'Asked for a Saturday slot. Rescheduled once.',
  'Completed the psychometric assessment; report shared.',
  'Not reachable twice; left a voicemail.',
  'Wants AI-skill alignment for a move into product management.',
  'Parent joined the call; follow-up after the board exams.',
];
const failureReasons = ['Payment declined by the bank', 'UPI request expired', 'Card authentication failed'];

/** A small fast seeded random generator (mulberry32). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const chance = (random: Random, probability: number) => random() < probability;

export interface DemoPerson {
  fullName: string;
  /** Ten digits; written the way people type them (spaces, +91, a leading 0). */
  mobile: string;
  email: string;
}

function demoPerson(random: Random, n: number): DemoPerson {
  const first = pick(random, firstNames);
  const last = pick(random, surnames);
  const digits = `${pick(random, ['6', '7', '8', '9'])}${String(Math.floor(random() * 1e9)).padStart(9, '0')}`;
  const style = Math.floor(random() * 4);
  const mobile = [
    digits,
    `${digits.slice(0, 5)} ${digits.slice(5)}`,
    `+91 ${digits.slice(0, 5)} ${digits.slice(5)}`,
    `0${digits.slice(0, 5)}-${digits.slice(5)}`,
  ][style]!;
  const handle = `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, '');
  return {
    fullName: `${first} ${last}`,
    mobile,
    email: `${handle}${n % 7 === 0 ? '' : n % 100}@${pick(random, emailDomains)}`,
  };
}

export type DemoPayment = Omit<Payment, 'bookingId'>;

const orderAlphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const gatewayId = (random: Random, prefix: 'order' | 'pay') =>
  `${prefix}_${Array.from({ length: 14 }, () => pick(random, [...orderAlphabet])).join('')}`;

const paidPackages = packageCatalogue.filter((item) => item.price > 0);
const consultationPackages = packageCatalogue.filter((item) => item.price === 0);
const downloadable = resourceCatalogue.filter((resource) => resource.downloadUrl);

function bookingOf(random: Random, person: DemoPerson, at: Date): { booking: Booking; payment: DemoPayment | null } {
  const status = pick(random, [
    'pending',
    'pending',
    'pending',
    'contacted',
    'contacted',
    'completed',
    'completed',
    'cancelled',
  ] as const);
  const notes = status === 'pending' ? '' : pick(random, ownerNotes);
  const roll = random();
  if (roll < 0.5) {
    const quiz = chance(random, 0.25);
    return {
      booking: {
        fullName: person.fullName,
        mobile: person.mobile,
        currentStage: pick(random, backgroundOptions).label,
        packageId: null,
        packageName: 'Free Discovery Call',
        bookingType: 'discovery_call',
        amount: null,
        status,
        paymentStatus: null,
        notes,
        source: quiz ? 'quiz' : pick(random, callSources),
        ...(quiz ? { quizScore: Math.round(random() * 100) } : {}),
      },
      payment: null,
    };
  }
  const popupStage = currentStageOf({
    designation: pick(random, designations),
    company: pick(random, companies),
    industry: pick(random, industries),
  });
  if (roll < 0.6) {
    const item = pick(random, consultationPackages);
    return {
      booking: {
        fullName: person.fullName,
        mobile: person.mobile.replace(/\D/g, '').slice(-10),
        currentStage: popupStage,
        packageId: item.id,
        packageName: item.name,
        bookingType: 'discovery_call',
        amount: null,
        status,
        paymentStatus: null,
        notes,
        source: 'package-popup',
      },
      payment: null,
    };
  }
  const item = pick(random, paidPackages);
  const fromCheckout = chance(random, 0.4);
  const paymentStatus = pick(random, ['paid', 'paid', 'paid', 'pending', 'pending', 'failed'] as const);
  const booking: Booking = {
    fullName: person.fullName,
    mobile: fromCheckout ? person.mobile : person.mobile.replace(/\D/g, '').slice(-10),
    ...(fromCheckout ? { email: person.email } : {}),
    currentStage: fromCheckout ? 'Booked on the checkout page' : popupStage,
    packageId: item.id,
    packageName: item.name,
    bookingType: 'investment',
    amount: item.price,
    status,
    paymentStatus,
    notes,
    source: fromCheckout ? 'checkout-page' : 'package-popup',
  };
  // A pending booking has an abandoned order half the time; paid and failed ones always have one.
  if (paymentStatus === 'pending' && chance(random, 0.5)) return { booking, payment: null };
  const paidAt = new Date(at.getTime() + 4 * 60_000).toISOString();
  return {
    booking,
    payment: {
      packageId: item.id,
      packageName: findPackage(item.id)!.name,
      customerName: person.fullName,
      customerEmail: fromCheckout ? person.email : null,
      customerPhone: booking.mobile,
      amount: item.price,
      amountPaise: item.price * 100,
      currency: 'INR',
      status: paymentStatus === 'paid' ? 'captured' : paymentStatus === 'failed' ? 'failed' : 'created',
      razorpayOrderId: gatewayId(random, 'order'),
      razorpayPaymentId: paymentStatus === 'pending' ? null : gatewayId(random, 'pay'),
      confirmedBy: paymentStatus === 'paid' ? pick(random, ['verify', 'webhook'] as const) : null,
      failureReason: paymentStatus === 'failed' ? pick(random, failureReasons) : null,
      paidAt: paymentStatus === 'paid' ? paidAt : null,
      customerState: pick(random, ['Karnataka', 'Karnataka', 'Tamil Nadu', 'Maharashtra', 'Kerala'] as const),
    },
  };
}

/** How one kind's demo records are made: how many a newcomer sees for each booking, and one record for a person at a time. */
interface DemoMaker<Data> {
  perBooking: number;
  make(random: Random, person: DemoPerson, at: Date): Data;
}

const demoMaker = <Data>(perBooking: number, make: DemoMaker<Data>['make']): DemoMaker<Data> => ({ perBooking, make });

/**
 * Every kind's demo records, typed over every kind of src/lib/leads/kinds.ts: a kind added
 * there does not type-check until it has its entry here. A payment has none of its own: it
 * is a paid booking's order, made with its booking (bookingOf).
 */
const demoMakers = {
  booking: demoMaker(1, bookingOf),
  contact: demoMaker(0.4, (random, person): ContactLead => ({
    name: person.fullName,
    email: person.email,
    phone: person.mobile,
    whoIsThisFor: pick(random, ['college', 'working-professional'] as const),
  })),
  payment: null,
  download: demoMaker(0.3, (random, person): Download => {
    const resource = pick(random, downloadable);
    return {
      fullName: person.fullName,
      email: person.email,
      mobile: person.mobile,
      currentStage: pick(random, careerStageOptions).label,
      resourceId: resource.id,
      resourceTitle: resource.title,
    };
  }),
  subscriber: demoMaker(0.25, (_random, person) => ({ email: person.email })),
  corporateEnquiry: demoMaker(0.1, (random, person): CorporateEnquiry => ({
    name: person.fullName,
    email: person.email,
    phone: person.mobile,
    company: pick(random, companies),
    employees: pick(random, employeeBandOptions).value,
    role: pick(random, hrRoles),
    ...(chance(random, 0.6) ? { message: pick(random, enquiryMessages) } : {}),
    status: pick(random, ['pending', 'pending', 'contacted'] as const),
  })),
} satisfies Record<RecordKind, DemoMaker<unknown> | null>;

type DemoMakers = typeof demoMakers;

/** The kinds the seed makes records of on their own (a payment comes with its booking). */
export type DemoKind = { [K in RecordKind]: DemoMakers[K] extends null ? never : K }[RecordKind];
export const demoKinds = recordKindNames.filter((kind) => demoMakers[kind] !== null) as DemoKind[];

/** What the seed writes for one lead of a kind: its collection's data (a booking brings its payment, if any). */
export type DemoData<K extends DemoKind> = DemoMakers[K] extends DemoMaker<infer Data> ? Data : never;
export interface DemoLeadOf<K extends DemoKind> {
  kind: K;
  at: Date;
  data: DemoData<K>;
}
export type DemoLead = { [K in DemoKind]: DemoLeadOf<K> }[DemoKind];

export interface DemoPlan {
  /** Records of each kind the seed makes on its own. */
  leads: Record<DemoKind, number>;
  /** Leads spread over this many days before `now`. */
  spanDays: number;
  now: number;
  seed: number;
}

/** The mix a newcomer sees for `count` bookings: fewer of every other kind (each kind's perBooking). */
export function demoPlan(count: number, now: number = Date.now(), seed = 20261121): DemoPlan {
  const leads = Object.fromEntries(
    demoKinds.map((kind) => [kind, Math.ceil(count * demoMakers[kind].perBooking)]),
  ) as Record<DemoKind, number>;
  return { leads, spanDays: 365, now, seed };
}

function leadsOf<K extends DemoKind>(
  kind: K,
  count: number,
  random: Random,
  people: readonly DemoPerson[],
  at: () => Date,
): DemoLeadOf<K>[] {
  // TypeScript widens a generic kind's maker to every kind's; this one makes the records of K.
  const maker = demoMakers[kind] as DemoMaker<DemoData<K>>;
  return Array.from({ length: count }, () => {
    const when = at();
    return { kind, at: when, data: maker.make(random, pick(random, people), when) };
  });
}

/**
 * Every demo lead of a plan, oldest first. People come from a pool smaller than the
 * number of leads, so many reach the business more than once (a call, then a download,
 * then a purchase): the admin's person search shows real timelines.
 */
export function demoLeads(plan: DemoPlan): DemoLead[] {
  const random = seededRandom(plan.seed);
  const total = demoKinds.reduce((sum, kind) => sum + plan.leads[kind], 0);
  const people = Array.from({ length: Math.max(1, Math.ceil(total * 0.7)) }, (_, n) => demoPerson(random, n));
  const span = plan.spanDays * 86_400_000;
  const at = () => new Date(plan.now - Math.floor(random() * span));
  // Each kind's leads pair that kind with its data, which TypeScript cannot see over the union of kinds.
  const leads = demoKinds.flatMap((kind) => leadsOf(kind, plan.leads[kind], random, people, at) as DemoLead[]);
  return leads.sort((a, b) => a.at.getTime() - b.at.getTime());
}
