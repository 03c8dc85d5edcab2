import { defineMiddleware } from 'astro:middleware';
import { withSecurityHeaders } from './server/http/securityHeaders';

// On-demand pages are answered by a function, where Netlify's header rules do not apply.
export const onRequest = defineMiddleware(async (_context, next) => withSecurityHeaders(await next()));
