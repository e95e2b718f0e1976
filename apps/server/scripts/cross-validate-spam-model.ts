// The training part's 5-fold cross-validation (issue 46, docs/spam.md): every choice about the
// content model (its features, learner, threshold, and which kinds of example the labelled set
// needs) is made on these figures, never on spam-eval's held-out fifth, which this script never
// reads. Each fold's model is trained on the other four (features/spam/model/train-spam-model.ts,
// as npm run spam:train trains), loaded into spam_model_weights, and the fold's leads are judged by
// leadbell_judge_spam on each path, as spam-eval judges the held-out fifth. Prints the verdict per
// path and language, and how well the model alone ranks leads: the spam it catches at the
// log-odds where it alone flags 1 % of genuine leads, and at modelSpamAt.
// Run: npm run spam:cross-validate (apps/server); `-- --wrong` also lists the folds' wrong verdicts,
// `-- --written-before <git revision>` reports only the examples the set had then (all still train).
import { createDatabaseClient } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { isWrittenBefore, labelledSet } from '../src/features/spam/model/labelled-set.ts';
import { spamTokensOf } from '../src/features/spam/model/spam-tokens-of.ts';
import { trainSpamModel } from '../src/features/spam/model/train-spam-model.ts';
import { WORKER_VERDICT } from '../src/features/spam/spam-score.ts';
import { judgeOnEachPath, printVerdicts, SPAM_PATHS } from '../bench/judge-on-each-path.ts';
import { startThrowawayPostgres } from '../test/throwaway-postgres.ts';

const FOLDS = 5;

const postgres = await startThrowawayPostgres('spam-cross-validation');
const client = createDatabaseClient(postgres.connectionString, { max: 2 });
try {
  await runMigrations(client);
  const examples = labelledSet().filter((example) => !example.isHeldOut);
  const tokens = await spamTokensOf(client.pool, examples);
  const quarantined = new Map(Object.keys(SPAM_PATHS).map((path) => [path, new Array<boolean>(examples.length)]));
  const logOdds = new Array<number>(examples.length);
  for (let fold = 0; fold < FOLDS; fold += 1) {
    const inFold = examples.flatMap((example, index) => (example.fold === fold ? [index] : []));
    const model = trainSpamModel(
      examples.flatMap((example, index) =>
        example.fold === fold ? [] : [{ tokens: tokens[index]!, isSpam: example.isSpam, fold: example.fold }],
      ),
    );
    await client.pool.query('delete from spam_model_weights');
    await client.pool.query(
      `insert into spam_model_weights (feature, weight)
       select '<prior>', $1 union all select w.key, w.value::double precision from jsonb_each($2::jsonb) w`,
      [model.prior, JSON.stringify(Object.fromEntries(model.weights))],
    );
    await client.pool.query('analyze spam_model_weights');
    const { rows } = await client.pool.query<{ log_odds: number }>(
      `select leadbell_spam_log_odds(gen_random_uuid(), leadbell_spam_tokens(lead.data), $2) as log_odds
         from unnest($1::jsonb[]) with ordinality as lead (data, position)
        order by lead.position`,
      [inFold.map((index) => JSON.stringify(examples[index]!.data)), WORKER_VERDICT.modelFullEvidence],
    );
    rows.forEach((row, position) => (logOdds[inFold[position]!] = row.log_odds));
    const judged = await judgeOnEachPath(
      client.pool,
      inFold.map((index) => examples[index]!),
    );
    for (const [path, verdicts] of judged.quarantined)
      verdicts.forEach((isQuarantined, position) => (quarantined.get(path)![inFold[position]!] = isQuarantined));
  }
  const revision = process.argv[process.argv.indexOf('--written-before') + 1];
  const isReported = process.argv.includes('--written-before') ? isWrittenBefore(revision!) : () => true;
  const reported = examples.flatMap((example, index) => (isReported(example) ? [index] : []));
  const spam = reported.filter((index) => examples[index]!.isSpam).length;
  console.log(
    `spam cross-validation: the labelled set's training part (${examples.length} leads), ${FOLDS} folds, each judged by leadbell_judge_spam with a model trained on the others; ` +
      `reported: ${reported.length} leads, ${spam} spam${process.argv.includes('--written-before') ? `, those written before ${revision}` : ''}`,
  );
  const wrong = printVerdicts(
    reported.map((index) => examples[index]!),
    new Map([...quarantined].map(([path, verdicts]) => [path, reported.map((index) => verdicts[index]!)])),
  );
  // The model alone: how well it ranks leads, whatever the threshold.
  for (const language of ['all', ...new Set(examples.map((example) => example.language))].sort()) {
    const scored = reported
      .map((index) => ({ example: examples[index]!, logOdds: logOdds[index]! }))
      .filter(({ example }) => language === 'all' || example.language === language);
    const genuine = scored.filter(({ example }) => !example.isSpam).map(({ logOdds }) => logOdds);
    const spamOdds = scored.filter(({ example }) => example.isSpam).map(({ logOdds }) => logOdds);
    genuine.sort((a, b) => b - a);
    const atOnePercent = genuine[Math.floor(genuine.length * 0.01)]!;
    const caught = (at: number) => spamOdds.filter((odds) => odds > at).length;
    const percent = (part: number) => `${((100 * part) / spamOdds.length).toFixed(1)} %`;
    console.log(
      `  model alone ${language.padEnd(3)}: ${percent(caught(atOnePercent))} of spam at 1 % of genuine flagged (log-odds > ${atOnePercent.toFixed(2)}); ` +
        `at modelSpamAt: ${percent(spamOdds.filter((odds) => odds >= WORKER_VERDICT.modelSpamAt).length)} of spam, ` +
        `${genuine.filter((odds) => odds >= WORKER_VERDICT.modelSpamAt).length}/${genuine.length} genuine`,
    );
  }
  if (process.argv.includes('--wrong')) for (const line of wrong) console.log(`  wrong: ${line}`);
} finally {
  await client.pool.end();
  await postgres.stop();
}
