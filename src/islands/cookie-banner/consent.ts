// Cookie consent as stored: four categories and a timestamp under `cookieConsent`.

export const CONSENT_STORAGE_KEY = 'cookieConsent';
export const CONSENT_BANNER_DELAY_MS = 2000;

export interface ConsentChoices {
  essential: true;
  analytics: boolean;
  preferences: boolean;
  marketing: boolean;
}

export interface StoredConsent extends ConsentChoices {
  timestamp: string;
}

export const acceptAll: ConsentChoices = { essential: true, analytics: true, preferences: true, marketing: true };
export const essentialOnly: ConsentChoices = {
  essential: true,
  analytics: false,
  preferences: false,
  marketing: false,
};
/** What the preferences panel starts with. */
export const preferenceDefaults: ConsentChoices = {
  essential: true,
  analytics: true,
  preferences: true,
  marketing: false,
};

export function hasStoredConsent(storage: Storage): boolean {
  try {
    return storage.getItem(CONSENT_STORAGE_KEY) !== null;
  } catch {
    // Storage blocked (private mode, policies): asking again each visit is the honest fallback.
    return false;
  }
}

export function storeConsent(storage: Storage, choices: ConsentChoices, now: Date = new Date()): StoredConsent {
  const record: StoredConsent = { ...choices, essential: true, timestamp: now.toISOString() };
  try {
    storage.setItem(CONSENT_STORAGE_KEY, JSON.stringify(record));
  } catch {
    // Nothing more to do: the choice still applies to this page view.
  }
  return record;
}
