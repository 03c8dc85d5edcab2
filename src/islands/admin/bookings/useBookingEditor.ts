import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { bookingDetailsPatchSchema } from '../../../lib/schemas/adminApi';
import { toast } from '../../../stores/toasts';
import {
  AdminApiError,
  BookingConflictError,
  type BookingRecord,
  adminApi,
  failureMessage,
  isUnauthorised,
} from '../api';
import { bookingChanged, bookingQuery, putBooking } from '../api/queries';
import {
  type BookingDraft,
  type BookingFormValues,
  changedFields,
  clearDraft,
  formValuesOf,
  saveDraft,
} from './bookingDrafts';

// The toasts' words, exactly (the end-to-end tests look for them).
const UPDATED = 'Booking Updated Successfully!';
const UPDATE_FAILED = '❌ Update Failed';
const UPDATE_FALLBACK = 'Failed to update booking. Please try again.';

export interface Editing {
  /** The version the edit started from, sent as If-Match. */
  etag: string | null;
  base: BookingFormValues;
  values: BookingFormValues;
}

/** Changes that could not be saved because someone else changed the booking first. */
export interface Conflict {
  mine: Partial<BookingFormValues>;
}

export type FieldErrors = Partial<Record<keyof BookingFormValues | '_', string>>;

/**
 * Edit mode of one booking card: opens with the booking as stored now (and its ETag),
 * keeps every keystroke in the tab's drafts, saves only changed fields with If-Match,
 * and turns a 412 into a visible conflict with the fresh values.
 */
export function useBookingEditor(booking: BookingRecord, restored?: BookingDraft, onEditEnd?: () => void) {
  const client = useQueryClient();
  const [editing, setEditing] = useState<Editing | null>(() =>
    restored ? { etag: restored.etag, base: restored.base, values: restored.values } : null,
  );
  const [opening, setOpening] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [conflict, setConflict] = useState<Conflict | null>(null);

  // The tab keeps a copy only of an edit that changes something.
  const keep = (next: Editing) => {
    setEditing(next);
    if (Object.keys(changedFields(next.base, next.values)).length === 0) clearDraft(booking.id);
    else
      saveDraft({
        bookingId: booking.id,
        label: booking.fullName,
        etag: next.etag,
        base: next.base,
        values: next.values,
        savedAt: new Date().toISOString(),
      });
  };

  const open = async () => {
    setOpening(true);
    try {
      const fresh = await client.fetchQuery({ ...bookingQuery(booking.id), staleTime: 0 });
      putBooking(client, fresh.booking, fresh.etag);
      const values = formValuesOf(fresh.booking);
      setErrors({});
      setConflict(null);
      keep({ etag: fresh.etag, base: values, values });
    } catch (error) {
      if (!isUnauthorised(error))
        toast({
          title: "Couldn't Open Booking",
          description: failureMessage(error, 'The booking could not be loaded. Please try again.'),
          variant: 'destructive',
        });
    } finally {
      setOpening(false);
    }
  };

  const change = (field: keyof BookingFormValues, value: string) => {
    if (!editing) return;
    keep({ ...editing, values: { ...editing.values, [field]: value } });
    if (errors[field]) setErrors({ ...errors, [field]: undefined });
  };

  const close = () => {
    setEditing(null);
    setErrors({});
    setConflict(null);
    clearDraft(booking.id);
    onEditEnd?.();
  };

  const save = useMutation({
    mutationFn: ({ patch, etag }: { patch: Partial<BookingFormValues>; etag: string }) =>
      adminApi.bookings.update(booking.id, patch, etag),
    onSuccess: ({ booking: stored, etag }) => {
      bookingChanged(client, stored, etag);
      close();
      toast({ title: UPDATED, variant: 'success' });
    },
    onError: async (error, { patch }) => {
      if (isUnauthorised(error)) return; // the draft stays in the tab; sessionExpired() takes over
      if (error instanceof BookingConflictError) {
        // The 412 names the stored booking; its ETag comes with it or from one fresh read.
        let current = error.current;
        let etag = error.etag;
        if (!etag) {
          try {
            ({ booking: current, etag } = await client.fetchQuery({ ...bookingQuery(booking.id), staleTime: 0 }));
          } catch {
            etag = null;
          }
        }
        bookingChanged(client, current, etag);
        const values = formValuesOf(current);
        keep({ etag, base: values, values });
        setConflict({ mine: patch });
        toast({
          title: UPDATE_FAILED,
          description: 'Someone else changed this booking meanwhile. Nothing was saved; the latest values are shown.',
          variant: 'destructive',
        });
        return;
      }
      if (error instanceof AdminApiError && error.status === 400) setErrors(error.fields);
      toast({ title: UPDATE_FAILED, description: failureMessage(error, UPDATE_FALLBACK), variant: 'destructive' });
    },
  });

  // A second Save while the first is on its way would send the same version twice (and meet a 412).
  const checking = useRef(false);
  const submit = async () => {
    if (!editing || checking.current || save.isPending) return;
    checking.current = true;
    try {
      await validateAndSave(editing);
    } finally {
      checking.current = false;
    }
  };

  const validateAndSave = async (editing: Editing) => {
    const patch = changedFields(editing.base, editing.values);
    if (Object.keys(patch).length === 0) {
      close();
      return;
    }
    if (!editing.etag) {
      // Without the version the edit started from, a save could overwrite a change unseen.
      toast({
        title: UPDATE_FAILED,
        description: 'The booking could not be checked for changes made meanwhile. Cancel and edit it again.',
        variant: 'destructive',
      });
      return;
    }
    const checked = bookingDetailsPatchSchema.safeParse(patch);
    if (!checked.success) {
      const found: FieldErrors = {};
      for (const issue of checked.error.issues) {
        const field = String(issue.path[0] ?? '_') as keyof FieldErrors;
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    // Failures are handled in onError; awaiting keeps a second Save out until this one ends.
    await save.mutateAsync({ patch, etag: editing.etag }).catch(() => undefined);
  };

  /** After a conflict: put the owner's own changes back over the fresh values, to review and save again. */
  const reapply = () => {
    if (!editing || !conflict) return;
    keep({ ...editing, values: { ...editing.values, ...conflict.mine } });
    setConflict(null);
  };

  return { editing, opening, errors, conflict, saving: save.isPending, open, change, cancel: close, submit, reapply };
}
