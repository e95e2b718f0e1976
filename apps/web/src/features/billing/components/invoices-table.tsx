import type { Invoice } from '@leadbell/shared/subscriptions';
import { FileText } from 'lucide-react';
import { Badge } from '../../../components/ui/badge.tsx';
import { EmptyState } from '../../../components/ui/state.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table.tsx';
import { formatDate } from '../../../lib/format-date.ts';

function formatAmount(invoice: Invoice): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: invoice.currency.toUpperCase() }).format(
    invoice.amountDue / 100,
  );
}

const STATUS_TONES: Record<string, 'success' | 'warning' | 'neutral'> = {
  paid: 'success',
  open: 'warning',
  uncollectible: 'warning',
};

/** Invoices as Stripe lists them: number, date, amount, status and the PDF. */
export function InvoicesTable({ invoices }: { invoices: Invoice[] }) {
  if (invoices.length === 0)
    return (
      <EmptyState icon={<FileText />} title="No invoices yet">
        Invoices appear here once a paid plan is billed.
      </EmptyState>
    );
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Number</TableHead>
          <TableHead>Date</TableHead>
          <TableHead>Amount</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>
            <span className="sr-only">PDF</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {invoices.map((invoice) => (
          <TableRow key={invoice.id}>
            <TableCell label="Number" className="font-medium text-slate-900">
              {invoice.number ?? '—'}
            </TableCell>
            <TableCell label="Date">{formatDate(invoice.date)}</TableCell>
            <TableCell label="Amount" className="tabular-nums">
              {formatAmount(invoice)}
            </TableCell>
            <TableCell label="Status">
              {invoice.status ? (
                <Badge tone={STATUS_TONES[invoice.status] ?? 'neutral'}>
                  {invoice.status.charAt(0).toUpperCase() + invoice.status.slice(1)}
                </Badge>
              ) : (
                '—'
              )}
            </TableCell>
            <TableCell label="PDF">
              {invoice.pdfUrl ? (
                <a
                  href={invoice.pdfUrl}
                  className="font-semibold text-brand-700 underline-offset-4 hover:underline"
                  rel="noreferrer"
                  target="_blank"
                >
                  Download PDF<span className="sr-only"> of invoice {invoice.number ?? invoice.id}</span>
                </a>
              ) : null}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
