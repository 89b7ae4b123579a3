#!/usr/bin/env bash
# Builds the wheel inarow hands out, and checks it: for any x86-64 machine of
# the last decade (x86-64-v2: SSE4.2 and POPCNT, not this machine's own CPU as
# .cargo/config.toml builds for), on glibc 2.17 or later (manylinux_2_17,
# linked by zig from PyPI), on the stable ABI (abi3: CPython 3.9 and later).
# It holds the module twice: inarow/_inarow.abi3.so for x86-64-v2, and
# inarow/x86-64-v3/_inarow.abi3.so for x86-64-v3 (AVX2, BMI2, FMA), which
# `import inarow` loads instead where the machine runs it.
#
#   python/wheel.sh [--profile PROFILE] [--out DIR]
#
#   --profile  the cargo profile (default release; ./test.sh builds ci)
#   --out      where the wheel goes (default target/python/dist); the
#              directory is emptied of older inarow wheels first
#
# Makes a virtual environment under target/python/build (kept between runs,
# remade when requirements-build.txt changes) with maturin, ziglang and
# auditwheel; builds in target/portable and target/portable-v3, apart from
# the native build's target/ (other flags, other artifacts); then `auditwheel
# show` must report manylinux_2_17 or older, the v2 module may hold no AVX
# instruction and the v3 one no AVX-512 instruction.
set -euo pipefail
cd "$(dirname "$0")/.."

profile=release out=target/python/dist
while [ $# -gt 0 ]; do
  case "$1" in
    --profile) profile="${2:?--profile needs a name}"; shift ;;
    --out) out="${2:?--out needs a directory}"; shift ;;
    -h|--help) sed -n '2,21p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "wheel.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
  shift
done

python=${PYTHON:-python3}
venv=target/python/build
stamp=$(sha256sum python/requirements-build.txt | cut -d' ' -f1)
if [ ! -x "$venv/bin/maturin" ] || [ "$(cat "$venv/.requirements" 2>/dev/null)" != "$stamp" ]; then
  echo "wheel.sh: making $venv"
  rm -rf "$venv"
  "$python" -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check -r python/requirements-build.txt
  echo "$stamp" > "$venv/.requirements"
fi

mkdir -p "$out"
rm -f "$out"/inarow-*.whl
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# A wheel for one x86-64 level, in a target directory of its own.
# RUSTFLAGS replaces .cargo/config.toml's build.rustflags (target-cpu=native).
# maturin finds zig through `python -m ziglang`, the build environment's.
build() {
  local cpu=$1 target=$2 into=$3
  PATH="$PWD/$venv/bin:$PATH" RUSTFLAGS="-C target-cpu=$cpu" CARGO_TARGET_DIR=$target \
    "$venv/bin/maturin" build --quiet -m python/Cargo.toml --profile "$profile" \
    --zig --compatibility manylinux_2_17 --out "$into"
}
build x86-64-v2 target/portable "$out"
build x86-64-v3 target/portable-v3 "$tmp/v3"
wheel=$(ls "$out"/inarow-*.whl)

# The v3 wheel's module joins the v2 wheel, in inarow/x86-64-v3/, with its
# line in RECORD (the wheel is rewritten: a zip's entries cannot change).
"$venv/bin/python" - "$wheel" "$tmp/v3"/inarow-*.whl <<'PY'
import base64, hashlib, os, sys, zipfile

wheel, other = sys.argv[1:3]
with zipfile.ZipFile(other) as source:
    (name,) = [n for n in source.namelist() if n.startswith("inarow/_inarow") and n.endswith(".so")]
    module = source.read(name)
added = name.replace("inarow/", "inarow/x86-64-v3/", 1)
digest = base64.urlsafe_b64encode(hashlib.sha256(module).digest()).rstrip(b"=").decode()
with zipfile.ZipFile(wheel) as original, zipfile.ZipFile(wheel + ".new", "w") as merged:
    for info in original.infolist():
        data = original.read(info)
        if info.filename.endswith(".dist-info/RECORD"):
            lines = data.decode().splitlines()
            lines.insert(len(lines) - 1, f"{added},sha256={digest},{len(module)}")
            data = ("\n".join(lines) + "\n").encode()
        merged.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
        if info.filename == name:
            entry = zipfile.ZipInfo(added, date_time=info.date_time)
            entry.external_attr = info.external_attr
            merged.writestr(entry, module, compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
os.replace(wheel + ".new", wheel)
PY

# The platform tag auditwheel finds from the symbols the module needs.
report=$("$venv/bin/auditwheel" show "$wheel")
echo "$report" | sed '/^$/d; s/^/wheel.sh: auditwheel: /'
tag=$(echo "$report" | tr '\n' ' ' | grep -o 'consistent with the following platform tag: "manylinux_2_[0-9]*_x86_64"' \
  | grep -o 'manylinux_2_[0-9]*' || true)
glibc=${tag#manylinux_2_}
if [ -z "$tag" ] || [ "$glibc" -gt 17 ]; then
  echo "wheel.sh: $wheel is not manylinux_2_17 or older (auditwheel found '${tag:-no manylinux tag}')" >&2
  exit 1
fi

# The v2 module holds no AVX, AVX2 or AVX-512 instruction (none uses a ymm or
# zmm register), the v3 one no AVX-512 instruction (none uses a zmm register).
# objdump comes with binutils.
if command -v objdump > /dev/null; then
  "$venv/bin/python" -m zipfile -e "$wheel" "$tmp/wheel"
  for check in "inarow/_inarow:[yz]mm:AVX" "inarow/x86-64-v3/_inarow:zmm:AVX-512"; do
    IFS=: read -r module registers what <<< "$check"
    wide=$(objdump -d --no-show-raw-insn "$tmp/wheel/$module".*so | grep -c "%${registers}" || true)
    if [ "$wide" != 0 ]; then
      echo "wheel.sh: $module holds $wide $what instructions (on $registers registers)" >&2
      exit 1
    fi
  done
fi
echo "wheel.sh: $(basename "$wheel"): $(du -k "$wheel" | cut -f1) KiB, $tag"
