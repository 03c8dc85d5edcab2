import { z } from '../schemas/zod';
import { emailAddress, personNameField, phoneNumber } from '../schemas/fields';
import { business } from '../business';

// A person under 18 is a child under the DPDP Act (docs/privacy.md, "Students and parents";
// docs/decisions/0041-minors-need-a-parent.md): where a student may be under 18, the form asks,
// and a child's request waits for a parent's confirmation. The parent is whom we call and write
// to: the child's own number and mailbox are not asked for, and nothing is sent to them.

/** What the parent confirms through their link, one box each on the page, all three stored with the confirmation. */
export const PARENT_STATEMENTS = {
  isParent: 'I am the parent or legal guardian of this student.',
  isAdult: 'I am 18 years old or older.',
  consent: `I agree to ${business.brand} using these details to answer this request, and to contact me about it.`,
} as const;
export const PARENT_CONSENT_WORDS = Object.values(PARENT_STATEMENTS).join(' ');

/** The days a child's request waits for its parent before it is erased. */
export const PARENT_WAIT_DAYS = 7;

/** The fields every form that may be a child's adds. */
export const minorFields = {
  minor: z.boolean({ error: 'Say whether the student is under 18' }).optional(),
  parentName: personNameField("Parent's name").optional(),
  parentPhone: phoneNumber.optional(),
  parentEmail: emailAddress.optional(),
};

export interface MinorAnswer {
  minor?: boolean | undefined;
  parentName?: string | undefined;
  parentPhone?: string | undefined;
  parentEmail?: string | undefined;
  whatsappOptIn?: boolean | undefined;
}

/**
 * What a request of someone who may be a student lacks (pure): whether they are under 18, and
 * for a child, the parent's name, phone (we call the parent) and a way for the link to reach
 * the parent (their e-mail, or WhatsApp updates ticked for their number). Empty when complete.
 */
export function minorProblems(body: MinorAnswer, mayBeChild: boolean): Record<string, string> {
  if (!mayBeChild) return {};
  if (body.minor === undefined) return { minor: 'Say whether the student is under 18' };
  if (!body.minor) return {};
  const problems: Record<string, string> = {};
  if (!body.parentName) problems.parentName = "Parent's name is required";
  if (!body.parentPhone) problems.parentPhone = "Parent's phone is required: we call the parent";
  if (!body.parentEmail && body.whatsappOptIn !== true)
    problems.parentEmail = "Give the parent's e-mail, or tick WhatsApp updates, so the parent can confirm";
  return problems;
}

/** A parent's confirmation as a child's record stores it. */
export const parentConsentSchema = z.object({
  parentName: z.string().min(1).max(120),
  confirmedAt: z.string().min(1),
  words: z.string().min(1).max(400),
});
export type ParentConsent = z.infer<typeof parentConsentSchema>;
export const parentConsentField = { parentConsent: parentConsentSchema.optional() };

/** POST /api/privacy/parent/{id}?token=: all three, exactly true. */
export const parentConfirmationSchema = z
  .object({
    isParent: z.literal(true, { error: 'Confirm you are the parent or legal guardian' }),
    isAdult: z.literal(true, { error: 'Confirm you are 18 or older' }),
    consent: z.literal(true, { error: 'Agree to let us use these details' }),
  })
  .strict();

/** A schema check that adds each of minorProblems' answers as an issue on its field (400s name them). */
export function checkMinor<T extends MinorAnswer>(mayBeChild: (body: T) => boolean) {
  return (body: T, ctx: z.RefinementCtx) => {
    for (const [path, message] of Object.entries(minorProblems(body, mayBeChild(body))))
      ctx.addIssue({ code: 'custom', path: [path], message });
  };
}
