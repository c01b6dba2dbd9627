#!/usr/bin/env bash
# The labelling loop measured end to end (docs/BENCHMARKS.md, "The labelling loop"): the same
# images labelled by hand (the baseline), then by the loop once per suggestion strategy, each a
# resumable chunk: a strategy whose report exists is skipped. NAME tags the reports:
# bench/annotator/results/loop_<NAME>_<strategy>.{json,png,log}. MODEL is the weights the loop
# starts from, or - to start from zero labels (the recipe from scratch).
#   bench/annotator/run_loop_study.sh NAME MODEL FRESH EVAL_YAML [IMAGES] [BATCH] [STRATEGIES...]
set -euo pipefail
cd "$(dirname "$0")/../.."
name=$1 model=$2 fresh=$3 eval=$4 images=${5:-160} batch=${6:-40}
shift $(( $# < 6 ? $# : 6 ))
strategies=${*:-uniform mixed uncertainty}
bin=${BUILD_DIR:-build}/bench
out=bench/annotator/results
mkdir -p "$out"
if [ ! -f "$out/loop_manual.json" ]; then
  "$bin/gp_annotator" fresh="$fresh" images="$images" mode=manual report="$out/loop_manual.json" >/dev/null 2>&1
fi
manual=$(python3 -c "import json; print(json.load(open('$out/loop_manual.json'))['actions_per_image'])")
start=()
[ "$model" != - ] && start=(model="$model")
for s in $strategies; do
  tag=loop_${name}_$s
  [ -f "$out/$tag.json" ] && continue
  "$bin/gp_annotator_loop" fresh="$fresh" eval="$eval" images="$images" batch="$batch" suggest="$s" "${start[@]}" \
    manual_per_image="$manual" report="$out/$tag.json.part" plot="$out/$tag.png" 2>"$out/$tag.log" >/dev/null
  mv "$out/$tag.json.part" "$out/$tag.json"
  python3 -c "import json; r=json.load(open('$out/$tag.json')); print('%-20s %5d actions for %d images (%.1f%% of manual), %.2f per gripper, within 4 px %.3f' % ('$tag', r['actions'], r['images'], 100*r['actions']/($manual*r['images']), r['actions_per_gripper'], r['within_4px']))"
done
