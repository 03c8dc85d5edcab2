import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { sourceLabel } from '../../../lib/admin/leadSource';
import type { SearchHit } from '../../../lib/schemas/adminApi';
import { formatCount, formatRupees } from '../../../lib/format';
import { MIN_SEARCH_LENGTH } from '../api';
import { searchQuery } from '../api/queries';
import { EmailLink, PhoneLink } from '../ui/Contact';
import { Pill } from '../ui/Pill';
import { ErrorState } from '../ui/States';
import { When } from '../ui/When';
import { kindViews } from './kindViews';
import { useDebounced } from './useDebounced';
import { TimelinePaymentAction } from '../payments/TimelinePaymentAction';

const SEARCH_DELAY_MS = 300;

const matchedByWords = { phone: 'phone number', email: 'e-mail', name: 'name' } as const;

/** The hit's status in its kind's words (src/islands/admin/customers/kindViews.tsx). */
function statusOf(hit: SearchHit): string | null {
  if (!hit.status) return null;
  const words = kindViews[hit.type].hit.status;
  return words ? words(hit.status) : hit.status;
}

/** Find a person: phone in any format, e-mail, or the start of a name, as one timeline. */
export function PersonSearch() {
  const inputId = useId();
  const hintId = useId();
  const [typed, setTyped] = useState('');
  const q = useDebounced(typed.trim(), SEARCH_DELAY_MS);
  const ready = q.length >= MIN_SEARCH_LENGTH;
  const search = useQuery({ ...searchQuery(q), enabled: ready, placeholderData: keepPreviousData });

  let result = null;
  if (ready && search.isError) {
    result = (
      <ErrorState
        what="search results"
        error={search.error}
        onRetry={() => void search.refetch()}
        retrying={search.isFetching}
      />
    );
  } else if (ready && search.data) {
    const { hits, matchedBy } = search.data;
    result = (
      <>
        <p className="adm-search-summary" aria-live="polite">
          {hits.length === 0 ? (
            <>No records found for “{search.data.q}”.</>
          ) : (
            <>
              {formatCount(hits.length)} {hits.length === 1 ? 'record' : 'records'} found by {matchedByWords[matchedBy]}{' '}
              for “{search.data.q}”
            </>
          )}
        </p>
        {search.data.truncated ? (
          <p className="adm-search-hint">
            Only the newest {formatCount(hits.length)} are shown: type more of the name, or a phone number or e-mail, to
            narrow it down.
          </p>
        ) : null}
        {hits.length > 0 ? (
          <ol className="adm-timeline" data-testid="search-results">
            {hits.map((hit) => (
              <li key={`${hit.type}-${hit.id}`} className="adm-hit">
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
                <TimelinePaymentAction hit={hit} />
              </li>
            ))}
          </ol>
        ) : null}
      </>
    );
  }

  return (
    <section className="adm-panel adm-search" aria-label="Customer search" role="search">
      <label htmlFor={inputId} className="adm-search-label">
        Find a person
      </label>
      <div className="adm-search-box">
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <circle cx="11" cy="11" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M16 16l4.5 4.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <input
          id={inputId}
          type="search"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          placeholder="Phone, e-mail or name"
          aria-describedby={hintId}
          autoComplete="off"
          spellCheck={false}
          maxLength={100}
        />
        {ready && search.isFetching ? <span className="adm-search-busy">Searching…</span> : null}
      </div>
      <p id={hintId} className="adm-search-hint">
        A phone number in any format, an e-mail address, or the start of a name (at least {MIN_SEARCH_LENGTH}{' '}
        characters) finds every record of that person.
      </p>
      {result}
    </section>
  );
}
