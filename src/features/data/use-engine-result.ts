import { useEffect, useState } from 'react';

/**
 * What an engine query gives for a section's current inputs: `load` runs whenever it changes (the
 * caller memoises it on its inputs; null runs nothing), and its result is returned only while `key`
 * (what the result is shown for) still matches — the last result stays until a new one arrives for the
 * same key, and one that arrives after the inputs changed is dropped. A failure becomes `problem`,
 * in words: "<failure>: <the engine's message>".
 */
export function useEngineResult<T>(key: string, load: (() => Promise<T>) | null, failure: string) {
  const [result, setResult] = useState<{ key: string; value: T } | null>(null);
  const [problem, setProblem] = useState('');
  useEffect(() => {
    if (load === null) return undefined;
    let current = true;
    load()
      .then((value) => {
        if (!current) return;
        setResult({ key, value });
        setProblem('');
      })
      .catch((error: unknown) => {
        if (current) setProblem(`${failure}: ${error instanceof Error ? error.message : String(error)}`);
      });
    return () => {
      current = false;
    };
  }, [load, key, failure]);
  const value = result && result.key === key ? result.value : undefined;
  return [value, problem, setProblem] as const;
}
