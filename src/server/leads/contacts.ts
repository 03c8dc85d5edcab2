import { contactRow } from '../../lib/admin/customerExport';
import { contactRecordSchema } from '../../lib/schemas/contact';
import { contactProfile } from './profiles';
import { contactTodo } from './todoRules';
import { contactEvent } from './leadEvents';
import { type LeadKindDefinition, defineLeadCollection } from './leadCollection';

export const contactKind = {
  ...contactProfile,
  store: 'contacts',
  schema: contactRecordSchema,
  announce: contactEvent,
  todo: contactTodo,
  exportRow: contactRow,
} satisfies LeadKindDefinition<typeof contactRecordSchema>;

export const contacts = defineLeadCollection(contactKind);
