-- Issue 23: a batch's items are parsed by one jsonb_populate_recordset, which fills only the fields
-- the caller sent; the entity's advisory lock key is computed where the lock is taken.
-- db/functions/accept-notifications.sql creates the functions that read the type again.
ALTER TYPE leadbell_batch_item DROP ATTRIBUTE entity_lock;
