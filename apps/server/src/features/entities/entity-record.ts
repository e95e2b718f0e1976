import type { Entity } from '@leadbell/shared/entities';
import type { entities } from '../../db/schema/entities.ts';

export function toEntity(row: typeof entities.$inferSelect): Entity {
  return { id: row.id, name: row.name, plan: row.plan, createdAt: row.createdAt.toISOString() };
}
