-- Decision 028. UNLOGGED (edited by hand: Drizzle cannot say it): a bucket needs no durability, so
-- a batch refused for its rate alone commits without waiting on the disk, and a crash of PostgreSQL
-- empties the table, which only refills every bucket.
CREATE UNLOGGED TABLE "api_key_rate_buckets" (
	"api_key_id" uuid PRIMARY KEY NOT NULL,
	"tokens" double precision NOT NULL,
	"taken" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_key_rate_buckets" ADD CONSTRAINT "api_key_rate_buckets_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- The tokens a key's bucket holds now: what it held at p_updated_at, refilled at p_rate a second by
-- the database's clock (one clock for every server process), never above p_burst.
CREATE FUNCTION leadbell_refilled_tokens(
  p_tokens double precision,
  p_updated_at timestamptz,
  p_rate double precision,
  p_burst integer
) RETURNS double precision
LANGUAGE sql STABLE AS $$
  SELECT least(p_burst, p_tokens + p_rate * extract(epoch FROM greatest(now() - p_updated_at, interval '0'))::double precision)
$$;
--> statement-breakpoint
-- Accepts a batch as leadbell_accept_notifications does, within each API key's rate (decision 028):
-- a token bucket per key in api_key_rate_buckets, shared by every server process on the database,
-- taken in the same statement, so in the same round trip. A key's items take its tokens in item
-- order; those past what its bucket holds are 'rate_limited' and go no further. rate_tokens is what
-- the key's bucket holds after the item (for the RateLimit headers); null when the key was not
-- charged.
-- A key revoked or changed since the caller read it is not charged and its items go no further: they
-- come back 'stale' and the caller reads the key afresh, so a revoked key hears 401, never 429. An
-- item the accept function finds stale gives its token back, since its retry takes one.
CREATE FUNCTION leadbell_accept_notifications_within_rate(
  p_items jsonb,
  p_queue text,
  p_insert_jobs_sql text,
  p_insert_jobs_defaults text[],
  p_usage_alert_percents integer[],
  -- Tokens a second and the most a bucket holds: NOTIFY_RATE_LIMIT and NOTIFY_RATE_BURST.
  p_rate double precision,
  p_burst integer
) RETURNS TABLE (item integer, outcome text, response jsonb, delivery_count integer, rate_tokens double precision)
LANGUAGE plpgsql AS $$
DECLARE
  -- Per charged item: { "<item>": [<within the rate>, <tokens left after it>] }.
  v_rated jsonb;
BEGIN
  -- One upsert takes every key's tokens, in key order so concurrent batches cannot deadlock. A new
  -- key's bucket starts full; no more than a burst passes at once.
  WITH charged AS (
    SELECT b.item, b.api_key_id, row_number() OVER (PARTITION BY b.api_key_id ORDER BY b.item) AS position
      FROM leadbell_batch_items(p_items) b
      JOIN api_keys k ON k.id = b.api_key_id
     WHERE k.revoked_at IS NULL AND k.allowed_origins IS NOT DISTINCT FROM b.allowed_origins
  ), taken AS (
    INSERT INTO api_key_rate_buckets AS bucket (api_key_id, tokens, taken, updated_at)
    SELECT c.api_key_id, p_burst - least(count(*), p_burst), least(count(*), p_burst), now()
      FROM charged c
     GROUP BY c.api_key_id
     ORDER BY c.api_key_id
    ON CONFLICT (api_key_id) DO UPDATE
      SET taken = least(excluded.taken, floor(leadbell_refilled_tokens(bucket.tokens, bucket.updated_at, p_rate, p_burst))),
          tokens = leadbell_refilled_tokens(bucket.tokens, bucket.updated_at, p_rate, p_burst)
                   - least(excluded.taken, floor(leadbell_refilled_tokens(bucket.tokens, bucket.updated_at, p_rate, p_burst))),
          updated_at = greatest(bucket.updated_at, now())
    RETURNING bucket.api_key_id, bucket.tokens, bucket.taken
  )
  SELECT coalesce(jsonb_object_agg(c.item::text, jsonb_build_array(
           c.position <= t.taken, t.tokens + greatest(t.taken - c.position, 0))), '{}')
    INTO v_rated
    FROM charged c
    JOIN taken t ON t.api_key_id = c.api_key_id;

  RETURN QUERY
    WITH accepted AS (
      SELECT a.* FROM leadbell_accept_notifications(
        (SELECT coalesce(jsonb_agg(x.value), '[]') FROM jsonb_array_elements(p_items) x
          WHERE coalesce((v_rated -> (x.value ->> 'item') ->> 0)::boolean, false)),
        p_queue, p_insert_jobs_sql, p_insert_jobs_defaults, p_usage_alert_percents) a
    ), refunded AS (
      UPDATE api_key_rate_buckets bucket SET tokens = least(p_burst, bucket.tokens + stale.items)
        FROM (SELECT b.api_key_id, count(*) AS items
                FROM accepted a
                JOIN leadbell_batch_items(p_items) b ON b.item = a.item
               WHERE a.outcome = 'stale'
               GROUP BY b.api_key_id) stale
       WHERE bucket.api_key_id = stale.api_key_id
    )
    SELECT a.item, a.outcome, a.response, a.delivery_count, (v_rated -> a.item::text ->> 1)::double precision
      FROM accepted a
    UNION ALL
    SELECT b.item, CASE WHEN v_rated ? b.item::text THEN 'rate_limited' ELSE 'stale' END, NULL, 0,
           (v_rated -> b.item::text ->> 1)::double precision
      FROM leadbell_batch_items(p_items) b
     WHERE NOT coalesce((v_rated -> b.item::text ->> 0)::boolean, false);
END;
$$;
