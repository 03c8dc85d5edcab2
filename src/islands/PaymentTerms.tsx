import { policyLinks } from '../lib/navigation';

// Beside a pay button (docs/privacy.md, "Terms and refund policy"): the terms a payment accepts
// and the refund policy, each in a new tab so the checkout stays as it is.

export default function PaymentTerms() {
  return (
    <p className="notice-link">
      By paying you accept our{' '}
      <a href={policyLinks.terms.href} target="_blank" rel="noopener">
        {policyLinks.terms.label.toLowerCase()}
        <span className="visually-hidden"> (opens in a new tab)</span>
      </a>{' '}
      and{' '}
      <a href={policyLinks.refunds.href} target="_blank" rel="noopener">
        {policyLinks.refunds.label.toLowerCase()}
        <span className="visually-hidden"> (opens in a new tab)</span>
      </a>
      .
    </p>
  );
}
