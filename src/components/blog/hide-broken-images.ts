// A blog image that fails to load is hidden instead of showing a broken icon.
// Error events do not bubble, so listen in the capture phase; images that failed
// before this module ran are caught by the sweep.
function hide(image: HTMLImageElement): void {
  const frame = image.closest<HTMLElement>('[data-image-frame]');
  const element = frame ?? image;
  element.hidden = true;
  element.style.display = 'none';
}

export function hideBrokenImages(): void {
  document.addEventListener(
    'error',
    (event) => {
      const target = event.target;
      if (target instanceof HTMLImageElement && target.matches('[data-hide-on-error]')) hide(target);
    },
    true,
  );
  for (const image of document.querySelectorAll<HTMLImageElement>('img[data-hide-on-error]')) {
    if (image.complete && image.naturalWidth === 0) hide(image);
  }
}
