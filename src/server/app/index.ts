import './install';

// The composition root (docs/architecture.md): the one place that knows every feature. It
// builds the follow-up pipeline from the features' effects and installs it with the
// outbox's channels, once, when an entry point imports it. Features publish what happened
// (src/server/followUp/publish.ts, the outbox) and never import what reacts to it. An entry
// point that publishes or sends imports this file (tests/unit/app-wiring.test.ts checks it).

export { describeRun, runFollowUpJob } from './minuteJob';
export { listNotifications, resendNotification } from './notificationList';
export { handleWebhook as handleRazorpayWebhook } from './razorpayWebhook';
export { listSetAside, retrySetAside } from './setAside';
export { answerVerification, handleWebhookDelivery as handleWhatsAppWebhook } from './whatsappWebhook';
