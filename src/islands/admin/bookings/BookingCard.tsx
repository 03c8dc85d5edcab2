import { useId } from 'react';
import {
  bookingPaymentLabel,
  bookingStatusChoices,
  bookingStatusLabels,
  bookingTypeLabel,
} from '../../../lib/admin/labels';
import { sourceLabel } from '../../../lib/admin/leadSource';
import { formatRupees } from '../../../lib/format';
import type { BookingRecord, BookingStatus } from '../api';
import { EmailLink, PhoneLink } from '../ui/Contact';
import { RequestPaymentButton } from '../payments/RequestPaymentButton';
import { Pill, bookingStatusTone, paymentTone } from '../ui/Pill';
import { When } from '../ui/When';
import { BookingCall } from '../schedule/BookingCall';
import { BookingEditForm } from './BookingEditForm';
import type { BookingDraft } from './bookingDrafts';
import { useBookingEditor } from './useBookingEditor';
import { useStatusChange } from './useStatusChange';

interface Props {
  booking: BookingRecord;
  /** An unsaved edit brought back from the tab's drafts (after a sign-in or a reload). */
  restored?: BookingDraft;
  /** Called when the edit ends (saved or cancelled). */
  onEditEnd?: () => void;
}

/** One booking as the owner works it (docs/admin.md, "The dashboard"): the facts, the status, and an edit mode. */
export function BookingCard({ booking, restored, onEditEnd }: Props) {
  const headingId = useId();
  const statusId = useId();
  const editor = useBookingEditor(booking, restored, onEditEnd);
  const status = useStatusChange(booking.id);
  // While a change is on its way the dropdown shows the choice, then the stored value.
  const shownStatus = status.isPending && status.variables ? status.variables : booking.status;
  const source = sourceLabel(booking.attribution);

  return (
    <article
      className={`adm-booking${editor.editing ? ' is-editing' : ''}`}
      aria-labelledby={headingId}
      data-testid="booking-card"
      data-booking-id={booking.id}
    >
      <header className="adm-booking-head">
        <div>
          <h3 id={headingId} className="adm-booking-name">
            {booking.fullName}
          </h3>
          <p className="adm-booking-meta">
            {bookingTypeLabel(booking.bookingType)} · <When iso={booking.createdAt} />
          </p>
        </div>
        <Pill tone={bookingStatusTone(booking.status)}>{bookingStatusLabels[booking.status]}</Pill>
      </header>

      {editor.editing ? (
        <BookingEditForm
          who={booking.fullName}
          values={editor.editing.values}
          errors={editor.errors}
          conflict={editor.conflict}
          restored={Boolean(restored)}
          saving={editor.saving}
          onChange={editor.change}
          onSubmit={() => void editor.submit()}
          onCancel={editor.cancel}
          onReapply={editor.reapply}
        />
      ) : (
        <>
          <dl className="adm-facts">
            <div>
              <dt>Mobile</dt>
              <dd>
                <PhoneLink phone={booking.mobile} />
              </dd>
            </div>
            {booking.email ? (
              <div className="adm-fact-wide">
                <dt>Email</dt>
                <dd>
                  <EmailLink email={booking.email} />
                </dd>
              </div>
            ) : null}
            <div className="adm-fact-wide">
              <dt>WhatsApp</dt>
              <dd data-testid="whatsapp-consent">
                {booking.whatsappConsent ? (
                  <>
                    Opted in <When iso={booking.whatsappConsent.at} /> (“{booking.whatsappConsent.words}”)
                  </>
                ) : (
                  <span className="adm-none">Not opted in</span>
                )}
              </dd>
            </div>
            <div className="adm-fact-wide">
              <dt>Current stage</dt>
              <dd>{booking.currentStage}</dd>
            </div>
            <div>
              <dt>Package</dt>
              <dd>{booking.packageName}</dd>
            </div>
            <div>
              <dt>Amount</dt>
              <dd>{booking.amount ? formatRupees(booking.amount) : 'Free'}</dd>
            </div>
            {booking.paymentStatus ? (
              <div>
                <dt>Payment</dt>
                <dd>
                  <Pill tone={paymentTone(booking.paymentStatus)}>{bookingPaymentLabel(booking.paymentStatus)}</Pill>
                </dd>
              </div>
            ) : null}
            {typeof booking.quizScore === 'number' ? (
              <div>
                <dt>Quiz score</dt>
                <dd>{booking.quizScore}%</dd>
              </div>
            ) : null}
            {booking.bookingType === 'discovery_call' ? <BookingCall bookingId={booking.id} /> : null}
            {source ? (
              <div className="adm-fact-wide" data-testid="lead-source">
                <dt>Source</dt>
                <dd>{source}</dd>
              </div>
            ) : null}
          </dl>
          <div className="adm-notes">
            <p className="adm-notes-label">Notes</p>
            <p className={booking.notes ? 'adm-notes-text' : 'adm-notes-text is-empty'}>
              {booking.notes || 'No notes yet.'}
            </p>
          </div>
        </>
      )}

      <footer className="adm-booking-foot">
        <div className="adm-status">
          <label htmlFor={statusId}>
            Status<span className="visually-hidden"> of {booking.fullName}'s booking</span>
          </label>
          <select
            id={statusId}
            value={shownStatus}
            disabled={status.isPending || Boolean(editor.editing)}
            onChange={(event) => status.mutate(event.target.value as BookingStatus)}
          >
            {bookingStatusChoices.map((value) => (
              <option key={value} value={value}>
                {bookingStatusLabels[value]}
              </option>
            ))}
          </select>
        </div>
        {editor.editing ? null : (
          <>
            {booking.paymentStatus === 'paid' ? null : (
              <RequestPaymentButton
                customer={{
                  bookingId: booking.id,
                  name: booking.fullName,
                  phone: booking.mobile,
                  email: booking.email ?? null,
                  packageId: booking.packageId,
                }}
              />
            )}
            <button
              type="button"
              className="btn btn-outline adm-btn-sm"
              onClick={() => void editor.open()}
              disabled={editor.opening || status.isPending}
            >
              {editor.opening ? 'Opening…' : 'Edit'}
              <span className="visually-hidden"> {booking.fullName}'s booking</span>
            </button>
          </>
        )}
      </footer>
      {booking.updatedAt ? (
        <p className="adm-booking-updated">
          Last changed <When iso={booking.updatedAt} />
        </p>
      ) : null}
    </article>
  );
}
