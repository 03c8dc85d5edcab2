import { describe, expect, test } from 'vitest';
import { business } from '../../src/lib/business';
import { type InboundMessage, buttonAction } from '../../src/lib/schemas/whatsappWebhook';
import { confirmReply, ownerInboundAlert, rescheduleReply, whatsappInboundMail } from '../../src/server/messages';
import { WHATSAPP_ALERT_TEXT_CHARS } from '../../src/server/messages/mail/owner';
import { OWNER_ALERTS_PER_SENDER_PER_DAY, inboundAlertAllowance } from '../../src/server/notifications/visitorQuota';
import { answerVerification, hubSignature, hubSignatureValid } from '../../src/server/app/whatsappWebhook';

const ID = '8234567890123-0a1b2c3d4e';
const message = (extra: Partial<InboundMessage>): InboundMessage => ({
  id: 'wamid.X',
  from: '919876543210',
  timestamp: '1764120000',
  type: 'text',
  ...extra,
});

describe('the quick-reply payloads', () => {
  test('confirm:{id} and reschedule:{id}, from a template button or an interactive reply; anything else is no action', () => {
    expect(buttonAction(message({ type: 'button', button: { payload: `confirm:${ID}`, text: 'Confirm' } }))).toEqual({
      action: 'confirm',
      appointmentId: ID,
    });
    expect(
      buttonAction(
        message({
          type: 'interactive',
          interactive: { type: 'button_reply', button_reply: { id: `reschedule:${ID}` } },
        }),
      ),
    ).toEqual({ action: 'reschedule', appointmentId: ID });
    expect(buttonAction(message({ type: 'button', button: { payload: `cancel:${ID}` } }))).toBeNull();
    expect(buttonAction(message({ type: 'button', button: { payload: `confirm:${ID}x` } }))).toBeNull();
    expect(buttonAction(message({ type: 'button', button: { payload: `confirm:../${ID}` } }))).toBeNull();
    expect(buttonAction(message({ type: 'text', text: { body: `confirm:${ID}` } }))).toBeNull();
  });
});

describe('the signature and the handshake', () => {
  test('sha256= and the exact hex HMAC of the raw body; a digit more or less, another prefix or body is no match', () => {
    const body = '{"object":"whatsapp_business_account","entry":[]}';
    const good = hubSignature(body, 'secret');
    expect(good).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(hubSignatureValid(body, good, 'secret')).toBe(true);
    expect(hubSignatureValid(body, good.toUpperCase().replace('SHA256=', 'sha256='), 'secret')).toBe(true);
    for (const bad of [
      `${good}0`,
      good.slice(0, -1),
      good.replace('sha256=', 'sha1='),
      good.replace('sha256=', ''),
      '',
      null,
    ])
      expect(hubSignatureValid(body, bad, 'secret')).toBe(false);
    expect(hubSignatureValid(`${body} `, good, 'secret')).toBe(false);
    expect(hubSignatureValid(body, good, 'other')).toBe(false);
  });

  test('the challenge only for subscribe with the right token', () => {
    const query = (text: string) => new URLSearchParams(text);
    expect(answerVerification(query('hub.mode=subscribe&hub.verify_token=tok&hub.challenge=42'), 'tok')).toBe('42');
    for (const bad of [
      'hub.mode=subscribe&hub.verify_token=to&hub.challenge=42',
      'hub.mode=subscribe&hub.challenge=42',
      'hub.verify_token=tok&hub.challenge=42',
      'hub.mode=subscribe&hub.verify_token=tok',
    ]) {
      expect(() => answerVerification(query(bad), 'tok')).toThrow(expect.objectContaining({ status: 403 }));
    }
  });
});

describe('the Reschedule reply', () => {
  const now = new Date('2026-11-26T04:00:00Z');
  test('our words and the link; within the notice it says to call instead', () => {
    const far = rescheduleReply({ start: '2026-11-28T10:00:00+05:30' }, 'https://site/appointments/x?token=t', now);
    expect(far).toContain('To move or cancel your call on 28 Nov, 10:00 am IST, open your private link:');
    expect(far).toContain('https://site/appointments/x?token=t');
    expect(far).not.toContain('call or WhatsApp');
    const near = rescheduleReply({ start: '2026-11-26T15:00:00+05:30' }, 'https://site/a', now);
    expect(near).toContain(`less than ${business.promises.rescheduleNoticeHours} hours away`);
    expect(near).toContain(business.contact.phone);
    const session = rescheduleReply(
      {
        start: '2026-11-28T10:00:00+05:30',
        session: { clientId: 'c', packageName: 'P', minutes: 60, slotKeys: ['k'], outcome: null, note: null },
      },
      'https://site/client/c?token=t',
      now,
    );
    expect(session).toContain('your session on 28 Nov, 10:00 am IST, open your client page:');
  });
});

describe('the thanks for a Confirm', () => {
  const now = new Date('2026-11-26T04:00:00Z');
  test('a plain name and the time in our words; a name that is not plain is left out', () => {
    const reply = confirmReply({ start: '2026-11-28T10:00:00+05:30', name: 'Asha Rao' }, now);
    expect(reply).toMatch(/^Thank you, Asha Rao: your call on 28 Nov, 10:00 am IST is confirmed\./);
    expect(reply).toContain('tap Reschedule');
    // Within the notice the page cannot move it any more: no word about Reschedule.
    const near = confirmReply({ start: '2026-11-26T15:00:00+05:30', name: 'visit www.spam.example' }, now);
    expect(near).toMatch(/^Thank you: your call on .+ is confirmed\./);
    expect(near).not.toContain('Reschedule');
  });
});

describe("the owner's alert", () => {
  test("a sender's alerts are counted over the IST day so far, one count per number", () => {
    const at = new Date('2026-11-26T00:30:00Z'); // 06:00 IST
    expect(inboundAlertAllowance('919876543210', at)).toMatchObject({
      limit: OWNER_ALERTS_PER_SENDER_PER_DAY,
      windowMs: 6 * 3_600_000,
    });
    expect(inboundAlertAllowance('919876543210', at).key).not.toBe(inboundAlertAllowance('919876543211', at).key);
  });

  const base = { number: '919876543210', at: '2026-11-26T04:00:00Z', type: 'text' };
  test('names a plain profile name and the number; the text cut and escaped in HTML', () => {
    const mail = whatsappInboundMail(
      { ...base, profileName: 'Asha Rao', text: 'Hi <script>alert(1)</script> & bye' },
      'https://site',
    );
    expect(mail.subject).toBe('WhatsApp message from Asha Rao (+919876543210)');
    expect(mail.text).toContain('Message: Hi <script>alert(1)</script> & bye');
    expect(mail.html).toContain('Hi &lt;script&gt;alert(1)&lt;/script&gt; &amp; bye');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('href="https://wa.me/919876543210"');
    const long = whatsappInboundMail({ ...base, profileName: null, text: 'x'.repeat(5000) }, 'https://site');
    expect(long.text).toContain(`${'x'.repeat(WHATSAPP_ALERT_TEXT_CHARS)}…`);
    expect(long.text).not.toContain('x'.repeat(WHATSAPP_ALERT_TEXT_CHARS + 1));
  });

  test('a profile name that is not a plain name stays out of the subject; a photo is named by its type', () => {
    const mail = whatsappInboundMail(
      { ...base, type: 'image', profileName: 'Visit evil.example now', text: null },
      'https://site',
    );
    expect(mail.subject).toBe('WhatsApp message from +919876543210');
    expect(mail.text).not.toContain('evil.example');
    expect(mail.text).toContain('(a message of type image: open WhatsApp to see it)');
    const hidden = whatsappInboundMail({ ...base, profileName: null, text: 'pay\u202Eevil\u0007 now' }, 'https://site');
    expect(hidden.text).toContain('Message: payevil now');
  });
});

describe("the owner's WhatsApp alert", () => {
  test('the lead alert template: our label, a plain name or Someone, the number, what was sent', () => {
    const base = { number: '919876543210', at: '2026-11-26T04:00:00Z', type: 'text' };
    expect(ownerInboundAlert({ ...base, profileName: 'Asha', text: 'Hello' })).toEqual({
      purpose: 'ownerLeadAlert',
      body: ['WhatsApp message from a visitor', 'Asha', '+919876543210', 'Hello'],
    });
    expect(
      ownerInboundAlert({ ...base, type: 'audio', profileName: 'www.spam.example', text: null }).body.slice(1),
    ).toEqual(['Someone', '+919876543210', 'a message of type audio, not text']);
  });
});
