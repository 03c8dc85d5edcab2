import type { ConsentPurpose } from '../../lib/privacy/consent';
import { MY_DATA_PATH } from '../../lib/privacy/links';
import type { MyDataView, PrivacyCorrection } from '../../lib/schemas/privacy';
import { afterResponse } from '../http/afterResponse';
import { notFound } from '../http/errors';
import { type Identity, leadRecordsOf } from '../leads';
import { privacyLinkMail, privacyLinkWhatsApp, privacyVerifyMail } from '../messages';
import { deliver, enqueue, newEntry, siteAddress } from '../notifications';
import { consentedNumber, whatsappEnabled } from '../whatsapp';
import { correctPerson } from './correct';
import { erasePerson } from './erase';
import type { ErasureReason } from './erasureLog';
import { findPersonData, identityOf } from './find';
import { keptPaymentIds } from './keptIndex';
import {
  LINK_VALID_MS,
  type PrivacyRequestRecord,
  allRequests,
  answerBy,
  newLinkToken,
  readRequest,
  storeRequest,
  tokenOpens,
  updateRequest,
} from './requests';
import { myDataView } from './view';
import { withdrawNewsletter, withdrawWhatsApp } from './withdraw';

// A person's rights, self-served (docs/privacy.md, "Rights"). The request is stored and answered
// 202 at once, the same for a known and an unknown person; the work follows after the answer
// (and the minute job finishes what a dying instance left): find whether anything is stored,
// and send the one-time link to the mailbox, or by WhatsApp to a number that opted in, or hand
// a number with neither to the owner to verify by phone.

/** POST /api/privacy/requests: stores the request, and sends the link after the answer. */
export async function receiveRequest(
  given: { email?: string | undefined; phone?: string | undefined },
  now: Date = new Date(),
): Promise<void> {
  const request = await storeRequest({ email: given.email ?? null, phone: given.phone ?? null, by: 'person' }, now);
  await afterResponse(`privacy request ${request.id}`, () => answerRequest(request.id, new Date()));
}

/** What the link is sent to, of what was given: the mailbox if anything is stored under it, else the number. */
async function channelFor(
  request: PrivacyRequestRecord,
): Promise<
  | { by: 'email'; value: string }
  | { by: 'whatsapp'; value: string; number: string }
  | { by: 'owner'; value: string }
  | null
> {
  // Whether anything is stored needs only the person index and the kept payments' listing: every
  // call, client and payment link comes with a lead record (a booking) under the same number and
  // mailbox. No store is read whole for a request anyone can make.
  const email = identityOf({ email: request.email });
  if (email.emails.length > 0 && (await anythingStored(email))) return { by: 'email', value: email.emails[0]! };
  const phone = identityOf({ phone: request.phone });
  if (phone.phones.length === 0 || !(await anythingStored(phone))) return null;
  const records = await leadRecordsOf(phone);
  const number = records.map(({ record }) => consentedNumber(record)).find((each) => each !== null);
  if (number && whatsappEnabled()) return { by: 'whatsapp', value: phone.phones[0]!, number };
  return request.phone ? { by: 'owner', value: request.phone } : null;
}

async function anythingStored(identity: Identity): Promise<boolean> {
  const [records, kept] = await Promise.all([leadRecordsOf(identity), keptPaymentIds(identity)]);
  return records.length + kept.length > 0;
}

/** Sends the request's link, once (the request's change over its ETag decides who sends). */
export async function answerRequest(id: string, now: Date): Promise<void> {
  const request = await readRequest(id);
  if (!request || request.status !== 'received') return;
  const channel = await channelFor(request);
  const { token, tokenHash } = newLinkToken();
  const expiresAt = new Date(now.getTime() + LINK_VALID_MS).toISOString();
  let won = false;
  await updateRequest(id, (current) => {
    if (current.status !== 'received') return null;
    won = true;
    if (!channel) return { ...current, status: 'nothing-stored', email: null, phone: null, doneAt: now.toISOString() };
    if (channel.by === 'owner') return { ...current, status: 'owner-to-verify', email: null };
    return {
      ...current,
      status: 'link-sent',
      verified: { by: channel.by === 'email' ? 'email' : 'phone', value: channel.value },
      tokenHash,
      linkExpiresAt: expiresAt,
      email: null,
      phone: null,
    };
  });
  // Queued even while mail is not set up: the message then fails where the owner sees it.
  if (!won || !channel) return;
  const site = siteAddress();
  const link = `${site}${MY_DATA_PATH}/${id}?token=${token}`;
  const base = { kind: 'privacy-link' as const, leadId: id, webhook: null };
  const entry =
    channel.by === 'email'
      ? (() => {
          const mail = privacyLinkMail(link, expiresAt);
          return newEntry({ ...base, channel: 'visitor-email', subject: mail.subject, to: channel.value, mail }, now);
        })()
      : channel.by === 'whatsapp'
        ? newEntry(
            {
              ...base,
              channel: 'whatsapp',
              subject: 'WhatsApp: your data link',
              to: channel.number,
              mail: null,
              whatsapp: privacyLinkWhatsApp(link, expiresAt, site),
            },
            now,
          )
        : (() => {
            const mail = privacyVerifyMail(
              { phone: channel.value, createdAt: request.createdAt, answerBy: answerBy(request) },
              site,
            );
            return newEntry(
              { ...base, kind: 'privacy-verify', channel: 'email', subject: mail.subject, to: null, mail },
              now,
            );
          })();
  await enqueue([entry]);
  await deliver(entry.id);
}

/** The request a link opens; 404 for a wrong or expired token exactly as for an unknown id. */
export async function openRequest(id: string, token: string, now: Date = new Date()): Promise<PrivacyRequestRecord> {
  const request = await readRequest(id);
  if (!request || !tokenOpens(request, token, now))
    throw notFound('This link is not valid any more. Ask for a new one.');
  return request;
}

/** Who a link proves: the mailbox or number it was sent to, and nothing else. */
export const identityOfRequest = (request: PrivacyRequestRecord): Identity =>
  identityOf(
    request.verified?.by === 'email' ? { email: request.verified.value } : { phone: request.verified?.value ?? null },
  );

export async function myData(request: PrivacyRequestRecord): Promise<MyDataView> {
  return myDataView(await findPersonData(identityOfRequest(request)), request);
}

/**
 * Corrects the person's records. The link still proves only the mailbox or number it went to:
 * a typed new address is never proof (anyone could type another person's), so records moved to
 * it leave this link's view, and a new link for the new address shows them.
 */
export async function correctMyData(
  request: PrivacyRequestRecord,
  change: PrivacyCorrection,
  now: Date = new Date(),
): Promise<MyDataView> {
  await correctPerson(identityOfRequest(request), change, now);
  return myData(request);
}

/** Withdraws one consent; withdrawing the answer to their requests is erasure. */
export async function withdrawConsent(
  request: PrivacyRequestRecord,
  purpose: ConsentPurpose,
  now: Date = new Date(),
): Promise<'withdrawn' | 'erasing'> {
  const identity = identityOfRequest(request);
  if (purpose === 'whatsapp-updates') await withdrawWhatsApp(identity);
  else if (purpose === 'newsletter') await withdrawNewsletter(identity);
  else {
    await askErasure(request, now);
    return 'erasing';
  }
  return 'withdrawn';
}

/** Marks the request for erasure and erases after the answer; the minute job finishes one cut short. */
export async function askErasure(request: PrivacyRequestRecord, now: Date = new Date()): Promise<void> {
  await updateRequest(request.id, (current) =>
    current.status === 'erasing' || current.status === 'erased'
      ? null
      : { ...current, status: 'erasing', erasureRequestedAt: now.toISOString() },
  );
  await afterResponse(`privacy erasure ${request.id}`, () => finishErasure(request.id, new Date()));
}

/** POST /api/admin/privacy/erase: the owner erases for a request received by phone or e-mail. */
export async function ownerErasure(
  given: { email?: string | undefined; phone?: string | undefined },
  now: Date = new Date(),
): Promise<string> {
  const request = await storeRequest({ email: given.email ?? null, phone: given.phone ?? null, by: 'owner' }, now);
  const identity = identityOf(given);
  // What the owner verified is what they gave: the request's own e-mail and phone (finishErasure).
  await updateRequest(request.id, (current) => ({
    ...current,
    status: 'erasing',
    erasureRequestedAt: now.toISOString(),
  }));
  await afterResponse(`privacy erasure ${request.id}`, () => finishErasure(request.id, new Date()));
  await closeVerifiedRequests(identity, now);
  return request.id;
}

/** Requests the owner had to verify by phone, answered by the owner's erasure for that number. */
async function closeVerifiedRequests(identity: Identity, now: Date): Promise<void> {
  const waiting = (await allRequests()).filter(
    (request) =>
      request.status === 'owner-to-verify' &&
      identity.phones.some((phone) => identityOf({ phone: request.phone }).phones.includes(phone)),
  );
  await Promise.all(
    waiting.map((request) =>
      updateRequest(request.id, (current) =>
        current.status === 'owner-to-verify'
          ? { ...current, status: 'erased', phone: null, doneAt: now.toISOString() }
          : null,
      ),
    ),
  );
}

/** How long an erasure's claim keeps another run away (an erasure reads whole stores: minutes at most). */
const ERASURE_CLAIM_MS = 5 * 60_000;

/** Erases for an 'erasing' request, then clears the request of the person. Idempotent. */
export async function finishErasure(id: string, now: Date): Promise<void> {
  // Claimed first, over the request's ETag: the request's own follow-up and the minute job never
  // erase at once, and a claim left by a run that died expires.
  let claimed = false;
  const request = await updateRequest(id, (current) => {
    claimed = false;
    if (current.status !== 'erasing') return null;
    const claim = current.erasureClaimedAt ? Date.parse(current.erasureClaimedAt) : 0;
    if (now.getTime() - claim < ERASURE_CLAIM_MS) return null;
    claimed = true;
    return { ...current, erasureClaimedAt: now.toISOString() };
  });
  if (!request || !claimed) return;
  const reason: ErasureReason = request.by === 'owner' ? 'owner' : 'request';
  const identity: Identity =
    request.by === 'owner' ? identityOf({ email: request.email, phone: request.phone }) : identityOfRequest(request);
  await erasePerson(identity, reason, id, now);
  await updateRequest(id, (current) => ({
    ...current,
    status: 'erased',
    email: null,
    phone: null,
    verified: null,
    tokenHash: null,
    doneAt: now.toISOString(),
  }));
}
