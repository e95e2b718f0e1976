-- Allowances (issue 47): the counters of what Leadbell limits on someone's behalf, in the table
-- `allowances` (migration 0038): replies and mail to visitors, text messages, probes of the auth
-- endpoints. A limit is taken before the work it limits, in the statement that decides, so
-- parallel requests cannot pass it; work that failed gives its take back. Windows run on the
-- database's clock (as the sign-in lockout's do), so every process counts alike.

-- Takes p_wanted uses from every counter at once, or as many as each of them still has room for:
-- `granted` is the same for each (0 when any is spent). `short_of` is the first counter, by its
-- position in p_keys (from 1), that had room for fewer than p_wanted, and `retry_after_seconds`
-- when its window ends; both null when every counter had room. `taken_at` is the take's time, for
-- leadbell_give_back_allowances. A counter's window starts with its first take after the previous
-- one ended. Rows are created, then locked, in key order: two takes never wait on each other in a
-- circle.
CREATE OR REPLACE FUNCTION leadbell_take_allowances(
  p_keys text[], p_limits integer[], p_window_seconds integer[], p_wanted integer DEFAULT 1,
  OUT granted integer, OUT short_of integer, OUT retry_after_seconds integer, OUT taken_at timestamptz
)
LANGUAGE plpgsql AS $$
DECLARE
  v_counter record;
BEGIN
  INSERT INTO allowances (key, used, window_started_at)
  SELECT key, 0, now() FROM unnest(p_keys) AS key ORDER BY key
  ON CONFLICT (key) DO NOTHING;

  granted := p_wanted;
  taken_at := now();
  FOR v_counter IN
    SELECT w.place, w.most, a.window_started_at + make_interval(secs => w.seconds) AS window_ends_at,
           CASE WHEN a.window_started_at + make_interval(secs => w.seconds) > now() THEN a.used ELSE 0 END AS used
      FROM allowances a
      JOIN unnest(p_keys, p_limits, p_window_seconds) WITH ORDINALITY AS w(key, most, seconds, place)
        ON w.key = a.key
     ORDER BY a.key
       FOR UPDATE OF a
  LOOP
    IF v_counter.most - v_counter.used < p_wanted AND (short_of IS NULL OR v_counter.place < short_of) THEN
      short_of := v_counter.place;
      retry_after_seconds := greatest(1, ceil(extract(epoch FROM v_counter.window_ends_at - now())))::integer;
    END IF;
    granted := least(granted, greatest(v_counter.most - v_counter.used, 0));
  END LOOP;

  IF granted > 0 THEN
    UPDATE allowances a
       SET used = CASE WHEN a.window_started_at + make_interval(secs => w.seconds) > now()
                       THEN a.used + granted ELSE granted END,
           window_started_at = CASE WHEN a.window_started_at + make_interval(secs => w.seconds) > now()
                                    THEN a.window_started_at ELSE now() END
      FROM unnest(p_keys, p_window_seconds) AS w(key, seconds)
     WHERE a.key = w.key;
  END IF;
END
$$;

-- Gives p_count uses back to each counter taken at p_taken_at, unless its window ended since: a
-- new window owes the old one's work nothing.
CREATE OR REPLACE FUNCTION leadbell_give_back_allowances(p_keys text[], p_taken_at timestamptz, p_count integer)
RETURNS void
LANGUAGE sql AS $$
  UPDATE allowances SET used = greatest(used - p_count, 0)
   WHERE key = ANY (p_keys) AND window_started_at <= p_taken_at
$$;
