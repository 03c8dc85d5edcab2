import { askForConsentUnlessAnswered } from '../islands/cookie-banner/askForConsent';
import { hydrateIslandsOnDemand } from '../islands/on-request/hydrateOnDemand';
import { listenForNotificationsHotkey } from '../islands/toaster/notificationsHotkey';
import { listenForDialogTriggers } from '../scripts/dialog-triggers';
import { warmWebFontsForNextPage } from '../scripts/web-fonts';
import { behaviour } from './behaviour';

/** What every page does (BaseLayout): dialog triggers, islands on demand, F8, consent, fonts. */
export default behaviour(() => {
  hydrateIslandsOnDemand();
  listenForDialogTriggers();
  listenForNotificationsHotkey();
  askForConsentUnlessAnswered();
  warmWebFontsForNextPage();
});
