import { describe, expect, it } from 'vitest';
import { EXPLORER_DEFAULTS } from '../../data/links';
import { BLOG_EXAMPLES, matchingExample } from './blog-examples';

describe('matchingExample', () => {
  it('finds each blog figure from its own settings, and no figure for other settings', () => {
    for (const example of BLOG_EXAMPLES) expect(matchingExample({ ...example.settings })).toBe(example);
    expect(matchingExample({ ...EXPLORER_DEFAULTS, n: 1_000_000, k: 800_000 })).toBeUndefined();
    // balanced mode compares the class counts, not N and k
    const figure7 = BLOG_EXAMPLES.find((example) => example.figure === 7)!;
    expect(matchingExample({ ...figure7.settings, n: 5 })).toBe(figure7);
    expect(matchingExample({ ...figure7.settings, no: { correct: 94, total: 100 } })).toBeUndefined();
  });
});
