import { describe, expect, test } from 'vitest';
import { leadNotificationKinds } from '../../src/lib/leads/kinds';
import type { Appointment, AppointmentNotice } from '../../src/lib/schemas/appointment';
import type { LeadEvent } from '../../src/lib/schemas/leadEvent';
import type { NotificationKind } from '../../src/lib/schemas/notifications';
import type { RefundNotice } from '../../src/lib/schemas/refund';
import * as messages from '../../src/server/messages';
import {
  mail,
  ownerMail,
  ownerWhatsapp,
  visitorMail,
  visitorWhatsapp,
  webhook,
  whatsapp,
} from '../../src/server/messages';
import { escapeHtml } from '../../src/server/messages/format';
import type { MailContent, WhatsAppMessage } from '../../src/server/notifications';
import { whatsappMessageSchema } from '../../src/server/notifications/whatsappMessage';

// Every message the site sends, rendered from sample data by the one list each channel keeps
// (src/server/messages). Every field a visitor (or a header, or a URL) can fill carries a
// marker; a visitor's message may repeat none of it, only a plain name
// (docs/decisions/0028-visitor-mail-carries-only-our-words.md), and the owner's mail escapes it.
// A builder added to a list without a sample here is a type error.

const SITE = 'https://cccedu.example';
const NOW = new Date('2026-11-23T04:30:00.000Z');
const MARKER = 'zqxmarker';
/** What a visitor may type in a free-text field. */
const TYPED = `<script>${MARKER}</script>`;
/** A name as a form takes it that is not a plain name: a message may stand "Hello," or "there" for it, nothing more. */
const TYPED_NAME = `Asha <b>${MARKER}</b>`;
const TYPED_EMAIL = `${MARKER}@example.com`;

const person = { name: TYPED_NAME, phone: '98450 11111', email: TYPED_EMAIL };

function leadEvent(kind: NotificationKind): LeadEvent {
  return {
    kind,
    leadId: '8204626134447-e79ff34b0c',
    at: NOW.toISOString(),
    person,
    choice: TYPED,
    details: [
      { label: 'Message', value: TYPED },
      { label: 'Company', value: TYPED },
    ],
    attribution: {
      source: TYPED,
      medium: TYPED,
      campaign: TYPED,
      term: TYPED,
      content: TYPED,
      referrer: `https://${MARKER}.example/`,
      landingPage: `/?q=${TYPED}`,
    },
    // Our catalogue's names: a visitor's mail may repeat them.
    download: { resourceId: 'career-guide', title: 'Career guide' },
    ...(kind.startsWith('payment-')
      ? {
          payment: {
            packageName: 'Ascend Plus',
            amount: 4999,
            paymentId: 'pay_29QQoUBi66xm2f',
            bookingId: '8204626134447-0000000001',
            failureReason: TYPED,
            clientSpaceUrl: `${SITE}/client/8204626134447-0000000001?token=t`,
            invoice: { documentId: 'doc-1', serial: 'CCC/2026-27/0001', title: 'Tax invoice' },
            sessions: 3,
            whatsappTo: '919845011111',
          },
        }
      : {}),
  };
}

const ownerKinds: NotificationKind[] = [...leadNotificationKinds, 'payment-captured', 'payment-failed'];

const call: Appointment = {
  id: '8204405233833-6915a55493',
  bookingId: '8204405233900-0000000001',
  start: '2026-11-28T04:30:00.000Z',
  end: '2026-11-28T04:45:00.000Z',
  status: 'confirmed',
  sequence: 1,
  version: '8204405233833-6915a55494',
  name: TYPED_NAME,
  phone: '98450 11111',
  email: TYPED_EMAIL,
  createdAt: '2026-11-20T08:00:00.000Z',
  updatedAt: '2026-11-21T08:00:00.000Z',
  cancelledBy: null,
  leadSource: TYPED,
};
const session: Appointment = {
  ...call,
  session: {
    clientId: '8204405233900-0000000001',
    packageName: 'Ascend Plus',
    minutes: 90,
    slotKeys: ['slots/2026-11-28/1000'],
    outcome: null,
    // The owner's own note: it stays with the owner.
    note: TYPED,
  },
};
const appointments = [call, session, { ...call, status: 'cancelled' as const, cancelledBy: 'visitor' as const }];
const changes = ['booked', 'moved', 'cancelled'] as const;
const notices: AppointmentNotice[] = appointments.flatMap((appointment) =>
  changes.flatMap((change) =>
    (['visitor', 'owner'] as const).map((by) => ({
      change,
      by,
      appointment,
      previousStart: change === 'moved' ? '2026-11-27T04:30:00.000Z' : null,
    })),
  ),
);
const manageLink = `${SITE}/appointments/${call.id}?token=t`;

const refunds: RefundNotice[] = (['processed', 'failed'] as const).map((status) => ({
  entryId: '8204626134447-0000000002',
  refundId: 'rfnd_FP8QHiV938haTz',
  status,
  paymentId: '8204626134447-0000000003',
  bookingId: '8204626134447-0000000001',
  razorpayPaymentId: 'pay_29QQoUBi66xm2f',
  packageName: 'Ascend Plus',
  amountPaise: 150000,
  paymentAmountPaise: 499900,
  fullyRefunded: false,
  at: NOW.toISOString(),
  reason: TYPED,
  person,
  attribution: { source: TYPED },
}));

const inbound: messages.WhatsappInbound = {
  number: '919845011111',
  profileName: TYPED_NAME,
  text: TYPED,
  type: 'text',
  at: NOW.toISOString(),
  note: 'The 5th alert today for this number',
};

/** Each builder of a list, rendered from samples: every case worth telling apart. */
type Samples<List, Rendered> = { [Name in keyof List]: (build: List[Name]) => Rendered[] };

const mailSamples = {
  ownerEmail: (build) => ownerKinds.map((kind) => build(leadEvent(kind), SITE)),
  ownerCallMail: (build) => notices.map((notice) => build(notice, `${SITE}/admin/bookings#customers`)),
  ownerRefundMail: (build) => refunds.map((notice) => build(notice, SITE)),
  passkeyAddedMail: (build) => [
    build({ name: TYPED_NAME, createdAt: NOW.toISOString(), userAgent: `Mozilla/5.0 ${TYPED}` }, SITE),
  ],
  whatsappInboundMail: (build) => [build(inbound, SITE), build({ ...inbound, text: null, type: TYPED }, SITE)],
  visitorEmail: (build) =>
    (['contact', 'corporate-enquiry', 'resource-download', 'payment-captured'] as const).map((kind) =>
      build(leadEvent(kind), SITE),
    ),
  paymentLinkEmail: (build) => [
    // The description is the owner's words for what the link pays for.
    build({
      name: TYPED_NAME,
      amount: 4999,
      description: 'Career clarity package',
      url: 'https://rzp.io/i/AbC',
      expiresAt: '2026-11-30T04:30:00.000Z',
    }),
  ],
  visitorCallMail: (build) => notices.map((notice) => build(notice, manageLink)),
  reminderMail: (build) =>
    [call, session].flatMap((appointment) =>
      (['day', 'hour'] as const).map((which) => build(appointment, which, manageLink)),
    ),
  rebookMail: (build) => [call, session].map((appointment) => build(appointment, manageLink)),
  reviewRequestMail: (build) => [build(session, `${SITE}/review/r?token=t`)],
  // The owner's notice names the rating and the server's published name, never the review's text.
  reviewReceivedMail: (build) => [build({ rating: 4, name: 'Priya S.', publish: true }, SITE)],
  clientRefundMail: (build) => refunds.map((notice) => build(notice)),
  briefReminderMail: (build) => [build(TYPED_NAME, session.start, `${SITE}/client/c?token=t`)],
  clientDocumentMail: (build) => [build(TYPED_NAME, `${SITE}/client/c?token=t`)],
  privacyVerifyMail: (build) => [
    build({ phone: '+91 98450 12345', createdAt: NOW.toISOString(), answerBy: '2027-02-25T10:00:00.000Z' }, SITE),
  ],
  erasureDoneMail: (build) => [
    build({ at: NOW.toISOString(), reason: 'request', erased: 12, kept: 2, cancelled: [call.start] }, SITE),
    build({ at: NOW.toISOString(), reason: 'retention', erased: 3, kept: 0, cancelled: [] }, SITE),
  ],
  parentConsentMail: (build) => [
    build({
      parentName: TYPED_NAME,
      student: TYPED_NAME,
      what: 'a free discovery call',
      link: `${SITE}/privacy/parent/p?token=t`,
      until: '2026-12-04T04:30:00.000Z',
    }),
  ],
  privacyLinkMail: (build) => [build(`${SITE}/privacy/my-data/r?token=t`, '2026-11-30T04:30:00.000Z')],
  // The owner's own words of a breach notice: what happened, the data, what was done, the advice.
  breachNoticeMail: (build) => [
    build({
      happened: 'A laptop was stolen',
      data: 'names and phone numbers',
      done: 'Passwords changed',
      advice: 'Be wary of calls',
    }),
  ],
} satisfies Samples<typeof mail, MailContent | null>;

const webhookSamples = {
  ownerWebhook: (build) => [build(leadEvent('contact'), SITE), build(leadEvent('payment-captured'), SITE)],
  refundWebhook: (build) => refunds.map((notice) => build(notice, SITE)),
} satisfies Samples<typeof webhook, { text: string }>;

const whatsappSamples = {
  ownerLeadAlert: (build) => [build(leadEvent('discovery-call')), build(leadEvent('payment-captured'))],
  ownerInboundAlert: (build) => [build(inbound), build({ ...inbound, text: null, type: TYPED })],
  callConfirmation: (build) => [build(call)],
  reminder: (build) =>
    [call, session].flatMap((appointment) => [build(appointment, 'day'), build(appointment, 'hour')]),
  callbackConfirmation: (build) => [build(TYPED_NAME, `${SITE}/pick-a-time/${call.bookingId}?token=t`, SITE)],
  rebook: (build) => [build(call, manageLink, SITE), build(session, `${SITE}/client/c?token=t`, SITE)],
  reviewRequestWhatsApp: (build) => [build(session, `${SITE}/review/r?token=t`, SITE)],
  paymentRequest: (build) => [
    build(TYPED_NAME, 'Career clarity package', 4999, 'https://rzp.io/i/AbC', 'https://rzp.io/'),
    build(TYPED_NAME, 'Career clarity package', 4999, 'https://pay.example.in/l/AbC', 'https://rzp.io/'),
  ],
  paymentReceipt: (build) => [build(leadEvent('payment-captured'))],
  rescheduleReply: (build) => [build(call, manageLink, NOW), build(session, manageLink, new Date(call.start))],
  confirmReply: (build) => [build(call, NOW), build(session, new Date(call.start))],
  parentConsentWhatsApp: (build) => [
    build(
      {
        parentName: TYPED_NAME,
        student: TYPED_NAME,
        what: 'a free discovery call',
        link: `${SITE}/privacy/parent/p?token=t`,
      },
      SITE,
    ),
  ],
  privacyLinkWhatsApp: (build) => [build(`${SITE}/privacy/my-data/r?token=t`, '2026-11-30T04:30:00.000Z', SITE)],
} satisfies Samples<typeof whatsapp, WhatsAppMessage | string | null>;

/** [builder name, one rendering] for every sample of every builder in the list. */
function render<List extends Record<string, unknown>, Rendered>(
  list: List,
  samples: Samples<List, Rendered>,
): Array<[string, Rendered]> {
  return (Object.keys(list) as Array<keyof List & string>).flatMap((name) =>
    samples[name](list[name]).map((rendered): [string, Rendered] => [name, rendered]),
  );
}

const mails = render<typeof mail, MailContent | null>(mail, mailSamples);
const webhooks = render<typeof webhook, { text: string }>(webhook, webhookSamples);
const whatsapps = render<typeof whatsapp, WhatsAppMessage | string | null>(whatsapp, whatsappSamples);

/** Everything a message shows, as one text to search. */
const shown = (message: MailContent | WhatsAppMessage | string) =>
  (typeof message === 'string' ? message : JSON.stringify(message)).toLowerCase();

describe('the message lists', () => {
  test('hold every builder the messages entry exports, each once, by who reads it', () => {
    const helpers = new Set(['adminUrl', 'plainName', 'whatItIs']);
    const listed = new Set<unknown>([...Object.values(mail), ...Object.values(webhook), ...Object.values(whatsapp)]);
    const exported = Object.entries(messages).filter(
      ([name, value]) => typeof value === 'function' && !helpers.has(name),
    );
    expect(exported.length).toBeGreaterThan(20);
    for (const [name, value] of exported) expect(listed.has(value), name).toBe(true);
    expect(Object.keys(mail).sort()).toEqual([...Object.keys(ownerMail), ...Object.keys(visitorMail)].sort());
    expect(Object.keys(ownerMail).filter((name) => name in visitorMail)).toEqual([]);
    expect(Object.keys(whatsapp).sort()).toEqual(
      [...Object.keys(ownerWhatsapp), ...Object.keys(visitorWhatsapp)].sort(),
    );
    expect(Object.keys(ownerWhatsapp).filter((name) => name in visitorWhatsapp)).toEqual([]);
  });
});

describe('every mail', () => {
  test.each(Object.keys(mail))('%s renders a subject, a text and an HTML part', (name) => {
    const rendered = mails.filter(([builder]) => builder === name).map(([, content]) => content);
    expect(rendered.length).toBeGreaterThan(0);
    for (const content of rendered) {
      expect(content).not.toBeNull();
      expect(content!.subject.trim()).not.toBe('');
      expect(content!.text.trim()).not.toBe('');
      expect(content!.html).toMatch(/^<(!doctype html|p)>/);
    }
  });

  test.each(Object.keys(visitorMail))('%s repeats nothing a visitor typed but a plain name', (name) => {
    for (const [, content] of mails.filter(([builder]) => builder === name))
      expect(shown(content!)).not.toContain(MARKER);
  });

  test.each(Object.keys(ownerMail))('%s escapes what it quotes in its HTML part', (name) => {
    for (const [, content] of mails.filter(([builder]) => builder === name)) {
      expect(content!.html).not.toContain('<script');
      expect(content!.html).not.toContain('<b>');
      if (content!.text.includes(TYPED)) expect(content!.html).toContain(escapeHtml(TYPED));
    }
  });

  test("the owner's lead mail quotes what the visitor typed, escaped", () => {
    const [, content] = mails.find(([builder]) => builder === 'ownerEmail')!;
    expect(content!.text).toContain(TYPED);
    expect(content!.html).toContain(escapeHtml(TYPED));
  });
});

describe('every webhook body', () => {
  test.each(Object.keys(webhook))('%s has a text that cannot ping or disguise a link', (name) => {
    const rendered = webhooks.filter(([builder]) => builder === name);
    expect(rendered.length).toBeGreaterThan(0);
    for (const [, body] of rendered) {
      expect(body.text.trim()).not.toBe('');
      expect(body.text).not.toMatch(/[<>]/);
    }
  });
});

describe('every WhatsApp message', () => {
  test.each(Object.keys(whatsapp))('%s is a template or a free-form text the outbox accepts', (name) => {
    const rendered = whatsapps.filter(([builder]) => builder === name).map(([, message]) => message);
    expect(rendered.length).toBeGreaterThan(0);
    for (const message of rendered) {
      expect(message).not.toBeNull();
      const parsed = whatsappMessageSchema.parse(typeof message === 'string' ? { text: message } : message);
      // Meta refuses a template whose parameter is empty.
      if ('body' in parsed) for (const parameter of parsed.body) expect(parameter.trim()).not.toBe('');
    }
  });

  test.each(Object.keys(visitorWhatsapp))('%s repeats nothing a visitor typed but a plain name', (name) => {
    for (const [, message] of whatsapps.filter(([builder]) => builder === name))
      expect(shown(message!)).not.toContain(MARKER);
  });
});
