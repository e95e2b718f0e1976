type Leaf = { path: string[]; value: string | number | boolean };

/** Every value of a JSON body with its path; arrays of plain values become one value joined with ", ". */
function leavesOf(value: unknown, path: string[], leaves: Leaf[]): void {
  if (value === null || value === undefined) return;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    leaves.push({ path, value });
    return;
  }
  if (Array.isArray(value)) {
    const isPlain = value.every((entry) => entry === null || typeof entry !== 'object');
    if (isPlain) {
      const joined = value.filter((entry) => entry !== null && entry !== undefined).join(', ');
      if (joined) leaves.push({ path, value: joined });
      return;
    }
    value.forEach((entry, index) => leavesOf(entry, [...path, String(index)], leaves));
    return;
  }
  if (typeof value === 'object') {
    for (const [key, entry] of Object.entries(value)) leavesOf(entry, [...path, key], leaves);
  }
}

/** The name a leaf is shown by: its own key, or for an array entry its parent's key and position. */
function shortNameOf(path: string[]): string {
  const last = path.at(-1) ?? 'value';
  if (!/^\d+$/.test(last)) return last;
  return `${path.at(-2) ?? 'item'} ${Number(last) + 1}`;
}

/**
 * Turns whatever a service posts to a webhook address into flat data fields (decision 021):
 * services nest the visitor's fields (Webflow: `payload.data["First Name"]`), so each value is
 * named by its own key, and by its dotted path only where two values share a key. Nothing is
 * dropped but empty values.
 */
export function flattenHookBody(body: unknown): Array<[string, string | number | boolean]> {
  const leaves: Leaf[] = [];
  leavesOf(body, [], leaves);
  const counts = new Map<string, number>();
  for (const leaf of leaves) counts.set(shortNameOf(leaf.path), (counts.get(shortNameOf(leaf.path)) ?? 0) + 1);
  return leaves.map((leaf) => {
    const short = shortNameOf(leaf.path);
    return [counts.get(short) === 1 ? short : leaf.path.join('.') || 'value', leaf.value];
  });
}
