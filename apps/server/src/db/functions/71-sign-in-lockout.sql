-- The sign-in lockout (issue 47, decision 066), on sign_in_throttles: a row per account
-- ("account:<email>") and per client address ("ip:<address>"), each counting failures within a
-- window and locked until a time.

-- Reserves a failed sign-in against the account and the address before the password is checked,
-- so parallel tries cannot all be checked: the caller gives it back when the try turns out not to
-- be a failure. Refused, and nothing counted, while either is locked: `locked` says which
-- ('account' first, since a code from the owner's email gets past it) and `retry_after_seconds`
-- for how long; both null when reserved. The account locks from its p_free_tries-th failure in a
-- window, for p_base_lock_seconds doubling with each further failure up to p_max_lock_seconds;
-- the address for p_max_lock_seconds from its p_address_tries-th. Rows are created, then locked,
-- in key order.
CREATE OR REPLACE FUNCTION leadbell_reserve_sign_in(
  p_account text, p_address text, p_free_tries integer, p_base_lock_seconds integer, p_max_lock_seconds integer,
  p_address_tries integer, p_window_seconds integer,
  OUT locked text, OUT retry_after_seconds integer
)
LANGUAGE plpgsql AS $$
DECLARE
  v_row record;
BEGIN
  INSERT INTO sign_in_throttles (key, failures, window_started_at)
  SELECT key, 0, now() FROM unnest(ARRAY[p_account, p_address]) AS key ORDER BY key
  ON CONFLICT (key) DO NOTHING;

  FOR v_row IN
    SELECT key, locked_until FROM sign_in_throttles WHERE key IN (p_account, p_address) ORDER BY key FOR UPDATE
  LOOP
    IF v_row.locked_until > now() AND (locked IS NULL OR v_row.key = p_account) THEN
      locked := CASE WHEN v_row.key = p_account THEN 'account' ELSE 'address' END;
      retry_after_seconds := greatest(1, ceil(extract(epoch FROM v_row.locked_until - now())))::integer;
    END IF;
  END LOOP;
  IF locked IS NOT NULL THEN
    RETURN;
  END IF;

  UPDATE sign_in_throttles
     SET failures = CASE WHEN window_started_at <= now() - make_interval(secs => p_window_seconds)
                         THEN 1 ELSE failures + 1 END,
         window_started_at = CASE WHEN window_started_at <= now() - make_interval(secs => p_window_seconds)
                                  THEN now() ELSE window_started_at END
   WHERE key IN (p_account, p_address);
  UPDATE sign_in_throttles
     SET locked_until = now() + make_interval(secs => CASE
           WHEN key = p_account THEN least(p_max_lock_seconds, p_base_lock_seconds * power(2, failures - p_free_tries))
           ELSE p_max_lock_seconds END)
   WHERE (key = p_account AND failures >= p_free_tries) OR (key = p_address AND failures >= p_address_tries);
END
$$;

-- Gives a reserved try back to the keys given (the account's, the address's or both) when it
-- turned out to be no failed password, and lifts a lock that try set: a key back under its
-- threshold is not locked.
CREATE OR REPLACE FUNCTION leadbell_give_back_sign_in(
  p_keys text[], p_account text, p_free_tries integer, p_address_tries integer
) RETURNS void
LANGUAGE sql AS $$
  UPDATE sign_in_throttles
     SET failures = greatest(failures - 1, 0),
         locked_until = CASE WHEN failures - 1 < CASE WHEN key = p_account THEN p_free_tries ELSE p_address_tries END
                             THEN NULL ELSE locked_until END
   WHERE key = ANY (p_keys)
$$;
