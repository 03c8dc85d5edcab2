import { RAZORPAY_API_ORIGIN, RAZORPAY_CHECKOUT_ORIGIN } from '../../lib/razorpay';

// One security policy for every response, on Netlify and on the local server alike.
// Netlify applies header rules to static files only, so the same headers reach
// functions (route()), on-demand pages (src/middleware.ts) and static files (the
// _headers file written at build time, which the local server honours as Netlify does).

export const securityHeaders: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  // Off: everything the site never uses. Payment stays for Razorpay's checkout frame.
  'Permissions-Policy': [
    'accelerometer=()',
    'autoplay=()',
    'browsing-topics=()',
    'camera=()',
    'display-capture=()',
    'geolocation=()',
    'gyroscope=()',
    'hid=()',
    'magnetometer=()',
    'microphone=()',
    'midi=()',
    `payment=(self "${RAZORPAY_API_ORIGIN}" "${RAZORPAY_CHECKOUT_ORIGIN}")`,
    'serial=()',
    'usb=()',
  ].join(', '),
  // No page of ours is meant to be framed: the admin least of all (clickjacking).
  'Content-Security-Policy': "frame-ancestors 'none'",
  'X-Frame-Options': 'DENY',
  // Browsers ignore HSTS over plain http, so local runs are unaffected.
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
};

/**
 * The page policy Astro writes into every HTML page (security.csp): Astro adds the
 * hashes of its own scripts and styles, so no 'unsafe-inline' is needed for either.
 */
export const pageContentSecurityPolicy = {
  directives: [
    "default-src 'self'",
    // Post images may come from any https host the owner links to; nothing over http.
    "img-src 'self' data: https:",
    "font-src 'self'",
    `connect-src 'self' ${RAZORPAY_API_ORIGIN} https://lumberjack.razorpay.com`,
    `frame-src ${RAZORPAY_API_ORIGIN} ${RAZORPAY_CHECKOUT_ORIGIN}`,
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self'`,
  ],
  scriptResources: ["'self'", RAZORPAY_CHECKOUT_ORIGIN],
} as const;

/**
 * Adds the security headers a response does not set itself. Astro sends its page
 * policy as a header on on-demand pages: frame-ancestors joins that policy there.
 */
export function withSecurityHeaders(response: Response): Response {
  let target = response;
  try {
    target.headers.set('x-security-headers', '1');
    target.headers.delete('x-security-headers');
  } catch {
    // Immutable headers (a fetched response passed through): answer with a copy.
    target = new Response(response.body, response);
  }
  for (const [name, value] of Object.entries(securityHeaders)) {
    const current = target.headers.get(name);
    if (current === null) target.headers.set(name, value);
    else if (name === 'Content-Security-Policy' && !/frame-ancestors/i.test(current)) {
      target.headers.set(name, `${current.replace(/;\s*$/, '')}; ${value}`);
    }
  }
  return target;
}

/** The `_headers` rules for static files (Netlify's file format). */
export function staticHeadersFile(): string {
  const lines = Object.entries(securityHeaders).map(([name, value]) => `  ${name}: ${value}`);
  return ['# Written at build time from src/server/http/securityHeaders.ts', '/*', ...lines, ''].join('\n');
}
