import { describe, expect, it } from 'vitest';
import { storedFunctionsDatabase } from '../../../test/stored-function-fixtures.ts';

// 33-fan-out.sql's leadbell_is_quiet_at, called directly: the one copy of the quiet-hours rule,
// which the turn order and every send read (decision 079).

const database = storedFunctionsDatabase();

async function isQuietAt(quiet: object | null, timeZone: string, at: string): Promise<boolean> {
  const { rows } = await database.db.query<{ quiet: boolean }>(
    'select leadbell_is_quiet_at($1::jsonb, $2, $3::timestamptz) as quiet',
    [quiet === null ? null : JSON.stringify(quiet), timeZone, at],
  );
  return rows[0]!.quiet;
}

describe('quiet hours', () => {
  it('cross midnight in the entity’s zone', async () => {
    const quiet = { start: '22:00', end: '07:00' };
    expect(await isQuietAt(quiet, 'America/New_York', '2026-11-24T04:00:00Z')).toBe(true); // 23:00 local
    expect(await isQuietAt(quiet, 'America/New_York', '2026-11-24T13:00:00Z')).toBe(false); // 08:00 local
    expect(await isQuietAt(quiet, 'America/New_York', '2026-11-24T11:59:59Z')).toBe(true); // 06:59:59 local
    expect(await isQuietAt(quiet, 'America/New_York', '2026-11-24T12:00:00Z')).toBe(false); // 07:00 local
  });

  it('within one day: from the start, up to the end; 24:00 is midnight', async () => {
    const lunch = { start: '12:00', end: '13:30' };
    expect(await isQuietAt(lunch, 'Europe/London', '2026-07-01T11:00:00Z')).toBe(true); // 12:00 BST
    expect(await isQuietAt(lunch, 'Europe/London', '2026-07-01T12:30:00Z')).toBe(false); // 13:30 BST
    expect(await isQuietAt(lunch, 'Europe/London', '2026-07-01T10:59:00Z')).toBe(false); // 11:59 BST
    const evening = { start: '20:00', end: '24:00' };
    expect(await isQuietAt(evening, 'UTC', '2026-07-01T23:59:00Z')).toBe(true);
    expect(await isQuietAt(evening, 'UTC', '2026-07-02T00:00:00Z')).toBe(false);
  });

  it('no quiet hours is never quiet', async () => {
    expect(await isQuietAt(null, 'UTC', '2026-11-24T04:00:00Z')).toBe(false);
  });
});
