import { business } from './business';

// A paid session's rules as the client reads them, wherever they book or are told (the client
// space, the session confirmations: docs/payments.md, docs/scheduling.md). The facts live in
// src/lib/business.ts; these are the sentences that state them, once.

/** Until when a client moves or cancels a session themselves, and what to do after. */
export const sessionChangeRule = `You can move or cancel a session online until ${business.promises.rescheduleNoticeHours} hours before; after that, call or WhatsApp ${business.contact.phone}.`;

/** The money-back guarantee (the home page's words). */
export const moneyBackRule = `${business.promises.moneyBack}.`;

export const sessionRules: readonly string[] = [sessionChangeRule, moneyBackRule];

/** The label of an online session's link, in the client space and every message that carries it. */
export const JOIN_LABEL = 'Join the session';
