import type { z } from 'zod';
import { type RecordKind, type TodoKind, todoKinds } from '../../lib/leads/kinds';
import type { ExportRow } from '../../lib/admin/customerExport';
import type { LeadEvent } from '../../lib/schemas/leadEvent';
import type { TodoEntry } from '../../lib/schemas/todo';
import { syncTodo } from '../indexes/todo/pendingIndex';
import { type LeadProfile, createdDelta, removedDelta, updatedDelta } from './profiles';
import { reindexPerson, unindexPerson } from '../indexes/search/personIndex';
import { addToCounts, oneOffChangeId, readCounts } from '../indexes/stats/counterStore';
import { followUpInsert } from '../followUp/leadInsert';
import { type CollectionHooks, type RecordMeta, defineCollection } from '../storage/collection';
import type { StoreName } from '../../lib/privacy/inventory';

/**
 * One kind of lead, declared once
 * (docs/decisions/0032-server-tiers-and-lead-kind-registry.md): its store and schema, how
 * it is counted and found (the profile), how the owner and the visitor are told (announce),
 * whether it waits on the to-do, and its row in the export. src/server/leads/registry.ts
 * lists them.
 */
export interface LeadKindDefinition<
  S extends z.ZodObject,
  Rec extends RecordMeta = z.output<S> & RecordMeta,
> extends LeadProfile<Rec> {
  /** The Blobs store (an older name stays where data was stored under it). */
  store: StoreName;
  schema: S;
  announce?(record: Rec): LeadEvent;
  /** A lead the site promised a response: its entry on the owner's to-do while pending. */
  todo?(record: Rec): TodoEntry | null;
  /** What the to-do knows beyond the record (a booking's booked call), applied on every edit. */
  adjustTodo?(entry: TodoEntry | null): Promise<TodoEntry | null>;
  exportRow(record: Rec): ExportRow;
}

const isTodoKind = (kind: RecordKind): kind is TodoKind => (todoKinds as readonly RecordKind[]).includes(kind);

/** Runs every step, then reports the failures together (so one never skips another). */
async function allOf(steps: Promise<void>[]): Promise<void> {
  const failures = (await Promise.allSettled(steps)).filter((result) => result.status === 'rejected');
  if (failures.length > 0)
    throw new AggregateError(
      failures.map((failure) => failure.reason),
      'admin bookkeeping failed',
    );
}

/**
 * What keeps the counters, person index, to-do and notifications current for one kind,
 * whatever code path writes it (docs/decisions/0025-person-search-index-and-write-time-stats.md,
 * 0026-store-answer-follow-up.md): a new record's part is its follow-up
 * event (the insert plan), done after the response; an edit or a deletion (the owner's,
 * rare) does its part in the request.
 */
export function leadHooks<Rec extends RecordMeta>(
  definition: Omit<LeadKindDefinition<z.ZodObject, Rec>, 'store' | 'schema'>,
): CollectionHooks<Rec> {
  const { todo, adjustTodo = async (entry: TodoEntry | null) => entry } = definition;
  const todoKind = todo && isTodoKind(definition.type) ? definition.type : null;
  // Every edit makes the to-do say what the lead says now (also mending a key left behind).
  const syncedTodo = (id: string, reload: () => Promise<Rec | null>): Promise<void>[] => {
    if (!todo || !todoKind) return [];
    return [
      syncTodo(todoKind, id, async () => {
        const current = await reload();
        return current ? adjustTodo(todo(current)) : null;
      }),
    ];
  };
  return {
    insert: followUpInsert<Rec>((record) => ({
      counts: createdDelta(definition, record),
      person: { type: definition.type, id: record.id, person: definition.person(record) },
      lead: definition.announce ? definition.announce(record) : null,
      todo: todo ? todo(record) : null,
    })),
    afterUpdate: (before, after, reload) =>
      allOf([
        ...syncedTodo(after.id, reload),
        addToCounts(oneOffChangeId(`edit.${after.id}`), updatedDelta(definition, before, after)),
        reindexPerson(definition.type, after.id, definition.person(before), definition.person(after), async () => {
          const current = await reload();
          return current ? definition.person(current) : null;
        }),
      ]),
    afterRemove: (record) =>
      allOf([
        addToCounts(`remove.${record.id}`, removedDelta(definition, record)),
        unindexPerson(definition.type, record.id, definition.person(record)),
        ...syncedTodo(record.id, async () => null),
      ]),
    count: async () => Math.max(0, (await readCounts())[definition.counter]),
  };
}

/** The collection of one kind of lead, with its bookkeeping. */
export function defineLeadCollection<S extends z.ZodObject>(definition: LeadKindDefinition<S>) {
  return defineCollection(definition.store, definition.schema, { hooks: leadHooks(definition) });
}
