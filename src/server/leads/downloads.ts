import { downloadRow } from '../../lib/admin/customerExport';
import { downloadSchema } from '../../lib/schemas/download';
import { downloadProfile } from './profiles';
import { downloadEvent } from './leadEvents';
import { type LeadKindDefinition, defineLeadCollection } from './leadCollection';

export const downloadKind = {
  ...downloadProfile,
  // Stored under its first name: the store keeps it so earlier downloads stay readable.
  store: 'resourceDownloads',
  schema: downloadSchema,
  announce: downloadEvent,
  exportRow: downloadRow,
} satisfies LeadKindDefinition<typeof downloadSchema>;

export const downloads = defineLeadCollection(downloadKind);
