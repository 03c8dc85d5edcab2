import { installable } from '../followUp/installed';
import type { AttachmentRef, OutboxEntry } from './outbox';

// What the outbox sends through but does not own (docs/architecture.md, "Composition
// root"): the WhatsApp channel and the files a mail attaches belong to features above it,
// so src/server/app/ installs them once. Mail and webhooks are the outbox's own transports.

export interface Attachment {
  filename: string;
  content: Uint8Array;
  contentType: string;
}

export interface OutboxChannels {
  /** Sends one WhatsApp entry; `admit` takes the visitor number's daily place (it throws to hold the message back). */
  whatsapp(entry: OutboxEntry, admit: () => Promise<void>, now: Date): Promise<void>;
  /** The file an entry names, made now; throws while it cannot be made yet (the attempt is retried). */
  attachment(ref: AttachmentRef): Promise<Attachment>;
}

const channels = installable<OutboxChannels>('set of outbox channels');

export const installOutboxChannels = channels.install;
export const outboxChannels = channels.get;
