/**
 * `tailbound`: the dashboard's exact intervals on the command line — a gate for CI (`check`), the
 * intervals table (`intervals`), the label planner (`plan`) and the comparison (`compare`).
 * Exit codes: 0 pass (or done), 1 a detector below the target (or no plan reaches it), 2 bad usage or input.
 */
import { appendFile, readFile } from 'node:fs/promises';
import { Command, CommanderError, Option } from 'commander';
import { labelsForMacroRecall } from '../stats';
import { CliError, quoted } from './cli-error';
import {
  CLASS_INTERVAL_METHODS,
  compare,
  compareHref,
  comparisonSentence,
  comparisonToCsv,
  classIntervalsToCsv,
  countsText,
  DEFAULT_BALANCED_METHOD,
  formatEstimateWithInterval,
  formatHonestPercent,
  intervalsToCsv,
  metricPlanOutcome,
  multiclassHref,
  parseCompareLink,
  parseMulticlassLink,
  parsePairedCsv,
  planHref,
  planOutcome,
  testSentence,
  type BalancedMethod,
  type ComparisonInput,
  type PairedMethod,
  type PlanLink,
  type UnpairedMethod,
} from './dashboard';
import { readInputs, type InputClassDetector, type InputDetector } from './inputs';
import { choiceOption, countsOption, deltaOption, methodOption, numberOption, proportionOption, valuesOption, whereOption, type InlineCounts } from './options';
import { stderrProgress } from './progress';
import { renderMarkdown, renderTable } from './render';
import { balancedInParallel } from './parallel';
import { buildReport, detectorDelta, METRICS, siteLink, type Gate, type Metric, type ReportMethod } from './report';
import { anytimeReportToCsv } from './anytime-csv';

declare const __TAILBOUND_VERSION__: string;
export const VERSION = typeof __TAILBOUND_VERSION__ === 'string' ? __TAILBOUND_VERSION__ : '0.0.0-dev';

export interface Io {
  stdout: NodeJS.WriteStream;
  stderr: NodeJS.WriteStream;
  env: NodeJS.ProcessEnv;
  /** This program's bundled file, for worker threads (absent: everything on one thread). */
  script?: URL;
}

const FORMATS = ['table', 'json', 'csv', 'markdown'] as const;
type Format = (typeof FORMATS)[number];

const collect = (value: string, previous: string[] = []) => [...previous, value];

interface CommonOptions {
  counts?: string[];
  delta: string;
  method?: string;
  anytime?: boolean;
  detector?: string[];
  json?: boolean;
  format?: string;
  markdown?: string;
  site?: string;
  bonferroni?: boolean;
  label?: string;
  prediction?: string;
  score?: string;
  threshold?: string;
  detectorColumn?: string;
  yesValues?: string;
  noValues?: string;
  where?: string[];
  slice?: string;
  skipBadRows?: boolean;
  progress: boolean;
}

function addCommonOptions(command: Command): Command {
  return command
    .option('--counts <spec>', 'inline counts, e.g. yes=38/40,no=55/60 (optionally name=…); repeatable', collect)
    .option('--delta <δ>', 'miss probability δ: each interval holds with probability ≥ 1 − δ', '0.05')
    .option('--method <method>', 'balanced interval: buehler (the default: exact, never wider than the union bound), union or inversion')
    .option('--anytime', 'anytime-valid intervals (confidence sequences) for a gate run again and again on a growing label set: valid however often it is run; wider than the fixed-n ones')
    .option('--detector <name>', 'only this detector (name or id); repeatable', collect)
    .option('--bonferroni', 'build each detector’s intervals at δ/m for m detectors, so that all hold together with probability ≥ 1 − δ')
    .option('--json', 'print the report as JSON on stdout (same as --format json)')
    .option('--markdown <file>', 'append the report as Markdown to FILE (e.g. "$GITHUB_STEP_SUMMARY")')
    .option('--site <url>', 'the dashboard’s address: each detector links to #/counts?… there, reopening these numbers')
    .option('--label <column>', 'per-example files: the true label column')
    .option('--prediction <column>', 'per-example files: the detector’s answer column')
    .option('--score <column>', 'per-example files: the score column')
    .option('--threshold <t>', 'per-example files: YES when score ≥ t (the score then decides, as the page’s “Count with score ≥ this threshold”)')
    .option('--detector-column <column>', 'per-example files: the column naming the detector')
    .option('--yes-values <list>', 'per-example files: label/prediction values meaning YES (default yes,true,1,1.0,positive,pos,y,t)')
    .option('--no-values <list>', 'per-example files: values meaning NO (default no,false,0,0.0,negative,neg,n,f)')
    .option('--where <column=value>', 'per-example files: keep rows where column = value (or column!=value); repeatable', collect)
    .option('--slice <column>', 'per-example files: intervals per value of COLUMN at δ/m (Bonferroni over the slices)')
    .option('--skip-bad-rows', 'per-example files: count the usable rows and report the others (default: unusable rows are an error, exit 2)')
    .option('--no-progress', 'no progress lines on stderr');
}

function inlineCounts(options: CommonOptions): InlineCounts[] {
  return (options.counts ?? []).map((spec) => countsOption(spec));
}

function outputFormat(options: CommonOptions, fallback: Format): Format {
  if (options.json && options.format !== undefined && options.format !== 'json') throw new CliError(`--json and --format ${options.format} disagree; give one.`);
  if (options.json) return 'json';
  return options.format === undefined ? fallback : choiceOption('--format', options.format, FORMATS);
}

function siteOption(text: string | undefined): string | null {
  if (text === undefined) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new CliError(`--site is ${quoted(text)}; expected the dashboard's address, such as https://example.github.io/tailbound/.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new CliError(`--site is ${quoted(text)}; expected an http(s) address.`);
  return text.replace(/#.*$/, '');
}

function selectDetectors(detectors: InputDetector[], classDetectors: InputClassDetector[], names: string[] | undefined) {
  if (names === undefined) return { detectors, classDetectors };
  const all = [...detectors, ...classDetectors];
  const missing = names.filter((name) => !all.some((d) => d.name === name || d.id === name));
  if (missing.length > 0) {
    const known = all.slice(0, 20).map((d) => quoted(d.name));
    throw new CliError(`--detector ${missing.map((name) => quoted(name)).join(', ')}: no such detector in the inputs; they have ${known.join(', ')}${all.length > 20 ? ` and ${all.length - 20} more` : ''}.`);
  }
  const chosen = (d: { name: string; id: string }) => names.includes(d.name) || names.includes(d.id);
  return { detectors: detectors.filter(chosen), classDetectors: classDetectors.filter(chosen) };
}

/** What K-class detectors can be asked for: a gate on the macro recall (`balanced`, `balanced-error`) and the fixed-n union bound (no confidence sequence for K classes yet). */
function checkClassDetectorOptions(example: InputClassDetector, gate: Gate | null, method: ReportMethod): void {
  const what = `${quoted(example.source)} is read as ${example.classes.length} classes (${example.classes.slice(0, 5).map((name) => quoted(name)).join(', ')}${example.classes.length > 5 ? ', …' : ''})`;
  if (gate !== null && !gate.metric.startsWith('balanced')) {
    throw new CliError(`--metric ${gate.metric} is for two-class (YES/NO) detectors; ${what}: gate on --metric balanced (the macro recall) or balanced-error, or map two classes with --yes-values and --no-values.`);
  }
  if (method === 'anytime') throw new CliError(`--anytime is for two-class (YES/NO) detectors; ${what}, whose interval is the exact union bound at δ/(2K).`);
}

/** `--method` or `--anytime` (not both: the confidence sequence is its own construction). */
function reportMethod(options: CommonOptions): ReportMethod {
  if (options.anytime !== true) return methodOption(options.method ?? DEFAULT_BALANCED_METHOD);
  if (options.method !== undefined) {
    throw new CliError(`--anytime and --method ${quoted(options.method)} disagree: --anytime builds its own balanced interval (a confidence sequence, δ/2 a class); give one of them.`);
  }
  return 'anytime';
}

/** The confidence sequences' domain: at most 10⁹ labels a class. */
const ANYTIME_MOST_LABELS = 1e9;

function checkAnytimeCounts(detectors: readonly InputDetector[]): void {
  const large = detectors.find((d) => Math.max(d.yes.total, d.no.total) > ANYTIME_MOST_LABELS);
  if (large) throw new CliError(`--anytime: detector ${quoted(large.name)} has more than 10⁹ labels in a class (YES ${large.yes.total}, NO ${large.no.total}); the confidence sequence is computed up to 10⁹.`);
}

async function run(command: 'check' | 'intervals', files: string[], options: CommonOptions & { minLower?: string; maxUpper?: string; metric?: string }, io: Io): Promise<number> {
  const delta = deltaOption(options.delta);
  const method = reportMethod(options);
  let gate: Gate | null = null;
  if (command === 'check') {
    if (options.minLower === undefined && options.maxUpper === undefined) throw new CliError('check needs --min-lower (e.g. --min-lower 0.9) or --max-upper (e.g. --metric balanced-error --max-upper 0.1).');
    gate = {
      metric: choiceOption('--metric', options.metric ?? 'balanced', METRICS) as Metric,
      minLower: options.minLower === undefined ? null : proportionOption('--min-lower', options.minLower),
      maxUpper: options.maxUpper === undefined ? null : proportionOption('--max-upper', options.maxUpper),
    };
  }
  const format = outputFormat(options, 'table');
  const site = siteOption(options.site);
  const inline = inlineCounts(options);
  if (files.length === 0 && inline.length === 0) throw new CliError(`${command} needs inputs: files (counts CSV, workspace JSON, per-example CSV/TSV/JSON Lines/Parquet/.csv.gz) or --counts yes=38/40,no=55/60.`);
  const mapping = {
    label: options.label,
    prediction: options.prediction,
    score: options.score,
    threshold: options.threshold === undefined ? undefined : numberOption('--threshold', options.threshold),
    detectorColumn: options.detectorColumn,
    yesValues: options.yesValues === undefined ? undefined : valuesOption('--yes-values', options.yesValues),
    noValues: options.noValues === undefined ? undefined : valuesOption('--no-values', options.noValues),
    where: (options.where ?? []).map(whereOption),
    slice: options.slice,
  };
  const progress = stderrProgress(io.stderr, options.progress);
  const read = await readInputs(files, inline, { mapping, skipBadRows: options.skipBadRows === true }, progress);
  if (read.detectors.length + read.classDetectors.length === 0) throw new CliError(`the inputs hold no detectors${mapping.where.length > 0 ? ' (no usable rows pass --where)' : ''}.`);
  const { detectors, classDetectors } = selectDetectors(read.detectors, read.classDetectors, options.detector);
  if (classDetectors.length > 0) checkClassDetectorOptions(classDetectors[0]!, gate, method);
  const eachDelta = detectorDelta(detectors.length + classDetectors.length, delta, options.bonferroni === true);
  if (method === 'anytime') checkAnytimeCounts(detectors);
  else await balancedInParallel(detectors.map((d) => ({ yes: d.yes, no: d.no, delta: eachDelta })), method, io.script ?? null, progress);
  // The dashboard's CSV export itself, when that is all that is asked.
  // Two-class rows (the dashboard's export), then K-class rows (`classIntervalsToCsv`) in the same columns.
  const intervalsCsv = (at: number, balanced: BalancedMethod) =>
    detectors.length === 0 && classDetectors.length > 0
      ? classIntervalsToCsv(classDetectors, at)
      : intervalsToCsv(detectors.map((d) => ({ id: d.id, name: d.name, query: '', yes: d.yes, no: d.no })), at, balanced) + (classDetectors.length > 0 ? classIntervalsToCsv(classDetectors, at, 'two-class rows') : '');
  if (format === 'csv' && method !== 'anytime' && gate === null && options.markdown === undefined && !options.bonferroni && mapping.slice === undefined) {
    io.stdout.write(intervalsCsv(delta, method));
    return 0;
  }
  const report = buildReport(detectors, classDetectors, read.inputs, { command, version: VERSION, delta, method, gate, bonferroni: options.bonferroni === true, site, sliceColumn: mapping.slice ?? null });
  const colour = io.stdout.isTTY === true && !('NO_COLOR' in io.env && io.env.NO_COLOR !== '');
  // Everything is computed before anything is written: a bad input writes nothing.
  if (options.markdown !== undefined) await appendFile(options.markdown, renderMarkdown(report));
  if (format === 'json') io.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  else if (format === 'markdown') io.stdout.write(renderMarkdown(report));
  else if (format === 'csv') {
    io.stdout.write(method === 'anytime' ? anytimeReportToCsv(report) : intervalsCsv(eachDelta, method));
  }
  else io.stdout.write(renderTable(report, colour));
  return report.exitCode;
}

async function runPlan(
  options: PlanOptions,
  io: Io,
): Promise<number> {
  if (options.matrix !== undefined || options.classes !== undefined) return runClassPlan(options, io);
  const counts = options.counts ?? [];
  if (counts.length !== 1) throw new CliError('plan needs one --counts yes=correct/total,no=correct/total (the labels in hand), or --classes and --matrix for K classes.');
  const { yes, no } = countsOption(counts[0]!);
  const goal = choiceOption('--goal', options.goal, ['lower', 'width'] as const);
  const target = proportionOption('--target', options.target, true);
  let ratio: PlanLink['ratio'];
  if (options.ratio !== undefined) {
    const match = /^(\d+(?:\.\d+)?):(\d+(?:\.\d+)?)$/.exec(options.ratio.trim());
    if (!match || !(Number(match[1]) + Number(match[2]) > 0)) throw new CliError(`--ratio is ${quoted(options.ratio)}; expected YES:NO such as 1:1 or 2:3.`);
    ratio = { yes: Number(match[1]), no: Number(match[2]) };
  }
  const metric = choiceOption('--metric', options.metric, PLAN_METRICS);
  const accuracy = (option: string, text: string | undefined) => (text === undefined ? undefined : proportionOption(option, text));
  const link: PlanLink = {
    yes,
    no,
    delta: deltaOption(options.delta),
    goal,
    target,
    accuracyYes: accuracy('--accuracy-yes', options.accuracyYes),
    accuracyNo: accuracy('--accuracy-no', options.accuracyNo),
    ratio,
    balanced: methodOption(options.method),
  };
  if (metric !== 'balanced') return runMetricPlan({ ...link, metric }, options, io);
  const outcome = planOutcome(link);
  if (!outcome.ok) throw new CliError(`plan: ${asOptions(outcome.message)}.`);
  const { plan } = outcome;
  const site = siteOption(options.site);
  const result = {
    tailbound: VERSION,
    command: 'plan',
    counts: { yes, no },
    delta: link.delta,
    goal,
    target,
    method: link.balanced,
    status: plan.status,
    additional: plan.additional,
    additionalYes: plan.at?.counts.additionalYes ?? null,
    additionalNo: plan.at?.counts.additionalNo ?? null,
    projected: plan.at ? { yes: plan.at.counts.yes, no: plan.at.counts.no, interval: { estimate: plan.at.interval.estimate, lower: plan.at.interval.lower, upper: plan.at.interval.upper } } : null,
    reason: plan.reason,
    unionBoundAdditional: outcome.union?.additional ?? null,
    link: site === null ? null : siteLink(site, planHref(link)),
    exitCode: plan.status === 'reached' ? 0 : 1,
  };
  if (options.json) io.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  else if (plan.status === 'reached' && plan.at) {
    const goalText = goal === 'lower' ? `the balanced lower bound reaches ${target}` : `the balanced interval is at most ${target} wide`;
    io.stdout.write(
      `${plan.additional} more labels (${plan.at.counts.additionalYes} should-be-YES, ${plan.at.counts.additionalNo} should-be-NO) until ${goalText} at δ = ${link.delta} (${link.balanced}), if future labels come at ${assumedAccuracies(plan.assumptions, link)}.\n` +
        `Projected: YES ${plan.at.counts.yes.correct}/${plan.at.counts.yes.total}, NO ${plan.at.counts.no.correct}/${plan.at.counts.no.total}: balanced accuracy ${formatEstimateWithInterval(plan.at.interval)} (bounds rounded outward).\n` +
        (result.link ? `${result.link}\n` : ''),
    );
  } else io.stdout.write(noPlanText(plan.reason, plan.status));
  return result.exitCode as 0 | 1;
}

/** The accuracies a two-class plan assumes, each said as assumed or as observed: "95.0% on should-be-YES (as observed), 99.0% on should-be-NO (assumed)". */
function assumedAccuracies(assumptions: { yesAccuracy: number; noAccuracy: number }, link: PlanLink): string {
  const said = (value: number, given: number | undefined, name: string) => `${formatHonestPercent(value, 'nearest')} on ${name} (${given === undefined ? 'as observed' : 'assumed'})`;
  return `${said(assumptions.yesAccuracy, link.accuracyYes, 'should-be-YES')}, ${said(assumptions.noAccuracy, link.accuracyNo, 'should-be-NO')}`;
}

/** The planner's fields, as its messages name them, and the options that set them here. */
const PLAN_FIELD_OPTIONS: Record<string, string> = {
  'Accuracy on should-be-YES': '--accuracy-yes',
  'Accuracy on should-be-NO': '--accuracy-no',
  'YES:NO ratio of new labels': '--ratio',
};

/** A planner message in the command line's words: "enter the “Accuracy on should-be-YES”" → "give --accuracy-yes". */
const asOptions = (message: string) => message.replace(/enter the “([^”]+)”/g, (said, field: string) => (PLAN_FIELD_OPTIONS[field] ? `give ${PLAN_FIELD_OPTIONS[field]}` : said));

/** What a plan command prints when no plan reaches the target: the planner's reason (a sentence of its own), or its status. */
const noPlanText = (reason: string | null | undefined, status: string) => `No plan reaches the target. ${reason ?? `Status: ${status}.`}\n`;

interface PlanOptions {
  counts?: string[];
  classes?: string;
  matrix?: string;
  target: string;
  delta: string;
  method: string;
  goal: string;
  metric: string;
  ratio?: string;
  accuracyYes?: string;
  accuracyNo?: string;
  json?: boolean;
  site?: string;
}

/**
 * `plan --classes cat,dog,bird --matrix "50,2,1;3,40,2;0,1,30" --target 0.9`: the K-class planner
 * (`labelsForMacroRecall`, as the #/counts?classes view), the counts read by the view's link reader.
 */
function runClassPlan(options: PlanOptions, io: Io): 0 | 1 {
  if (options.classes === undefined || options.matrix === undefined) throw new CliError('plan for K classes needs both --classes (names, e.g. cat,dog,bird) and --matrix (rows = true class, e.g. "50,2,1;3,40,2;0,1,30").');
  for (const [option, given] of [
    ['--goal', options.goal !== 'lower'],
    ['--ratio', options.ratio !== undefined],
    ['--accuracy-yes', options.accuracyYes !== undefined],
    ['--accuracy-no', options.accuracyNo !== undefined],
    ['--metric', options.metric !== 'balanced'],
    ['--counts', options.counts !== undefined],
  ] as const) {
    if (given) throw new CliError(`${option} is for two-class plans; a K-class plan aims the macro recall's lower bound at --target.`);
  }
  const parsed = parseMulticlassLink(new URLSearchParams({ classes: options.classes, matrix: options.matrix, delta: options.delta }));
  if (!parsed.ok) throw new CliError(`plan: ${parsed.problems.map((problem) => problem.message).join(' ')}`);
  const { classes, matrix } = parsed.value;
  const delta = deltaOption(options.delta);
  const target = proportionOption('--target', options.target);
  const plan = labelsForMacroRecall(matrix, delta, target);
  const site = siteOption(options.site);
  const result = {
    tailbound: VERSION,
    command: 'plan',
    classes,
    matrix,
    delta,
    target,
    method: CLASS_INTERVAL_METHODS.balanced,
    status: plan.status,
    additional: plan.additional,
    perClass: plan.perClass === null ? null : Object.fromEntries(classes.map((name, i) => [name, plan.perClass![i]!])),
    projected: plan.interval,
    reason: plan.reason,
    link: site === null ? null : siteLink(site, multiclassHref({ classes, matrix, delta, target })),
    exitCode: plan.status === 'reached' ? 0 : 1,
  } as const;
  if (options.json) io.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  else if (plan.status === 'reached') {
    io.stdout.write(
      `${plan.additional} more labels (${classes.map((name, i) => `${name} +${plan.perClass![i]}`).join(', ')}) until the macro recall's lower bound reaches ${target} at δ = ${delta} (exact union bound, one-sided bounds at δ/${2 * classes.length} each), in today's class mix with each class's recall at its estimate.\n` +
        `Projected: macro recall ${formatEstimateWithInterval(plan.interval!)} (bounds rounded outward).\n` +
        (result.link ? `${result.link}\n` : ''),
    );
  } else io.stdout.write(noPlanText(plan.reason, plan.status));
  return result.exitCode;
}

const PLAN_METRICS = ['balanced', 'recall', 'specificity', 'precision', 'npv', 'f1'] as const;

/** `plan --metric recall|specificity|precision|npv`: the planner's plan for one proportion, in its unit (F1: why not, exit 2). */
function runMetricPlan(link: PlanLink, options: { json?: boolean; site?: string }, io: Io): 0 | 1 {
  const outcome = metricPlanOutcome(link);
  if (!outcome.ok) throw new CliError(`plan: ${asOptions(outcome.message)}.`);
  const { metricPlan } = outcome;
  const { plan } = metricPlan;
  const site = siteOption(options.site);
  const result = {
    tailbound: VERSION,
    command: 'plan',
    counts: { yes: link.yes, no: link.no },
    delta: link.delta,
    goal: link.goal,
    target: link.target,
    metric: link.metric,
    unit: metricPlan.unit,
    current: metricPlan.current,
    accuracy: plan.accuracy,
    status: plan.status,
    additional: plan.additional,
    projected: plan.at,
    reason: plan.reason,
    link: site === null ? null : siteLink(site, planHref(link)),
    exitCode: plan.status === 'reached' ? 0 : 1,
  } as const;
  if (options.json) io.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  else if (plan.status === 'reached' && plan.at) {
    const goalText = link.goal === 'lower' ? `the ${link.metric} lower bound reaches ${link.target}` : `the ${link.metric} interval is at most ${link.target} wide`;
    io.stdout.write(
      `${plan.additional} more ${metricPlan.unit} until ${goalText} at δ = ${link.delta} (exact Clopper–Pearson${metricPlan.answerShare === null ? '' : ', given the answers'}), if new ones are right at ${formatHonestPercent(plan.accuracy, 'nearest')}.\n` +
        `Projected: ${plan.at.counts.correct}/${plan.at.counts.total}: ${link.metric} ${formatEstimateWithInterval(plan.at.interval)} (bounds rounded outward).\n` +
        (result.link ? `${result.link}\n` : ''),
    );
  } else io.stdout.write(noPlanText(plan.reason, plan.status));
  return result.exitCode;
}

async function runCompare(options: { a?: string; b?: string; paired?: string; query?: string; delta: string; json?: boolean; format?: string; site?: string; nameA: string; nameB: string }, io: Io): Promise<number> {
  const delta = deltaOption(options.delta);
  const names = { a: options.nameA, b: options.nameB };
  const given = [options.a !== undefined || options.b !== undefined, options.paired !== undefined, options.query !== undefined].filter(Boolean).length;
  if (given !== 1) throw new CliError('compare needs one of: --a COUNTS --b COUNTS (unpaired), --paired FILE (example_id,label,prediction_a,prediction_b) or --query "b=12&c=4&n=200" (any #/compare link’s parameters).');
  let input: ComparisonInput;
  // A link's own choice of construction (paired=…, unpaired=…) is kept; otherwise the page's defaults.
  let methods: { pairedMethod?: PairedMethod; unpairedMethod?: UnpairedMethod } = {};
  if (options.paired !== undefined) {
    const text = await readFile(options.paired, 'utf8').catch(() => {
      throw new CliError(`--paired ${options.paired}: no such file.`);
    });
    const parsed = parsePairedCsv(text);
    if (parsed.fatal) throw new CliError(`${options.paired}: ${parsed.fatal}`);
    if (parsed.problems.length > 0) {
      const lines = parsed.problems.map((problem) => `  ${problem.count} ${problem.count === 1 ? 'row' : 'rows'}: ${problem.reason} (line${problem.lines.length === 1 ? '' : 's'} ${problem.lines.join(', ')})`);
      throw new CliError(`${options.paired}: ${parsed.problems.reduce((s, p) => s + p.count, 0)} rows cannot be used:\n${lines.join('\n')}`);
    }
    input = { kind: 'paired-balanced', tables: parsed.tables };
  } else if (options.query !== undefined) {
    const parsed = parseCompareLink(new URLSearchParams(options.query.replace(/^.*\?/, '')));
    if (!parsed.ok) throw new CliError(`--query: ${parsed.problems.map((problem) => problem.message).join(' ')}`);
    const { data, a, b, pairedMethod, unpairedMethod } = parsed.value;
    methods = { ...(pairedMethod ? { pairedMethod } : {}), ...(unpairedMethod ? { unpairedMethod } : {}) };
    if (data.kind === 'none' || data.kind === 'detectors') {
      if (!a.counts || !b.counts) throw new CliError('--query carries no counts; expected e.g. b=12&c=4&n=200 or ayes=38/40&ano=55/60&byes=30/40&bno=50/60.');
      input = { kind: 'unpaired-balanced', a: a.counts, b: b.counts };
    } else input = data;
    if (a.name) names.a = a.name;
    if (b.name) names.b = b.name;
  } else {
    if (options.a === undefined || options.b === undefined) throw new CliError('compare needs both --a and --b (each yes=correct/total,no=correct/total).');
    const a = countsOption(options.a, '--a');
    const b = countsOption(options.b, '--b');
    if (a.name) names.a = a.name;
    if (b.name) names.b = b.name;
    input = { kind: 'unpaired-balanced', a: { yes: a.yes, no: a.no }, b: { yes: b.yes, no: b.no } };
  }
  let comparison;
  try {
    comparison = compare(input, delta, methods.pairedMethod, methods.unpairedMethod);
  } catch (error) {
    if (error instanceof RangeError) throw new CliError(`compare: ${error.message}`);
    throw error;
  }
  const site = siteOption(options.site);
  const format = options.json ? 'json' : options.format === undefined ? 'table' : choiceOption('--format', options.format, ['table', 'json', 'csv'] as const);
  if (format === 'csv') io.stdout.write(comparisonToCsv(comparison, names));
  else if (format === 'json') {
    const { interval } = comparison;
    const result = {
      tailbound: VERSION,
      command: 'compare',
      names,
      input,
      counts: countsText(input),
      paired: comparison.paired,
      metric: comparison.metric,
      delta,
      difference: { estimate: interval.estimate, lower: interval.lower, upper: interval.upper },
      method: comparison.method,
      pValue: comparison.test.p,
      test: comparison.test.name,
      sentence: comparisonSentence(comparison, names),
      link: site === null ? null : siteLink(site, compareHref({ ...compareLinkOf(input, names, delta), ...methods })),
    };
    io.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  } else {
    io.stdout.write(`${comparisonSentence(comparison, names)}\n${testSentence(comparison)}\n${comparison.paired ? '' : 'Not paired: the two detectors’ results are compared as independent samples.\n'}Method: ${comparison.method}; ${countsText(input)}.\n`);
    if (site !== null) io.stdout.write(`${siteLink(site, compareHref({ ...compareLinkOf(input, names, delta), ...methods }))}\n`);
  }
  return 0;
}

function compareLinkOf(input: ComparisonInput, names: { a: string; b: string }, delta: number) {
  const side = (name: string, counts?: { yes: { correct: number; total: number }; no: { correct: number; total: number } }) => ({ name, ...(counts ? { counts } : {}) });
  if (input.kind === 'unpaired-balanced') return { a: side(names.a, input.a), b: side(names.b, input.b), data: { kind: 'detectors' as const }, delta };
  return { a: side(names.a), b: side(names.b), data: input, delta };
}

export function program(io: Io): { command: Command; exitCode: () => number } {
  let exitCode = 0;
  const command = new Command('tailbound')
    .description('Exact binomial-tail intervals for yes/no detectors — and a gate on what the data can prove.')
    .version(VERSION, '-V, --version')
    .showHelpAfterError('(add --help for usage)')
    .exitOverride()
    .configureOutput({ writeOut: (text) => io.stdout.write(text), writeErr: (text) => io.stderr.write(text) });
  const check = addCommonOptions(
    command
      .command('check')
      .description('exit 0 when every selected detector’s lower bound is ≥ the target (1 when any is below, 2 for bad usage or input)')
      .argument('[files...]', 'counts CSV, workspace JSON, or per-example CSV/TSV/JSON Lines/Parquet/.csv.gz'),
  )
    .option('--min-lower <p>', 'the lower bound must be at least p (a proportion, e.g. 0.9)')
    .option('--max-upper <p>', 'the upper bound must be at most p (with --metric …-error: the error rate is proven at most p)')
    .addOption(new Option('--metric <metric>', 'what is gated').choices([...METRICS]).default('balanced'))
    .addOption(new Option('--format <format>', 'stdout: table, json, csv (the dashboard’s export) or markdown').choices([...FORMATS]));
  check.action(async (files: string[], options) => {
    exitCode = await run('check', files, options, io);
  });
  const intervals = addCommonOptions(
    command.command('intervals').description('every detector’s balanced and per-class exact intervals').argument('[files...]', 'counts CSV, workspace JSON, or per-example files'),
  ).addOption(new Option('--format <format>', 'table, json, csv (the dashboard’s export) or markdown').choices([...FORMATS]));
  intervals.action(async (files: string[], options) => {
    exitCode = await run('intervals', files, options, io);
  });
  command
    .command('plan')
    .description('how many more labels until the balanced lower bound clears a target (exit 1 when none does)')
    .option('--counts <spec>', 'the labels in hand: yes=38/40,no=55/60', collect)
    .option('--classes <names>', 'K classes: their names, e.g. cat,dog,bird (with --matrix)')
    .option('--matrix <rows>', 'K classes: the confusion matrix, rows = true class, e.g. "50,2,1;3,40,2;0,1,30"')
    .option('--target <p>', 'the target (a proportion)', '0.9')
    .option('--goal <goal>', 'lower (lower bound ≥ target) or width (interval at most target wide)', 'lower')
    .option('--ratio <yes:no>', 'the YES:NO split of new labels (default: as observed)')
    .option('--accuracy-yes <p>', 'the accuracy assumed on new should-be-YES labels (default: as observed)')
    .option('--accuracy-no <p>', 'the accuracy assumed on new should-be-NO labels (default: as observed)')
    .option('--delta <δ>', 'miss probability δ', '0.05')
    .option('--method <method>', 'buehler, union or inversion', DEFAULT_BALANCED_METHOD)
    .option('--metric <metric>', 'the metric the target is on: balanced, recall, specificity, precision (planned in YES answers) or npv (in NO answers)', 'balanced')
    .option('--site <url>', 'link to the dashboard’s planner')
    .option('--json', 'JSON on stdout')
    .action(async (options) => {
      exitCode = await runPlan(options, io);
    });
  command
    .command('compare')
    .description('is A better than B? The difference with its exact interval and p-value, as #/compare')
    .option('--a <spec>', 'A’s counts: yes=38/40,no=55/60 (optionally name=…)')
    .option('--b <spec>', 'B’s counts')
    .option('--paired <file>', 'a paired CSV: example_id,label,prediction_a,prediction_b')
    .option('--query <params>', 'a #/compare link or its parameters, e.g. "b=12&c=4&n=200"')
    .option('--name-a <name>', 'A’s name', 'A')
    .option('--name-b <name>', 'B’s name', 'B')
    .option('--delta <δ>', 'miss probability δ', '0.05')
    .option('--site <url>', 'link to the dashboard’s #/compare')
    .option('--json', 'JSON on stdout')
    .addOption(new Option('--format <format>', 'table, json or csv').choices(['table', 'json', 'csv']))
    .action(async (options) => {
      exitCode = await runCompare(options, io);
    });
  for (const sub of command.commands) sub.exitOverride().configureOutput({ writeOut: (text) => io.stdout.write(text), writeErr: (text) => io.stderr.write(text) }).showHelpAfterError('(add --help for usage)');
  return { command, exitCode: () => exitCode };
}

/** Runs the command line; resolves to the exit code. Never throws: a problem is a message on stderr and code 2. */
export async function main(argv: readonly string[], io: Io): Promise<number> {
  const { command, exitCode } = program(io);
  try {
    await command.parseAsync([...argv], { from: 'user' });
    return exitCode();
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 2;
    if (error instanceof CliError) {
      io.stderr.write(`tailbound: ${error.message}\n`);
      return error.exitCode;
    }
    const message = error instanceof Error ? error.message : String(error);
    if (process.env.TAILBOUND_DEBUG) io.stderr.write(`${error instanceof Error ? error.stack : message}\n`);
    io.stderr.write(`tailbound: ${message}\n`);
    return 2;
  }
}
