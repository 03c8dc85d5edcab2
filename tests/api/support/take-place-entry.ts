// A stand-in "function" for race tests of the visitor mail counts: each process takes a
// place for the entry named in the body from the count it names, as a sender would.
import { type Allowance, takePlace } from '../../../src/server/notifications/visitorQuota';

export default async function handler(req: Request): Promise<Response> {
  const { allowance, entryId } = (await req.json()) as { allowance: Allowance; entryId: string };
  return Response.json({
    admitted: await takePlace({ ...allowance, windowMs: allowance.windowMs ?? Infinity }, entryId),
  });
}
