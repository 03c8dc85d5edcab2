import type { AdminStats } from '../../lib/schemas/adminApi';
import { mdxPosts } from '../blog';
import { readCounts } from '../indexes/stats/counterStore';
import { adminStats } from '../indexes/stats/counts';

/** The tiles: the counters kept at write time plus the MDX posts of this deploy. No record is read. */
export async function readAdminStats(): Promise<AdminStats> {
  const [counts, files] = await Promise.all([readCounts(), mdxPosts()]);
  return adminStats(counts, files.length);
}
