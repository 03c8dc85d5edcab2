// A behaviour is the plain-DOM script of a static component (tabs, counters, the dialog
// triggers), mounted like an island so that Astro loads it when its directive says:
// `client:painted`, once the page has painted. As a component `<script>` it would be a
// module script the browser fetches and runs before its first paint, and on a phone every
// such file (and every file it imports) stands between the HTML and the first paint.
// The renderer in ./renderer renders nothing on the server and calls the behaviour in
// the browser.

const BEHAVIOUR = Symbol.for('ccc.behaviour');

export type Behaviour<Props extends object = object> = ((props: Props) => void) & {
  readonly [BEHAVIOUR]: true;
};

export function behaviour<Props extends object = object>(attach: (props: Props) => void): Behaviour<Props> {
  return Object.assign((props: Props) => attach(props), { [BEHAVIOUR]: true as const });
}

export function isBehaviour(value: unknown): value is Behaviour<object> {
  return typeof value === 'function' && (value as unknown as Record<symbol, unknown>)[BEHAVIOUR] === true;
}
