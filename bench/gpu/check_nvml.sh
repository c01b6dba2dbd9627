#!/usr/bin/env bash
# Compares the NVML telemetry backend with nvidia-smi on a machine with an NVIDIA GPU, while
# a training step keeps the GPU busy. Prints both side by side, one row a second, and the
# mean and largest difference of each figure (docs/BENCHMARKS.md, "GPU telemetry").
#
# usage: bench/gpu/check_nvml.sh [SECONDS] [OUT_DIR]
#   SECONDS  how long to sample (default 30)
#   OUT_DIR  where the files go (default $OUT, else /tmp/gp-check-nvml): info.txt, the
#            nvidia-smi CSVs, monitor.txt and monitor/telemetry.csv, train.log, compare.txt
#   BUILD    environment: the build folder (default build); gripperpose is built there
#            when missing (needs the project's dependencies, see README).
#
# The load: `gripperpose train` on GPU 0 when its LibTorch has CUDA; else, when Python's
# torch has CUDA, a matrix-multiply loop; else the GPU stays idle and the comparison is
# of an idle GPU (said in the output).
set -euo pipefail
cd "$(dirname "$0")/../.."

duration=${1:-30}
out=${2:-${OUT:-/tmp/gp-check-nvml}}
build=${BUILD:-build}
gp=$build/app/cli/gripperpose
mkdir -p "$out"
export GRIPPERPOSE_LANG=en OPENBLAS_NUM_THREADS=1 OMP_WAIT_POLICY=PASSIVE
# NVML is the backend under test: no ROCm SMI library may take precedence.
export GRIPPERPOSE_ROCM_SMI_LIB=none

if ! command -v nvidia-smi >/dev/null; then
    echo "check_nvml: nvidia-smi not found; this check needs an NVIDIA GPU and its driver" >&2
    exit 1
fi
if [ ! -x "$gp" ]; then
    echo "== building gripperpose in $build"
    cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
        -DGP_BUILD_TESTS=OFF -DGP_BUILD_GUI=OFF -DGP_BUILD_BENCH=OFF
    cmake --build "$build" --target gripperpose
fi

echo "== nvidia-smi"
nvidia-smi --query-gpu=index,name,driver_version,memory.total,power.limit --format=csv | tee "$out/nvidia-smi-info.csv"
echo "== gripperpose info"
"$gp" info | tee "$out/info.txt"
if ! grep -q '^Telemetry: NVML$' "$out/info.txt"; then
    echo "check_nvml: the telemetry backend is not NVML (see the lines under \"Telemetry:\" above)" >&2
    exit 1
fi

pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; }
trap cleanup EXIT

load="idle"
if grep -q '^  cuda:0 ' "$out/info.txt"; then
    echo "== load: gripperpose train on GPU 0 (log: $out/train.log)"
    "$gp" synth out="$out/data" n=64 imgsz=640,640 seed=3 video_frames=0 >/dev/null
    "$gp" train data="$out/data/data.yaml" model=yolov8s-pose epochs=1000 batch=16 imgsz=640 device=0 \
        val=false project="$out/runs" name=train exist_ok=true >"$out/train.log" 2>&1 &
    pids+=($!)
    load="gripperpose train"
elif python3 -c 'import torch, sys; sys.exit(0 if torch.cuda.is_available() else 1)' 2>/dev/null; then
    echo "== load: this gripperpose has no CUDA LibTorch; a torch matrix-multiply loop instead"
    python3 -c 'import torch
a = torch.randn(8192, 8192, device="cuda", dtype=torch.float16)
while True:
    a = (a @ a).clamp_(-1, 1)' &
    pids+=($!)
    load="torch matmul loop"
else
    echo "== load: none available (no CUDA LibTorch, no CUDA torch in Python): comparing an idle GPU"
fi
sleep 15 # past model building and the first steps

echo "== sampling for $duration s"
# The command the issue names, once, for the record; then the same figures with a time
# stamp each second for the comparison.
nvidia-smi --query-gpu=utilization.gpu,memory.used,temperature.gpu,power.draw --format=csv | tee "$out/nvidia-smi-once.csv"
nvidia-smi --query-gpu=timestamp,index,utilization.gpu,memory.used,temperature.gpu,power.draw \
    --format=csv,noheader,nounits -lms 1000 >"$out/nvidia-smi.csv" &
pids+=($!)
mkdir -p "$out/monitor"
rm -f "$out/monitor/telemetry.csv"
"$gp" monitor interval=1 count="$duration" run="$out/monitor" | tee "$out/monitor.txt"
cleanup
pids=()

echo "== NVML backend (ours) next to nvidia-smi, GPU 0, load: $load"
python3 - "$out/monitor/telemetry.csv" "$out/nvidia-smi.csv" <<'PY' | tee "$out/compare.txt"
import csv, sys
from datetime import datetime, timezone

ours_path, smi_path = sys.argv[1], sys.argv[2]
ours = []
with open(ours_path, newline="") as f:
    for row in csv.DictReader(f):
        if row["device"] != "0":
            continue
        if row["backend"] != "nvml":
            sys.exit(f"check_nvml: {ours_path} was written by the {row['backend']} backend, not nvml")
        t = datetime.fromisoformat(row["time"].replace("Z", "+00:00"))
        num = lambda k: float(row[k]) if row[k] else None
        mib = lambda k: float(row[k]) / 2**20 if row[k] else None
        ours.append((t, num("gpu_busy_pct"), mib("vram_used_bytes"), num("temp_edge_c"), num("power_avg_w")))

smi = []
with open(smi_path) as f:
    for line in f:
        p = [x.strip() for x in line.split(",")]
        if len(p) < 6 or p[1] != "0":
            continue
        # nvidia-smi prints local time without a zone.
        t = datetime.strptime(p[0], "%Y/%m/%d %H:%M:%S.%f").astimezone()
        val = lambda s: None if s.startswith("[") or s in ("N/A", "") else float(s)
        smi.append((t, val(p[2]), val(p[3]), val(p[4]), val(p[5])))

if not ours or not smi:
    sys.exit(f"check_nvml: no samples (ours {len(ours)}, nvidia-smi {len(smi)})")

names = ["util %", "mem MiB", "temp C", "power W"]
print(f"{'time (UTC)':12} " + "  ".join(f"{n + ' ours':>13} {'smi':>9}" for n in names) + "   dt ms")
diffs = [[] for _ in names]
for o in ours:
    s = min(smi, key=lambda r: abs((r[0] - o[0]).total_seconds()))
    dt = (s[0] - o[0]).total_seconds() * 1000
    cells = []
    for i in range(len(names)):
        a, b = o[i + 1], s[i + 1]
        cells.append(f"{'N/A' if a is None else f'{a:.1f}':>13} {'N/A' if b is None else f'{b:.1f}':>9}")
        if a is not None and b is not None:
            diffs[i].append(abs(a - b))
    print(f"{o[0].astimezone(timezone.utc).strftime('%H:%M:%S.%f')[:12]:12} " + "  ".join(cells) + f"   {dt:+6.0f}")

print()
print(f"{len(ours)} samples of ours, {len(smi)} of nvidia-smi; each of ours paired with the nearest in time")
for n, d in zip(names, diffs):
    if d:
        print(f"{n:8} mean |diff| {sum(d) / len(d):8.2f}   max |diff| {max(d):8.2f}   ({len(d)} pairs)")
    else:
        print(f"{n:8} no pairs (a side reported nothing)")
print("Expected: memory and temperature equal (the same NVML calls; memory may differ by the")
print("driver's reserved memory where nvidia-smi uses the v2 memory query), utilisation and power")
print("close but not equal (different one-second windows; power.draw may be averaged differently).")
PY
