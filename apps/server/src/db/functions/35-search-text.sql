-- What the inbox's search matches inside (lead_search, migration 0022, decision 038): each lead's
-- title, message and data, and the notes the team adds to it (add-lead-note.ts), folded; and
-- beside them each number's digits, so a phone number matches however it was written. The query
-- side folds alike (list-leads.ts, search-digits-of.ts).

-- Text as the search keeps and matches it: lower-cased and without accents ("emilie" finds
-- "Émilie").
CREATE OR REPLACE FUNCTION leadbell_search_fold(p_text text) RETURNS text
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT lower(unaccent(p_text))
$$;

-- A lead's own searchable text: its title, message and data, folded.
CREATE OR REPLACE FUNCTION leadbell_lead_search_text(p_title text, p_message text, p_data jsonb) RETURNS text
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT leadbell_search_fold(p_title || ' ' || p_message || ' ' || coalesce(p_data::text, ''))
$$;

-- The digits of a folded text as lead_search.search_digits keeps them: the spaces, dashes, dots,
-- brackets, "+" and "/" between a number's digits dropped, everything else a space, so
-- "+44 7700 900123" is kept as "447700900123", which the query "07700 900123" finds.
CREATE OR REPLACE FUNCTION leadbell_search_digits(p_folded text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT trim(regexp_replace(regexp_replace(p_folded, '[[:space:]\u00a0().+/-]+', '', 'g'), '[^0-9]+', ' ', 'g'))
$$;

-- Each taken lead's lead_search row, unless a note wrote it first (with the lead's own text).
CREATE OR REPLACE FUNCTION leadbell_write_lead_search(p_leads notifications[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO lead_search (notification_id, search_text, search_digits)
  SELECT n.id, folded.text, leadbell_search_digits(folded.text)
    FROM unnest(p_leads) AS n
   CROSS JOIN LATERAL (SELECT leadbell_lead_search_text(n.title, n.message, n.data)) AS folded (text)
  ON CONFLICT DO NOTHING;
END;
$$;
