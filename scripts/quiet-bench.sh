#!/usr/bin/env bash
# Runs one benchmark only once the machine is quiet, so docs/performance.md's figures compare like
# with like: it waits until the 1-minute load average is under QUIET_LOAD (default 2; a benchmark
# itself loads this 2-core machine to 2-3), prints the load it started at and the commit, then runs
# `npm run bench <name> [args]`. Usage: bash scripts/quiet-bench.sh player-list
#   QUIET_LOAD=1 QUIET_WAIT_MAX=3600 bash scripts/quiet-bench.sh live-latency
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 1 ] || { echo "usage: bash scripts/quiet-bench.sh <benchmark> [args...] (see tests/bench/run.ts)" >&2; exit 2; }
limit="${QUIET_LOAD:-2}"
max_wait="${QUIET_WAIT_MAX:-1800}"
waited=0
load() { cut -d' ' -f1 /proc/loadavg; }
until awk -v l="$(load)" -v m="$limit" 'BEGIN { exit !(l < m) }'; do
  if [ "$waited" -ge "$max_wait" ]; then
    echo "quiet-bench: the 1-minute load stayed at or above $limit for ${max_wait}s (now $(load)); not started" >&2
    exit 3
  fi
  sleep 15
  waited=$((waited + 15))
done
echo "quiet-bench: $1 starting at $(date -u +%FT%TZ), load $(cut -d' ' -f1-3 /proc/loadavg), commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
. scripts/node-lts.sh
exec npm run bench -- "$@"
