// Benchmark (issue 46, docs/spam.md): the spam verdict on the labelled set's held-out fifth, which
// the model never trained on, judged where every lead is judged (leadbell_judge_spam) as each path
// brings it there: a plain HTML form post without the snippet's fill-time token (as a bot's, and a
// hand-written form's), the JSON API called by a server, and a webhook delivery. Prints precision
// and recall per language and per path, and what judging costs PostgreSQL per lead. Runs on
// TEST_DATABASE_URL when set, otherwise on a throwaway embedded PostgreSQL. SPAM_EVAL_WRITTEN_BEFORE=<git
// revision> judges only the held-out examples the set had then: a grown set compared on the same leads.
import { performance } from 'node:perf_hooks';
import { createDatabaseClient } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { isWrittenBefore, labelledSet } from '../src/features/spam/model/labelled-set.ts';
import { WORKER_VERDICT } from '../src/features/spam/spam-score.ts';
import { createScratchDatabase } from '../test/test-app.ts';
import { startBenchDatabase } from './bench-database.ts';
import { judgeOnEachPath, printVerdicts, SPAM_PATHS } from './judge-on-each-path.ts';

const postgres = await startBenchDatabase();
const scratch = await createScratchDatabase(postgres.adminUrl);
const client = createDatabaseClient(scratch.url, { max: 2 });
try {
  await runMigrations(client);
  const writtenBefore = process.env.SPAM_EVAL_WRITTEN_BEFORE;
  const isJudged = writtenBefore ? isWrittenBefore(writtenBefore) : () => true;
  const heldOut = labelledSet().filter((example) => example.isHeldOut && isJudged(example));
  const { quarantined, judgingMs } = await judgeOnEachPath(client.pool, heldOut);
  console.log(
    `spam-eval: the held-out fifth of the labelled set (${heldOut.length} leads, ${heldOut.filter((example) => example.isSpam).length} spam${writtenBefore ? `, those written before ${writtenBefore}` : ''}), judged by leadbell_judge_spam`,
  );
  const missed = printVerdicts(heldOut, quarantined);
  // The content model alone, as the take scores a lead: its features read, then weighed.
  const scoring = `select leadbell_spam_log_odds(gen_random_uuid(), leadbell_spam_tokens(lead), ${WORKER_VERDICT.modelFullEvidence}) from unnest($1::jsonb[]) lead`;
  const leadsData = [heldOut.map((example) => JSON.stringify(example.data))];
  await client.pool.query(scoring, leadsData);
  const scoringStarted = performance.now();
  for (let round = 0; round < 5; round += 1) await client.pool.query(scoring, leadsData);
  const scoringMicros = ((performance.now() - scoringStarted) * 1000) / (5 * heldOut.length);
  const judgedLeads = heldOut.length * Object.keys(SPAM_PATHS).length;
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
