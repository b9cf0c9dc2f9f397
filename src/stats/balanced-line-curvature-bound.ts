import { binomialModeBound } from './binomial-mode-bound';
import { type BinomialWindow, binomialWindow, fillBinomialWindow } from './fill-binomial-window';

/**
 * Relative slack on the sum: the rows' probabilities are good to ~1e-12 (Loader's mode term, an ulp
 * per recurrence step) and within 1e-9 of those at the true box's ends (see `bound`).
 */
const ROUNDING = 1e-6;
/** The rounding of b = c − s (c < 2): half an ulp of 2, with room. */
const B_ROUNDING = 4.5e-16;
/** Absolute slack on the computed ratio polynomials (|αx − 1| and the parabola, ~1e-16 near the mode). */
const SLACK = 1e-13;
/** Past this many standard deviations of width a cell's envelopes say little: the crude bound is used. */
const WIDEST_CELL = 12;
/**
 * Past this class size Berry–Esseen settles most lines, and the rows' buffers (three of n doubles a
 * class) cost more than the bound saves: measured, 834,040/837,143 with 5,544/6,698 took 39 ms with
 * it and 22 ms without; 3/5 with 1,999,998/2,000,000 at δ = 10⁻⁶ 68 ms and 33 ms.
 */
const LARGEST_CLASS = 300_000;

/**
 * The boundary of a staircase tail set {x_B ≥ first(x_A)} (first non-increasing): what
 * `BalancedLineCurvature` needs of an ordering.
 */
export interface StaircaseBoundary {
  /** Writes first(i) for i = from..to into out[0..to − from] (any whole number: ≤ 0 or > n_B where every or no x_B will do). */
  fill(from: number, to: number, out: Float64Array): void;
  /** The most cells a column (a row) of the staircase can hold: what is left outside the rows' windows is weighted by it. */
  cellsPerColumn: number;
  cellsPerRow: number;
  /** Abel's weights are e_i = n_A·first(i) + n_B·i − centre; undefined: the middle of their range over the columns summed. */
  centre?: number;
}

/**
 * The estimate's ordering T = n_B·x_A + n_A·x_B ≥ t: first(i) = ⌈(t − n_B·i)/n_A⌉, walked in exact
 * integer steps (the numerators are whole numbers below 2³⁸); a column holds at most ⌈n_B/n_A⌉ + 1
 * cells, a row ⌈n_A/n_B⌉ + 1; e_i = slack_i − n_A/2 ∈ [−n_A/2, n_A/2).
 */
export function linearStaircase(nA: number, nB: number, t: number): StaircaseBoundary {
  const stepWhole = Math.floor(nB / nA);
  const stepRest = nB - stepWhole * nA;
  return {
    fill(from, to, out) {
      let first = Math.ceil((t - nB * from) / nA);
      let slack = first * nA - (t - nB * from);
      for (let i = from; i <= to; i++) {
        out[i - from] = first;
        first -= stepWhole;
        slack += stepRest;
        if (slack >= nA) {
          slack -= nA;
          first--;
        }
      }
    },
    cellsPerColumn: Math.ceil(nB / nA) + 1,
    cellsPerRow: Math.ceil(nA / nB) + 1,
    centre: t + nA / 2,
  };
}

/**
 * An upper bound on |h''| over a cell of the line, h(s) = P[(X_A, X_B) in a staircase set] at
 * (a, b) = (s, c − s) — the estimate's ordering T = n_B·X_A + n_A·X_B ≥ t, or any other whose set
 * is a staircase — for every (a, b) in the box [aLo, aHi] × [bLo, bHi]; Infinity where it
 * does not apply (a class of fewer than 2 or more than LARGEST_CLASS, a box many standard
 * deviations wide).
 *
 * Why: h'' = F_aa − 2F_ab + F_bb is a difference of three terms that are each ~240 at 700 per
 * class, where h'' itself is ~1 — the mean of T is the same all along the line. Bounding the
 * three terms one by one gives ~6,700; this bound keeps the cancellation and gives ~30.
 *
 * Formula. With shift differences Δ_A g(i, j) = g(i + 1, j) − g(i, j) (and Δ_B in j), the
 * binomial expectation is E g(X_A, X_B) = [(1 + aΔ_A)^{n_A} (1 + bΔ_B)^{n_B} g](0, 0). For the
 * indicator H(i, j) = 1{n_B·i + n_A·j ≥ t}, differentiating twice along (1, −1) gives exactly
 *   h'' = E[(Q H)(Z_A, Z_B)],  Z_A ~ Binomial(n_A − 2, a), Z_B ~ Binomial(n_B − 2, b),
 *   Q = D·R + S·Δ_B,
 *   D = n_A Δ_A − n_B Δ_B,   R = (n_A − 1)Δ_A − (n_B − 1)Δ_B + (κ + κ')Δ_AΔ_B,
 *   S = −N Δ_A − (κ + Na)Δ_A² + (κ − Nb)Δ_AΔ_B + (κκ' − Nab)Δ_A²Δ_B,
 *   κ = n_A b − n_B a,  κ' = (n_A − 1)b − (n_B − 1)a,  N = n_A + n_B.
 * D is the difference along the line's direction: on functions of n_B·i + n_A·j its first-order
 * part vanishes (and nearly so on a staircase close to such a line: the union bound's). Moving each operator onto the probabilities (summation by parts, ∇ the adjoint:
 * ∇u(i) = u(i − 1) − u(i)), with u, v the rows of Z_A, Z_B:
 *   h'' = Σ (R*ρ)(i, j)·DH(i, j) + Σ (S*ρ)(i, j)·Δ_B H(i, j),   ρ = u(i)v(j),
 *   R*ρ = (n_A − 1)∇u·v − (n_B − 1)u·∇v + (κ + κ')∇u·∇v,
 *   S*ρ = −N∇u·v − (κ + Na)∇²u·v + (κ − Nb)∇u·∇v + (κκ' − Nab)∇²u·∇v.
 * DH and Δ_B H vanish off the boundary staircase (for {n_B·i + n_A·j ≥ t} one or a few cells per
 * column i), with |DH| ≤ max(n_A, n_B) and Δ_B H ∈ {0, 1}. So |h''| is at most the sum over the
 * staircase of the absolute terms, each factor replaced by its largest value over the box:
 *  • u(k) = f(k; M, a) rises in a below a = k/M and falls above: its largest value is at aLo or
 *    aHi (rows filled there), or ≤ √(M / (2πk(M − k))) (Stirling–Robbins) when k/M is inside;
 *  • ∇u(k) = u(k)(α_k x − 1) and ∇²u(k) = u(k)(α_kα_{k−1}x² − 2α_k x + 1), x = (1 − a)/a,
 *    α_k = k/(M − k + 1): a line and a convex parabola in x, largest in absolute value at the ends
 *    of x's range or at the vertex x = 1/α_{k−1}; the triangle inequality bounds them too;
 *  • κ, κ' are linear (extremes at the box's corners); |κκ' − Nab| ≤ |κ||κ'| + N·a·b.
 * The R part is bounded two ways and the smaller taken: cell by cell, Σ |DH|·|R*ρ|; and by Abel's
 * summation along the staircase, which keeps a second cancellation: with ψ_i = R*ρ at column i's
 * top cell and count_i the column's cells, Σ R*ρ·DH = Σ_i (n_A count_i − n_B)ψ_i + n_A Σ (R*ρ − ψ_i)
 * over each column's cells, and n_A count_i − n_B = e_i − e_{i+1} exactly for e_i = n_A j*(i) +
 * n_B i − C, any constant C (for T: C = t + n_A/2, so e_i ∈ [−n_A/2, n_A/2)); so the first sum is
 * Σ_i e_i (ψ_i − ψ_{i−1}). Differences of ψ
 * (bounded through ∇²u, ∇u·∇v, ∇²v: the same parabolas) are ~1/σ of ψ: ~√n smaller at large n.
 * Probability left outside the rows' windows (`dropped`) is added with the largest coefficient
 * and the most cells a row or column of the staircase can hold.
 *
 * Reference: the operator form of binomial expectations is the Bernstein-polynomial identity
 * (Lorentz, Bernstein Polynomials, 1953, §1.4); summation by parts as in Abel. Derived for this
 * module; checked against difference quotients of h in `balanced-line-curvature-bound.test.ts`
 * (fast-check; halving the bound or dropping a part fails it). Measured: ~30 on a cell at the
 * peak of the line of 544/710 with 631/762 (the three-term bound: ~6,700), ~1,000 at 5·10⁴ per
 * class (~1.1·10⁶), against a true |h''| of ~1–5; wider cells inflate it (the envelopes take each
 * factor's largest value over the box, ~3.5× at one standard deviation wide).
 * Domain: class sizes 1..10⁷ (Infinity past LARGEST_CLASS), 0 ≤ aLo ≤ aHi ≤ 1,
 * 0 ≤ bLo ≤ bHi ≤ 1 (where p can reach 0 only the triangle inequality bounds the differences).
 * Internal: not validated. One instance per (n_A, n_B, staircase): its buffers are reused from call to call.
 *
 * @example new BalancedLineCurvature(710, 762, linearStaircase(710, 762, 862538), 1e-10).bound(0.776, 0.777, 0.775, 0.776) // ≈ 35, where the three-term bound gives ≈ 6,700
 */
export class BalancedLineCurvature {
  /** Rows of Z_A and Z_B at the last few p asked for: neighbouring cells share their ends. */
  private readonly rowsA = new RowCache();
  private readonly rowsB = new RowCache();
  private readonly u = new EnvelopeBuffers();
  private readonly v = new EnvelopeBuffers();
  /** first(i) for the columns of the last bound, from `firstFrom`. */
  private firsts = new Float64Array(0);
  private firstFrom = 0;

  constructor(
    private readonly nA: number,
    private readonly nB: number,
    private readonly staircase: StaircaseBoundary,
    /** Where the rows' windows stop (see `fillBinomialWindow`); what they leave out is added. */
    private readonly cutoff: number,
  ) {}

  /** The bound over a ∈ [aLo, aHi], b ∈ [bLo, bHi]. */
  bound(aLo: number, aHi: number, bLo: number, bHi: number): number {
    const { nA, nB } = this;
    if (nA < 2 || nB < 2 || Math.max(nA, nB) > LARGEST_CLASS) return Infinity;
    // The line's b = c − s is rounded (by up to half an ulp of c). Rows at the rounded ends are off
    // by at most that much in p, so by ≤ 2.3e-16·m/(b(1 − b)) relative — far inside ROUNDING where
    // that is ≤ 1e-9 (these rows are shared by neighbouring cells); elsewhere (b(1 − b) below
    // 2.3e-7·n_B) the range is widened by the rounding instead, so that it holds the true line.
    if (!((2.3e-16 * nB) / (bLo * (1 - bHi)) <= 1e-9)) {
      bLo = Math.max(0, bLo - B_ROUNDING);
      bHi = Math.min(1, bHi + B_ROUNDING);
    }
    if (!(aLo >= 0 && aHi <= 1 && aLo <= aHi && bLo <= bHi)) return Infinity;
    const mA = nA - 2;
    const mB = nB - 2;
    if ((aHi - aLo) * mA > WIDEST_CELL * Math.sqrt(mA * aHi) + 4) return Infinity;
    if ((bHi - bLo) * mB > WIDEST_CELL * Math.sqrt(mB * bHi) + 4) return Infinity;
    const [rowALo, rowAHi] = this.rowsA.pair(mA, aLo, aHi, this.cutoff);
    const [rowBLo, rowBHi] = this.rowsB.pair(mB, bLo, bHi, this.cutoff);
    const [uFrom, uTo] = envelopeRange(mA, rowALo, rowAHi);
    const [vFrom, vTo] = envelopeRange(mB, rowBLo, rowBHi);

    const n = nA + nB;
    // Coefficients, largest over the box: each is linear in (a, b), so at a corner.
    const largest = (weightB: number, weightA: number) =>
      Math.max(Math.abs(weightB * bLo - weightA * aLo), Math.abs(weightB * bLo - weightA * aHi), Math.abs(weightB * bHi - weightA * aLo), Math.abs(weightB * bHi - weightA * aHi));
    const kappa = largest(nA, nB);
    const kappa2 = largest(nA - 1, nB - 1);
    const cR = largest(2 * nA - 1, 2 * nB - 1);
    const cS2 = nA * (aHi + bHi); // |κ + Na| = n_A(a + b)
    const cS3 = nB * (aHi + bHi); // |κ − Nb| = n_B(a + b)
    const cS4 = kappa * kappa2 + n * aHi * bHi;
    const cA = nA - 1;
    const cB = nB - 1;

    // Only the columns whose cells meet B's range add to the sums (the cells outside it are in
    // `outside` below), and they meet only part of it: the envelopes are built for those alone.
    // Column i holds the cells from bottom(i) = min(j*(i + 1), j*(i) − 1) to top(i) = j*(i) − 1,
    // j* = first, both non-increasing in i; it meets [vFrom, vTo] when bottom(i) ≤ vTo and top(i) ≥ vFrom.
    const firsts = this.fillFirsts(uFrom, uTo + 1);
    const jStar = (i: number) => firsts[i - uFrom]!;
    let firstColumn = uFrom;
    while (firstColumn <= uTo && Math.min(jStar(firstColumn + 1), jStar(firstColumn) - 1) > vTo) firstColumn++;
    let lastColumn = uTo;
    while (lastColumn >= firstColumn && jStar(lastColumn) - 1 < vFrom) lastColumn--;
    let sum = 0;
    if (firstColumn <= lastColumn) {
      const u = this.u.fill(mA, rowALo, rowAHi, firstColumn, lastColumn);
      const v = this.v.fill(mB, rowBLo, rowBHi, Math.max(vFrom, Math.min(jStar(lastColumn + 1), jStar(lastColumn) - 1)), Math.min(vTo, jStar(firstColumn) - 1));
      sum = this.staircaseSum(u, v, { cA, cB, cR, n, cS2, cS3, cS4 });
    }
    // Probability outside the windows: each factor is at most 4× the largest value it is built
    // from, and a column (row) holds at most the staircase's cellsPerColumn (cellsPerRow) cells.
    const coefficients = Math.max(nA, nB) * (cA + cB + cR) + n + cS2 + cS3 + cS4;
    const { cellsPerColumn, cellsPerRow } = this.staircase;
    const outside = 16 * coefficients * ((rowALo.dropped + rowAHi.dropped) * cellsPerColumn + (rowBLo.dropped + rowBHi.dropped) * cellsPerRow);
    return (sum + outside) * (1 + ROUNDING);
  }

  /** first(i) for i = from..to, in a buffer kept between calls. */
  private fillFirsts(from: number, to: number): Float64Array {
    if (this.firsts.length < to - from + 1) this.firsts = new Float64Array(Math.max(to - from + 1, 2 * this.firsts.length));
    this.staircase.fill(from, to, this.firsts);
    this.firstFrom = from;
    return this.firsts;
  }

  /**
   * The sum over the staircase (see the class doc): min(cell by cell, Abel) for the R part plus the
   * S part, for the columns u covers, with v covering every cell of theirs inside B's range.
   */
  private staircaseSum(u: EnvelopeBuffers, v: EnvelopeBuffers, coefficients: StaircaseCoefficients): number {
    // φ = R*ρ at a cell, its difference across a column (∇ in i) and along it (Δ in j), and the S
    // term, bounded by the factors' envelopes:
    //   φ(i, j) = cA∇u(i)v(j) + cB u(i)∇v(j) + cR∇u(i)∇v(j),
    //   across: cA∇²u(i)v(j) + cB∇u(i)∇v(j) + cR∇²u(i)∇v(j)   (bounds φ(i, j) − φ(i − 1, j)),
    //   along:  cA∇u(i)∇v(j + 1) + cB u(i)∇²v(j + 1) + cR∇u(i)∇²v(j + 1)   (φ(i, j + 1) − φ(i, j)),
    //   S:      N∇u(i)v(j) + cS2∇²u(i)v(j) + cS3∇u(i)∇v(j) + cS4∇²u(i)∇v(j).
    // Σ over the staircase of φ·DH, bounded two ways (the smaller is taken).
    //  • Cell by cell: Σ |DH|·|φ|. Column i holds the cells j < j*(i) (outside the set) with
    //    j ≥ j*(i + 1), where DH carries n_A, and its top cell j = j*(i) − 1, where DH carries −n_B.
    //  • Abel: with ψ_i = φ(i, top_i) and c_i = n_A·count_i − n_B,
    //      Σ φ·DH = Σ_i c_i ψ_i + n_A Σ_i Σ_{j in column i} (φ(i, j) − ψ_i),
    //    and c_i = e_i − e_{i+1} exactly, e_i = n_A j*(i) + n_B i − C (for T, C = t + n_A/2: e_i =
    //    slack_i − n_A/2, |e_i| ≤ n_A/2); so Σ c_i ψ_i = Σ e_i (ψ_i − ψ_{i−1}) (ψ = 0 past the ends). The
    //    differences of ψ are ~1/σ of ψ: this keeps the second cancellation, which the cell-by-cell
    //    sum loses (a factor of ~√n at large n; at a few hundred per class the first way is smaller).
    //    Columns not wholly inside the rows' ranges are summed cell by cell there (ψ = 0).
    // The u factors are taken once per column (the hot loop: hundreds of thousands of cells a search).
    const { nA, nB, firsts, firstFrom } = this;
    const { cA, cB, cR, n, cS2, cS3, cS4 } = coefficients;
    const { value: uValue, first: uFirst, second: uSecond } = u;
    const { value: vValue, first: vFirst, second: vSecond, from: vFrom, to: vTo } = v;
    let centre = this.staircase.centre;
    if (centre === undefined) {
      // The middle of e's range over these columns keeps the weights smallest.
      let low = Infinity;
      let high = -Infinity;
      for (let i = u.from; i <= u.to + 1; i++) {
        const e = nA * firsts[i - firstFrom]! + nB * i;
        if (e < low) low = e;
        if (e > high) high = e;
      }
      centre = (low + high) / 2;
    }
    let firstInside = firsts[u.from - firstFrom]!;
    let cellByCell = 0;
    let abel = 0;
    let sPart = 0;
    let previousTop = NaN; // NaN: ψ of the previous column is 0
    let previousPsi = 0;
    // The previous column's u factors, for φ along it (ψ's difference).
    let previousAF = 0;
    let previousBV = 0;
    let previousRF = 0;
    for (let i = u.from; i <= u.to; i++) {
      const firstInsideNext = firsts[i + 1 - firstFrom]!;
      const top = firstInside - 1;
      const bottom = Math.min(firstInsideNext, top);
      const weight = Math.abs(nA * firstInside + nB * i - centre);
      const x = i - u.from;
      const aF = cA * uFirst[x]!; // φ's u factors
      const bV = cB * uValue[x]!;
      const rF = cR * uFirst[x]!;
      let column = 0;
      for (let j = Math.max(bottom, vFrom); j <= Math.min(top, vTo); j++) {
        const dh = (j >= firstInsideNext ? nA : 0) - (j === top ? nB : 0);
        const y = j - vFrom;
        column += Math.abs(dh) * (aF * vValue[y]! + bV * vFirst[y]! + rF * vFirst[y]!);
      }
      cellByCell += column;
      if (bottom >= vFrom && top <= vTo && (Number.isNaN(previousTop) || previousTop <= vTo)) {
        const yTop = top - vFrom;
        const psi = aF * vValue[yTop]! + bV * vFirst[yTop]! + rF * vFirst[yTop]!;
        if (Number.isNaN(previousTop)) {
          abel += weight * psi;
        } else {
          // ψ_i − ψ_{i−1} = [φ(i, top_i) − φ(i − 1, top_i)] + [φ(i − 1, top_i) − φ(i − 1, top_{i−1})]
          let difference = cA * uSecond[x]! * vValue[yTop]! + cB * uFirst[x]! * vFirst[yTop]! + cR * uSecond[x]! * vFirst[yTop]!;
          for (let y = yTop + 1; y <= previousTop - vFrom; y++) difference += previousAF * vFirst[y]! + previousBV * vSecond[y]! + previousRF * vSecond[y]!;
          abel += weight * Math.min(difference, psi + previousPsi);
        }
        // n_A Σ_{j in column} |φ(i, j) − ψ_i| ≤ n_A·count·Σ_{j < top} |φ(i, j + 1) − φ(i, j)|
        if (firstInsideNext < top) {
          let along = 0;
          for (let y = firstInsideNext + 1 - vFrom; y <= yTop; y++) along += aF * vFirst[y]! + bV * vSecond[y]! + rF * vSecond[y]!;
          abel += nA * (top - firstInsideNext + 1) * along;
        }
        previousTop = top;
        previousPsi = psi;
      } else {
        if (!Number.isNaN(previousTop)) abel += weight * previousPsi;
        previousTop = NaN;
        previousPsi = 0;
        abel += column;
      }
      // The S part: one cell per column, Δ_B H = 1 at the top.
      if (top >= vFrom && top <= vTo) {
        const y = top - vFrom;
        sPart += n * uFirst[x]! * vValue[y]! + cS2 * uSecond[x]! * vValue[y]! + cS3 * uFirst[x]! * vFirst[y]! + cS4 * uSecond[x]! * vFirst[y]!;
      }
      previousAF = aF;
      previousBV = bV;
      previousRF = rF;
      firstInside = firstInsideNext;
    }
    if (!Number.isNaN(previousTop)) abel += Math.abs(nA * firstInside + nB * (u.to + 1) - centre) * previousPsi;
    return Math.min(cellByCell, abel) + sPart;
  }
}

/** The coefficients of φ, its differences and the S term, each its largest absolute value over the box. */
interface StaircaseCoefficients {
  cA: number;
  cB: number;
  cR: number;
  n: number;
  cS2: number;
  cS3: number;
  cS4: number;
}

/** The envelopes of f(k; m, p), ∇f and ∇²f over a range of p, in buffers kept between calls. */
class EnvelopeBuffers {
  /** First and last index covered; the arrays are indexed by k − from. */
  from = 0;
  to = 0;
  /** Largest f(k), |∇f(k)|, |∇²f(k)| over the range of p (`values` has two entries before `value`: see fill). */
  private values = new Float64Array(0);
  first = new Float64Array(0);
  second = new Float64Array(0);
  value = new Float64Array(0);

  /** Fills the envelopes for p between the two rows' p, for k in [from, to] (within `envelopeRange`). */
  fill(m: number, low: BinomialWindow, high: BinomialWindow, from: number, to: number): this {
    const pLo = low.p;
    const pHi = high.p;
    const size = to - from + 1;
    if (this.first.length < size) {
      const capacity = Math.max(size, 2 * this.first.length);
      this.values = new Float64Array(capacity + 2);
      this.first = new Float64Array(capacity);
      this.second = new Float64Array(capacity);
      this.value = this.values.subarray(2);
    }
    this.from = from;
    this.to = to;
    const { values, first, second } = this;
    // values[k − from + 2] holds the envelope at k, and values[0], values[1] those at from − 2, from − 1.
    // f rises in p below k/m and falls above it: its largest value is at an end of the range unless
    // k/m lies inside. Where a window left k out, f(k) there is at most the mass the window dropped.
    // Below the range's start they are 0: f(k − 1) ≤ f(k) there for every p of the range (k ≤ mp),
    // so the differences' triangle bounds below hold with them.
    const rangeFrom = envelopeRange(m, low, high)[0];
    values[0] = 0;
    values[1] = 0;
    const { values: lowRow, lo: lowFrom, hi: lowTo, dropped: lowDropped } = low;
    const { values: highRow, lo: highFrom, hi: highTo, dropped: highDropped } = high;
    const lowEnd = m * pLo;
    const highEnd = m * pHi;
    for (let k = Math.max(from - 2, rangeFrom); k <= to; k++) {
      let envelope: number;
      if (k > m) envelope = 0;
      else if (k <= lowEnd) envelope = k >= lowFrom && k <= lowTo ? lowRow[k]! : lowDropped;
      else if (k >= highEnd) envelope = k >= highFrom && k <= highTo ? highRow[k]! : highDropped;
      else envelope = binomialModeBound(m, k);
      values[k - from + 2] = envelope;
    }
    // x = (1 − p)/p over the range (unbounded when p reaches 0: then only the triangle inequality).
    const xLo = (1 - pHi) / pHi;
    const xHi = pLo > 0 ? (1 - pLo) / pLo : Infinity;
    // The triangle inequality bounds every difference; where x's range is bounded the ratio form
    // ∇f(k) = f(k)(αx − 1), ∇²f(k) = f(k)(αα'x² − 2αx + 1), α = α_k, α' = α_{k−1}, x = (1 − p)/p,
    // keeps the differences' smallness (k = 0 has no ∇: f(−1) = 0, so ∇f(0) = f(0)).
    for (let k = from; k <= to; k++) {
      const at = values[k - from + 2]!;
      const below = values[k - from + 1]!;
      first[k - from] = k === 0 ? at : Math.max(at, below);
      second[k - from] = k === 0 ? at : values[k - from]! + 2 * below + at;
    }
    if (xHi === Infinity) return this;
    // The ratio form for 1 ≤ k ≤ m. The slack covers the rounding of the polynomials and x's range
    // being off by its ends' rounding (≤ 1e-9 relative, see `bound`).
    const ratioFrom = Math.max(from, 1);
    const ratioTo = Math.min(to, m);
    let alphaBelow = (ratioFrom - 1) / (m - ratioFrom + 2);
    for (let k = ratioFrom; k <= ratioTo; k++) {
      const at = values[k - from + 2]!;
      const alpha = k / (m - k + 1);
      const product = alpha * alphaBelow;
      const slack = SLACK + 2e-9 * (alpha * xHi + product * xHi * xHi);
      first[k - from] = Math.min(first[k - from]!, at * (Math.max(Math.abs(alpha * xLo - 1), Math.abs(alpha * xHi - 1)) + slack));
      let parabola = Math.max(Math.abs(product * xLo * xLo - 2 * alpha * xLo + 1), Math.abs(product * xHi * xHi - 2 * alpha * xHi + 1));
      // The vertex x = 1/α' (value 1 − α/α'), when it lies inside the range.
      if (alphaBelow * xLo < 1 && alphaBelow * xHi > 1) parabola = Math.max(parabola, Math.abs(1 - alpha / alphaBelow));
      second[k - from] = Math.min(second[k - from]!, at * (parabola + slack));
      alphaBelow = alpha;
    }
    return this;
  }
}

/**
 * The indices whose envelopes can matter for p between the two rows' p: the rows' windows, the
 * modes between them, and 2 more at the top (∇f and ∇²f reach one and two below their index).
 */
function envelopeRange(m: number, low: BinomialWindow, high: BinomialWindow): [number, number] {
  return [Math.min(low.lo, Math.floor(m * low.p)), Math.min(m, Math.max(high.hi, Math.ceil(m * high.p))) + 2];
}

/** Three rows of Binomial(m, ·), kept by p: a pair of ends is served from them, filling what is missing. */
class RowCache {
  private readonly rows: BinomialWindow[] = [];
  private next = 0;

  pair(m: number, pLo: number, pHi: number, cutoff: number): [BinomialWindow, BinomialWindow] {
    const low = this.find(pLo) ?? this.fill(m, pLo, cutoff, undefined);
    const high = this.find(pHi) ?? this.fill(m, pHi, cutoff, low);
    return [low, high];
  }

  private find(p: number): BinomialWindow | undefined {
    return this.rows.find((row) => row.p === p);
  }

  /** Fills the oldest row that is not `keep` (allocating up to three). */
  private fill(m: number, p: number, cutoff: number, keep: BinomialWindow | undefined): BinomialWindow {
    if (this.rows.length < 3) this.rows.push(binomialWindow(m));
    let index = this.rows.length < 3 ? this.rows.length - 1 : this.next;
    if (this.rows[index] === keep) index = (index + 1) % this.rows.length;
    this.next = (index + 1) % 3;
    return fillBinomialWindow(this.rows[index]!, m, p, cutoff);
  }
}
