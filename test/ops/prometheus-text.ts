/**
 * A strict reader of Prometheus's text exposition format (version 0.0.4), for the tests of `/metrics`:
 * it throws on any line a Prometheus server would refuse or read differently — a sample before its
 * family's TYPE, a family declared twice, a bad name, label or value, a histogram without its `+Inf`
 * bucket or whose buckets are not cumulative.
 */
export interface Sample {
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly value: number;
}

export interface Family {
  readonly name: string;
  readonly type: 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';
  readonly help: string;
  readonly samples: Sample[];
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);
const SUFFIXES: Record<Family['type'], readonly string[]> = {
  counter: [''],
  gauge: [''],
  untyped: [''],
  histogram: ['_bucket', '_sum', '_count'],
  summary: ['', '_sum', '_count'],
};

export function parsePrometheus(text: string): Map<string, Family> {
  const families = new Map<string, Family>();
  const helps = new Map<string, string>();
  let current: Family | null = null;
  const lines = text.split('\n');
  if (lines.at(-1) !== '') throw new Error('the text does not end with a line feed');
  lines.forEach((line, n) => {
    const where = `line ${n + 1} (${JSON.stringify(line)})`;
    if (line === '') return;
    if (line.startsWith('# HELP ')) {
      const [name, ...rest] = line.slice(7).split(' ');
      if (!name || !NAME.test(name)) throw new Error(`${where}: bad metric name`);
      if (helps.has(name)) throw new Error(`${where}: a second HELP for ${name}`);
      helps.set(name, rest.join(' '));
      return;
    }
    if (line.startsWith('# TYPE ')) {
      const [name, type, extra] = line.slice(7).split(' ');
      if (!name || !NAME.test(name) || !type || !TYPES.has(type) || extra !== undefined)
        throw new Error(`${where}: bad TYPE line`);
      if (families.has(name)) throw new Error(`${where}: ${name} declared twice`);
      current = { name, type: type as Family['type'], help: helps.get(name) ?? '', samples: [] };
      families.set(name, current);
      return;
    }
    if (line.startsWith('#')) return;
    const sample = parseSample(line, where);
    const family = current as Family | null;
    if (!family || !SUFFIXES[family.type].some((s) => sample.name === `${family.name}${s}`))
      throw new Error(`${where}: a sample outside its family's TYPE block`);
    family.samples.push(sample);
  });
  for (const family of families.values()) if (family.type === 'histogram') checkHistogram(family);
  return families;
}

function parseSample(line: string, where: string): Sample {
  const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})? (\S+)( -?\d+)?$/.exec(line);
  if (!m) throw new Error(`${where}: not a sample line`);
  const labels: Record<string, string> = {};
  let rest = m[3] ?? '';
  while (rest !== '') {
    const l = /^([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\[\\"n])*)"(,|$)/.exec(rest);
    if (!l || !LABEL.test(l[1] as string)) throw new Error(`${where}: bad labels`);
    const key = l[1] as string;
    if (key in labels) throw new Error(`${where}: label ${key} twice`);
    labels[key] = (l[2] as string).replace(/\\(["\\n])/g, (_, c: string) => (c === 'n' ? '\n' : c));
    rest = rest.slice(l[0].length);
  }
  const raw = m[4] as string;
  // As Prometheus reads a value (Go's ParseFloat): NaN and Inf in any case — prom-client writes "Nan".
  const special = /^([+-]?)(inf|infinity|nan)$/i.exec(raw);
  const value = special
    ? (special[2] as string).toLowerCase() === 'nan'
      ? Number.NaN
      : special[1] === '-'
        ? Number.NEGATIVE_INFINITY
        : Number.POSITIVE_INFINITY
    : Number(raw);
  if (!special && (raw.trim() === '' || Number.isNaN(value))) throw new Error(`${where}: bad value`);
  return { name: m[1] as string, labels, value };
}

/** Each series' buckets cumulative, ending at +Inf equal to its _count. */
function checkHistogram(f: Family): void {
  const series = new Map<string, { le: number; value: number }[]>();
  const counts = new Map<string, number>();
  const key = (labels: Record<string, string>) =>
    JSON.stringify(
      Object.entries(labels)
        .filter(([k]) => k !== 'le')
        .sort(),
    );
  for (const s of f.samples) {
    if (s.name.endsWith('_bucket')) {
      const le = s.labels.le;
      if (le === undefined) throw new Error(`${f.name}: a bucket without le`);
      const list = series.get(key(s.labels)) ?? [];
      list.push({ le: le === '+Inf' ? Number.POSITIVE_INFINITY : Number(le), value: s.value });
      series.set(key(s.labels), list);
    } else if (s.name.endsWith('_count')) counts.set(key(s.labels), s.value);
  }
  for (const [k, buckets] of series) {
    const sorted = [...buckets].sort((a, b) => a.le - b.le);
    if (sorted.at(-1)?.le !== Number.POSITIVE_INFINITY) throw new Error(`${f.name}${k}: no +Inf bucket`);
    sorted.forEach((b, i) => {
      if (i > 0 && b.value < (sorted[i - 1] as { value: number }).value)
        throw new Error(`${f.name}${k}: buckets not cumulative`);
    });
    if (counts.get(k) !== sorted.at(-1)?.value)
      throw new Error(`${f.name}${k}: +Inf bucket differs from _count`);
  }
}

/** The value of the one sample named `name` whose labels include `labels`; throws if none or several. */
export function sampleValue(
  families: Map<string, Family>,
  family: string,
  name: string,
  labels: Record<string, string> = {},
): number {
  const f = families.get(family);
  if (!f) throw new Error(`no family ${family}`);
  const found = f.samples.filter(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );
  if (found.length !== 1)
    throw new Error(`${found.length} samples ${name}${JSON.stringify(labels)} in ${family}`);
  return (found[0] as Sample).value;
}
