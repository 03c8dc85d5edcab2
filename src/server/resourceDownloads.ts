import { resourceDownloadSchema } from '../lib/schemas/resourceDownload';
import { defineCollection } from './storage/collection';

export const resourceDownloads = defineCollection('resourceDownloads', resourceDownloadSchema);
