#!/bin/bash
# bench-stats.sh times `hansard stats` over a whole development-set
# repository against what the same answers cost without it: `hansard why
# --stdin --json` fed every file stats reads (tracked, not binary, at most
# 2 MiB), built from BASE (default main). Each build gets an archive of its
# own, indexed by itself with the path maps a user would give; every run
# copies both archives afresh, asks cold (no cached answers), then warm,
# alternating the two builds. It prints user and system CPU seconds and
# wall seconds per run, then the medians.
#
# Usage: scripts/bench-stats.sh SET [RUNS]   (SET: auth-go or external-agents;
# the development set is read from ../shared/devset beside the checkout)
set -eu
set_name=$1 runs=${2:-3} base=${BASE:-main}
root=$(cd "$(dirname "$0")/.." && pwd)
devset=$root/../shared/devset/$set_name
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$root" && go build -o "$work/new" ./cmd/hansard)
git -C "$root" worktree add -q --detach "$work/base-src" "$base"
(cd "$work/base-src" && go build -o "$work/base" ./cmd/hansard)
git -C "$root" worktree remove --force "$work/base-src"
git clone -q -b main "$devset/repo.bundle" "$work/repo"
mkdir "$work/home" && tar -xzf "$devset/home.tar.gz" -C "$work/home"
cd "$work/repo"
maps=$(python3 - "$devset/sessions.json" "$work/repo" <<'PY'
import json, os, sys
roots = set()
for s in json.load(open(sys.argv[1])).values():
    cwd = s.get("cwd") or ""
    parts, root = cwd.strip("/").split("/"), cwd
    for i in range(1, len(parts)):
        if os.path.isdir(os.path.join(sys.argv[2], *parts[i:])):
            root = "/" + "/".join(parts[:i])
            break
    if cwd:
        roots.add(root)
print(" ".join("--map %s=%s" % (r, sys.argv[2]) for r in sorted(roots)))
PY
)
git ls-files -z | python3 -c '
import os, stat, sys
for f in sys.stdin.read().split("\0"):
    try:
        st = os.lstat(f)
    except OSError:
        continue
    if stat.S_ISREG(st.st_mode) and 0 < st.st_size <= 2 << 20 and b"\0" not in open(f, "rb").read(8000):
        print(f)' > "$work/files"
for b in new base; do
  HOME=$work/home HANSARD_HOME=$work/arch-$b "$work/$b" index $maps > /dev/null
done
timed() { # LABEL BUILD CMD...: one run, "LABEL user sys wall" on stdout
  local label=$1 b=$2; shift 2
  /usr/bin/time -f "$label %U %S %e" -o "$work/t" env HOME="$work/home" HANSARD_HOME="$work/run-$b" "$@" > /dev/null
  cat "$work/t"
}
for i in $(seq "$runs"); do
  for b in new base; do rm -rf "$work/run-$b"; cp -a "$work/arch-$b" "$work/run-$b"; done
  timed cold-stats new "$work/new" stats
  timed cold-why-base base sh -c "'$work/base' why --stdin --json < '$work/files'"
  timed warm-stats new "$work/new" stats
  timed warm-why-base base sh -c "'$work/base' why --stdin --json < '$work/files'"
done | tee "$work/all"
echo "files: $(wc -l < "$work/files"); medians of $runs (CPU user+sys, wall):"
for l in cold-stats cold-why-base warm-stats warm-why-base; do
  awk -v l=$l '$1 == l { print $2 + $3, $4 }' "$work/all" | sort -n | awk -v l=$l '{ c[NR] = $1; w[NR] = $2 } END { m = int((NR + 1) / 2); printf "%s %.2f s CPU, %.2f s wall\n", l, c[m], w[m] }'
done
