import { useEffect, useRef } from 'react';

/**
 * A native <dialog> shown modal while its component is mounted: showModal() traps focus and
 * makes the page inert, and close() gives focus back to the button that opened it.
 */
export function useModalDialog() {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);
  return dialog;
}
