import { useQuery } from '@tanstack/react-query';
import { formatCount } from '../../../lib/format';
import { When } from '../ui/When';
import { privacyQuery } from './privacyApi';
import './privacy.css';

/** The to-do's line for people's data requests still open, with the soonest of their 90-day deadlines. */
export function PrivacyDue() {
  const privacy = useQuery(privacyQuery());
  const open = (privacy.data?.requests ?? []).filter((request) => request.open);
  if (open.length === 0) return null;
  const soonest = open.map((request) => request.answerBy).sort()[0]!;
  return (
    <p className="adm-todo-privacy" data-testid="todo-privacy">
      <a href="#privacy">
        {formatCount(open.length)} data {open.length === 1 ? 'request' : 'requests'} to answer
      </a>{' '}
      · the first by <When iso={soonest} />
    </p>
  );
}
