import { z } from './schemas/zod';

/**
 * India's states and union territories with their GST state codes (the first two digits of a
 * GSTIN, and the code a tax invoice prints beside the place of supply, CGST Rule 46). The codes of
 * the merged or split territories are the current ones: Dadra and Nagar Haveli and Daman and Diu
 * is 26 since 2020 (25 is retired), Andhra Pradesh is 37 since Telangana (36) was formed (28 is
 * retired), Ladakh is 38.
 */
export const indianStates = [
  { name: 'Jammu and Kashmir', code: '01' },
  { name: 'Himachal Pradesh', code: '02' },
  { name: 'Punjab', code: '03' },
  { name: 'Chandigarh', code: '04' },
  { name: 'Uttarakhand', code: '05' },
  { name: 'Haryana', code: '06' },
  { name: 'Delhi', code: '07' },
  { name: 'Rajasthan', code: '08' },
  { name: 'Uttar Pradesh', code: '09' },
  { name: 'Bihar', code: '10' },
  { name: 'Sikkim', code: '11' },
  { name: 'Arunachal Pradesh', code: '12' },
  { name: 'Nagaland', code: '13' },
  { name: 'Manipur', code: '14' },
  { name: 'Mizoram', code: '15' },
  { name: 'Tripura', code: '16' },
  { name: 'Meghalaya', code: '17' },
  { name: 'Assam', code: '18' },
  { name: 'West Bengal', code: '19' },
  { name: 'Jharkhand', code: '20' },
  { name: 'Odisha', code: '21' },
  { name: 'Chhattisgarh', code: '22' },
  { name: 'Madhya Pradesh', code: '23' },
  { name: 'Gujarat', code: '24' },
  { name: 'Dadra and Nagar Haveli and Daman and Diu', code: '26' },
  { name: 'Maharashtra', code: '27' },
  { name: 'Karnataka', code: '29' },
  { name: 'Goa', code: '30' },
  { name: 'Lakshadweep', code: '31' },
  { name: 'Kerala', code: '32' },
  { name: 'Tamil Nadu', code: '33' },
  { name: 'Puducherry', code: '34' },
  { name: 'Andaman and Nicobar Islands', code: '35' },
  { name: 'Telangana', code: '36' },
  { name: 'Andhra Pradesh', code: '37' },
  { name: 'Ladakh', code: '38' },
] as const;

export type IndianState = (typeof indianStates)[number]['name'];
export type GstStateCode = (typeof indianStates)[number]['code'];

const names = indianStates.map((state) => state.name) as [IndianState, ...IndianState[]];

/** A state or union territory by its name: a customer's place of supply (`customerState`). */
export const indianStateSchema = z.enum(names, { error: 'Choose a state or union territory of India' });

export function gstStateCode(state: IndianState): GstStateCode {
  // Every name of the enum is in the list, so the lookup always finds one.
  return indianStates.find((entry) => entry.name === state)!.code;
}

export function stateOfGstCode(code: string): IndianState | undefined {
  return indianStates.find((entry) => entry.code === code)?.name;
}
