import type { Behaviour } from '../behaviour';

/** Astro's hydrator for a behaviour island: run the behaviour with its props, once. */
export default () => async (Component: Behaviour<object>, props: Record<string, unknown>) => {
  Component(props);
};
