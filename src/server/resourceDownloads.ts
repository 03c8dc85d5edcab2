import { resourceDownloadSchema } from '../lib/schemas/resourceDownload';
import { leadBookkeeping } from './admin/bookkeeping';
import { downloadProfile } from './admin/leadProfiles';
import { downloadEvent } from './notifications/leadEvents';
import { defineCollection } from './storage/collection';

export const resourceDownloads = defineCollection('resourceDownloads', resourceDownloadSchema, { hooks: leadBookkeeping(downloadProfile, downloadEvent) });
