#!/usr/bin/env bash
# Sets up GripperPose Studio on Debian 12: installs the missing Debian packages (with
# sudo when not root, and only when something is missing), builds Release, then either
# starts the app on its demo project (`run`) or runs the whole test suite (`test`).
#   scripts/setup.sh run     # build and start gripperpose-studio --demo
#   scripts/setup.sh test    # build and run ctest (offscreen)
#   scripts/setup.sh build   # build only
# Environment: BUILD_DIR (default build), JOBS (default: all cores), CMAKE_ARGS (extra
# arguments for cmake, e.g. -DCMAKE_PREFIX_PATH=/opt/libtorch for a GPU LibTorch).
set -euo pipefail
cd "$(dirname "$0")/.."

mode=${1:-run}
build_dir=${BUILD_DIR:-build}
jobs=${JOBS:-$(nproc)}

packages=(
  build-essential cmake ninja-build ccache pkg-config
  qt6-base-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools qt6-translations-l10n libgl-dev
  libtorch-dev libopenblas0-pthread libopencv-dev libqcustomplot-dev
  libyaml-cpp-dev nlohmann-json3-dev libonnx-dev libprotobuf-dev protobuf-compiler
  librocm-smi-dev libgloo-dev
  xvfb xauth fonts-wqy-microhei
  ffmpeg  # only for the tests that encode B-frame videos (tst_videoseek, tst_videoworkspace)
  clang-format  # the `format` test: every C++ file as .clang-format says
  python3-torch  # only for the tests that import weights saved by Python torch
  clang libclang-rt-14-dev  # only for the fuzz targets' sanitizer build (.ci/fuzz)
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "Installing: ${missing[*]}"
  sudo=""
  [[ $(id -u) -eq 0 ]] || sudo=sudo
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# ONNX Runtime for the export tests and benchmarks (a checker, never a dependency of the
# program): npm's onnxruntime-node ships its CPU binaries in the package;
# ONNXRUNTIME_NODE_INSTALL=skip stops its install script from fetching GPU providers. Without
# node and npm the ONNX Runtime checks skip themselves with a message.
ort_version=1.30.0
ort_dir=.deps/ort-node
if command -v node >/dev/null && command -v npm >/dev/null; then
  if ! grep -qs "\"version\": \"$ort_version\"" "$ort_dir/node_modules/onnxruntime-node/package.json"; then
    echo "Installing onnxruntime-node $ort_version into $ort_dir"
    mkdir -p "$ort_dir"
    ONNXRUNTIME_NODE_INSTALL=skip npm install --prefix "$ort_dir" --no-save --no-audit --no-fund \
      "onnxruntime-node@$ort_version" ||
      echo "warning: npm could not install onnxruntime-node; the ONNX Runtime export tests will fail" >&2
  fi
else
  echo "node/npm not found: the ONNX Runtime export checks will be skipped"
fi

# LibTorch 1.13 on Debian calls the system BLAS: one OpenBLAS thread per intra-op thread.
export OPENBLAS_NUM_THREADS=1

# shellcheck disable=SC2086
cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=Release ${CMAKE_ARGS:-}
cmake --build "$build_dir" -j "$jobs"

case "$mode" in
  build) ;;
  run)
    app="$build_dir/app/studio/gripperpose-studio"
    if [[ -z ${DISPLAY:-} && -z ${WAYLAND_DISPLAY:-} ]]; then
      echo "No display found: starting under Xvfb (screenshot in $build_dir/demo.png)."
      xvfb-run -a -s "-screen 0 1600x1000x24" "$app" --demo --screenshot "$build_dir/demo.png"
    else
      exec "$app" --demo
    fi
    ;;
  test)
    export QT_QPA_PLATFORM=offscreen
    ctest --test-dir "$build_dir" --output-on-failure -j "$jobs" --timeout 900
    ;;
  *)
    echo "usage: $0 run|test|build" >&2
    exit 2
    ;;
esac
