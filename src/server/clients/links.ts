import { safeEqual } from '../auth/token';
import { signedLinkToken } from '../appointments/secrets';
import { siteAddress } from '../notifications/settings';

// The client's private link (issue 29): /client/{clientId}?token=, signed like a call's
// manage link with the site's own key, under its own purpose so neither opens the other.

export function clientToken(clientId: string): Promise<string> {
  return signedLinkToken('client', clientId);
}

/** Constant-time check of a client-space token. */
export async function clientTokenValid(clientId: string, token: string): Promise<boolean> {
  return safeEqual(await clientToken(clientId), token);
}

export async function clientSpaceUrlOf(clientId: string, site: string = siteAddress()): Promise<string> {
  return `${site}/client/${clientId}?token=${await clientToken(clientId)}`;
}

/** The absolute address of the client's space, with its token. */
export function clientSpaceUrl(client: { id: string }, site?: string): Promise<string> {
  return clientSpaceUrlOf(client.id, site);
}
