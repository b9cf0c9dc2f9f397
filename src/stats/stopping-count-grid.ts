/** Successes from `from` to `from + row.length − 1` and their probabilities. */
export interface BinomialWindow {
  from: number;
  row: Float64Array;
}

/**
 * The joint distribution of the two classes' success counts (k₊, k₋) over the label paths that have
 * not stopped yet, held on a rectangle [minYes, minYes + rows) × [minNo, minNo + columns) of a dense
 * array: the state of `sequentialStopDistribution`'s dynamic programme. Three steps, each exact:
 * `advance` adds one batch (a convolution with each class's binomial row — the classes are independent
 * given the true accuracies), `stopWhere` moves the mass of every count pair that stops into the
 * caller's total, and `trimEdges` drops outer rows and columns holding (together, per edge) at most
 * `edgeMass`, returning what it dropped so the caller can report it. Internal: not validated.
 *
 * Reference: Armitage, McPherson & Rowe (1969), J. R. Statist. Soc. A 132 (the recursion over paths not yet stopped).
 *
 * @example const grid = new StoppingCountGrid(3, 4); grid.advance({ from: 0, row: binomialPmfRow(1, 0.9) }, { from: 0, row: binomialPmfRow(1, 0.8) }); grid.at(4, 5) // 0.72
 */
export class StoppingCountGrid {
  minYes: number;
  minNo: number;
  rows = 1;
  columns = 1;
  mass = new Float64Array([1]);

  constructor(yesSuccesses: number, noSuccesses: number) {
    this.minYes = yesSuccesses;
    this.minNo = noSuccesses;
  }

  /** The mass at (k₊, k₋), 0 off the rectangle. */
  at(yesSuccesses: number, noSuccesses: number): number {
    const row = yesSuccesses - this.minYes;
    const column = noSuccesses - this.minNo;
    if (row < 0 || row >= this.rows || column < 0 || column >= this.columns) return 0;
    return this.mass[row * this.columns + column]!;
  }

  /**
   * One batch: k₊ gains Binomial(b₊, a₊) and k₋ Binomial(b₋, a₋) successes, each given as a window of its
   * binomial row (`yes.row[i]` = P(yes.from + i), likewise `no`).
   */
  advance(yes: BinomialWindow, no: BinomialWindow): void {
    const yesRow = yes.row;
    const noRow = no.row;
    const rows = this.rows + yesRow.length - 1;
    const columns = this.columns + noRow.length - 1;
    // Along the YES counts first (columns unchanged), then along the NO counts.
    const byYes = new Float64Array(rows * this.columns);
    for (let row = 0; row < this.rows; row++) {
      for (let column = 0; column < this.columns; column++) {
        const here = this.mass[row * this.columns + column]!;
        if (here === 0) continue;
        for (let gained = 0; gained < yesRow.length; gained++) byYes[(row + gained) * this.columns + column]! += here * yesRow[gained]!;
      }
    }
    const next = new Float64Array(rows * columns);
    for (let row = 0; row < rows; row++) {
      for (let column = 0; column < this.columns; column++) {
        const here = byYes[row * this.columns + column]!;
        if (here === 0) continue;
        const base = row * columns + column;
        for (let gained = 0; gained < noRow.length; gained++) next[base + gained]! += here * noRow[gained]!;
      }
    }
    this.rows = rows;
    this.columns = columns;
    this.mass = next;
    this.minYes += yes.from;
    this.minNo += no.from;
  }

  /** Removes the mass of every (k₊, k₋) with k₊ ≥ `fromYes`, k₋ ≥ `fromNo` where `stops(k₊, k₋)`, and returns its total. */
  stopWhere(stops: (yesSuccesses: number, noSuccesses: number) => boolean, fromYes = this.minYes, fromNo = this.minNo): number {
    let stopped = 0;
    for (let row = Math.max(fromYes - this.minYes, 0); row < this.rows; row++) {
      for (let column = Math.max(fromNo - this.minNo, 0); column < this.columns; column++) {
        const index = row * this.columns + column;
        if (this.mass[index]! > 0 && stops(this.minYes + row, this.minNo + column)) {
          stopped += this.mass[index]!;
          this.mass[index] = 0;
        }
      }
    }
    return stopped;
  }

  /** The mass still on the grid. */
  total(): number {
    let sum = 0;
    for (const value of this.mass) sum += value;
    return sum;
  }

  /** Drops outer rows and columns while each edge's dropped total stays ≤ `edgeMass`; returns the mass dropped. */
  trimEdges(edgeMass: number): number {
    const rowSums = new Float64Array(this.rows);
    const columnSums = new Float64Array(this.columns);
    for (let row = 0; row < this.rows; row++) {
      for (let column = 0; column < this.columns; column++) {
        const value = this.mass[row * this.columns + column]!;
        rowSums[row]! += value;
        columnSums[column]! += value;
      }
    }
    const keep = (sums: Float64Array): [number, number] => {
      let first = 0;
      let dropped = 0;
      while (first < sums.length - 1 && dropped + sums[first]! <= edgeMass) dropped += sums[first++]!;
      let last = sums.length - 1;
      dropped = 0;
      while (last > first && dropped + sums[last]! <= edgeMass) dropped += sums[last--]!;
      return [first, last];
    };
    const [firstRow, lastRow] = keep(rowSums);
    const [firstColumn, lastColumn] = keep(columnSums);
    const rows = lastRow - firstRow + 1;
    const columns = lastColumn - firstColumn + 1;
    if (rows === this.rows && columns === this.columns) return 0;
    const before = this.total();
    const kept = new Float64Array(rows * columns);
    for (let row = 0; row < rows; row++) {
      for (let column = 0; column < columns; column++) kept[row * columns + column] = this.mass[(row + firstRow) * this.columns + column + firstColumn]!;
    }
    this.mass = kept;
    this.rows = rows;
    this.columns = columns;
    this.minYes += firstRow;
    this.minNo += firstColumn;
    return Math.max(before - this.total(), 0);
  }
}
