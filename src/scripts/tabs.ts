/**
 * WAI-ARIA tabs for server-rendered markup: click, arrow keys, Home and End select a tab,
 * update aria-selected and the roving tabindex, and show the panel named by aria-controls
 * (tabs that share one panel leave it visible and filter it in `onSelect`).
 * Returns a function that selects a tab by index.
 */
export function wireTabs(
  tablist: HTMLElement,
  onSelect?: (tab: HTMLElement, index: number) => void,
): (index: number) => void {
  const tabs = [...tablist.querySelectorAll<HTMLElement>('[role="tab"]')];

  const select = (index: number, focus = false) => {
    const chosen = tabs[index];
    if (!chosen) return;
    for (const tab of tabs) {
      const on = tab === chosen;
      tab.setAttribute('aria-selected', String(on));
      tab.tabIndex = on ? 0 : -1;
      const panelId = tab.getAttribute('aria-controls');
      const panel = panelId ? document.getElementById(panelId) : null;
      if (panel && panelId !== chosen.getAttribute('aria-controls')) panel.hidden = true;
    }
    const panelId = chosen.getAttribute('aria-controls');
    const panel = panelId ? document.getElementById(panelId) : null;
    if (panel) panel.hidden = false;
    onSelect?.(chosen, index);
    if (focus) chosen.focus();
  };

  tabs.forEach((tab, index) => {
    tab.addEventListener('click', () => select(index));
    tab.addEventListener('keydown', (event) => {
      const moves: Record<string, number> = {
        ArrowRight: index + 1,
        ArrowDown: index + 1,
        ArrowLeft: index - 1,
        ArrowUp: index - 1,
        Home: 0,
        End: tabs.length - 1,
      };
      const next = moves[event.key];
      if (next === undefined) return;
      event.preventDefault();
      select((next + tabs.length) % tabs.length, true);
    });
  });
  // A tab tapped before this ran (src/scripts/early-taps.ts) is selected now.
  window.__cccLive?.('tabs', tablist);
  return select;
}
