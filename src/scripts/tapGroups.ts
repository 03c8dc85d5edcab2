// Shared by the inline capture script (src/scripts/early-taps.ts) and the code that makes
// each group live (window.__cccLive, src/scripts/liveGlobals.d.ts), so the two never disagree about a control.

/**
 * The controls whose code is not in their own island, by the group that wires them
 * (docs/architecture.md, "Taps before the code arrives"). A control is live once an
 * ancestor (or the page root) lists its group in `data-live`; until then the capture
 * script holds its taps.
 */
export const tapGroups = {
  /** Dialog triggers (src/scripts/dialog-triggers.ts), wired once for the whole page. */
  dialogs: '[data-book-package],[data-download-resource],[data-open-quiz],[data-open-call]',
  /** The small-screen menu button (SiteNav). */
  menu: '[data-menu-toggle]',
  /** Server-rendered tabs (src/scripts/tabs.ts) and the pillars' dots, live per section. */
  tabs: '[data-package-tabs] [role="tab"],[data-faq-tabs] [role="tab"],[data-pillars] [role="tab"],[data-pillar-dot]',
  /** A blog post's Share and Get In Touch. */
  'post-actions': '[data-share-url],[data-contact-cta]',
  /** The corporate page's ROI case study button. */
  roi: '[data-roi-case-study]',
  /** The admin's own pages (sign-in, passkeys), wired by their page scripts. */
  'admin-page': '[data-admin-control]',
} as const;

export type TapGroup = keyof typeof tapGroups;

export const LIVE_ATTRIBUTE = 'data-live';
export const QUEUED_ATTRIBUTE = 'data-tap-queued';
export const EARLY_SUBMIT_ATTRIBUTE = 'data-early-submit';
