// Every kind of record the owner works through, declared once (docs/architecture.md, "Lead
// kinds, declared once"): the names, paths and wording the browser and the server share.
// One name per kind (`download`, plural `downloads`); the older spellings still on the wire
// or in stored data (the `/api/resource-downloads` path, the `resource-download`
// notification) stay as they are, and that page says where else they must appear. The
// server's half of the registry (schema, store, person, to-do rule, wording, export row) is
// src/server/leads/registry.ts. No zod here: the admin's bundle reads this file.

/** How a lead kind is announced: the owner's headline, the labels the admin shows, and the promise made to the visitor. */
interface Announcement {
  /** The owner's e-mail and webhook headline. */
  headline: string;
  /** One notification in the admin's Notifications panel. */
  label: string;
  /** The kind's column in 'Leads by source'. */
  sourceLabel: string;
  /** The response the site promises: a call back after a free call request, a reply, or none. */
  promise: 'callback' | 'response' | null;
}

/** How a lead that waits on the owner's to-do shows there, and how the owner takes it off. */
interface TodoFacts {
  /** What the to-do calls it. */
  label: string;
  /** What the to-do calls it while it waits on the call back promised after a free call request, if that differs. */
  callbackLabel?: string;
  /** PATCH {statusPath}/{id}/status with 'contacted' takes it off the to-do. */
  statusPath: string;
}

interface KindFacts {
  /** The counter, the export's kind and the admin list's key. */
  plural: string;
  /** The admin's tile and tab. */
  label: string;
  /** GET (admin list) and, for public leads, POST. */
  listPath: string;
  /** Records per page of the admin's list. */
  pageSize: number;
  /** The site promises it a response, so it waits on the owner's to-do while pending; null for the kinds never on it. */
  todo: TodoFacts | null;
  /** Whether the admin's Total Records tile counts it (newsletter subscribers are not records of a customer). */
  inTotalRecords: boolean;
  /** The notification kinds it is announced with, each counted in 'Leads by source'. */
  announcedAs: Readonly<Record<string, Announcement>>;
}

export const recordKinds = {
  booking: {
    plural: 'bookings',
    label: 'Bookings',
    listPath: '/api/bookings',
    pageSize: 12,
    todo: { label: 'Booking', callbackLabel: 'Free discovery call', statusPath: '/api/bookings' },
    inTotalRecords: true,
    announcedAs: {
      'discovery-call': {
        headline: 'New discovery call request',
        label: 'Discovery call',
        sourceLabel: 'Discovery calls',
        promise: 'callback',
      },
      'package-booking': {
        headline: 'New package booking',
        label: 'Package booking',
        sourceLabel: 'Package bookings',
        promise: 'response',
      },
    },
  },
  contact: {
    plural: 'contacts',
    label: 'Contacts',
    listPath: '/api/contact',
    pageSize: 10,
    todo: { label: 'Contact message', statusPath: '/api/contacts' },
    inTotalRecords: true,
    announcedAs: {
      contact: {
        headline: 'New contact message',
        label: 'Contact message',
        sourceLabel: 'Contact messages',
        promise: 'response',
      },
    },
  },
  // A payment is an event of a booking, not a lead of its own: counted, searched and exported, never announced as a lead.
  payment: {
    plural: 'payments',
    label: 'Payments',
    listPath: '/api/payments',
    pageSize: 10,
    todo: null,
    inTotalRecords: true,
    announcedAs: {},
  },
  download: {
    plural: 'downloads',
    label: 'Downloads',
    listPath: '/api/resource-downloads',
    pageSize: 10,
    todo: null,
    inTotalRecords: true,
    announcedAs: {
      'resource-download': {
        headline: 'New resource download',
        label: 'Resource download',
        sourceLabel: 'Downloads',
        promise: null,
      },
    },
  },
  subscriber: {
    plural: 'subscribers',
    label: 'Subscribers',
    listPath: '/api/newsletter',
    pageSize: 10,
    todo: null,
    inTotalRecords: false,
    announcedAs: {
      newsletter: {
        headline: 'New newsletter subscriber',
        label: 'Newsletter subscription',
        sourceLabel: 'Newsletter',
        promise: null,
      },
    },
  },
  corporateEnquiry: {
    plural: 'corporateEnquiries',
    label: 'Corporate',
    listPath: '/api/corporate-enquiries',
    pageSize: 10,
    todo: { label: 'Corporate enquiry', statusPath: '/api/corporate-enquiries' },
    inTotalRecords: true,
    announcedAs: {
      'corporate-enquiry': {
        headline: 'New corporate enquiry',
        label: 'Corporate enquiry',
        sourceLabel: 'Corporate enquiries',
        promise: 'response',
      },
    },
  },
} as const satisfies Record<string, KindFacts>;

export type RecordKind = keyof typeof recordKinds;
export type RecordKindPlural = (typeof recordKinds)[RecordKind]['plural'];

type Tuple<T> = readonly [T, ...T[]];

/** Every kind, in the order the dashboard shows them. */
export const recordKindNames = Object.keys(recordKinds) as unknown as Tuple<RecordKind>;
export const recordKindPlurals = recordKindNames.map(
  (kind) => recordKinds[kind].plural,
) as unknown as Tuple<RecordKindPlural>;

export type TodoKind = { [K in RecordKind]: (typeof recordKinds)[K]['todo'] extends null ? never : K }[RecordKind];
/** The kinds the site promises a response to; the others are never on the to-do. */
export const todoKinds = recordKindNames.filter(
  (kind) => recordKinds[kind].todo !== null,
) as unknown as Tuple<TodoKind>;

/** How a kind on the to-do shows there and is taken off it. */
export const todoFactsOf = (kind: TodoKind): TodoFacts => recordKinds[kind].todo;

/** The notification kinds of leads: what 'Leads by source' counts (payments are not leads). */
type AnnouncedAs<K extends RecordKind> = keyof (typeof recordKinds)[K]['announcedAs'] & string;
export type LeadNotificationKind = { [K in RecordKind]: AnnouncedAs<K> }[RecordKind];
export const leadNotificationKinds = recordKindNames.flatMap((kind) =>
  Object.keys(recordKinds[kind].announcedAs),
) as unknown as Tuple<LeadNotificationKind>;

/** Every lead notification kind's wording, from the kinds that announce it. */
export const leadAnnouncements = Object.fromEntries(
  recordKindNames.flatMap((kind) =>
    Object.entries(recordKinds[kind].announcedAs as Readonly<Record<string, Announcement>>),
  ),
) as Record<LeadNotificationKind, Announcement>;

export const isLeadNotificationKind = (kind: string): kind is LeadNotificationKind =>
  Object.hasOwn(leadAnnouncements, kind);

export function kindOfPlural(plural: string): RecordKind | null {
  return recordKindNames.find((kind) => recordKinds[kind].plural === plural) ?? null;
}
