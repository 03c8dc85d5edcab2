import { beforeEach, describe, expect, it } from 'vitest';
import { $toasts, TOAST_DURATION_MS, dismissToast, toast } from '../../src/stores/toasts';

describe('toast store', () => {
  beforeEach(() => $toasts.set([]));

  it('keeps at most one toast, the newest', () => {
    toast({ title: 'First' });
    toast({ title: 'Second', variant: 'destructive' });
    expect($toasts.get().map((item) => item.title)).toEqual(['Second']);
    expect($toasts.get()[0]?.variant).toBe('destructive');
  });

  it('defaults to five seconds', () => {
    toast({ title: 'Hello' });
    expect($toasts.get()[0]?.duration).toBe(TOAST_DURATION_MS);
    expect(TOAST_DURATION_MS).toBe(5000);
  });

  it('dismisses by id', () => {
    const id = toast({ title: 'Bye' });
    dismissToast(id);
    expect($toasts.get()).toEqual([]);
  });
});
