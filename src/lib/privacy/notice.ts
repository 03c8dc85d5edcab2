import { business } from '../business';
import { type PersonalStoreName, dataInventory } from './inventory';
import type { PersonalData } from './storeEntry';
import {
  type NoticeLanguage,
  fieldWords,
  groundWords,
  noticeLanguages,
  purposeWords,
  retentionWords,
} from './noticeWords';

// The privacy notice as data (docs/privacy.md): each form, what it collects and why, on what
// ground and for how long, all read from the data inventory, so the notice cannot say less
// than the code keeps. /privacy and /hi/privacy render it; its version is a hash of it.

type Words = Record<NoticeLanguage, string>;

/** The forms of the site and the stores what they send is kept in. */
export const noticeForms = [
  {
    id: 'call',
    title: {
      en: 'Booking a free call, or asking us to call you back',
      hi: 'मुफ़्त कॉल बुक करना, या कॉल-बैक माँगना',
    },
    stores: ['bookings', 'appointments'],
  },
  { id: 'contact', title: { en: 'The contact form', hi: 'संपर्क फ़ॉर्म' }, stores: ['contacts'] },
  {
    id: 'download',
    title: { en: 'Downloading a free guide', hi: 'मुफ़्त गाइड डाउनलोड करना' },
    stores: ['resourceDownloads'],
  },
  {
    id: 'newsletter',
    title: { en: 'Subscribing to the newsletter', hi: 'न्यूज़लेटर की सदस्यता लेना' },
    stores: ['subscribers', 'subscriber-emails'],
  },
  {
    id: 'corporate',
    title: { en: 'A corporate enquiry', hi: 'किसी संस्था की ओर से पूछताछ' },
    stores: ['corporateEnquiries'],
  },
  {
    id: 'package',
    title: {
      en: 'Buying a coaching package, or paying a payment link we sent you',
      hi: 'कोचिंग पैकेज ख़रीदना, या हमारे भेजे भुगतान लिंक से भुगतान करना',
    },
    stores: [
      'bookings',
      'payments',
      'payment-requests',
      'clients',
      'client-sessions',
      'client-briefs',
      'client-documents',
      'appointments',
      'invoice-documents',
      'refunds',
    ],
  },
] as const satisfies ReadonlyArray<{ id: string; title: Words; stores: readonly PersonalStoreName[] }>;

/** Working copies kept while a request is handled, and the site's own safety: in the notice, not behind a form. */
export const noticeSupportStores = {
  'lead-events': {
    en: 'a copy of a new request until everything it needs is done (a few seconds, normally)',
    hi: 'नए अनुरोध की एक प्रति, जब तक उससे जुड़ा सारा काम न हो जाए (आम तौर पर कुछ सेकंड)',
  },
  'notification-outbox': {
    en: 'the e-mails and WhatsApp messages we send you, while they are sent and for a while after',
    hi: 'आपको भेजे जाने वाले ई-मेल और व्हाट्सऐप संदेश, भेजे जाते समय और उसके कुछ समय बाद तक',
  },
  'whatsapp-messages': {
    en: 'WhatsApp messages between you and us, and whether they were delivered and read',
    hi: 'आपके और हमारे बीच के व्हाट्सऐप संदेश, और वे पहुँचे और पढ़े गए या नहीं',
  },
  'person-index': {
    en: "an index of names, numbers and e-mails, so the coach finds a person's requests together",
    hi: 'नामों, नंबरों और ई-मेल की एक सूची, ताकि कोच किसी व्यक्ति के सभी अनुरोध एक साथ देख सकें',
  },
  'lead-todo': {
    en: "the coach's to-do list of requests that wait for an answer",
    hi: 'कोच की सूची उन अनुरोधों की जिनका जवाब बाक़ी है',
  },
  'slice-snapshots': {
    en: 'copies of past requests, for the coach to download a list of them',
    hi: 'पुराने अनुरोधों की प्रतियाँ, ताकि कोच उनकी सूची डाउनलोड कर सकें',
  },
  'visitor-mail-quota': {
    en: 'a count of messages to each e-mail address and number in a day, kept as a one-way code, against floods',
    hi: 'एक दिन में हर ई-मेल पते और नंबर पर गए संदेशों की गिनती, एकतरफ़ा कोड के रूप में, बाढ़ रोकने के लिए',
  },
  'parent-holds': {
    en: "a student's request while it waits for a parent to confirm it: 7 days at most, then erased if nobody confirmed",
    hi: 'किसी छात्र का अनुरोध, जब तक माता-पिता उसकी पुष्टि न करें: अधिकतम 7 दिन, पुष्टि न होने पर मिटा दिया जाता है',
  },
  'privacy-requests': {
    en: 'your request to see, correct or erase your data: the e-mail or number you gave, until it is answered',
    hi: 'अपना डेटा देखने, सुधारने या मिटाने का आपका अनुरोध: आपका दिया ई-मेल या नंबर, जवाब मिलने तक',
  },
  'appointment-attempts': {
    en: 'a count of new calls booked from each internet address in an hour, kept as a one-way code',
    hi: 'हर इंटरनेट पते से एक घंटे में बुक हुई नई कॉल की गिनती, एकतरफ़ा कोड के रूप में',
  },
} as const satisfies Partial<Record<PersonalStoreName, Words>>;

export interface NoticeRow {
  items: string[];
  purpose: string;
  ground: string;
  retention: string;
}

export interface NoticeForm {
  id: string;
  title: string;
  /** Every item the form's stores keep, once each. */
  items: string[];
  rows: NoticeRow[];
}

const personOf = (store: PersonalStoreName) => dataInventory[store].person as PersonalData;

function rowOf(store: PersonalStoreName, lang: NoticeLanguage): NoticeRow {
  const person = personOf(store);
  return {
    items: person.fields.flatMap((field) => {
      const words = fieldWords[field];
      return words ? [words[lang]] : [];
    }),
    purpose: purposeWords[person.purpose][lang],
    ground: groundWords[person.ground][lang],
    retention: retentionWords(person.retention)[lang],
  };
}

/** Rows with the same purpose, ground and time are one row with their items joined. */
function merged(rows: NoticeRow[]): NoticeRow[] {
  const byKey = new Map<string, NoticeRow>();
  for (const row of rows) {
    const key = `${row.purpose}|${row.ground}|${row.retention}`;
    const existing = byKey.get(key);
    if (existing) existing.items = [...new Set([...existing.items, ...row.items])];
    else byKey.set(key, { ...row, items: [...row.items] });
  }
  return [...byKey.values()].filter((row) => row.items.length > 0);
}

export function noticeFormsIn(lang: NoticeLanguage): NoticeForm[] {
  return noticeForms.map((form) => {
    const rows = merged(form.stores.map((store) => rowOf(store, lang)));
    return { id: form.id, title: form.title[lang], items: [...new Set(rows.flatMap((row) => row.items))], rows };
  });
}

export function noticeSupportIn(lang: NoticeLanguage): Array<{ what: string; retention: string }> {
  return Object.entries(noticeSupportStores).map(([store, words]) => ({
    what: words[lang],
    retention: retentionWords(personOf(store as PersonalStoreName).retention)[lang],
  }));
}

/** Who answers questions about a person's data (Rule 9): the business's own address unless set. */
export interface PrivacyContact {
  name: string;
  email: string;
}

export function privacyContactFrom(env: Record<string, string | undefined>): PrivacyContact {
  return {
    name: env.PRIVACY_CONTACT_NAME?.trim() || business.founder.name,
    email: env.PRIVACY_CONTACT_EMAIL?.trim() || business.contact.email,
  };
}

/** 64-bit FNV-1a of the text, as 16 hex digits: a fingerprint of the notice, not a secret. */
function fingerprint(text: string): string {
  let hash = 0xcbf29ce484222325n;
  for (const byte of new TextEncoder().encode(text)) {
    hash ^= BigInt(byte);
    hash = (hash * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return hash.toString(16).padStart(16, '0');
}

/**
 * The notice's version: a fingerprint of everything it says in both languages. A change of
 * any item, purpose, ground, time or contact is a new version; each submission records the
 * version it was shown.
 */
export function noticeVersion(contact: PrivacyContact): string {
  const said = noticeLanguages.map((lang) => ({ forms: noticeFormsIn(lang), support: noticeSupportIn(lang) }));
  return fingerprint(JSON.stringify({ said, contact, who: business.legalName }));
}
