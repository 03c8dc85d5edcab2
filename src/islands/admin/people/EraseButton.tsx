import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '../../../stores/toasts';
import { failureMessage, isUnauthorised } from '../api';
import { eraseFor } from '../privacy/privacyApi';

/**
 * Erase a person's data at their request (docs/privacy.md, "Erasure"): asks first, naming what
 * follows; the erasure itself runs on the server and is logged on the Privacy settings.
 */
export function EraseButton({ name, phone, email }: { name: string; phone: string | null; email: string | null }) {
  const [asking, setAsking] = useState(false);
  const erase = useMutation({
    mutationFn: () => eraseFor({ ...(phone ? { phone } : {}), ...(email ? { email } : {}) }),
    onSuccess: () => {
      setAsking(false);
      toast({
        title: 'Erasure started',
        description: `${name}'s records are being erased; payments the tax law keeps stay, hidden.`,
        variant: 'success',
      });
    },
    onError: (error) => {
      if (isUnauthorised(error)) return;
      toast({ title: 'Not erased', description: failureMessage(error, 'Please try again.'), variant: 'destructive' });
    },
  });
  if (!asking)
    return (
      <button type="button" className="btn btn-outline adm-btn-sm adm-btn-quiet-danger" onClick={() => setAsking(true)}>
        Erase their data
      </button>
    );
  return (
    <div className="adm-confirm" role="group" aria-label={`Erase ${name}'s data`}>
      <p>
        Erase everything stored about {name}? Requests, calls, messages and their client space go; payments stay for the
        tax law, hidden from search. This cannot be undone.
      </p>
      <div className="adm-confirm-actions">
        <button
          type="button"
          className="btn adm-btn-danger adm-btn-sm"
          onClick={() => erase.mutate()}
          disabled={erase.isPending}
        >
          {erase.isPending ? 'Erasing…' : 'Erase'}
        </button>
        <button type="button" className="btn btn-outline adm-btn-sm" onClick={() => setAsking(false)}>
          Keep
        </button>
      </div>
    </div>
  );
}
