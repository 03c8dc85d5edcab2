/** What every stored record carries besides its own fields: its id (newest-first key) and its dates. */
export interface RecordMeta {
  id: string;
  createdAt: string;
  updatedAt?: string | undefined;
}
