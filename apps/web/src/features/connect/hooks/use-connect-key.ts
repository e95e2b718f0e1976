import type { ApiKeySummary } from '@leadbell/shared/api-keys';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { getApiKeySecret } from '../../api-keys/api/get-api-key-secret.ts';

/** Shown in the snippets while the entity has no key yet. */
export const KEY_PLACEHOLDER = 'YOUR_API_KEY';

export type ConnectKey = {
  /** The key the snippets use: the one chosen, else the first. */
  key: ApiKeySummary | null;
  select: (keyId: string) => void;
  /** What the snippets show: the key once revealed, its masked form until then. */
  shownKey: string;
  isRevealed: boolean;
  reveal: () => void;
  isRevealing: boolean;
  revealError: unknown;
  /** The full key, fetched on demand (for Copy and the test lead) without showing it. */
  secret: () => Promise<string>;
};

/** The API key filled into the Connect page's snippets; the full key is fetched only when needed. */
export function useConnectKey(keys: ApiKeySummary[]): ConnectKey {
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [revealed, setRevealed] = useState<Record<string, string>>({});
  const key = keys.find((candidate) => candidate.id === selectedId) ?? keys[0] ?? null;
  const reveal = useMutation({
    mutationFn: (keyId: string) => getApiKeySecret(keyId),
    onSuccess: (secret, keyId) => setRevealed((current) => ({ ...current, [keyId]: secret.API_Key })),
  });
  const revealedKey = key ? revealed[key.id] : undefined;

  return {
    key,
    select: setSelectedId,
    shownKey: revealedKey ?? key?.maskedKey ?? KEY_PLACEHOLDER,
    isRevealed: revealedKey !== undefined,
    reveal: () => (key ? reveal.mutate(key.id) : undefined),
    isRevealing: reveal.isPending,
    revealError: reveal.error,
    secret: async () => {
      if (!key) return KEY_PLACEHOLDER;
      return revealed[key.id] ?? (await getApiKeySecret(key.id)).API_Key;
    },
  };
}
