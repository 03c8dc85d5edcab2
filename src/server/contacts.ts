import { contactRecordSchema } from '../lib/schemas/contact';
import { leadBookkeeping } from './admin/bookkeeping';
import { contactProfile } from './admin/leadProfiles';
import { contactEvent } from './notifications/leadEvents';
import { defineCollection } from './storage/collection';
import { contactTodo } from './admin/todo/todoRules';

export const contacts = defineCollection('contacts', contactRecordSchema, { hooks: leadBookkeeping(contactProfile, contactEvent, contactTodo) });
