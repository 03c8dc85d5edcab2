import { describe, expect, it } from 'vitest';
import {
  bookingProfile,
  contactProfile,
  createdDelta,
  removedDelta,
  updatedDelta,
} from '../../src/server/leads/profiles';
import {
  addCounts,
  adminStats,
  combine,
  countsFrom,
  differenceOf,
  isNoChange,
  sumCounts,
  zeroCounts,
} from '../../src/server/indexes/stats/counts';

const counts = (values: Partial<ReturnType<typeof zeroCounts>>) => ({ ...zeroCounts(), ...values });

describe('admin stats arithmetic', () => {
  it('Total Records is bookings + contacts + payments + downloads + blog posts (not subscribers)', () => {
    const stats = adminStats(
      counts({
        bookings: 12,
        contacts: 5,
        payments: 3,
        downloads: 7,
        subscribers: 40,
        storagePosts: 2,
        pending: 6,
        contacted: 3,
        completed: 2,
        cancelled: 1,
      }),
      8,
    );
    expect(stats).toEqual({
      bookings: 12,
      contacts: 5,
      payments: 3,
      downloads: 7,
      blogPosts: 10,
      subscribers: 40,
      corporateEnquiries: 0,
      pending: 6,
      contacted: 3,
      completed: 2,
      cancelled: 1,
      totalRecords: 12 + 5 + 3 + 7 + 10,
    });
  });

  it('blog posts are the storage posts plus the MDX files', () => {
    expect(adminStats(zeroCounts(), 8).blogPosts).toBe(8);
    expect(adminStats(counts({ storagePosts: 3 }), 0).blogPosts).toBe(3);
  });

  it('shows a counter that drifted below zero as 0, and keeps the total consistent with the tiles', () => {
    const stats = adminStats(counts({ bookings: -1, pending: -2, contacts: 4 }), 1);
    expect(stats).toMatchObject({ bookings: 0, pending: 0, contacts: 4, blogPosts: 1, totalRecords: 5 });
  });

  it('reads stored counters leniently and sums shards', () => {
    expect(countsFrom(null)).toEqual(zeroCounts());
    expect(countsFrom({ bookings: 2, contacts: '3', payments: 1.5, junk: 9 })).toEqual(counts({ bookings: 2 }));
    expect(sumCounts([{ bookings: 1 }, { bookings: 2, pending: 1 }, {}])).toEqual(counts({ bookings: 3, pending: 1 }));
    expect(addCounts(counts({ bookings: 1 }), { bookings: -1, contacts: 1 })).toEqual(counts({ contacts: 1 }));
  });

  it('the recount correction turns the counters into the truth', () => {
    const current = counts({ bookings: 10, pending: 4, contacts: 2 });
    const truth = counts({ bookings: 11, pending: 5, contacts: 2 });
    const correction = differenceOf(truth, current);
    expect(correction).toEqual({ bookings: 1, pending: 1 });
    expect(addCounts(current, correction)).toEqual(truth);
    expect(isNoChange(differenceOf(truth, truth))).toBe(true);
  });
});

describe('how a write moves the counters', () => {
  const booking = {
    id: '8200000000000-0000000000',
    createdAt: '2026-11-21T10:00:00.000Z',
    fullName: 'Asha Kulkarni',
    mobile: '9876543210',
    currentStage: 'Working Professional',
    packageId: null,
    packageName: 'Free Discovery Call',
    bookingType: 'discovery_call' as const,
    amount: null,
    status: 'pending' as const,
    paymentStatus: null,
    notes: '',
  };

  it('a new booking adds to bookings and to its status; removing it takes both back', () => {
    expect(createdDelta(bookingProfile, booking)).toEqual({ bookings: 1, pending: 1 });
    expect(removedDelta(bookingProfile, { ...booking, status: 'completed' })).toEqual({ bookings: -1, completed: -1 });
  });

  it('a status change moves one count from the old status to the new; other edits move nothing', () => {
    expect(updatedDelta(bookingProfile, booking, { ...booking, status: 'contacted' })).toEqual({
      pending: -1,
      contacted: 1,
    });
    expect(isNoChange(updatedDelta(bookingProfile, booking, { ...booking, notes: 'called' }))).toBe(true);
    expect(isNoChange(updatedDelta(bookingProfile, booking, booking))).toBe(true);
  });

  it('other leads only count themselves', () => {
    const contact = {
      id: booking.id,
      createdAt: booking.createdAt,
      name: 'A',
      email: 'a@b.in',
      phone: '9876543210',
      whoIsThisFor: 'college' as const,
    };
    expect(createdDelta(contactProfile, contact)).toEqual({ contacts: 1 });
    expect(combine({ pending: -1 }, { pending: 1, contacted: 1 })).toEqual({ pending: 0, contacted: 1 });
  });
});
