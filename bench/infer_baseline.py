"""Inference baseline for gp_bench_infer: the same YOLOv8-pose forward in Debian's Python
torch (/usr/bin/python3, torch 1.13.1) on an identically shaped plain-torch.nn network
(scripts/yolov8_pose_net.py), same configurations, same output format.

  OPENBLAS_NUM_THREADS=1 /usr/bin/python3 bench/infer_baseline.py [--quick] [--reps N]
      [--warmup N] [--threads N] [--scales n,s] [--sizes 320,640] [--batches 1,16] [--csv FILE]
"""

import argparse
import os
import sys
import time

import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scripts"))
from yolov8_pose_net import PoseModel  # noqa: E402

GFLOPS_640 = {"n": 9.04, "s": 30.03, "m": 81.2, "l": 169.1, "x": 263.9}


def run(scale, size, batch, fused, cl, warmup, reps):
    torch.manual_seed(0)
    model = PoseModel(scale).eval()
    if fused:
        model.fuse()
    x = torch.rand(batch, 3, size, size)
    if cl:
        model = model.to(memory_format=torch.channels_last)
        x = x.contiguous(memory_format=torch.channels_last)
    with torch.inference_mode():
        for _ in range(warmup):
            model(x)
        times = []
        for _ in range(reps):
            t0 = time.perf_counter()
            model(x)
            times.append((time.perf_counter() - t0) * 1000.0)
    times.sort()
    return times[0], times[len(times) // 2]


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--quick", action="store_true")
    p.add_argument("--reps", type=int, default=5)
    p.add_argument("--warmup", type=int, default=1)
    p.add_argument("--threads", type=int, default=os.cpu_count())
    p.add_argument("--scales", default="n,s")
    p.add_argument("--sizes", default="320,640")
    p.add_argument("--batches", default="1,16")
    p.add_argument("--csv", default="")
    a = p.parse_args()
    torch.set_num_threads(a.threads)
    print(f"infer_baseline.py: torch {torch.__version__}, {a.threads} threads{', quick' if a.quick else ''}")
    print(f"{'model':<6} {'size':>5} {'batch':>5} {'variant':<12} {'device':<14} {'best ms':>11} {'median ms':>11} "
          f"{'img/s':>10} {'reps':>5}")
    rows = []
    for scale in a.scales.split(","):
        for size in map(int, a.sizes.split(",")):
            for batch in map(int, a.batches.split(",")):
                gflops = GFLOPS_640[scale] * (size / 640) ** 2 * batch
                reps = max(1, min(a.reps, 1 if gflops > 100 else (2 if gflops > 20 else a.reps))) if a.quick else a.reps
                warmup = 0 if a.quick and gflops > 100 else a.warmup
                for variant in range(4):
                    fused, cl = bool(variant & 1), bool(variant & 2)
                    if a.quick and cl and not fused:
                        continue
                    ms, median = run(scale, size, batch, fused, cl, warmup, reps)
                    name = ("fused" if fused else "unfused") + ("+cl" if cl else "")
                    print(f"{'v8' + scale:<6} {size:>5} {batch:>5} {name:<12} {'cpu Float':<14} {ms:>11.1f} "
                          f"{median:>11.1f} {1000.0 * batch / ms:>10.2f} {reps:>5}", flush=True)
                    rows.append((scale, size, batch, name, "cpu Float", ms, median, 1000.0 * batch / ms, reps))
    if a.csv:
        with open(a.csv, "w") as f:
            f.write("model,size,batch,variant,device,best_ms,median_ms,images_per_s,reps\n")
            for r in rows:
                f.write(",".join(str(v) for v in r) + "\n")


if __name__ == "__main__":
    main()
