import { getAuthTables } from 'better-auth/db';
import { getTableColumns, getTableName } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { AUTH_SCHEMA, authOptionsOf } from '../auth/auth.ts';

// The same options createAuth builds; the database handle and mailer are never used to list tables.
const options = authOptionsOf({
  db: drizzle.mock(),
  secret: 'a-secret-long-enough-for-better-auth-options',
  publicUrl: 'http://localhost:3000',
  trustedOrigins: ['http://localhost:3000'],
  mailer: { send: async () => {}, close: () => {} },
  log: pino({ level: 'silent' }),
});
const expectedTables = Object.values(getAuthTables(options));

// better-auth's field types and the Drizzle data types that hold them.
const DATA_TYPE_BY_FIELD_TYPE: Record<string, string[]> = {
  string: ['string'],
  boolean: ['boolean'],
  date: ['date'],
  number: ['number', 'bigint'],
};

function tableOf(modelName: string): PgTable {
  const table = (AUTH_SCHEMA as Record<string, PgTable>)[modelName];
  if (!table) throw new Error(`No Drizzle table for better-auth's "${modelName}" model`);
  return table;
}

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app?.close());

describe('auth tables', () => {
  it('better-auth expects the five tables our schema maps', () => {
    expect(expectedTables.map((table) => table.modelName).sort()).toEqual(Object.keys(AUTH_SCHEMA).sort());
    // The options include our additional user fields, so the check below covers them too.
    expect(Object.keys(getAuthTables(options).user!.fields)).toEqual(expect.arrayContaining(['role', 'entityId']));
  });

  it.each(expectedTables.map((table) => [table.modelName, table] as const))(
    '%s: every field better-auth expects is a Drizzle column of a matching type and nullability',
    (modelName, expected) => {
      const columns = getTableColumns(tableOf(modelName)) as Record<string, PgColumn>;
      expect(columns.id, `${modelName}.id`).toBeDefined();
      expect(columns.id!.primary, `${modelName}.id is the primary key`).toBe(true);
      for (const [key, field] of Object.entries(expected.fields)) {
        const name = field.fieldName ?? key;
        const column = columns[name];
        expect(column, `${modelName}.${name} exists`).toBeDefined();
        const fieldType = Array.isArray(field.type) ? 'string' : String(field.type);
        expect(DATA_TYPE_BY_FIELD_TYPE[fieldType], `${modelName}.${name} type ${fieldType}`).toContain(
          column!.dataType,
        );
        if (field.required !== false && field.defaultValue === undefined)
          expect(column!.notNull, `${modelName}.${name} is required`).toBe(true);
        if (field.required === false && column!.notNull)
          expect(column!.hasDefault, `${modelName}.${name} is optional, so needs a default`).toBe(true);
        if (field.unique) expect(column!.isUnique, `${modelName}.${name} is unique`).toBe(true);
      }
    },
  );

  it.each(expectedTables.map((table) => [table.modelName, table] as const))(
    '%s: every required column without a default is one better-auth writes',
    (modelName, expected) => {
      const written = new Set(['id', ...Object.entries(expected.fields).map(([key, field]) => field.fieldName ?? key)]);
      const columns = Object.entries(getTableColumns(tableOf(modelName)) as Record<string, PgColumn>);
      const mustBeWritten = columns.filter(([, column]) => column.notNull && !column.hasDefault).map(([name]) => name);
      expect(mustBeWritten.filter((name) => !written.has(name))).toEqual([]);
    },
  );

  it.each(expectedTables.map((table) => [table.modelName, table] as const))(
    '%s: the migrated database has the table with every column',
    async (modelName) => {
      const table = tableOf(modelName);
      const { rows } = await app.pool.query<{ column_name: string; is_nullable: 'YES' | 'NO' }>(
        `select column_name, is_nullable from information_schema.columns where table_schema = 'public' and table_name = $1`,
        [getTableName(table)],
      );
      const inDatabase = new Map(rows.map((row) => [row.column_name, row.is_nullable === 'NO']));
      for (const column of Object.values(getTableColumns(table)) as PgColumn[]) {
        expect(inDatabase.has(column.name), `${getTableName(table)}.${column.name} exists`).toBe(true);
        expect(inDatabase.get(column.name), `${getTableName(table)}.${column.name} not null`).toBe(column.notNull);
      }
    },
  );
});
