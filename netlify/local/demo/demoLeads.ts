import { findPackage, packageCatalogue } from '../../../src/lib/packageCatalogue';
import { resourceCatalogue } from '../../../src/lib/resourceCatalogue';
import type { Booking } from '../../../src/lib/schemas/booking';
import { backgroundOptions } from '../../../src/lib/schemas/callRequest';
import type { ContactLead } from '../../../src/lib/schemas/contact';
import { currentStageOf } from '../../../src/lib/schemas/packageBooking';
import type { Payment } from '../../../src/lib/schemas/payment';
import { careerStageOptions, type Download } from '../../../src/lib/schemas/download';

// Realistic demo data for a newcomer's local admin and for the admin benchmark: Indian
// names and numbers, every kind of lead, every status. Pure and seeded, so a count and
// a seed always give the same people.

const firstNames = [
  'Aarav', 'Aditi', 'Aditya', 'Akash', 'Ananya', 'Anjali', 'Arjun', 'Aryan', 'Deepika', 'Dev', 'Divya', 'Farhan',
  'Gaurav', 'Harsh', 'Ishaan', 'Isha', 'Jyoti', 'Karan', 'Kavya', 'Kiran', 'Lakshmi', 'Manish', 'Meera', 'Mohit',
  'Neha', 'Nikhil', 'Pooja', 'Pranav', 'Priya', 'Rahul', 'Rajesh', 'Ritika', 'Rohan', 'Sakshi', 'Sanjay', 'Shreya',
  'Siddharth', 'Sneha', 'Suresh', 'Tanvi', 'Varun', 'Vikram', 'Yash', 'Zoya', 'Abhishek', 'Bhavna', 'Chetan',
  'Fatima', 'Gurpreet', 'Imran', 'Jasleen', 'Kunal', 'Madhuri', 'Naveen', 'Omkar', 'Pallavi', 'Rekha', 'Sunita',
  'Tarun', 'Usha', 'Vandana', 'Wasim', 'Yamini', 'Anand', 'Bharti', 'Ganesh', 'Hema', 'Joseph', 'Lalitha', 'Mary',
];
const surnames = [
  'Sharma', 'Verma', 'Iyer', 'Nair', 'Reddy', 'Rao', 'Patel', 'Shah', 'Mehta', 'Gupta', 'Agarwal', 'Banerjee',
  'Chatterjee', 'Mukherjee', 'Das', 'Ghosh', 'Menon', 'Pillai', 'Kulkarni', 'Deshpande', 'Joshi', 'Patil', 'Singh',
  'Kaur', 'Gill', 'Malhotra', 'Kapoor', 'Khanna', 'Chopra', 'Bose', 'Naidu', 'Krishnan', 'Subramanian', 'Hegde',
  'Shetty', 'Fernandes', "D'Souza", 'Khan', 'Qureshi', 'Siddiqui', 'Mishra', 'Tiwari', 'Pandey', 'Yadav', 'Chauhan',
  'Thakur', 'Saxena', 'Srivastava', 'Bhat', 'Kamath', 'Gowda', 'Varghese', 'Thomas', 'Jain', 'Bansal', 'Goel',
];
const emailDomains = ['gmail.com', 'gmail.com', 'gmail.com', 'yahoo.co.in', 'outlook.com', 'rediffmail.com', 'hotmail.com', 'icloud.com'];
const designations = ['Software Engineer', 'Product Manager', 'Sales Manager', 'HR Business Partner', 'Regional Manager', 'Analyst', 'Team Lead', 'Brand Manager', 'Operations Head', 'Store Manager'];
const companies = ['Infosys', 'TCS', 'Wipro', 'HDFC Bank', 'Reliance Retail', 'Airtel', 'Hindustan Unilever', 'Sun Pharma', 'Tata Motors', 'Flipkart', 'ICICI Bank', 'Asian Paints'];
const industries = ['Technology', 'Banking', 'Retail', 'Telecom', 'FMCG', 'Pharma', 'Automotive', 'E-commerce'];
const callSources = ['nav', 'hero', 'about', 'quiz', 'contact-page'];
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
  const mobile = [digits, `${digits.slice(0, 5)} ${digits.slice(5)}`, `+91 ${digits.slice(0, 5)} ${digits.slice(5)}`, `0${digits.slice(0, 5)}-${digits.slice(5)}`][style]!;
  const handle = `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, '');
  return { fullName: `${first} ${last}`, mobile, email: `${handle}${n % 7 === 0 ? '' : n % 100}@${pick(random, emailDomains)}` };
}

export interface DemoPlan {
  bookings: number;
  contacts: number;
  downloads: number;
  subscribers: number;
  /** Leads spread over this many days before `now`. */
  spanDays: number;
  now: number;
  seed: number;
}

/** The mix a newcomer sees for `count` bookings: about half as many contacts and downloads. */
export function demoPlan(count: number, now: number = Date.now(), seed = 20261121): DemoPlan {
  return { bookings: count, contacts: Math.ceil(count * 0.4), downloads: Math.ceil(count * 0.3), subscribers: Math.ceil(count * 0.25), spanDays: 365, now, seed };
}

export type DemoPayment = Omit<Payment, 'bookingId'>;

export type DemoLead =
  | { kind: 'booking'; at: Date; booking: Booking; payment: DemoPayment | null }
  | { kind: 'contact'; at: Date; contact: ContactLead }
  | { kind: 'download'; at: Date; download: Download }
  | { kind: 'subscriber'; at: Date; email: string };

const orderAlphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const gatewayId = (random: Random, prefix: 'order' | 'pay') => `${prefix}_${Array.from({ length: 14 }, () => pick(random, [...orderAlphabet])).join('')}`;

const paidPackages = packageCatalogue.filter((item) => item.price > 0);
const consultationPackages = packageCatalogue.filter((item) => item.price === 0);
const downloadable = resourceCatalogue.filter((resource) => resource.downloadUrl);

function bookingOf(random: Random, person: DemoPerson, at: Date): { booking: Booking; payment: DemoPayment | null } {
  const status = pick(random, ['pending', 'pending', 'pending', 'contacted', 'contacted', 'completed', 'completed', 'cancelled'] as const);
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
  const popupStage = currentStageOf({ designation: pick(random, designations), company: pick(random, companies), industry: pick(random, industries) });
  if (roll < 0.6) {
    const item = pick(random, consultationPackages);
    return {
      booking: { fullName: person.fullName, mobile: person.mobile.replace(/\D/g, '').slice(-10), currentStage: popupStage, packageId: item.id, packageName: item.name, bookingType: 'discovery_call', amount: null, status, paymentStatus: null, notes, source: 'package-popup' },
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

/**
 * Every demo lead of a plan, oldest first. People come from a pool smaller than the
 * number of leads, so many reach the business more than once (a call, then a download,
 * then a purchase): the admin's person search shows real timelines.
 */
export function demoLeads(plan: DemoPlan): DemoLead[] {
  const random = seededRandom(plan.seed);
  const total = plan.bookings + plan.contacts + plan.downloads + plan.subscribers;
  const people = Array.from({ length: Math.max(1, Math.ceil(total * 0.7)) }, (_, n) => demoPerson(random, n));
  const span = plan.spanDays * 86_400_000;
  const at = () => new Date(plan.now - Math.floor(random() * span));
  const leads: DemoLead[] = [];
  for (let n = 0; n < plan.bookings; n += 1) {
    const when = at();
    leads.push({ kind: 'booking', at: when, ...bookingOf(random, pick(random, people), when) });
  }
  for (let n = 0; n < plan.contacts; n += 1) {
    const person = pick(random, people);
    leads.push({ kind: 'contact', at: at(), contact: { name: person.fullName, email: person.email, phone: person.mobile, whoIsThisFor: pick(random, ['college', 'working-professional'] as const) } });
  }
  for (let n = 0; n < plan.downloads; n += 1) {
    const person = pick(random, people);
    const resource = pick(random, downloadable);
    leads.push({
      kind: 'download',
      at: at(),
      download: { fullName: person.fullName, email: person.email, mobile: person.mobile, currentStage: pick(random, careerStageOptions).label, resourceId: resource.id, resourceTitle: resource.title },
    });
  }
  for (let n = 0; n < plan.subscribers; n += 1) leads.push({ kind: 'subscriber', at: at(), email: pick(random, people).email });
  return leads.sort((a, b) => a.at.getTime() - b.at.getTime());
}
