// Where a person asks for their data (docs/privacy.md, "Rights"): every message to a visitor
// links here, and the page sends them a one-time link to the view itself.

export const MY_DATA_PATH = '/privacy/my-data';

/** The line every e-mail and free-form WhatsApp text to a visitor ends with. */
export const yourDataLine = (site: string) =>
  `Your data: see, correct or erase what we hold about you at ${site}${MY_DATA_PATH}`;
