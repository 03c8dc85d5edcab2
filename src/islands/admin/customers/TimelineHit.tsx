import { sourceLabel } from '../../../lib/admin/leadSource';
import type { SearchHit } from '../../../lib/schemas/adminApi';
import { formatRupees } from '../../../lib/format';
import { EmailLink, PhoneLink } from '../ui/Contact';
import { Pill } from '../ui/Pill';
import { When } from '../ui/When';
import { kindViews } from './kindViews';
import { TimelinePaymentAction } from '../payments/TimelinePaymentAction';

/** The hit's status in its kind's words (src/islands/admin/customers/kindViews.tsx). */
function statusOf(hit: SearchHit): string | null {
  if (!hit.status) return null;
  const words = kindViews[hit.type].hit.status;
  return words ? words(hit.status) : hit.status;
}

/** One record of a person's timeline (the search's results, a person's page). */
export function TimelineHit({
  hit,
  actions = true,
  openHref,
}: {
  hit: SearchHit;
  actions?: boolean;
  openHref?: string | null;
}) {
  return (
    <li className="adm-hit" data-testid="timeline-hit" data-kind={hit.type}>
      <div className="adm-hit-head">
        <Pill tone={kindViews[hit.type].hit.tone}>{kindViews[hit.type].hit.label}</Pill>
        <span className="adm-hit-title">{hit.title}</span>
        <span className="adm-hit-when">
          <When iso={hit.createdAt} />
        </span>
      </div>
      <p className="adm-hit-detail">
        {hit.name ? <strong>{hit.name}</strong> : null}
        {hit.phone ? <PhoneLink phone={hit.phone} /> : null}
        {hit.email ? <EmailLink email={hit.email} /> : null}
        {statusOf(hit) ? <span>{statusOf(hit)}</span> : null}
        {typeof hit.amount === 'number' && hit.amount > 0 ? <span>{formatRupees(hit.amount)}</span> : null}
        {sourceLabel(hit.attribution) ? (
          <span data-testid="lead-source">Source: {sourceLabel(hit.attribution)}</span>
        ) : null}
      </p>
      {openHref || actions ? (
        <div className="adm-hit-actions">
          {openHref ? (
            <a className="btn btn-outline adm-btn-sm" href={openHref}>
              Open person<span className="visually-hidden">: {hit.name ?? hit.phone ?? hit.email}</span>
            </a>
          ) : null}
          {actions ? <TimelinePaymentAction hit={hit} /> : null}
        </div>
      ) : null}
    </li>
  );
}
