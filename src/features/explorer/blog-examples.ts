import { EXPLORER_DEFAULTS, explorerHref, explorerLinkFor, type ExplorerSettings } from '../../data/links';
import { formatInterval, formatPercent } from '../../data/format';
import { balancedInterval, binomialCdf, exactInterval, exactLowerBound, exactUpperBound } from '../../stats';

export interface BlogExample {
  figure: number;
  /** Short menu text. */
  title: string;
  /** The blog's caption, verbatim. */
  caption: string;
  settings: ExplorerSettings;
}

const running = { ...EXPLORER_DEFAULTS, n: 100, k: 80, delta: 0.05 };

/** The blog's Figures 3–7 with their exact settings (binomial-tail-blog-page-with-figure-captions.txt). */
export const BLOG_EXAMPLES: readonly BlogExample[] = [
  {
    figure: 3,
    title: 'p = 80%: a 54% chance of 80 or fewer',
    caption:
      'Binomial PMF (top) and CDF (bottom) for N=100 and true accuracy 80.0%. The CDF shows there is a 54% chance of seeing an empirical accuracy of 80% or less.',
    settings: { ...running, mode: 'upper', p: 0.8 },
  },
  {
    figure: 4,
    title: 'p = 83%: a 24.8% chance',
    caption:
      'Binomial PMF (top) and CDF (bottom) for N=100 and true accuracy 83.0%. The CDF shows there is a 24.8% chance of seeing an empirical accuracy of 80% or less.',
    settings: { ...running, mode: 'upper', p: 0.83 },
  },
  {
    figure: 5,
    title: 'p = 86.3%: a 5% chance — the 95% upper bound',
    caption:
      'Binomial PMF (top) and CDF (bottom) for N=100 and true accuracy 86.3%. The CDF shows there is a 5% chance of seeing an empirical accuracy of 80% or less.',
    settings: { ...running, mode: 'upper', p: 0.863 },
  },
  {
    figure: 6,
    title: 'central vs one-sided 95% bounds for 80/100',
    caption: 'Central confidence intervals produce wider bounds to correct for multiple testing.',
    settings: { ...running, mode: 'central', p: 0.8 },
  },
  {
    figure: 7,
    title: 'balanced accuracy for YES 90/100 and NO 95/100',
    caption: 'The balanced accuracy is bounded by the respective averages of the lower and upper bounds.',
    settings: { ...EXPLORER_DEFAULTS, mode: 'balanced', delta: 0.05, yes: { correct: 90, total: 100 }, no: { correct: 95, total: 100 } },
  },
];

/** The link that reproduces an example. */
export const exampleHref = (example: BlogExample) => explorerHref(explorerLinkFor(example.settings));

/** The examples by their links, built once: the explorer looks its settings up at every step of a drag. */
let examplesByHref: Map<string, BlogExample> | undefined;

/** The example whose view these settings are, if any (same link, so the same picture). */
export function matchingExample(settings: ExplorerSettings): BlogExample | undefined {
  examplesByHref ??= new Map(BLOG_EXAMPLES.map((example) => [exampleHref(example), example]));
  return examplesByHref.get(explorerHref(explorerLinkFor(settings)));
}

export interface ExampleFact {
  label: string;
  value: string;
}

const sixDigits = (value: number) => value.toFixed(6);

/** The caption's numbers, recomputed by the stats library, with the precision behind them. */
export function exampleFacts(example: BlogExample): ExampleFact[] {
  const { n, k, p, delta, yes, no } = example.settings;
  switch (example.figure) {
    case 3:
    case 4:
    case 5: {
      const tail = binomialCdf(k, n, p);
      const facts = [{ label: `F(${k}; ${n}, ${p})`, value: `${tail.toFixed(5)} → ${formatPercent(tail, 1)}` }];
      if (example.figure === 5) {
        const bound = exactUpperBound(n, k, delta);
        facts.push({
          label: 'exact 95% one-sided upper bound',
          value: `${sixDigits(bound)} (the blog’s 86.3%; ${formatPercent(bound, 2, 'up')} rounded up)`,
        });
      }
      return facts;
    }
    case 6: {
      const central = exactInterval(n, k, delta);
      const oneSided = { estimate: k / n, lower: exactLowerBound(n, k, delta), upper: exactUpperBound(n, k, delta) };
      return [
        { label: '95% central interval (2.5% per tail)', value: `${formatInterval(central)} = [${sixDigits(central.lower)}, ${sixDigits(central.upper)}]` },
        { label: '95% one-sided bounds (5% each)', value: `${formatInterval(oneSided)} = [${sixDigits(oneSided.lower)}, ${sixDigits(oneSided.upper)}]` },
      ];
    }
    default: {
      const balanced = balancedInterval({ yes, no }, delta);
      return [
        { label: 'balanced 95% interval', value: `${formatInterval(balanced)} = [${sixDigits(balanced.lower)}, ${sixDigits(balanced.upper)}]` },
      ];
    }
  }
}
