import type { TapGroup } from './tapGroups';

// Set by the inline capture script on every page (src/scripts/early-taps.ts). The code of
// each control calls them once it is wired; they are globals, not a module, so calling
// them costs the page no extra script file.
declare global {
  interface Window {
    /** The group's controls under `root` (the whole page by default) are live: held taps are replayed. Marks `ccc:live:<group>`. */
    __cccLive?: (group: TapGroup, root?: Element) => void;
    /** A plain script's form is wired: a submit held before now is replayed with the values typed. */
    __cccFormLive?: (form: HTMLFormElement) => void;
  }
}

export {};
