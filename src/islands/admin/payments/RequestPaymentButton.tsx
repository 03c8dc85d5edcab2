import { useState } from 'react';
import { type PaymentCustomer, RequestPaymentDialog } from './RequestPaymentDialog';

/** "Request payment" for one person (a booking card, a search timeline); the dialog opens on click. */
export function RequestPaymentButton({ customer }: { customer: PaymentCustomer }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn btn-outline adm-btn-sm" onClick={() => setOpen(true)}>
        Request payment<span className="visually-hidden"> from {customer.name}</span>
      </button>
      {open ? <RequestPaymentDialog customer={customer} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
