// Reading a Chrome trace of the tail explorer for scripts/bench-ui.mjs: the main thread's work per
// input, by what the browser did (script in each kind of task, style, layout, paint, garbage
// collection), and the script time by the source it ran (the app's own files, through the build's
// source maps, or the library it belongs to).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The renderer main thread that handled `eventType` input events: [pid, tid]. */
export function inputThread(events, eventTypes) {
  const counts = new Map();
  for (const event of events) {
    if (event.name === 'EventDispatch' && eventTypes.includes(event.args?.data?.type)) {
      const key = `${event.pid}:${event.tid}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  const best = [...counts.entries()].sort((a, b) => b[1] - a[1])[0];
  return best ? best[0].split(':').map(Number) : undefined;
}

/** What a trace event on the main thread is, for the breakdown; undefined: a wrapper whose children say. */
function phaseOf(event) {
  const { name } = event;
  if (name === 'EventDispatch') {
    const type = event.args?.data?.type ?? '';
    if (type === 'pointerdown' || type === 'pointerup' || type === 'mousedown' || type === 'mouseup' || type === 'click') return 'JS pointer down/up';
    if (type === 'pointermove' || type === 'mousemove') return 'JS pointer move';
    if (type === 'keydown' || type === 'keyup' || type === 'input' || type === 'change') return 'JS key/input events';
    return 'JS other events';
  }
  if (name === 'TimerFire') return 'JS timers';
  if (name === 'FireAnimationFrame') return 'JS rAF';
  if (name === 'FunctionCall' || name === 'v8.callFunction' || name === 'V8.Execute' || name === 'EvaluateScript') return 'JS tasks';
  if (name === 'UpdateLayoutTree' || name === 'RecalculateStyles' || name === 'ScheduleStyleRecalculation') return 'style';
  if (name === 'Layout') return 'layout';
  if (name === 'PrePaint') return 'pre-paint';
  if (name === 'Paint' || name === 'PaintImage') return 'paint';
  if (name === 'Layerize' || name === 'UpdateLayer' || name === 'UpdateLayerTree') return 'layerize';
  if (name === 'Commit') return 'commit';
  if (/GC|garbage/i.test(name)) return 'GC';
  if (name === 'HitTest') return 'hit test';
  if (name === 'RunTask' || name === 'ThreadControllerImpl::RunTask') return 'other';
  return undefined;
}

/**
 * The main thread's work in [from, to] (µs, trace clock), as top-level tasks: their wall time and
 * their thread CPU time (`tdur`: what the thread itself ran, not the time it waited for a core that
 * other processes held), and the CPU time split by phase: each event's self time (its own less its
 * children's) goes to its own phase, or to its parent's when it has none of its own.
 */
export function mainThreadBreakdown(events, [pid, tid], from, to) {
  const mine = events
    .filter((event) => event.ph === 'X' && event.pid === pid && event.tid === tid && event.ts >= from && event.ts <= to && event.dur > 0)
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const phases = new Map();
  let busy = 0;
  let cpu = 0;
  let longest = 0;
  const stack = [];
  const closeUntil = (time) => {
    while (stack.length > 0 && stack[stack.length - 1].end <= time) {
      const done = stack.pop();
      phases.set(done.phase, (phases.get(done.phase) ?? 0) + Math.max(0, done.cpu - done.children));
    }
  };
  for (const event of mine) {
    closeUntil(event.ts);
    const parent = stack[stack.length - 1];
    const eventCpu = event.tdur ?? event.dur;
    if (!parent) {
      busy += event.dur;
      cpu += eventCpu;
      longest = Math.max(longest, event.dur);
    } else parent.children += eventCpu;
    // Script called from an event, an animation frame or a timer counts as theirs.
    const own = phaseOf(event);
    const phase = own === 'JS tasks' && parent?.phase.startsWith('JS') ? parent.phase : (own ?? parent?.phase ?? 'other');
    stack.push({ end: event.ts + event.dur, cpu: eventCpu, children: 0, phase });
  }
  closeUntil(Infinity);
  return { busy, cpu, longest, phases };
}

/** Base64 VLQ source-map segments, decoded: [generated column, source, line, column, name?] per segment, per line. */
export function decodeMappings(mappings) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  const values = new Map([...alphabet].map((char, index) => [char, index]));
  const lines = [];
  const state = [0, 0, 0, 0, 0];
  for (const line of mappings.split(';')) {
    const segments = [];
    state[0] = 0;
    for (const segment of line.split(',')) {
      if (!segment) continue;
      const fields = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = values.get(char);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      fields.forEach((field, index) => (state[index] += field));
      segments.push(state.slice(0, fields.length));
    }
    lines.push(segments);
  }
  return lines;
}

/** The built scripts' source maps (`vite build --sourcemap hidden`), by file name. */
export function loadSourceMaps(assetsDir) {
  const maps = new Map();
  for (const file of readdirSync(assetsDir)) {
    if (!file.endsWith('.js.map')) continue;
    const map = JSON.parse(readFileSync(join(assetsDir, file), 'utf8'));
    maps.set(file.slice(0, -'.map'.length), { sources: map.sources, contents: map.sourcesContent ?? [], lines: decodeMappings(map.mappings) });
  }
  return maps;
}

/** The original file and line of a built script's position (0-based line and column), or undefined. */
function originalPosition(map, line, column) {
  const segments = map.lines[line];
  if (!segments) return undefined;
  let found;
  for (const segment of segments) {
    if (segment[0] > column) break;
    if (segment.length >= 4) found = segment;
  }
  return found && { source: map.sources[found[1]], line: found[2] };
}

const NAME_PATTERNS = [/function\s*\*?\s*([\w$]+)/, /(?:const|let|var)\s+([\w$]+)\s*=/, /^\s*(?:async\s+)?([\w$]+)\s*\(/, /([\w$]+)\s*[:=]\s*(?:async\s*)?(?:\(|function)/];

/** Where a profiled function comes from: the app's file and function, or the library it belongs to. */
function bucketOf(callFrame, maps, cache) {
  const key = `${callFrame.url}:${callFrame.lineNumber}:${callFrame.columnNumber}:${callFrame.functionName}`;
  if (cache.has(key)) return cache.get(key);
  let bucket;
  if (!callFrame.url) bucket = { label: callFrame.functionName ? `(${callFrame.functionName.replace(/[()]/g, '')})` : '(native)', app: false };
  else {
    const file = callFrame.url.split('/').pop().split('?')[0];
    const map = maps.get(file);
    const position = map && originalPosition(map, callFrame.lineNumber, callFrame.columnNumber);
    if (!position) bucket = { label: `${file} (unmapped)`, app: false };
    else {
      const source = position.source.replace(/^(\.\.\/)+/, '');
      const library = source.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
      if (library) bucket = { label: library[1], app: false };
      else {
        const content = map.contents[map.sources.indexOf(position.source)] ?? '';
        const text = content.split('\n')[position.line] ?? '';
        const name = NAME_PATTERNS.map((pattern) => text.match(pattern)?.[1]).find(Boolean);
        const short = source.replace(/^src\//, '');
        bucket = { label: name ? `${short}: ${name}` : short, app: !short.startsWith('stats/') };
      }
    }
  }
  cache.set(key, bucket);
  return bucket;
}

/**
 * The script time of the V8 sampling profile in [from, to] (µs), by where it went: each sample goes to
 * the app's frame that react-dom called last on its stack — the component it is rendering, the effect
 * or the event handler it runs, so a component's maths and formatting count as its own — or, with no
 * app code below react-dom's last frame, to the library of the innermost frame (react-dom reconciling
 * and committing, recharts' own components, …). '(program)' is the browser's own work (style, layout,
 * paint), counted in the main-thread table. Returns microseconds by bucket.
 */
export function scriptBySource(events, pid, from, to, maps) {
  const nodes = new Map();
  const samples = [];
  // A profile's clock: its Profile event's startTime (trace clock), then each chunk's time deltas in order.
  const clocks = new Map();
  for (const event of events) {
    if (event.name === 'Profile' && event.pid === pid) clocks.set(event.id, event.args?.data?.startTime ?? event.ts);
  }
  const chunks = events.filter((event) => event.name === 'ProfileChunk' && event.pid === pid && clocks.has(event.id)).sort((a, b) => a.ts - b.ts);
  for (const event of chunks) {
    const data = event.args?.data;
    for (const node of data?.cpuProfile?.nodes ?? []) {
      nodes.set(`${event.id}:${node.id}`, { callFrame: node.callFrame, parentKey: node.parent === undefined ? undefined : `${event.id}:${node.parent}` });
    }
    const deltas = data?.timeDeltas ?? [];
    (data?.cpuProfile?.samples ?? []).forEach((id, index) => {
      const time = clocks.get(event.id) + (deltas[index] ?? 0);
      clocks.set(event.id, time);
      samples.push({ key: `${event.id}:${id}`, time });
    });
  }
  samples.sort((a, b) => a.time - b.time);
  const cache = new Map();
  const buckets = new Map();
  for (let index = 0; index < samples.length - 1; index++) {
    const sample = samples[index];
    if (sample.time < from || sample.time > to) continue;
    const interval = Math.min(samples[index + 1].time - sample.time, 2000);
    let node = nodes.get(sample.key);
    const leaf = node && bucketOf(node.callFrame, maps, cache);
    if (!leaf || leaf.label === '(idle)' || leaf.label === '(root)' || leaf.label === '(program)') continue;
    // From the root down: the first app frame after the last react-dom frame above it.
    const stack = [];
    for (; node; node = node.parentKey === undefined ? undefined : nodes.get(node.parentKey)) stack.unshift(bucketOf(node.callFrame, maps, cache));
    let chosen;
    for (const bucket of stack) {
      if (bucket.label === 'react-dom') chosen = undefined;
      else if (bucket.app && chosen === undefined) chosen = bucket.label;
    }
    const label = chosen ?? leaf.label;
    buckets.set(label, (buckets.get(label) ?? 0) + interval);
  }
  return buckets;
}
