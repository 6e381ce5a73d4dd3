#!/bin/bash
# A heart that does not answer, timed from outside: a one-organ mesh under /tmp/hm-<tree name>, its heart
# SIGSTOPped, then status, a call with --timeout 2, a call with the ability's own deadline and down, each
# timed (interpreter start included). Usage: bench/hung.sh /work/wt-base; bench/hung.sh "$PWD"
TREE=$1; N=$(basename "$TREE"); R=/tmp/hm-$N; rm -rf "$R"; mkdir -p "$R/w"; cd "$R/w" || exit 1
printf '[heart]\nbeat_s = 0.2\nheartbeat_s = 0.2\n\n[organs.echo]\nmodule = "tests.organs.echo"\n' > ../mesh.toml
export PYTHONPATH=$TREE
timeout 60 python -m actors up --detach --config ../mesh.toml --home "$R/H" >/dev/null || exit 1
H=$(python -c "import json;print(json.load(open('$R/H/endpoints.json'))['pid'])")
KIDS=$(ps -o pid= --ppid "$H" | tr '\n' ' ')
kill -STOP "$H"
t() { s=$(date +%s.%N); timeout 200 python -m actors "$@" --home "$R/H" >/dev/null 2>"$R/err"; rc=$?
      printf '%-50s rc=%s %5.1fs  %s\n' "$*" $rc "$(echo "$(date +%s.%N) - $s" | bc)" "$(head -c 200 "$R/err" | tr '\n' ' ')"; }
python - "$R/H" <<'PY'
import sys, time
from actors.client import Client
from broker.errors import MeshError
started = time.monotonic()
try:
    with Client(sys.argv[1]) as client:
        client.control("status")
except MeshError as exc:
    print(f"{'in process: Client.control(status)':<50} {time.monotonic() - started:5.1f}s  {type(exc).__name__}: {exc}")
PY
t status
t call echo.sleep --args '{"seconds":1}' --timeout 2
t call echo.echo
t down
sleep 2
echo "left of the mesh: $(ps -o pid=,stat= -p "$(echo $H $KIDS | tr ' ' ,)" | grep -v Z | tr '\n' ' ')"
for pid in $H $KIDS; do kill -CONT "$pid" 2>/dev/null; kill -KILL "$pid" 2>/dev/null; done
