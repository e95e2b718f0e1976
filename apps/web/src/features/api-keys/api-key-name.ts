import type { ApiKeySummary } from '@leadbell/shared/api-keys';

/** The name a key is shown under: its label, or its place in the list when it has none. */
export function apiKeyName(key: Pick<ApiKeySummary, 'label'>, index: number): string {
  return key.label ?? `Key ${index + 1}`;
}
