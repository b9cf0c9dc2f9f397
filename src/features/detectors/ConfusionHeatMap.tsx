import { useCallback, type CSSProperties } from 'react';
import { CountField } from '../../components/CountField';
import { TableScroll } from '../../components/TableScroll';
import { formatHonestPercent, formatWholeCount } from '../../data/format';

export interface ConfusionHeatMapProps {
  classes: readonly string[];
  /** Rows = true class, columns = answer. */
  matrix: readonly (readonly number[])[];
  /** Receives only matrices whose every row keeps an example. */
  onMatrixChange: (matrix: number[][]) => void;
}

/** The strongest tint a cell takes (at 100% of its row): dark enough to see, light enough that the text keeps its contrast in both themes. */
const STRONGEST_TINT = 45;

/**
 * The confusion matrix as a table shaded by row percentage (the share of the true class given each
 * answer), each cell an editable count with its row percentage; a cell's edit that would leave its
 * class with no examples is refused in the field, since recall is then 0/0.
 */
export function ConfusionHeatMap({ classes, matrix, onMatrixChange }: ConfusionHeatMapProps) {
  const rowTotals = matrix.map((row) => row.reduce((sum, cell) => sum + cell, 0));
  const commit = useCallback(
    (i: number, j: number, value: number) => onMatrixChange(matrix.map((row, r) => row.map((cell, c) => (r === i && c === j ? value : cell)))),
    [matrix, onMatrixChange],
  );
  return (
    <section className="accuracy-card confusion-map" aria-labelledby="confusion-heading">
      <h2 id="confusion-heading">Confusion matrix</h2>
      <p className="provenance">
        Rows are the true class, columns the answer; each cell shows its count and its share of the row (the row percentage), shaded by
        that share. The diagonal holds each class’s correct answers. Edit a count; the address follows.
      </p>
      <TableScroll label="Confusion matrix counts, by true class and answer">
        <table className="confusion-map__table">
          <thead>
            <tr>
              <th scope="col">True class ↓ / answer →</th>
              {classes.map((name) => (
                <th key={name} scope="col">
                  {name}
                </th>
              ))}
              <th scope="col">Examples</th>
            </tr>
          </thead>
          <tbody>
            {matrix.map((row, i) => (
              <tr key={classes[i]}>
                <th scope="row">{classes[i]}</th>
                {row.map((cell, j) => {
                  const share = cell / rowTotals[i]!;
                  const others = rowTotals[i]! - cell;
                  return (
                    <td
                      key={classes[j]}
                      className={i === j ? 'confusion-map__diagonal' : undefined}
                      style={{ '--tint': `${Math.round(share * STRONGEST_TINT)}%` } as CSSProperties}
                    >
                      <CountField
                        className="confusion-map__field"
                        label={`${classes[i]} examples answered ${classes[j]}`}
                        value={cell}
                        onCommit={(value) => commit(i, j, value)}
                        min={others === 0 ? { value: 1, message: `${classes[i]} needs at least one example: its row has no other count.` } : undefined}
                      />
                      <span className="confusion-map__share">{formatHonestPercent(share, 'nearest')}</span>
                    </td>
                  );
                })}
                <td>{formatWholeCount(rowTotals[i]!)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}
