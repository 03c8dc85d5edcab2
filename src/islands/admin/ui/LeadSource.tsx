import { sourceLabel } from '../../../lib/admin/leadSource';
import type { Attribution } from '../../../lib/schemas/attribution';

/** "Source: google / cpc · diwali-offer" on a lead's row; nothing for a lead stored before sources were kept. */
export function SourceLine({ attribution }: { attribution: Attribution | null | undefined }) {
  const label = sourceLabel(attribution);
  if (!label) return null;
  return (
    <p className="adm-source" data-testid="lead-source">
      Source: <span className="adm-source-value">{label}</span>
    </p>
  );
}
