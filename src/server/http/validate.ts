import { z } from 'zod';
import { readCapped } from './cappedBody';
import bodyLimit from '../../lib/body-limit.json';
import { pageCursor } from '../../lib/schemas/adminApi';
import { HttpError, badRequest } from './errors';

/** One limit for every body the site reads, the local server's background buffering included. */
export const MAX_BODY_BYTES: number = bodyLimit.maxBodyBytes;

/** Turns zod issues into `{ field: message }`, one message per field (the first). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  collectFields(error.issues, [], fields);
  return fields;
}

function collectFields(
  issues: readonly z.core.$ZodIssue[],
  prefix: PropertyKey[],
  fields: Record<string, string>,
): void {
  for (const raw of issues) {
    const issue = { ...raw, path: [...prefix, ...raw.path] } as z.core.$ZodIssue;
    // A body that fits none of a union's shapes: name the fields of the shape it came closest to
    // (fewest issues), not "Invalid input" for the whole body.
    if (issue.code === 'invalid_union' && issue.errors.length > 0) {
      const closest = issue.errors.reduce((best, branch) => (branch.length < best.length ? branch : best));
      if (closest.length > 0) {
        collectFields(closest, issue.path, fields);
        continue;
      }
    }
    // A strict schema's extra fields are named one by one, so the answer says which.
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) fields[[...issue.path, key].join('.')] ??= 'This field cannot be set here';
      continue;
    }
    const path = issue.path.length > 0 ? issue.path.join('.') : '_';
    fields[path] ??= issue.message;
  }
}

export function parseWith<S extends z.ZodType>(schema: S, value: unknown, what: string): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw badRequest(`Invalid ${what}.`, fieldErrors(result.error));
  return result.data;
}

/** Reads a JSON body: 415 if it is not JSON, 413 over 64 KB, 400 if malformed or invalid. */
export async function readJson<S extends z.ZodType>(req: Request, schema: S): Promise<z.infer<S>> {
  const contentType = req.headers.get('content-type') ?? '';
  if (!/^application\/(.+\+)?json\b/i.test(contentType.trim())) {
    throw new HttpError(415, 'Send the request body as JSON (Content-Type: application/json).');
  }
  const declared = Number(req.headers.get('content-length') ?? '0');
  if (declared > MAX_BODY_BYTES) throw new HttpError(413, 'The request body is larger than 64 KB.');
  const text = await readLimited(req, MAX_BODY_BYTES);
  let value: unknown;
  try {
    value = text.length === 0 ? undefined : JSON.parse(text);
  } catch {
    throw badRequest('The request body is not valid JSON.', { _: 'Malformed JSON' });
  }
  if (value === undefined) throw badRequest('The request body is empty.', { _: 'Required' });
  return parseWith(schema, value, 'request body');
}

/** Reads a body as UTF-8 text, answering 413 as soon as it passes `limit` bytes. */
export async function readLimited(req: Request, limit: number): Promise<string> {
  const bytes = await readCapped(
    req.body,
    limit,
    () => new HttpError(413, `The request body is larger than ${Math.round(limit / 1024)} KB.`),
  );
  return new TextDecoder().decode(bytes);
}

/**
 * Reads a binary body of at most `limit` bytes: 413 at once when its Content-Length says more,
 * else as soon as the bytes counted pass it (the stream is cancelled, never buffered past the limit).
 * `message` replaces the answer's default words (e.g. to say what to do instead).
 */
export async function readBytesLimited(
  req: Request,
  limit: number,
  what = 'file',
  message?: string,
): Promise<Uint8Array> {
  const tooLarge = () =>
    new HttpError(413, message ?? `The ${what} is larger than ${Math.round(limit / 1024 / 1024)} MB.`, {
      [what]: 'Too large',
    });
  const declared = Number(req.headers.get('content-length') ?? '0');
  if (Number.isFinite(declared) && declared > limit) {
    await req.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  return new Uint8Array(await readCapped(req.body, limit, tooLarge));
}

export function readQuery<S extends z.ZodType>(req: Request, schema: S): z.infer<S> {
  const params = Object.fromEntries(new URL(req.url).searchParams);
  return parseWith(schema, params, 'query');
}

export function readParams<S extends z.ZodType>(params: Record<string, string | undefined>, schema: S): z.infer<S> {
  return parseWith(schema, params, 'path');
}

/** Page query shared by every admin list. */
export const pageQuerySchema = z.object({
  cursor: pageCursor.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
