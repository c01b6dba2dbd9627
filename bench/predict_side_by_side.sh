#!/usr/bin/env bash
# Prediction speed against Ultralytics, side by side in one run: ROUNDS rounds, each running Ultralytics and
# `gripperpose predict` in turn on the same video, then on the same folder of still images, with the same
# weights (CKPT, written as an Ultralytics .pt for its side), imgsz, thresholds and JSON Lines output.
# Alternating lets the machine's drift hit both sides. Prints each run's fps, our fps over Ultralytics' and the
# agreement of the detections (bench/ultralytics/compare_predictions.py: same count on every frame, keypoints
# within 0.5 px). Needs Ultralytics 8.4.52 in /opt/ul-ref (../shared/peer/README.md).
# usage: bench/predict_side_by_side.sh GRIPPERPOSE CKPT VIDEO IMAGE_DIR OUT_DIR [ROUNDS=3] [IMGSZ=320]
#   UL_THREADS="0 2"  Ultralytics' torch threads to try (0: its own choice, cpu_count - 1)
#   UL_BATCH=4        Ultralytics' frames per forward pass (default 1, its default)
#   GP_ARGS="..."     extra keys for gripperpose predict (e.g. workers=1 batch=1)
set -euo pipefail
gp=$1 ckpt=$2 video=$3 images=$4 out=$5 rounds=${6:-3} imgsz=${7:-320}
here=$(cd "$(dirname "$0")" && pwd)
peer=$(cd "$here/../../shared/peer" 2>/dev/null && pwd || true)
export OPENBLAS_NUM_THREADS=1 OMP_WAIT_POLICY=PASSIVE
mkdir -p "$out"
ul() { (. /opt/ul-ref/env.sh; PYTHONPATH=$PYTHONPATH:$peer /usr/bin/python3 "$here/ultralytics/predict_speed.py" "$@"); }
echo "CPU: $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) cores; $(date -u +%FT%TZ)"
[[ -f $out/weights.pt ]] || ul weights "$ckpt" "$out/weights.pt" > /dev/null
for r in $(seq 1 "$rounds"); do
  for kind in video images; do
    src=$video; [[ $kind == images ]] && src=$images
    for t in ${UL_THREADS:-0}; do
      ul run "$out/weights.pt" "$src" "$imgsz" "$out/ul-$kind-t$t.jsonl" --threads "$t" --batch "${UL_BATCH:-1}" \
        > "$out/ul-$kind-t$t-r$r.log" 2>&1
      echo "round $r $kind ultralytics threads=$t batch=${UL_BATCH:-1}: $(grep -o '[0-9.]* fps' "$out/ul-$kind-t$t-r$r.log")"
    done
    # shellcheck disable=SC2086
    "$gp" predict model="$ckpt" source="$src" imgsz="$imgsz" save_json="$out/gp-$kind.jsonl" project="$out/runs" \
      ${GP_ARGS:-} > "$out/gp-$kind-r$r.log" 2>&1
    echo "round $r $kind gripperpose ${GP_ARGS:-}: $(grep -o 'mean [0-9.]* fps' "$out/gp-$kind-r$r.log" | cut -d' ' -f2-)," \
      "$(grep -o '[0-9]* inference workers, batch [0-9]*' "$out/gp-$kind-r$r.log")"
  done
done
for kind in video images; do
  for t in ${UL_THREADS:-0}; do
    ulf=$(grep -ho '[0-9.]* fps' "$out"/ul-$kind-t$t-r*.log | awk '{ s += $1 } END { print s / NR }')
    gpf=$(grep -ho 'mean [0-9.]* fps' "$out"/gp-$kind-r*.log | awk '{ s += $2 } END { print s / NR }')
    echo "$kind: Ultralytics (threads=$t) $ulf fps, ours $gpf fps, ratio $(awk -v a="$gpf" -v b="$ulf" 'BEGIN { printf "%.2f", a / b }')"
    python3 "$here/ultralytics/compare_predictions.py" "$out/ul-$kind-t$t.jsonl" "$out/gp-$kind.jsonl" || true
  done
done
