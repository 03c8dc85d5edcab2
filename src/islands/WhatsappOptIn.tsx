import { WHATSAPP_CONSENT_WORDS } from '../lib/whatsappConsent';

// The WhatsApp consent box every lead form shows (issue 30): unchecked until the visitor ticks it,
// its words the ones stored with the consent. Named, so a tick made before the form's code
// arrives is given back once it has (src/scripts/early-taps.ts), whenever the form is sent.

interface Props {
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}

export default function WhatsappOptIn({ id, checked, onChange, disabled = false }: Props) {
  return (
    <label className="consent-check" htmlFor={id}>
      <input id={id} type="checkbox" name="whatsappOptIn" checked={checked} disabled={disabled} onChange={(event) => onChange(event.target.checked)} />
      <span>{WHATSAPP_CONSENT_WORDS}</span>
    </label>
  );
}

/** The request field: sent only when ticked, so an unticked box adds nothing to the body. */
export const optInBody = (checked: boolean): { whatsappOptIn?: true } => (checked ? { whatsappOptIn: true } : {});
