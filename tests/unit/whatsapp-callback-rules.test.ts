import { afterEach, describe, expect, test } from 'vitest';
import { business, callbackPromisePhrase } from '../../src/lib/business';
import { BOOKED_TIME_SOURCE } from '../../src/lib/schemas/callRequest';
import { isCallbackRequest } from '../../src/server/appointments/callbackConfirmation';
import { allowanceFor, whatsappQuotaKey } from '../../src/server/notifications/visitorQuota';
import { templatePayload } from '../../src/server/whatsapp/client';
import { REQUIRED_WHATSAPP_VARIABLES, defaultTemplateNames, templateVariable } from '../../src/server/whatsapp/config';
import { whatsappCallbackEntry } from '../../src/server/whatsapp/entries';

// The pure rules of a call-back request's WhatsApp confirmation (docs/whatsapp.md,
// ccc_callback_confirmation): who gets it, what it carries, and which requests are call-back requests.

const env = {
  WHATSAPP_TOKEN: 't0ken',
  WHATSAPP_PHONE_NUMBER_ID: '1098765',
  WHATSAPP_APP_SECRET: 's3cret',
  WHATSAPP_VERIFY_TOKEN: 'v',
  WHATSAPP_OWNER_NUMBER: '+91 98111 22233',
};
afterEach(() => {
  for (const name of REQUIRED_WHATSAPP_VARIABLES) delete process.env[name];
});

const site = 'https://www.example.in';
const link = `${site}/pick-a-time/1795660296427-0a1b2c3d4e?token=abc`;
const now = new Date('2026-11-26T04:00:00Z');
const request = { id: '1795660296427-0a1b2c3d4e', fullName: 'Asha Rao', mobile: '98765 43210' };
const consented = { ...request, whatsappConsent: { at: now.toISOString(), words: 'Send me updates on WhatsApp' } };

describe('who gets the call-back confirmation', () => {
  test('only a consented number, only while WhatsApp is on', () => {
    expect(whatsappCallbackEntry(consented, link, site, now)).toBeNull();
    Object.assign(process.env, env);
    expect(whatsappCallbackEntry(request, link, site, now)).toBeNull();
    expect(whatsappCallbackEntry({ ...consented, mobile: '022 2345 6789' }, link, site, now)).toBeNull();
    expect(whatsappCallbackEntry(consented, link, site, now)).toMatchObject({
      id: `${request.id}.discovery-call.whatsapp`,
      kind: 'discovery-call',
      leadId: request.id,
      channel: 'whatsapp',
      to: '919876543210',
      status: 'pending',
    });
  });

  test('its words: the plain name (else "there"), the promise of src/lib/business.ts, the link as the button part', () => {
    Object.assign(process.env, env);
    expect(whatsappCallbackEntry(consented, link, site, now)?.whatsapp).toEqual({
      purpose: 'callbackConfirmation',
      body: ['Asha Rao', callbackPromisePhrase],
      urlSuffix: `pick-a-time/${request.id}?token=abc`,
    });
    expect(callbackPromisePhrase).toBe(
      `${business.promises.callbackAfterCallHours} business hours (${business.contact.hoursShort})`,
    );
    for (const typed of ['Asha <b>Rao</b>', 'Visit evil.example now', 'Asha Rao call me on 98765']) {
      expect(whatsappCallbackEntry({ ...consented, fullName: typed }, link, site, now)?.whatsapp).toMatchObject({
        body: ['there', callbackPromisePhrase],
      });
    }
  });

  test("as Meta gets it: ccc_callback_confirmation (or WHATSAPP_TEMPLATE_CALLBACK_CONFIRMATION's name), two body parameters, a URL button", () => {
    expect(templateVariable('callbackConfirmation')).toBe('WHATSAPP_TEMPLATE_CALLBACK_CONFIRMATION');
    Object.assign(process.env, env);
    const message = whatsappCallbackEntry(consented, link, site, now)!.whatsapp!;
    if ('text' in message) throw new Error('a template was expected');
    const payload = templatePayload(
      { to: '919876543210', ...message },
      { templates: { ...defaultTemplateNames }, language: 'en' },
    );
    expect(payload.template.name).toBe('ccc_callback_confirmation');
    expect(payload.template.components).toEqual([
      {
        type: 'body',
        parameters: [
          { type: 'text', text: 'Asha Rao' },
          { type: 'text', text: callbackPromisePhrase },
        ],
      },
      {
        type: 'button',
        sub_type: 'url',
        index: '0',
        parameters: [{ type: 'text', text: `pick-a-time/${request.id}?token=abc` }],
      },
    ]);
  });

  test("counted against the visitor number's daily WhatsApp cap", () => {
    Object.assign(process.env, env);
    expect(allowanceFor(whatsappCallbackEntry(consented, link, site, now)!)?.key).toBe(
      whatsappQuotaKey('919876543210'),
    );
  });
});

test('a call-back request is a free call asked for without a time, not one booked with its time chosen', () => {
  expect(isCallbackRequest({ bookingType: 'discovery_call', source: 'hero' })).toBe(true);
  expect(isCallbackRequest({ bookingType: 'discovery_call', source: undefined })).toBe(true);
  expect(isCallbackRequest({ bookingType: 'discovery_call', source: BOOKED_TIME_SOURCE })).toBe(false);
  expect(isCallbackRequest({ bookingType: 'investment', source: 'hero' })).toBe(false);
});
