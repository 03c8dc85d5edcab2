// An edit of a booking that has not been saved yet, kept in this tab's sessionStorage
// so that a session that expires mid-edit, a reload or a crash never loses it
// silently. It keeps the version (ETag) the edit started from: saving it later still
// refuses to overwrite a change someone else made in between.

export const editableBookingFields = ['fullName', 'mobile', 'currentStage', 'notes'] as const;
export type EditableBookingField = (typeof editableBookingFields)[number];
export type BookingFormValues = Record<EditableBookingField, string>;

export interface BookingDraft {
  bookingId: string;
  /** Who the booking is for, to name it before it is loaded again. */
  label: string;
  etag: string | null;
  /** The booking's values at `etag`: what the edit changes from. */
  base: BookingFormValues;
  values: BookingFormValues;
  savedAt: string;
}

const STORAGE_KEY = 'ccc-admin:booking-drafts';

type DraftStorage = Pick<Storage, 'getItem' | 'setItem'>;

function storage(): DraftStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null; // storage disabled by the browser: drafts simply are not kept
  }
}

function isFormValues(value: unknown): value is BookingFormValues {
  return (
    typeof value === 'object' &&
    value !== null &&
    editableBookingFields.every((field) => typeof (value as Record<string, unknown>)[field] === 'string')
  );
}

function isDraft(value: unknown): value is BookingDraft {
  if (!value || typeof value !== 'object') return false;
  const draft = value as Partial<BookingDraft>;
  return (
    typeof draft.bookingId === 'string' &&
    typeof draft.label === 'string' &&
    (draft.etag === null || typeof draft.etag === 'string') &&
    isFormValues(draft.base) &&
    isFormValues(draft.values)
  );
}

export function readDrafts(store: DraftStorage | null = storage()): BookingDraft[] {
  if (!store) return [];
  try {
    const parsed = JSON.parse(store.getItem(STORAGE_KEY) ?? '[]') as unknown;
    return Array.isArray(parsed) ? parsed.filter(isDraft) : [];
  } catch {
    return [];
  }
}

function writeDrafts(drafts: BookingDraft[], store: DraftStorage | null): void {
  try {
    store?.setItem(STORAGE_KEY, JSON.stringify(drafts));
  } catch {
    // full or disabled storage: the edit stays on screen, only the safety copy is lost
  }
}

export function saveDraft(draft: BookingDraft, store: DraftStorage | null = storage()): void {
  writeDrafts([...readDrafts(store).filter((item) => item.bookingId !== draft.bookingId), draft], store);
}

export function clearDraft(bookingId: string, store: DraftStorage | null = storage()): void {
  const drafts = readDrafts(store);
  if (drafts.some((item) => item.bookingId === bookingId))
    writeDrafts(
      drafts.filter((item) => item.bookingId !== bookingId),
      store,
    );
}

export function formValuesOf(booking: {
  fullName: string;
  mobile: string;
  currentStage: string;
  notes?: string | undefined;
}): BookingFormValues {
  return {
    fullName: booking.fullName,
    mobile: booking.mobile,
    currentStage: booking.currentStage,
    notes: booking.notes ?? '',
  };
}

/**
 * Only what the owner changed: the request sends the changed fields, nothing else. Spaces
 * around a name, number or stage are not a change (the server trims them); notes are
 * kept as typed.
 */
export function changedFields(before: BookingFormValues, after: BookingFormValues): Partial<BookingFormValues> {
  const changes: Partial<BookingFormValues> = {};
  for (const field of editableBookingFields) {
    const value = field === 'notes' ? after[field] : after[field].trim();
    if (value !== before[field]) changes[field] = value;
  }
  return changes;
}
