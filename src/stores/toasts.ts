import { atom } from 'nanostores';

export type ToastVariant = 'default' | 'success' | 'destructive';

export interface Toast {
  id: number;
  title: string;
  description?: string | undefined;
  variant: ToastVariant;
  duration: number;
}

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  duration?: number;
}

/** One toast at a time, shown for 5 s unless told otherwise. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

export const $toasts = atom<Toast[]>([]);
let nextId = 1;

/** Raise a toast from any island; a new toast replaces the one on screen. */
export function toast(input: ToastInput): number {
  const id = nextId++;
  const item: Toast = {
    id,
    title: input.title,
    description: input.description,
    variant: input.variant ?? 'default',
    duration: input.duration ?? TOAST_DURATION_MS,
  };
  $toasts.set([item, ...$toasts.get()].slice(0, TOAST_LIMIT));
  return id;
}

export function dismissToast(id: number): void {
  $toasts.set($toasts.get().filter((item) => item.id !== id));
}
