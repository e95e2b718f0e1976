-- The spam verdict (decisions 039, issue 46), reached here and nowhere else, and the quarantine
-- that follows it. The worker's take (30-take.sql) judges its leads first thing after taking them
-- in, from the signals their requests showed (spam-score.ts's requestSignalsOf, each with its
-- points) and what only the database knows: the same message at other entities within a day, the
-- team's earlier word on the sender or the message (spam_marks), a fill-time token used before, a
-- flood (more of the flow's public submissions in the last minute than a form gets from people;
-- its admins are emailed once a day), and a language the business's genuine leads were never
-- written in (entity_languages). p_spam carries spam-score.ts's WORKER_VERDICT: the threshold, the
-- cap on the words, and the weights, which live there with the request's.

-- How far back the network signal looks for the same message at other entities, and so how long
-- what the verdict remembers of a lead is kept (leadbell_delete_spent_spam_signals): a day, longer
-- than a fill-time token lives, so a replayed nonce is still known. SQL and immutable: inlined.
CREATE OR REPLACE FUNCTION leadbell_spam_signal_window() RETURNS interval
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT interval '1 day'
$$;

-- What a lead's reasons add up to: all their points, and separately the points of the three kinds
-- the verdict weighs on their own terms: the word signals' (p_content_codes), the missing
-- fill-time token's and the content model's. By subscript, not jsonb_array_elements: PL/pgSQL
-- evaluates these expressions itself, where a statement would be set up at every call (issue 45).
CREATE OR REPLACE FUNCTION leadbell_spam_points(
  p_reasons jsonb, p_content_codes jsonb, OUT total integer, OUT content integer, OUT token integer, OUT model integer)
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  v_reason jsonb;
  v_points integer;
BEGIN
  total := 0;
  content := 0;
  token := 0;
  model := 0;
  FOR v_index IN 0 .. jsonb_array_length(p_reasons) - 1 LOOP
    v_reason := p_reasons -> v_index;
    -- A reason without points counts as none.
    v_points := coalesce((v_reason ->> 'points')::integer, 0);
    total := total + v_points;
    IF p_content_codes ? (v_reason ->> 'code') THEN
      content := content + v_points;
    ELSIF v_reason ->> 'code' = 'missing_token' THEN
      token := token + v_points;
    ELSIF v_reason ->> 'code' = 'content_model' THEN
      model := model + v_points;
    END IF;
  END LOOP;
END
$$;

-- Whether a flood quarantines a lead with these reasons: by the request's own signals with it (no
-- token, a throwaway address…), never by words, so a customer writing in the middle of one still
-- rings. The verdict asks it of a lead in a flood, and the flood's sweep of the leads before it.
CREATE OR REPLACE FUNCTION leadbell_flood_quarantines(
  p_reasons jsonb, p_content_codes jsonb, p_flood_points integer, p_threshold integer) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
  SELECT p.total - p.content + p_flood_points >= p_threshold FROM leadbell_spam_points(p_reasons, p_content_codes) p
$$;

-- Judges the take's leads (p_ids, read as p_leads) and quarantines those it finds spam: they move
-- to Spam, give back what they counted against the plan (p_intakes' `plans`), and the room they
-- give back releases held leads. Returns the leads as the quarantine left them and the releases'
-- jobs, as the take lists its jobs ([job, when due]); the caller queues them.
CREATE OR REPLACE FUNCTION leadbell_judge_spam(
  p_ids uuid[], p_leads notifications[], p_intakes jsonb, p_spam jsonb, OUT leads notifications[], OUT jobs jsonb)
LANGUAGE plpgsql AS $$
DECLARE
  v_quarantined integer;
  v_flooded_flows uuid[];
  v_quarantine_ids uuid[] := '{}';
  v_quarantine_reasons jsonb[] := '{}';
  v_quarantine_flooded boolean[] := '{}';
  v_quarantined_entities uuid[] := '{}';
  -- A lead judged, and what was read and counted of it.
  v_lead notifications;
  v_mark record;
  v_marked boolean;
  v_trusted boolean;
  v_replayed boolean;
  v_flooded boolean;
  v_model_points integer;
  v_other_entities bigint;
  v_same_sender boolean;
  v_marked_elsewhere bigint;
  v_known_leads bigint;
  v_known_languages text[];
  v_language text;
  v_new_language boolean;
  -- The points of the request's reasons (leadbell_spam_points), and of those the database adds.
  v_request record;
  v_added jsonb;
  v_more record;
  v_content_points integer;
  v_token_points integer;
  v_model_counted integer;
  v_besides integer;
  -- A lead the team marked spam and then not spam (mark-spam.ts) keeps the mark among its
  -- reasons: it is the team's, judged, and a take or a flood that comes after them (a take slower
  -- than the team's two clicks) leaves it open, as a lead from a sender they trust.
  v_team_cleared constant jsonb := '[{"code": "marked_by_team"}]';
  -- spam-score.ts's WORKER_VERDICT (p_spam), each setting read once: the statements below see
  -- parameters, where each look-up into p_spam was an expression they set up again at every take
  -- (issue 45). The content codes stay a JSON array of strings: `?` asks whether a code is one.
  v_threshold constant integer := (p_spam ->> 'threshold')::integer;
  v_content_cap constant integer := (p_spam ->> 'contentCap')::integer;
  v_network_points constant integer := (p_spam ->> 'networkPoints')::integer;
  v_marked_points constant integer := (p_spam ->> 'markedPoints')::integer;
  v_replayed_points constant integer := (p_spam ->> 'replayedPoints')::integer;
  v_flood_points constant integer := (p_spam ->> 'floodPoints')::integer;
  v_missing_token_beside constant integer := (p_spam ->> 'missingTokenBeside')::integer;
  v_flood_leads_per_minute constant integer := (p_spam ->> 'floodLeadsPerMinute')::integer;
  v_new_language_points constant integer := (p_spam ->> 'newLanguagePoints')::integer;
  v_languages_learned_from constant integer := (p_spam ->> 'languagesLearnedFrom')::integer;
  v_model_points_most constant integer := (p_spam ->> 'modelPoints')::integer;
  v_model_spam_at constant double precision := (p_spam ->> 'modelSpamAt')::double precision;
  v_model_full_evidence constant integer := (p_spam ->> 'modelFullEvidence')::integer;
  v_network_marks_agreed constant integer := (p_spam ->> 'networkMarksAgreed')::integer;
  v_network_marked_points constant integer := (p_spam ->> 'networkMarkedPoints')::integer;
  v_content_codes constant jsonb := p_spam -> 'contentCodes';
BEGIN
  leads := p_leads;
  jobs := '[]';
  -- Lead by lead, each signal's look-up a small statement run only where it can count, and the
  -- points added up in PL/pgSQL, which evaluates its own expressions without setting up a plan: a
  -- take holds one or two leads at moderate rates, and one statement judging them all (a dozen
  -- sub-plans and aggregates) cost more to set up at every take than to run (issue 45).
  FOREACH v_lead IN ARRAY p_leads LOOP
    CONTINUE WHEN NOT (v_lead.lead_status = 'open' AND v_lead.spam_reasons IS NOT NULL
                       AND NOT v_lead.spam_reasons @> v_team_cleared);
    -- The team's word on the sender or the message (one mark a fingerprint, by the primary key).
    v_marked := false;
    v_trusted := false;
    FOR v_mark IN SELECT m.fingerprint, m.verdict FROM spam_marks m
                   WHERE m.entity_id = v_lead.entity_id
                     AND m.fingerprint IN (v_lead.message_fingerprint, v_lead.sender_fingerprint) LOOP
      v_marked := v_marked OR v_mark.verdict = 'spam';
      v_trusted := v_trusted OR (v_mark.verdict = 'not_spam' AND v_mark.fingerprint = v_lead.sender_fingerprint);
    END LOOP;
    -- Used by an earlier batch's lead, or an earlier one of this batch.
    v_replayed := v_lead.fill_token IS NOT NULL AND (
      EXISTS (SELECT FROM fill_token_uses u WHERE u.entity_id = v_lead.entity_id AND u.nonce = v_lead.fill_token)
      OR EXISTS (SELECT FROM unnest(p_leads) AS o
                  WHERE o.entity_id = v_lead.entity_id AND o.fill_token = v_lead.fill_token
                    AND (o.created_at, o.id) < (v_lead.created_at, v_lead.id)));
    -- Only public submissions flood a form (issue 46): the business's own server sending its
    -- leads with the secret key is neither flooded nor counted. Read backward along the flow's
    -- public positions: at most floodLeadsPerMinute rows.
    v_flooded := v_lead.is_public
      AND (SELECT o.created_at FROM notifications o
            WHERE o.flow_id = v_lead.flow_id AND o.is_public AND o.seq < v_lead.seq
            ORDER BY o.seq DESC
           OFFSET v_flood_leads_per_minute - 1 LIMIT 1) > v_lead.created_at - interval '1 minute';
    -- The signals the team's word on the sender leaves out (a sender they trust gets none of
    -- them), read only for a sender they do not.
    v_model_points := 0;
    v_other_entities := 0;
    v_same_sender := true;
    v_marked_elsewhere := 0;
    v_new_language := false;
    IF NOT v_trusted THEN
      -- The content model's word (issue 46): its log-odds of spam as points, all of them from
      -- the log-odds at which it is sure enough to quarantine alone.
      v_model_points := least(v_model_points_most,
                              greatest(0, floor(v_model_points_most
                                                * leadbell_spam_log_odds(v_lead.entity_id, leadbell_spam_tokens(v_lead.data),
                                                                         v_model_full_evidence)
                                                / v_model_spam_at)))::integer;
      IF v_lead.message_fingerprint IS NOT NULL THEN
        -- The same message at other entities within a day. By the message's key alone (OFFSET 0
        -- keeps the time out of the index scan): on a young database's statistics a plan also
        -- read the day's range of seen_at, which grows all day.
        SELECT count(*), coalesce(bool_and(f.sender IS NOT DISTINCT FROM v_lead.sender_fingerprint), true)
          INTO v_other_entities, v_same_sender
          FROM (SELECT * FROM spam_fingerprints f WHERE f.fingerprint = v_lead.message_fingerprint OFFSET 0) f
         WHERE f.entity_id <> v_lead.entity_id AND f.seen_at > now() - leadbell_spam_signal_window()
           AND f.seen_at < v_lead.created_at;
      END IF;
      IF v_lead.message_fingerprint IS NOT NULL OR v_lead.sender_fingerprint IS NOT NULL THEN
        -- Other businesses' "Spam" on this message or sender (issue 46): it counts once several
        -- agree, each with genuine leads of its own, so neither one business nor a handful of
        -- new accounts can poison the others. count(DISTINCT …), not SELECT DISTINCT: nothing
        -- asks for the marks in entity order, which the primary key's whole length offered on a
        -- young table's statistics.
        v_marked_elsewhere := (
          SELECT count(DISTINCT m.entity_id) FROM spam_marks m
           WHERE m.fingerprint IN (v_lead.message_fingerprint, v_lead.sender_fingerprint) AND m.verdict = 'spam'
             AND m.entity_id <> v_lead.entity_id
             AND (SELECT coalesce(sum(l.leads), 0) FROM entity_languages l WHERE l.entity_id = m.entity_id)
                 >= v_languages_learned_from);
      END IF;
      -- A language the business has never received from its genuine leads, once it has received
      -- enough of them to tell (entity_languages, learned as leads settle).
      SELECT coalesce(sum(l.leads), 0), coalesce(array_agg(l.language) FILTER (WHERE l.leads > 0), '{}')
        INTO v_known_leads, v_known_languages
        FROM entity_languages l WHERE l.entity_id = v_lead.entity_id;
      IF v_known_leads >= v_languages_learned_from THEN
        v_language := leadbell_language_of(v_lead.data);
        v_new_language := v_language IS NOT NULL AND NOT v_language = ANY (v_known_languages);
      END IF;
    END IF;

    -- The request's points, before the database adds any.
    v_request := leadbell_spam_points(v_lead.spam_reasons, v_content_codes);

    -- What the database adds to the request's signals. A sender the team said is not spam gets
    -- none of it (but a replay); one it said is spam always gets its mark.
    v_added := '[]';
    IF NOT v_trusted AND v_model_points > 0 THEN
      v_added := v_added || jsonb_build_object('code', 'content_model', 'points', v_model_points);
    END IF;
    -- The same message at other entities is a campaign when something else says so too: words
    -- that count, or another sender at each. Only hashes are compared, and only earlier arrivals
    -- count, so the first business still gets its lead.
    IF NOT v_trusted AND v_other_entities > 0
       AND (v_request.content > 0 OR v_model_points > 0 OR NOT v_same_sender) THEN
      v_added := v_added || jsonb_build_object('code', 'network_fingerprint', 'points', v_network_points);
    END IF;
    IF NOT v_trusted AND v_marked_elsewhere >= v_network_marks_agreed THEN
      v_added := v_added || jsonb_build_object('code', 'network_marked', 'points', v_network_marked_points);
    END IF;
    IF v_marked AND NOT v_trusted THEN
      v_added := v_added || jsonb_build_object('code', 'marked_before', 'points', v_marked_points);
    END IF;
    IF v_replayed THEN
      v_added := v_added || jsonb_build_object('code', 'replayed_token', 'points', v_replayed_points);
    END IF;
    IF v_flooded AND NOT v_trusted
       AND leadbell_flood_quarantines(v_lead.spam_reasons, v_content_codes, v_flood_points, v_threshold) THEN
      v_added := v_added || jsonb_build_object('code', 'flood', 'points', v_flood_points);
    END IF;
    IF v_new_language AND NOT v_trusted THEN
      v_added := v_added || jsonb_build_object('code', 'new_language', 'points', v_new_language_points);
    END IF;

    -- The verdict on the request's signals and the database's together.
    v_more := leadbell_spam_points(v_added, v_content_codes);
    v_content_points := v_request.content + v_more.content;
    v_model_counted := v_request.model + v_more.model;
    v_token_points := v_request.token + v_more.token;
    -- The hand-written word signals together never count past the cap: alone they are never spam
    -- (a genuine inquiry may read like a pitch). The trained model's points are not capped.
    v_besides := least(v_content_points, v_content_cap) + v_request.total + v_more.total
                 - v_content_points - v_token_points - v_model_counted;
    -- A missing fill-time token counts only beside other signals, never beside the model's word
    -- alone (decision 086): every lead of a plain HTML form lacks it, customers' too.
    IF v_besides + v_model_counted + (CASE WHEN v_besides >= v_missing_token_beside THEN v_token_points ELSE 0 END)
       >= v_threshold THEN
      v_quarantine_ids := array_append(v_quarantine_ids, v_lead.id);
      v_quarantine_reasons := array_append(v_quarantine_reasons, v_added);
      v_quarantine_flooded := array_append(v_quarantine_flooded, v_flooded);
    END IF;
  END LOOP;

  IF cardinality(v_quarantine_ids) = 0 THEN
    RETURN;
  END IF;
  -- Quarantining writes the lead and then its plan count, while ingestion takes the plan count
  -- and then writes leads: each entity's lock first, alone, so the batches under way finish and
  -- new ones wait. In the ingestion's order (the lock keys ascending), and only when there is spam.
  PERFORM pg_advisory_xact_lock(locks.lock_key)
     FROM (SELECT DISTINCT leadbell_entity_lock_key(n.entity_id) AS lock_key
             FROM unnest(p_leads) AS n WHERE n.id = ANY (v_quarantine_ids) ORDER BY 1) locks;
  -- What they give back below comes off their count rows: with everything appended added in.
  PERFORM leadbell_fold_usage(quarantined.entity_id)
     FROM (SELECT DISTINCT n.entity_id FROM unnest(p_leads) AS n WHERE n.id = ANY (v_quarantine_ids) ORDER BY 1) quarantined;
  WITH quarantined AS (
    -- The leads as they are now: the team may have marked one since the take read it (its "Spam"
    -- and "Not spam" wait for no take), and their word stands.
    UPDATE notifications n
       SET lead_status = 'spam', response_started_at = NULL, response_target_seconds = NULL,
           spam_reasons = n.spam_reasons || q.added
      FROM unnest(v_quarantine_ids, v_quarantine_reasons, v_quarantine_flooded) AS q (id, added, flooded)
     WHERE n.id = q.id AND n.lead_status = 'open' AND NOT n.spam_reasons @> v_team_cleared
    RETURNING n.id, n.entity_id, n.flow_id, n.is_held, q.flooded
  ), flood_alerts AS (
    -- A flood's quarantine is news to the owner once a day: what it held waits under Spam.
    INSERT INTO entity_alerts (entity_id, period_start, kind)
    SELECT DISTINCT q.entity_id, date_trunc('day', now(), 'UTC'), 'spam_flood'
      FROM quarantined q WHERE q.flooded
    ON CONFLICT DO NOTHING
    RETURNING entity_alerts.entity_id, entity_alerts.period_start
  ), flood_jobs AS (
    INSERT INTO job_outbox (data)
    SELECT jsonb_build_object('kind', 'entity-alert', 'entityId', f.entity_id, 'periodStart', f.period_start,
                              'alert', 'spam_flood')
      FROM flood_alerts f
  ), refunded AS (
    -- Spam never counts against the plan: a lead counted at its arrival is given back, and one
    -- held past the limit no longer waits for a larger plan.
    UPDATE entity_usage u SET notification_count = u.notification_count - q.counted,
                              held_count = greatest(u.held_count - q.held, 0)
      FROM (SELECT q.entity_id, count(*) FILTER (WHERE NOT q.is_held) AS counted,
                   count(*) FILTER (WHERE q.is_held) AS held
              FROM quarantined q GROUP BY q.entity_id) q
      JOIN leadbell_intake_usage(p_intakes, 'plans') counted ON counted.entity_id = q.entity_id
     WHERE u.entity_id = q.entity_id AND u.period_start = counted.period_start
  )
  -- Consoles that already show the lead hear that it moved to Spam.
  SELECT count(pg_notify('leadbell_lead_events', q.entity_id || ' ' || q.id)),
         coalesce(array_agg(DISTINCT q.flow_id) FILTER (WHERE q.flooded), '{}'),
         coalesce(array_agg(DISTINCT q.entity_id), '{}')
    INTO v_quarantined, v_flooded_flows, v_quarantined_entities
    FROM quarantined q;

  -- A flood is told only once it passes the minute's limit: its leads before that rang, and
  -- counted. Those the flood would have quarantined (a request signal with it: no token, a
  -- throwaway address…) are quarantined now and given back, so a bot never eats the plan;
  -- leads nobody could tell from a customer's, and ones the team took, stay.
  IF cardinality(v_flooded_flows) > 0 THEN
    WITH swept AS (
      UPDATE notifications n
         SET lead_status = 'spam', response_started_at = NULL, response_target_seconds = NULL,
             spam_reasons = n.spam_reasons || jsonb_build_array(jsonb_build_object(
               'code', 'flood', 'points', v_flood_points))
       WHERE n.flow_id = ANY (v_flooded_flows) AND n.is_public AND n.lead_status = 'open' AND n.claimed_by IS NULL
         AND n.first_claimed_at IS NULL AND n.spam_reasons IS NOT NULL AND NOT n.spam_reasons @> v_team_cleared
         AND n.created_at > now() - interval '1 minute'
         AND NOT EXISTS (SELECT FROM spam_marks m
                          WHERE m.entity_id = n.entity_id AND m.verdict = 'not_spam'
                            AND m.fingerprint = n.sender_fingerprint)
         AND leadbell_flood_quarantines(n.spam_reasons, v_content_codes, v_flood_points, v_threshold)
      RETURNING n.id, n.entity_id, n.is_held
    ), given_back AS (
      -- Counted in the month the flood's lead of this batch was: they arrived within a minute of it.
      UPDATE entity_usage u SET notification_count = greatest(0, u.notification_count - back.leads)
        FROM (SELECT s.entity_id, count(*) AS leads FROM swept s WHERE NOT s.is_held GROUP BY s.entity_id) back
        JOIN leadbell_intake_usage(p_intakes, 'plans') counted ON counted.entity_id = back.entity_id
       WHERE u.entity_id = back.entity_id AND u.period_start = counted.period_start
    ), unescalated AS (
      DELETE FROM lead_escalations e USING swept s WHERE e.notification_id = s.id
    )
    SELECT v_quarantined + count(pg_notify('leadbell_lead_events', s.entity_id || ' ' || s.id))
      INTO v_quarantined
      FROM swept s;
  END IF;

  -- What spam gave back is room again: a form's lead held for the limit while the bot's leads
  -- were counted is delivered now, oldest first, as choosing a larger plan would (the take's own
  -- leads are released here but get their jobs with the rest of the take's).
  IF v_quarantined > 0 THEN
    SELECT coalesce(jsonb_agg(jsonb_build_array(released.job, now())), '[]')
      INTO jobs
      FROM leadbell_intake_usage(p_intakes, 'plans') r
      JOIN entity_usage u ON u.entity_id = r.entity_id AND u.period_start = r.period_start
     CROSS JOIN LATERAL leadbell_release_held_leads(r.entity_id, r.period_start,
                                                    r.included_notifications - u.notification_count, now(), p_ids) released
     WHERE r.entity_id = ANY (v_quarantined_entities);
  END IF;
  -- The take goes on with the leads as the quarantine left them.
  leads := leadbell_leads_by_id(p_ids);
END;
$$;

-- What the verdict remembers of each taken lead for the leads after it: its message's hash at its
-- entity (the network signal) and its fill-time token's nonce (a replay).
CREATE OR REPLACE FUNCTION leadbell_remember_spam_signals(p_leads notifications[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_lead notifications;
  v_has_token boolean := false;
BEGIN
  INSERT INTO spam_fingerprints (fingerprint, entity_id, sender, seen_at)
  SELECT DISTINCT ON (n.message_fingerprint, n.entity_id) n.message_fingerprint, n.entity_id, n.sender_fingerprint,
         n.created_at
    FROM unnest(p_leads) AS n
   WHERE n.message_fingerprint IS NOT NULL AND NOT n.is_test
   ORDER BY n.message_fingerprint, n.entity_id, n.created_at DESC
  ON CONFLICT (fingerprint, entity_id)
    DO UPDATE SET seen_at = greatest(spam_fingerprints.seen_at, excluded.seen_at), sender = excluded.sender;
  -- Most leads have no token (a call from a server, a form without the snippet): the statement
  -- runs only for a take that has one, a check PL/pgSQL makes without a plan (issue 45). So a
  -- connection plans it at its first lead with a token, as the turns' (33-fan-out.sql).
  FOREACH v_lead IN ARRAY p_leads LOOP
    v_has_token := v_has_token OR v_lead.fill_token IS NOT NULL;
  END LOOP;
  IF v_has_token THEN
    INSERT INTO fill_token_uses (entity_id, nonce)
    SELECT DISTINCT n.entity_id, n.fill_token
      FROM unnest(p_leads) AS n
     WHERE n.fill_token IS NOT NULL
    ON CONFLICT DO NOTHING;
  END IF;
  -- Rows past their window are deleted by the scheduler (leadbell_delete_spent_spam_signals), not by the take.
END;
$$;

-- Deletes what the verdict remembers past leadbell_spam_signal_window: the scheduler calls it each
-- tick (delete-spent-spam-signals.ts), so no take pays for it.
CREATE OR REPLACE FUNCTION leadbell_delete_spent_spam_signals() RETURNS void
LANGUAGE sql AS $$
  DELETE FROM spam_fingerprints WHERE seen_at < now() - leadbell_spam_signal_window();
  DELETE FROM fill_token_uses WHERE used_at < now() - leadbell_spam_signal_window();
$$;

-- The language of a lead's text fields (issue 46), for the business's languages: a script's
-- language when most of the letters are in that script (Cyrillic is read as Russian), else the
-- Latin-script language whose common words it uses most, at least twice; null when too short or
-- unclear. Each word is listed for one language only: words several share ("de", "la", "con")
-- tell nothing. Coarse on purpose: it only has to tell that a message is not in the languages a
-- business receives, in microseconds, inside the take.
CREATE OR REPLACE FUNCTION leadbell_language_words() RETURNS jsonb
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT jsonb_object_agg(word, w.language)
    FROM (VALUES
      ('en', '{the,and,you,your,are,have,has,what,with,for,this,that,can,would,could,please,we,our,my,to,of,it,how,when,there,not,be,does,if,or,from,hello,thanks,thank,need,want,looking,about,which,any,just,know,they,were,been,get}'::text[]),
      ('de', '{der,die,das,und,ist,ich,sie,wir,nicht,ein,eine,einen,mit,für,auf,bitte,haben,können,sind,ihr,ihre,ihnen,uns,zu,dem,auch,oder,noch,gibt,mein,meine,kann,würde,danke,hallo,guten,wann,habe,möchte,gerne,vielen,dank,sehr,geehrte,geehrter,ob,bis,wäre,schon}'::text[]),
      ('fr', '{le,les,et,est,je,vous,nous,une,pour,avec,pas,qui,dans,sur,votre,vos,mon,mes,bonjour,merci,elle,ce,cette,sont,avez,pouvez,serait,aussi,au,aux,ai,suis,être,faire,qu,madame,monsieur,cordialement,voudrais,combien,très,peut,notre,nos}'::text[]),
      ('es', '{el,los,las,y,es,usted,ustedes,nosotros,hola,gracias,tiene,tienen,puede,pueden,quiero,necesito,muy,está,están,hay,también,buenos,días,cuánto,estoy,saludos,sería,nuestro,nuestra,tengo,quisiera,cuando}'::text[]),
      ('it', '{di,che,è,sono,della,nel,gli,anche,ciao,grazie,vorrei,buongiorno,salve,questo,questa,ho,siamo,cosa,quanto,essere,molto,nella,alla,delle,degli}'::text[]),
      ('pt', '{um,uma,é,não,você,vocês,obrigado,obrigada,olá,em,na,gostaria,bom,tem,seu,sua,ao,muito,também,estou,quero,preciso,fazer,isso}'::text[]),
      ('nl', '{het,een,van,ik,niet,dat,wij,jullie,uw,voor,op,zijn,hebben,graag,bedankt,goedemorgen,dank,wel,kunt,kunnen,mijn,heeft,ook,naar,wat,wordt,kan,bij}'::text[])
    ) AS w (language, words)
   CROSS JOIN LATERAL unnest(w.words) AS word
$$;

CREATE OR REPLACE FUNCTION leadbell_language_of(p_data jsonb) RETURNS text
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  v_text text;
  v_latin integer;
  v_language text;
BEGIN
  IF jsonb_typeof(p_data) IS DISTINCT FROM 'object' THEN
    RETURN NULL;
  END IF;
  SELECT string_agg(f.value #>> '{}', E'\n') INTO v_text
    FROM jsonb_each(p_data) f WHERE jsonb_typeof(f.value) = 'string';
  IF v_text IS NULL OR length(v_text) < 30 THEN
    RETURN NULL;
  END IF;
  -- Another script's letters are counted only in a text that has some, and only that script's.
  IF v_text ~ '[^\u0001-\u024f]' THEN
    v_latin := length(regexp_replace(v_text, '[^A-Za-z\u00c0-\u024f]', '', 'g'));
    -- Kana before Han: Japanese writes both.
    SELECT s.language INTO v_language
      FROM (VALUES (1, 'ja', '[\u3040-\u30ff]'), (2, 'zh', '[\u4e00-\u9fff]'), (3, 'ko', '[\uac00-\ud7af]'),
                   (4, 'ru', '[\u0400-\u04ff]'), (5, 'el', '[\u0370-\u03ff]'), (6, 'ar', '[\u0600-\u06ff]'),
                   (7, 'he', '[\u0590-\u05ff]'), (8, 'hi', '[\u0900-\u097f]'), (9, 'th', '[\u0e00-\u0e7f]'))
             AS s (rank, language, letters)
     WHERE v_text ~ s.letters
       AND (length(v_text) - length(regexp_replace(v_text, s.letters, '', 'g')))
           * CASE WHEN s.language = 'ja' THEN 4 ELSE 1 END > v_latin
     ORDER BY s.rank LIMIT 1;
    IF v_language IS NOT NULL THEN
      RETURN v_language;
    END IF;
  END IF;
  SELECT w.language INTO v_language
    FROM (SELECT leadbell_language_words() ->> word AS language
            FROM regexp_split_to_table(lower(v_text), '[^a-z\u00c0-\u024f]+') AS word) w
   WHERE w.language IS NOT NULL
   GROUP BY w.language HAVING count(*) >= 2
   ORDER BY count(*) DESC, w.language
   LIMIT 1;
  RETURN v_language;
END;
$$;

-- What a business's leads teach it of its languages (issue 46): p_each is 1 for leads that
-- settled open (36-settle.sql) or that the team said are not spam, -1 for ones it marked spam.
CREATE OR REPLACE FUNCTION leadbell_learn_languages(p_leads notifications[], p_each integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  WITH spoken AS (
    SELECT n.entity_id, leadbell_language_of(n.data) AS language, count(*) * p_each AS leads
      FROM unnest(p_leads) AS n
     WHERE NOT n.is_test
     GROUP BY 1, 2
  ), unlearned AS (
    -- The businesses by their keys too, found by the index however the join is planned (issue 45).
    UPDATE entity_languages known SET leads = greatest(known.leads + spoken.leads, 0)
      FROM spoken
     WHERE p_each < 0 AND known.entity_id = ANY (ARRAY(SELECT s.entity_id FROM spoken s))
       AND known.entity_id = spoken.entity_id AND known.language = spoken.language
  )
  INSERT INTO entity_languages AS known (entity_id, language, leads)
  SELECT spoken.entity_id, spoken.language, spoken.leads
    FROM spoken
   WHERE p_each > 0 AND spoken.language IS NOT NULL
   ORDER BY spoken.entity_id, spoken.language
  ON CONFLICT (entity_id, language) DO UPDATE SET leads = known.leads + excluded.leads;
END;
$$;

-- The content model's features of a lead (issue 46): the words of its text fields, each distinct
-- word and each distinct pair of neighbouring words once. Letters and digits in runs of two or
-- more, every digit read as 0 (prices and phone numbers alike), case folded by an explicit table
-- (lower() folds only ASCII under the C locale, and the model is trained on a database that folds
-- more: the table makes every database agree). The first 2,000 characters: enough to tell, and a
-- bound on what a lead costs. The training script (train-spam-model.ts) calls this very function.
-- Beside the words (issue 46, docs/spam.md):
-- - each longer word's first five letters (`продв~`) and last five (`~erung`): a Russian word
--   takes a dozen forms and German joins words into compounds, so what a pitch shares with the
--   training set is often only the beginnings and the ends of its words;
-- - `<mixed>`, a Latin letter beside a Cyrillic one: pitches spell "Bоnus" with a Cyrillic о to
--   slip past filters, people do not;
-- - a word spelt in both scripts is read in the one its look-alike letters can be folded into
--   ("hаbеn" with Cyrillic а and е is read "haben", "Пpивeт" with Latin p and e "привет"; one
--   with letters of both that have no look-alike stays as spelt), so the model knows its words
--   (decision 083);
-- - `<bare link>`, a link with fewer than four words beside it: a bot's whole message is often a
--   short link and a word or two, and those few words tell the model little.
CREATE OR REPLACE FUNCTION leadbell_spam_tokens(p_data jsonb) RETURNS text[]
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  v_text text;
  v_words text[];
  v_is_mixed boolean;
  -- The table's capitals past A–Z, each list beside its small letters, one script a list.
  v_accented constant text[] := ARRAY['ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝÞŒ', 'àáâãäåæçèéêëìíîïðñòóôõöøùúûüýþœ'];
  v_cyrillic constant text[] := ARRAY['АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯІЈЅ', 'абвгдеёжзийклмнопрстуфхцчшщъыьэюяіјѕ'];
BEGIN
  IF jsonb_typeof(p_data) IS DISTINCT FROM 'object' THEN
    RETURN '{}';
  END IF;
  -- The table in three parts, the same fold: A–Z by lower() under "C" (which folds those alone,
  -- in every database) and the digits by a translate of nine; then the other capitals, a script at
  -- a time, only in a text that has one. translate() compares each character with every one of its
  -- list, and the whole table at once was half of a 450-character message's tokenizing.
  SELECT translate(lower(left(string_agg(f.value #>> '{}', E'\n'), 2000) COLLATE "C"), '123456789', '000000000')
    INTO v_text
    FROM jsonb_each(p_data) f WHERE jsonb_typeof(f.value) = 'string';
  IF v_text ~ ('[' || v_accented[1] || ']') THEN
    v_text := translate(v_text, v_accented[1], v_accented[2]);
  END IF;
  IF v_text ~ ('[' || v_cyrillic[1] || ']') THEN
    v_text := translate(v_text, v_cyrillic[1], v_cyrillic[2]);
  END IF;
  v_is_mixed := v_text ~ '[a-zß-ÿœ][а-яёіїєґјѕ]|[а-яёіїєґјѕ][a-zß-ÿœ]';
  v_words := ARRAY(SELECT w FROM unnest(regexp_split_to_array(coalesce(v_text, ''), '[^0-9a-zß-ÿœа-яёіјѕ]+')) AS w
                    -- RFC 2606's reserved name, which the labelled set's made-up addresses and links
                    -- use, spam and genuine alike: it must teach the model nothing.
                    WHERE length(w) >= 2 AND w <> 'example');
  -- Only a text with both scripts side by side has words to fold: the others pay one match.
  IF v_is_mixed THEN
    v_words := ARRAY(SELECT CASE WHEN w !~ '[a-zß-ÿœ]' OR w !~ '[а-яёіјѕ]' THEN w
                                 WHEN translate(w, 'авекмнорстухіјѕ', 'abekmhopctyxijs') !~ '[а-яёіјѕ]'
                                   THEN translate(w, 'авекмнорстухіјѕ', 'abekmhopctyxijs')
                                 WHEN translate(w, 'abcehkmoptxy', 'авсенкмортху') !~ '[a-zß-ÿœ]'
                                   THEN translate(w, 'abcehkmoptxy', 'авсенкмортху')
                                 ELSE w END
                       FROM unnest(v_words) WITH ORDINALITY AS u (w, position) ORDER BY position);
  END IF;
  -- The pairs by zipping the words with themselves one on: a subscript per word re-reads the array.
  RETURN ARRAY(SELECT DISTINCT u.token
                 FROM (SELECT w FROM unnest(v_words) AS w
                       UNION ALL
                       SELECT p.a || ' ' || p.b
                         FROM unnest(v_words[1:cardinality(v_words) - 1], v_words[2:cardinality(v_words)]) AS p (a, b)
                       UNION ALL
                       SELECT left(w, 5) || '~' FROM unnest(v_words) AS w WHERE length(w) > 5
                       UNION ALL
                       SELECT '~' || right(w, 5) FROM unnest(v_words) AS w WHERE length(w) > 7
                       UNION ALL
                       SELECT '<mixed>' WHERE v_is_mixed
                       UNION ALL
                       SELECT '<bare link>'
                        WHERE v_text ~ '(https?://|www\.)'
                          AND cardinality(regexp_split_to_array(
                                trim(regexp_replace(v_text, '(https?://|www\.)\S+|[^0-9a-zß-ÿœа-яёіјѕ]+', ' ', 'g')),
                                ' +')) < 4)
                      AS u (token));
END;
$$;

-- The content model's log-odds that a lead of p_entity_id with p_tokens (leadbell_spam_tokens) is
-- spam (issue 46): the trained model's prior plus the weight of each feature it knows
-- (spam_model_weights, filled by 32-spam-model.sql, generated by train-spam-model.ts; read by
-- primary key, a feature at a time: decision 084), plus what the business's own marks taught it
-- (spam_word_marks): each pair of words it marked spam more often than not adds, each it marked
-- not spam more often takes away. Pairs only: single words ("hello", "price") are shared by pitches and customers alike, and
-- one mark must not turn a business's ordinary words against its customers. The trained prior and
-- weights count in full at p_full_evidence features the model knows: below, that share of them
-- (three words are little evidence, and naive Bayes is sure of itself on little: "Call me back
-- today"; a lead with none the model knows gets no word from it);
-- above, scaled by the square root of p_full_evidence over their number (decision 083): a word
-- gives up to four features (itself, its pair, its beginning and end) that naive Bayes adds as
-- if each were new evidence, so a long message's sum overstates its odds, Russian's most.
CREATE OR REPLACE FUNCTION leadbell_spam_log_odds(p_entity_id uuid, p_tokens text[], p_full_evidence integer)
RETURNS double precision
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT coalesce((SELECT m.weight FROM spam_model_weights m WHERE m.feature = '<prior>'), 0)
                   * least(1.0, count(w.weight)::double precision / p_full_evidence)
                 + coalesce(sum(w.weight), 0)
                   * least(count(w.weight)::double precision / p_full_evidence,
                           sqrt(p_full_evidence / greatest(count(w.weight), 1)::double precision))
            FROM unnest(p_tokens) AS t
            LEFT JOIN LATERAL (SELECT m.weight FROM spam_model_weights m WHERE m.feature = t OFFSET 0) w ON true)
         + CASE WHEN EXISTS (SELECT FROM spam_word_marks w WHERE w.entity_id = p_entity_id)
                THEN (SELECT coalesce(sum(ln((w.spam + 1.0) / (w.genuine + 1.0))), 0)
                        FROM unnest(p_tokens) AS t
                        CROSS JOIN LATERAL (SELECT w.spam, w.genuine FROM spam_word_marks w
                                             WHERE w.entity_id = p_entity_id AND w.token = t OFFSET 0) w
                       WHERE position(' ' IN t) > 0)
                ELSE 0 END;
END;
$$;

-- What a team's "Spam" (p_is_spam) or "Not spam" on a lead teaches its business (issue 46): the
-- lead's language (leadbell_learn_languages) and its pairs of words (spam_word_marks).
CREATE OR REPLACE FUNCTION leadbell_learn_from_mark(p_lead_id uuid, p_is_spam boolean) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM leadbell_learn_languages(ARRAY(SELECT n FROM notifications n WHERE n.id = p_lead_id),
                                   CASE WHEN p_is_spam THEN -1 ELSE 1 END);
  INSERT INTO spam_word_marks AS known (entity_id, token, spam, genuine)
  SELECT n.entity_id, t, CASE WHEN p_is_spam THEN 1 ELSE 0 END, CASE WHEN p_is_spam THEN 0 ELSE 1 END
    FROM notifications n
   CROSS JOIN LATERAL unnest(leadbell_spam_tokens(n.data)) AS t
   WHERE n.id = p_lead_id AND NOT n.is_test AND position(' ' IN t) > 0
   ORDER BY t
  ON CONFLICT (entity_id, token)
    DO UPDATE SET spam = known.spam + excluded.spam, genuine = known.genuine + excluded.genuine;
END;
$$;
