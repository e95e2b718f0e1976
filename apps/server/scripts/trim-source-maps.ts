// A bundle's source map keeps the mappings into our own sources and drops those into bundled
// packages (decision 098). Node parses a bundle's whole map, synchronously, the first time an
// error's stack has a frame in that bundle (`--enable-source-maps`; and Node reads `err.stack`
// whenever a stream is destroyed with an error). Node_modules were 87 % of the app chunk's
// 624,000 mappings, and the parse stalled every request and ring for 0.4 s on Node 20 and several
// seconds on Node 24, at the first such error after a start: the first push connection a push
// service closed, say. A package's frame then shows its place in the bundle, as without a map.

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT_OF = new Map([...BASE64].map((character, digit) => [character, digit]));

/** One segment's fields, each a Base64 VLQ (sourcemaps spec): 1, 4 or 5 numbers. */
function decodeSegment(segment: string): number[] {
  const fields: number[] = [];
  let value = 0;
  let shift = 0;
  for (const character of segment) {
    const digit = DIGIT_OF.get(character);
    if (digit === undefined) throw new Error(`Not a source map segment: ${segment}`);
    value += (digit & 31) * 2 ** shift;
    shift += 5;
    if ((digit & 32) === 0) {
      fields.push(value % 2 === 1 ? -(value - 1) / 2 : value / 2);
      value = 0;
      shift = 0;
    }
  }
  return fields;
}

function encodeSegment(fields: number[]): string {
  let text = '';
  for (const field of fields) {
    let value = field < 0 ? -field * 2 + 1 : field * 2;
    do {
      const digit = value % 32;
      value = Math.floor(value / 32);
      text += BASE64[value > 0 ? digit + 32 : digit];
    } while (value > 0);
  }
  return text;
}

/**
 * The map's `mappings` with only the segments whose source `isKept` accepts. Where a kept region
 * ends (a dropped segment after a kept one), a segment of the generated column alone marks the
 * code after it as unmapped: Node takes the nearest mapping before a position, across lines, and
 * would otherwise give a package's frame the last line of ours before it.
 */
export function trimMappings(map: { sources: string[]; mappings: string }, isKept: (source: string) => boolean) {
  // Absolute values: a segment's fields are relative to the segment before it, the column within
  // its line and the others across the whole map.
  let source = 0;
  let line = 0;
  let column = 0;
  let name = 0;
  // The same, for the segments written.
  const written = { source: 0, line: 0, column: 0, name: 0 };
  let isInKeptRegion = false;
  const lines = map.mappings.split(';').map((generatedLine) => {
    let generatedColumn = 0;
    let writtenColumn = 0;
    const kept: string[] = [];
    for (const segment of generatedLine ? generatedLine.split(',') : []) {
      const fields = decodeSegment(segment);
      generatedColumn += fields[0]!;
      const hasSource = fields.length >= 4;
      if (hasSource) {
        source += fields[1]!;
        line += fields[2]!;
        column += fields[3]!;
        if (fields.length === 5) name += fields[4]!;
      }
      const isKeptSegment = hasSource && isKept(map.sources[source]!);
      if (isKeptSegment) {
        const out = [
          generatedColumn - writtenColumn,
          source - written.source,
          line - written.line,
          column - written.column,
        ];
        if (fields.length === 5) out.push(name - written.name);
        Object.assign(written, { source, line, column, ...(fields.length === 5 && { name }) });
        kept.push(encodeSegment(out));
      } else if (isInKeptRegion) {
        kept.push(encodeSegment([generatedColumn - writtenColumn]));
      } else continue;
      writtenColumn = generatedColumn;
      isInKeptRegion = isKeptSegment;
    }
    return kept.join(',');
  });
  return lines.join(';');
}

/** Whether a map's source is ours: anything outside a node_modules folder. */
export function isOwnSource(source: string): boolean {
  return !source.split('/').includes('node_modules');
}
