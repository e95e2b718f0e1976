/**
 * Shows the first `keep` and last `keep` characters with `stars` asterisks between.
 * Values too short to hide anything are fully starred rather than revealed.
 */
export function maskMiddle(value: string, keep: number, stars: number): string {
  if (value.length <= keep * 2) return '*'.repeat(Math.max(value.length, stars));
  return `${value.slice(0, keep)}${'*'.repeat(stars)}${value.slice(-keep)}`;
}

/** Flow IDs keep 3 leading and 3 trailing characters with 5 stars between (spec section 3). */
export function maskFlowId(flowId: string): string {
  return maskMiddle(flowId, 3, 5);
}

/** API keys keep 4 leading and 4 trailing characters with stars between (spec section 3). */
export function maskApiKey(key: string): string {
  return maskMiddle(key, 4, 8);
}
