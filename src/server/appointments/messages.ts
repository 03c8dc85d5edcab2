import { business } from '../../lib/business';
import { describeSlotIst } from '../../lib/schedule/slotDays';
import type { Appointment, AppointmentNotice } from '../../lib/schemas/appointment';
import { escapeHtml, plainName, telHref } from '../notifications/templates';

// The words of the call messages (issue 19), pure like the lead templates: the owner's
// notice and the visitor's confirmation, reminder, move and cancellation. Visitor mail
// repeats nothing typed but a plain name (DECISIONS 28).

export interface CallMail {
  subject: string;
  text: string;
  html: string;
}

const signOff = [`${business.founder.name}, ${business.brand}`, `${business.contact.phone} · ${business.contact.email}`];

function mail(subject: string, paragraphs: string[], link?: { label: string; url: string }): CallMail {
  const text = [...paragraphs, ...(link ? [`${link.label}: ${link.url}`] : []), signOff.join('\n')].join('\n\n');
  const html =
    `<!doctype html><html><head><meta charset="utf-8"></head><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5">` +
    `<h1 style="font-size:20px">${escapeHtml(subject)}</h1>` +
    paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('') +
    (link ? `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>` : '') +
    `<p style="color:#6b7280;font-size:13px">${signOff.map(escapeHtml).join('<br>')}</p></body></html>`;
  return { subject, text, html };
}

export function ownerCallMail({ change, by, appointment, previousStart }: AppointmentNotice, adminUrl: string): CallMail {
  const when = describeSlotIst(appointment.start);
  const subject =
    change === 'booked' ? `Call booked: ${appointment.name}, ${when}` : change === 'moved' ? `Call moved: ${appointment.name}, now ${when}` : `Call cancelled: ${appointment.name}, ${when}`;
  const who = `${appointment.name}, ${appointment.phone} (${telHref(appointment.phone)})${appointment.email ? `, ${appointment.email}` : ''}`;
  const paragraphs = [
    change === 'booked'
      ? `A ${business.promises.calendarSlotMinutes}-minute discovery call was booked on the site for ${when}.`
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
      `${change === 'booked' ? 'Your free discovery call is booked' : 'Your discovery call is now'} for ${when}. We will call you on the number you gave us.`,
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
    [name ? `Dear ${name},` : 'Hello,', `A reminder of your discovery call on ${when}. We will call you on the number you gave us.`],
    which === 'day' ? { label: 'Move or cancel your call', url: manageUrl } : undefined,
  );
}
