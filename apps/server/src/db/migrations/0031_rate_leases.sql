-- Issue 23, decision 059: an item charged from its process's lease of its key's tokens says so,
-- with the tokens its key has left as that process sees them; the batch then neither writes nor
-- waits on the key's bucket. Null: charged from the bucket in the batch's statement, as before.
-- db/functions/accept-notifications.sql creates the functions that read the type again.
ALTER TYPE leadbell_batch_item ADD ATTRIBUTE rate_tokens double precision;
