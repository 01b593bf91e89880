#!/usr/bin/env bash
# Analyse every video in a folder with the local Touchline service and collect each match's summary
# into one CSV: the curl + jq twin of analyse-folder.mjs (docs/scripting.md), same columns.
#
#   ./analyse-folder.sh FOLDER [--out summaries.csv] [--base http://127.0.0.1:7425] [--token T]
#
# Exit codes: 0 every video analysed, 1 any video failed, 2 called wrongly, 130 stopped by Ctrl-C.
set -euo pipefail

USAGE="usage: $0 FOLDER [--out summaries.csv] [--base http://127.0.0.1:7425] [--token T]"
usage() { echo "$USAGE" >&2; exit 2; }

folder='' out='summaries.csv' base="http://127.0.0.1:${TOUCHLINE_PORT:-7425}" token="${TOUCHLINE_TOKEN:-}"
while [ $# -gt 0 ]; do
  case "$1" in
    --out) [ $# -ge 2 ] || usage; out=$2; shift 2 ;;
    --base) [ $# -ge 2 ] || usage; base=${2%/}; base=${base%/v1}; shift 2 ;;
    --token) [ $# -ge 2 ] || usage; token=$2; shift 2 ;;
    -h|--help) echo "$USAGE"; exit 0 ;;
    -*) echo "unknown option $1" >&2; usage ;;
    *) [ -z "$folder" ] || usage; folder=$1; shift ;;
  esac
done
[ -n "$folder" ] || usage
[ -d "$folder" ] || { echo "not a folder: $folder" >&2; usage; }
command -v jq > /dev/null && command -v curl > /dev/null || { echo "this script needs curl and jq" >&2; exit 2; }

if [ -z "$token" ]; then
  # The service's own data folder (main/service/config.ts), where its first start wrote the token.
  if [ -n "${TOUCHLINE_HOME:-}" ]; then home=$TOUCHLINE_HOME
  elif [ "$(uname)" = Darwin ]; then home="$HOME/Library/Application Support/Touchline"
  else home="${XDG_DATA_HOME:-$HOME/.local/share}/touchline"; fi
  [ -r "$home/default-token" ] || { echo "no token: set TOUCHLINE_TOKEN, pass --token, or start the service once" >&2; exit 2; }
  token=$(tr -d '[:space:]' < "$home/default-token")
fi

# api METHOD PATH [JSON]: the answer's body in $body; returns 1 with the reason in $body on an HTTP error.
api() {
  local answer code
  while :; do
    if ! answer=$(curl -sS -X "$1" "$base/v1$2" -H "Authorization: Bearer $token" -H 'Accept: application/json' \
        ${3:+-H 'Content-Type: application/json' --data-binary "$3"} -w '\n%{http_code}' 2>&1); then
      body="$1 /v1$2: cannot reach the service at $base ($(head -n 1 <<< "$answer")); is it running (touchline serve)?"
      return 1
    fi
    code=${answer##*$'\n'} body=${answer%$'\n'*}
    # The rate limit (100 requests a minute per token) is a pause, not a failure.
    [ "$code" = 429 ] && { sleep 5; continue; }
    [ "$code" -lt 400 ] && return 0
    body="$1 /v1$2 answered $code: $(jq -r '.message // .detail // .' <<< "$body" 2>/dev/null || echo "$body")"
    return 1
  done
}

api GET '/videos?per_page=1' || { echo "$body" >&2; exit 1; }

columns='file,video_id,analysis_id,status,reason,game_date,home_team,away_team,team_0_name,team_1_name,video_length_sec,analysable_duration_sec,possession_team_0_pct,possession_team_1_pct,possession_unknown_pct,passes_team_0,passes_team_1,shots_team_0,shots_team_1,distance_team_0_km,distance_team_1_km,top_speed_kmh,top_speed_player,top_speed_player_id'
# Rows go to a temp file beside the CSV and are renamed over it: a reader never sees half a file.
tmp="$(dirname -- "$out")/.$(basename -- "$out").$$.tmp"
printf '%s\r\n' "$columns" > "$tmp"
finish() { mv -f "$tmp" "$out"; }
trap 'echo; echo "stopped by Ctrl-C; rows so far in $out" >&2; finish; exit 130' INT

# row FILE VIDEO_ID ANALYSIS_ID STATUS REASON DATE HOME AWAY [SUMMARY_JSON]: one CSV line (jq's @csv quotes).
row() {
  jq -j --arg file "$1" --arg vid "$2" --arg aid "$3" --arg status "$4" --arg reason "$5" --arg date "$6" \
      --arg home "$7" --arg away "$8" '
    . as $s
    | def num: if . == "" then null else tonumber end;
    def total(team; f): [$s.players[] | select(.team_id == team) | f // 0] | add // 0;
    def km(team): total(team; .stats.total_distance_m) / 10 | round / 100;
    ($s.players // [] | max_by(.stats.max_speed_kmh)) as $fast
    | [$file, ($vid | num), ($aid | num), $status, $reason, ($s.metadata.game_date // $date), $home, $away,
       $s.teams.team_0_name, $s.teams.team_1_name, $s.metadata.video_length_sec, $s.match_stats.analysable_duration_sec,
       $s.possession.summary.team_0.pct, $s.possession.summary.team_1.pct, $s.possession.summary.unknown.pct]
      + (if $s == null then [null, null, null, null, null, null, null, null, null] else
         [total("team_0"; .stats.ball_actions.passes), total("team_1"; .stats.ball_actions.passes),
          total("team_0"; .stats.ball_actions.shots), total("team_1"; .stats.ball_actions.shots),
          km("team_0"), km("team_1"), $fast.stats.max_speed_kmh, $fast.name, $fast.player_id] end)
    | @csv' <<< "${9:-null}"
  printf '\r\n'
}

shopt -s nocasematch
export LC_ALL=C # sort by bytes, as the Node version does, whatever the user's locale
abs=$(cd -- "$folder" && pwd -P)
total=0 failed=0
for path in "$abs"/*; do
  name=${path##*/}
  [[ -f $path && $name != .* && $name =~ \.(mp4|mov|mkv|avi|m4v|webm)$ ]] || continue
  total=$((total + 1))
  stem=${name%.*}
  if [[ $stem =~ ^([0-9]{4}-[0-9]{2}-[0-9]{2})[[:space:]]+(.+)[[:space:]]+(v|vs|vs\.)[[:space:]]+(.+)$ ]]; then
    date=${BASH_REMATCH[1]} home=${BASH_REMATCH[2]} away=${BASH_REMATCH[4]}
  else
    date=$(date +%F) home=Home away=Away
  fi
  vid='' aid='' status='' reason='' summary=''
  started=$SECONDS
  if api POST /videos "$(jq -nc --arg p "$path" --arg h "$home" --arg a "$away" --arg d "$date" \
      '{video_file_url: $p, home_team_name: $h, away_team_name: $a, date: $d}')"; then
    vid=$(jq -r .data.id <<< "$body")
    if api POST "/videos/$vid/analysis" '{}'; then
      aid=$(jq -r .data.id <<< "$body")
      status=$(jq -r .data.status <<< "$body")
      while :; do
        case $status in done|error|ignored|no_match_detected|needs_attention) break ;; esac
        [ -t 1 ] && printf '\r\033[K[%d] %s: %s %s%%' "$total" "$name" "$status" "$(jq -r '.data.progress // 0 | round' <<< "$body")"
        sleep 2
        api GET "/analyses/$aid" || { status=request_failed reason=$body; break; }
        status=$(jq -r .data.status <<< "$body")
      done
      if [ "$status" = done ]; then
        api GET "/analyses/$aid/summary" && summary=$body || { status=request_failed reason=$body; }
      elif [ "$status" != request_failed ]; then
        reason=$(jq -r '.data.status_reason // ""' <<< "$body")
      fi
    else status=request_failed reason=$body; fi
  else status=request_failed reason=$body; fi
  row "$name" "$vid" "$aid" "$status" "$reason" "$date" "$home" "$away" "$summary" >> "$tmp"
  [ -t 1 ] && printf '\r\033[K'
  echo "[$total] $name: $status${aid:+ (analysis $aid)}, $((SECONDS - started)) s"
  if [ "$status" != done ]; then
    failed=$((failed + 1))
    echo "$name: $status: ${reason:-no reason given}" >&2
  fi
done
[ "$total" -gt 0 ] || { rm -f "$tmp"; echo "no videos (mp4, mov, mkv, avi, m4v, webm) in $folder" >&2; exit 1; }
finish
echo "$((total - failed)) of $total analysed; $out"
[ "$failed" -eq 0 ]
