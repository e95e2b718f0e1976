import type { ApiKeySummary } from '@leadbell/shared/api-keys';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table.tsx';
import { copyText } from '../../../lib/clipboard.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { getApiKeySecret } from '../api/get-api-key-secret.ts';

export function ApiKeysTable({ keys }: { keys: ApiKeySummary[] }) {
  const [copiedId, setCopiedId] = useState<string | null>(null);
  const [pendingId, setPendingId] = useState<string | null>(null);
  const [copyFailed, setCopyFailed] = useState(false);

  async function copy(keyId: string) {
    setPendingId(keyId);
    setCopyFailed(false);
    try {
      const { API_Key } = await getApiKeySecret(keyId);
      await copyText(API_Key);
      setCopiedId(keyId);
    } catch {
      setCopiedId(null);
      setCopyFailed(true);
    } finally {
      setPendingId(null);
    }
  }

  return (
    <div className="grid gap-3">
      {copyFailed ? <Alert tone="error">Something went wrong, please try again.</Alert> : null}
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Label</TableHead>
            <TableHead>Key</TableHead>
            <TableHead>Created</TableHead>
            <TableHead>Last used</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {keys.map((key, index) => {
            const label = key.label ?? `Key ${index + 1}`;
            return (
              <TableRow key={key.id}>
                <TableCell label="Label" className="font-medium text-slate-900">
                  {label}
                </TableCell>
                <TableCell label="Key">
                  <span className="flex flex-wrap items-center gap-2">
                    <code className="font-mono text-xs break-all text-slate-700">{key.maskedKey}</code>
                    <CopyButton
                      subject={`API key ${label}`}
                      isCopied={copiedId === key.id}
                      isPending={pendingId === key.id}
                      onCopy={() => void copy(key.id)}
                    />
                  </span>
                </TableCell>
                <TableCell label="Created" className="whitespace-nowrap tabular-nums">
                  <time dateTime={key.createdAt}>{formatDateTime(key.createdAt)}</time>
                </TableCell>
                <TableCell label="Last used" className="whitespace-nowrap tabular-nums">
                  {key.lastUsedAt ? (
                    <time dateTime={key.lastUsedAt}>{formatDateTime(key.lastUsedAt)}</time>
                  ) : (
                    <span className="text-slate-400">Never</span>
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </div>
  );
}
