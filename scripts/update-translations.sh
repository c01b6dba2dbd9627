#!/usr/bin/env bash
# Refreshes translations/*.ts from the sources (run after adding or changing a tr() string),
# then translate the new entries of gripperpose_zh_CN.ts (Qt Linguist, or by hand).
# English is the source language: its file carries only the plural forms.
set -euo pipefail
cd "$(dirname "$0")/.."
lupdate=${LUPDATE:-/usr/lib/qt6/bin/lupdate}
dirs=(app widgets core)
"$lupdate" -locations relative -no-obsolete "${dirs[@]}" -source-language en -target-language zh_CN -ts translations/gripperpose_zh_CN.ts
"$lupdate" -locations relative -no-obsolete -pluralonly "${dirs[@]}" -source-language en -target-language en -ts translations/gripperpose_en.ts
