// A form whose island has not hydrated yet would submit natively: a GET of the page with
// the visitor's details in the address. This classic inline script (it runs as the page
// is parsed, before any island code arrives) holds such a submit instead: it keeps what
// was typed on the form (`data-queued-values`) and marks it busy (`data-submit-queued`);
// the island sends it once it hydrates (DECISIONS 35). Forms opt in with `data-early-submit`.
export const EARLY_SUBMIT_ATTRIBUTE = 'data-early-submit';
export const QUEUED_VALUES_ATTRIBUTE = 'data-queued-values';
export const HYDRATED_ATTRIBUTE = 'data-hydrated';

export const earlySubmitScript =
  `document.addEventListener('submit',function(e){var f=e.target;` +
  `if(!(f instanceof HTMLFormElement)||!f.hasAttribute('${EARLY_SUBMIT_ATTRIBUTE}')||f.hasAttribute('${HYDRATED_ATTRIBUTE}'))return;` +
  `e.preventDefault();var v={};new FormData(f).forEach(function(x,k){v[k]=String(x)});` +
  `f.setAttribute('${QUEUED_VALUES_ATTRIBUTE}',JSON.stringify(v));f.setAttribute('data-submit-queued','');f.setAttribute('aria-busy','true')},true);`;

/** What the island reads on hydration: the values of a submit held before it, once. */
export function takeQueuedSubmit(form: HTMLFormElement): Record<string, string> | null {
  form.setAttribute(HYDRATED_ATTRIBUTE, '');
  const raw = form.getAttribute(QUEUED_VALUES_ATTRIBUTE);
  form.removeAttribute(QUEUED_VALUES_ATTRIBUTE);
  form.removeAttribute('data-submit-queued');
  if (!raw) return null;
  try {
    return JSON.parse(raw) as Record<string, string>;
  } catch {
    return null;
  }
}
