#!/usr/bin/env bash
# The labelling loop measured end to end (docs/BENCHMARKS.md, "The labelling loop"): the same
# images labelled by hand (the baseline), then by the loop once per suggestion strategy, each a
# resumable chunk: a strategy whose report exists is skipped. Reports and curves go to
# bench/annotator/results/loop_<strategy>.{json,png}.
#   bench/annotator/run_loop_study.sh FRESH EVAL_YAML [IMAGES] [BATCH] [STRATEGIES...]
set -euo pipefail
cd "$(dirname "$0")/../.."
fresh=$1 eval=$2 images=${3:-160} batch=${4:-40}
shift $(( $# < 4 ? $# : 4 ))
strategies=${*:-uniform mixed uncertainty}
bin=${BUILD_DIR:-build}/bench
out=bench/annotator/results
mkdir -p "$out"
if [ ! -f "$out/loop_manual.json" ]; then
  "$bin/gp_annotator" fresh="$fresh" images="$images" mode=manual report="$out/loop_manual.json" >/dev/null 2>&1
fi
manual=$(python3 -c "import json; print(json.load(open('$out/loop_manual.json'))['actions_per_image'])")
for s in $strategies; do
  [ -f "$out/loop_$s.json" ] && continue
  "$bin/gp_annotator_loop" fresh="$fresh" eval="$eval" images="$images" batch="$batch" suggest="$s" \
    manual_per_image="$manual" report="$out/loop_$s.json.part" plot="$out/loop_$s.png" 2>"$out/loop_$s.log" >/dev/null
  mv "$out/loop_$s.json.part" "$out/loop_$s.json"
  python3 -c "import json; r=json.load(open('$out/loop_$s.json')); print('%-12s %5d actions for %d images (%.1f%% of manual), %.2f per gripper, within 4 px %.3f' % ('$s', r['actions'], r['images'], 100*r['actions']/($manual*r['images']), r['actions_per_gripper'], r['within_4px']))"
done
