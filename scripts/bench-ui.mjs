// UI responsiveness of the tail explorer at N = 10^6, measured in Chromium on the production build.
//
// Usage: npm run bench:ui   (builds the site itself, with hidden source maps, into dist-bench-ui/)
// Env: TAILBOUND_BENCH_DIST (default dist-bench-ui), TAILBOUND_BENCH_PORT (default 4402),
//      CHROMIUM_PATH (default /usr/bin/chromium), TAILBOUND_BENCH_SLIDERS (e.g. `p,N`: only those and the bare slider),
//      TAILBOUND_BENCH_REPEATS (runs of the held key and of the drag per slider, default 3).
//
// Opens #/explore?n=1000000&k=800000&p=0.8&delta=0.05&mode=upper with a bare native
// <input type=range> added to the same page (the control: what the machine, the browser and this page
// cost with no app work behind the slider), then, for the bare slider and each of the explorer's
// sliders (δ, N, k, p), in a fresh page each time:
//   - held key: an arrow key held down, 40 presses one every 40 ms (25 a second, X11's auto-repeat),
//     not tied to the frames; at either end of the slider the other arrow is held instead;
//   - drag: pointerdown on the thumb, 40 mouse moves one every 16 ms, pointerup;
//   - key per frame (extra): 40 presses, each just after a frame has begun.
// The held key and the drag are repeated (TAILBOUND_BENCH_REPEATS, default 3, each in a fresh page):
// a slow event is a matter of where an input falls in its frame, so one run of 40 inputs varies by a
// few; the rates per 100 inputs are over all runs, and each run's count is listed.
// Reports, from the Event Timing API (PerformanceObserver 'event', durationThreshold 16), the events
// longer than 16 ms — input delay + handlers + the time to the next paint, as the browser measures it —
// and the longest, per 100 inputs beside the bare slider's; the p95 input → next frame; the p95
// input → plots redrawn. Then, in a second pass under a Chrome trace with the V8 sampling profiler,
// the main thread's work per input (by task kind, style, layout, paint, GC) and the script time by
// the source it ran (the app's files through the source maps; react-dom, recharts, …), and each
// frame's cost from its start to its pixels.
import { spawnSync } from 'node:child_process';
import { cpus, loadavg, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { openSite } from './bench/open-site.mjs';
import { inputThread, loadSourceMaps, mainThreadBreakdown, scriptBySource } from './bench-ui-trace.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = process.env.TAILBOUND_BENCH_DIST ?? 'dist-bench-ui';
const port = Number(process.env.TAILBOUND_BENCH_PORT ?? 4402);
const INPUTS = 40;
const REPEATS = Number(process.env.TAILBOUND_BENCH_REPEATS ?? 3);
const KEY_REPEAT_MS = 40;
const MOVE_MS = 16;
const START = '#/explore?n=1000000&k=800000&p=0.8&delta=0.05&mode=upper';

// The same build as `npm run build`, plus source maps in separate files (the scripts are unchanged).
const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--sourcemap', 'hidden', '--outDir', dist, '--logLevel', 'warn'], {
  cwd: root,
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);
const sourceMaps = loadSourceMaps(fileURLToPath(new URL(`../${dist}/assets`, import.meta.url)));

const { browser, close } = await openSite(root, dist, port, ['--disable-quic', '--disable-component-update', '--disable-sync']);

/** Installed before the page's scripts: records every input's latency and every slow Event Timing entry. */
function instrument() {
  const bench = { slow: [], inputs: [], current: [], plotted: [] };
  window.__bench = bench;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) bench.slow.push({ name: entry.name, start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  // The controls' settings (data-current-key) and the settings the plots show (data-plotted-key), as they change.
  new MutationObserver((mutations) => {
    const time = performance.now();
    for (const mutation of mutations) {
      const key = mutation.target.getAttribute(mutation.attributeName);
      (mutation.attributeName === 'data-current-key' ? bench.current : bench.plotted).push({ key, time });
    }
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-current-key', 'data-plotted-key'] });
  document.addEventListener(
    'input',
    (event) => {
      if (!(event.target instanceof HTMLInputElement) || event.target.type !== 'range') return;
      const record = { start: event.timeStamp, frame: NaN };
      bench.inputs.push(record);
      requestAnimationFrame(() => {
        record.frame = performance.now() - record.start;
      });
    },
    true,
  );
}

/** The control: a native range input with nothing behind it but its own output, fixed at the foot of the page. */
function addBareSlider() {
  const label = document.createElement('label');
  label.style.cssText = 'position:fixed;left:8px;bottom:8px;z-index:1000;padding:4px 8px;background:Canvas;color:CanvasText';
  label.append('Bare slider ');
  const input = Object.assign(document.createElement('input'), { type: 'range', min: '0', max: '1000', value: '500' });
  input.style.width = '300px';
  const output = document.createElement('output');
  input.addEventListener('input', () => {
    output.textContent = input.value;
  });
  label.append(input, output);
  document.body.append(label);
}

const nextFrame = (page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve())));
const settle = (page) =>
  page.waitForFunction(() => {
    const plots = document.querySelector('[data-plotted-key]');
    const caughtUp = !plots || plots.dataset.plottedKey === plots.dataset.currentKey;
    return caughtUp && window.__bench.inputs.every((input) => !Number.isNaN(input.frame));
  });

const BARE = { name: 'bare native slider', label: /Bare slider/, sweep: 0.4 };
const ALL_SLIDERS = [
  BARE,
  // sweep: the share of the track one drag crosses; the confidence slider's 23 stops are crossed back and forth
  { name: 'confidence level (δ)', label: /^Level$/, sweep: 2 },
  { name: 'N (logarithmic)', label: /Number of tests N/, sweep: 0.4 },
  { name: 'k', label: /Number correct k/, sweep: 0.4 },
  { name: 'p', label: /Hypothesized true accuracy p/, sweep: 0.4 },
];
// TAILBOUND_BENCH_SLIDERS=p,N measures the bare slider and those only (while working on one).
const only = process.env.TAILBOUND_BENCH_SLIDERS?.split(',').map((name) => name.trim());
const SLIDERS = ALL_SLIDERS.filter((slider) => slider === BARE || !only || only.some((name) => slider.name.startsWith(name) || slider.name.includes(`(${name})`)));
const KINDS = ['held key', 'drag', 'key per frame'];

async function openExplorer() {
  const context = await browser.newContext({ viewport: { width: 1280, height: 1000 } });
  await context.addInitScript(instrument);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(`http://127.0.0.1:${port}/${START}`);
  await page.getByTestId('tail-sentence').waitFor();
  await page.evaluate(addBareSlider);
  await settle(page);
  await page.waitForTimeout(500); // the first draws and the address-bar update are over
  return { context, page, errors };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** The slider's range and where it is, to turn back at its ends without asking the page between presses. */
const rangeOf = (input) =>
  input.evaluate((element) => ({ min: Number(element.min), max: Number(element.max), step: Number(element.step) || 1, value: Number(element.value) }));

/** Arrow presses that sweep the slider back and forth from where it is: +1 right, −1 left. */
function keyDirections({ min, max, step, value }, presses) {
  let direction = value + step <= max ? 1 : -1;
  let position = value;
  const directions = [];
  for (let press = 0; press < presses; press++) {
    if (position + direction * step > max + 1e-9 || position + direction * step < min - 1e-9) direction = -direction;
    position += direction * step;
    directions.push(direction);
  }
  return directions;
}
const arrow = (direction) => (direction > 0 ? 'ArrowRight' : 'ArrowLeft');

/** A held arrow key: keydown auto-repeats every KEY_REPEAT_MS (the other arrow at an end), one keyup at the end. */
async function holdKey(page, input) {
  const directions = keyDirections(await rangeOf(input), INPUTS);
  const started = performance.now();
  let held;
  for (const [press, direction] of directions.entries()) {
    await sleep(started + press * KEY_REPEAT_MS - performance.now());
    if (held !== undefined && held !== arrow(direction)) await page.keyboard.up(held);
    held = arrow(direction);
    await page.keyboard.down(held);
  }
  await page.keyboard.up(held);
}

/** One press per frame, each sent just after a frame has begun (it waits almost a whole frame). */
async function keyPerFrame(page, input) {
  for (const direction of keyDirections(await rangeOf(input), INPUTS)) {
    await page.keyboard.press(arrow(direction));
    await nextFrame(page);
  }
}

/** pointerdown on the thumb, a move every MOVE_MS across `sweep` of the track (turning back at its ends), pointerup. */
async function drag(page, input, sweep) {
  const box = await input.boundingBox();
  const { min, max, value } = await rangeOf(input);
  const y = box.y + box.height / 2;
  let x = box.x + 8 + ((value - min) / (max - min)) * (box.width - 16); // the thumb's centre
  let direction = value < (min + max) / 2 ? 1 : -1;
  const stepPx = (sweep * box.width) / INPUTS;
  await page.mouse.move(x, y);
  await page.mouse.down();
  const started = performance.now();
  for (let move = 1; move <= INPUTS; move++) {
    await sleep(started + move * MOVE_MS - performance.now());
    x += direction * stepPx;
    if (x <= box.x + 1 || x >= box.x + box.width - 1) {
      direction = -direction;
      x = Math.min(Math.max(x, box.x + 1), box.x + box.width - 1);
    }
    await page.mouse.move(x, y);
  }
  await sleep(MOVE_MS);
  await page.mouse.up();
}

async function drive(page, slider, kind) {
  const input = page.getByRole('slider', { name: slider.label });
  if (kind === 'drag') return drag(page, input, slider.sweep);
  await input.focus();
  return kind === 'held key' ? holdKey(page, input) : keyPerFrame(page, input);
}

async function measure(page, run) {
  const from = await page.evaluate(() => ({ inputs: window.__bench.inputs.length, time: performance.now() }));
  await run();
  await settle(page);
  await page.waitForTimeout(300); // let the last Event Timing entries arrive
  return page.evaluate((from) => {
    const inputs = window.__bench.inputs.slice(from.inputs);
    const slow = window.__bench.slow.filter((entry) => entry.start >= from.time && entry.duration > 16);
    // Input → plots: for each redraw of the plots, from the input that set what they now show.
    const { current, plotted } = window.__bench;
    const lastBefore = (list, time, match = () => true) => list.filter((item) => item.time <= time && match(item)).pop();
    const plots = plotted
      .filter((draw) => draw.time >= from.time)
      .map((draw) => {
        const set = lastBefore(current, draw.time, (item) => item.key === draw.key);
        const input = set && [...inputs].reverse().find((candidate) => candidate.start <= set.time);
        return input ? draw.time - input.start : NaN;
      })
      .filter((latency) => !Number.isNaN(latency));
    return {
      slow: slow.map((entry) => ({ name: entry.name, duration: entry.duration })),
      frames: inputs.map((input) => input.frame),
      plots,
    };
  }, from);
}

const p95 = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(0.95 * sorted.length) - 1)] ?? NaN;
};

const loadBefore = loadavg();
const rows = [];
const allErrors = [];
for (const slider of SLIDERS) {
  for (const kind of KINDS) {
    const runs = [];
    for (let run = 0; run < (kind === 'key per frame' ? 1 : REPEATS); run++) {
      const { context, page, errors } = await openExplorer();
      runs.push(await measure(page, () => drive(page, slider, kind)));
      allErrors.push(...errors);
      await context.close();
    }
    const slow = runs.flatMap((run) => run.slow);
    const names = {};
    for (const entry of slow) names[entry.name] = (names[entry.name] ?? 0) + 1;
    const plots = runs.flatMap((run) => run.plots);
    rows.push({
      slider: slider.name,
      kind,
      inputs: INPUTS * runs.length,
      perRun: runs.map((run) => run.slow.length),
      over16: slow.length,
      slowest: slow.reduce((max, entry) => Math.max(max, entry.duration), 0),
      slowNames: Object.entries(names)
        .map(([name, count]) => `${count} ${name}`)
        .join(', '),
      frameP95: p95(runs.flatMap((run) => run.frames)),
      plotsP95: plots.length > 0 ? p95(plots) : NaN,
      redraws: plots.length,
    });
  }
}
const loadAfterEventPass = loadavg();

// A separate pass under a trace, because tracing takes time from the cores the measured pass runs on.
// Two traced passes: the timeline alone (the main thread's tasks, frames), then the V8 sampling
// profiler alone (script by source), since the profiler's own cost would swell the first.
const TIMELINE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'cc', 'viz', 'benchmark'];
const PROFILE_CATEGORIES = ['devtools.timeline', 'v8.execute', 'disabled-by-default-v8.cpu_profiler', 'blink.user_timing'];

/** Each frame from its start (BeginMainFrame) to its pixels drawn (Display::DrawAndSwap), in ms. */
function framePipelines(traceEvents) {
  const complete = traceEvents.filter((event) => event.ph === 'X').sort((a, b) => a.ts - b.ts);
  const named = (name) => complete.filter((event) => event.name === name);
  const mainFrameId = (event) => event.args?.main_frame_pipeline?.main_frame_id;
  const firstDraws = new Map();
  for (const draw of named('MainFrame.Draw')) if (!firstDraws.has(mainFrameId(draw))) firstDraws.set(mainFrameId(draw), draw);
  const draws = named('Display::DrawAndSwap');
  const pipelines = [];
  for (const frame of named('ProxyMain::BeginMainFrame')) {
    const firstDraw = firstDraws.get(mainFrameId(frame));
    const draw = firstDraw && draws.find((candidate) => candidate.ts >= firstDraw.ts);
    if (draw) pipelines.push((draw.ts + draw.dur - frame.ts) / 1000);
  }
  return pipelines;
}

async function tracedPass(slider, kind, categories) {
  const { context, page } = await openExplorer();
  await browser.startTracing(page, { categories });
  await page.evaluate(() => performance.mark('bench-start'));
  await drive(page, slider, kind);
  await settle(page);
  await page.waitForTimeout(250); // the debounced address-bar update and any late work belong to the inputs
  await page.evaluate(() => performance.mark('bench-end'));
  // Main-frame ids are 64-bit: read them as strings, not as (rounded) numbers.
  const trace = JSON.parse((await browser.stopTracing()).toString().replace(/"main_frame_id":(\d+)/g, '"main_frame_id":"$1"'));
  await context.close();
  const events = trace.traceEvents ?? trace;
  const thread = inputThread(events, ['keydown', 'pointerdown', 'input']);
  const marks = events.filter((event) => event.name === 'bench-start' || event.name === 'bench-end').sort((a, b) => a.ts - b.ts);
  const from = marks[0]?.ts ?? 0;
  const to = marks[marks.length - 1]?.ts ?? Infinity;
  if (categories === PROFILE_CATEGORIES) return { script: thread ? scriptBySource(events, thread[0], from, to, sourceMaps) : new Map() };
  const main = thread ? mainThreadBreakdown(events, thread, from, to) : { busy: NaN, cpu: NaN, longest: NaN, phases: new Map() };
  return { slider: slider.name, kind, ...main, pipelines: framePipelines(events) };
}

const traces = [];
for (const slider of SLIDERS) {
  for (const kind of ['held key', 'drag']) {
    const timeline = await tracedPass(slider, kind, TIMELINE_CATEGORIES);
    const { script } = slider === BARE ? { script: new Map() } : await tracedPass(slider, kind, PROFILE_CATEGORIES);
    traces.push({ ...timeline, script });
  }
}

const chromiumVersion = browser.version();
await close();

const cpu = cpus();
const loads = (values) => values.map((value) => value.toFixed(2)).join(' ');
console.log(`tail explorer UI bench — ${START}`);
console.log(`machine: ${cpu[0]?.model ?? 'unknown CPU'} × ${cpu.length} cores, ${(totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}, ${process.platform}`);
console.log(
  `load average (1, 5, 15 min) before: ${loads(loadBefore)}; after the event pass: ${loads(loadAfterEventPass)}; after the trace pass: ${loads(loadavg())} (other processes share these cores)`,
);
console.log(
  `build: ${dist}/ (vite build, hidden source maps), Chromium ${chromiumVersion}; ${INPUTS} inputs per slider and kind: held key one keydown per ${KEY_REPEAT_MS} ms, ` +
    `drag pointerdown + one move per ${MOVE_MS} ms + pointerup, key per frame one press per frame`,
);
console.log('"bare native slider" is a plain <input type=range> added to the same explorer page: the control, measured in the same run.');
console.log('');
function printTable(header, table) {
  const widths = header.map((title, column) => Math.max(title.length, ...table.map((cells) => cells[column].length)));
  const line = (cells) => cells.map((cell, column) => cell.padEnd(widths[column])).join('  ');
  console.log(line(header));
  console.log(line(widths.map((width) => '-'.repeat(width))));
  for (const cells of table) console.log(line(cells));
  console.log('');
}

const row = (slider, kind) => rows.find((candidate) => candidate.slider === slider && candidate.kind === kind);
const per100 = (result) => (100 * result.over16) / result.inputs;
const slowCell = (result) =>
  `${per100(result).toFixed(1)} (${result.perRun.join(' + ')} of ${result.inputs}) / ${result.over16 ? result.slowest : '≤16'} ms`;
console.log(
  `Slow input events (Event Timing duration over 16 ms) per 100 inputs (each run's count, of ${REPEATS} × ${INPUTS} inputs) / the longest, per slider: the issue's table.`,
);
printTable(
  ['slider', 'held key: slow per 100 / max', 'drag: slow per 100 / max'],
  SLIDERS.map((slider) => [slider.name, slowCell(row(slider.name, 'held key')), slowCell(row(slider.name, 'drag'))]),
);

const verdicts = [];
printTable(
  ['slider', 'input', 'inputs', 'slow events (by type)', 'per 100 inputs', 'bare slider per 100', 'longest', 'p95 input→next frame', 'p95 input→plots (redraws)'],
  rows.map((result) => {
    const bare = row(BARE.name, result.kind);
    if (result.slider !== BARE.name && result.kind !== 'key per frame') {
      verdicts.push({ ok: per100(result) - per100(bare) <= 3 && result.slowest <= 50, text: `${result.slider} ${result.kind}` });
    }
    return [
      result.slider,
      result.kind,
      String(result.inputs),
      result.over16 ? `${result.over16} (${result.slowNames})` : '0',
      per100(result).toFixed(1),
      per100(bare).toFixed(1),
      result.over16 ? `${result.slowest} ms` : '≤16 ms',
      `${result.frameP95.toFixed(1)} ms`,
      Number.isNaN(result.plotsP95) ? '—' : `${result.plotsP95.toFixed(1)} ms (${result.redraws})`,
    ];
  }),
);
const missed = verdicts.filter((verdict) => !verdict.ok);
console.log(
  `target: every slider's held key and drag within 3 slow events per 100 inputs of the bare slider, none over 50 ms: ` +
    (missed.length === 0 ? 'met' : `missed by ${missed.map((verdict) => verdict.text).join(', ')}`),
);
console.log('');

const ms = (microseconds) => (microseconds / 1000 / INPUTS).toFixed(2);
const phaseNames = [...new Set(traces.flatMap((trace) => [...trace.phases.keys()]))].sort();
console.log('Main-thread work per input (a second pass, under a Chrome trace of the timeline): all its tasks from the first input to');
console.log('250 ms after the plots caught up, divided by the inputs — as thread CPU time (what the main thread ran, whatever else held the');
console.log('cores) and as wall time — then its CPU time by what the thread did (self time of each trace event), ms per input. "JS key/input');
console.log('events": the slider\'s own handlers (they only note the position); "JS timers": the commit of the moves, 6 ms after the frame');
console.log('that showed them was painted (controls\' text, sentence, status, plots, intervals, in one React pass) and the address-bar update;');
console.log('"JS tasks": posted tasks, i.e. the message that starts that wait and React\'s scheduled work (effects); "other": task time outside any traced event.');
printTable(
  ['slider', 'input', 'CPU per input', 'wall per input', 'longest task', ...phaseNames],
  traces.map((trace) => [
    trace.slider,
    trace.kind,
    `${ms(trace.cpu)} ms`,
    `${ms(trace.busy)} ms`,
    `${(trace.longest / 1000).toFixed(1)} ms`,
    ...phaseNames.map((phase) => ms(trace.phases.get(phase) ?? 0)),
  ]),
);

console.log('Script time by source (a third pass, under the V8 sampling profiler, which slows script; ms per input): the app frame react-dom');
console.log('called last — the component it renders, the effect or handler it runs — else the library of the innermost frame.');
for (const trace of traces) {
  if (trace.slider === BARE.name) continue;
  const top = [...trace.script.entries()].sort((a, b) => b[1] - a[1]).filter(([, time]) => time / 1000 / INPUTS >= 0.05);
  console.log(`  ${trace.slider}, ${trace.kind}: ${top.map(([label, time]) => `${label} ${ms(time)}`).join('; ') || '—'}`);
}
console.log('');

const quantile = (values, q) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))] ?? NaN;
console.log('Frame pipeline in the traced pass: from a frame\'s start to its pixels drawn (what an event waits for once its frame has begun).');
printTable(
  ['slider', 'input', 'frames', 'pipeline median', 'pipeline p90'],
  traces.map((trace) => [
    trace.slider,
    trace.kind,
    String(trace.pipelines.length),
    `${quantile(trace.pipelines, 0.5).toFixed(1)} ms`,
    `${quantile(trace.pipelines, 0.9).toFixed(1)} ms`,
  ]),
);
if (allErrors.length > 0) {
  console.log(`page errors: ${allErrors.join(' | ')}`);
  process.exitCode = 1;
}
