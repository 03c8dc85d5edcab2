// `npm run dev` only: Netlify's emulator takes a function's client address
// (context.ip) from the request's X-Forwarded-For, which any client can write, so
// `X-Forwarded-For: 127.0.0.1` made a remote request look local, and a real local
// request without it had no address at all. This middleware runs before the emulator's: it
// replaces X-Forwarded-For with the socket's own address, and records, under a secret only
// this process knows, whether the request came direct (no Forwarded, X-Forwarded-* or Via
// header from the client). The server code reads that record instead of the headers it just
// rewrote (src/server/env.ts).
import { randomBytes } from 'node:crypto';

export const DEV_CLIENT_HEADER = 'x-ccc-dev-client';
export const DEV_CLIENT_SECRET_ENV = 'CCC_DEV_CLIENT_SECRET';

export function devClientAddress() {
  return {
    name: 'ccc:dev-client-address',
    apply: 'serve',
    enforce: 'pre',
    configureServer(server) {
      const secret = randomBytes(24).toString('hex');
      process.env[DEV_CLIENT_SECRET_ENV] = secret;
      server.middlewares.use((req, _res, next) => {
        const forwarded = Object.keys(req.headers).some(
          (name) => name === 'forwarded' || name === 'via' || name.startsWith('x-forwarded-'),
        );
        req.headers['x-forwarded-for'] = req.socket.remoteAddress ?? '';
        req.headers[DEV_CLIENT_HEADER] = `${secret};${forwarded ? 'forwarded' : 'direct'}`;
        next();
      });
    },
  };
}
