import { business } from '../../lib/business';
import { describeSlotIst } from '../../lib/schedule/slotDays';
import type { Appointment, AppointmentNotice } from '../../lib/schemas/appointment';
import { type Line, type MailContent, htmlOf, plainName, signOff, telHref } from '../notifications';

// The words of the call messages, pure like the lead templates: the owner's
// notice and the visitor's confirmation, reminder, move and cancellation. Visitor mail
// repeats nothing typed but a plain name (docs/decisions/0028-visitor-mail-carries-only-our-words.md).

export type CallMail = MailContent;

// A client's paid session goes through the same messages, in its own words.
const isSession = (appointment: Appointment) => appointment.session !== undefined;
/** "90-minute coaching session (Ascend Plus)" or "10-minute discovery call". */
export function whatItIs(appointment: Appointment): string {
  const { session } = appointment;
  return session
    ? `${session.minutes}-minute coaching session (${session.packageName})`
    : `${business.promises.discoveryCallMinutes}-minute discovery call`;
}
const noun = (appointment: Appointment) => (isSession(appointment) ? 'session' : 'call');
const capitalNoun = (appointment: Appointment) => (isSession(appointment) ? 'Session' : 'Call');
const linkLabel = (appointment: Appointment) =>
  isSession(appointment) ? 'Your sessions: book, move or cancel' : 'Move or cancel your call';

/** In the lead mails' layout (templates.ts): the paragraphs, the link as a row, our sign-off. */
function mail(subject: string, paragraphs: string[], link?: { label: string; url: string }): CallMail {
  const lines: Line[] = link ? [{ label: link.label, text: link.url, href: link.url }] : [];
  const text = [...paragraphs, ...(link ? [`${link.label}: ${link.url}`] : []), signOff.join('\n')].join('\n\n');
  return { subject, text, html: htmlOf(subject, lines, paragraphs, signOff) };
}

export function ownerCallMail(
  { change, by, appointment, previousStart }: AppointmentNotice,
  adminUrl: string,
): CallMail {
  const when = describeSlotIst(appointment.start);
  const Noun = capitalNoun(appointment);
  const subject =
    change === 'booked'
      ? `${Noun} booked: ${appointment.name}, ${when}`
      : change === 'moved'
        ? `${Noun} moved: ${appointment.name}, now ${when}`
        : `${Noun} cancelled: ${appointment.name}, ${when}`;
  const who = `${appointment.name}, ${appointment.phone} (${telHref(appointment.phone)})${appointment.email ? `, ${appointment.email}` : ''}`;
  const byWhom = by === 'owner' ? 'by you' : isSession(appointment) ? 'by the client' : 'by the visitor';
  const booked = appointment.session
    ? `A ${whatItIs(appointment)} was booked by your client for ${when}.`
    : `A ${business.promises.discoveryCallMinutes}-minute discovery call was booked on the site for ${when} (the calendar holds ${business.promises.calendarSlotMinutes} minutes for it).`;
  const paragraphs = [
    change === 'booked'
      ? booked
      : change === 'moved'
        ? `The ${noun(appointment)} was moved ${byWhom} from ${describeSlotIst(previousStart ?? appointment.start)} to ${when}.`
        : `The ${noun(appointment)} at ${when} was cancelled ${byWhom}; the time is free again.`,
    `Who: ${who}`,
    'The attached invite puts it in your calendar.',
  ];
  return mail(subject, paragraphs, {
    label: isSession(appointment) ? 'Open Clients in the admin' : 'Open the booking in the admin',
    url: adminUrl,
  });
}

export function visitorCallMail({ change, appointment }: AppointmentNotice, manageUrl: string): CallMail {
  const name = plainName(appointment.name);
  const greeting = name ? `Dear ${name},` : 'Hello,';
  const when = describeSlotIst(appointment.start);
  const link = { label: linkLabel(appointment), url: manageUrl };
  if (change === 'cancelled') {
    if (isSession(appointment)) {
      return mail(
        `Your session is cancelled: ${business.brand}`,
        [
          greeting,
          `Your ${whatItIs(appointment)} on ${when} is cancelled. Your client page shows the sessions you can still book.`,
        ],
        link,
      );
    }
    return mail(`Your call is cancelled: ${business.brand}`, [
      greeting,
      `Your discovery call on ${when} is cancelled. If you would like another time, book again on our site or call ${business.contact.phone}.`,
    ]);
  }
  const subject =
    change === 'booked'
      ? `Your ${noun(appointment)} is booked: ${when}`
      : `Your ${noun(appointment)} has moved: ${when}`;
  const booked = isSession(appointment)
    ? `Your ${whatItIs(appointment)} is booked`
    : `Your free ${business.promises.discoveryCallMinutes}-minute discovery call is booked`;
  return mail(
    subject,
    [
      greeting,
      `${change === 'booked' ? booked : `Your ${whatItIs(appointment)} is now`} for ${when}. We will call you on the number you gave us.`,
      `You can move or cancel it online until ${business.promises.rescheduleNoticeHours} hours before; after that, call or WhatsApp ${business.contact.phone}.`,
    ],
    link,
  );
}

export function reminderMail(appointment: Appointment, which: 'day' | 'hour', manageUrl: string): CallMail {
  const name = plainName(appointment.name);
  const when = describeSlotIst(appointment.start);
  return mail(
    which === 'day'
      ? `Reminder: your ${noun(appointment)} with ${business.brand} tomorrow`
      : `Reminder: your ${noun(appointment)} with ${business.brand} in an hour`,
    [
      name ? `Dear ${name},` : 'Hello,',
      `A reminder of your ${whatItIs(appointment)} on ${when}. We will call you on the number you gave us.`,
    ],
    which === 'day' ? { label: linkLabel(appointment), url: manageUrl } : undefined,
  );
}

/** After the owner marks a call or session a no-show: one invitation to pick a new time, with the link that does it. */
export function rebookMail(appointment: Appointment, link: string): CallMail {
  const name = plainName(appointment.name);
  return mail(
    `We missed you: pick a new time for your ${noun(appointment)} with ${business.brand}`,
    [
      name ? `Dear ${name},` : 'Hello,',
      `We were sorry to miss you at your ${whatItIs(appointment)} on ${describeSlotIst(appointment.start)}. It happens: pick a new time that suits you with the link below.`,
    ],
    { label: isSession(appointment) ? 'Your sessions: book a new time' : 'Pick a new time for your call', url: link },
  );
}
