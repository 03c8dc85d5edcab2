import type { Attribution } from '../schemas/attribution';
import { type LeadNotificationKind, leadAnnouncements } from '../leads/kinds';

// Where a lead came from, in the owner's words: one wording for the cards, the
// person timeline, the export and the 'Leads by source' table. Types only from the
// schemas: the admin's bundle stays without zod.

/** What 'Leads by source' calls a lead without a source (DIRECT_SOURCE on the server). */
export const DIRECT = '(direct)';

/**
 * The source of a client the owner added: a payment request for someone with no earlier lead
 * (docs/payments.md, "What converts"). Stored as the booking's `attribution.source`, in
 * brackets like (direct), and shown in words.
 */
export const OWNER_ADDED_SOURCE = '(owner)';
export const OWNER_ADDED_LABEL = 'Added by the owner';

/** A source as the owner reads it: "Added by the owner" for OWNER_ADDED_SOURCE, any other as it is. */
export const sourceName = (source: string): string => (source === OWNER_ADDED_SOURCE ? OWNER_ADDED_LABEL : source);

/**
 * "google / cpc · diwali-offer": source / medium · campaign. A lead whose visit carried no
 * source is "(direct)"; a lead stored before sources were kept has none (null).
 */
export function sourceLabel(attribution: Attribution | null | undefined): string | null {
  if (!attribution) return null;
  const head = [sourceName(attribution.source || DIRECT), attribution.medium].filter(Boolean).join(' / ');
  return attribution.campaign ? `${head} · ${attribution.campaign}` : head;
}

/** Each lead kind's column name, in the order the kinds are declared (src/lib/leads/kinds.ts). */
export const leadKindLabels = Object.fromEntries(
  Object.entries(leadAnnouncements).map(([kind, { sourceLabel }]) => [kind, sourceLabel]),
) as Record<LeadNotificationKind, string>;

/** "Discovery calls 2 · Contact messages 1", in the order of the labels above. */
export function leadKindBreakdown(byKind: Partial<Record<LeadNotificationKind, number>>): string {
  return (Object.keys(leadKindLabels) as LeadNotificationKind[])
    .filter((kind) => (byKind[kind] ?? 0) > 0)
    .map((kind) => `${leadKindLabels[kind]} ${byKind[kind]}`)
    .join(' · ');
}
