import type { ReactNode } from 'react';

export type PillTone = 'neutral' | 'amber' | 'teal' | 'green' | 'red' | 'navy';

export function Pill({ tone = 'neutral', children }: { tone?: PillTone; children: ReactNode }) {
  return <span className={`adm-pill adm-pill-${tone}`}>{children}</span>;
}

const bookingStatusTones: Record<string, PillTone> = {
  pending: 'amber',
  contacted: 'teal',
  completed: 'green',
  cancelled: 'red',
};
const paymentTones: Record<string, PillTone> = {
  paid: 'green',
  captured: 'green',
  failed: 'red',
  pending: 'amber',
  created: 'amber',
};

export const bookingStatusTone = (status: string): PillTone => bookingStatusTones[status] ?? 'neutral';
export const paymentTone = (status: string): PillTone => paymentTones[status] ?? 'neutral';
