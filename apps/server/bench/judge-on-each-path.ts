import type pg from 'pg';
import type { LabelledExample } from '../src/features/spam/model/labelled-set.ts';
import { requestSignalsOf, WORKER_VERDICT, type FillTimeVerdict } from '../src/features/spam/spam-score.ts';

/**
 * The paths a lead reaches the verdict by, as spam-eval and the training part's cross-validation
 * judge them: a plain HTML form post without the snippet's fill-time token (as a bot's, and a
 * hand-written form's), the JSON API called by a server, and a webhook delivery.
 */
export const SPAM_PATHS: Record<string, { fillTime: FillTimeVerdict; isPublic: boolean }> = {
  form: { fillTime: 'missing', isPublic: true },
  json: { fillTime: 'not_applicable', isPublic: false },
  webhook: { fillTime: 'not_applicable', isPublic: true },
};

/**
 * Judges the examples where every lead is judged (leadbell_judge_spam), each path at a business of
 * its own, so nothing one path's leads teach reaches another's. Returns, per path, whether each
 * example was quarantined (in the examples' order), and the take's milliseconds.
 */
export async function judgeOnEachPath(
  pool: pg.Pool,
  examples: LabelledExample[],
): Promise<{ quarantined: Map<string, boolean[]>; judgingMs: number }> {
  const quarantined = new Map<string, boolean[]>();
  let judgingMs = 0;
  for (const [path, { fillTime, isPublic }] of Object.entries(SPAM_PATHS)) {
    const { rows: business } = await pool.query<{ entity_id: string; flow_id: string }>(
      `with entity as (insert into entities (name, plan, plan_selected_at) values ('Eval', 'pro', now()) returning id),
            flow as (insert into flows (entity_id, name, title, message)
                     select id, 'Contact form', 'New lead', 'Someone wrote' from entity returning id, entity_id)
       select entity_id, id as flow_id from flow`,
    );
    const { entity_id: entityId, flow_id: flowId } = business[0]!;
    // A minute apart, oldest first: a flood is not what is measured here.
    const { rows: leads } = await pool.query<{ id: string }>(
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
        examples.map((example) => JSON.stringify(example.data)),
        examples.map((example) =>
          JSON.stringify(
            requestSignalsOf({ data: example.data, honeypotFilled: false, fillTime, captcha: 'not_applicable' }),
          ),
        ),
      ],
    );
    const ids = leads.map((lead) => lead.id);
    const started = performance.now();
    await pool.query('select from leadbell_judge_spam($1::uuid[], leadbell_leads_by_id($1::uuid[]), $2, $3)', [
      ids,
      JSON.stringify([{ kind: 'intake', plans: [] }]),
      JSON.stringify(WORKER_VERDICT),
    ]);
    judgingMs += performance.now() - started;
    const { rows: judged } = await pool.query<{ id: string; status: string }>(
      'select id, lead_status as status from notifications where id = any($1)',
      [ids],
    );
    const statusOf = new Map(judged.map((lead) => [lead.id, lead.status]));
    quarantined.set(
      path,
      ids.map((id) => statusOf.get(id) === 'spam'),
    );
  }
  return { quarantined, judgingMs };
}

type Tally = { spam: number; caught: number; genuine: number; flagged: number };

/**
 * Prints spam quarantined (recall), genuine quarantined and precision per path and language, and
 * returns one line for each wrong verdict.
 */
export function printVerdicts(examples: LabelledExample[], quarantined: Map<string, boolean[]>): string[] {
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
  const wrong: string[] = [];
  for (const [path, verdicts] of quarantined)
    examples.forEach((example, index) => {
      const isQuarantined = verdicts[index]!;
      tally(`${path} ${example.language}`, example, isQuarantined);
      tally(`${path} all`, example, isQuarantined);
      tally(`all ${example.language}`, example, isQuarantined);
      tally('all all', example, isQuarantined);
      if (isQuarantined !== example.isSpam)
        wrong.push(
          `${path} ${example.isSpam ? 'spam let through' : 'genuine quarantined'}: ${JSON.stringify(example.data)}`,
        );
    });
  const percent = (part: number, whole: number) =>
    whole === 0 ? '   –' : `${((100 * part) / whole).toFixed(0).padStart(3)}%`;
  console.log('  path     language  spam quarantined (recall)  genuine quarantined  precision');
  for (const [key, counts] of [...tallies].sort(([a], [b]) => a.localeCompare(b))) {
    const [path, language] = key.split(' ');
    console.log(
      `  ${path!.padEnd(8)} ${language!.padEnd(9)} ${`${counts.caught}/${counts.spam}`.padStart(7)} ${percent(counts.caught, counts.spam)}` +
        `              ${`${counts.flagged}/${counts.genuine}`.padStart(7)} ${percent(counts.flagged, counts.genuine)}` +
        `       ${percent(counts.caught, counts.caught + counts.flagged)}`,
    );
  }
  return wrong;
}
