import type { ApiKeySummary } from '@leadbell/shared/api-keys';
import { Ban, Globe } from 'lucide-react';
import { Alert } from '../../../components/ui/alert.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { DataTable, TableActionButton, TableActionsCell, TableCell, TableRow } from '../../../components/ui/table.tsx';
import { useRowCopy } from '../../../lib/use-row-copy.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { getApiKeySecret } from '../api/get-api-key-secret.ts';
import { displayOrigin } from '../allowed-origins.ts';
import { apiKeyName } from '../api-key-name.ts';
import { RelativeTime } from '../../../components/ui/relative-time.tsx';

type ApiKeysTableProps = {
  keys: ApiKeySummary[];
  onRevoke: (key: ApiKeySummary, name: string) => void;
  onEditOrigins: (key: ApiKeySummary, name: string) => void;
};

export function ApiKeysTable({ keys, onRevoke, onEditOrigins }: ApiKeysTableProps) {
  const { copiedId, pendingId, copyFailed, copy } = useRowCopy();

  return (
    <div className="grid gap-3">
      {copyFailed ? <Alert tone="error">Something went wrong, please try again.</Alert> : null}
      <DataTable columns={['Label', 'Key', 'Allowed websites', 'Created', 'Last used']} hasActions>
        {keys.map((key, index) => {
          const name = apiKeyName(key, index);
          return (
            <TableRow key={key.id}>
              <TableCell label="Label" className="font-medium break-words text-slate-900">
                {name}
              </TableCell>
              <TableCell label="Key">
                <span className="flex flex-wrap items-center gap-2">
                  <code className="font-mono text-xs break-all text-slate-700">{key.maskedKey}</code>
                  <CopyButton
                    subject={`API key ${name}`}
                    isCopied={copiedId === key.id}
                    isPending={pendingId === key.id}
                    onCopy={() => void copy(key.id, async () => (await getApiKeySecret(key.id)).API_Key)}
                  />
                </span>
              </TableCell>
              <TableCell label="Allowed websites">
                {key.allowedOrigins.length === 0 ? (
                  <span className="text-slate-500">Any website</span>
                ) : (
                  <ul className="grid gap-0.5">
                    {key.allowedOrigins.map((origin) => (
                      <li key={origin} title={origin} className="break-all text-slate-700">
                        {displayOrigin(origin)}
                      </li>
                    ))}
                  </ul>
                )}
              </TableCell>
              <TableCell label="Created" className="whitespace-nowrap tabular-nums">
                <time dateTime={key.createdAt}>{formatDateTime(key.createdAt)}</time>
              </TableCell>
              <TableCell label="Last used" className="whitespace-nowrap">
                {key.lastUsedAt ? <RelativeTime at={key.lastUsedAt} /> : <span className="text-slate-400">Never</span>}
              </TableCell>
              <TableActionsCell>
                <TableActionButton
                  icon={Globe}
                  onClick={() => onEditOrigins(key, name)}
                  aria-label={`Edit allowed websites of ${name}`}
                >
                  Websites
                </TableActionButton>
                <TableActionButton
                  icon={Ban}
                  isDestructive
                  onClick={() => onRevoke(key, name)}
                  aria-label={`Revoke ${name}`}
                >
                  Revoke
                </TableActionButton>
              </TableActionsCell>
            </TableRow>
          );
        })}
      </DataTable>
    </div>
  );
}
