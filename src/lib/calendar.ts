import { business } from './business';

/** A wall-clock slot in India Standard Time. */
export interface IstSlot {
  date: string; // YYYY-MM-DD in IST
  start: string; // HH:MM
  end: string; // HH:MM
}

const IST_OFFSET_MINUTES = 330;

function istDate(now: Date): Date {
  return new Date(now.getTime() + IST_OFFSET_MINUTES * 60_000);
}

/** SPEC 7: the discovery call invite is tomorrow (in India), 10:00-10:30. */
export function discoveryCallSlot(now: Date): IstSlot {
  const tomorrow = istDate(now);
  tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
  return { date: tomorrow.toISOString().slice(0, 10), start: '10:00', end: '10:30' };
}

function stamp(slot: IstSlot, time: string): string {
  return `${slot.date.replaceAll('-', '')}T${time.replace(':', '')}00`;
}

export const discoveryCallTitle = `Free Career Discovery Call with ${business.brand}`;
const details =
  `Your free ${business.promises.discoveryCallMinutes}-minute career clarity call with ${business.brand}. ` +
  `We will confirm the exact time by phone. Questions: ${business.contact.phone} / ${business.contact.email}`;

export function googleCalendarUrl(slot: IstSlot): string {
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: `${discoveryCallTitle} (tentative)`,
    dates: `${stamp(slot, slot.start)}/${stamp(slot, slot.end)}`,
    ctz: 'Asia/Kolkata',
    details,
  });
  return `https://calendar.google.com/calendar/render?${params}`;
}

/** An iCalendar file marking the slot as tentative, for any calendar app. */
export function icsContent(slot: IstSlot, now: Date): string {
  const utcStamp = now.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${business.brand}//Discovery Call//EN`,
    'BEGIN:VEVENT',
    `UID:discovery-${slot.date}-${now.getTime()}@ccc-edu`,
    `DTSTAMP:${utcStamp}`,
    `DTSTART;TZID=Asia/Kolkata:${stamp(slot, slot.start)}`,
    `DTEND;TZID=Asia/Kolkata:${stamp(slot, slot.end)}`,
    `SUMMARY:${discoveryCallTitle}`,
    `DESCRIPTION:${details.replace(/[,;]/g, (c) => `\\${c}`)}`,
    'STATUS:TENTATIVE',
    'END:VEVENT',
    'END:VCALENDAR',
  ].join('\r\n');
}
