import { useEffect, useRef } from 'react';
import { WHATSAPP_CONSENT_WORDS } from '../lib/whatsappConsent';

// The WhatsApp consent box every lead form shows (docs/whatsapp.md, "Consent"): unchecked
// until the visitor ticks it, its words the ones stored with the consent. Named, so a submit
// held before the form's code arrives keeps the tick (src/scripts/early-taps.ts).

interface Props {
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}

export default function WhatsappOptIn({ id, checked, onChange, disabled = false }: Props) {
  const box = useRef<HTMLInputElement>(null);
  // A tick made before the form's code arrived: early-taps.ts gives it back to the form, but a
  // click it makes before React listens is lost while the box still shows ticked, so the box also
  // takes over what the page shows once it is mounted (what is sent is what the visitor sees).
  useEffect(() => {
    if (box.current && box.current.checked !== checked) onChange(box.current.checked);
    // Once, at hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <label className="consent-check" htmlFor={id}>
      <input
        ref={box}
        id={id}
        type="checkbox"
        name="whatsappOptIn"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span>{WHATSAPP_CONSENT_WORDS}</span>
    </label>
  );
}

/** The request field: sent only when ticked, so an unticked box adds nothing to the body. */
export const optInBody = (checked: boolean): { whatsappOptIn?: true } => (checked ? { whatsappOptIn: true } : {});
