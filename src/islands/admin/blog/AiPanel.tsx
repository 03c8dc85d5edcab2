import { type ReactNode, useId } from 'react';

interface Props {
  title: string;
  className?: string;
  /** Why AI cannot be used now (no key on the server), shown instead of the panel's controls. */
  unavailable: string | null;
  children: ReactNode;
}

/** The frame both AI panels share: a titled region, and the reason when AI drafting is off. */
export function AiPanel({ title, className, unavailable, children }: Props) {
  const id = useId();
  return (
    <section className={className ? `adm-ai-panel ${className}` : 'adm-ai-panel'} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="adm-ai-title">
        <span aria-hidden="true">✦</span> {title}
      </h3>
      {unavailable ? <p className="adm-notice adm-notice-off">{unavailable}</p> : null}
      {children}
    </section>
  );
}
