// A stand-in "function" for race tests of invoice serials: each process asks for the serial of
// the document named in the body, as a payment's capture would on its own instance.
import { allocateSerial } from '../../../src/server/invoices/serialAllocator';
import type { SerialSeries } from '../../../src/server/invoices/serialFormat';

export default async function handler(req: Request): Promise<Response> {
  const body = (await req.json()) as { series: SerialSeries; documentKey: string; at: string; invoicePrefix: string };
  try {
    return Response.json(await allocateSerial({ ...body, at: new Date(body.at) }));
  } catch (error) {
    return Response.json({ error: String(error) }, { status: 500 });
  }
}
