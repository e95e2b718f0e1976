export type FrontMatter = { data: Record<string, string>; body: string };

const FENCE = '---';

function unquote(value: string): string {
  const quote = value[0];
  if ((quote === '"' || quote === "'") && value.length >= 2 && value.endsWith(quote)) return value.slice(1, -1);
  return value;
}

/**
 * Splits a Markdown file into its front matter and body. The front matter is the flat subset of
 * YAML the content needs (`key: value`, values optionally quoted); anything else is an error, so
 * a typo fails the build instead of publishing a page without a title.
 */
export function parseFrontMatter(source: string, fileName = 'document'): FrontMatter {
  const lines = source.replace(/^\uFEFF/, '').split(/\r?\n/);
  if (lines[0]?.trim() !== FENCE) throw new Error(`${fileName}: front matter must open with "${FENCE}" on line 1`);
  const end = lines.indexOf(FENCE, 1);
  if (end === -1) throw new Error(`${fileName}: front matter is not closed with "${FENCE}"`);

  const data: Record<string, string> = {};
  for (let index = 1; index < end; index += 1) {
    const line = lines[index]!.trim();
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([A-Za-z][\w-]*):\s*(.*)$/.exec(line);
    if (!match) throw new Error(`${fileName}: line ${index + 1} is not "key: value": ${line}`);
    const [, key, rawValue] = match as unknown as [string, string, string];
    if (key in data) throw new Error(`${fileName}: "${key}" is set twice`);
    data[key] = unquote(rawValue.trim());
  }
  return { data, body: lines.slice(end + 1).join('\n') };
}
