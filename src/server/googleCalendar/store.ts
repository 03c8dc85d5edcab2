import { z } from '../../lib/schemas/zod';
import { googleCalendarIdSchema } from '../../lib/schemas/googleCalendar';
import { updateJson } from '../storage/atomicJson';
import { blobCall, collectionStore } from '../storage/blobs';

// One Blobs store for the owner's Google Calendar (docs/scheduling.md, "Google Calendar"):
//   connection            the account, the refresh token sealed (tokenBox.ts), the calendars and
//                         which give busy times, whether calls get a Meet link too
//   status                when Google last answered, and its failure since (the admin's "behind")
//   events/{appointment}  the Google event of each call and session, and the version written
// The status is its own key, so reads of Google never rewrite the connection.

export const GOOGLE_STORE = 'google-calendar';
const store = () => collectionStore(GOOGLE_STORE);
const CONNECTION = 'connection';
const STATUS = 'status';
const eventKey = (appointmentId: string) => `events/${appointmentId}`;

const calendarSchema = z.object({ id: googleCalendarIdSchema, name: z.string().max(300), primary: z.boolean() });

export const connectionSchema = z.object({
  account: z.string().max(320),
  /** The refresh token, sealed: never sent to the browser, never logged. */
  refreshTokenBox: z.string().min(1),
  calendars: z.array(calendarSchema).max(500),
  busyCalendarIds: z.array(googleCalendarIdSchema).max(50),
  meetLinkForCalls: z.boolean(),
  /** Where the site writes its events: the owner's primary calendar. */
  eventCalendarId: googleCalendarIdSchema,
  connectedAt: z.string(),
});
export type Connection = z.infer<typeof connectionSchema>;
export type CalendarSummary = z.infer<typeof calendarSchema>;

const statusSchema = z.object({
  lastSyncAt: z.string().nullable(),
  error: z.object({ message: z.string().max(300), since: z.string(), at: z.string() }).nullable(),
});
export type SyncStatus = z.infer<typeof statusSchema>;

const eventRecordSchema = z.object({
  eventId: z.string().min(5).max(1024),
  calendarId: googleCalendarIdSchema,
  /** The appointment's version the event shows; null once deleted. */
  version: z.string().nullable(),
  meetingUrl: z.string().nullable(),
  syncedAt: z.string(),
});
export type EventRecord = z.infer<typeof eventRecordSchema>;

async function readParsed<S extends z.ZodType>(key: string, schema: S): Promise<z.infer<S> | null> {
  const value = await blobCall(() => store().get(key, { type: 'json' }));
  if (value == null) return null;
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new Error(`google-calendar/${key} is not in the expected shape`);
  return parsed.data;
}

export const readConnection = (): Promise<Connection | null> => readParsed(CONNECTION, connectionSchema);

export async function writeConnection(connection: Connection): Promise<void> {
  await blobCall(() => store().setJSON(CONNECTION, connectionSchema.parse(connection)));
}

/** Changes the stored connection (a conditional write); null when there is none. */
export async function changeConnection(change: (current: Connection) => Connection): Promise<Connection | null> {
  const stored = await updateJson(GOOGLE_STORE, CONNECTION, (current) =>
    current == null ? undefined : connectionSchema.parse(change(connectionSchema.parse(current))),
  );
  return stored == null ? null : connectionSchema.parse(stored);
}

/** Forgets the connection and its status (the events' records stay: a reconnect patches the same events). */
export async function removeConnection(): Promise<void> {
  await Promise.all([blobCall(() => store().delete(CONNECTION)), blobCall(() => store().delete(STATUS))]);
}

export const readStatus = async (): Promise<SyncStatus> =>
  (await readParsed(STATUS, statusSchema)) ?? { lastSyncAt: null, error: null };

export async function writeSuccess(now: Date): Promise<void> {
  await blobCall(() => store().setJSON(STATUS, { lastSyncAt: now.toISOString(), error: null } satisfies SyncStatus));
}

/** Records a failure, keeping when the failures began. */
export async function writeFailure(message: string, now: Date): Promise<void> {
  await updateJson(GOOGLE_STORE, STATUS, (current) => {
    const status = statusSchema.safeParse(current);
    const before = status.success ? status.data : { lastSyncAt: null, error: null };
    const at = now.toISOString();
    return { ...before, error: { message: message.slice(0, 300), since: before.error?.since ?? at, at } };
  });
}

export const readEventRecord = (appointmentId: string): Promise<EventRecord | null> =>
  readParsed(eventKey(appointmentId), eventRecordSchema);

export async function writeEventRecord(appointmentId: string, record: EventRecord): Promise<void> {
  await blobCall(() => store().setJSON(eventKey(appointmentId), eventRecordSchema.parse(record)));
}

export async function removeEventRecord(appointmentId: string): Promise<void> {
  await blobCall(() => store().delete(eventKey(appointmentId)));
}
