"""Checks a dump of dump_loop_schedule.py against the definitions tests/train/tst_trainloop.cpp and
tst_trainer.cpp use for the product recipe (AdamW lr0 0.001, cosine to lrf 0.01, warmup 3 epochs,
warmup_bias_lr 0.1, batch 16, nbs 64): per iteration the lr of the weight, bn and bias groups, the
accumulation, the optimizer steps (one EMA update each; last_opt_step carried across epochs) and the
EMA decay 0.9999 * (1 - exp(-updates / 2000)).
usage: python3 check_loop_schedule.py LOOP.json"""
import json
import math
import sys

d = json.load(open(sys.argv[1]))
nb, epochs, rows = d['nb'], d['epochs'], d['rows']
nw = max(round(3 * nb), 100)


def lf(x):
    return ((1 - math.cos(x * math.pi / epochs)) / 2) * (0.01 - 1) + 1


bad, last, steps, accumulate = 0, -1, 0, max(round(64 / 16), 1)
for r in rows:
    ni, target = r['ni'], 0.001 * lf(r['epoch'])
    if ni <= nw:
        weight, bias = ni / nw * target, 0.1 + (target - 0.1) * ni / nw
        accumulate = max(1, round(1 + (64 / 16 - 1) * ni / nw))  # Python rounds halves to even, as NumPy
    else:
        weight = bias = target
    if ni - last >= accumulate:
        steps, last = steps + 1, ni
    lr = {g['name']: g['lr'] for g in r['groups']}
    ok = (abs(lr['weight'] - weight) < 1e-12 and abs(lr['bn'] - weight) < 1e-12 and abs(lr['bias'] - bias) < 1e-12
          and r['accumulate'] == accumulate and r['ema_updates'] == steps
          and abs(r['ema_decay'] - 0.9999 * (1 - math.exp(-steps / 2000))) < 1e-12)
    if not ok:
        bad += 1
        print('differs at', r)
print(f'{len(rows)} iterations, {steps} optimizer steps, {bad} differ from the definitions')
sys.exit(1 if bad else 0)
