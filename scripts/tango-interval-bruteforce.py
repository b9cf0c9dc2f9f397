"""Independent brute-force Tango (1998) exact unconditional paired-difference interval.

For every outcome (b, c) with b + c <= n: the lower bound is the smallest Delta0 (bisection to 1e-7 on
[-1, estimate]) where max over a uniform grid of 4001 nuisance values p_c of P[T >= T_obs] exceeds
delta/2 (T = Tango's score statistic at Delta0, p_b = p_c + Delta0); the upper bound mirrors it.
numpy only; shares no code with src/stats. Writes JSON to stdout: {n: [[b, c, lower, upper], ...]}; an
argument n:b:c computes that one outcome instead (key "n:b:c"), for sizes whose every outcome would take too long.
Usage: python3 scripts/tango-interval-bruteforce.py 10 20 > src/stats/fixtures/tango-paired-interval.json
       python3 scripts/tango-interval-bruteforce.py 212:8:5 357:8:1 ... > src/stats/fixtures/tango-paired-interval-large.json
       (the large fixture's provenance field names every outcome it holds; about 15 minutes)
"""
import json, sys
import numpy as np
from math import lgamma

DELTA = 0.05
GRID = 4001

def outcomes(n):
    return np.array([(b, c) for b in range(n + 1) for c in range(n + 1 - b)], dtype=float)

def tango(b, c, n, d):
    w = -b - c + (2 * n - b + c) * d
    pc = (np.sqrt(np.maximum(w * w + 8 * n * c * d * (1 - d), 0)) - w) / (4 * n)
    var = n * (2 * pc + d * (1 - d))
    num = b - c - n * d
    with np.errstate(divide='ignore', invalid='ignore'):
        t = np.where(np.abs(num) < 1e-12, 0.0, num / np.sqrt(np.maximum(var, 0)))
    return t

def sup_tail(n, d, b0, c0, upper, oc, logcoef):
    b, c = oc[:, 0], oc[:, 1]
    t = tango(b, c, n, d)
    t0 = tango(np.array([b0]), np.array([c0]), n, d)[0]
    sel = (t >= t0 - 1e-9) if upper else (t <= t0 + 1e-9)
    lo, hi = max(0.0, -d), (1 - d) / 2
    grid = np.linspace(lo, hi, GRID)
    bs, cs = b[sel][:, None], c[sel][:, None]
    ms = n - bs - cs
    best = 0.0
    # In blocks of the grid, so that thousands of outcomes fit in memory.
    for start in range(0, GRID, 256):
        pc = grid[start:start + 256]
        pb = pc + d
        p0 = np.clip(1 - pb - pc, 0, 1)
        with np.errstate(divide='ignore', invalid='ignore'):
            lp = logcoef[sel][:, None] + np.where(bs > 0, bs * np.log(pb), 0) + np.where(cs > 0, cs * np.log(pc), 0) + np.where(ms > 0, ms * np.log(p0), 0)
        best = max(best, np.exp(lp).sum(axis=0).max())
    return best

def interval(n, b0, c0, oc, logcoef):
    est = (b0 - c0) / n
    lo, hi = -1.0, est
    if sup_tail(n, lo, b0, c0, True, oc, logcoef) > DELTA / 2: lower = -1.0
    else:
        while hi - lo > 1e-7:
            mid = (lo + hi) / 2
            if sup_tail(n, mid, b0, c0, True, oc, logcoef) > DELTA / 2: hi = mid
            else: lo = mid
        lower = (lo + hi) / 2
    lo, hi = est, 1.0
    if sup_tail(n, hi, b0, c0, False, oc, logcoef) > DELTA / 2: upper = 1.0
    else:
        while hi - lo > 1e-7:
            mid = (lo + hi) / 2
            if sup_tail(n, mid, b0, c0, False, oc, logcoef) > DELTA / 2: lo = mid
            else: hi = mid
        upper = (lo + hi) / 2
    return lower, upper

def log_coefficients(n, oc):
    return np.array([lgamma(n + 1) - lgamma(b + 1) - lgamma(c + 1) - lgamma(n - b - c + 1) for b, c in oc])

out = {}
for arg in sys.argv[1:]:
    if ':' in arg:
        n, b, c = map(int, arg.split(':'))
        oc = outcomes(n)
        out[arg] = [b, c, *interval(n, b, c, oc, log_coefficients(n, oc))]
        continue
    n = int(arg)
    oc = outcomes(n)
    logcoef = log_coefficients(n, oc)
    out[n] = [[int(b), int(c), *interval(n, b, c, oc, logcoef)] for b, c in oc]
print(json.dumps({"provenance": "scripts/tango-interval-bruteforce.py (numpy brute force, nuisance grid of 4001 points, bisection to 1e-7), delta = 0.05", "delta": DELTA, "intervals": out}))
