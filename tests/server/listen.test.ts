// Where `npm start` listens: this machine only unless HOST says otherwise, with a warning
// when that exposes the admin's local default password; and functions see the client's
// real address either way.
import { networkInterfaces } from 'node:os';
import { expect, test } from 'vitest';
import { rawRequest } from './support/http.ts';
import { FIXTURE_FUNCTIONS, PORTS } from './support/ports.ts';
import { startServerProcess } from './support/server-process.ts';

const outsideAddress = Object.values(networkInterfaces())
  .flat()
  .find((address) => address && address.family === 'IPv4' && !address.internal)?.address;

test('by default only loopback answers, and nothing warns', async () => {
  const server = await startServerProcess({ port: PORTS.listenDefault });
  try {
    expect((await rawRequest(`${server.origin}/robots.txt`)).status).toBe(200);
    if (outsideAddress)
      await expect(rawRequest(`http://${outsideAddress}:${PORTS.listenDefault}/robots.txt`)).rejects.toThrow(
        /ECONNREFUSED/,
      );
    expect(server.output()).not.toContain('WARNING');
  } finally {
    expect(await server.stop()).toBe(0);
  }
});

test.skipIf(!outsideAddress)(
  'HOST=0.0.0.0 opens it up, warns about the default admin password, and functions see the real client address',
  async () => {
    const env = { HOST: '0.0.0.0', ADMIN_PASSWORD: '' };
    const server = await startServerProcess({ port: PORTS.listenOpen, env, args: ['--functions', FIXTURE_FUNCTIONS] });
    try {
      expect(server.output()).toMatch(/WARNING: listening on 0\.0\.0\.0 with no ADMIN_PASSWORD set/);
      const answer = await rawRequest(`http://${outsideAddress}:${PORTS.listenOpen}/api/fixture/context`, {
        headers: { 'x-forwarded-for': '127.0.0.1', 'x-nf-client-connection-ip': '127.0.0.1' },
      });
      expect(answer.status).toBe(200);
      const seen = JSON.parse(answer.body.toString());
      expect(seen.ip).toBe(outsideAddress);
      expect(seen.connectionIpHeader).toBe(outsideAddress);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  },
);

test('HOST opened with an ADMIN_PASSWORD set: no warning', async () => {
  const server = await startServerProcess({
    port: PORTS.listenOpen + 1,
    env: { HOST: '0.0.0.0', ADMIN_PASSWORD: 'a-long-enough-password' },
  });
  try {
    expect(server.output()).not.toContain('WARNING');
  } finally {
    expect(await server.stop()).toBe(0);
  }
});
