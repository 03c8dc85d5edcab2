// The two small behaviours of a post page, as plain scripts: no
// island needed for a button that shares and a button that points to the contact details.

export const COPIED_MESSAGE = 'Article link copied to clipboard!';

export function listenForShare(): void {
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-share-url]')) {
    button.addEventListener('click', async () => {
      const url = button.dataset.shareUrl ?? location.href;
      const data = { title: button.dataset.shareTitle ?? document.title, text: button.dataset.shareText ?? '', url };
      if (typeof navigator.share === 'function') {
        try {
          await navigator.share(data);
          return;
        } catch (error) {
          // The reader closed the share sheet: nothing more to do.
          if (error instanceof DOMException && error.name === 'AbortError') return;
        }
      }
      try {
        await navigator.clipboard.writeText(url);
        alert(COPIED_MESSAGE);
      } catch {
        // No clipboard access (e.g. an insecure context): show the link to copy by hand.
        window.prompt('Copy this link to share the article:', url);
      }
    });
  }
}

/** Scroll to the top, then after half a second show how to reach us. */
export function listenForContactCta(): void {
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-contact-cta]')) {
    button.addEventListener('click', () => {
      const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      window.scrollTo({ top: 0, behavior: reduceMotion ? 'auto' : 'smooth' });
      const message = button.dataset.message ?? '';
      window.setTimeout(() => alert(message), 500);
    });
  }
}
