import { WORKER_VERDICT } from '../spam-score.ts';

/**
 * The content model's learner (decision 083): each feature's weight is the mean of its weight in
 * multinomial naive Bayes (add-one smoothing) and in logistic regression (L2), trained under the
 * scaling the take scores with (leadbell_spam_log_odds). Used by the training script and by the
 * training part's cross-validation, so both fit the same model.
 */
export type TrainingLead = { tokens: string[]; isSpam: boolean };
export type SpamModel = { prior: number; weights: Map<string, number> };

// Logistic regression's L2 penalty is 1 / (C · leads); full-batch Adagrad from zero, so the same
// set gives the same weights. C and the rounds were chosen by cross-validation on the training part.
const REGRESSION = { c: 100, rounds: 300, learningRate: 0.5 };

function naiveBayes(leads: TrainingLead[]): SpamModel {
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

function logisticRegression(leads: TrainingLead[]): SpamModel {
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

const rounded = (value: number) => Math.round(value * 1000) / 1000;

/** The model the take scores with, from leads' features (leadbell_spam_tokens): weights rounded, sorted by feature. */
export function trainSpamModel(leads: TrainingLead[]): SpamModel {
  const bayes = naiveBayes(leads);
  const regression = logisticRegression(leads);
  return {
    prior: rounded((bayes.prior + regression.prior) / 2),
    weights: new Map(
      [...bayes.weights]
        .map(([token, weight]): [string, number] => [token, rounded((weight + regression.weights.get(token)!) / 2)])
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    ),
  };
}
