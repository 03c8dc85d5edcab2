import { recordKinds } from '../../../lib/leads/kinds';
import { kindViews } from '../customers/kindViews';
import { LeadList } from '../customers/LeadList';
import { LeadsBySource } from '../customers/LeadsBySource';
import { InvoicesSection } from '../payments/InvoicesSection';
import { PaymentRequestsPanel } from '../payments/PaymentRequestsPanel';

/** Money (docs/admin.md, "Money"): payments, payment links, invoices, and what converts. */
export function MoneyView() {
  return (
    <div className="adm-view-stack">
      <LeadList kind={recordKinds.payment.plural} {...kindViews.payment.list} />
      <PaymentRequestsPanel />
      <InvoicesSection />
      <LeadsBySource />
    </div>
  );
}
