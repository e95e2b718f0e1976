import { SourceMap } from 'node:module';
import { describe, expect, it } from 'vitest';
import { isOwnSource, trimMappings } from './trim-source-maps.ts';

// A bundle of two generated lines: our code, a package's, ours again on the first; the package's
// on the second, then ours. Segments: [column, source, line, column(, name)], each relative.
const BUNDLE = {
  version: 3,
  file: 'app.js',
  sourceRoot: '',
  sourcesContent: [],
  sources: ['../src/app.ts', '../../../node_modules/undici/lib/client.js'],
  names: ['send'],
  // Line 0: col 0 → app.ts 0:0; col 10 → client.js 5:0; col 20 → app.ts 1:2 (name send).
  // Line 1: col 0 → client.js 11:0; col 4 → app.ts 3:1.
  mappings: 'AAAA,UCKA,UDJEA;ACUF,IDRC',
};

/** What Node makes of a position: the frame it would print, as `--enable-source-maps` looks it up. */
function originalOf(map: typeof BUNDLE, line: number, column: number) {
  const { originalSource, originalLine, originalColumn } = new SourceMap(map).findEntry(line, column) as {
    originalSource?: string;
    originalLine?: number;
    originalColumn?: number;
  };
  return originalSource ? `${originalSource.split('/').at(-1)}:${originalLine}:${originalColumn}` : null;
}

describe('trimMappings', () => {
  it('keeps every mapping when every source is kept', () => {
    expect(trimMappings(BUNDLE, () => true)).toBe(BUNDLE.mappings);
  });

  it('maps our code as before, and a package’s code to nothing rather than to our line before it', () => {
    const trimmed = { ...BUNDLE, mappings: trimMappings(BUNDLE, isOwnSource) };
    expect(originalOf(BUNDLE, 0, 12)).toBe('client.js:5:0');
    const positions = [
      [0, 3],
      [0, 12],
      [0, 25],
      [1, 2],
      [1, 6],
    ] as const;
    expect(positions.map(([line, column]) => originalOf(trimmed, line, column))).toEqual([
      'app.ts:0:0',
      null,
      'app.ts:1:2',
      null,
      'app.ts:3:1',
    ]);
    // Names survive: the segment after a dropped one is re-encoded against the one kept before it.
    expect(new SourceMap(trimmed).findEntry(0, 25)).toMatchObject({ name: 'send' });
  });

  it('tells our sources from the packages’', () => {
    expect(isOwnSource('../src/features/sms/send-tracked-texts.ts')).toBe(true);
    expect(isOwnSource('../../../node_modules/undici/lib/dispatcher/client.js')).toBe(false);
    expect(isOwnSource('../../../packages/shared/src/sms.ts')).toBe(true);
  });
});
