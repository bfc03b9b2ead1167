#!/bin/sh
# bench-why.sh times `hansard why` against `git blame` on the same file of
# the large ground-truth repository (2,000 commits, a 3,000-line file, 500
# sessions), in the same run, and prints the ratios the targets are about:
#
#   why FILE:LINE --json (cold)      vs git blame -L LINE,LINE --porcelain FILE   target <= 1.5
#   why FILE --json (cold)           vs git blame --porcelain FILE               target <= 2
#   why FILE:LINE --json (warm)      vs git blame -L LINE,LINE --porcelain FILE   target <= 0.5
#
# and, for information, another line of the same file after the first
# (its answer is not cached; the file's blame is when the first line's
# text recurs in the file, else only the first line's window was blamed),
# and what a repeated question costs inside one `why --stdin` process, as
# an editor that keeps hansard running asks it. "cold" means no cached blame
# or answers for the file (the ledger is built); "warm" means the same
# line was asked about before. Every command runs
# RUNS times (default 10) after one untimed run; the median is reported.
#
# With SAMPLE=N, it asks instead about N lines spread evenly over the file,
# each once cold and once warm after one untimed blame, and prints every
# line's figures and how many lines meet each target: lines differ a lot
# (git blame -L stops as soon as a line is settled, after a few commits
# for a recent line, after most of the history for an old one).
#
# Both end with the floor no answer goes below, timed the same way: an
# empty Go program, `hansard --version` and `git --version`.
#
# Usage: scripts/bench-why.sh [FIXTURE_DIR]
# FIXTURE_DIR is a folder laid out by truthgen -large; without one, a new
# one is built in a temporary folder. Needs go, git, awk and GNU date
# (for milliseconds); hyperfine is not needed.
set -eu

RUNS=${RUNS:-10}
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM

fixture=${1:-}
if [ -z "$fixture" ]; then
	fixture=$work/fixture
	(cd "$root" && go run ./fixtures/truth/cmd/truthgen -out "$fixture" -large >/dev/null)
fi
bin=$work/hansard
(cd "$root" && CGO_ENABLED=0 go build -o "$bin" ./cmd/hansard) # as the README installs it

repo=$fixture/repo
file=service/store.go
lines=$(wc -l <"$repo/$file")
line=${LINE:-$((lines / 2))}
other=$((lines / 3))
export HOME="$fixture/home" HANSARD_HOME="$work/archive" CLAUDE_CONFIG_DIR= CODEX_HOME= NO_COLOR=1
cd "$repo"
"$bin" index >/dev/null

# now_ms prints a monotonic-enough wall clock in milliseconds.
now_ms() { date +%s%3N; }

# time_ms CMD...: runs CMD once, prints its wall time in milliseconds.
time_ms() {
	t0=$(now_ms)
	"$@" >/dev/null 2>&1 || { echo "failed: $*" >&2; exit 1; }
	t1=$(now_ms)
	echo $((t1 - t0))
}

median() { sort -n | awk '{a[NR]=$1} END {if (NR % 2) print a[(NR+1)/2]; else print (a[NR/2]+a[NR/2+1])/2}'; }

# index builds the ledger; a first question about another file warms the
# rest. A copy of the archive as it is then (ledger built, nothing cached
# for the file) makes each cold run cold again.
"$bin" why "$(git ls-files | grep -vx "$file" | head -n 1):1" --json >/dev/null
cp -r "$HANSARD_HOME" "$work/archive.cold"
reset_cache() { rm -rf "$HANSARD_HOME" && cp -r "$work/archive.cold" "$HANSARD_HOME"; }

# ms CMD...: runs CMD once, prints its wall time in milliseconds (one
# decimal place).
ms() {
	t0=$(date +%s%N)
	"$@" >/dev/null 2>&1 || { echo "failed: $*" >&2; exit 1; }
	t1=$(date +%s%N)
	echo "$t0 $t1" | awk '{printf "%.1f\n", ($2 - $1) / 1e6}'
}

# floor times what no answer can go below, in the same way: an empty Go
# program, hansard's own start (--version) and git's (--version), as
# medians of RUNS runs.
floor() {
	printf 'package main\n\nfunc main() {}\n' >"$work/empty.go"
	(cd "$work" && go build -o "$work/empty" "$work/empty.go")
	for cmd in "$work/empty" "$bin --version" "git --version"; do
		: >"$work/floor"
		i=0
		while [ $i -lt "$RUNS" ]; do
			# shellcheck disable=SC2086 # cmd holds a command and its flag
			ms $cmd >>"$work/floor"
			i=$((i + 1))
		done
		printf '%s %s ms; ' "$(basename "${cmd%% *}")${cmd#"${cmd%% *}"}" "$(median <"$work/floor")"
	done
	echo "(process start alone)"
}

if [ -n "${SAMPLE:-}" ]; then
	printf '%6s %10s %10s %10s %8s %8s\n' line blame-L why-cold why-warm cold/bl warm/bl
	: >"$work/sample"
	n=1
	while [ $n -le "$SAMPLE" ]; do
		l=$((n * lines / (SAMPLE + 1)))
		git blame -L "$l,$l" --porcelain "$file" >/dev/null
		b=$(ms git blame -L "$l,$l" --porcelain "$file")
		reset_cache
		c=$(ms "$bin" why "$file:$l" --json)
		w=$(ms "$bin" why "$file:$l" --json)
		echo "$l $b $c $w" | awk '{printf "%6d %10.1f %10.1f %10.1f %8.2f %8.2f\n", $1, $2, $3, $4, $3/$2, $4/$2}' | tee -a "$work/sample"
		n=$((n + 1))
	done
	awk '{c += ($5 <= 1.5); w += ($6 <= 0.5)} END {printf "%d lines: cold <= 1.5 x blame -L on %d, warm <= 0.5 x on %d; ", NR, c, w}' "$work/sample"
	echo "median ratios cold $(awk '{print $5}' "$work/sample" | median), warm $(awk '{print $6}' "$work/sample" | median)"
	floor
	exit 0
fi

: >"$work/blame_l" && : >"$work/blame_f" && : >"$work/why_l" && : >"$work/why_f" && : >"$work/why_w" && : >"$work/why_o"
i=0
while [ $i -lt "$RUNS" ]; do
	time_ms git blame -L "$line,$line" --porcelain "$file" >>"$work/blame_l"
	time_ms git blame --porcelain "$file" >>"$work/blame_f"
	reset_cache
	time_ms "$bin" why "$file:$line" --json >>"$work/why_l"
	time_ms "$bin" why "$file:$line" --json >>"$work/why_w"
	time_ms "$bin" why "$file:$other" --json >>"$work/why_o"
	reset_cache
	time_ms "$bin" why "$file" --json >>"$work/why_f"
	i=$((i + 1))
done

# One `why --stdin` process asked the same line 1 and 41 times: the
# difference over 40 is a repeated question's cost when an editor keeps
# hansard running.
: >"$work/why_s"
i=0
while [ $i -lt "$RUNS" ]; do
	t1=$(ms sh -c "echo '$file:$line' | '$bin' why --stdin --json")
	t41=$(ms sh -c "yes '$file:$line' | head -n 41 | '$bin' why --stdin --json")
	echo "$t1 $t41" | awk '{printf "%.2f\n", ($2 - $1) / 40}' >>"$work/why_s"
	i=$((i + 1))
done

bl=$(median <"$work/blame_l")
bf=$(median <"$work/blame_f")
wl=$(median <"$work/why_l")
wf=$(median <"$work/why_f")
ww=$(median <"$work/why_w")
wo=$(median <"$work/why_o")
echo "file $file ($lines lines), line $line, $RUNS runs, medians in ms"
printf '%-44s %6s\n' "git blame -L $line,$line --porcelain" "$bl"
printf '%-44s %6s\n' "git blame --porcelain" "$bf"
printf '%-44s %6s  x%s (target <= 1.5)\n' "hansard why FILE:LINE --json (cold)" "$wl" "$(echo "$wl $bl" | awk '{printf "%.2f", $1/$2}')"
printf '%-44s %6s  x%s (target <= 2)\n' "hansard why FILE --json (cold)" "$wf" "$(echo "$wf $bf" | awk '{printf "%.2f", $1/$2}')"
printf '%-44s %6s  x%s (target <= 0.5)\n' "hansard why FILE:LINE --json (warm)" "$ww" "$(echo "$ww $bl" | awk '{printf "%.2f", $1/$2}')"
printf '%-44s %6s  x%s\n' "hansard why FILE:OTHER --json (after LINE)" "$wo" "$(echo "$wo $bl" | awk '{printf "%.2f", $1/$2}')"
ws=$(median <"$work/why_s")
printf '%-44s %6s  x%s\n' "hansard why --stdin, LINE again (per question)" "$ws" "$(echo "$ws $bl" | awk '{printf "%.3f", $1/$2}')"
floor
