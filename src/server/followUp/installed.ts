// A piece a lower tier uses and the composition root (src/server/app/) provides: the
// follow-up pipeline, the outbox's channels. Installed once when an entry point imports the
// root; asked for before that, it throws an error that names the fix (docs/architecture.md,
// "Composition root").
export function installable<T>(what: string) {
  let installed: T | null = null;
  return {
    install(value: T): void {
      if (installed && installed !== value) throw new Error(`A second ${what} was installed.`);
      installed = value;
    },
    get(): T {
      if (!installed)
        throw new Error(`No ${what} is installed: the entry point must import src/server/app (docs/architecture.md).`);
      return installed;
    },
  };
}
