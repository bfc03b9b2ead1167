#!/bin/sh
# bench-why-files.sh times `hansard why FILE --json`, cold, for every file
# of a repository, with two builds of hansard run alternately in the same
# run (the machine is shared: only figures of one run compare), and prints
# each build's median per file and the ratio of the new one's to the old
# one's.
#
# Each build gets an archive of its own (their schemas may differ), made
# by its own `hansard index` of the home folder with the given path maps
# and a first question about one file; a copy of it as it is then (ledger
# and git log built, nothing cached for the files) makes each run cold
# again. Every file is asked RUNS times (default 3) by each build, the
# builds alternating; the median of each is kept.
#
# Usage: scripts/bench-why-files.sh OLD_BIN NEW_BIN REPO HOME [FILE...]
# With no FILE, every tracked .go file of REPO (at most MAX, default 60,
# spread over the list). MAPS holds `--map FROM=TO` flags for `hansard
# index`. Needs git, awk and GNU date.
set -eu

RUNS=${RUNS:-3}
MAX=${MAX:-60}
old=$1 new=$2 repo=$3 home=$4
shift 4
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM
export HOME="$home" CLAUDE_CONFIG_DIR= CODEX_HOME= NO_COLOR=1
cd "$repo"

if [ $# -gt 0 ]; then
	printf '%s\n' "$@" >"$work/files"
else
	git ls-files '*.go' >"$work/all"
	n=$(wc -l <"$work/all")
	awk -v n="$n" -v max="$MAX" 'n <= max || (NR - 1) % int((n + max - 1) / max) == 0' "$work/all" >"$work/files"
fi

for b in old new; do
	eval bin=\$$b
	# shellcheck disable=SC2086 # MAPS holds flags
	HANSARD_HOME="$work/$b.archive" "$bin" index ${MAPS:-} >/dev/null 2>&1
	HANSARD_HOME="$work/$b.archive" "$bin" why "$(head -n 1 "$work/files"):1" --json >/dev/null 2>&1 || true
	cp -r "$work/$b.archive" "$work/$b.cold"
done

# ms BUILD FILE: one cold `why FILE --json` of BUILD, in milliseconds.
ms() {
	eval bin=\$$1
	rm -rf "$work/$1.archive" && cp -r "$work/$1.cold" "$work/$1.archive"
	t0=$(date +%s%N)
	HANSARD_HOME="$work/$1.archive" "$bin" why "$2" --json >/dev/null 2>&1 || { echo "failed: $1 why $2" >&2; exit 1; }
	t1=$(date +%s%N)
	echo "$t0 $t1" | awk '{printf "%.1f\n", ($2 - $1) / 1e6}'
}

median() { sort -n | awk '{a[NR]=$1} END {if (NR % 2) print a[(NR+1)/2]; else print (a[NR/2]+a[NR/2+1])/2}'; }

: >"$work/rows"
while read -r f; do
	: >"$work/o" && : >"$work/n"
	i=0
	while [ $i -lt "$RUNS" ]; do
		ms old "$f" >>"$work/o"
		ms new "$f" >>"$work/n"
		i=$((i + 1))
	done
	echo "$(median <"$work/o") $(median <"$work/n") $f" >>"$work/rows"
done <"$work/files"

awk '{printf "%9.1f %9.1f %6.2f  %s\n", $1, $2, $2 / $1, $3}' "$work/rows"
echo "$(wc -l <"$work/rows") files, $RUNS runs each, medians in ms:"
echo "old median per file $(awk '{print $1}' "$work/rows" | median), new $(awk '{print $2}' "$work/rows" | median);" \
	"median ratio new/old $(awk '{print $2 / $1}' "$work/rows" | median);" \
	"total old $(awk '{s += $1} END {printf "%.0f", s}' "$work/rows"), new $(awk '{s += $2} END {printf "%.0f", s}' "$work/rows")"
