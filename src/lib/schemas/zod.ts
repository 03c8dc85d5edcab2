import { z } from 'zod';

// zod compiles object parsers with `new Function` where it may, and its probe for that is an
// eval the site's Content Security Policy blocks and reports. Every schema imports z from here,
// so the browser never probes; parsing without compiling is fast enough for forms and functions.
z.config({ jitless: true });

export { z };
