import { z } from 'zod';
import { waNumberOf } from '../../lib/people/whatsappNumber';
import { env, isLocalServer } from '../env';
import { defaultTemplateNames, type TemplatePurpose } from '../notifications';

export { defaultTemplateNames, type TemplatePurpose };

// WhatsApp Business Cloud API settings (docs/decisions/0037-whatsapp-with-consent.md). Read at every enqueue and
// every send, never at module load, like the mail settings. Without all of them WhatsApp
// is off: nothing is queued, no consent changes anything, and the admin names what to set.

/** Meta's Graph API, pinned: a new version is a deliberate change, tested against the fake. */
export const DEFAULT_WHATSAPP_API_BASE_URL = 'https://graph.facebook.com/v23.0';

/**
 * The fixed start of the payment request's Pay now button, as Meta approved the template
 * (WHATSAPP_PAYMENT_URL_BASE): Razorpay's short links are https://rzp.io/{path}.
 */
export const DEFAULT_WHATSAPP_PAYMENT_URL_BASE = 'https://rzp.io/';

export const REQUIRED_WHATSAPP_VARIABLES = [
  'WHATSAPP_TOKEN',
  'WHATSAPP_PHONE_NUMBER_ID',
  'WHATSAPP_APP_SECRET',
  'WHATSAPP_VERIFY_TOKEN',
  'WHATSAPP_OWNER_NUMBER',
] as const;

export type TemplateNames = Record<TemplatePurpose, string>;

/** WHATSAPP_TEMPLATE_CALL_CONFIRMATION for callConfirmation. */
export const templateVariable = (purpose: TemplatePurpose) =>
  `WHATSAPP_TEMPLATE_${purpose.replace(/[A-Z]/g, (letter) => `_${letter}`).toUpperCase()}`;

// Meta's rule for template names: lower case letters, digits and underscores, at most 512.
const templateName = z.string().regex(/^[a-z0-9_]{1,512}$/, 'must be lower case letters, digits and underscores');

export interface WhatsAppSettings {
  enabled: true;
  token: string;
  phoneNumberId: string;
  appSecret: string;
  verifyToken: string;
  /** The owner's WhatsApp number, '91XXXXXXXXXX'. */
  ownerNumber: string;
  /** Without a trailing slash, e.g. https://graph.facebook.com/v23.0 */
  apiBaseUrl: string;
  /** The templates' language code as approved (WHATSAPP_TEMPLATE_LANGUAGE, default en). */
  language: string;
  /** The payment request button's fixed start (WHATSAPP_PAYMENT_URL_BASE, default https://rzp.io/). */
  paymentUrlBase: string;
  templates: TemplateNames;
}

export type WhatsAppConfig = WhatsAppSettings | { enabled: false; missing: string[]; reason: string };

/** Whether WhatsApp is on; when off, which variables are missing or wrong and why, in the owner's words. */
export function whatsappConfig(): WhatsAppConfig {
  const missing = REQUIRED_WHATSAPP_VARIABLES.filter((name) => !env(name)?.trim());
  if (missing.length > 0) {
    return {
      enabled: false,
      missing: [...missing],
      reason: `WhatsApp is off: set ${missing.join(', ')} (see docs/whatsapp.md).`,
    };
  }
  const problems: string[] = [];
  const wrong: string[] = [];
  const ownerNumber = waNumberOf(env('WHATSAPP_OWNER_NUMBER'));
  if (!ownerNumber) {
    wrong.push('WHATSAPP_OWNER_NUMBER');
    problems.push('WHATSAPP_OWNER_NUMBER must be an Indian mobile number such as 919876543210');
  }
  const phoneNumberId = env('WHATSAPP_PHONE_NUMBER_ID')!.trim();
  if (!/^\d{5,30}$/.test(phoneNumberId)) {
    wrong.push('WHATSAPP_PHONE_NUMBER_ID');
    problems.push('WHATSAPP_PHONE_NUMBER_ID must be the number id Meta shows (digits)');
  }
  const base = env('WHATSAPP_API_BASE_URL')?.trim() || DEFAULT_WHATSAPP_API_BASE_URL;
  // The token goes with every call: plain http only to the local server's own fakes.
  if (!z.url({ protocol: isLocalServer() ? /^https?$/ : /^https$/ }).safeParse(base).success) {
    wrong.push('WHATSAPP_API_BASE_URL');
    problems.push('WHATSAPP_API_BASE_URL must be an https URL');
  }
  const templates = {} as TemplateNames;
  for (const purpose of Object.keys(defaultTemplateNames) as TemplatePurpose[]) {
    const variable = templateVariable(purpose);
    const name = env(variable)?.trim() || defaultTemplateNames[purpose];
    if (!templateName.safeParse(name).success) {
      wrong.push(variable);
      problems.push(`${variable} must be lower case letters, digits and underscores`);
    }
    templates[purpose] = name;
  }
  const language = env('WHATSAPP_TEMPLATE_LANGUAGE')?.trim() || 'en';
  if (!/^[a-z]{2,3}(_[A-Z]{2})?$/.test(language)) {
    wrong.push('WHATSAPP_TEMPLATE_LANGUAGE');
    problems.push('WHATSAPP_TEMPLATE_LANGUAGE must be a language code such as en or en_US');
  }
  const paymentUrlBase = env('WHATSAPP_PAYMENT_URL_BASE')?.trim() || DEFAULT_WHATSAPP_PAYMENT_URL_BASE;
  if (!z.url({ protocol: /^https$/ }).safeParse(paymentUrlBase).success) {
    wrong.push('WHATSAPP_PAYMENT_URL_BASE');
    problems.push('WHATSAPP_PAYMENT_URL_BASE must be the https start of the Pay now button, such as https://rzp.io/');
  }
  // Never echo a value: the token and the app secret are secrets.
  if (problems.length > 0)
    return { enabled: false, missing: wrong, reason: `WhatsApp is off: ${problems.join('; ')}.` };
  return {
    enabled: true,
    token: env('WHATSAPP_TOKEN')!.trim(),
    phoneNumberId,
    appSecret: env('WHATSAPP_APP_SECRET')!.trim(),
    verifyToken: env('WHATSAPP_VERIFY_TOKEN')!.trim(),
    ownerNumber: ownerNumber!,
    apiBaseUrl: base.replace(/\/+$/, ''),
    language,
    paymentUrlBase,
    templates,
  };
}
