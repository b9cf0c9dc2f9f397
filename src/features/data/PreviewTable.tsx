import { TableScroll } from '../../components/TableScroll';
import type { OpenedEvaluation } from '../../data/evaluation';
import { formatWholeCount } from '../../data/format';

/** The file's first rows as DuckDB read them, with each column's detected type (of a wide file, its first columns). */
export function PreviewTable({ opened }: { opened: OpenedEvaluation }) {
  const shown = opened.columns.slice(0, opened.preview[0]?.length ?? opened.columns.length);
  const capped = shown.length < opened.columns.length;
  return (
    <TableScroll label="The file's first rows">
      <table className="data-table">
        <caption>
          First {opened.preview.length} of {formatWholeCount(opened.rows)} rows
          {capped && `, first ${shown.length} of ${formatWholeCount(opened.columns.length)} columns`}
        </caption>
        <thead>
          <tr>
            {shown.map((column) => (
              <th key={column.name} scope="col">
                {column.name} <span className="muted">{column.type.toLowerCase()}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {opened.preview.map((row, rowIndex) => (
            <tr key={rowIndex}>
              {row.map((cell, index) => (
                <td key={index}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
