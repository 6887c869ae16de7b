// A percentile bootstrap of macro nDCG@10: cases resampled within each family (seeded, so reruns agree).
export type Interval = { mean: number; low: number; high: number };

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

function interval(samples: number[], point: number): Interval {
  samples.sort((a, b) => a - b);
  const at = (p: number) => samples[Math.min(samples.length - 1, Math.floor(p * samples.length))] as number;
  return { mean: point, low: at(0.025), high: at(0.975) };
}

/** 95% intervals for each family's mean and for the macro mean over families. */
export function bootstrap(
  byFamily: ReadonlyMap<string, readonly number[]>,
  rounds = 2000,
  seed = 14,
): { families: Map<string, Interval>; macro: Interval } {
  const random = rng(seed);
  const names = [...byFamily.keys()].sort();
  const draws = new Map(names.map((f) => [f, [] as number[]]));
  const macros: number[] = [];
  for (let r = 0; r < rounds; r++) {
    let total = 0;
    for (const f of names) {
      const xs = byFamily.get(f) as readonly number[];
      let s = 0;
      for (let i = 0; i < xs.length; i++) s += xs[Math.floor(random() * xs.length)] as number;
      draws.get(f)?.push(s / xs.length);
      total += s / xs.length;
    }
    macros.push(total / names.length);
  }
  const families = new Map(
    names.map((f) => [f, interval(draws.get(f) as number[], mean(byFamily.get(f) as number[]))]),
  );
  const macro = interval(macros, mean(names.map((f) => mean(byFamily.get(f) as number[]))));
  return { families, macro };
}

export const formatInterval = (i: Interval) =>
  `${i.mean.toFixed(3)} [${i.low.toFixed(3)}, ${i.high.toFixed(3)}]`;
