import type { WhatsappConsent } from '../../../lib/whatsappConsent';
import { When } from './When';

/**
 * A lead's WhatsApp consent: when the visitor ticked the box and the words they saw;
 * "no" when they did not, so the owner knows whether WhatsApp messages go to them.
 */
export function WhatsappConsentLine({ consent }: { consent: WhatsappConsent | null | undefined }) {
  return (
    <p className="adm-source" data-testid="whatsapp-consent">
      WhatsApp:{' '}
      {consent ? (
        <span className="adm-source-value">
          opted in <When iso={consent.at} /> (“{consent.words}”)
        </span>
      ) : (
        <span className="adm-none">not opted in</span>
      )}
    </p>
  );
}
