import { ApiError } from '../../lib/api-client';
import { business } from '../../lib/business';
import type { CorporateEnquiryForm } from '../../lib/schemas/corporateEnquiry';

export type EnquiryField = keyof CorporateEnquiryForm;
export type EnquiryErrors = Partial<Record<EnquiryField, string>>;

/** In the order the form shows them, so focus goes to the first field that needs fixing. */
export const enquiryFields = [
  'name',
  'email',
  'phone',
  'company',
  'employees',
  'role',
  'message',
] as const satisfies readonly EnquiryField[];

const isEnquiryField = (key: PropertyKey | undefined): key is EnquiryField =>
  enquiryFields.some((field) => field === key);

/** The first message per field: one error under a field is enough to fix it. */
export function errorsFromIssues(
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>,
): EnquiryErrors {
  const errors: EnquiryErrors = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (isEnquiryField(field)) errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * A 400's `fields` that the visitor can fix. The server validates with the same schema,
 * so this is rare (a rule changed since the page was loaded); anything else it names
 * (attribution, the honeypot) is not theirs to fix.
 */
export function errorsFromServer(error: unknown): EnquiryErrors {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  return errorsFromIssues(Object.entries(error.fields).map(([key, message]) => ({ path: [key], message })));
}

export function firstInvalid(errors: EnquiryErrors): EnquiryField | undefined {
  return enquiryFields.find((field) => errors[field]);
}

/** What the failure toast says: what happened in the visitor's words, and a way round it. */
export function failureDescription(error: unknown): string {
  const status = error instanceof ApiError ? error.status : 0;
  if (status === 429) return 'Too many enquiries were sent from this connection. Please try again in a few minutes.';
  return `Please try again later, or write to us at ${business.contact.email}.`;
}
