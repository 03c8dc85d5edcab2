import { bookingStatusLabel, paymentStatusLabel } from '../../../lib/admin/labels';
import type { RecordKind, recordKinds } from '../../../lib/leads/kinds';
import type { LeadRecords } from '../api';
import { BookingCard } from '../bookings/BookingCard';
import { RestoredEdits } from '../bookings/RestoredEdits';
import type { PillTone } from '../ui/Pill';
import type { LeadListView } from './LeadList';
import { ContactRow, CorporateEnquiryRow, DownloadRow, PaymentRow, SubscriberRow } from './LeadRows';

// How each kind of record shows in the admin, beyond the names src/lib/leads/kinds.ts
// gives it: its pill in the person search and its list in the People view. The table is
// typed over every kind, so a kind added to src/lib/leads/kinds.ts does not type-check
// until it has its entry here (docs/architecture.md, "Lead kinds, declared once").

/** A kind's record as its admin list answers it. */
export type RecordOf<K extends RecordKind> = LeadRecords[(typeof recordKinds)[K]['plural']];

export interface KindView<K extends RecordKind> {
  /** Its pill on a person-search hit, and the words for the hit's status code (the code itself when there are none). */
  hit: { label: string; tone: PillTone; status?: (code: string) => string };
  /** Its list in the People view (payments: Money). */
  list: LeadListView<RecordOf<K>>;
}

export const kindViews: { [K in RecordKind]: KindView<K> } = {
  booking: {
    hit: { label: 'Booking', tone: 'amber', status: bookingStatusLabel },
    list: {
      title: 'Bookings',
      noun: 'bookings',
      layout: 'cards',
      empty: {
        title: 'No bookings yet',
        text: 'Free discovery calls and package bookings made on the site appear here, newest first.',
      },
      before: <RestoredEdits />,
      renderItem: (booking) => <BookingCard booking={booking} />,
    },
  },
  contact: {
    hit: { label: 'Contact form', tone: 'navy' },
    list: {
      title: 'Contact submissions',
      noun: 'contact submissions',
      layout: 'rows',
      empty: { title: 'No messages yet', text: 'Messages sent through the contact form appear here.' },
      renderItem: (contact) => <ContactRow contact={contact} />,
    },
  },
  payment: {
    hit: { label: 'Payment', tone: 'green', status: paymentStatusLabel },
    list: {
      title: 'Payments',
      noun: 'payments',
      layout: 'rows',
      empty: { title: 'No payments yet', text: 'Razorpay orders for paid packages appear here with their status.' },
      renderItem: (payment) => <PaymentRow payment={payment} />,
    },
  },
  download: {
    hit: { label: 'Download', tone: 'teal' },
    list: {
      title: 'Resource downloads',
      noun: 'resource downloads',
      layout: 'rows',
      empty: {
        title: 'No downloads yet',
        text: 'People who download a guide or brochure appear here with their details.',
      },
      renderItem: (download) => <DownloadRow download={download} />,
    },
  },
  subscriber: {
    hit: { label: 'Newsletter', tone: 'neutral' },
    list: {
      title: 'Newsletter subscribers',
      noun: 'newsletter subscribers',
      layout: 'rows',
      empty: { title: 'No subscribers yet', text: 'E-mail addresses given in the newsletter block appear here.' },
      renderItem: (subscriber) => <SubscriberRow subscriber={subscriber} />,
    },
  },
  corporateEnquiry: {
    hit: { label: 'Corporate enquiry', tone: 'navy' },
    list: {
      title: 'Corporate enquiries',
      noun: 'corporate enquiries',
      layout: 'rows',
      empty: {
        title: 'No corporate enquiries yet',
        text: 'HR leaders who ask for a consultation on the corporate programme page appear here.',
      },
      renderItem: (enquiry) => <CorporateEnquiryRow enquiry={enquiry} />,
    },
  },
};
