import { isDeepStrictEqual } from 'node:util';
import { isLeadNotificationKind } from '../../lib/leads/kinds';
import { inRequest } from '../http/afterResponse';
import type { InsertPlan } from '../storage/collection';
import { StorageUnavailableError } from '../storage/errors';
import { type FollowUpEvent, eventIdForRecord, finishEvent, storeClaimedEvent } from './events';
import { followUpPipeline } from './publish';

/** What a new record's event asks for besides storing it: the effects' inputs. */
export type EventParts = Pick<FollowUpEvent, 'counts' | 'person' | 'lead' | 'todo'>;

/**
 * The lead path (docs/decisions/0026-store-answer-follow-up.md) as a collection's insert
 * plan: inside a request the record's follow-up event is stored first, then the record,
 * then the request answers and the event is done after the response; a request that dies
 * after either write still has its lead stored, counted, indexed and announced by the
 * minute job. Outside a request (scripts) the event is done at once.
 */
export function followUpInsert<Rec>(partsOf: (record: Rec) => EventParts): InsertPlan<Rec> {
  return async ({ collection, id, record, createdAt, announce, countLead, write, read }) => {
    const pipeline = followUpPipeline();
    const parts = partsOf(record);
    const lead = parts.lead ?? null;
    // Not announced, yet a lead of its source (a client the owner added): only the lead-sources tally reads it.
    const quiet =
      !announce && countLead && lead && isLeadNotificationKind(lead.kind)
        ? { kind: lead.kind, attribution: lead.attribution, at: lead.at }
        : null;
    const event: FollowUpEvent = {
      id: eventIdForRecord(collection, id, createdAt),
      recordedAt: new Date().toISOString(),
      record: { collection, id, value: record as Record<string, unknown> },
      counts: parts.counts ?? null,
      person: parts.person ?? null,
      lead: announce ? lead : null,
      quietLead: quiet,
      todo: parts.todo ?? null,
    };
    if (!inRequest()) {
      const created = await write();
      if (created) await pipeline.send(await pipeline.completeEvent(event));
      return created;
    }
    const stored = await storeClaimedEvent(event, new Date());
    const eventStored = stored !== null;
    let created: boolean;
    try {
      created = await write();
    } catch (error) {
      if (!(error instanceof StorageUnavailableError) || !eventStored) throw error;
      // The event holds the record: the follow-up stores it once Blobs answers again.
      console.error(
        `[storage] ${collection} ${id}: the record write failed after its event was stored; the follow-up stores it`,
        error,
      );
      created = true;
    }
    // Refused: the id was taken, or this very record is there already because the minute
    // job did the event (held up, this request wrote its record late). Only the first is a
    // refusal: then this event must not count or announce another record.
    if (!created && !isDeepStrictEqual(await read(), record)) {
      if (eventStored) await finishEvent(event.id);
      return false;
    }
    if (stored) await pipeline.followUpStored(stored);
    else await pipeline.scheduleFollowUp(event);
    return true;
  };
}
