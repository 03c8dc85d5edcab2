import { type FormEvent, useState } from 'react';
import { ApiError, api, failureMessage } from '../../lib/api-client';
import { type BriefAnswer, type BriefQuestion, briefRequestSchema } from '../../lib/schemas/brief';

// "Before your first session" (docs/client-space.md): the questions of the client's package,
// checked here with the rules the function checks again, saved with PUT .../brief.

interface Props {
  initial: BriefAnswer;
  url: string;
}

const fieldId = (question: BriefQuestion) => `brief-${question.id}`;

/** The first message per field, named as the function names them (`answers.{id}`). */
function messagesOf(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>) {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[issue.path.map(String).join('.')] ??= issue.message;
  return fields;
}
const savedAt = (at: string) =>
  new Date(at).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' });

export function BriefForm({ initial, url }: Props) {
  const [brief, setBrief] = useState(initial);
  const [draft, setDraft] = useState<Record<string, string>>(initial.answers);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [state, setState] = useState<'idle' | 'saving' | 'saved' | 'failed'>('idle');
  const [problem, setProblem] = useState<string | null>(null);

  const set = (id: string) => (event: { target: { value: string } }) => {
    setDraft((current) => ({ ...current, [id]: event.target.value }));
    if (state === 'saved') setState('idle');
  };

  async function save(event: FormEvent) {
    event.preventDefault();
    const checked = briefRequestSchema(brief.questions).safeParse({ answers: draft });
    if (!checked.success) {
      setErrors(messagesOf(checked.error.issues));
      setState('idle');
      return;
    }
    setErrors({});
    setProblem(null);
    setState('saving');
    try {
      const answer = await api.put<BriefAnswer>(url, { answers: checked.data.answers });
      setBrief(answer);
      setDraft(answer.answers);
      setState('saved');
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.fields);
      setProblem(failureMessage(error, 'Your answers could not be saved. Please try again.'));
      setState('failed');
    }
  }

  return (
    <form className="client-brief" onSubmit={(event) => void save(event)} noValidate data-testid="brief-form">
      <p className="client-what">
        A few questions help your coach prepare. Answer what you like; you can change your answers until your session.
      </p>
      {brief.questions.map((question) => {
        const id = fieldId(question);
        const error = errors[`answers.${question.id}`];
        const described = error ? `${id}-error` : undefined;
        const common = {
          id,
          name: question.id,
          value: draft[question.id] ?? '',
          onChange: set(question.id),
          'aria-invalid': Boolean(error),
          'aria-describedby': described,
        };
        return (
          <div className="field" key={question.id}>
            <label htmlFor={id}>{question.label}</label>
            {question.kind === 'long-text' ? (
              <textarea {...common} maxLength={question.maxLength} rows={4} />
            ) : question.kind === 'short-text' ? (
              <input {...common} type="text" maxLength={question.maxLength} />
            ) : question.kind === 'choice' ? (
              <select {...common}>
                <option value="">Choose…</option>
                {question.options.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </select>
            ) : (
              <input {...common} type="text" inputMode="numeric" pattern="[0-9]*" maxLength={3} />
            )}
            {error ? (
              <p className="error" id={`${id}-error`}>
                {error}
              </p>
            ) : null}
          </div>
        );
      })}
      <div className="client-actions">
        <button type="submit" className="btn btn-primary" disabled={state === 'saving'}>
          {state === 'saving' ? 'Saving…' : 'Save my answers'}
        </button>
      </div>
      <div aria-live="polite">
        {state === 'saved' && brief.updatedAt ? (
          <p className="client-message" role="status" data-testid="brief-saved">
            Saved {savedAt(brief.updatedAt)}. Thank you: your coach will read them before your session.
          </p>
        ) : null}
      </div>
      {problem ? (
        <p className="slot-problem" role="alert">
          {problem}
        </p>
      ) : null}
    </form>
  );
}
