import { isPackageAudience, packageAudiences, wantedAudience } from '../lib/packageFilter';
import { wireTabs } from '../scripts/tabs';
import { behaviour } from './behaviour';

/** The packages section's audience tabs, which filter one panel of cards. */
const AUDIENCE_KEY = 'ccc-audience';

/** The audience an earlier page of this visit asked for (sessionStorage: the visit, nothing kept after). */
function rememberedAudience(): string | null {
  try {
    return sessionStorage.getItem(AUDIENCE_KEY);
  } catch {
    return null;
  }
}

function remember(audience: string): void {
  try {
    sessionStorage.setItem(AUDIENCE_KEY, audience);
  } catch {
    // Storage off: the tab still opens from the link itself.
  }
}

export default behaviour(() => {
  for (const tablist of document.querySelectorAll<HTMLElement>('[data-package-tabs]')) {
    const panel = tablist.closest('section')?.querySelector<HTMLElement>('[data-package-panel]');
    if (!panel) continue;
    // All tabs control one panel of cards; a tab filters it with the audiences computed at build time.
    const select = wireTabs(tablist, (tab) => {
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
    // A visit that came for one audience (a student link, post or quiz) opens on its tab.
    const wanted = wantedAudience(location.search, rememberedAudience());
    if (wanted) {
      remember(wanted);
      select(packageAudiences.findIndex((tab) => tab.id === wanted));
    }
  }
});
