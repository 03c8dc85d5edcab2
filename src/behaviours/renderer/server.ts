import type { NamedSSRLoadedRendererValue } from 'astro';
import { isBehaviour } from '../behaviour';

/** A behaviour has no markup of its own: the component it belongs to renders that. */
const renderer: NamedSSRLoadedRendererValue = {
  name: 'ccc-behaviours',
  check: async (Component) => isBehaviour(Component),
  renderToStaticMarkup: async () => ({ html: '' }),
};

export default renderer;
