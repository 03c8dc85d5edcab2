import { business } from '../../../lib/business';
import type { Appointment } from '../../../lib/schemas/appointment';
import type { MailContent } from '../../notifications';
import { describeSlotIst } from '../../../lib/schedule/slotDays';
import { whatItIs } from '../callWords';
import { escapeHtml, greetingOf, letter, linkLine } from '../format';

// The mails of reviews (docs/decisions/0044-client-reviews-with-consent.md). The client's request
// carries our words, a plain name and the link only (docs/decisions/0028). The owner's notice
// names the rating and the name the review would be published under, never what was typed: a
// review's text is read in the admin, not carried by any message.

/** The client's one request for a review, after a held session. */
export function reviewRequestMail(appointment: Appointment, link: string): MailContent {
  return letter(
    `How was your session with ${business.brand}?`,
    [
      greetingOf(appointment.name),
      `Thank you for your ${whatItIs(appointment)} on ${describeSlotIst(appointment.start)}. Would you tell us how it went? A rating and a few lines take a minute, and help us coach better.`,
      'Your review is published only if you tick the box that allows it, with your first name and the initial of your last name, and only after we have read it.',
    ],
    [linkLine('Leave a review', link)],
  );
}

/** What the owner's notice of a new review says: the rating and the name it would carry. */
export interface ReviewReceived {
  rating: number;
  /** The published form of the client's name ("Priya S."), computed by the server. */
  name: string;
  publish: boolean;
}

/** The owner's notice: "A new review (4/5) from Priya S. awaits approval", without the review's text. */
export function reviewReceivedMail(review: ReviewReceived, site: string): MailContent {
  const subject = `A new review (${review.rating}/5) from ${review.name} awaits approval`;
  const consent = review.publish
    ? 'They allowed it to be published with their first name and initial.'
    : 'They did not allow it to be published: it stays private whatever you choose.';
  const page = `${site}/admin/bookings#people`;
  const text = `${subject}.\n\n${consent}\n\nRead it, then approve or hide it under People, Reviews: ${page}\n`;
  return {
    subject,
    text,
    html: `<p>${escapeHtml(subject)}.</p><p>${escapeHtml(consent)}</p><p><a href="${escapeHtml(page)}">Read and approve it under People, Reviews</a></p>`,
  };
}
