import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

type ValueOf<Column extends AnyPgColumn> = Column['_']['notNull'] extends true
  ? Column['_']['data']
  : Column['_']['data'] | null;

/**
 * One column of `row`, a table's row as one value (as a stored function returns it), named and
 * decoded as the column is: the table's schema stays the one list of its columns' names and types.
 */
export function fieldOfRow<Column extends AnyPgColumn>(row: SQL, column: Column): SQL<ValueOf<Column>> {
  return sql`(${row}).${sql.identifier(column.name)}`.mapWith(column);
}

/** fieldOfRow for each of `columns`, under the same keys. */
export function fieldsOfRow<Columns extends Record<string, AnyPgColumn>>(row: SQL, columns: Columns) {
  return Object.fromEntries(Object.entries(columns).map(([key, column]) => [key, fieldOfRow(row, column)])) as {
    [Key in keyof Columns]: SQL<ValueOf<Columns[Key]>>;
  };
}
