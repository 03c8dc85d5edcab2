/**
 * Dispatched on the document when a tap is held before its control's code arrived
 * (src/scripts/early-taps.ts): late loaders fetch their code now instead of waiting for
 * the page to be idle. Its own module, so the directives inlined into every page import
 * one string, not the capture script.
 */
export const EARLY_TAP_EVENT = 'ccc:early-tap';
