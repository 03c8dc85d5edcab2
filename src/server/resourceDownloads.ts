import { resourceDownloadSchema } from '../lib/schemas/resourceDownload';
import { leadBookkeeping } from './admin/bookkeeping';
import { downloadProfile } from './admin/leadProfiles';
import { defineCollection } from './storage/collection';

export const resourceDownloads = defineCollection('resourceDownloads', resourceDownloadSchema, { hooks: leadBookkeeping(downloadProfile) });
