import type { ReactNode } from 'react';

/** A select's options, one per value, each shown as `label(value)` (the value itself by default). */
export function SelectOptions<T extends string>({ values, label }: { values: readonly T[]; label?: (value: T) => ReactNode }) {
  return (
    <>
      {values.map((value) => (
        <option key={value} value={value}>
          {label ? label(value) : value}
        </option>
      ))}
    </>
  );
}
