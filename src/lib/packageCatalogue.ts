import catalogueData from '../../content/packages.json';
import { packageCatalogueSchema, type CoachingPackage } from './schemas/package';

interface PackageSessions {
  sessions: number;
  sessionMinutes: number;
}

/**
 * What each package delivers after payment: the sessions a client books and how long
 * the calendar holds one. The package cards' wording stays in content/packages.json; the numbers
 * the booking code counts live here, beside it, so they are never parsed out of a sentence.
 *
 * Lengths: the home page sells "60-90 minute sessions" and the Achieve and Ascend cards
 * promise "60-90 minute" sessions, so those hold 90 minutes: a session that runs long must not
 * overrun the next booking. Discover's card promises "one 60-minute session" for Class 8-9
 * students, and Discover Plus serves the same age, so its sessions are 60 too. Senior transition
 * and life coaching are scoped after a free consultation: their sessions come with the fee the
 * owner asks for (a payment request's `sessions`), so they include none here; life coaching's
 * sessions are shorter and more frequent ("usually 6-12 sessions"), 60 minutes, and a senior
 * leader's strategy session is a full 90.
 */
const sessionsByPackage: Record<string, PackageSessions> = {
  discover: { sessions: 1, sessionMinutes: 60 },
  // Three counselling sessions across the year plus the parent check-in session, each booked alike.
  'discover-plus': { sessions: 4, sessionMinutes: 60 },
  achieve: { sessions: 1, sessionMinutes: 90 },
  'achieve-plus': { sessions: 3, sessionMinutes: 90 },
  // As their cards say: Ascend includes 1 coaching session, Ascend Plus 3.
  ascend: { sessions: 1, sessionMinutes: 90 },
  'ascend-plus': { sessions: 3, sessionMinutes: 90 },
  'senior-transition': { sessions: 0, sessionMinutes: 90 },
  'life-coaching': { sessions: 0, sessionMinutes: 60 },
};

function withSessions(list: unknown): unknown {
  if (!Array.isArray(list)) return list;
  const ids = new Set(list.map((item: { id?: unknown }) => item.id));
  const unknownIds = Object.keys(sessionsByPackage).filter((id) => !ids.has(id));
  if (unknownIds.length > 0)
    throw new Error(`Sessions are listed for packages the catalogue does not hold: ${unknownIds.join(', ')}`);
  return list.map((item: { id?: unknown }) => {
    const sessions = typeof item.id === 'string' ? sessionsByPackage[item.id] : undefined;
    if (!sessions) throw new Error(`Package ${String(item.id)} needs its sessions in src/lib/packageCatalogue.ts`);
    return { ...item, ...sessions };
  });
}

/**
 * The one package catalogue (content/packages.json with the sessions above), validated once on
 * import: a bad edit fails the build and the tests, not a visitor's checkout.
 */
export const packageCatalogue: readonly CoachingPackage[] = packageCatalogueSchema.parse(withSessions(catalogueData));

export function findPackage(id: string): CoachingPackage | undefined {
  return packageCatalogue.find((item) => item.id === id);
}

/** A price of 0 means "on consultation": booking it books a discovery call, never a payment. */
export function isPaidPackage(item: CoachingPackage): boolean {
  return item.price > 0;
}

/** The lengths a paid session can have (the catalogue's), shortest first. */
export const SESSION_LENGTHS: readonly number[] = [
  ...new Set(packageCatalogue.map((item) => item.sessionMinutes)),
].sort((a, b) => a - b);
export const LONGEST_SESSION_MINUTES = Math.max(...SESSION_LENGTHS);
