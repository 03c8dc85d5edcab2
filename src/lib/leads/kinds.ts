// Every kind of record the owner works through, declared once (DECISIONS 32): the names
// the browser and the server share. One name per kind (`download`, plural `downloads`);
// the older spellings still on the wire or in stored data (the `/api/resource-downloads`
// path, the `resourceDownloads` store, the `resource-download` notification) are named
// here and nowhere else. The server's half of the registry (schema, store, person, to-do
// rule, wording, export row) is src/server/leads/registry.ts. No zod here: the admin's
// bundle reads this file.

interface KindFacts {
  /** The counter, the export's kind and the admin list's key. */
  plural: string;
  /** The admin's tile and tab. */
  label: string;
  /** GET (admin list) and, for public leads, POST. */
  listPath: string;
  /** Records per page of the admin's list. */
  pageSize: number;
  /** Whether the site promises it a response, so it waits on the owner's to-do while pending. */
  onTodo: boolean;
  /** The notification kinds it is announced with, each counted in 'Leads by source'. */
  announcedAs: readonly string[];
}

export const recordKinds = {
  booking: { plural: 'bookings', label: 'Bookings', listPath: '/api/bookings', pageSize: 12, onTodo: true, announcedAs: ['discovery-call', 'package-booking'] },
  contact: { plural: 'contacts', label: 'Contacts', listPath: '/api/contact', pageSize: 10, onTodo: true, announcedAs: ['contact'] },
  // A payment is an event of a booking, not a lead of its own: counted, searched and exported, never announced as a lead.
  payment: { plural: 'payments', label: 'Payments', listPath: '/api/payments', pageSize: 10, onTodo: false, announcedAs: [] },
  download: { plural: 'downloads', label: 'Downloads', listPath: '/api/resource-downloads', pageSize: 10, onTodo: false, announcedAs: ['resource-download'] },
  subscriber: { plural: 'subscribers', label: 'Subscribers', listPath: '/api/newsletter', pageSize: 10, onTodo: false, announcedAs: ['newsletter'] },
  corporateEnquiry: {
    plural: 'corporateEnquiries',
    label: 'Corporate',
    listPath: '/api/corporate-enquiries',
    pageSize: 10,
    onTodo: true,
    announcedAs: ['corporate-enquiry'],
  },
} as const satisfies Record<string, KindFacts>;

export type RecordKind = keyof typeof recordKinds;
export type RecordKindPlural = (typeof recordKinds)[RecordKind]['plural'];

type Tuple<T> = readonly [T, ...T[]];

/** Every kind, in the order the dashboard shows them. */
export const recordKindNames = Object.keys(recordKinds) as unknown as Tuple<RecordKind>;
export const recordKindPlurals = recordKindNames.map((kind) => recordKinds[kind].plural) as unknown as Tuple<RecordKindPlural>;

export type TodoKind = { [K in RecordKind]: (typeof recordKinds)[K]['onTodo'] extends true ? K : never }[RecordKind];
/** The kinds the site promises a response to (SPEC 9); the others are never on the to-do. */
export const todoKinds = recordKindNames.filter((kind) => recordKinds[kind].onTodo) as unknown as Tuple<TodoKind>;

/** The notification kinds of leads: what 'Leads by source' counts (payments are not leads). */
export type LeadNotificationKind = (typeof recordKinds)[RecordKind]['announcedAs'][number];
export const leadNotificationKinds = recordKindNames.flatMap((kind) => recordKinds[kind].announcedAs) as unknown as Tuple<LeadNotificationKind>;

export function kindOfPlural(plural: string): RecordKind | null {
  return recordKindNames.find((kind) => recordKinds[kind].plural === plural) ?? null;
}
