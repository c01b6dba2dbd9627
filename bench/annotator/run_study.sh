#!/usr/bin/env bash
# The simulated annotator's study (docs/BENCHMARKS.md, "Correct, don't place"): every mode and
# the assisted tools one by one, for one model, on the same images. Reports go to
# bench/annotator/results/<name>_<variant>.json.
#   bench/annotator/run_study.sh NAME MODEL FRESH HISTORY [IMAGES]
set -euo pipefail
cd "$(dirname "$0")/../.."
name=$1 model=$2 fresh=$3 history=$4 images=${5:-100}
bin=${BUILD_DIR:-build}/bench/gp_annotator
out=bench/annotator/results
mkdir -p "$out"
run() {
  local variant=$1
  shift
  "$bin" fresh="$fresh" history="$history" model="$model" images="$images" conf=0.25 iou=0.5 \
    report="$out/${name}_${variant}.json" "$@" >/dev/null 2>&1
  python3 -c "import json; r=json.load(open('$out/${name}_${variant}.json')); print('%-22s %6d actions  %.2f per image  %.2f per gripper  within 2/4/8 px %.3f %.3f %.3f  GUI %.1f s' % ('$variant', r['actions']['total'], r['actions_per_image'], r['actions_per_gripper'], r['within_2px'], r['within_4px'], r['within_8px'], r['gui_seconds']))"
}
run manual mode=manual
run prelabel mode=prelabel
run assisted mode=assisted zoom=off
run assisted_no_articulation mode=assisted zoom=off articulation=off
run assisted_zoom mode=assisted zoom=on
run assisted_zoom_first mode=assisted zoom=off zoom_first=on
