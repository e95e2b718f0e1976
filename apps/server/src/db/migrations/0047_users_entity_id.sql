-- A lead rings its business's members: the fan-out (33-fan-out.sql) finds them by their business,
-- which read every user of the installation for every lead without this index (issue 45).
CREATE INDEX "users_entity_id_idx" ON "users" USING btree ("entity_id");
