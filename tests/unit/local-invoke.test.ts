import { describe, expect, test, vi } from 'vitest';
import { Invoker, PendingWork } from '../../netlify/local/invoke.mjs';

const site = { id: 'local-site', name: 'local', url: 'http://localhost:8888' };
const meta = { ip: '127.0.0.1', requestId: 'req-1', route: { pattern: '/api/items/:id' } };

function fn(handler: (req: Request, context: any) => unknown, background = false) {
  return { name: 'items', handler, routes: [], background };
}

describe('Invoker', () => {
  test('calls the handler with the Request and a Context carrying ip, params, ids and site', async () => {
    const invoker = new Invoker({ site, deployId: '0' });
    let seen: any;
    const response = await invoker.invoke(
      fn((req, context) => {
        seen = { url: req.url, context, global: invoker.requestContext.getStore() };
        return Response.json({ ok: true });
      }),
      new Request('http://localhost:8888/api/items/42?x=1'),
      meta,
    );
    expect(response.status).toBe(200);
    expect(seen.context.ip).toBe('127.0.0.1');
    expect(seen.context.params).toEqual({ id: '42' });
    expect(seen.context.requestId).toBe('req-1');
    expect(seen.context.site).toEqual(site);
    expect(seen.context.url.href).toBe('http://localhost:8888/api/items/42?x=1');
    expect(seen.global).toBe(seen.context);
  });

  test('cookies read from the request and written to the response', async () => {
    const invoker = new Invoker({ site, deployId: '0' });
    const response = await invoker.invoke(
      fn((_req, context) => {
        context.cookies.set('seen', context.cookies.get('visitor') ?? 'none');
        context.cookies.delete('old');
        return new Response('ok');
      }),
      new Request('http://localhost:8888/api/items/1', { headers: { cookie: 'visitor=v1; old=x' } }),
      meta,
    );
    const cookies = response.headers.getSetCookie();
    expect(cookies).toContain('seen=v1');
    expect(cookies.some((cookie) => cookie.startsWith('old=;') && cookie.includes('Expires=Thu, 01 Jan 1970'))).toBe(
      true,
    );
  });

  test('anything but a Response answers 204; a throw answers 500 without the error text', async () => {
    const invoker = new Invoker({ site, deployId: '0' });
    const request = () => new Request('http://localhost:8888/api/items/1');
    expect(
      (
        await invoker.invoke(
          fn(() => undefined),
          request(),
          meta,
        )
      ).status,
    ).toBe(204);
    const errorLog = vi.spyOn(console, 'error').mockImplementation(() => {});
    const failed = await invoker.invoke(
      fn(() => {
        throw new Error('secret detail');
      }),
      request(),
      meta,
    );
    expect(failed.status).toBe(500);
    expect(await failed.text()).not.toContain('secret detail');
    errorLog.mockRestore();
  });

  test('a synchronous function over its limit gets a 504 and an aborted signal', async () => {
    const invoker = new Invoker({ site, deployId: '0', timeouts: { synchronous: 0.2 } });
    let aborted = false;
    const errorLog = vi.spyOn(console, 'error').mockImplementation(() => {});
    const started = Date.now();
    const response = await invoker.invoke(
      fn(
        (req) =>
          new Promise((resolve) =>
            req.signal.addEventListener('abort', () => {
              aborted = true;
              resolve(new Response('late'));
            }),
          ),
      ),
      new Request('http://localhost:8888/api/items/1'),
      meta,
    );
    expect(response.status).toBe(504);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    expect(aborted).toBe(true);
    errorLog.mockRestore();
  });

  test('a background function answers 202 at once; its work is pending until done', async () => {
    const invoker = new Invoker({ site, deployId: '0' });
    let release!: () => void;
    const finished = vi.fn();
    const response = await invoker.invoke(
      fn(async (req) => {
        const body = await req.json();
        await new Promise<void>((resolve) => (release = resolve));
        finished(body);
      }, true),
      new Request('http://localhost:8888/api/items/1', { method: 'POST', body: JSON.stringify({ id: 7 }) }),
      meta,
    );
    expect(response.status).toBe(202);
    expect(await response.text()).toBe('');
    await vi.waitFor(() => expect(release).toBeTypeOf('function'));
    expect(invoker.pending.size).toBe(1);
    release();
    expect(await invoker.pending.drain(Date.now() + 1000)).toBe(true);
    expect(finished).toHaveBeenCalledWith({ id: 7 });
  });

  test('waitUntil work is tracked after the answer is given', async () => {
    const invoker = new Invoker({ site, deployId: '0' });
    const done = vi.fn();
    const response = await invoker.invoke(
      fn((_req, context) => {
        context.waitUntil(new Promise((resolve) => setTimeout(resolve, 50)).then(done));
        return new Response('now');
      }),
      new Request('http://localhost:8888/api/items/1'),
      meta,
    );
    expect(await response.text()).toBe('now');
    expect(done).not.toHaveBeenCalled();
    await invoker.pending.drain(Date.now() + 1000);
    expect(done).toHaveBeenCalled();
  });
});

describe('PendingWork.drain', () => {
  test('gives up at the deadline and says so', async () => {
    const work = new PendingWork();
    work.track(new Promise(() => {}));
    expect(await work.drain(Date.now() + 30)).toBe(false);
    expect(work.size).toBe(1);
  });
});
