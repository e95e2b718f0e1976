-- Decision 041: past the plan's limit every source's lead is held (stored, not delivered) and none
-- is refused, so a batch item no longer says whether it may be held, nor up to how many.
-- db/functions/accept-notifications.sql creates the functions that read the type again.
ALTER TYPE leadbell_batch_item DROP ATTRIBUTE hold_over_limit, DROP ATTRIBUTE held_limit;
