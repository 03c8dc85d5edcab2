import { business } from '../../lib/business';
import { describeSlotIst } from '../../lib/schedule/slotDays';
import type { Appointment, AppointmentNotice } from '../../lib/schemas/appointment';
import { type Line, type MailContent, htmlOf, plainName, signOff, telHref } from '../notifications/templates';

// The words of the call messages (issue 19), pure like the lead templates: the owner's
// notice and the visitor's confirmation, reminder, move and cancellation. Visitor mail
// repeats nothing typed but a plain name (DECISIONS 28).

export type CallMail = MailContent;

/** In the lead mails' layout (templates.ts): the paragraphs, the link as a row, our sign-off. */
function mail(subject: string, paragraphs: string[], link?: { label: string; url: string }): CallMail {
  const lines: Line[] = link ? [{ label: link.label, text: link.url, href: link.url }] : [];
  const text = [...paragraphs, ...(link ? [`${link.label}: ${link.url}`] : []), signOff.join('\n')].join('\n\n');
  return { subject, text, html: htmlOf(subject, lines, paragraphs, signOff) };
}

export function ownerCallMail({ change, by, appointment, previousStart }: AppointmentNotice, adminUrl: string): CallMail {
  const when = describeSlotIst(appointment.start);
  const subject =
    change === 'booked' ? `Call booked: ${appointment.name}, ${when}` : change === 'moved' ? `Call moved: ${appointment.name}, now ${when}` : `Call cancelled: ${appointment.name}, ${when}`;
  const who = `${appointment.name}, ${appointment.phone} (${telHref(appointment.phone)})${appointment.email ? `, ${appointment.email}` : ''}`;
  const paragraphs = [
    change === 'booked'
      ? `A ${business.promises.discoveryCallMinutes}-minute discovery call was booked on the site for ${when} (the calendar holds ${business.promises.calendarSlotMinutes} minutes for it).`
      : change === 'moved'
        ? `The call was moved ${by === 'owner' ? 'by you' : 'by the visitor'} from ${describeSlotIst(previousStart ?? appointment.start)} to ${when}.`
        : `The call at ${when} was cancelled ${by === 'owner' ? 'by you' : 'by the visitor'}; the slot is free again.`,
    `Who: ${who}`,
    'The attached invite puts it in your calendar.',
  ];
  return mail(subject, paragraphs, { label: 'Open the booking in the admin', url: adminUrl });
}

export function visitorCallMail({ change, appointment }: AppointmentNotice, manageUrl: string): CallMail {
  const name = plainName(appointment.name);
  const greeting = name ? `Dear ${name},` : 'Hello,';
  const when = describeSlotIst(appointment.start);
  if (change === 'cancelled') {
    return mail(`Your call is cancelled: ${business.brand}`, [
      greeting,
      `Your discovery call on ${when} is cancelled. If you would like another time, book again on our site or call ${business.contact.phone}.`,
    ]);
  }
  const subject = change === 'booked' ? `Your call is booked: ${when}` : `Your call has moved: ${when}`;
  return mail(
    subject,
    [
      greeting,
      `${change === 'booked' ? `Your free ${business.promises.discoveryCallMinutes}-minute discovery call is booked` : `Your ${business.promises.discoveryCallMinutes}-minute discovery call is now`} for ${when}. We will call you on the number you gave us.`,
      `You can move or cancel it online until ${business.promises.rescheduleNoticeHours} hours before; after that, call or WhatsApp ${business.contact.phone}.`,
    ],
    { label: 'Move or cancel your call', url: manageUrl },
  );
}

export function reminderMail(appointment: Appointment, which: 'day' | 'hour', manageUrl: string): CallMail {
  const name = plainName(appointment.name);
  const when = describeSlotIst(appointment.start);
  return mail(
    which === 'day' ? `Reminder: your call with ${business.brand} tomorrow` : `Reminder: your call with ${business.brand} in an hour`,
    [name ? `Dear ${name},` : 'Hello,', `A reminder of your ${business.promises.discoveryCallMinutes}-minute discovery call on ${when}. We will call you on the number you gave us.`],
    which === 'day' ? { label: 'Move or cancel your call', url: manageUrl } : undefined,
  );
}
