import type { Config } from '@netlify/functions';
import '../../src/server/app';
import { findResource } from '../../src/lib/resourceCatalogue';
import { careerStageLabel, downloadRequestSchema, type Download } from '../../src/lib/schemas/download';
import { requireAdmin } from '../../src/server/auth';
import { badRequest } from '../../src/server/http/errors';
import { decoyRecord, isBot } from '../../src/server/http/honeypot';
import { json } from '../../src/server/http/respond';
import { route } from '../../src/server/http/route';
import { pageQuerySchema, readJson, readQuery } from '../../src/server/http/validate';
import { consentOfSubmission, downloads } from '../../src/server/leads';
import { holdChildDownload } from '../../src/server/privacy';

export default route({
  async POST(req) {
    const {
      website,
      resourceId,
      fullName,
      email,
      mobile,
      currentStage,
      attribution,
      whatsappOptIn,
      minor,
      parentName,
      parentPhone,
      parentEmail,
    } = await readJson(req, downloadRequestSchema);
    const resource = findResource(resourceId);
    if (!resource?.downloadUrl)
      throw badRequest('Invalid request body.', { resourceId: 'Unknown resource or nothing to download' });
    // The title comes from the catalogue, never from the browser.
    const record: Download = {
      fullName,
      email,
      mobile,
      currentStage: careerStageLabel(currentStage),
      resourceId: resource.id,
      resourceTitle: resource.title,
      ...(attribution ? { attribution } : {}),
      ...consentOfSubmission('answer-request', whatsappOptIn),
    };
    // A student under 18: the guide is public, the details wait for a parent (docs/privacy.md, "Students and parents").
    if (minor && parentName && parentPhone && parentEmail) {
      if (!isBot({ website })) await holdChildDownload(record, { parentName, parentPhone, parentEmail, whatsappOptIn });
      return json({ status: 'awaiting-parent', downloadUrl: resource.downloadUrl }, { status: 202 });
    }
    if (isBot({ website }))
      return json({ download: decoyRecord(record), downloadUrl: resource.downloadUrl }, { status: 201 });
    const download = await downloads.create(record);
    return json({ download, downloadUrl: resource.downloadUrl }, { status: 201 });
  },
  async GET(req, context) {
    await requireAdmin(req, context);
    return json(await downloads.list(readQuery(req, pageQuerySchema)));
  },
});

// Literal on purpose: Netlify reads this config statically (docs/decisions/0009-honeypot-and-rate-limits.md).
export const config: Config = {
  path: '/api/resource-downloads',
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
