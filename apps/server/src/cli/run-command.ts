import { DataDirInUseError } from '../db/embedded-postgres.ts';

/** Runs a program's body; a failure is printed for a person (not a stack for a known cause) and exits 1. */
export async function runCommand(body: () => Promise<void>): Promise<void> {
  try {
    await body();
  } catch (error) {
    const known =
      error instanceof DataDirInUseError || (error instanceof Error && error.message.startsWith('Invalid environment'));
    console.error(known ? `\n${(error as Error).message}\n` : error);
    // Open handles (a half-started pool, the embedded PostgreSQL's watcher) must not keep it alive.
    process.exit(1);
  }
}
