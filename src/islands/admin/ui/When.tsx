import { formatDateTimeIST } from '../../../lib/admin/istDates';

/** A stored timestamp as the owner reads it: en-IN, in IST. */
export function When({ iso }: { iso: string }) {
  return <time dateTime={iso}>{formatDateTimeIST(iso) ?? 'Unknown date'}</time>;
}
