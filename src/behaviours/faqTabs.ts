import { wireTabs } from '../scripts/tabs';
import { behaviour } from './behaviour';

/** The FAQ's category tabs. */
export default behaviour(() => {
  for (const tablist of document.querySelectorAll<HTMLElement>('[data-faq-tabs]')) wireTabs(tablist);
});
