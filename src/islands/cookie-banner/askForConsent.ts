import { requestIsland } from '../on-request/requestIsland';
import { hasStoredConsent } from './consent';

/**
 * The banner's island hydrates only for a visitor who has not answered it yet, once the
 * page is idle (it shows itself 2 s after load). Someone who answered on an
 * earlier visit downloads none of its code.
 */
export function askForConsentUnlessAnswered(): void {
  if (hasStoredConsent(window.localStorage)) return;
  const ask = () => requestIsland('cookie-banner');
  // Safari has no requestIdleCallback.
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(ask);
  else setTimeout(ask, 200);
}
