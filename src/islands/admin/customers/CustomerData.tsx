import { BookingCard } from '../bookings/BookingCard';
import { RestoredEdits } from '../bookings/RestoredEdits';
import { NotificationsPanel } from '../notifications/NotificationsPanel';
import { InvoicesSection } from '../payments/InvoicesSection';
import { PaymentRequestsPanel } from '../payments/PaymentRequestsPanel';
import { TodoPanel } from '../todo/TodoPanel';
import { LeadList } from './LeadList';
import { LeadsBySource } from './LeadsBySource';
import { ContactRow, CorporateEnquiryRow, DownloadRow, PaymentRow, SubscriberRow } from './LeadRows';
import { PersonSearch } from './PersonSearch';

/** The 'Customer Data' tab: what is due first (the to-do), then find a person, see that notifications reach the owner, work the bookings, see where leads come from, read every other lead. */
export function CustomerData() {
  return (
    <div className="adm-customers">
      <TodoPanel />
      <PersonSearch />
      <NotificationsPanel />
      <LeadList
        kind="bookings"
        title="Bookings"
        noun="bookings"
        layout="cards"
        empty={{ title: 'No bookings yet', text: 'Free discovery calls and package bookings made on the site appear here, newest first.' }}
        before={<RestoredEdits />}
        renderItem={(booking) => <BookingCard booking={booking} />}
      />
      <PaymentRequestsPanel />
      <InvoicesSection />
      <LeadsBySource />
      <div className="adm-lists-grid">
        <LeadList
          kind="contacts"
          title="Contact submissions"
          noun="contact submissions"
          layout="rows"
          empty={{ title: 'No messages yet', text: 'Messages sent through the contact form appear here.' }}
          renderItem={(contact) => <ContactRow contact={contact} />}
        />
        <LeadList
          kind="corporateEnquiries"
          title="Corporate enquiries"
          noun="corporate enquiries"
          layout="rows"
          empty={{ title: 'No corporate enquiries yet', text: 'HR leaders who ask for a consultation on the corporate programme page appear here.' }}
          renderItem={(enquiry) => <CorporateEnquiryRow enquiry={enquiry} />}
        />
        <LeadList
          kind="payments"
          title="Payments"
          noun="payments"
          layout="rows"
          empty={{ title: 'No payments yet', text: 'Razorpay orders for paid packages appear here with their status.' }}
          renderItem={(payment) => <PaymentRow payment={payment} />}
        />
        <LeadList
          kind="downloads"
          title="Resource downloads"
          noun="resource downloads"
          layout="rows"
          empty={{ title: 'No downloads yet', text: 'People who download a guide or brochure appear here with their details.' }}
          renderItem={(download) => <DownloadRow download={download} />}
        />
        <LeadList
          kind="subscribers"
          title="Newsletter subscribers"
          noun="newsletter subscribers"
          layout="rows"
          empty={{ title: 'No subscribers yet', text: 'E-mail addresses given in the newsletter block appear here.' }}
          renderItem={(subscriber) => <SubscriberRow subscriber={subscriber} />}
        />
      </div>
    </div>
  );
}
