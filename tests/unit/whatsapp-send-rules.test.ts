import { afterEach, describe, expect, test } from 'vitest';
import { waNumberOf } from '../../src/lib/people/whatsappNumber';
import type { Appointment } from '../../src/lib/schemas/appointment';
import type { LeadEvent } from '../../src/lib/schemas/leadEvent';
import { allowanceFor, WHATSAPP_MESSAGES_PER_DAY, whatsappQuotaKey } from '../../src/server/notifications/visitorQuota';
import { isPermanentRefusal, templatePayload, templateText } from '../../src/server/whatsapp/client';
import {
  DEFAULT_WHATSAPP_API_BASE_URL,
  DEFAULT_WHATSAPP_PAYMENT_URL_BASE,
  REQUIRED_WHATSAPP_VARIABLES,
  defaultTemplateNames,
  templateVariable,
  whatsappConfig,
} from '../../src/server/whatsapp/config';
import {
  whatsappCallEntries,
  whatsappLeadEntries,
  whatsappRebookEntry,
  whatsappReminderEntry,
} from '../../src/server/whatsapp/entries';
import { statusMovesForward } from '../../src/server/whatsapp/messages';
import { paymentRequest } from '../../src/server/messages';
import { urlSuffixOf } from '../../src/server/messages/whatsapp';

// The pure rules of WhatsApp sending (docs/whatsapp.md): numbers, settings, payloads, who gets what.

const env = {
  WHATSAPP_TOKEN: 't0ken',
  WHATSAPP_PHONE_NUMBER_ID: '1098765',
  WHATSAPP_APP_SECRET: 's3cret',
  WHATSAPP_VERIFY_TOKEN: 'v',
  WHATSAPP_OWNER_NUMBER: '+91 98111 22233',
};
const clear = () => {
  for (const name of [
    ...REQUIRED_WHATSAPP_VARIABLES,
    'WHATSAPP_API_BASE_URL',
    'WHATSAPP_PAYMENT_URL_BASE',
    templateVariable('callConfirmation'),
  ])
    delete process.env[name];
};
afterEach(clear);

describe('waNumberOf', () => {
  test.each([
    ['9876543210', '919876543210'],
    ['+91 98765 43210', '919876543210'],
    ['098765-43210', '919876543210'],
    ['0091 98765 43210', '919876543210'],
    ['91 6000000000', '916000000000'],
  ])('%s -> %s', (typed, number) => expect(waNumberOf(typed)).toBe(number));
  test.each(['5876543210', '022 2345 6789', '+1 415 555 0100', '98765', '', null])(
    '%s is not an Indian mobile: null',
    (typed) => expect(waNumberOf(typed)).toBeNull(),
  );
});

describe('whatsappConfig', () => {
  test('off without the variables, naming every missing one', () => {
    clear();
    const config = whatsappConfig();
    expect(config).toMatchObject({ enabled: false, missing: [...REQUIRED_WHATSAPP_VARIABLES] });
  });
  test('on with them: the pinned Graph API, the owner as 91XXXXXXXXXX, default template names, one renamed', () => {
    Object.assign(process.env, env, { [templateVariable('callConfirmation')]: 'my_call_ok' });
    const config = whatsappConfig();
    if (!config.enabled) throw new Error(config.reason);
    expect(config.apiBaseUrl).toBe(DEFAULT_WHATSAPP_API_BASE_URL);
    expect(config.ownerNumber).toBe('919811122233');
    expect(config.templates).toEqual({ ...defaultTemplateNames, callConfirmation: 'my_call_ok' });
    expect(templateVariable('callConfirmation')).toBe('WHATSAPP_TEMPLATE_CALL_CONFIRMATION');
  });
  test('a wrong value turns it off, naming the variable and never echoing a secret', () => {
    Object.assign(process.env, env, {
      WHATSAPP_OWNER_NUMBER: '12345',
      [templateVariable('callConfirmation')]: 'Bad Name',
    });
    const config = whatsappConfig();
    expect(config.enabled).toBe(false);
    if (config.enabled) return;
    expect(config.missing).toEqual(['WHATSAPP_OWNER_NUMBER', 'WHATSAPP_TEMPLATE_CALL_CONFIRMATION']);
    expect(config.reason).not.toContain('t0ken');
    expect(config.reason).not.toContain('s3cret');
  });
});

describe('the template payload', () => {
  const settings = { templates: { ...defaultTemplateNames }, language: 'en' };
  test('body parameters in order, flattened to one line; quick replies then the URL button, indexed', () => {
    const payload = templatePayload(
      {
        to: '919876543210',
        purpose: 'callConfirmation',
        body: ['Asha\nRao', 'Monday,      10 am'],
        quickReplies: ['confirm:a', 'reschedule:a'],
        urlSuffix: 'x/y',
      },
      settings,
    );
    expect(payload).toMatchObject({
      messaging_product: 'whatsapp',
      to: '919876543210',
      type: 'template',
      template: { name: 'ccc_call_confirmation', language: { code: 'en' } },
    });
    expect(payload.template.components).toEqual([
      {
        type: 'body',
        parameters: [
          { type: 'text', text: 'Asha Rao' },
          { type: 'text', text: 'Monday, 10 am' },
        ],
      },
      { type: 'button', sub_type: 'quick_reply', index: '0', parameters: [{ type: 'payload', payload: 'confirm:a' }] },
      {
        type: 'button',
        sub_type: 'quick_reply',
        index: '1',
        parameters: [{ type: 'payload', payload: 'reschedule:a' }],
      },
      { type: 'button', sub_type: 'url', index: '2', parameters: [{ type: 'text', text: 'x/y' }] },
    ]);
  });
  test('an empty parameter becomes a dash (Meta refuses empty ones)', () => expect(templateText(' \n ')).toBe('-'));
  test("a link's button part: the path after the site", () => {
    expect(urlSuffixOf('https://site.in/appointments/1?token=x', 'https://site.in')).toBe('appointments/1?token=x');
  });
  test("a payment link: after the button's configured start; any other link in the text of the template without a button", () => {
    expect(paymentRequest('Asha', 'Ascend', 4999, 'https://rzp.io/i/AbC', DEFAULT_WHATSAPP_PAYMENT_URL_BASE)).toEqual({
      purpose: 'paymentRequest',
      body: ['Asha', 'Ascend', '₹4,999'],
      urlSuffix: 'i/AbC',
    });
    expect(
      paymentRequest('Asha', 'Ascend', 4999, 'https://pay.example.in/l/AbC', 'https://pay.example.in/l/').urlSuffix,
    ).toBe('AbC');
    // Sent as a suffix, Meta would append it to https://rzp.io/: a broken button. The whole link goes in the text.
    for (const link of ['https://pay.example.in/l/AbC', 'https://rzp.io/']) {
      expect(paymentRequest(null, 'Ascend', 4999, link, DEFAULT_WHATSAPP_PAYMENT_URL_BASE)).toEqual({
        purpose: 'paymentRequestLink',
        body: ['there', 'Ascend', '₹4,999', link],
      });
    }
  });
  test('WHATSAPP_PAYMENT_URL_BASE: https://rzp.io/ by default; anything but an https URL turns WhatsApp off, naming it', () => {
    Object.assign(process.env, env);
    expect(whatsappConfig()).toMatchObject({ enabled: true, paymentUrlBase: 'https://rzp.io/' });
    process.env.WHATSAPP_PAYMENT_URL_BASE = 'http://rzp.io/';
    expect(whatsappConfig()).toMatchObject({ enabled: false, missing: ['WHATSAPP_PAYMENT_URL_BASE'] });
  });
});

describe("Meta's refusals: final or retried", () => {
  test.each([
    [400, 131026],
    [400, 131047],
    [400, 132001],
    [400, 100],
    [404, 132015],
  ])('%i with code %i fails at once', (status, code) => expect(isPermanentRefusal(status, code)).toBe(true));
  test.each([
    [429, 130429],
    [400, 130429],
    [500, 131000],
    [503, 131016],
    [401, 190],
    [500, 131026],
    [400, null],
    [null, null],
  ])('%s with code %s is retried', (status, code) => expect(isPermanentRefusal(status, code)).toBe(false));
});

describe('statuses only move forward', () => {
  test.each([
    ['accepted', 'sent', true],
    ['sent', 'delivered', true],
    ['delivered', 'read', true],
    ['read', 'delivered', false],
    ['read', 'read', false],
    ['sent', 'failed', true],
    ['delivered', 'failed', false],
    ['failed', 'read', false],
  ] as const)('%s -> %s: %s', (current, next, moves) => expect(statusMovesForward(current, next)).toBe(moves));
});

describe('who gets what', () => {
  const now = new Date('2026-11-26T00:00:00Z');
  const call: Appointment = {
    id: '1795660296427-0a1b2c3d4e',
    bookingId: '1795660296000-0a1b2c3d4f',
    start: '2026-11-28T04:30:00.000Z',
    end: '2026-11-28T05:00:00.000Z',
    status: 'confirmed',
    sequence: 0,
    version: '1795660296427-0a1b2c3d4e',
    name: 'Asha <b>Rao</b>',
    phone: '98765 43210',
    email: null,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
    cancelledBy: null,
  };
  const consented = {
    ...call,
    whatsappConsent: { at: now.toISOString(), words: 'Send me updates on WhatsApp' },
  } as Appointment;

  test('no consent, no visitor message; with it, the buttons carry the appointment id and no typed text but a plain name', () => {
    expect(
      whatsappCallEntries(
        { change: 'booked', by: 'visitor', appointment: call, previousStart: null },
        'appointment-booked',
        now,
      ),
    ).toEqual([]);
    expect(whatsappReminderEntry(call, 'day', 'appointment-reminder-day', now)).toBeNull();
    const [entry] = whatsappCallEntries(
      { change: 'booked', by: 'visitor', appointment: consented, previousStart: null },
      'appointment-booked',
      now,
    );
    expect(entry).toMatchObject({
      channel: 'whatsapp',
      to: '919876543210',
      appointmentId: call.id,
      id: `${call.version}.appointment-booked.whatsapp`,
    });
    expect(entry?.whatsapp).toMatchObject({
      body: ['there', expect.any(String)],
      quickReplies: [`confirm:${call.id}`, `reschedule:${call.id}`],
    });
    const reminder = whatsappReminderEntry(
      { ...consented, name: 'Asha Rao' },
      'hour',
      'appointment-reminder-hour',
      now,
    );
    expect(reminder?.whatsapp).toMatchObject({
      purpose: 'callReminderHour',
      body: ['Asha Rao', 'free discovery call', expect.stringMatching(/IST$/)],
    });
    // A paid session: its own reminder templates, the same buttons; its booking is confirmed in the client space, not here.
    const session = {
      ...consented,
      session: { clientId: 'c', packageName: 'Ascend', minutes: 60, slotKeys: ['k'], outcome: null, note: null },
    };
    expect(whatsappReminderEntry(session, 'day', 'appointment-reminder-day', now)?.whatsapp).toMatchObject({
      purpose: 'sessionReminderDay',
      body: ['there', '60-minute coaching session', expect.any(String)],
      quickReplies: [`confirm:${call.id}`, `reschedule:${call.id}`],
    });
    expect(
      whatsappCallEntries(
        { change: 'booked', by: 'visitor', appointment: session, previousStart: null },
        'appointment-booked',
        now,
      ),
    ).toEqual([]);
  });

  test('the re-book after a no-show: only with WhatsApp on and consent; the link as the button part; a session its own template', () => {
    const site = 'https://site.in';
    expect(
      whatsappRebookEntry(consented, 'appointment-booked', `${site}/appointments/x?token=t`, site, now),
    ).toBeNull();
    Object.assign(process.env, env);
    expect(whatsappRebookEntry(call, 'appointment-booked', `${site}/appointments/x?token=t`, site, now)).toBeNull();
    expect(
      whatsappRebookEntry(consented, 'appointment-booked', `${site}/appointments/x?token=t`, site, now)?.whatsapp,
    ).toEqual({ purpose: 'callRebook', body: ['there'], urlSuffix: 'appointments/x?token=t' });
    const session = {
      ...consented,
      session: { clientId: 'c', packageName: 'Ascend', minutes: 60, slotKeys: ['k'], outcome: null, note: null },
    };
    expect(
      whatsappRebookEntry(session, 'appointment-booked', `${site}/client/c?token=t`, site, now)?.whatsapp,
    ).toMatchObject({ purpose: 'sessionRebook', urlSuffix: 'client/c?token=t' });
  });

  test("every lead alerts the owner; a payment's receipt goes only to a consented number", () => {
    const lead: LeadEvent = {
      kind: 'contact',
      leadId: call.id,
      at: now.toISOString(),
      person: { name: 'Asha', phone: '98765 43210', email: null },
      choice: 'Contact form',
      details: [],
      attribution: null,
    };
    expect(whatsappLeadEntries(lead, now).map((entry) => entry.channel)).toEqual(['owner-whatsapp']);
    const payment = {
      packageName: 'Ascend',
      amount: 4999,
      paymentId: 'pay_1',
      bookingId: call.bookingId,
      failureReason: null,
    };
    const paid: LeadEvent = { ...lead, kind: 'payment-captured', payment };
    expect(whatsappLeadEntries(paid, now).map((entry) => entry.channel)).toEqual(['owner-whatsapp']);
    const receipt = whatsappLeadEntries({ ...paid, payment: { ...payment, whatsappTo: '919876543210' } }, now)[1];
    expect(receipt).toMatchObject({
      channel: 'whatsapp',
      to: '919876543210',
      whatsapp: { purpose: 'paymentReceipt', body: ['Asha', '₹4,999', 'Ascend'] },
    });
    expect(whatsappLeadEntries({ ...lead, kind: 'passkey-added' }, now)).toEqual([]);
  });

  test(`at most ${WHATSAPP_MESSAGES_PER_DAY} a day per visitor number; the owner's alerts and e-mail are not counted there`, () => {
    expect(
      allowanceFor({
        kind: 'appointment-booked',
        channel: 'whatsapp',
        to: '919876543210',
        leadId: 'x',
        appointmentId: 'a',
      }),
    ).toMatchObject({ key: whatsappQuotaKey('919876543210'), limit: WHATSAPP_MESSAGES_PER_DAY });
    expect(allowanceFor({ kind: 'contact', channel: 'owner-whatsapp', to: null, leadId: 'x' })).toBeNull();
    expect(allowanceFor({ kind: 'contact', channel: 'visitor-email', to: 'a@example.com', leadId: 'x' })?.key).not.toBe(
      whatsappQuotaKey('a@example.com'),
    );
  });
});
