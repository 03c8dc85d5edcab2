import { describe, expect, it } from 'vitest';
import {
  pageContentSecurityPolicy,
  securityHeaders,
  staticHeadersFile,
  withSecurityHeaders,
} from '../../src/server/http/securityHeaders';

describe('security headers', () => {
  it('adds every header a response lacks and keeps what it set itself', () => {
    const response = withSecurityHeaders(new Response('x', { headers: { 'referrer-policy': 'no-referrer' } }));
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('content-security-policy')).toBe("frame-ancestors 'none'");
  });

  it('joins frame-ancestors to a page policy Astro already sent', () => {
    const response = withSecurityHeaders(
      new Response('x', { headers: { 'content-security-policy': "default-src 'self'; script-src 'self';" } }),
    );
    expect(response.headers.get('content-security-policy')).toBe(
      "default-src 'self'; script-src 'self'; frame-ancestors 'none'",
    );
  });

  it('copies a response whose headers cannot change', async () => {
    const fetched = Response.redirect('https://example.com/', 302); // immutable headers
    const answered = withSecurityHeaders(fetched);
    expect(answered.status).toBe(302);
    expect(answered.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('writes the same headers as a Netlify _headers rule for every static file', () => {
    const file = staticHeadersFile();
    expect(file.split('\n')).toContain('/*');
    for (const [name, value] of Object.entries(securityHeaders)) expect(file).toContain(`  ${name}: ${value}`);
  });

  it("allows only Razorpay's checkout beside our own scripts, never inline script", () => {
    expect(pageContentSecurityPolicy.scriptResources).toEqual(["'self'", 'https://checkout.razorpay.com']);
    expect(pageContentSecurityPolicy.directives.join(';')).not.toContain('unsafe-inline');
  });
});
