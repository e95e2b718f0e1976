// Trains the spam verdict's content model (issue 46, docs/spam.md, decision 083) on the labelled
// set's training part: the mean of two linear models over each lead's features (its words, pairs of
// neighbouring words, their beginnings and ends…, each counted once a lead): multinomial naive
// Bayes with add-one smoothing, and logistic regression. On the training part's 5-fold
// cross-validation, naive Bayes alone caught the most pitches and flagged the most genuine
// inquiries whose every word is ordinary (9 of 592 on the JSON path); logistic regression, which
// weighs the features together rather than each alone, flagged fewer; their mean flagged 2 for
// 2 points of recall. One weight per feature, so scoring a lead is still one sum. Every feature is
// kept, even one lead's: genuine inquiries are more varied than pitches, and their one-off words
// pull them back from a pitch's phrasing (dropping them cost 3 points of recall and flagged more
// genuine leads). The features are read by the stored function that scores leads
// (leadbell_spam_tokens), so training and scoring cannot disagree on them. Writes the model as a
// stored function, src/db/functions/32-spam-model.sql: the committed artefact.
// Run: npm run spam:train (apps/server). The same set gives the same file.
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { createDatabaseClient } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { labelledSet } from '../src/features/spam/model/labelled-set.ts';
import { WORKER_VERDICT } from '../src/features/spam/spam-score.ts';
import { startThrowawayPostgres } from '../test/throwaway-postgres.ts';

const MODEL_FILE = fileURLToPath(new URL('../src/db/functions/32-spam-model.sql', import.meta.url));
// Logistic regression's L2 penalty is 1 / (C · leads); full-batch Adagrad from zero, so the same
// set gives the same weights. C and the rounds were chosen by cross-validation on the training part.
const REGRESSION = { c: 100, rounds: 300, learningRate: 0.5 };

type Lead = { tokens: string[]; isSpam: boolean };
type LinearModel = { prior: number; weights: Map<string, number> };

function naiveBayes(leads: Lead[]): LinearModel {
  const counted = { spam: 0, ham: 0 };
  const featureLeads = new Map<string, { spam: number; ham: number }>();
  for (const lead of leads) {
    const label = lead.isSpam ? 'spam' : 'ham';
    counted[label] += 1;
    for (const token of lead.tokens) {
      const counts = featureLeads.get(token) ?? { spam: 0, ham: 0 };
      counts[label] += 1;
      featureLeads.set(token, counts);
    }
  }
  const totals = { spam: 0, ham: 0 };
  for (const counts of featureLeads.values()) {
    totals.spam += counts.spam;
    totals.ham += counts.ham;
  }
  const features = featureLeads.size;
  return {
    prior: Math.log(counted.spam / counted.ham),
    weights: new Map(
      [...featureLeads].map(([token, counts]) => [
        token,
        Math.log((counts.spam + 1) / (totals.spam + features)) - Math.log((counts.ham + 1) / (totals.ham + features)),
      ]),
    ),
  };
}

// The model's log-odds of a lead as the take computes them (leadbell_spam_log_odds), from the number
// of features it knows and WORKER_VERDICT.modelFullEvidence: below that many, the prior and the
// weights' sum count by that share; past it, the sum is scaled by √(modelFullEvidence / features).
function priorShare(features: number): number {
  return Math.min(1, features / WORKER_VERDICT.modelFullEvidence);
}
function evidenceScale(features: number): number {
  const full = WORKER_VERDICT.modelFullEvidence;
  return Math.min(features / full, Math.sqrt(full / Math.max(features, 1)));
}

function logisticRegression(leads: Lead[]): LinearModel {
  const index = new Map<string, number>();
  for (const lead of leads) for (const token of lead.tokens) if (!index.has(token)) index.set(token, index.size);
  const rows = leads.map((lead) => lead.tokens.map((token) => index.get(token)!));
  const weights = new Float64Array(index.size);
  const squared = new Float64Array(index.size).fill(1e-8);
  let bias = 0;
  let biasSquared = 1e-8;
  const penalty = 1 / (REGRESSION.c * leads.length);
  for (let round = 0; round < REGRESSION.rounds; round += 1) {
    const gradient = new Float64Array(index.size);
    let biasGradient = 0;
    rows.forEach((row, lead) => {
      const scale = evidenceScale(row.length);
      const share = priorShare(row.length);
      const sum = row.reduce((total, feature) => total + weights[feature]!, 0);
      const error = 1 / (1 + Math.exp(-(bias * share + scale * sum))) - (leads[lead]!.isSpam ? 1 : 0);
      biasGradient += error * share;
      for (const feature of row) gradient[feature]! += error * scale;
    });
    for (let feature = 0; feature < index.size; feature += 1) {
      const step = gradient[feature]! / leads.length + penalty * weights[feature]!;
      squared[feature]! += step * step;
      weights[feature]! -= (REGRESSION.learningRate * step) / Math.sqrt(squared[feature]!);
    }
    biasGradient /= leads.length;
    biasSquared += biasGradient * biasGradient;
    bias -= (REGRESSION.learningRate * biasGradient) / Math.sqrt(biasSquared);
  }
  return { prior: bias, weights: new Map([...index].map(([token, feature]) => [token, weights[feature]!])) };
}

const round = (value: number) => Math.round(value * 1000) / 1000;

const postgres = await startThrowawayPostgres('spam-model');
const client = createDatabaseClient(postgres.connectionString, { max: 2 });
try {
  await runMigrations(client);
  const examples = labelledSet().filter((example) => !example.isHeldOut);
  const leads: Lead[] = [];
  for (const example of examples) {
    const { rows } = await client.pool.query<{ tokens: string[] }>('select leadbell_spam_tokens($1::jsonb) as tokens', [
      JSON.stringify(example.data),
    ]);
    leads.push({ tokens: rows[0]!.tokens, isSpam: example.isSpam });
  }
  const bayes = naiveBayes(leads);
  const regression = logisticRegression(leads);
  const weights = Object.fromEntries(
    [...bayes.weights]
      .map(([token, weight]): [string, number] => [token, round((weight + regression.weights.get(token)!) / 2)])
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
  const spam = leads.filter((lead) => lead.isSpam).length;
  const counted = { spam, ham: leads.length - spam };
  const features = bayes.weights.size;
  const prior = round((bayes.prior + regression.prior) / 2);
  const json = JSON.stringify(weights);
  if (json.includes('$model$')) throw new Error('A feature holds the model file’s quote.');
  await writeFile(
    MODEL_FILE,
    `-- Generated by scripts/train-spam-model.ts (npm run spam:train) from the labelled set's training
-- part (src/features/spam/model/labelled, SOURCES.md): do not edit. The content model's prior
-- log-odds of spam (the feature <prior>) and each feature's weight (leadbell_spam_tokens,
-- 32-spam-verdict.sql); ${counted.spam} spam and ${counted.ham} genuine leads, ${features} features. Applied with the
-- stored functions, so only when one of their files changed (migrate.ts), and analysed at once:
-- the first verdicts read it by primary key, not whole.
DELETE FROM spam_model_weights;
INSERT INTO spam_model_weights (feature, weight)
SELECT '<prior>', ${prior}
UNION ALL
SELECT w.key, w.value::double precision FROM jsonb_each($model$${json}$model$::jsonb) w;
ANALYZE spam_model_weights;
`,
  );
  console.log(
    `spam model: ${counted.spam} spam and ${counted.ham} genuine leads, ${features} features → ${MODEL_FILE}`,
  );
} finally {
  await client.pool.end();
  await postgres.stop();
}
