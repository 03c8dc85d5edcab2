import { type ReactNode, useId, useState } from 'react';
import { paymentLinkMessage, whatsappShareHref } from '../../../lib/admin/paymentLinkShare';
import type { PaymentRequestRecord } from '../api/paymentRequests';

/** The ways the owner hands a link over: copy it, or open WhatsApp with the message written. */
export function ShareLink({
  request,
  showUrl = false,
  children,
}: {
  request: PaymentRequestRecord;
  showUrl?: boolean;
  children?: ReactNode;
}) {
  const urlId = useId();
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(request.url);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <div className="adm-share">
      {showUrl ? (
        <div className="adm-share-url">
          <label htmlFor={urlId}>Payment link</label>
          <input
            id={urlId}
            type="text"
            readOnly
            value={request.url}
            onFocus={(event) => event.currentTarget.select()}
            data-testid="payment-link-url"
          />
        </div>
      ) : null}
      <div className="adm-share-actions">
        <button type="button" className="btn btn-outline adm-btn-sm" onClick={() => void copy()}>
          Copy link<span className="visually-hidden"> for {request.name}</span>
        </button>
        <a
          className="btn btn-outline adm-btn-sm"
          href={whatsappShareHref(request.phone, paymentLinkMessage(request))}
          target="_blank"
          rel="noopener noreferrer"
        >
          WhatsApp<span className="visually-hidden"> the link to {request.name} (opens WhatsApp)</span>
        </a>
        {children}
      </div>
      <p className="adm-share-status" role="status">
        {copied === 'yes'
          ? 'Link copied.'
          : copied === 'failed'
            ? 'Could not copy: select the link and copy it by hand.'
            : ''}
      </p>
    </div>
  );
}
