import bodyFont from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url';
import displayFont from '@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2?url';

// The web fonts for a visit's next pages (src/styles/fonts.css). Session storage like the
// visit's landing (attribution): a fact about this tab's visit, no cookie, nothing personal.

/** Set once the latin font files are in the browser's cache for this visit. */
export const WEB_FONTS_FLAG = 'ccc-web-fonts';
/** The class on <html> that switches the font tokens to the web fonts. */
export const WEB_FONTS_CLASS = 'web-fonts';

/** The head's inline script: the class before the first paint, when the files are cached. */
export const webFontsClassScript = `try{if(sessionStorage.getItem(${JSON.stringify(WEB_FONTS_FLAG)}))document.documentElement.classList.add(${JSON.stringify(WEB_FONTS_CLASS)})}catch(e){}`;

/** Once the page is idle, fetches the fonts the way @font-face does, so the next page finds them cached. */
export function warmWebFontsForNextPage(): void {
  if (document.documentElement.classList.contains(WEB_FONTS_CLASS)) return;
  const warm = () => {
    const files = [
      new FontFace('Inter Variable', `url(${bodyFont})`),
      new FontFace('Fraunces Variable', `url(${displayFont})`),
    ];
    Promise.all(files.map((face) => face.load())).then(
      () => {
        try {
          sessionStorage.setItem(WEB_FONTS_FLAG, '1');
        } catch {
          // Storage blocked: every page keeps the local fonts, which is fine.
        }
      },
      () => undefined,
    );
  };
  const whenIdle = () =>
    typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(warm) : setTimeout(warm, 200);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
