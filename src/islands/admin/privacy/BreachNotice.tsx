import { useMutation } from '@tanstack/react-query';
import { type SubmitEvent, useState } from 'react';
import { toast } from '../../../stores/toasts';
import { AdminApiError } from '../api/request';
import { failureMessage, isUnauthorised } from '../api';
import { sendBreachNotice } from './privacyApi';
import { ConfirmRow } from './ConfirmRow';

// The breach notice (docs/privacy.md, "A breach"): what happened, the data it touched, what was
// done, what people can do, sent to each address listed through the outbox. The first 72 hours'
// other steps (the Board, the record) are in the docs; this is the one the site can do.

const texts = [
  { name: 'happened', label: 'What happened, and when it was found' },
  { name: 'data', label: 'The data it touched' },
  { name: 'done', label: 'What we have done' },
  { name: 'advice', label: 'What they can do' },
] as const;

export function BreachNotice() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState<Parameters<typeof sendBreachNotice>[0] | null>(null);
  const send = useMutation({
    mutationFn: sendBreachNotice,
    onSuccess: ({ queued }) => {
      setConfirming(null);
      toast({ title: 'Notices queued', description: `${queued} notices are being sent.`, variant: 'success' });
    },
    onError: (error) => {
      setConfirming(null);
      if (isUnauthorised(error)) return;
      if (error instanceof AdminApiError && Object.keys(error.fields).length) setErrors(error.fields);
      toast({ title: 'Not sent', description: failureMessage(error, 'Please try again.'), variant: 'destructive' });
    },
  });

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const emails = String(form.get('emails') ?? '')
      .split(/[\s,;]+/)
      .filter(Boolean);
    setErrors({});
    setConfirming({
      emails,
      happened: String(form.get('happened') ?? ''),
      data: String(form.get('data') ?? ''),
      done: String(form.get('done') ?? ''),
      advice: String(form.get('advice') ?? ''),
    });
  }

  const described = (name: string) => (errors[name] ? `breach-${name}-error` : undefined);
  const error = (name: string) =>
    errors[name] ? (
      <p className="error" id={`breach-${name}-error`}>
        {errors[name]}
      </p>
    ) : null;

  return (
    <details className="adm-privacy-breach" data-testid="breach-notice">
      <summary>Tell people of a data breach</summary>
      <p className="adm-panel-note">
        Within 72 hours of finding it, tell each person affected and the Data Protection Board (docs/privacy.md says
        how). This sends each address below one plain notice with your words.
      </p>
      <form onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor="breach-emails">E-mail addresses (one per line)</label>
          <textarea
            id="breach-emails"
            name="emails"
            aria-invalid={Boolean(errors.emails)}
            aria-describedby={described('emails')}
          />
          {error('emails')}
        </div>
        {texts.map(({ name, label }) => (
          <div className="field" key={name}>
            <label htmlFor={`breach-${name}`}>{label}</label>
            <textarea
              id={`breach-${name}`}
              name={name}
              aria-invalid={Boolean(errors[name])}
              aria-describedby={described(name)}
            />
            {error(name)}
          </div>
        ))}
        {confirming ? (
          <ConfirmRow
            label="Confirm the notice"
            question={`Send the notice to ${confirming.emails.length} addresses?`}
            yes="Yes, send"
            busyLabel="Sending…"
            busy={send.isPending}
            onYes={() => send.mutate(confirming)}
            onCancel={() => setConfirming(null)}
          />
        ) : (
          <button type="submit" className="btn btn-outline">
            Send notice…
          </button>
        )}
      </form>
    </details>
  );
}
