import { useEffect, useRef, useState } from 'react';
import {
  acceptAll,
  CONSENT_BANNER_DELAY_MS,
  essentialOnly,
  hasStoredConsent,
  preferenceDefaults,
  storeConsent,
  type ConsentChoices,
} from './consent';
import './cookie-banner.css';

type Optional = Exclude<keyof ConsentChoices, 'essential'>;

const categories: { key: keyof ConsentChoices; title: string; text: string }[] = [
  {
    key: 'essential',
    title: 'Essential',
    text: 'Keep the site working: security, forms and your consent choice. Always on.',
  },
  { key: 'analytics', title: 'Analytics', text: 'Help us understand which pages are useful so we can improve them.' },
  { key: 'preferences', title: 'Preferences', text: 'Remember choices you make, such as dismissed notices.' },
  { key: 'marketing', title: 'Marketing', text: 'Measure our campaigns and show you relevant offers elsewhere.' },
];

export default function CookieBanner() {
  const [visible, setVisible] = useState(false);
  const [panel, setPanel] = useState(false);
  const [choices, setChoices] = useState<ConsentChoices>(preferenceDefaults);
  const panelRef = useRef<HTMLFieldSetElement>(null);

  // The Preferences button gives way to the panel: keep keyboard focus in the banner.
  useEffect(() => {
    if (panel) panelRef.current?.querySelector<HTMLInputElement>('input:not(:disabled)')?.focus();
  }, [panel]);

  useEffect(() => {
    if (hasStoredConsent(window.localStorage)) return;
    // 2 s after the page loaded, not after this island happened to hydrate.
    const wait = Math.max(0, CONSENT_BANNER_DELAY_MS - performance.now());
    const timer = window.setTimeout(() => setVisible(true), wait);
    return () => window.clearTimeout(timer);
  }, []);

  // An empty fragment, not null: Astro recognises a React component by the element it returns.
  if (!visible) return <></>;

  const save = (value: ConsentChoices) => {
    storeConsent(window.localStorage, value);
    setVisible(false);
  };
  const toggle = (key: Optional) => setChoices((current) => ({ ...current, [key]: !current[key] }));

  return (
    <section className="cookie-banner" aria-labelledby="cookie-title" data-testid="cookie-banner">
      <button
        type="button"
        className="icon-button cookie-close"
        aria-label="Close cookie notice"
        onClick={() => setVisible(false)}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      <div className="cookie-copy">
        <h2 id="cookie-title">Your privacy, your choice</h2>
        <p>
          We use essential cookies to run this site and, with your permission, analytics, preference and marketing
          cookies to improve it. You can change your mind at any time by clearing your browser's site data.
        </p>
      </div>
      {panel && (
        <fieldset className="cookie-panel" ref={panelRef}>
          <legend className="visually-hidden">Cookie preferences</legend>
          {categories.map(({ key, title, text }) => (
            <label key={key} className="cookie-option">
              <input
                type="checkbox"
                name={key}
                checked={choices[key]}
                disabled={key === 'essential'}
                onChange={key === 'essential' ? undefined : () => toggle(key)}
              />
              <span>
                <strong>{title}</strong>
                {key === 'essential' && <span className="cookie-locked"> (always on)</span>}
                <span className="cookie-text">{text}</span>
              </span>
            </label>
          ))}
        </fieldset>
      )}
      <div className="cookie-actions">
        {panel ? (
          <button type="button" className="btn btn-secondary" onClick={() => save(choices)}>
            Save Preferences
          </button>
        ) : (
          <button type="button" className="btn btn-outline" onClick={() => setPanel(true)}>
            Preferences
          </button>
        )}
        <button type="button" className="btn btn-outline" onClick={() => save(essentialOnly)}>
          Essential Only
        </button>
        <button type="button" className="btn btn-primary" onClick={() => save(acceptAll)}>
          Accept All
        </button>
      </div>
    </section>
  );
}
