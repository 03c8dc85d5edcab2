import { beforeEach, describe, expect, it } from 'vitest';
import {
  $packageBookingCustomerState,
  $packageBookingDraft,
  clearPackageBookingDraft,
  emptyPackageBookingDraft,
  setPackageBookingCustomerState,
  setPackageBookingField,
  type PackageBookingDraft,
} from '../../src/stores/packageBookingDraft';
import {
  $unpaidPackageBooking,
  forgetUnpaidBooking,
  rememberUnpaidBooking,
  unpaidBookingFor,
  unpaidBookingKey,
} from '../../src/stores/unpaidPackageBooking';

const meera: PackageBookingDraft = {
  fullName: 'Meera Iyer',
  mobile: '98450 12345',
  designation: 'Analyst',
  company: 'Cancel Co',
  industry: 'Banking',
  studentClass: '',
  school: '',
  parentName: '',
  parentEmail: '',
  minor: '',
};

beforeEach(() => {
  clearPackageBookingDraft();
  setPackageBookingCustomerState('');
  forgetUnpaidBooking();
});

describe('package booking draft', () => {
  it('starts empty and keeps each field as typed, the others untouched', () => {
    expect($packageBookingDraft.get()).toEqual(emptyPackageBookingDraft);
    setPackageBookingField('fullName', 'Meera Iyer');
    setPackageBookingField('company', ' Cancel Co ');
    expect($packageBookingDraft.get()).toEqual({
      ...emptyPackageBookingDraft,
      fullName: 'Meera Iyer',
      company: ' Cancel Co ',
    });
  });

  it('gives a new object on every change, so a component reading it renders again', () => {
    const before = $packageBookingDraft.get();
    setPackageBookingField('mobile', '98450 12345');
    expect($packageBookingDraft.get()).not.toBe(before);
    expect(before.mobile).toBe('');
  });

  it("clearing empties the fields but keeps the buyer's state", () => {
    for (const [name, value] of Object.entries(meera)) setPackageBookingField(name as keyof PackageBookingDraft, value);
    setPackageBookingCustomerState('Karnataka');
    clearPackageBookingDraft();
    expect($packageBookingDraft.get()).toEqual(emptyPackageBookingDraft);
    expect($packageBookingCustomerState.get()).toBe('Karnataka');
  });
});

describe('unpaid package booking', () => {
  const key = unpaidBookingKey('ascend', meera, false);

  it('is reused for the same package, details and consent', () => {
    rememberUnpaidBooking(key, 'booking-1');
    expect(unpaidBookingFor(unpaidBookingKey('ascend', { ...meera }, false))).toBe('booking-1');
  });

  it('is not reused for another package, another detail or another WhatsApp answer', () => {
    rememberUnpaidBooking(key, 'booking-1');
    expect(unpaidBookingFor(unpaidBookingKey('ascend-plus', meera, false))).toBeNull();
    expect(unpaidBookingFor(unpaidBookingKey('ascend', { ...meera, company: 'Other Co' }, false))).toBeNull();
    expect(unpaidBookingFor(unpaidBookingKey('ascend', { ...meera, fullName: 'Meera Iyer ' }, false))).toBeNull();
    expect(unpaidBookingFor(unpaidBookingKey('ascend', meera, true))).toBeNull();
  });

  it('gives equal details an equal key whatever order their fields were set in', () => {
    const reordered: PackageBookingDraft = {
      industry: meera.industry,
      company: meera.company,
      designation: meera.designation,
      mobile: meera.mobile,
      fullName: meera.fullName,
      ...{ studentClass: '', school: '', parentName: '', parentEmail: '', minor: '' },
    };
    expect(unpaidBookingKey('ascend', reordered, false)).toBe(key);
  });

  it('tells fields apart even when one value could run into the next', () => {
    const shifted = unpaidBookingKey('ascend', { ...meera, designation: 'Analyst","Cancel Co', company: '' }, false);
    expect(shifted).not.toBe(key);
  });

  it('a newer booking replaces the one remembered', () => {
    rememberUnpaidBooking(key, 'booking-1');
    const other = unpaidBookingKey('ascend', { ...meera, industry: 'Pharma' }, false);
    rememberUnpaidBooking(other, 'booking-2');
    expect(unpaidBookingFor(other)).toBe('booking-2');
    expect(unpaidBookingFor(key)).toBeNull();
  });

  it('once forgotten (paid, or already paid) the same details book anew', () => {
    rememberUnpaidBooking(key, 'booking-1');
    forgetUnpaidBooking();
    expect($unpaidPackageBooking.get()).toBeNull();
    expect(unpaidBookingFor(key)).toBeNull();
  });
});
