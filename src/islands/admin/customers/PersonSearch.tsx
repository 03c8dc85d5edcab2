import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { formatCount } from '../../../lib/format';
import { MIN_SEARCH_LENGTH } from '../api';
import { searchQuery } from '../api/queries';
import { ErrorState } from '../ui/States';
import { useDebounced } from './useDebounced';
import { personHrefOf } from '../adminRoute';
import { TimelineHit } from './TimelineHit';

const SEARCH_DELAY_MS = 300;

const matchedByWords = { phone: 'phone number', email: 'e-mail', name: 'name' } as const;

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
              <TimelineHit key={`${hit.type}-${hit.id}`} hit={hit} openHref={personHrefOf(hit)} />
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
