import { signedLinkToken, signedLinkTokenValid } from '../booking';
import { siteAddress } from '../notifications';
import { type Client, readClient } from './store';

// The client's private link: /client/{clientId}?token=, signed like a call's
// manage link with the site's own key, under its own purpose so neither opens the other.

export function clientToken(clientId: string): Promise<string> {
  return signedLinkToken('client', clientId);
}

/** The client a link opens: null for a wrong token exactly as for an unknown id (constant-time check). */
export async function clientOfLink(clientId: string, token: string): Promise<Client | null> {
  return (await signedLinkTokenValid('client', clientId, token)) ? readClient(clientId) : null;
}

/** The absolute address of the client's space, with its token. */
export async function clientSpaceUrlOf(clientId: string, site: string = siteAddress()): Promise<string> {
  return `${site}/client/${clientId}?token=${await clientToken(clientId)}`;
}
