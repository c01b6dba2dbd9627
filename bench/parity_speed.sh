#!/usr/bin/env bash
# Training speed against Ultralytics, interleaved so the machine's drift hits both: ROUNDS rounds of
# Ultralytics (fp32), ours with amp=auto and ours with amp=off, 3 epochs each with mosaic, on the same
# images (UL_DATA: a copy of the dataset, since Ultralytics writes labels/*.cache beside the labels).
# Prints the seconds of epochs 2 and 3 of each run from its results.csv (epoch 1 includes start-up).
# usage: bench/parity_speed.sh GRIPPERPOSE GP_DATA.yaml UL_DATA.yaml OUT_DIR [ROUNDS=3]
set -euo pipefail
gp=$1 gp_data=$2 ul_data=$3 out=$4 rounds=${5:-3}
here=$(cd "$(dirname "$0")" && pwd)
export OPENBLAS_NUM_THREADS=1 OMP_WAIT_POLICY=PASSIVE
for r in $(seq 1 "$rounds"); do
  (. /opt/ul-ref/env.sh; /usr/bin/python3 "$here/ultralytics/train_recipe.py" "$ul_data" "$out" "ul-r$r" 3 0) \
    > "$out-ul-r$r.log" 2>&1
  for amp in auto off; do
    "$gp" train data="$gp_data" model=yolov8n-pose imgsz=320 batch=16 epochs=3 seed=0 close_mosaic=0 amp=$amp \
      project="$out" name="gp-$amp-r$r" exist_ok=true > "$out-gp-$amp-r$r.log" 2>&1
  done
done
for run in "$out"/*/results.csv; do
  awk -F, -v run="$(basename "$(dirname "$run")")" \
    'NR > 1 { t[NR - 1] = $2 } END { printf "%s: epoch 2 %.1f s, epoch 3 %.1f s\n", run, t[2] - t[1], t[3] - t[2] }' "$run"
done
