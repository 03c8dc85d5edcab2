import { createContext, useContext, useEffect, useRef, type ReactNode } from 'react';
import './modal.css';

// One native <dialog> for every modal island: showModal() gives the focus trap,
// Escape and the inert page; close() hands focus back to whatever opened it.
// Every way of closing goes through dialog.close(), whose 'close' event is the
// one place the island hears about it.

const CloseContext = createContext<() => void>(() => undefined);
/** Closes the surrounding modal the same way Escape or the close button does. */
export const useCloseModal = () => useContext(CloseContext);

interface ModalProps {
  labelledBy: string;
  describedBy?: string;
  onClose: () => void;
  /** Only the download dialog closes on a backdrop click; a half-filled form elsewhere is not lost to a stray click. */
  closeOnBackdrop?: boolean;
  size?: 'md' | 'lg';
  testId?: string;
  children: ReactNode;
}

export function Modal({
  labelledBy,
  describedBy,
  onClose,
  closeOnBackdrop = false,
  size = 'md',
  testId,
  children,
}: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    // showModal() focuses the first focusable element (the close button). With a mouse, a form's first
    // field is a better start; on touch screens that would pop the keyboard over the dialog's content.
    if (window.matchMedia('(pointer: fine)').matches) dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    const handleClose = () => onCloseRef.current();
    dialog.addEventListener('close', handleClose);
    return () => {
      dialog.removeEventListener('close', handleClose);
      if (dialog.open) dialog.close();
    };
  }, []);

  const close = () => ref.current?.close();

  return (
    // A click on the backdrop is a pointer-only extra: Escape closes the native dialog from the keyboard.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={ref}
      className={`modal modal-${size}`}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      data-testid={testId}
      // The dialog box itself has no padding: a click whose target is the <dialog> landed on the backdrop.
      onClick={(event) => {
        if (closeOnBackdrop && event.target === event.currentTarget) close();
      }}
    >
      <div className="modal-body">
        <button type="button" className="icon-button modal-close" aria-label="Close" onClick={close}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
        <CloseContext.Provider value={close}>{children}</CloseContext.Provider>
      </div>
    </dialog>
  );
}
