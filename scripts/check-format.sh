#!/usr/bin/env bash
# Fails (and names the files) when a C++ source is not formatted as .clang-format says.
# Run by CTest (the `format` test); `scripts/check-format.sh --fix` formats them in place.
set -euo pipefail
cd "$(dirname "$0")/.."
clang_format=${CLANG_FORMAT:-clang-format}
mapfile -t files < <(find app core widgets tests bench -type f \( -name '*.cpp' -o -name '*.h' \) | sort)
if [[ ${1:-} == --fix ]]; then
  "$clang_format" -i "${files[@]}"
  exit 0
fi
bad=()
for f in "${files[@]}"; do
  "$clang_format" --dry-run --Werror "$f" > /dev/null 2>&1 || bad+=("$f")
done
if ((${#bad[@]})); then
  echo "Not formatted as .clang-format says (scripts/check-format.sh --fix formats them):"
  printf '  %s\n' "${bad[@]}"
  exit 1
fi
echo "${#files[@]} files formatted as .clang-format says."
