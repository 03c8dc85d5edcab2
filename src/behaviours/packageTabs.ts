import { isPackageAudience } from '../lib/packageFilter';
import { wireTabs } from '../scripts/tabs';
import { behaviour } from './behaviour';

/** The packages section's audience tabs, which filter one panel of cards. */
export default behaviour(() => {
  for (const tablist of document.querySelectorAll<HTMLElement>('[data-package-tabs]')) {
    const panel = tablist.closest('section')?.querySelector<HTMLElement>('[data-package-panel]');
    if (!panel) continue;
    // All tabs control one panel of cards; a tab filters it with the audiences computed at build time.
    wireTabs(tablist, (tab) => {
      const audience = tab.dataset.audience;
      if (!isPackageAudience(audience)) return;
      panel.setAttribute('aria-labelledby', tab.id);
      for (const card of panel.querySelectorAll<HTMLElement>('[data-package-card]')) {
        card.hidden = !(card.dataset.audiences ?? '').split(' ').includes(audience);
      }
      for (const empty of panel.querySelectorAll<HTMLElement>('[data-empty-for]')) {
        empty.hidden = empty.dataset.emptyFor !== audience;
      }
    });
  }
});
