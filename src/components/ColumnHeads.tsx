import type { ReactNode } from 'react';

/** A table's head row of plain column headers (scope="col"), one per name, in order. */
export function ColumnHeads({ names }: { names: readonly ReactNode[] }) {
  return (
    <thead>
      <tr>
        {names.map((name, index) => (
          <th scope="col" key={index}>
            {name}
          </th>
        ))}
      </tr>
    </thead>
  );
}
