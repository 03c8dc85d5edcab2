// One mailbox, however its address is written. Limits that count "a visitor"
// by e-mail (the visitor mail cap, one upcoming call per e-mail) count this, not the
// string typed: `Victim+1@Gmail.com`, `v.ictim@googlemail.com` and `victim@gmail.com`
// all reach one inbox.

// Gmail ignores dots in the local part and serves both domains as one.
const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * The mailbox an address delivers to: lower case, a `+tag` dropped, and for Gmail the
 * dots of the local part dropped and googlemail.com read as gmail.com. Null for
 * something that is not an address.
 */
export function mailboxOf(address: string | null | undefined): string | null {
  const text = (address ?? '').trim().toLowerCase();
  const at = text.lastIndexOf('@');
  if (at <= 0 || at === text.length - 1) return null;
  let local = text.slice(0, at);
  let domain = text.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus === 0) return null;
  if (plus > 0) local = local.slice(0, plus);
  if (GMAIL_DOMAINS.has(domain)) {
    local = local.replaceAll('.', '');
    domain = 'gmail.com';
  }
  return local ? `${local}@${domain}` : null;
}
