import { stateOfGstCode, type IndianState } from '../../lib/indianStates';

const CHARACTERS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** State code, PAN (5 letters, 4 digits, 1 letter), entity number, `Z`, check character. */
const GSTIN_SHAPE = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** GSTN's check character: base-36 digits weighted 1, 2, 1, 2 ..., each product's base-36 digits summed. */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let index = 0; index < 14; index += 1) {
    const product = CHARACTERS.indexOf(first14[index]!) * (index % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return CHARACTERS[(36 - (sum % 36)) % 36]!;
}

/**
 * Why a GSTIN cannot be the business's, or null: a typo on every tax invoice would make them
 * worthless to a client claiming input credit, so the shape, the state code and the check
 * character are all checked before any invoice is issued.
 */
export function gstinProblem(gstin: string): string | null {
  if (gstin.length !== 15) return `is 15 characters, not ${gstin.length}`;
  if (!GSTIN_SHAPE.test(gstin))
    return 'must be a state code, a PAN, an entity number, Z and a check character (e.g. 29ABCDE1234F1Z5)';
  if (!stateOfGstCode(gstin.slice(0, 2))) return `starts with ${gstin.slice(0, 2)}, which is no state's GST code`;
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin[14])
    return 'has a wrong check character (the last one): please copy it again from the registration certificate';
  return null;
}

export function stateOfGstin(gstin: string): IndianState | undefined {
  return stateOfGstCode(gstin.slice(0, 2));
}
