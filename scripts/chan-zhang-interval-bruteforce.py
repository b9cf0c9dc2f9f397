"""Independent brute-force Chan & Zhang (1999) exact unconditional interval for p_A - p_B (two independent results).

For an outcome kA/nA - kB/nB: the lower bound is the smallest Delta0 (bisection to 1e-7 on [-1, estimate]) where the
maximum over a uniform grid of 4001 nuisance values p_B of P[Z >= Z_obs] exceeds delta/2, Z the Farrington-Manning
score statistic at Delta0 (its restricted maximum likelihood by 100 bisection halvings on the likelihood's slope,
not the closed form), p_A = p_B + Delta0, ties within 1e-9; the upper bound mirrors it. A grid can only miss a peak,
so each brute-force bound is at most a little inside the exact one. numpy only; shares no code with src/stats.
Usage: python3 scripts/chan-zhang-interval-bruteforce.py kA/nA:kB/nB ... > src/stats/fixtures/chan-zhang-unpaired-interval.json
       (the fixture's provenance field names every outcome it holds; about a minute an outcome at 500 + 500)
"""
import json, sys
import numpy as np
from math import lgamma

DELTA = 0.05
GRID = 4001

def restricted_mle(ka, na, kb, nb, d):
    lo = np.full(ka.shape, max(0.0, -d))
    hi = np.full(ka.shape, min(1.0, 1.0 - d))
    for _ in range(100):
        mid = (lo + hi) / 2
        pa = mid + d
        with np.errstate(divide='ignore', invalid='ignore'):
            slope = (np.where(ka > 0, ka / pa, 0) - np.where(na - ka > 0, (na - ka) / (1 - pa), 0)
                     + np.where(kb > 0, kb / mid, 0) - np.where(nb - kb > 0, (nb - kb) / (1 - mid), 0))
        up = slope > 0
        lo = np.where(up, mid, lo)
        hi = np.where(up, hi, mid)
    return (lo + hi) / 2

def score(ka, na, kb, nb, d):
    num = ka / na - kb / nb - d
    pb = restricted_mle(ka, na, kb, nb, d)
    pa = np.clip(pb + d, 0, 1)
    qa = np.clip(1 - pb - d, 0, 1)
    var = pa * qa / na + pb * (1 - pb) / nb
    with np.errstate(divide='ignore', invalid='ignore'):
        z = np.where(var > 0, num / np.sqrt(var), np.where(abs(d) < 1, 0.0, np.sign(num) * np.inf))
    return np.where(num == 0, 0.0, z)

def pmf_rows(n, p):
    k = np.arange(n + 1)
    logc = np.array([lgamma(n + 1) - lgamma(j + 1) - lgamma(n - j + 1) for j in k])
    with np.errstate(divide='ignore', invalid='ignore'):
        lp = logc[None, :] + np.where(k[None, :] > 0, k[None, :] * np.log(p[:, None]), 0) + np.where(n - k[None, :] > 0, (n - k[None, :]) * np.log(1 - p[:, None]), 0)
    return np.exp(lp)

def sup_tail(ka0, na, kb0, nb, d, upper):
    ka, kb = np.meshgrid(np.arange(na + 1, dtype=float), np.arange(nb + 1, dtype=float), indexing='ij')
    z = score(ka, na, kb, nb, d)
    z0 = z[ka0, kb0]
    sel = ((z >= z0 - 1e-9) if upper else (z <= z0 + 1e-9)).astype(float)
    grid = np.linspace(max(0.0, -d), min(1.0, 1.0 - d), GRID)
    rows_a = pmf_rows(na, np.clip(grid + d, 0, 1))
    rows_b = pmf_rows(nb, grid)
    return float(((rows_a @ sel) * rows_b).sum(axis=1).max())

def interval(ka, na, kb, nb):
    est = ka / na - kb / nb
    def end(outer, inner, upper):
        if sup_tail(ka, na, kb, nb, outer, upper) > DELTA / 2: return outer
        rejected, accepted = outer, inner
        while abs(accepted - rejected) > 1e-7:
            mid = (rejected + accepted) / 2
            if sup_tail(ka, na, kb, nb, mid, upper) > DELTA / 2: accepted = mid
            else: rejected = mid
        return (rejected + accepted) / 2
    return end(-1.0, est, True), end(1.0, est, False)

out = {}
for arg in sys.argv[1:]:
    a, b = arg.split(':')
    ka, na = map(int, a.split('/'))
    kb, nb = map(int, b.split('/'))
    out[arg] = [*interval(ka, na, kb, nb)]
    print(arg, out[arg], file=sys.stderr, flush=True)
print(json.dumps({"provenance": "scripts/chan-zhang-interval-bruteforce.py (numpy brute force: restricted MLE by bisection, nuisance grid of 4001 points, bisection to 1e-7), delta = 0.05; outcomes " + " ".join(sys.argv[1:]), "delta": DELTA, "intervals": out}))
