// Plain node:http requests: the bytes exactly as the server sent them (fetch would
// decompress them), and control over how many connections are open at once.
import { Agent, request } from 'node:http';

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface RawRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  agent?: Agent;
}

export function rawRequest(
  url: string,
  { method = 'GET', headers = {}, body, agent }: RawRequest = {},
): Promise<RawResponse> {
  // Node sends a DELETE body without framing unless the length is given.
  const framing = body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) };
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers: { ...framing, ...headers }, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

export const postJson = (url: string, value: unknown, agent?: Agent) =>
  rawRequest(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(value),
    agent,
  });
