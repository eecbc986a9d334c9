#!/usr/bin/env bash
# The GitHub Action's steps (action.yml), runnable anywhere:
#   action.sh resolve   INPUT_GAME (a release tag such as 0.I, "experimental", or a folder) -> dir, ref, key, fetch
#                       (written to $GITHUB_OUTPUT when set, else printed)
#   action.sh fetch     GAME_REF, GAME_DIR: a shallow, sparse checkout of the game's data/json and data/mods at GAME_REF
#   action.sh check     GAME_DIR, INPUT_PATHS, INPUT_FORMAT, INPUT_MAX_WARNINGS, INPUT_SARIF_FILE: runs cdda-lint check
#                       (format sarif: into INPUT_SARIF_FILE, default cdda-lint.sarif -> output sarif-file)
#   action.sh all       the three in a row (fetch only when GAME_DIR is not there yet), for a local run
# CDDA_GAME_REPO overrides the game's repository (default CleverRaven/Cataclysm-DDA on GitHub; a test uses a local one).
# "experimental" is the newest cdda-experimental-* tag (the daily experimental build), not master: a tag is what
# the cache can be keyed on, and master moves every few hours.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
REPO="${CDDA_GAME_REPO:-https://github.com/CleverRaven/Cataclysm-DDA.git}"
CLI="$HERE/out/server/src/cli/cdda-lint.js"

# The workflow's own stdout, for the ::error command even from inside a $(...) that captures fd 1.
exec 3>&1
say() { echo "cdda-lint action: $*" >&2; }
warn() { echo "::warning title=cdda-lint action::$*" >&3; say "$*"; }
fail() { echo "::error title=cdda-lint action::$*" >&3; say "$*"; exit 2; }

output() {
  if [ -n "${GITHUB_OUTPUT:-}" ]; then echo "$1=$2" >> "$GITHUB_OUTPUT"; else echo "$1=$2"; fi
}

# The tag for INPUT_GAME in the game's repository (checked to exist), on stdout.
resolve_ref() {
  local game="$1" tags
  tags="$(git ls-remote --tags --refs "$REPO")" || fail "cannot list the tags of $REPO"
  if [ "$game" = experimental ] || [ "$game" = latest ]; then
    local tag
    tag="$(printf '%s\n' "$tags" | sed -n 's|.*refs/tags/\(cdda-experimental-.*\)$|\1|p' | sort | tail -n 1)"
    [ -n "$tag" ] || fail "no cdda-experimental-* tag in $REPO"
    say "game \"experimental\": the newest experimental tag, $tag"
    echo "$tag"
    return
  fi
  if printf '%s\n' "$tags" | grep -q "refs/tags/$game\$"; then echo "$game"; return; fi
  fail "game \"$game\": no such tag in $REPO (give a release tag such as 0.H or 0.I, \"experimental\", or a folder holding the game's data)"
}

resolve() {
  local game="${INPUT_GAME:-experimental}"
  if [ -d "$game" ]; then
    say "game folder $game (given)"
    output dir "$(cd "$game" && pwd)"; output ref ''; output key ''; output fetch false
    return
  fi
  case "$game" in */*) fail "game folder $game does not exist";; esac
  local ref dir
  # A failed resolution stops here: `fail` inside $(...) ends only that subshell.
  ref="$(resolve_ref "$game")" || exit $?
  dir="${RUNNER_TEMP:-${TMPDIR:-/tmp}}/cdda-game/$ref"
  output dir "$dir"; output ref "$ref"; output key "cdda-game-data-$ref-v1"; output fetch true
}

fetch() {
  : "${GAME_REF:?GAME_REF is the tag to check out}" "${GAME_DIR:?GAME_DIR is where to}"
  if [ -d "$GAME_DIR/data/json" ]; then say "game $GAME_REF already in $GAME_DIR"; return; fi
  say "fetching data/json and data/mods of $GAME_REF from $REPO"
  rm -rf "$GAME_DIR"; mkdir -p "$(dirname "$GAME_DIR")"
  git clone --quiet --depth 1 --branch "$GAME_REF" --filter=blob:none --sparse --no-checkout "$REPO" "$GAME_DIR" 2>&1 | grep -v 'filtering not recognized' >&2 || true
  [ -d "$GAME_DIR/.git" ] || fail "git clone of $REPO at $GAME_REF failed"
  git -C "$GAME_DIR" sparse-checkout set --no-cone /data/json/ /data/mods/ >&2
  git -C "$GAME_DIR" checkout --quiet "$GAME_REF" >&2
  rm -rf "$GAME_DIR/.git"
  [ -d "$GAME_DIR/data/json" ] || fail "$GAME_REF of $REPO has no data/json"
}

check() {
  : "${GAME_DIR:?GAME_DIR is the game folder}"
  [ -f "$CLI" ] || fail "$CLI is missing: build the tool first (npm ci && npm run build in $HERE)"
  local -a args=(check)
  # Paths are separated by spaces or new lines (a YAML block in the workflow).
  read -r -d '' -a paths < <(printf '%s\0' "${INPUT_PATHS:-.}") || true
  args+=("${paths[@]}" --game "$GAME_DIR" --format "${INPUT_FORMAT:-github}")
  if [ -n "${INPUT_MAX_WARNINGS:-}" ]; then args+=(--max-warnings "$INPUT_MAX_WARNINGS"); fi
  if [ "${INPUT_FORMAT:-github}" != sarif ]; then
    if [ -n "${INPUT_SARIF_FILE:-}" ]; then warn "sarif-file is written with format: sarif only (format is ${INPUT_FORMAT:-github}): no SARIF file"; fi
    say "node $CLI ${args[*]}"
    node "$CLI" "${args[@]}"
    return
  fi
  # SARIF goes to a file, for github/codeql-action/upload-sarif: in the log it reaches no one.
  local sarif="${INPUT_SARIF_FILE:-cdda-lint.sarif}" status=0
  mkdir -p "$(dirname "$sarif")"
  sarif="$(cd "$(dirname "$sarif")" && pwd)/$(basename "$sarif")"
  say "node $CLI ${args[*]} > $sarif"
  node "$CLI" "${args[@]}" > "$sarif" || status=$?
  if [ "$status" -le 1 ]; then
    output sarif-file "$sarif"
    node -e '
      const runs = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).runs;
      const levels = {};
      for (const r of runs.flatMap((run) => run.results)) levels[r.level] = (levels[r.level] ?? 0) + 1;
      const total = Object.values(levels).reduce((a, b) => a + b, 0);
      console.log(`cdda-lint: ${total} problem(s) (${["error", "warning", "note"].map((l) => `${levels[l] ?? 0} ${l}(s)`).join(", ")}) written to ${process.argv[1]} (SARIF 2.1.0)`);
    ' "$sarif"
  fi
  return "$status"
}

case "${1:-}" in
  resolve) resolve ;;
  fetch) fetch ;;
  check) check ;;
  all)
    values="$(GITHUB_OUTPUT='' resolve)" || exit $?
    GAME_DIR="$(printf '%s\n' "$values" | sed -n 's/^dir=//p')"
    GAME_REF="$(printf '%s\n' "$values" | sed -n 's/^ref=//p')"
    export GAME_DIR GAME_REF
    if [ -n "$GAME_REF" ]; then fetch; fi
    check ;;
  *) echo "usage: $0 resolve|fetch|check|all (see the comment at its top)" >&2; exit 2 ;;
esac
