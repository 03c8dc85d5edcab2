// Which font draws which script on a document PDF, and where its files are. Noto Sans draws
// Latin (and the rupee sign, digits and punctuation); one Noto Sans font per Indian script draws
// a name or description written in it. See docs/payments.md (invoice PDFs).

export type FontWeight = 'regular' | 'bold';

export interface FontFamily {
  /** The npm package (under node_modules/@expo-google-fonts) that ships the TrueType files. */
  readonly package: string;
  /** Its files' name before the weight: NotoSansTamil -> NotoSansTamil_400Regular.ttf. */
  readonly file: string;
  /** The characters this family is chosen for; null for the base family, which draws the rest. */
  readonly script: RegExp | null;
}

export const baseFamily: FontFamily = { package: 'noto-sans', file: 'NotoSans', script: null };

/** The Indian scripts that print; each is embedded only in a document that uses it. */
export const scriptFamilies: readonly FontFamily[] = [
  { package: 'noto-sans-devanagari', file: 'NotoSansDevanagari', script: /\p{Script=Devanagari}/u },
  { package: 'noto-sans-bengali', file: 'NotoSansBengali', script: /\p{Script=Bengali}/u },
  { package: 'noto-sans-tamil', file: 'NotoSansTamil', script: /\p{Script=Tamil}/u },
  { package: 'noto-sans-telugu', file: 'NotoSansTelugu', script: /\p{Script=Telugu}/u },
  { package: 'noto-sans-gujarati', file: 'NotoSansGujarati', script: /\p{Script=Gujarati}/u },
  { package: 'noto-sans-kannada', file: 'NotoSansKannada', script: /\p{Script=Kannada}/u },
  { package: 'noto-sans-malayalam', file: 'NotoSansMalayalam', script: /\p{Script=Malayalam}/u },
  { package: 'noto-sans-gurmukhi', file: 'NotoSansGurmukhi', script: /\p{Script=Gurmukhi}/u },
  { package: 'noto-sans-oriya', file: 'NotoSansOriya', script: /\p{Script=Oriya}/u },
];

/** The script family a character belongs to, or null (Latin, digits, punctuation, marks: the base font or the run it sits in). */
export function scriptFamilyOf(character: string): FontFamily | null {
  return scriptFamilies.find((family) => family.script!.test(character)) ?? null;
}

/** The families a set of texts needs: always the base, then each Indian script found, in a fixed order. */
export function familiesFor(texts: readonly string[]): FontFamily[] {
  const joined = texts.join('\n');
  return [baseFamily, ...scriptFamilies.filter((family) => family.script!.test(joined))];
}

const WEIGHT_DIRECTORY: Record<FontWeight, string> = { regular: '400Regular', bold: '700Bold' };

/**
 * The file's path from the working directory: the functions run from the site's root, where
 * netlify.toml's included_files puts these files, as the local server does.
 */
export function fontFilePath(family: FontFamily, weight: FontWeight): string[] {
  const directory = WEIGHT_DIRECTORY[weight];
  return ['node_modules', '@expo-google-fonts', family.package, directory, `${family.file}_${directory}.ttf`];
}
