import type { Attribution } from '../../lib/schemas/attribution';
import type { Booking } from '../../lib/schemas/booking';
import type { Download } from '../../lib/schemas/download';
import { FREE_CALL_PACKAGE_NAME, discoveryCallBooking } from '../leads';
import { holdForParent } from './parentHolds';

// A child's request, held for a parent (docs/privacy.md, "Students and parents"): the lead is
// made as the form would make it, with the parent's phone and e-mail as its contact, the child's
// own contact never kept, and no record of where the visit came from (no marketing on a child's
// flow). The functions call these when the form said the student is under 18.

export interface Parent {
  parentName: string;
  parentPhone: string;
  parentEmail?: string | undefined;
  whatsappOptIn?: boolean | undefined;
}

const parentOf = (given: Parent) => ({
  name: given.parentName,
  phone: given.parentPhone,
  email: given.parentEmail ?? null,
  whatsapp: given.whatsappOptIn === true,
});

const withoutAttribution = <T extends { attribution?: Attribution | undefined }>(record: T): Omit<T, 'attribution'> => {
  const { attribution: _dropped, ...rest } = record;
  return rest;
};

/** A free call request for a student under 18: held until the parent confirms. */
export function holdChildCall(
  request: Parent & { name: string; currentStage: string; source?: string | undefined; quizScore?: number | undefined },
  now: Date = new Date(),
): Promise<string> {
  const booking = discoveryCallBooking(
    {
      name: request.name,
      phone: request.parentPhone,
      ...(request.parentEmail ? { email: request.parentEmail } : {}),
      currentStage: request.currentStage,
      ...(request.source ? { source: request.source } : {}),
      ...(request.quizScore === undefined ? {} : { quizScore: request.quizScore }),
      ...(request.whatsappOptIn === undefined ? {} : { whatsappOptIn: request.whatsappOptIn }),
    },
    now,
  );
  return holdForParent(
    {
      kind: 'booking',
      record: booking,
      student: request.name,
      what: `a ${FREE_CALL_PACKAGE_NAME.toLowerCase()}`,
      parent: parentOf(request),
    },
    now,
  );
}

/** A package enquiry for a student under 18 (the popup's booking, the parent's contact on it). */
export function holdChildBooking(booking: Booking, given: Parent, now: Date = new Date()): Promise<string> {
  const record: Booking = {
    ...withoutAttribution(booking),
    mobile: given.parentPhone,
    ...(given.parentEmail ? { email: given.parentEmail } : {}),
  };
  return holdForParent(
    {
      kind: 'booking',
      record,
      student: booking.fullName,
      what: `the ${booking.packageName} package`,
      parent: parentOf(given),
    },
    now,
  );
}

/** A resource download for a student under 18. */
export function holdChildDownload(download: Download, given: Parent, now: Date = new Date()): Promise<string> {
  const record: Download = {
    ...withoutAttribution(download),
    mobile: given.parentPhone,
    email: given.parentEmail ?? download.email,
  };
  return holdForParent(
    {
      kind: 'download',
      record,
      student: download.fullName,
      what: `the guide "${download.resourceTitle}"`,
      parent: parentOf(given),
    },
    now,
  );
}
