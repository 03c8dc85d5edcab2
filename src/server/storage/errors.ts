/** Storage could not be reached or answered with a server error: the API answers 503. */
export class StorageUnavailableError extends Error {
  constructor(cause: unknown) {
    super('Storage is unavailable right now. Please try again in a minute.', { cause });
    this.name = 'StorageUnavailableError';
  }
}

/** An update kept losing the race against other writers. */
export class StorageConflictError extends Error {
  constructor(collection: string, id: string) {
    super(`Could not update ${collection}/${id}: it kept changing underneath us.`);
    this.name = 'StorageConflictError';
  }
}

/** A key Blobs would refuse (too long): a defect of the code that built it, never retried. */
export class StorageKeyError extends Error {
  constructor(store: string, key: string, problem: string) {
    super(`Blobs key refused in ${store}: ${problem}: ${key.slice(0, 80)}…`);
    this.name = 'StorageKeyError';
  }
}
