import { useEffect, useRef } from 'react';
import { business, mailtoHref } from '../../lib/business';

interface Props {
  /** The name as the visitor typed it. */
  name: string;
  onReset: () => void;
}

/** "Priya Raghavan" -> "Priya": the thank-you speaks to them by first name. */
const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

export function EnquiryThanks({ name, onReset }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form and its button are gone: focus moves here, so keyboard and screen-reader
  // users land on the answer instead of the top of the page.
  useEffect(() => heading.current?.focus(), []);

  return (
    <div className="enquiry-thanks" data-testid="corporate-enquiry-thanks">
      <h3 ref={heading} tabIndex={-1}>
        Thank you, {firstName(name)}!
      </h3>
      <p>
        Your enquiry has reached us. We’ll reply within {business.promises.responseHours} business hours (
        {business.contact.hoursShort}) to set up a consultation with {business.founder.name}: the scope, rollout plan
        and pricing for your workforce.
      </p>
      <p className="enquiry-thanks-direct">
        Something urgent? Call <a href={business.contact.phoneHref}>{business.contact.phone}</a> or write to{' '}
        <a href={mailtoHref}>{business.contact.email}</a>.
      </p>
      <button type="button" className="btn btn-ghost" onClick={onReset}>
        Send another enquiry
      </button>
    </div>
  );
}
