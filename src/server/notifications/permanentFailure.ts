// A message the other side refused for a reason no retry can change (WhatsApp: a number not on
// WhatsApp, a template Meta does not have). Any channel's sender throws it; the outbox marks the
// entry `failed` at once with the reason (deliver.ts), where any other error is retried for the
// retry window. The owner's Resend still sends it again, after fixing what the reason names.
export class PermanentFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentFailure';
  }
}
