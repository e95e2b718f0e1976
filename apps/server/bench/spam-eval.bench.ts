// Benchmark (issue 46, docs/spam.md): the spam verdict on the labelled set's held-out fifth, which
// the model never trained on, judged where every lead is judged (leadbell_judge_spam) as each path
// brings it there: a plain HTML form post without the snippet's fill-time token (as a bot's, and a
// hand-written form's), the JSON API called by a server, and a webhook delivery. Prints precision
// and recall per language and per path, and what judging costs PostgreSQL per lead. Runs on
// TEST_DATABASE_URL when set, otherwise on a throwaway embedded PostgreSQL.
import { performance } from 'node:perf_hooks';
import { createDatabaseClient } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { labelledSet, type LabelledExample } from '../src/features/spam/model/labelled-set.ts';
import { requestSignalsOf, WORKER_VERDICT, type FillTimeVerdict } from '../src/features/spam/spam-score.ts';
import { createScratchDatabase } from '../test/test-app.ts';
import { startBenchDatabase } from './bench-database.ts';

const PATHS: Record<string, { fillTime: FillTimeVerdict; isPublic: boolean }> = {
  form: { fillTime: 'missing', isPublic: true },
  json: { fillTime: 'not_applicable', isPublic: false },
  webhook: { fillTime: 'not_applicable', isPublic: true },
};

type Tally = { spam: number; caught: number; genuine: number; flagged: number };

const postgres = await startBenchDatabase();
const scratch = await createScratchDatabase(postgres.adminUrl);
const client = createDatabaseClient(scratch.url, { max: 2 });
try {
  await runMigrations(client);
  const heldOut = labelledSet().filter((example) => example.isHeldOut);
  const tallies = new Map<string, Tally>();
  const tally = (key: string, example: LabelledExample, isQuarantined: boolean) => {
    const counts = tallies.get(key) ?? { spam: 0, caught: 0, genuine: 0, flagged: 0 };
    if (example.isSpam) {
      counts.spam += 1;
      if (isQuarantined) counts.caught += 1;
    } else {
      counts.genuine += 1;
      if (isQuarantined) counts.flagged += 1;
    }
    tallies.set(key, counts);
  };
  let judgingMs = 0;
  const missed: string[] = [];
  for (const [path, { fillTime, isPublic }] of Object.entries(PATHS)) {
    // A business of its own for each path: nothing one path's leads teach reaches another's.
    const { rows: business } = await client.pool.query<{ entity_id: string; flow_id: string }>(
      `with entity as (insert into entities (name, plan, plan_selected_at) values ('Eval', 'pro', now()) returning id),
            flow as (insert into flows (entity_id, name, title, message)
                     select id, 'Contact form', 'New lead', 'Someone wrote' from entity returning id, entity_id)
       select entity_id, id as flow_id from flow`,
    );
    const { entity_id: entityId, flow_id: flowId } = business[0]!;
    // A minute apart, oldest first: a flood is not what is measured here.
    const { rows: leads } = await client.pool.query<{ id: string }>(
      `insert into notifications (entity_id, flow_id, title, message, data, spam_reasons, is_public, created_at)
       select $1, $2, 'New lead', 'Someone wrote', lead.data, lead.reasons, $3,
              now() - make_interval(mins => (cardinality($4::jsonb[]) - lead.position)::integer)
         from unnest($4::jsonb[], $5::jsonb[]) with ordinality as lead (data, reasons, position)
        order by lead.position
       returning id`,
      [
        entityId,
        flowId,
        isPublic,
        heldOut.map((example) => JSON.stringify(example.data)),
        heldOut.map((example) =>
          JSON.stringify(
            requestSignalsOf({ data: example.data, honeypotFilled: false, fillTime, captcha: 'not_applicable' }),
          ),
        ),
      ],
    );
    const ids = leads.map((lead) => lead.id);
    const started = performance.now();
    await client.pool.query('select from leadbell_judge_spam($1::uuid[], leadbell_leads_by_id($1::uuid[]), $2, $3)', [
      ids,
      JSON.stringify([{ kind: 'intake', plans: [] }]),
      JSON.stringify(WORKER_VERDICT),
    ]);
    judgingMs += performance.now() - started;
    const { rows: judged } = await client.pool.query<{ id: string; status: string }>(
      'select id, lead_status as status from notifications where id = any($1)',
      [ids],
    );
    const statusOf = new Map(judged.map((lead) => [lead.id, lead.status]));
    heldOut.forEach((example, index) => {
      const isQuarantined = statusOf.get(ids[index]!) === 'spam';
      tally(`${path} ${example.language}`, example, isQuarantined);
      tally(`${path} all`, example, isQuarantined);
      tally(`all ${example.language}`, example, isQuarantined);
      tally('all all', example, isQuarantined);
      if (isQuarantined !== example.isSpam)
        missed.push(
          `${path} ${example.isSpam ? 'spam let through' : 'genuine quarantined'}: ${JSON.stringify(example.data)}`,
        );
    });
  }
  const percent = (part: number, whole: number) =>
    whole === 0 ? '   –' : `${((100 * part) / whole).toFixed(0).padStart(3)}%`;
  console.log(
    `spam-eval: the held-out fifth of the labelled set (${heldOut.length} leads, ${heldOut.filter((example) => example.isSpam).length} spam), judged by leadbell_judge_spam`,
  );
  console.log('  path     language  spam quarantined (recall)  genuine quarantined  precision');
  for (const [key, counts] of [...tallies].sort(([a], [b]) => a.localeCompare(b))) {
    const [path, language] = key.split(' ');
    console.log(
      `  ${path!.padEnd(8)} ${language!.padEnd(9)} ${`${counts.caught}/${counts.spam}`.padStart(7)} ${percent(counts.caught, counts.spam)}` +
        `              ${`${counts.flagged}/${counts.genuine}`.padStart(7)} ${percent(counts.flagged, counts.genuine)}` +
        `       ${percent(counts.caught, counts.caught + counts.flagged)}`,
    );
  }
  // The content model alone, as the take scores a lead: its features read, then weighed.
  const scoring = `select leadbell_spam_log_odds(gen_random_uuid(), leadbell_spam_tokens(lead), ${WORKER_VERDICT.modelFullEvidence}) from unnest($1::jsonb[]) lead`;
  const leadsData = [heldOut.map((example) => JSON.stringify(example.data))];
  await client.pool.query(scoring, leadsData);
  const scoringStarted = performance.now();
  for (let round = 0; round < 5; round += 1) await client.pool.query(scoring, leadsData);
  const scoringMicros = ((performance.now() - scoringStarted) * 1000) / (5 * heldOut.length);
  const judgedLeads = heldOut.length * Object.keys(PATHS).length;
  console.log(
    `  judging: ${((judgingMs * 1000) / judgedLeads).toFixed(0)} µs of the take per lead (${judgedLeads} leads, with their quarantine)`,
  );
  console.log(
    `  the content model alone: ${scoringMicros.toFixed(0)} µs of PostgreSQL per lead (its features read, then weighed)`,
  );
  for (const line of missed) console.log(`  wrong: ${line}`);
} finally {
  await client.pool.end();
  await scratch.drop();
  await postgres.stop();
}
