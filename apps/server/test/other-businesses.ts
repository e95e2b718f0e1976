/**
 * One statement that adds `count` businesses besides a test's or a benchmark's own, as a shared
 * installation holds them: two members each, with their delivery preferences, and a flow. What a
 * lead costs must not grow with them (issue 45).
 */
export function otherBusinessesSql(count: number): string {
  return `
    WITH others AS (
      INSERT INTO entities (id, name) SELECT gen_random_uuid(), 'Other ' || g FROM generate_series(1, ${count}) g
      RETURNING id
    ), members AS (
      INSERT INTO users (id, name, email, entity_id)
      SELECT 'other-' || o.id || '-' || m, 'Member', 'other-' || o.id || '-' || m || '@example.com', o.id
        FROM others o CROSS JOIN generate_series(1, 2) m
      RETURNING id
    ), preferences AS (
      INSERT INTO delivery_preferences (user_id) SELECT id FROM members
    )
    INSERT INTO flows (entity_id, name, title, message) SELECT id, 'Contact', 'New lead', 'Hello' FROM others`;
}
