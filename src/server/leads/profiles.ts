import type { SearchHit, SearchRecordType } from '../../lib/schemas/adminApi';
import type { Booking } from '../../lib/schemas/booking';
import type { ContactRecord } from '../../lib/schemas/contact';
import type { Payment } from '../../lib/schemas/payment';
import type { Download } from '../../lib/schemas/download';
import type { Subscriber } from '../../lib/schemas/subscriber';
import type { RecordMeta } from '../storage/collection';
import type { Person } from '../indexes/search/personKeys';
import { type CountDelta, type CounterName, combine } from '../indexes/stats/counts';

/**
 * What the admin's bookkeeping needs to know about one kind of lead: the counter it
 * adds to, the status counter a record sits in (bookings only), who it is about, and
 * how it reads in a person's timeline.
 */
export interface LeadProfile<Rec extends RecordMeta> {
  type: SearchRecordType;
  counter: CounterName;
  statusCounter?(record: Rec): CounterName;
  person(record: Rec): Person;
  /** The record with the person's name, phone or e-mail corrected (those it holds). */
  withPerson(record: Rec, corrected: Correction): Rec;
  hit(record: Rec): SearchHit;
}

/** What a person corrects about themselves (docs/privacy.md, "Rights"). */
export interface Correction {
  name?: string | undefined;
  phone?: string | undefined;
  email?: string | undefined;
}

/** A record with the corrected values under its own field names (pure). */
export function corrected<Rec>(
  record: Rec,
  change: Correction,
  fields: { name?: keyof Rec; phone?: keyof Rec; email?: keyof Rec },
): Rec {
  const next = { ...record };
  for (const part of ['name', 'phone', 'email'] as const) {
    const field = fields[part];
    const value = change[part];
    if (field !== undefined && value !== undefined) (next as Record<keyof Rec, unknown>)[field] = value;
  }
  return next;
}

export function createdDelta<Rec extends RecordMeta>(profile: LeadProfile<Rec>, record: Rec): CountDelta {
  const status = profile.statusCounter?.(record);
  return combine({ [profile.counter]: 1 }, status ? { [status]: 1 } : {});
}

export function removedDelta<Rec extends RecordMeta>(profile: LeadProfile<Rec>, record: Rec): CountDelta {
  const status = profile.statusCounter?.(record);
  return combine({ [profile.counter]: -1 }, status ? { [status]: -1 } : {});
}

/** A booking whose status changed leaves one status count for another. */
export function updatedDelta<Rec extends RecordMeta>(profile: LeadProfile<Rec>, before: Rec, after: Rec): CountDelta {
  const from = profile.statusCounter?.(before);
  const to = profile.statusCounter?.(after);
  return from && to && from !== to ? combine({ [from]: -1 }, { [to]: 1 }) : {};
}

type Stored<T> = T & RecordMeta;

const baseHit = (type: SearchRecordType, record: RecordMeta) => ({ type, id: record.id, createdAt: record.createdAt });

export const bookingProfile: LeadProfile<Stored<Booking>> = {
  type: 'booking',
  counter: 'bookings',
  statusCounter: (booking) => booking.status,
  person: (booking) => ({ name: booking.fullName, phone: booking.mobile, email: booking.email ?? null }),
  withPerson: (booking, change) => corrected(booking, change, { name: 'fullName', phone: 'mobile', email: 'email' }),
  hit: (booking) => ({
    ...baseHit('booking', booking),
    name: booking.fullName,
    phone: booking.mobile,
    email: booking.email ?? null,
    title: booking.packageName,
    status: booking.status,
    amount: booking.amount,
    attribution: booking.attribution ?? null,
  }),
};

export const contactProfile: LeadProfile<Stored<ContactRecord>> = {
  type: 'contact',
  counter: 'contacts',
  person: (contact) => ({ name: contact.name, phone: contact.phone, email: contact.email }),
  withPerson: (contact, change) => corrected(contact, change, { name: 'name', phone: 'phone', email: 'email' }),
  hit: (contact) => ({
    ...baseHit('contact', contact),
    name: contact.name,
    phone: contact.phone,
    email: contact.email,
    title: 'Contact form',
    status: null,
    amount: null,
    attribution: contact.attribution ?? null,
  }),
};

export const paymentProfile: LeadProfile<Stored<Payment>> = {
  type: 'payment',
  counter: 'payments',
  person: (payment) => ({ name: payment.customerName, phone: payment.customerPhone, email: payment.customerEmail }),
  // A payment is a record the tax law keeps as it was made: never corrected.
  withPerson: (payment) => payment,
  hit: (payment) => ({
    ...baseHit('payment', payment),
    name: payment.customerName,
    phone: payment.customerPhone,
    email: payment.customerEmail,
    title: payment.packageName,
    status: payment.status,
    amount: payment.amount,
    // A payment's source is its booking's: the timeline shows it there.
    attribution: null,
  }),
};

export const downloadProfile: LeadProfile<Stored<Download>> = {
  type: 'download',
  counter: 'downloads',
  person: (download) => ({ name: download.fullName, phone: download.mobile, email: download.email }),
  withPerson: (download, change) => corrected(download, change, { name: 'fullName', phone: 'mobile', email: 'email' }),
  hit: (download) => ({
    ...baseHit('download', download),
    name: download.fullName,
    phone: download.mobile,
    email: download.email,
    title: download.resourceTitle,
    status: null,
    amount: null,
    attribution: download.attribution ?? null,
  }),
};

export const subscriberProfile: LeadProfile<Stored<Subscriber>> = {
  type: 'subscriber',
  counter: 'subscribers',
  person: (subscriber) => ({ email: subscriber.email }),
  // A subscription is its mailbox (one claim per address): a new address subscribes anew.
  withPerson: (subscriber) => subscriber,
  hit: (subscriber) => ({
    ...baseHit('subscriber', subscriber),
    name: null,
    phone: null,
    email: subscriber.email,
    title: 'Newsletter',
    status: null,
    amount: null,
    attribution: subscriber.attribution ?? null,
  }),
};
