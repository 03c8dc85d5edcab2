import { useState, type SubmitEvent } from 'react';
import { api, failureMessage } from '../../lib/api-client';
import { PARENT_STATEMENTS } from '../../lib/privacy/minor';
import './my-data.css';

// A parent confirms a student's request (docs/privacy.md, "Students and parents"): that they are
// the parent or legal guardian, an adult, and agree. All three, or nothing is sent.

interface Props {
  holdId: string;
  token: string;
}

const statements = Object.entries(PARENT_STATEMENTS).map(([name, text]) => ({ name, text }));

export default function ParentConsent({ holdId, token }: Props) {
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    // Read from the form, not from state: boxes ticked before the code arrived count too.
    const form = new FormData(event.currentTarget);
    if (!statements.every(({ name }) => form.get(name) === 'on')) {
      setProblem('Tick all three to confirm, or close this page to let the request lapse.');
      return;
    }
    setPending(true);
    setProblem(null);
    try {
      await api.post(`/api/privacy/parent/${holdId}?token=${encodeURIComponent(token)}`, {
        isParent: true,
        isAdult: true,
        consent: true,
      });
      setDone(true);
    } catch (failure) {
      setProblem(failureMessage(failure, 'The confirmation could not be sent. Please try again.'));
    } finally {
      setPending(false);
    }
  }

  if (done)
    return (
      <div className="my-data-done card" role="status" data-testid="parent-confirmed">
        <h2>Thank you: confirmed</h2>
        <p>We take it from here and contact you, the parent, never the student.</p>
      </div>
    );

  return (
    <form className="my-data-form parent-form card" onSubmit={submit} noValidate data-testid="parent-consent">
      {statements.map(({ name, text }) => (
        <label key={name} className="consent-check parent-check">
          <input type="checkbox" name={name} />
          <span>{text}</span>
        </label>
      ))}
      {problem && (
        <p className="my-data-problem" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="btn btn-primary btn-block" disabled={pending}>
        {pending ? 'Confirming...' : 'Confirm'}
      </button>
    </form>
  );
}
