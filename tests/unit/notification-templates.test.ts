import { describe, expect, test } from 'vitest';
import { business } from '../../src/lib/business';
import { attributionSchema } from '../../src/lib/schemas/attribution';
import type { LeadEvent } from '../../src/server/leads/leadEvents';
import { ownerEmail, ownerWebhook, plainName, visitorEmail } from '../../src/server/messages';
import { escapeHtml, telHref } from '../../src/server/messages/format';
import { callbackPromise } from '../../src/server/messages/ownerFacts';
import { escapeChatText } from '../../src/server/messages/webhook';

const SITE = 'https://cccedu.example';

function event(overrides: Partial<LeadEvent> = {}): LeadEvent {
  return {
    kind: 'discovery-call',
    leadId: '8204626134447-e79ff34b0c',
    // 10:00 IST
    at: '2026-11-23T04:30:00.000Z',
    person: { name: 'Asha Rao', phone: '98450 11111', email: null },
    choice: 'Free Discovery Call',
    details: [{ label: 'Current stage', value: 'College Graduate' }],
    attribution: null,
    ...overrides,
  };
}

describe('owner messages', () => {
  test('escape everything a visitor typed in the HTML part', () => {
    const mail = ownerEmail(
      event({ person: { name: '<img src=x onerror=alert(1)>', phone: '98450 11111', email: 'a"b@example.com' } }),
      SITE,
    );
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.html).toContain('mailto:a&quot;b@example.com');
    expect(escapeHtml(`<a href='x'>&</a>`)).toBe('&lt;a href=&#39;x&#39;&gt;&amp;&lt;/a&gt;');
  });

  test('phone numbers become tel: links that dial from anywhere', () => {
    expect(telHref('98450 11111')).toBe('tel:+919845011111');
    expect(telHref('+91 98450-11111')).toBe('tel:+919845011111');
    expect(telHref('919845011111')).toBe('tel:+919845011111');
    expect(telHref('+44 20 7946 0958')).toBe('tel:+442079460958');
    const mail = ownerEmail(event(), SITE);
    expect(mail.html).toContain('<a href="tel:+919845011111">98450 11111</a>');
    expect(mail.text).toContain('Phone: 98450 11111 (tel:+919845011111)');
  });

  test('the callback promise comes from the business facts: 4 hours after a call request, 24 after a contact, none for a download', () => {
    expect(callbackPromise(event())).toBe(
      `The site promised a call back within ${business.promises.callbackAfterCallHours} business hours: by 23 Nov, 2:00 pm IST.`,
    );
    // Monday 10:00 IST + 24 business hours: 8 on Monday, 9 on Tuesday, 7 on Wednesday.
    expect(callbackPromise(event({ kind: 'contact' }))).toBe(
      `The site promised a reply within ${business.promises.responseHours} business hours: by 25 Nov, 4:00 pm IST.`,
    );
    expect(callbackPromise(event({ kind: 'resource-download' }))).toBeNull();
    expect(callbackPromise(event({ kind: 'newsletter' }))).toBeNull();
    expect(ownerEmail(event(), SITE).text).toContain('Promise: The site promised a call back within 4 business hours');
    expect(ownerEmail(event({ kind: 'resource-download' }), SITE).text).not.toContain('Promise:');
  });

  test('say where the lead came from and link to the admin', () => {
    const mail = ownerEmail(
      event({ attribution: { source: 'google', medium: 'cpc', campaign: 'diwali', landingPage: '/quiz' } }),
      SITE,
    );
    expect(mail.text).toContain('Source: google / cpc (campaign diwali); landed on /quiz');
    expect(mail.text).toContain(`In the admin: ${SITE}/admin/bookings#customers`);
    expect(ownerEmail(event(), SITE).text).toContain('Source: (direct)');
    const hook = ownerWebhook(event({ attribution: { source: 'google', medium: 'cpc' } }), SITE);
    expect(hook).toMatchObject({
      kind: 'discovery-call',
      source: 'google',
      medium: 'cpc',
      campaign: null,
      phoneHref: 'tel:+919845011111',
      adminUrl: `${SITE}/admin/bookings#customers`,
    });
    expect(hook.text).toBe(mail.text.replace('google / cpc (campaign diwali); landed on /quiz', 'google / cpc'));
  });

  test('a payment names the amount in rupees and its id, nothing more about the payment', () => {
    const paid = event({
      kind: 'payment-captured',
      choice: 'Ascend Plus',
      details: [],
      payment: {
        packageName: 'Ascend Plus',
        amount: 10599,
        paymentId: 'pay_ABC123def456',
        bookingId: '8204626134447-e79ff34b0c',
        failureReason: null,
      },
    });
    const mail = ownerEmail(paid, SITE);
    expect(mail.subject).toBe('Payment captured: ₹10,599 for Ascend Plus (Asha Rao)');
    expect(mail.text).toContain('Payment id: pay_ABC123def456');
  });
});

describe('visitor confirmations', () => {
  test('only contact, download and paid package send one, and only with an e-mail', () => {
    expect(
      visitorEmail(event({ kind: 'discovery-call', person: { name: 'A', phone: '1', email: 'a@example.com' } }), SITE),
    ).toBeNull();
    expect(visitorEmail(event({ kind: 'contact' }), SITE)).toBeNull();
    expect(
      visitorEmail(event({ kind: 'newsletter', person: { name: null, phone: null, email: 'a@example.com' } }), SITE),
    ).toBeNull();
  });

  test('the contact confirmation promises 24 hours in business hours and says what to prepare', () => {
    const mail = visitorEmail(
      event({ kind: 'contact', person: { name: 'Meera', phone: '1', email: 'm@example.com' } }),
      SITE,
    )!;
    // The promise the owner reads, with the same due time.
    expect(mail.text).toContain(
      `We'll reply within ${business.promises.responseHours} business hours (${business.contact.hoursShort}): by `,
    );
    const due = /: by ([^.]+ IST)\./.exec(mail.text)?.[1];
    expect(callbackPromise(event({ kind: 'contact' }))).toContain(`by ${due}.`);
    expect(mail.text).toContain('have ready');
    expect(mail.text).toContain(business.contact.phone);
    expect(mail.html).toContain('Dear Meera,');
  });

  test('the download confirmation links to the file', () => {
    const mail = visitorEmail(
      event({
        kind: 'resource-download',
        person: { name: 'Ravi', phone: '1', email: 'r@example.com' },
        download: { resourceId: 'executive-guide', title: 'Executive <Guide>' },
      }),
      SITE,
    )!;
    expect(mail.subject).toBe('Your download: Executive <Guide>');
    expect(mail.text).toContain(`Download: ${SITE}/api/download/executive-guide`);
    expect(mail.html).toContain(`<a href="${SITE}/api/download/executive-guide">`);
    expect(mail.html).toContain('Executive &lt;Guide&gt;');
  });

  test('the receipt lists package, amount in rupees, payment id and next steps', () => {
    const mail = visitorEmail(
      event({
        kind: 'payment-captured',
        person: { name: 'Kiran', phone: '1', email: 'k@example.com' },
        payment: {
          packageName: 'Ascend',
          amount: 5999,
          paymentId: 'pay_ABC123def456',
          bookingId: 'x',
          failureReason: null,
        },
      }),
      SITE,
    )!;
    expect(mail.text).toContain('Package: Ascend');
    expect(mail.text).toContain('Amount paid: ₹5,999');
    expect(mail.text).toContain('Payment id: pay_ABC123def456');
    expect(mail.text).toContain('Next steps');
    expect(mail.text).not.toContain('Book A Free Call');
  });

  test('the receipt links the client space and says how many sessions the package includes', () => {
    const url = `${SITE}/client/8200000000000-0123456789?token=${'t'.repeat(43)}`;
    const mail = visitorEmail(
      event({
        kind: 'payment-captured',
        person: { name: 'Kiran', phone: '1', email: 'k@example.com' },
        payment: {
          packageName: 'Ascend Plus',
          amount: 10599,
          paymentId: 'pay_ABC123def456',
          bookingId: 'x',
          failureReason: null,
          clientSpaceUrl: url,
          sessions: 3,
        },
      }),
      SITE,
    )!;
    expect(mail.text).toContain('Your package includes 3 coaching sessions.');
    expect(mail.text).toContain(`Book your sessions: ${url}`);
    expect(mail.html).toContain(`href="${url}"`);
    expect(mail.text).toContain('up to 24 hours before');
  });
});

describe('attribution schema', () => {
  test('trims, bounds and refuses unknown keys', () => {
    expect(attributionSchema.parse({ source: '  google ' })).toEqual({ source: 'google' });
    expect(attributionSchema.safeParse({ source: 'x'.repeat(201) }).success).toBe(false);
    expect(attributionSchema.safeParse({ referrer: 'x'.repeat(500) }).success).toBe(true);
    expect(attributionSchema.safeParse({ referrer: 'x'.repeat(501) }).success).toBe(false);
    const unknown = attributionSchema.safeParse({ utm_source: 'google' });
    expect(unknown.success).toBe(false);
    expect(JSON.stringify(unknown.error?.issues)).toContain('utm_source');
  });
});

describe('what a visitor confirmation may repeat', () => {
  test('a plain name: letters, spaces, dots and hyphens, at most 4 words and 40 characters', () => {
    expect(plainName('  Asha   Rao ')).toBe('Asha Rao');
    expect(plainName('J. R. D. Tata')).toBe('J. R. D. Tata');
    expect(plainName('Zoë Müller-Lüdenscheidt')).toBe('Zoë Müller-Lüdenscheidt');
    expect(plainName('आशा राव')).toBe('आशा राव');
    for (const refused of [
      null,
      '',
      'Asha Rao 2',
      'a b c d e',
      'x'.repeat(41),
      'evil.example',
      'Visit www now',
      '<b>Asha</b>',
      'Asha, call me',
      '-Asha',
      'https://evil.example',
    ]) {
      expect(plainName(refused), String(refused)).toBeNull();
    }
  });

  test('anything else greets with "Hello," and the webhook escapes what chat apps read as markup', () => {
    expect(
      visitorEmail(
        event({ kind: 'contact', person: { name: 'Win at evil.example', phone: null, email: 'a@example.com' } }),
        SITE,
      )?.text,
    ).toMatch(/^Hello,\n/);
    expect(escapeChatText('<!here> & <https://x|y>')).toBe('&lt;!here&gt; &amp; &lt;https://x|y&gt;');
  });
});
