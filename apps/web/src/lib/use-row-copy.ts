import { useState } from 'react';
import { copyText } from './clipboard.ts';

/**
 * Copy buttons in a table (spec section 3): "Copied" shows on the last copied row only, a failure
 * is reported once for the table, and the row whose text is still being fetched is pending.
 */
export function useRowCopy() {
  const [copiedId, setCopiedId] = useState<string | null>(null);
  const [pendingId, setPendingId] = useState<string | null>(null);
  const [copyFailed, setCopyFailed] = useState(false);

  async function copy(rowId: string, readText: () => string | Promise<string>) {
    setPendingId(rowId);
    setCopyFailed(false);
    try {
      await copyText(await readText());
      setCopiedId(rowId);
    } catch {
      setCopiedId(null);
      setCopyFailed(true);
    } finally {
      setPendingId(null);
    }
  }

  return { copiedId, pendingId, copyFailed, copy };
}
