import { type ConsentPurpose, consentPurposeWords, consentPurposes } from '../../lib/privacy/consent';
import { dataInventory } from '../../lib/privacy/inventory';
import { lawWords } from '../../lib/privacy/noticeWords';
import type { MyDataConsent, MyDataRecord, MyDataView } from '../../lib/schemas/privacy';
import type { PersonData } from './find';
import type { PrivacyRequestRecord } from './requests';

// The my-data view (docs/privacy.md, "Rights"): what is stored about the person, each record
// with its fields, their consents, and which records the tax law keeps after an erasure (pure).

const GST = dataInventory.payments.person.retention;
const KEPT_REASON = `Kept ${GST.months} months because the GST law requires it (${lawWords[GST.law].en})`;

/** Our own bookkeeping fields, not something the person gave or we learned about them. */
const internal = new Set(['id', 'createdAt', 'updatedAt', 'consent', 'whatsappConsent', 'version', 'sequence']);

/** A record's fields as text, nested ones under dotted names (pure). */
export function fieldsOf(record: Record<string, unknown>, prefix = ''): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(record)) {
    if (value === null || value === undefined || (prefix === '' && internal.has(key))) continue;
    const name = `${prefix}${key}`;
    if (typeof value === 'object' && !Array.isArray(value) && prefix === '')
      Object.assign(fields, fieldsOf(value as Record<string, unknown>, `${name}.`));
    else fields[name] = typeof value === 'string' ? value : JSON.stringify(value);
  }
  return fields;
}

const keptFrom = (createdAt: string) => {
  const until = new Date(createdAt);
  until.setUTCMonth(until.getUTCMonth() + GST.months);
  return { until: until.toISOString(), reason: KEPT_REASON };
};

export function recordsOf(data: PersonData): MyDataRecord[] {
  const records: MyDataRecord[] = [];
  for (const lead of data.leads)
    records.push({
      kind: lead.kind,
      id: lead.id,
      createdAt: lead.createdAt,
      fields: fieldsOf(lead.record),
      kept: lead.kind === 'payment' ? keptFrom(lead.createdAt) : null,
    });
  for (const client of data.clients)
    records.push({
      kind: 'client',
      id: client.id,
      createdAt: client.createdAt,
      fields: fieldsOf({ ...client }),
      kept: null,
    });
  for (const { clientId, brief, documents } of data.coaching) {
    if (brief)
      records.push({
        kind: 'brief',
        id: clientId,
        createdAt: brief.updatedAt,
        fields: fieldsOf({ ...brief.answers }),
        kept: null,
      });
    for (const document of documents)
      records.push({
        kind: 'client-document',
        id: document.id,
        createdAt: document.uploadedAt,
        fields: { title: document.title, uploadedAt: document.uploadedAt, bytes: String(document.bytes) },
        kept: null,
      });
  }
  for (const appointment of data.appointments)
    records.push({
      kind: appointment.session ? 'session' : 'call',
      id: appointment.id,
      createdAt: appointment.createdAt,
      fields: fieldsOf({
        ...appointment,
        session: appointment.session && { ...appointment.session, slotKeys: undefined },
      }),
      kept: null,
    });
  for (const request of data.paymentRequests)
    records.push({
      kind: 'payment-request',
      id: request.id,
      createdAt: request.createdAt,
      fields: fieldsOf(request),
      kept: request.status === 'paid' ? keptFrom(request.createdAt) : null,
    });
  for (const document of data.documents)
    records.push({
      kind: document.kind,
      id: document.id,
      createdAt: document.issuedAt,
      fields: fieldsOf({
        serial: document.serial,
        issuedAt: document.issuedAt,
        recipient: document.recipient,
        description: document.description,
      }),
      kept: keptFrom(document.issuedAt),
    });
  for (const review of data.reviews)
    records.push({
      kind: 'review',
      id: review.id,
      createdAt: review.createdAt,
      fields: fieldsOf({ ...review }),
      kept: null,
    });
  return records.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** Every consent the person's records hold, newest first. */
export function consentsOf(data: Pick<PersonData, 'leads'>): MyDataConsent[] {
  const consents: MyDataConsent[] = [];
  for (const lead of data.leads) {
    const { consent, whatsappConsent } = lead.record as {
      consent?: { purposes: ConsentPurpose[]; at: string; notice: string };
      whatsappConsent?: { at: string; words: string };
    };
    for (const purpose of consent?.purposes ?? []) {
      if (!consentPurposes.includes(purpose)) continue;
      const words =
        purpose === 'whatsapp-updates' && whatsappConsent ? whatsappConsent.words : consentPurposeWords[purpose];
      consents.push({
        purpose,
        at: consent!.at,
        words: `${words} (notice ${consent!.notice})`,
        record: `${lead.kind} ${lead.id}`,
      });
    }
    // Records stored before consent records began carry only the WhatsApp box's words.
    if (whatsappConsent && !consent)
      consents.push({
        purpose: 'whatsapp-updates',
        at: whatsappConsent.at,
        words: whatsappConsent.words,
        record: `${lead.kind} ${lead.id}`,
      });
  }
  return consents.sort((a, b) => b.at.localeCompare(a.at));
}

export function myDataView(data: PersonData, request: PrivacyRequestRecord): MyDataView {
  const people = [
    ...data.leads.map((lead) => lead.person),
    ...data.clients,
    ...data.appointments,
    ...data.paymentRequests,
  ];
  const unique = (values: Array<string | null | undefined>) =>
    [...new Set(values.filter((value): value is string => Boolean(value)).map((value) => value.trim()))].sort();
  return {
    person: {
      names: unique(people.map((person) => person.name)),
      emails: unique(people.map((person) => person.email?.toLowerCase())),
      phones: unique(people.map((person) => person.phone)),
    },
    records: recordsOf(data),
    consents: consentsOf(data),
    verified: request.verified!,
    linkExpiresAt: request.linkExpiresAt!,
    erasure: request.erasureRequestedAt
      ? { requestedAt: request.erasureRequestedAt, done: request.status === 'erased' }
      : null,
  };
}
