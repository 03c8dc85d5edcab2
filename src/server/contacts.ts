import { contactLeadSchema } from '../lib/schemas/contact';
import { defineCollection } from './storage/collection';

export const contacts = defineCollection('contacts', contactLeadSchema);
