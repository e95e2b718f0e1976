import type { LucideIcon } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '../../lib/cn.ts';
import { Button } from './button.tsx';

/*
 * Below the md breakpoint rows turn into stacked cards, each cell labelled by its column through
 * `data-label`. Explicit ARIA roles keep the table semantics, which browsers may drop when a
 * table element's `display` changes.
 */

export function Table({ className, ...props }: ComponentProps<'table'>) {
  return (
    <div className="md:overflow-x-auto md:rounded-xl md:border md:border-slate-200 md:bg-white md:shadow-sm">
      <table role="table" className={cn('block w-full text-left text-sm md:table', className)} {...props} />
    </div>
  );
}

export function TableHeader({ className, ...props }: ComponentProps<'thead'>) {
  return <thead role="rowgroup" className={cn('max-md:sr-only md:bg-slate-50', className)} {...props} />;
}

export function TableBody({ className, ...props }: ComponentProps<'tbody'>) {
  return <tbody role="rowgroup" className={cn('grid gap-3 md:table-row-group', className)} {...props} />;
}

export function TableRow({ className, ...props }: ComponentProps<'tr'>) {
  return (
    <tr
      role="row"
      className={cn(
        'grid gap-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm md:table-row md:rounded-none md:border-0 md:border-b md:p-0 md:shadow-none md:last:border-b-0 md:hover:bg-slate-50/60',
        className,
      )}
      {...props}
    />
  );
}

type NumericProps = {
  /** A column of figures: right-aligned beside the others, digits of one width. */
  isNumeric?: boolean;
};

export function TableHead({ className, isNumeric = false, ...props }: ComponentProps<'th'> & NumericProps) {
  return (
    <th
      role="columnheader"
      scope="col"
      className={cn(
        'border-b border-slate-200 px-4 py-3 text-xs font-semibold tracking-wide whitespace-nowrap text-slate-500 uppercase',
        isNumeric && 'text-right',
        className,
      )}
      {...props}
    />
  );
}

type TableColumn = string | (NumericProps & { label: string; className?: string });

type DataTableProps = Omit<ComponentProps<'table'>, 'children'> & {
  columns: TableColumn[];
  /** A last column of row actions (TableActionsCell). */
  hasActions?: boolean;
  /** The rows (TableRow). */
  children: ReactNode;
};

/** A table whose header is one row of column names. */
export function DataTable({ columns, hasActions = false, children, ...props }: DataTableProps) {
  return (
    <Table {...props}>
      <TableHeader>
        <TableRow>
          {columns.map((column) => {
            const { label, ...head } = typeof column === 'string' ? { label: column } : column;
            return (
              <TableHead key={label} {...head}>
                {label}
              </TableHead>
            );
          })}
          {hasActions ? <TableHead className="text-right">Action</TableHead> : null}
        </TableRow>
      </TableHeader>
      <TableBody>{children}</TableBody>
    </Table>
  );
}

type TableCellProps = ComponentProps<'td'> &
  NumericProps & {
    /** The column name, shown before the value when rows are stacked on phones. */
    label: string;
  };

export function TableCell({ className, label, isNumeric = false, ...props }: TableCellProps) {
  return (
    <td
      role="cell"
      data-label={label}
      className={cn(
        'grid grid-cols-[6.5rem_minmax(0,1fr)] items-start gap-3 text-slate-700 before:text-xs before:font-semibold before:tracking-wide before:text-slate-500 before:uppercase before:content-[attr(data-label)] md:table-cell md:px-4 md:py-3 md:align-top md:before:content-none',
        isNumeric && 'tabular-nums md:text-right',
        className,
      )}
      {...props}
    />
  );
}

/**
 * The row's buttons. On phones they get a full-width row at the foot of the card, without a
 * label column squeezing them onto one line each.
 */
export function TableActionsCell({
  className,
  children,
  isStacked = false,
  ...props
}: Omit<TableCellProps, 'label'> & {
  /** Two buttons a line on wider screens too, for rows with more actions than fit in one line. */
  isStacked?: boolean;
}) {
  return (
    <TableCell
      label="Action"
      className={cn(
        'max-md:block max-md:border-t max-md:border-slate-100 max-md:pt-3 max-md:before:content-none md:text-right',
        className,
      )}
      {...props}
    >
      <span
        className={cn(
          'flex flex-wrap gap-2 md:justify-end',
          isStacked ? 'md:grid md:grid-cols-[repeat(2,max-content)]' : 'md:flex-nowrap',
        )}
      >
        {children}
      </span>
    </TableCell>
  );
}

type TableActionButtonProps = Omit<ComponentProps<typeof Button>, 'variant' | 'size' | 'asChild'> & {
  icon: LucideIcon;
  /** Removes or revokes the row's thing: red, apart from the row's other actions. */
  isDestructive?: boolean;
};

/** One of a row's actions (in TableActionsCell): a small outlined button, its icon before its label. */
export function TableActionButton({
  icon: Icon,
  isDestructive = false,
  className,
  children,
  ...props
}: TableActionButtonProps) {
  return (
    <Button
      variant="secondary"
      size="sm"
      className={cn(isDestructive && 'text-red-700 hover:bg-red-50 hover:text-red-800', className)}
      {...props}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {children}
    </Button>
  );
}

/** A row's action that opens another page, looking like TableActionButton. */
export function TableActionLink({
  icon: Icon,
  children,
  ...props
}: ComponentProps<typeof Link> & { icon: LucideIcon }) {
  return (
    <Button asChild variant="secondary" size="sm">
      <Link {...props}>
        <Icon aria-hidden="true" className="size-3.5" />
        {children}
      </Link>
    </Button>
  );
}
