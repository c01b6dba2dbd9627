"""Seeds of two trainers side by side, from their results.csv files (the same columns on both sides):
box and pose mAP50-95 at epochs 20, 25 and 30 and over epochs 26-30 (mean, standard deviation over seeds,
the difference of the means and Welch's t), then each training loss averaged over epochs 11-20 (mosaic)
and 21-30 (after close_mosaic). Runs shorter than 30 epochs are left out.
usage: python3 compare_seeds.py 'runs/ul/seed*/results.csv' 'runs/gp/auto-s*/results.csv'"""
import csv, glob, statistics as st, sys


def load(path):
    rows = {}
    for r in csv.DictReader(open(path)):
        r = {k.strip(): float(v) for k, v in r.items()}
        rows[int(r['epoch'])] = r
    return rows


def runs(pattern):
    return [r for r in (load(p) for p in sorted(glob.glob(pattern))) if len(r) >= 30]


def welch(a, b):
    se = (st.variance(a) / len(a) + st.variance(b) / len(b)) ** .5
    return st.mean(b) - st.mean(a), (st.mean(b) - st.mean(a)) / se


ref, ours = runs(sys.argv[1]), runs(sys.argv[2])
print(f'{len(ref)} runs of {sys.argv[1]}, {len(ours)} of {sys.argv[2]}')
for key in ('metrics/mAP50-95(B)', 'metrics/mAP50-95(P)'):
    for e in (20, 25, 30, range(26, 31)):
        pick = (lambda r: r[e][key]) if isinstance(e, int) else (lambda r: st.mean(r[x][key] for x in e))
        a, b = [pick(r) for r in ref], [pick(r) for r in ours]
        d, t = welch(a, b)
        label = e if isinstance(e, int) else '26-30'
        print(f'{key} epoch {label}: {st.mean(a):.3f} ± {st.stdev(a):.3f} against {st.mean(b):.3f} ± '
              f'{st.stdev(b):.3f}, difference {d:+.4f}, t {t:+.2f}')
for item in ('box', 'pose', 'kobj', 'cls', 'dfl'):
    key = f'train/{item}_loss'
    for lo, hi in ((11, 20), (21, 30)):
        a = [st.mean(r[e][key] for e in range(lo, hi + 1)) for r in ref]
        b = [st.mean(r[e][key] for e in range(lo, hi + 1)) for r in ours]
        d, t = welch(a, b)
        print(f'{key} epochs {lo}-{hi}: {st.mean(a):.4f} against {st.mean(b):.4f} '
              f'({100 * d / st.mean(a):+.2f} %, t {t:+.2f})')
