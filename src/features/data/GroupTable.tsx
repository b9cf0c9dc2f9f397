import type { ReactNode } from 'react';
import { ColumnHeads } from '../../components/ColumnHeads';
import { TableScroll } from '../../components/TableScroll';

/** How a row without a value of the slice column is named. */
export const MISSING = '(missing)';

/**
 * A table of one row per group (a slice column's value), the group as each row's header: the
 * slices' and the paired slices' tables. `cells` gives the rest of a row's cells.
 */
export function GroupTable<Row extends { group: string | null }>({
  label,
  caption,
  columns,
  rows,
  cells,
}: {
  label: string;
  caption: ReactNode;
  /** Every column's heading, the group's first. */
  columns: string[];
  rows: Row[];
  cells: (row: Row) => ReactNode;
}) {
  return (
    <TableScroll label={label}>
      <table className="data-table">
        <caption>{caption}</caption>
        <ColumnHeads names={columns} />
        <tbody>
          {rows.map((row) => (
            <tr key={row.group ?? MISSING}>
              <th scope="row">{row.group ?? MISSING}</th>
              {cells(row)}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
