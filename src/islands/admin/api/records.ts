import type { Booking } from '../../../lib/schemas/booking';
import type { ContactRecord as StoredContact } from '../../../lib/schemas/contact';
import type { Payment } from '../../../lib/schemas/payment';
import type { Download } from '../../../lib/schemas/download';
import type { Subscriber } from '../../../lib/schemas/subscriber';
import type { CorporateEnquiry } from '../../../lib/schemas/corporateEnquiry';
import type { RecordMeta } from '../../../lib/schemas/recordMeta';
import type { RefundSummary } from '../../../lib/schemas/refund';

// Stored records as the admin APIs answer them: the entity's schema plus id and dates.
// Types only: nothing from the server is bundled.

export type BookingRecord = Booking & RecordMeta;
export type ContactRecord = StoredContact & RecordMeta;
/** The payments list adds each captured payment's refunds; other answers leave it out. */
export type PaymentRecord = Payment & RecordMeta & { refunds?: RefundSummary | null };
export type DownloadRecord = Download & RecordMeta;
export type SubscriberRecord = Subscriber & RecordMeta;
export type CorporateEnquiryRecord = CorporateEnquiry & RecordMeta;
