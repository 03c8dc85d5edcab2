import type { RequestedIsland } from '../islands/on-request/requestIsland';

declare global {
  namespace Astro {
    interface ClientDirectives {
      /** Hydrate when `requestIsland(name)` asks for this island (src/directives/request.ts). */
      'client:request'?: RequestedIsland;
      /** Load once the page has painted (src/directives/painted.ts). */
      'client:painted'?: boolean;
    }
  }
}
