import { describe, expect, test } from 'vitest';
import bookCallFn from '../../netlify/functions/book-call.mts';
import bookingsFn from '../../netlify/functions/bookings.mts';
import privacyFn from '../../netlify/functions/privacy.mts';
import { storeNames } from '../../src/lib/privacy/inventory';
import { PARENT_CONSENT_WORDS } from '../../src/lib/privacy/minor';
import { bookings } from '../../src/server/leads/bookings';
import { erasureLog } from '../../src/server/privacy/erasureLog';
import { holdsWork } from '../../src/server/privacy/parentHolds';
import { collectionStore } from '../../src/server/storage/blobs';
import { OWNER_ADDRESS } from './support/mail-receivers';
import { call, jsonOf, settleAfterResponse } from './support/call';
import { useMailReceivers } from './support/mail-suite';

// Parents first for students (docs/privacy.md, "Students and parents"): a request for a student
// under 18 is held, nothing announced, counted or sent to the child; the parent's link confirms
// it and only then is the lead stored and followed up; unconfirmed after 7 days, it is erased.

const mail = useMailReceivers();
let people = 0;

function family() {
  people += 1;
  const tail = `${String(Date.now() % 100_000).padStart(5, '0')}${String(people).padStart(2, '0')}`.slice(-7);
  return {
    student: `Anaya Kulkarni${'abcdefgh'[people % 8]}`,
    childPhone: `931${tail}`,
    parentName: 'Sunita Kulkarni',
    parentPhone: `932${tail}`,
    parentEmail: `sunita.${people}.${Date.now()}@example.com`,
  };
}
type Family = ReturnType<typeof family>;

const askCall = (who: Family, extra: Record<string, unknown> = {}) =>
  call(bookCallFn, '/api/book-call', {
    body: {
      name: who.student,
      phone: who.childPhone,
      background: 'student-10-12',
      minor: true,
      parentName: who.parentName,
      parentPhone: who.parentPhone,
      parentEmail: who.parentEmail,
      ...extra,
    },
  });

function linkOf(email: string): { id: string; token: string } {
  const message = mail.smtp.mails.find((each) => each.to.includes(email) && each.subject.startsWith('Please confirm'));
  expect(message, 'the parent mail').toBeDefined();
  const [, id, token] = /\/privacy\/parent\/(\S+)\?token=(\S+)/.exec(message!.text)!;
  return { id: id!, token: token! };
}

const confirm = (link: { id: string; token: string }, body: unknown) =>
  call(privacyFn, `/api/privacy/parent/${link.id}?token=${link.token}`, { body, params: { id: link.id } });

/** Every store read back: those whose blobs mention the text. */
async function storesHolding(text: string): Promise<string[]> {
  const found: string[] = [];
  for (const name of storeNames) {
    const store = collectionStore(name);
    const { blobs } = await store.list();
    for (const { key } of blobs) {
      if (`${key}${(await store.get(key, { type: 'text' })) ?? ''}`.replace(/\s/g, '').includes(text)) {
        found.push(name);
        break;
      }
    }
  }
  return found;
}

describe("a minor's call request", () => {
  test('held: 202, nothing announced or stored as a lead; the parent confirms and the lead appears, every message to the parent', async () => {
    const who = family();
    const before = await bookings.count();
    const response = await askCall(who);
    expect(response.status).toBe(202);
    expect(await jsonOf(response)).toEqual({ status: 'awaiting-parent' });
    await settleAfterResponse();
    expect(await bookings.count()).toBe(before);
    // Nothing announced to the owner, nothing to the child; only the parent's link.
    expect(mail.smtp.mails.some((each) => each.text.includes(who.student) && each.to.includes(OWNER_ADDRESS))).toBe(
      false,
    );
    const link = linkOf(who.parentEmail);
    // The child's own number was never kept.
    expect(await storesHolding(who.childPhone)).toEqual([]);

    for (const body of [{}, { isParent: true, isAdult: false, consent: true }, { isParent: true, isAdult: true }]) {
      const refused = await confirm(link, body);
      expect(refused.status).toBe(400);
    }
    expect(
      (await confirm({ ...link, token: 'A'.repeat(32) }, { isParent: true, isAdult: true, consent: true })).status,
    ).toBe(404);
    expect(await bookings.count()).toBe(before);

    const confirmed = await confirm(link, { isParent: true, isAdult: true, consent: true });
    expect(confirmed.status).toBe(200);
    await settleAfterResponse();
    const lead = (await bookings.all()).find((each) => each.fullName === who.student);
    expect(lead).toMatchObject({
      mobile: who.parentPhone,
      email: who.parentEmail,
      currentStage: 'Student in Class 10-12',
      parentConsent: { parentName: who.parentName, words: PARENT_CONSENT_WORDS },
    });
    expect(lead?.attribution).toBeUndefined();
    // Announced now, to the owner; the link is spent.
    expect(mail.smtp.mails.some((each) => each.to.includes(OWNER_ADDRESS) && each.text.includes(who.student))).toBe(
      true,
    );
    expect((await confirm(link, { isParent: true, isAdult: true, consent: true })).status).toBe(404);
    expect(await storesHolding(who.childPhone)).toEqual([]);
  });

  test('the parent fields are required: 400 naming each, nothing held', async () => {
    const who = family();
    const missing = await askCall(who, { parentName: undefined, parentPhone: undefined, parentEmail: undefined });
    expect(missing.status).toBe(400);
    const { fields } = await jsonOf<{ fields: Record<string, string> }>(missing);
    expect(Object.keys(fields).sort()).toEqual(['parentEmail', 'parentName', 'parentPhone']);
    const unanswered = await askCall(who, { minor: undefined });
    expect((await jsonOf<{ fields: Record<string, string> }>(unanswered)).fields).toHaveProperty('minor');
    await settleAfterResponse();
    expect(mail.smtp.mails.some((each) => each.to.includes(who.parentEmail))).toBe(false);
  });

  test('unconfirmed after 7 days: erased, and the erasure logged', async () => {
    const who = family();
    expect((await askCall(who)).status).toBe(202);
    await settleAfterResponse();
    expect(await storesHolding(who.parentPhone)).toContain('parent-holds');
    const eightDaysOn = new Date(Date.now() + 8 * 86_400_000);
    const work = await holdsWork(eightDaysOn, Date.now() + 10_000);
    expect(work.expired).toBeGreaterThanOrEqual(1);
    expect(await storesHolding(who.parentPhone)).toEqual([]);
    expect((await erasureLog()).some((line) => line.reason === 'parent-unconfirmed')).toBe(true);
  });
});

describe('a student package for a student under 18', () => {
  test('asks class and school, not designation: held for the parent, nothing to pay until they confirm', async () => {
    const who = family();
    const response = await call(bookingsFn, '/api/bookings', {
      body: {
        packageId: 'achieve',
        fullName: who.student,
        mobile: who.parentPhone,
        studentClass: '10',
        school: 'Kendriya Vidyalaya',
        minor: true,
        parentName: who.parentName,
        parentPhone: who.parentPhone,
        parentEmail: who.parentEmail,
      },
    });
    expect(response.status).toBe(202);
    await settleAfterResponse();
    const link = linkOf(who.parentEmail);
    expect((await confirm(link, { isParent: true, isAdult: true, consent: true })).status).toBe(200);
    expect((await bookings.all()).find((each) => each.fullName === who.student)).toMatchObject({
      packageId: 'achieve',
      currentStage: 'Class 10 student, Kendriya Vidyalaya',
      paymentStatus: 'pending',
    });
    const noClass = await call(bookingsFn, '/api/bookings', {
      body: { packageId: 'achieve', fullName: who.student, mobile: who.parentPhone, minor: false },
    });
    expect(Object.keys((await jsonOf<{ fields: Record<string, string> }>(noClass)).fields).sort()).toEqual([
      'school',
      'studentClass',
    ]);
  });
});
