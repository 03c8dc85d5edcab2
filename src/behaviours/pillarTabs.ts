import { wireTabs } from '../scripts/tabs';
import { behaviour } from './behaviour';

/** The home page's four pillars: tabs, with the dots under them as a second way to switch. */
export default behaviour(() => {
  for (const root of document.querySelectorAll<HTMLElement>('[data-pillars]')) {
    const tablist = root.querySelector<HTMLElement>('[role="tablist"]');
    const dots = [...root.querySelectorAll<HTMLButtonElement>('[data-pillar-dot]')];
    if (!tablist) continue;
    const select = wireTabs(tablist, (_tab, index) => {
      dots.forEach((dot, i) =>
        i === index ? dot.setAttribute('aria-current', 'true') : dot.removeAttribute('aria-current'),
      );
    });
    dots.forEach((dot, index) => dot.addEventListener('click', () => select(index)));
    window.__cccLive?.('tabs', root);
  }
});
