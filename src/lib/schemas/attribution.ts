import { z } from './zod';

// Where a lead came from (docs/decisions/0024-lead-notifications-and-attribution.md): the
// visit's first landing, kept in sessionStorage by the browser and sent with every public
// lead body. Strict: a key we do not know is a 400 naming it, so a typo in a form
// (utm_source for source) is caught, not lost.

const short = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(200, `${label} is too long (at most 200 characters)`);
const long = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(500, `${label} is too long (at most 500 characters)`);

export const attributionSchema = z.strictObject(
  {
    /** utm_source */
    source: short('Source').optional(),
    /** utm_medium */
    medium: short('Medium').optional(),
    /** utm_campaign */
    campaign: short('Campaign').optional(),
    /** utm_term */
    term: short('Term').optional(),
    /** utm_content */
    content: short('Content').optional(),
    /** document.referrer of the landing page, when another site sent the visitor. */
    referrer: long('Referrer').optional(),
    /** The path (and query) the visit landed on. */
    landingPage: long('Landing page').optional(),
  },
  { error: 'Attribution must be an object' },
);
export type Attribution = z.infer<typeof attributionSchema>;

/** The optional body field every public lead request accepts. */
export const attributionField = { attribution: attributionSchema.optional() };

/** What the 'Leads by source' breakdown calls a lead that carries no source. */
export const DIRECT_SOURCE = '(direct)';
