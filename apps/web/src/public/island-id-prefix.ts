/** Prefix for an island's `useId`s, the same when pre-rendering and hydrating, so the ids match. */
export function islandIdPrefix(name: string): string {
  return `${name}-`;
}
