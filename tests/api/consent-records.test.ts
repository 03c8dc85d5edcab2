import { describe, expect, test } from 'vitest';
import bookCallFn from '../../netlify/functions/book-call.mts';
import contactFn from '../../netlify/functions/contact.mts';
import corporateFn from '../../netlify/functions/corporate-enquiries.mts';
import newsletterFn from '../../netlify/functions/newsletter.mts';
import downloadsFn from '../../netlify/functions/resource-downloads.mts';
import { noticeVersion, privacyContactFrom } from '../../src/lib/privacy/notice';
import { WHATSAPP_CONSENT_WORDS } from '../../src/lib/whatsappConsent';
import { bookings } from '../../src/server/leads/bookings';
import { contacts } from '../../src/server/leads/contacts';
import { corporateEnquiries } from '../../src/server/leads/corporateEnquiries';
import { downloads } from '../../src/server/leads/downloads';
import { subscribers } from '../../src/server/leads/subscribers';
import { call, jsonOf } from './support/call';

// Every submission stores what the person agreed to (docs/privacy.md, "Consent records"): the
// notice version the site shows, the purposes, the server's time. Read back from the store.

const version = noticeVersion(privacyContactFrom(process.env));
const forged = { notice: 'ffffffffffffffff', purposes: ['newsletter'], at: '2001-01-01T00:00:00.000Z' };

function expectStamped(consent: unknown, purposes: string[], from: number) {
  expect(consent).toEqual({ notice: version, purposes, at: expect.any(String) });
  const at = Date.parse((consent as { at: string }).at);
  expect(at).toBeGreaterThanOrEqual(from - 1000);
  expect(at).toBeLessThanOrEqual(Date.now());
}

describe('a submission stores the notice version and the purposes agreed', () => {
  test('the contact form, with the WhatsApp box ticked: answering the request and WhatsApp updates', async () => {
    const from = Date.now();
    const response = await call(contactFn, '/api/contact', {
      body: {
        name: 'Consent Contact',
        email: 'consent.contact@example.com',
        phone: '98452 30001',
        whoIsThisFor: 'college',
        whatsappOptIn: true,
        consent: forged,
      },
    });
    expect(response.status).toBe(201);
    const { contact } = await jsonOf<{ contact: { id: string } }>(response);
    const stored = await contacts.get(contact.id);
    expectStamped(stored?.consent, ['answer-request', 'whatsapp-updates'], from);
    expect(stored?.whatsappConsent).toEqual({ at: stored?.consent?.at, words: WHATSAPP_CONSENT_WORDS });
  });

  test('a call request without the box: answering the request only', async () => {
    const from = Date.now();
    const response = await call(bookCallFn, '/api/book-call', {
      body: { name: 'Consent Caller', phone: '98452 30002', background: 'college-graduate', consent: forged },
    });
    expect(response.status).toBe(201);
    const { booking } = await jsonOf<{ booking: { id: string } }>(response);
    const stored = await bookings.get(booking.id);
    expectStamped(stored?.consent, ['answer-request'], from);
    expect(stored?.whatsappConsent).toBeUndefined();
  });

  test('a download and a corporate enquiry', async () => {
    const from = Date.now();
    const download = await call(downloadsFn, '/api/resource-downloads', {
      body: {
        fullName: 'Consent Reader',
        email: 'consent.reader@example.com',
        mobile: '9845230003',
        currentStage: 'senior',
        resourceId: 'executive-guide',
        resourceTitle: 'Executive Career Acceleration Guide',
      },
    });
    expect(download.status).toBe(201);
    const { download: stored } = await jsonOf<{ download: { id: string } }>(download);
    expectStamped((await downloads.get(stored.id))?.consent, ['answer-request'], from);

    const enquiry = await call(corporateFn, '/api/corporate-enquiries', {
      body: {
        name: 'Consent Employer',
        email: 'consent.employer@acme.example',
        phone: '98452 30004',
        company: 'Acme Industries',
        employees: '1000-4999',
        role: 'CHRO',
        message: 'Coaching for our managers.',
        whatsappOptIn: true,
      },
    });
    expect(enquiry.status).toBe(201);
    const created = await jsonOf<{ id: string }>(enquiry);
    expectStamped((await corporateEnquiries.get(created.id))?.consent, ['answer-request', 'whatsapp-updates'], from);
  });

  test('the newsletter: the newsletter', async () => {
    const from = Date.now();
    const response = await call(newsletterFn, '/api/newsletter', {
      body: { email: 'consent.subscriber@example.com', consent: forged },
    });
    expect(response.status).toBe(200);
    const stored = (await subscribers.all()).find((item) => item.email === 'consent.subscriber@example.com');
    expectStamped(stored?.consent, ['newsletter'], from);
  });
});
