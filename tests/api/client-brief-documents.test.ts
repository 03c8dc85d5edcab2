import type { Context } from '@netlify/functions';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, test } from 'vitest';
import adminClientsFn from '../../netlify/functions/admin-clients.mts';
import clientSpaceFn from '../../netlify/functions/client-space.mts';
import slotsFn from '../../netlify/functions/slots.mts';
import { briefQuestions } from '../../src/lib/briefQuestions';
import type { BriefAnswer } from '../../src/lib/schemas/brief';
import type { AdminClientsAnswer, SessionAnswer } from '../../src/lib/schemas/client';
import {
  type ClientDocumentsAnswer,
  DOCUMENT_PART_BYTES,
  type DocumentUploadStarted,
  MAX_DOCUMENT_BYTES,
} from '../../src/lib/schemas/clientDocument';
import type { Slot, SlotsAnswer } from '../../src/lib/schemas/appointment';
import { BRIEF_REMINDER_HOURS, sendDueBriefReminders } from '../../src/server/clients/briefReminder';
import { readBrief } from '../../src/server/clients/brief';
import { documentsOf, readDocumentFile } from '../../src/server/clients/documents';
import { UPLOAD_TTL_MS, pruneStaleUploads } from '../../src/server/clients/documentUploads';
import { readClient } from '../../src/server/clients/store';
import { erasePerson, findPersonData, identityOf } from '../../src/server/privacy';
import { recordsOf } from '../../src/server/privacy/view';
import { collectionStore } from '../../src/server/storage/blobs';
import { adminCookie } from './support/admin';
import { openAllDay } from './support/availability';
import { SITE, call, jsonOf, settleAfterResponse } from './support/call';
import { useMailReceivers } from './support/mail-suite';
import { useFakeGateway } from './support/payments';
import { type PaidClient, payAsClient } from './support/paidClient';

// The brief before the first session and the documents the owner shares (docs/client-space.md):
// real handlers over a real Blobs server, the fake Razorpay and a real SMTP server.

const gateway = useFakeGateway();
const mail = useMailReceivers();
let cookie: string;

beforeAll(async () => {
  cookie = await adminCookie();
  await openAllDay(cookie);
});

const HOUR = 3_600_000;

/** Pays ascend-plus through Checkout; the client link from the receipt mail. */
const pay = () =>
  payAsClient(gateway(), mail, { packageId: 'ascend-plus', name: 'Arjun Menon', state: 'Kerala', tag: 'brief' });

const WRONG_TOKEN = 'A'.repeat(43);

const briefGet = (client: PaidClient, token = client.token) =>
  call(clientSpaceFn, `/api/client-space/${client.id}/brief?token=${token}`, { params: { id: client.id } });
const briefPut = (client: PaidClient, answers: unknown, token = client.token) =>
  call(clientSpaceFn, `/api/client-space/${client.id}/brief?token=${token}`, {
    method: 'PUT',
    body: { answers },
    params: { id: client.id },
  });
const clientDocuments = (client: PaidClient, token = client.token) =>
  call(clientSpaceFn, `/api/client-space/${client.id}/documents?token=${token}`, { params: { id: client.id } });
const clientDownload = (client: PaidClient, docId: string, token = client.token) =>
  call(clientSpaceFn, `/api/client-space/${client.id}/documents/${docId}?token=${token}`, {
    params: { id: client.id, docId },
  });
const adminDocuments = (clientId: string) =>
  call(adminClientsFn, `/api/admin/clients/${clientId}/documents`, { cookie, params: { id: clientId } });

/** The owner's upload: the file's bytes as the body, its title in the query (the call helper sends text only). */
async function upload(
  clientId: string,
  bytes: Uint8Array | ReadableStream<Uint8Array>,
  { title = 'Assessment report', contentLength }: { title?: string; contentLength?: number } = {},
): Promise<Response> {
  const headers = new Headers({ cookie, origin: new URL(SITE).origin, 'content-type': 'application/pdf' });
  if (contentLength !== undefined) headers.set('content-length', String(contentLength));
  const request = new Request(
    new URL(`/api/admin/clients/${clientId}/documents?title=${encodeURIComponent(title)}`, SITE),
    {
      method: 'POST',
      headers,
      body: bytes,
      ...(bytes instanceof ReadableStream ? { duplex: 'half' } : {}),
    } as RequestInit,
  );
  const context = { params: { id: clientId }, ip: '127.0.0.1', requestId: 'test' } as unknown as Context;
  return adminClientsFn(request, context);
}

/** A raw-body request to the admin documents routes (a part, or a file in one request). */
async function sendRaw(
  method: 'POST' | 'PUT',
  path: string,
  params: Record<string, string>,
  bytes: Uint8Array | ReadableStream<Uint8Array>,
  contentLength?: number,
): Promise<Response> {
  const headers = new Headers({ cookie, origin: new URL(SITE).origin, 'content-type': 'application/pdf' });
  if (contentLength !== undefined) headers.set('content-length', String(contentLength));
  const request = new Request(new URL(path, SITE), {
    method,
    headers,
    body: bytes,
    ...(bytes instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit);
  const context = { params, ip: '127.0.0.1', requestId: 'test' } as unknown as Context;
  return adminClientsFn(request, context);
}

const startUploadCall = (clientId: string, body: unknown) =>
  call(adminClientsFn, `/api/admin/clients/${clientId}/documents/uploads`, { cookie, body, params: { id: clientId } });
const putPart = (clientId: string, uploadId: string, n: number, bytes: Uint8Array | ReadableStream<Uint8Array>) =>
  sendRaw(
    'PUT',
    `/api/admin/clients/${clientId}/documents/uploads/${uploadId}/parts/${n}`,
    {
      id: clientId,
      uploadId,
      n: String(n),
    },
    bytes,
  );
const completeCall = (clientId: string, uploadId: string) =>
  call(adminClientsFn, `/api/admin/clients/${clientId}/documents/uploads/${uploadId}/complete`, {
    method: 'POST',
    cookie,
    params: { id: clientId, uploadId },
  });
/** The keys of the client's uploads in parts still open, read from the store. */
const openUploadKeys = async (clientId: string) =>
  (await collectionStore('client-documents').list({ prefix: `uploads/${clientId}/` })).blobs.map((blob) => blob.key);

async function startedUpload(clientId: string, size: number, title = 'Assessment report'): Promise<string> {
  const started = await startUploadCall(clientId, { title, size });
  expect(started.status).toBe(201);
  const answer = await jsonOf<DocumentUploadStarted>(started);
  expect(answer.partBytes).toBe(DOCUMENT_PART_BYTES);
  return answer.uploadId;
}

/** A real PDF (one page) padded past its %%EOF to `size` bytes with a pattern, so any misplaced byte shows. */
async function bigPdf(size: number): Promise<Uint8Array> {
  const head = await smallPdf('Assessment report, with its appendices');
  const bytes = new Uint8Array(size);
  bytes.set(head);
  for (let i = head.byteLength; i < size; i += 1) bytes[i] = (i * 31 + 7) & 0xff;
  return bytes;
}

const partsOf = (bytes: Uint8Array, partBytes = DOCUMENT_PART_BYTES) =>
  Array.from({ length: Math.ceil(bytes.byteLength / partBytes) }, (_, n) =>
    bytes.subarray(n * partBytes, (n + 1) * partBytes),
  );

async function smallPdf(text: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.addPage([300, 200]).drawText(text, { x: 20, y: 100, size: 14 });
  return pdf.save();
}

/** A stream of `total` bytes in 1 MB chunks that says nothing of its length up front. */
function streamOf(total: number, first: Uint8Array): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= total) return controller.close();
      const size = Math.min(1024 * 1024, total - sent);
      const chunk = new Uint8Array(size);
      if (sent === 0) chunk.set(first.subarray(0, size));
      sent += size;
      controller.enqueue(chunk);
    },
  });
}

async function freeSessionStart(fromHours: number, taken: number[]): Promise<Slot> {
  const response = await call(slotsFn, '/api/slots?days=7&kind=session&minutes=90');
  const { slots } = await jsonOf<SlotsAnswer>(response);
  const slot = slots.find(
    (candidate) =>
      Date.parse(candidate.start) - Date.now() >= fromHours * HOUR &&
      taken.every((start) => Math.abs(Date.parse(candidate.start) - start) >= 2 * HOUR),
  );
  if (!slot) throw new Error(`no free session ${fromHours} hours ahead`);
  taken.push(Date.parse(slot.start));
  return slot;
}

const professionals = briefQuestions.professionals;
const validAnswers = {
  currentRole: 'Senior analyst at a bank',
  yearsExperience: '07',
  goal: 'Move into product management\nwithin a year.',
  triedSoFar: '',
};

describe('the brief before the first session', () => {
  test("GET gives the client's questions; PUT stores the answers and GET reads them back", async () => {
    const client = await pay();
    const empty = await briefGet(client);
    expect(empty.status).toBe(200);
    expect(empty.headers.get('cache-control')).toBe('no-store');
    expect(await jsonOf<BriefAnswer>(empty)).toEqual({ questions: professionals, answers: {}, updatedAt: null });

    const saved = await briefPut(client, validAnswers);
    expect(saved.status).toBe(200);
    const expected = {
      currentRole: 'Senior analyst at a bank',
      yearsExperience: '7',
      goal: 'Move into product management\nwithin a year.',
    };
    expect((await jsonOf<BriefAnswer>(saved)).answers).toEqual(expected);
    const read = await jsonOf<BriefAnswer>(await briefGet(client));
    expect(read.answers).toEqual(expected);
    expect(read.updatedAt).not.toBeNull();
    expect((await readBrief(client.id))?.answers).toEqual(expected);

    // The owner sees them beside the client's sessions.
    const page = await jsonOf<AdminClientsAnswer>(
      await call(adminClientsFn, '/api/admin/clients?limit=100', { cookie }),
    );
    const row = page.items.find((item) => item.id === client.id);
    expect(row?.brief.items.find((item) => item.id === 'currentRole')?.answer).toBe('Senior analyst at a bank');
    expect(row?.brief.items.find((item) => item.id === 'triedSoFar')?.answer).toBe('');
  });

  test('an unknown question id, a wrong kind of answer or an over-long one is refused by name; nothing is stored', async () => {
    const client = await pay();
    const unknown = await briefPut(client, { ...validAnswers, favouriteColour: 'blue' });
    expect(unknown.status).toBe(400);
    expect((await jsonOf<{ fields: Record<string, string> }>(unknown)).fields).toHaveProperty(
      'answers.favouriteColour',
    );
    const years = await briefPut(client, { yearsExperience: 'seven' });
    expect(years.status).toBe(400);
    expect((await jsonOf<{ fields: Record<string, string> }>(years)).fields).toHaveProperty('answers.yearsExperience');
    const bidi = await briefPut(client, { currentRole: 'Analyst \u202Eknab' });
    expect((await jsonOf<{ fields: Record<string, string> }>(bidi)).fields).toHaveProperty('answers.currentRole');
    const long = await briefPut(client, { goal: 'x'.repeat(1001) });
    expect(long.status).toBe(400);
    expect((await jsonOf<{ fields: Record<string, string> }>(long)).fields).toHaveProperty('answers.goal');
    expect(await readBrief(client.id)).toBeNull();
  });

  test('a wrong token is a 404, as for a client that does not exist; the brief is not changed', async () => {
    const client = await pay();
    expect((await briefGet(client, WRONG_TOKEN)).status).toBe(404);
    expect((await briefPut(client, validAnswers, WRONG_TOKEN)).status).toBe(404);
    expect(await readBrief(client.id)).toBeNull();
  });

  test('one reminder 48 hours before the first session while the brief is empty, sent once; none once it is filled', async () => {
    const taken: number[] = [];
    const empty = await pay();
    const filled = await pay();
    const sessions: Record<string, SessionAnswer['session']> = {};
    for (const client of [empty, filled]) {
      const start = (await freeSessionStart(BRIEF_REMINDER_HOURS + 4, taken)).start;
      const booked = await call(clientSpaceFn, `/api/client-space/${client.id}/sessions?token=${client.token}`, {
        body: { start },
        params: { id: client.id },
      });
      expect(booked.status).toBe(201);
      sessions[client.id] = (await jsonOf<SessionAnswer>(booked)).session;
    }
    // The booking's follow-up files the reminder.
    await settleAfterResponse();
    expect((await briefPut(filled, { goal: 'A clear next step' })).status).toBe(200);

    const briefMails = (client: PaidClient) =>
      mail.smtp.mails.filter(
        (message) => message.to.includes(client.email) && message.subject.startsWith('Before your first session'),
      );
    for (const client of [empty, filled]) {
      const due = Date.parse(sessions[client.id]!.start) - BRIEF_REMINDER_HOURS * HOUR;
      // Not before its time.
      await sendDueBriefReminders(new Date(due - 60_000));
      expect(briefMails(client)).toHaveLength(0);
      await sendDueBriefReminders(new Date(due + 60_000));
      // Run again (another minute, another instance): still one.
      await sendDueBriefReminders(new Date(due + 2 * 60_000));
    }
    const sent = briefMails(empty);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain(`/client/${empty.id}?token=${empty.token}`);
    expect(briefMails(filled)).toHaveLength(0);
    // Its marker says it went, so no later session of theirs sends another.
    expect(await collectionStore('client-briefs').get(`brief-reminded/${empty.id}`)).not.toBeNull();
    expect(await collectionStore('client-briefs').get(`brief-reminded/${filled.id}`)).toBeNull();
  });
});

describe('documents for the client', () => {
  test('the owner uploads a PDF; the client lists it, downloads the same bytes and is told by mail with a link, not the file', async () => {
    const client = await pay();
    const pdf = await smallPdf('Action plan for Arjun');
    const uploaded = await upload(client.id, pdf, { title: 'Action plan: 2026 (v2)' });
    expect(uploaded.status).toBe(201);
    await settleAfterResponse();

    const listed = await jsonOf<ClientDocumentsAnswer>(await clientDocuments(client));
    expect(listed.items).toHaveLength(1);
    expect(listed.items[0]).toMatchObject({ title: 'Action plan: 2026 (v2)', bytes: pdf.byteLength });
    const admin = await jsonOf<ClientDocumentsAnswer>(await adminDocuments(client.id));
    expect(admin.items.map((item) => item.id)).toEqual([listed.items[0]!.id]);

    const download = await clientDownload(client, listed.items[0]!.id);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('content-disposition')).toBe('attachment; filename="Action-plan-2026-v2.pdf"');
    expect(download.headers.get('cache-control')).toBe('private, no-store');
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(pdf);
    // The link the list gives downloads it too.
    expect(listed.items[0]!.url).toBe(
      `/api/client-space/${client.id}/documents/${listed.items[0]!.id}?token=${client.token}`,
    );

    const told = mail.smtp.mails.filter(
      (message) => message.to.includes(client.email) && message.subject.startsWith('A new document'),
    );
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain(`/client/${client.id}?token=${client.token}`);
    expect(told[0]!.text).not.toContain('Action plan');
    expect(told[0]!.attachments).toEqual([]);

    // The owner removes it: gone from both lists and from the store.
    const removed = await call(adminClientsFn, `/api/admin/clients/${client.id}/documents/${listed.items[0]!.id}`, {
      method: 'DELETE',
      cookie,
      params: { id: client.id, docId: listed.items[0]!.id },
    });
    expect(removed.status).toBe(204);
    expect((await jsonOf<ClientDocumentsAnswer>(await clientDocuments(client))).items).toEqual([]);
    expect(await readDocumentFile(client.id, listed.items[0]!.id)).toBeNull();
    expect((await clientDownload(client, listed.items[0]!.id)).status).toBe(404);
  });

  test('a PNG or text renamed to .pdf is refused by its content (400 naming file); nothing is stored', async () => {
    const client = await pay();
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    for (const bytes of [png, new TextEncoder().encode('Not a PDF, only named one.')]) {
      const refused = await upload(client.id, bytes, { title: 'report.pdf' });
      expect(refused.status).toBe(400);
      expect((await jsonOf<{ fields: Record<string, string> }>(refused)).fields).toHaveProperty('file');
    }
    expect(await documentsOf(client.id)).toEqual([]);
  });

  test('11 MB is refused with 413, by its Content-Length or by the bytes counted; nothing is stored', async () => {
    const client = await pay();
    const header = await smallPdf('big');
    const elevenMb = 11 * 1024 * 1024;
    const declared = await upload(client.id, streamOf(elevenMb, header), { contentLength: elevenMb });
    expect(declared.status).toBe(413);
    const counted = await upload(client.id, streamOf(elevenMb, header));
    expect(counted.status).toBe(413);
    expect((await jsonOf<{ fields: Record<string, string> }>(counted)).fields).toHaveProperty('file');
    expect((await jsonOf<ClientDocumentsAnswer>(await adminDocuments(client.id))).items).toEqual([]);
    expect(await documentsOf(client.id)).toEqual([]);
  });

  test('a wrong token is a 404 for the list and the download; the admin routes need the owner', async () => {
    const client = await pay();
    const uploaded = await upload(client.id, await smallPdf('Notes'), { title: 'Session notes' });
    const { document } = await jsonOf<{ document: { id: string } }>(uploaded);
    expect((await clientDocuments(client, WRONG_TOKEN)).status).toBe(404);
    expect((await clientDownload(client, document.id, WRONG_TOKEN)).status).toBe(404);
    const other = await pay();
    // Another client's token does not open this client's document.
    expect(
      (
        await call(clientSpaceFn, `/api/client-space/${client.id}/documents/${document.id}?token=${other.token}`, {
          params: { id: client.id, docId: document.id },
        })
      ).status,
    ).toBe(404);
    expect((await clientDownload(other, document.id)).status).toBe(404);
    expect(
      (await call(adminClientsFn, `/api/admin/clients/${client.id}/documents`, { params: { id: client.id } })).status,
    ).toBe(401);
  });
});

describe('a PDF over 4 MiB, uploaded in parts', () => {
  const MB = 1024 * 1024;
  const newDocumentMails = (client: PaidClient) =>
    mail.smtp.mails.filter(
      (message) => message.to.includes(client.email) && message.subject.startsWith('A new document'),
    );

  test('9.5 MB in three parts (one sent twice) is stored whole: the client downloads the same bytes, is told once, and the parts are gone', async () => {
    const client = await pay();
    const pdf = await bigPdf(Math.round(9.5 * MB));
    const uploadId = await startedUpload(client.id, pdf.byteLength, 'Full assessment');
    const parts = partsOf(pdf);
    expect(parts).toHaveLength(3);
    for (const [n, part] of parts.entries()) expect((await putPart(client.id, uploadId, n, part)).status).toBe(204);
    // The same part again replaces it (a retried request is harmless).
    expect((await putPart(client.id, uploadId, 1, parts[1]!)).status).toBe(204);
    expect(await openUploadKeys(client.id)).toHaveLength(4);

    const completed = await completeCall(client.id, uploadId);
    expect(completed.status).toBe(201);
    const { document } = await jsonOf<{ document: { id: string; title: string; bytes: number } }>(completed);
    expect(document).toMatchObject({ title: 'Full assessment', bytes: pdf.byteLength });
    await settleAfterResponse();

    const download = await clientDownload(client, document.id);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    const downloaded = new Uint8Array(await download.arrayBuffer());
    expect(downloaded.byteLength).toBe(pdf.byteLength);
    expect(Buffer.from(downloaded).equals(Buffer.from(pdf))).toBe(true);
    expect(await openUploadKeys(client.id)).toEqual([]);

    // Completing again finds no upload: no second document, no second mail.
    expect((await completeCall(client.id, uploadId)).status).toBe(404);
    await settleAfterResponse();
    expect(await documentsOf(client.id)).toHaveLength(1);
    const told = newDocumentMails(client);
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain(`/client/${client.id}?token=${client.token}`);
  });

  test('11 MB declared is a 413 naming file; nothing is stored', async () => {
    const client = await pay();
    const refused = await startUploadCall(client.id, { title: 'Too big', size: 11 * MB });
    expect(refused.status).toBe(413);
    expect((await jsonOf<{ fields: Record<string, string> }>(refused)).fields).toHaveProperty('file');
    expect(await openUploadKeys(client.id)).toEqual([]);
    expect(await documentsOf(client.id)).toEqual([]);
    // A bad title or size is a 400 naming it.
    const bad = await startUploadCall(client.id, { title: 'Report \u202E', size: 0 });
    expect(bad.status).toBe(400);
    expect(Object.keys((await jsonOf<{ fields: Record<string, string> }>(bad)).fields).sort()).toEqual([
      'size',
      'title',
    ]);
  });

  test('parts that sum past 10 MB are a 413 at complete; no document, and the upload is removed', async () => {
    const client = await pay();
    const uploadId = await startedUpload(client.id, MAX_DOCUMENT_BYTES);
    const full = await bigPdf(DOCUMENT_PART_BYTES);
    for (const n of [0, 1, 2]) expect((await putPart(client.id, uploadId, n, full)).status).toBe(204);
    const refused = await completeCall(client.id, uploadId);
    expect(refused.status).toBe(413);
    expect((await jsonOf<{ fields: Record<string, string> }>(refused)).fields).toHaveProperty('file');
    expect(await documentsOf(client.id)).toEqual([]);
    expect(await openUploadKeys(client.id)).toEqual([]);
    const files = await collectionStore('client-documents').list({ prefix: `files/${client.id}/` });
    expect(files.blobs).toEqual([]);
  });

  test('a part over 4 MiB is a 413 (by Content-Length and by the bytes counted); part 0 that is not a PDF is a 400 naming file', async () => {
    const client = await pay();
    const uploadId = await startedUpload(client.id, 9 * MB);
    const head = await smallPdf('part');
    const over = DOCUMENT_PART_BYTES + 1;
    const declared = await sendRaw(
      'PUT',
      `/api/admin/clients/${client.id}/documents/uploads/${uploadId}/parts/0`,
      { id: client.id, uploadId, n: '0' },
      streamOf(over, head),
      over,
    );
    expect(declared.status).toBe(413);
    const counted = await putPart(client.id, uploadId, 0, streamOf(over, head));
    expect(counted.status).toBe(413);
    expect((await jsonOf<{ fields: Record<string, string> }>(counted)).fields).toHaveProperty('file');

    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    const notPdf = await putPart(client.id, uploadId, 0, png);
    expect(notPdf.status).toBe(400);
    expect((await jsonOf<{ fields: Record<string, string> }>(notPdf)).fields).toHaveProperty('file');
    // A part past the file's last (9 MB is parts 0 to 2) is refused by name.
    const beyond = await putPart(client.id, uploadId, 3, png);
    expect(beyond.status).toBe(400);
    expect((await jsonOf<{ fields: Record<string, string> }>(beyond)).fields).toHaveProperty('part');
    // Only the upload's record is stored: no part.
    expect(await openUploadKeys(client.id)).toEqual([`uploads/${client.id}/${uploadId}/upload`]);
  });

  test('complete with a part missing is a 409 and stores nothing; the upload stays open for the missing part', async () => {
    const client = await pay();
    const pdf = await bigPdf(6 * MB);
    const uploadId = await startedUpload(client.id, pdf.byteLength);
    const [first, second] = partsOf(pdf);
    expect((await putPart(client.id, uploadId, 0, first!)).status).toBe(204);
    const refused = await completeCall(client.id, uploadId);
    expect(refused.status).toBe(409);
    expect(await documentsOf(client.id)).toEqual([]);
    expect((await putPart(client.id, uploadId, 1, second!)).status).toBe(204);
    expect((await completeCall(client.id, uploadId)).status).toBe(201);
    expect((await documentsOf(client.id)).map((document) => document.bytes)).toEqual([pdf.byteLength]);
  });

  test("another client's upload is a 404 for a part and for complete; a malformed id is a 400 naming it", async () => {
    const client = await pay();
    const other = await pay();
    const uploadId = await startedUpload(client.id, 5 * MB);
    const part = (await bigPdf(5 * MB)).subarray(0, DOCUMENT_PART_BYTES);
    expect((await putPart(other.id, uploadId, 0, part)).status).toBe(404);
    expect((await completeCall(other.id, uploadId)).status).toBe(404);
    expect(await openUploadKeys(other.id)).toEqual([]);
    const malformed = await putPart(client.id, 'not-an-upload', 0, part);
    expect(malformed.status).toBe(400);
    expect((await jsonOf<{ fields: Record<string, string> }>(malformed)).fields).toHaveProperty('uploadId');
    // Without the owner's session, nothing.
    const anonymous = await call(adminClientsFn, `/api/admin/clients/${client.id}/documents/uploads`, {
      body: { title: 'x', size: 5 * MB },
      params: { id: client.id },
    });
    expect(anonymous.status).toBe(401);
  });

  test('a file over 4 MiB in one request is a 413 that says to send it in parts', async () => {
    const client = await pay();
    const refused = await upload(client.id, await bigPdf(DOCUMENT_PART_BYTES + 1));
    expect(refused.status).toBe(413);
    const answer = await jsonOf<{ error: string; fields: Record<string, string> }>(refused);
    expect(answer.fields).toHaveProperty('file');
    expect(answer.error).toContain('in parts');
    expect(await documentsOf(client.id)).toEqual([]);
  });

  test('an upload not completed within a day is removed by the hourly prune; a fresh one is kept', async () => {
    const client = await pay();
    const uploadId = await startedUpload(client.id, 5 * MB);
    expect((await putPart(client.id, uploadId, 0, await bigPdf(DOCUMENT_PART_BYTES))).status).toBe(204);
    await pruneStaleUploads(new Date(Date.now() + UPLOAD_TTL_MS - 60_000));
    expect(await openUploadKeys(client.id)).toHaveLength(2);
    expect(await pruneStaleUploads(new Date(Date.now() + UPLOAD_TTL_MS + 60_000))).toBeGreaterThanOrEqual(1);
    expect(await openUploadKeys(client.id)).toEqual([]);
    expect((await completeCall(client.id, uploadId)).status).toBe(404);
  });
});

describe('erasure and the my-data view', () => {
  test("the person's view lists the brief and the documents; erasing them removes both stores' records", async () => {
    const client = await pay();
    expect((await briefPut(client, validAnswers)).status).toBe(200);
    expect((await upload(client.id, await smallPdf('Report'), { title: 'Assessment report' })).status).toBe(201);
    await settleAfterResponse();
    // An upload in parts not yet completed holds the file's first part: it goes with the client.
    const uploadId = await startedUpload(client.id, 5 * 1024 * 1024);
    expect((await putPart(client.id, uploadId, 0, await bigPdf(DOCUMENT_PART_BYTES))).status).toBe(204);

    const identity = identityOf({ phone: client.phone, email: client.email });
    const records = recordsOf(await findPersonData(identity));
    expect(records.find((record) => record.kind === 'brief')?.fields).toMatchObject({
      currentRole: 'Senior analyst at a bank',
    });
    expect(records.find((record) => record.kind === 'client-document')?.fields).toMatchObject({
      title: 'Assessment report',
    });

    const report = await erasePerson(identity, 'owner', null);
    expect(report.erased).toMatchObject({ clients: 1, 'client-briefs': 1, 'client-documents': 1 });
    expect(await readClient(client.id)).toBeNull();
    expect(await readBrief(client.id)).toBeNull();
    expect(await documentsOf(client.id)).toEqual([]);
    const files = await collectionStore('client-documents').list({ prefix: `files/${client.id}/` });
    expect(files.blobs).toEqual([]);
    expect(await openUploadKeys(client.id)).toEqual([]);
    expect((await briefGet(client)).status).toBe(404);
  });
});
