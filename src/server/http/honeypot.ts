import { newestFirstKey } from '../storage/keys';

/** True when the hidden honeypot field was filled in: a bot, not a person. */
export function isBot(body: { website?: string | undefined }): boolean {
  return typeof body.website === 'string' && body.website.trim() !== '';
}

/** What a bot gets: the same shape as a real success, with nothing stored. */
export function decoyRecord<T extends object>(data: T): T & { id: string; createdAt: string } {
  return { ...data, id: newestFirstKey(), createdAt: new Date().toISOString() };
}
