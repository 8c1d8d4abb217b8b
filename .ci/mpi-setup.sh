#!/usr/bin/env bash
# Installs what the `mpi` feature builds and runs with, when missing: Open MPI (mpirun and its
# headers) and libclang (the mpi crate generates its bindings with bindgen). Debian's packages.
set -euo pipefail
if command -v mpirun >/dev/null && command -v mpicc >/dev/null \
    && ls /usr/lib/llvm-*/lib/libclang*.so* >/dev/null 2>&1; then
  exit 0
fi
SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
$SUDO apt-get update
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y libopenmpi-dev openmpi-bin libclang-dev
