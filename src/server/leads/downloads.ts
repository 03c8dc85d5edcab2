import { downloadRow } from '../../lib/admin/customerExport';
import { resourceDownloadSchema } from '../../lib/schemas/resourceDownload';
import { downloadProfile } from './profiles';
import { downloadEvent } from '../notifications/leadEvents';
import { type LeadKindDefinition, defineLeadCollection } from './leadCollection';

export const downloadKind = {
  ...downloadProfile,
  // Stored under its first name: the store keeps it so earlier downloads stay readable.
  store: 'resourceDownloads',
  schema: resourceDownloadSchema,
  announce: downloadEvent,
  exportRow: downloadRow,
} satisfies LeadKindDefinition<typeof resourceDownloadSchema>;

export const downloads = defineLeadCollection(downloadKind);
