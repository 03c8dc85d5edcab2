import { audienceLabel, paymentStatusLabel } from '../../../lib/admin/labels';
import { formatRupees } from '../../../lib/format';
import { employeeBandLabel } from '../../../lib/schemas/corporateEnquiry';
import type { ContactRecord, CorporateEnquiryRecord, DownloadRecord, PaymentRecord, SubscriberRecord } from '../api';
import { EmailLink, PhoneLink } from '../ui/Contact';
import { SourceLine } from '../ui/LeadSource';
import { WhatsappConsentLine } from '../ui/WhatsappConsent';
import { PaymentRefund } from '../payments/PaymentRefund';
import { Pill, paymentTone } from '../ui/Pill';
import { When } from '../ui/When';

// One compact row per record of the lists the owner reads (bookings are worked in cards).

export function ContactRow({ contact }: { contact: ContactRecord }) {
  return (
    <article className="adm-row">
      <div className="adm-row-main">
        <h3 className="adm-row-title">{contact.name}</h3>
        <Pill tone="navy">{audienceLabel(contact.whoIsThisFor)}</Pill>
        {contact.status === 'contacted' ? <Pill tone="teal">Contacted</Pill> : null}
      </div>
      <p className="adm-row-reach">
        <EmailLink email={contact.email} />
        <PhoneLink phone={contact.phone} />
      </p>
      <SourceLine attribution={contact.attribution} />
      <WhatsappConsentLine consent={contact.whatsappConsent} />
      <p className="adm-row-when">
        <When iso={contact.createdAt} />
      </p>
    </article>
  );
}

export function CorporateEnquiryRow({ enquiry }: { enquiry: CorporateEnquiryRecord }) {
  return (
    <article className="adm-row">
      <div className="adm-row-main">
        <h3 className="adm-row-title">{enquiry.name}</h3>
        <Pill tone="navy">{employeeBandLabel(enquiry.employees)}</Pill>
        {enquiry.status === 'contacted' ? <Pill tone="teal">Contacted</Pill> : null}
      </div>
      <p className="adm-row-detail">
        {enquiry.role} · {enquiry.company}
      </p>
      <p className="adm-row-reach">
        <EmailLink email={enquiry.email} />
        <PhoneLink phone={enquiry.phone} />
      </p>
      {/* Two lines at most here; the whole message is in the export and read out by screen readers. */}
      {enquiry.message ? <p className="adm-row-message">{enquiry.message}</p> : null}
      <SourceLine attribution={enquiry.attribution} />
      <WhatsappConsentLine consent={enquiry.whatsappConsent} />
      <p className="adm-row-when">
        <When iso={enquiry.createdAt} />
      </p>
    </article>
  );
}

export function PaymentRow({ payment }: { payment: PaymentRecord }) {
  return (
    <article className="adm-row">
      <div className="adm-row-main">
        <h3 className="adm-row-title">{payment.customerName}</h3>
        <strong className="adm-amount">{formatRupees(payment.amount)}</strong>
        <Pill tone={paymentTone(payment.status)}>{paymentStatusLabel(payment.status)}</Pill>
      </div>
      <p className="adm-row-detail">{payment.packageName}</p>
      <p className="adm-row-reach">
        {payment.customerEmail ? <EmailLink email={payment.customerEmail} /> : null}
        <PhoneLink phone={payment.customerPhone} />
      </p>
      <p className="adm-row-when">
        <When iso={payment.createdAt} /> · <span className="adm-mono">{payment.razorpayOrderId}</span>
      </p>
      <PaymentRefund payment={payment} />
    </article>
  );
}

export function DownloadRow({ download }: { download: DownloadRecord }) {
  return (
    <article className="adm-row">
      <div className="adm-row-main">
        <h3 className="adm-row-title">{download.fullName}</h3>
      </div>
      <p className="adm-row-detail">
        {download.resourceTitle} · {download.currentStage}
      </p>
      <p className="adm-row-reach">
        <EmailLink email={download.email} />
        <PhoneLink phone={download.mobile} />
      </p>
      <SourceLine attribution={download.attribution} />
      <WhatsappConsentLine consent={download.whatsappConsent} />
      <p className="adm-row-when">
        <When iso={download.createdAt} />
      </p>
    </article>
  );
}

export function SubscriberRow({ subscriber }: { subscriber: SubscriberRecord }) {
  return (
    <article className="adm-row adm-row-inline">
      <h3 className="adm-row-title">
        <EmailLink email={subscriber.email} />
      </h3>
      <p className="adm-row-when">
        Subscribed <When iso={subscriber.createdAt} />
      </p>
      <SourceLine attribution={subscriber.attribution} />
    </article>
  );
}
