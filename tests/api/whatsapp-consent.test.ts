import { beforeAll, describe, expect, test } from 'vitest';
import appointmentsFn from '../../netlify/functions/appointments.mts';
import bookCallFn from '../../netlify/functions/book-call.mts';
import bookingsFn from '../../netlify/functions/bookings.mts';
import contactFn from '../../netlify/functions/contact.mts';
import corporateFn from '../../netlify/functions/corporate-enquiries.mts';
import createOrderFn from '../../netlify/functions/create-razorpay-order.mts';
import downloadsFn from '../../netlify/functions/resource-downloads.mts';
import slotsFn from '../../netlify/functions/slots.mts';
import type { PublicAppointment, SlotsAnswer } from '../../src/lib/schemas/appointment';
import { WHATSAPP_CONSENT_WORDS } from '../../src/lib/whatsappConsent';
import { readAppointment } from '../../src/server/booking/store';
import { bookings } from '../../src/server/leads/bookings';
import { contacts } from '../../src/server/leads/contacts';
import { corporateEnquiries } from '../../src/server/leads/corporateEnquiries';
import { downloads } from '../../src/server/leads/downloads';
import { adminCookie } from './support/admin';
import { openAllDay } from './support/availability';
import { call, jsonOf } from './support/call';
import { useFakeGateway } from './support/payments';

// WhatsApp consent (docs/whatsapp.md, Consent) on every lead form, through the real handlers: a ticked box
// (`whatsappOptIn: true`) is stored on the lead with the server's time and the words shown; an
// unticked one stores nothing; anything but a boolean is a 400 naming the field, storing nothing.

useFakeGateway();
beforeAll(async () => openAllDay(await adminCookie()));

let people = 0;
const nextPhone = () => {
  people += 1;
  return `98${String(60_000_000 + people * 7907).slice(-8)}`;
};

interface Form {
  name: string;
  /** Sends the form with `extra` in its body; the stored record, or the response when it is not 201. */
  send(extra: Record<string, unknown>): Promise<Response>;
  stored(response: Response): Promise<unknown>;
}

let slotIndex = 0;
async function nextSlot(): Promise<string> {
  const { slots } = await jsonOf<SlotsAnswer>(await call(slotsFn, '/api/slots?days=7'));
  slotIndex += 1;
  const slot = slots.filter((candidate) => Date.parse(candidate.start) - Date.now() > 2 * 3_600_000)[slotIndex * 3];
  if (!slot) throw new Error('no free slot');
  return slot.start;
}

const forms: Form[] = [
  {
    name: 'free call modal (/api/book-call)',
    send: (extra) =>
      call(bookCallFn, '/api/book-call', {
        body: { name: 'Asha Rao', phone: nextPhone(), background: 'college-graduate', ...extra },
      }),
    stored: async (response) => bookings.get((await jsonOf<{ booking: { id: string } }>(response)).booking.id),
  },
  {
    name: 'contact form (/api/contact)',
    send: (extra) =>
      call(contactFn, '/api/contact', {
        body: {
          name: 'Asha Rao',
          email: `asha${people}@example.com`,
          phone: nextPhone(),
          whoIsThisFor: 'college',
          ...extra,
        },
      }),
    stored: async (response) => contacts.get((await jsonOf<{ contact: { id: string } }>(response)).contact.id),
  },
  {
    name: 'download dialog (/api/resource-downloads)',
    send: (extra) =>
      call(downloadsFn, '/api/resource-downloads', {
        body: {
          fullName: 'Asha Rao',
          email: 'asha@example.com',
          mobile: nextPhone(),
          currentStage: 'graduates',
          resourceId: 'executive-guide',
          ...extra,
        },
      }),
    stored: async (response) => downloads.get((await jsonOf<{ download: { id: string } }>(response)).download.id),
  },
  {
    name: "appointment booking (/api/appointments, the contact form's details)",
    send: async (extra) =>
      call(appointmentsFn, '/api/appointments', {
        body: {
          start: await nextSlot(),
          name: 'Asha Rao',
          phone: nextPhone(),
          email: `slot${people}@example.com`,
          ...extra,
        },
        ip: `10.31.0.${people}`,
      }),
    stored: async (response) => {
      const { appointment } = await jsonOf<{ appointment: PublicAppointment }>(response);
      const stored = await readAppointment(appointment.id);
      // The booking it made holds the same consent as the call.
      expect((await bookings.get(appointment.bookingId))?.whatsappConsent).toEqual(stored?.whatsappConsent);
      return stored;
    },
  },
  {
    name: 'checkout page (/api/create-razorpay-order)',
    send: (extra) =>
      call(createOrderFn, '/api/create-razorpay-order', {
        body: {
          packageId: 'ascend',
          customerName: 'Asha Rao',
          customerEmail: 'asha@example.com',
          customerPhone: nextPhone(),
          customerState: 'Karnataka',
          ...extra,
        },
      }),
    stored: async (response) => bookings.get((await jsonOf<{ bookingId: string }>(response)).bookingId),
  },
  {
    name: 'package popup (/api/bookings)',
    send: (extra) =>
      call(bookingsFn, '/api/bookings', {
        body: {
          fullName: 'Asha Rao',
          mobile: nextPhone(),
          designation: 'Analyst',
          company: 'Acme',
          industry: 'Tech',
          packageId: 'ascend',
          ...extra,
        },
      }),
    stored: async (response) => bookings.get((await jsonOf<{ booking: { id: string } }>(response)).booking.id),
  },
  {
    name: 'corporate enquiry (/api/corporate-enquiries)',
    send: (extra) =>
      call(corporateFn, '/api/corporate-enquiries', {
        body: {
          name: 'Kavya Menon',
          email: 'kavya@acme.example',
          phone: nextPhone(),
          company: 'Acme',
          employees: '1000-4999',
          role: 'CHRO',
          ...extra,
        },
      }),
    stored: async (response) => corporateEnquiries.get((await jsonOf<{ id: string }>(response)).id),
  },
];

describe.each(forms)('$name', (form) => {
  test('a ticked box stores the consent with its time and the words shown; an unticked one stores none', async () => {
    const before = Date.now();
    const ticked = await form.send({ whatsappOptIn: true });
    expect(ticked.status).toBe(201);
    const record = (await form.stored(ticked)) as { whatsappConsent?: { at: string; words: string } } | null;
    expect(record?.whatsappConsent?.words).toBe(WHATSAPP_CONSENT_WORDS);
    const at = Date.parse(record?.whatsappConsent?.at ?? '');
    expect(at).toBeGreaterThanOrEqual(before);
    expect(at).toBeLessThanOrEqual(Date.now());

    for (const extra of [{}, { whatsappOptIn: false }]) {
      const unticked = await form.send(extra);
      expect(unticked.status).toBe(201);
      const plain = (await form.stored(unticked)) as Record<string, unknown> | null;
      expect(plain).not.toBeNull();
      expect(plain).not.toHaveProperty('whatsappConsent');
    }
  });

  test("whatsappOptIn: 'yes' is a 400 naming the field", async () => {
    const response = await form.send({ whatsappOptIn: 'yes' });
    expect(response.status).toBe(400);
    const body = await jsonOf<{ fields: Record<string, string> }>(response);
    expect(Object.keys(body.fields)).toContain('whatsappOptIn');
  });
});
