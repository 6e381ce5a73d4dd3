#!/usr/bin/env python3
"""Regenerates journal-39..42.jsonl and their .truth.json byte-for-byte (standard library only).

Four stacks: 39 = dbt + Airflow data pipeline, 40 = iOS app (xcodebuild + fastlane + SwiftLint),
41 = Haskell service (cabal), 42 = FPGA design (Verilator + Vivado).
Every journal: 6 sessions (s1..s6, one working day each), exactly 5 planted lessons, the rest ordinary work.
"""
import datetime as _dt
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))


class Lcg:
    """Tiny deterministic generator (same numbers on every Python version)."""
    def __init__(self, seed):
        self.x = seed & 0xFFFFFFFF

    def next(self, lo, hi):
        self.x = (1103515245 * self.x + 12345) & 0x7FFFFFFF
        return lo + self.x % (hi - lo + 1)


def workdays(start, n):
    d = _dt.date.fromisoformat(start)
    out = []
    while len(out) < n:
        if d.weekday() < 5:
            out.append(d)
        d += _dt.timedelta(days=1)
    return out


class Journal:
    def __init__(self, num, start, seed):
        self.num = num
        self.days = workdays(start, 6)
        self.rng = Lcg(seed)
        self.events = []
        self.sid = None
        self.t = None

    def session(self, n):
        self.sid = "s%d" % n
        d = self.days[n - 1]
        base = _dt.datetime(d.year, d.month, d.day, 8, 30, tzinfo=_dt.timezone.utc).timestamp()
        self.t = base + self.rng.next(0, 2400)

    def p(self, text):
        self.t += self.rng.next(40, 420)
        self.events.append({"ts": round(self.t, 1), "session": self.sid, "kind": "progress", "text": text})

    def call(self, organ, ability, args, err=None, ms=None):
        lo, hi = {"shell": (400, 60000), "fs": (1, 9), "git": (8, 90), "http": (60, 1800)}[organ]
        dur = ms if ms is not None else self.rng.next(lo * 10, hi * 10) / 10.0
        self.t += self.rng.next(3, 35) + dur / 1000.0
        ev = {"ts": round(self.t, 1), "session": self.sid, "kind": "call", "organ": organ, "ability": ability,
              "args": args, "ok": err is None, "duration_ms": dur}
        if err is not None:
            ev["error"] = err
        self.events.append(ev)

    # shorthands
    def sh(self, cmd, err=None, ms=None):
        self.call("shell", "run", {"command": cmd}, err, ms)

    def rd(self, path, err=None):
        self.call("fs", "read_file", {"path": path}, err)

    def wr(self, path, content="..."):
        self.call("fs", "write_file", {"path": path, "content": content})

    def ed(self, path, old, new, err=None):
        self.call("fs", "edit_file", {"path": path, "old_text": old, "new_text": new}, err)

    def ls(self, path, err=None):
        self.call("fs", "list_directory", {"path": path}, err)

    def gst(self):
        self.call("git", "status", {"repo_path": "."})

    def gdiff(self, target=None, path=None):
        a = {"repo_path": "."}
        if target:
            a["target"] = target
        if path:
            a["path"] = path
        self.call("git", "diff", a)

    def gadd(self, *files):
        self.call("git", "add", {"repo_path": ".", "files": list(files)})

    def gci(self, msg, err=None):
        self.call("git", "commit", {"repo_path": ".", "message": msg}, err)

    def glog(self, n=10):
        self.call("git", "log", {"repo_path": ".", "max_count": n})

    def http(self, url, err=None, ms=None):
        self.call("http", "get", {"url": url}, err, ms)

    def write(self, truth):
        self.events.sort(key=lambda e: e["ts"])
        with open(os.path.join(HERE, "journal-%d.jsonl" % self.num), "w", encoding="utf-8", newline="\n") as f:
            for e in self.events:
                f.write(json.dumps(e, ensure_ascii=False) + "\n")
        with open(os.path.join(HERE, "journal-%d.truth.json" % self.num), "w", encoding="utf-8", newline="\n") as f:
            json.dump(truth, f, ensure_ascii=False, indent=2)
            f.write("\n")
        return len(self.events)


# ---------------------------------------------------------------------------------------------
# journal 39: dbt + Airflow data pipeline (repo analytics-dbt: models/, macros/, dags/)
# ---------------------------------------------------------------------------------------------
AF = "http://airflow-stg.internal:8080/api/v1"
LOGS = "/opt/airflow/logs"
PROFILE_ERR = ("Runtime Error: Could not find profile named 'warehouse'\n"
               "  Profiles are looked up in ~/.dbt/profiles.yml unless --profiles-dir is given")


def sqlfluff_err(var, path, line):
    return ("sqlfluff: TemplateError: Undefined jinja variable '%s' in %s:%d\n"
            "  (templating failed; the file was not linted)" % (var, path, line))


def eacces(path):
    return "EACCES: permission denied, open '%s'" % path


def j39():
    j = Journal(39, "2026-11-09", 3901)
    PD = "--profiles-dir ./profiles"

    j.session(1)
    j.p("add a customer lifetime value mart (fct_customer_ltv) and schedule it in the warehouse_daily DAG")
    j.ls("models/marts")
    j.rd("models/marts/fct_orders.sql")
    j.rd("models/marts/schema.yml")
    j.wr("models/marts/fct_customer_ltv.sql", "select customer_id, sum(amount_eur) as ltv_eur from {{ ref('fct_orders') }} group by 1")
    j.ed("models/marts/schema.yml", "  - name: fct_orders", "  - name: fct_customer_ltv\n    columns:\n      - name: customer_id\n        tests: [unique, not_null]\n  - name: fct_orders")
    j.p("run the new model locally")
    j.sh("dbt run --select fct_customer_ltv", err=PROFILE_ERR)                       # rule j39-p2
    j.sh("dbt run --select fct_customer_ltv %s" % PD)
    j.sh("dbt test --select fct_customer_ltv %s" % PD)
    j.rd("target/compiled/analytics/models/marts/fct_customer_ltv.sql")
    j.p("lint the new model before committing")
    j.sh("sqlfluff lint models/marts/fct_customer_ltv.sql",
         err=sqlfluff_err("target_schema", "models/marts/fct_customer_ltv.sql", 3))   # pitfall j39-p1
    j.rd(".sqlfluff")
    j.p("add the model to the DAG and check the DAG still imports")
    j.rd("dags/warehouse_daily.py")
    j.ed("dags/warehouse_daily.py", "marts = ['fct_orders']", "marts = ['fct_orders', 'fct_customer_ltv']")
    j.sh("python -m pytest tests/dags -q")
    j.sh("python -m pytest tests/dags -q -k warehouse_daily")
    j.http("https://hub.getdbt.com/api/v1/dbt-labs/dbt_utils.json")
    j.http(AF + "/dags/warehouse_daily")                                             # weak j39-p4 (ok)
    j.p("commit the mart and the DAG change")
    j.gst()
    j.gdiff()
    j.gadd("models/marts/fct_customer_ltv.sql", "models/marts/schema.yml", "dags/warehouse_daily.py")
    j.gci("Add fct_customer_ltv mart and schedule it daily")
    j.glog(3)

    j.session(2)
    j.p("orders_daily failed overnight on the dbt_run task, find out why and fix it")
    j.http(AF + "/dags/orders_daily/dagRuns?limit=5")
    j.http(AF + "/dags/orders_daily/dagRuns/scheduled__2026-11-09T02:00:00+00:00/taskInstances",
           err="HTTP 502 Bad Gateway")                                               # weak
    j.http(AF + "/dags/orders_daily/dagRuns/scheduled__2026-11-09T02:00:00+00:00/taskInstances")
    j.rd(LOGS + "/dag_id=orders_daily/run_id=scheduled__2026-11-09T02:00:00+00:00/task_id=dbt_run/attempt=1.log",
         err=eacces(LOGS + "/dag_id=orders_daily/run_id=scheduled__2026-11-09T02:00:00+00:00/task_id=dbt_run/attempt=1.log"))  # pitfall j39-p5
    j.sh("docker compose logs --tail 200 airflow-worker")
    j.rd("models/staging/stg_payments.sql")
    j.p("the payments source got a new refund_amount column; adapt stg_payments")
    j.ed("models/staging/stg_payments.sql", "amount,", "amount,\n    refund_amount,")
    j.sh("dbt ls --select stg_payments+ %s" % PD)
    j.sh("dbt run --select stg_payments+ %s" % PD)
    j.rd("models/staging/schema.yml")
    j.ed("models/staging/stg_payments.sql", "    refund_amount,", "    coalesce(refund_amount, 0) as refund_amount,")
    j.sh("dbt test --select stg_payments %s" % PD)
    j.p("commit the fix and close the incident note")
    j.gdiff()
    j.gadd("models/staging/stg_payments.sql")
    j.gci("stg_payments: carry refund_amount, default 0")
    j.wr("docs/incidents/2026-11-10-orders-daily.md", "# orders_daily failed: new refund_amount column\n")

    j.session(3)
    j.p("add freshness checks to the raw sources and make the DAG fail fast when a source is stale")
    j.rd("models/sources.yml")
    j.ed("models/sources.yml", "  - name: raw", "  - name: raw\n    freshness: {warn_after: {count: 6, period: hour}, error_after: {count: 12, period: hour}}\n    loaded_at_field: _loaded_at")
    j.http("https://docs.getdbt.com/reference/resource-properties/freshness")
    j.sh("dbt parse %s" % PD)
    j.sh("dbt source freshness %s" % PD)
    j.sh("dbt source freshness --select source:raw.payments %s" % PD)
    j.wr("macros/fail_if_stale.sql", "{% macro fail_if_stale(source_name) %}...{% endmacro %}")
    j.p("lint the new macro")
    j.sh("sqlfluff lint macros/fail_if_stale.sql",
         err=sqlfluff_err("run_date", "macros/fail_if_stale.sql", 7))                 # pitfall
    j.sh("sqlfluff lint --templater jinja macros/fail_if_stale.sql",
         err=sqlfluff_err("run_date", "macros/fail_if_stale.sql", 7))                 # pitfall
    j.p("wire a freshness task in front of the dbt group")
    j.rd("dags/warehouse_daily.py")
    j.ed("dags/warehouse_daily.py", "start >> dbt_run", "start >> freshness >> dbt_run",
         err="old_text not found in dags/warehouse_daily.py")
    j.ed("dags/warehouse_daily.py", "start >> dbt_group", "start >> freshness >> dbt_group")
    j.sh("python -m pytest tests/dags/test_warehouse_daily.py -q")
    j.p("see which models my change touches and build just those")
    j.gdiff()                                                                        # playbook j39-p3 (1/3)
    j.sh("dbt build --select state:modified+ --defer --state ./prod-artifacts %s" % PD)
    j.rd("target/run_results.json")
    j.p("check the staging webserver picked the DAG up without import errors")
    j.http(AF + "/importErrors")
    j.http(AF + "/dags/warehouse_daily/details", err="timed out after 30000 ms", ms=30000.0)   # weak
    j.p("commit")
    j.gadd("models/sources.yml", "macros/fail_if_stale.sql", "dags/warehouse_daily.py")
    j.gci("Source freshness gate before the dbt group")

    j.session(4)
    j.p("backfill fct_orders for October after the currency fix")
    j.rd("models/marts/fct_orders.sql")
    j.rd("macros/to_eur.sql")
    j.sh("dbt run --select fct_orders --vars '{start_date: 2026-10-01, end_date: 2026-10-31}'", err=PROFILE_ERR)  # rule
    j.sh("dbt run --select fct_orders --vars '{start_date: 2026-10-01, end_date: 2026-10-31}' %s" % PD)
    j.p("run the backfill on staging Airflow and watch it")
    j.sh("docker compose exec airflow-scheduler airflow dags backfill -s 2026-10-01 -e 2026-10-31 orders_daily")
    j.http(AF + "/dags/orders_daily/dagRuns?state=running")
    j.http(AF + "/dags/orders_daily/dagRuns?state=failed", err="HTTP 503 Service Unavailable")   # weak
    j.p("one backfill day failed, read that attempt's log")
    j.rd(LOGS + "/dag_id=orders_daily/run_id=backfill__2026-10-07T00:00:00+00:00/task_id=dbt_run/attempt=1.log",
         err=eacces(LOGS + "/dag_id=orders_daily/run_id=backfill__2026-10-07T00:00:00+00:00/task_id=dbt_run/attempt=1.log"))  # pitfall
    j.sh("docker compose ps")
    j.sh("docker compose logs --tail 400 airflow-worker")
    j.p("before handing over, build only what changed against prod state")
    j.gdiff(target="main")                                                           # playbook (2/3)
    j.sh("dbt build --select state:modified+ --defer --state ./prod-artifacts %s" % PD)
    j.rd("target/run_results.json")
    j.p("note the backfill in the runbook and commit")
    j.rd("docs/runbook.md")
    j.ed("docs/runbook.md", "## Backfills", "## Backfills\n\nOctober 2026 re-run after the EUR conversion fix (orders_daily).")
    j.gst()
    j.gadd("docs/runbook.md")
    j.gci("runbook: October backfill")
    j.glog(5)

    j.session(5)
    j.p("move the DAGs from BashOperator dbt calls to a cosmos DbtTaskGroup")
    j.ls("dags")
    j.sh("grep -rn BashOperator dags")
    j.rd("dags/orders_daily.py")
    j.rd("dags/warehouse_daily.py")
    j.http("https://astronomer.github.io/astronomer-cosmos/getting_started/open-source.html")
    j.wr("dags/common/dbt_group.py", "from cosmos import DbtTaskGroup, ProjectConfig, ProfileConfig\n")
    j.ed("dags/orders_daily.py", "BashOperator(task_id='dbt_run'", "dbt_group(dag, select=['tag:orders']")
    j.ed("dags/warehouse_daily.py", "BashOperator(task_id='dbt_run'", "dbt_group(dag, select=['tag:daily']")
    j.p("run the DAG tests")
    j.sh("python -m pytest tests/dags -q",
         err="ImportError: cannot import name 'DbtTaskGroup' from 'cosmos' (/usr/local/lib/python3.11/site-packages/cosmos/__init__.py)")
    j.http("https://pypi.org/pypi/astronomer-cosmos/json")
    j.ed("requirements.txt", "astronomer-cosmos==0.7.5", "astronomer-cosmos==1.7.1")
    j.sh("pip install -r requirements.txt")
    j.sh("python -m pytest tests/dags -q")
    j.p("lint fct_orders since I touched its tags")
    j.sh("sqlfluff fix --force models/marts/fct_orders.sql",
         err=sqlfluff_err("target_schema", "models/marts/fct_orders.sql", 12))        # pitfall
    j.p("check how the staging webserver sees the new DAGs")
    j.http(AF + "/dags?tags=dbt")
    j.http(AF + "/importErrors", err="HTTP 502 Bad Gateway")                         # weak
    j.p("read the task log of this morning's manual run")
    j.rd(LOGS + "/dag_id=warehouse_daily/run_id=manual__2026-11-13T10:12:44+00:00/task_id=dbt_group.fct_orders_run/attempt=1.log",
         err=eacces(LOGS + "/dag_id=warehouse_daily/run_id=manual__2026-11-13T10:12:44+00:00/task_id=dbt_group.fct_orders_run/attempt=1.log"))  # pitfall
    j.sh("docker compose exec airflow-worker airflow tasks states-for-dag-run warehouse_daily manual__2026-11-13T10:12:44+00:00")
    j.p("commit the migration")
    j.gst()
    j.gadd("dags", "requirements.txt")
    j.gci("DAGs: dbt via cosmos DbtTaskGroup")
    j.gdiff(target="HEAD~1")
    j.glog(2)

    j.session(6)
    j.p("add an SCD2 snapshot for customer addresses")
    j.ls("snapshots")
    j.http("https://docs.getdbt.com/docs/build/snapshots")
    j.wr("snapshots/customer_addresses_snapshot.sql", "{% snapshot customer_addresses_snapshot %}...{% endsnapshot %}")
    j.sh("dbt snapshot --select customer_addresses_snapshot", err=PROFILE_ERR)       # rule
    j.sh("dbt snapshot --select customer_addresses_snapshot %s" % PD)
    j.sh("dbt test --select customer_addresses_snapshot+ %s" % PD)
    j.rd("target/run_results.json")
    j.p("build the models that depend on the snapshot, changed ones only")
    j.gdiff()                                                                        # playbook (3/3)
    j.sh("dbt build --select state:modified+ --defer --state ./prod-artifacts %s" % PD)
    j.rd("target/run_results.json")
    j.p("make sure staging Airflow still shows warehouse_daily healthy")
    j.http(AF + "/dags/warehouse_daily/dagRuns?limit=3")
    j.http(AF + "/health", err="connection reset by peer")                           # weak
    j.p("document the snapshot and commit")
    j.ed("models/marts/schema.yml", "  - name: fct_customer_ltv", "  - name: dim_customer_address\n    description: SCD2 from customer_addresses_snapshot\n  - name: fct_customer_ltv")
    j.http("https://hub.getdbt.com/api/v1/calogica/dbt_expectations.json")
    j.http("https://docs.getdbt.com/reference/resource-configs/strategy")
    j.gadd("snapshots/customer_addresses_snapshot.sql", "models/marts/schema.yml")
    j.gci("Snapshot customer addresses (SCD2)")
    j.gst()

    truth = {
        "planted": [
            {"id": "j39-p1", "kind": "pitfall", "ability": "shell.run", "anchor": "sqlfluff",
             "description": "sqlfluff (lint or fix, on models or macros) always dies with 'TemplateError: Undefined jinja "
                            "variable ...' because the dbt templater/vars are not configured; 4 failures in s1, s3 (x2), s5, "
                            "never once successful. Lesson: don't lint through sqlfluff here (or configure the dbt templater first)."},
            {"id": "j39-p2", "kind": "rule", "ability": "shell.run", "anchor": "dbt",
             "description": "dbt commands fail with \"Could not find profile named 'warehouse'\" and succeed when re-run "
                            "with --profiles-dir ./profiles (s1 run, s4 run with vars, s6 snapshot)."},
            {"id": "j39-p3", "kind": "playbook", "ability": "git.diff>shell.run>fs.read_file", "anchor": "run_results.json",
             "description": "To build only what a change touches: git.diff, then dbt build --select state:modified+ "
                            "--defer --state ./prod-artifacts, then read target/run_results.json (s3, s4, s6)."},
            {"id": "j39-p4", "kind": "weak_link", "ability": "http.get", "anchor": "airflow-stg.internal",
             "description": "The staging Airflow webserver API (airflow-stg.internal:8080) answers only 7 of 12 calls "
                            "(502/503, time-out, reset) across all sessions: expect flakiness, retry or use the CLI."},
            {"id": "j39-p5", "kind": "pitfall", "ability": "fs.read_file", "anchor": "attempt=1.log",
             "description": "Reading Airflow task logs under /opt/airflow/logs/.../attempt=1.log always fails with "
                            "EACCES (3 failures, one in each of s2, s4, s5), never fixed; the agent falls back to "
                            "docker compose logs each time."},
        ],
        "queries": [
            {"q": "Now I'll run sqlfluff over the staging models before I open the PR", "planted_id": "j39-p1"},
            {"q": "Next: lint macros/generate_schema_name.sql so the style check passes", "planted_id": "j39-p1"},
            {"q": "Teraz poprawię formatowanie SQL w modelu dim_products linterem", "planted_id": "j39-p1"},
            {"q": "Now I'll run dbt seed to load the country codes", "planted_id": "j39-p2"},
            {"q": "Next step: dbt compile the int_sessions model to check the generated SQL", "planted_id": "j39-p2"},
            {"q": "Let me do a dbt run of the finance marts with the full-refresh flag", "planted_id": "j39-p2"},
            {"q": "I changed two staging models; now I'll build just the affected ones and check they passed", "planted_id": "j39-p3"},
            {"q": "Before handing this over I want to verify the modified models and their children build green", "planted_id": "j39-p3"},
            {"q": "Ora costruisco solo i modelli toccati dalla mia modifica e controllo i risultati", "planted_id": "j39-p3"},
            {"q": "Now I'll ask the staging Airflow API whether last night's run of orders_daily succeeded", "planted_id": "j39-p4"},
            {"q": "Next: query the Airflow REST endpoint for the list of paused DAGs", "planted_id": "j39-p4"},
            {"q": "Let me check the dag runs on staging airflow via the webserver api", "planted_id": "j39-p4"},
            {"q": "Now I'll open the task log of the failed dbt_run attempt from last night", "planted_id": "j39-p5"},
            {"q": "Next: read the worker's log file for the load_raw task instance to see the traceback", "planted_id": "j39-p5"},
            {"q": "I'll look at the airflow logs on disk for yesterdays sensor timeout", "planted_id": "j39-p5"},
        ],
        "negatives": [
            "Now I'll format the Python DAG files with ruff before committing",
            "Next: bump the dbt_utils pin in packages.yml to the 1.3 line",
            "I'll read target/manifest.json to count how many models are tagged daily",
            "Now I'll write the YAML description for the new stg_refunds columns",
            "Next: add an accepted_values test for order_status",
            "Let me rename the orders_daily DAG's schedule to 03:00 UTC",
            "I'll add a Slack alert callback to the DAG's default_args",
            "Now I'll update the README's section on how to add a new source",
        ],
        "notes": "dbt + Airflow pipeline. Rule key: shell.run + program 'dbt' (the only dbt failures in the journal "
                 "are the profile ones, each fixed by the very next call). The sqlfluff family never succeeds. "
                 "Calls to other hosts (hub.getdbt.com, docs.getdbt.com, pypi.org, astronomer.github.io) keep http.get as "
                 "a whole above 70%. Noise: one edit_file miss fixed at once (s3, warehouse_daily.py), one "
                 "ImportError fixed by a pin and an identical re-run (s5); neither repeats in another session. "
                 "Negatives 1-3 are traps: formatting (not sqlfluff), editing packages.yml (no dbt command run), reading "
                 "manifest.json (not run_results after a state build).",
    }
    return j, truth


# ---------------------------------------------------------------------------------------------
# journal 40: iOS app "Harbor" (xcodebuild, fastlane, SwiftLint, SwiftPM packages)
# ---------------------------------------------------------------------------------------------
CI = "https://ci.harbor.dev/api"
DEST_OLD = "'platform=iOS Simulator,name=iPhone 15,OS=17.2'"
DEST = "'platform=iOS Simulator,name=iPhone 16,OS=18.1'"
DEST_ERR = ("xcodebuild: error: Unable to find a destination matching the provided destination specifier:\n"
            "\t\t{ platform:iOS Simulator, OS:17.2, name:iPhone 15 }")


def lint_err(line):
    return ("Fatal error: Loading sourcekitd.framework/Versions/A/sourcekitd failed: "
            "file SourceKittenFramework/library_wrapper.swift, line %d" % line)


PLIST_ERR = "ENOENT: no such file or directory, open 'Harbor/Info.plist'"


def j40():
    j = Journal(40, "2026-11-16", 4007)

    j.session(1)
    j.p("add a dark-mode toggle to the Settings screen, persisted in UserDefaults")
    j.sh("xcodebuild -list -project Harbor.xcodeproj")
    j.rd("Harbor/Settings/SettingsView.swift")
    j.rd("Harbor/Settings/SettingsViewModel.swift")
    j.ed("Harbor/Settings/SettingsView.swift", "Section(\"Appearance\") {}", "Section(\"Appearance\") { Toggle(\"Dark mode\", isOn: $vm.darkMode) }",
         err="old_text not found in Harbor/Settings/SettingsView.swift")
    j.ed("Harbor/Settings/SettingsView.swift", "Section(header: Text(\"Appearance\")) {", "Section(header: Text(\"Appearance\")) {\n    Toggle(\"Dark mode\", isOn: $vm.darkMode)")
    j.ed("Harbor/Settings/SettingsViewModel.swift", "final class SettingsViewModel", "final class SettingsViewModel {\n    @AppStorage(\"darkMode\") var darkMode = false")
    j.p("build and run the unit tests on the simulator")
    j.sh("xcodebuild test -scheme Harbor -destination %s" % DEST_OLD, err=DEST_ERR)    # rule j40-p1
    j.sh("xcrun simctl list devices available")
    j.sh("xcodebuild test -scheme Harbor -destination %s" % DEST)
    j.p("lint before pushing")
    j.sh("swiftlint lint --strict", err=lint_err(31))                                 # pitfall j40-p5
    j.http("https://github.com/realm/SwiftLint/releases/latest")
    j.p("see whether CI is green on the branch")
    j.http(CI + "/builds?branch=feature/dark-mode&limit=1")                          # weak j40-p4
    j.p("commit the toggle")
    j.gst()
    j.gadd("Harbor/Settings/SettingsView.swift", "Harbor/Settings/SettingsViewModel.swift")
    j.gci("Settings: dark-mode toggle")
    j.glog(3)

    j.session(2)
    j.p("users on iOS 17 crash on launch since 3.8.0, here is a crash report; find the cause")
    j.rd("crashlogs/Harbor-2026-11-17-0812.ips")
    j.rd("Harbor/Info.plist", err=PLIST_ERR)                                          # rule j40-p2
    j.ls("Harbor/Resources")
    j.rd("Harbor/Resources/Info.plist")
    j.p("the BGTaskScheduler identifier is missing from the plist; add it and verify on the simulator")
    j.ed("Harbor/Resources/Info.plist", "<key>UIBackgroundModes</key>", "<key>BGTaskSchedulerPermittedIdentifiers</key>\n<array><string>dev.harbor.refresh</string></array>\n<key>UIBackgroundModes</key>")
    j.sh("xcodebuild build -scheme Harbor -destination %s -derivedDataPath build" % DEST)
    j.sh("xcrun simctl install booted build/Build/Products/Debug-iphonesimulator/Harbor.app",
         err="An error was encountered processing the command (domain=NSPOSIXErrorDomain, code=2):\nFailed to install the requested application")
    j.sh("xcrun simctl boot 'iPhone 16'")
    j.sh("xcrun simctl install booted build/Build/Products/Debug-iphonesimulator/Harbor.app")
    j.sh("xcrun simctl launch booted dev.harbor.app")
    j.sh("xcrun simctl spawn booted log show --last 5m --predicate 'process == \"Harbor\"'")
    j.p("ship a hotfix beta to TestFlight")
    j.wr("fastlane/metadata/en-US/release_notes.txt", "Fixes a crash on launch on iOS 17.")   # playbook j40-p3 (1/3)
    j.sh("bundle exec fastlane beta")
    j.rd("fastlane/report.xml")
    j.p("check CI for the hotfix tag")
    j.http(CI + "/builds?tag=3.8.1&limit=1", err="HTTP 504 Gateway Timeout")            # weak
    j.p("commit the plist fix")
    j.gdiff()
    j.gadd("Harbor/Resources/Info.plist", "fastlane/metadata/en-US/release_notes.txt")
    j.gci("Declare BGTaskScheduler identifier (crash on iOS 17)")

    j.session(3)
    j.p("add snapshot tests for the three onboarding screens")
    j.ls("HarborTests/Snapshots")
    j.rd("HarborTests/Snapshots/SettingsSnapshotTests.swift")
    j.http("https://github.com/pointfreeco/swift-snapshot-testing/blob/main/README.md")
    j.wr("HarborTests/Snapshots/OnboardingSnapshotTests.swift", "final class OnboardingSnapshotTests: XCTestCase { ... }")
    j.http(CI + "/builds?branch=main&limit=1")                                        # weak (ok)
    j.p("record the reference images")
    j.sh("xcodebuild test -scheme Harbor -destination %s -only-testing:HarborTests/OnboardingSnapshotTests" % DEST_OLD,
         err=DEST_ERR)                                                                # rule
    j.sh("xcodebuild test -scheme Harbor -destination %s -only-testing:HarborTests/OnboardingSnapshotTests" % DEST)
    j.ls("HarborTests/Snapshots/__Snapshots__/OnboardingSnapshotTests")
    j.sh("xcodebuild test -scheme Harbor -destination %s -only-testing:HarborTests/SettingsSnapshotTests" % DEST)
    j.p("lint the new test file")
    j.sh("swiftlint lint HarborTests/Snapshots", err=lint_err(31))                    # pitfall
    j.http("https://developer.apple.com/documentation/xctest/xctestcase")
    j.p("commit tests and reference images")
    j.gst()
    j.gadd("HarborTests/Snapshots")
    j.gci("Onboarding snapshot tests")
    j.gdiff(target="HEAD~1")
    j.glog(2)

    j.session(4)
    j.p("localise the app into German")
    j.rd("Harbor/Info.plist", err=PLIST_ERR)                                          # rule
    j.rd("Harbor/Resources/Info.plist")
    j.ed("Harbor/Resources/Info.plist", "<key>CFBundleDevelopmentRegion</key>", "<key>CFBundleLocalizations</key>\n<array><string>en</string><string>de</string></array>\n<key>CFBundleDevelopmentRegion</key>")
    j.http("https://developer.apple.com/documentation/xcode/localization")
    j.wr("Harbor/Resources/de.lproj/Localizable.strings", "\"settings.title\" = \"Einstellungen\";")
    j.sh("plutil -lint Harbor/Resources/Info.plist")
    j.sh("xcodebuild -exportLocalizations -project Harbor.xcodeproj -localizationPath build/loc")
    j.sh("xcodebuild -importLocalizations -project Harbor.xcodeproj -localizationPath build/loc/de.xcloc")
    j.p("lint the localisation helpers")
    j.sh("swiftlint --fix Harbor/Localization", err=lint_err(31))                     # pitfall
    j.p("commit the German strings")
    j.gci("Add German localisation", err="nothing added to commit but untracked files present (use \"git add\" to track)")
    j.gadd("Harbor/Resources/de.lproj", "Harbor/Resources/Info.plist")
    j.gci("Add German localisation")
    j.p("send a beta to the translators")
    j.wr("fastlane/metadata/en-US/release_notes.txt", "German localisation for review.")   # playbook (2/3)
    j.sh("bundle exec fastlane beta")
    j.rd("fastlane/report.xml")
    j.p("check the CI run for the branch")
    j.http(CI + "/builds?branch=feature/de-localisation&limit=1")
    j.http(CI + "/builds/4411/log", err="HTTP 502 Bad Gateway")                       # weak

    j.session(5)
    j.p("fix the Swift 6 strict-concurrency warnings in the networking layer")
    j.sh("xcodebuild build -scheme Harbor -destination %s OTHER_SWIFT_FLAGS=-strict-concurrency=complete" % DEST_OLD,
         err=DEST_ERR)                                                                # rule
    j.sh("xcodebuild build -scheme Harbor -destination %s OTHER_SWIFT_FLAGS=-strict-concurrency=complete" % DEST)
    j.rd("Harbor/Networking/APIClient.swift")
    j.ed("Harbor/Networking/APIClient.swift", "final class APIClient", "actor APIClient")
    j.rd("Harbor/Networking/TokenStore.swift")
    j.ed("Harbor/Networking/TokenStore.swift", "struct Token {", "struct Token: Sendable {")
    j.p("bump swift-collections in HarborKit and resolve")
    j.http("https://swiftpackageindex.com/apple/swift-async-algorithms")
    j.ed("Packages/HarborKit/Package.swift", "swift-async-algorithms\", exact: \"1.0.0\"", "swift-async-algorithms\", from: \"1.0.1\"")
    j.sh("swift package resolve --package-path Packages/HarborKit")
    j.sh("xcodebuild test -scheme Harbor -destination %s -only-testing:HarborTests/NetworkingTests" % DEST)
    j.p("look at CI for the concurrency branch")
    j.http(CI + "/builds?branch=fix/strict-concurrency&limit=1")
    j.http(CI + "/builds?branch=fix/strict-concurrency&limit=1&include=tests",
           err="timed out after 30000 ms", ms=30000.0)                                 # weak
    j.p("commit")
    j.gadd("Harbor/Networking", "Packages/HarborKit/Package.swift", "Packages/HarborKit/Package.resolved")
    j.gci("Networking: actor-isolated APIClient, Sendable Token")
    j.glog(5)
    j.gst()
    j.gdiff(target="main")

    j.session(6)
    j.p("route push notifications to the order detail screen via deep links")
    j.rd("Harbor/DeepLinks/Router.swift", err="ENOENT: no such file or directory, open 'Harbor/DeepLinks/Router.swift'")
    j.ls("Harbor/Navigation")
    j.rd("Harbor/Navigation/Router.swift")
    j.ed("Harbor/Navigation/Router.swift", "case settings", "case settings\n    case order(id: String)")
    j.rd("Harbor/Info.plist", err=PLIST_ERR)                                          # rule
    j.rd("Harbor/Resources/Info.plist")
    j.ed("Harbor/Resources/Info.plist", "<key>CFBundleURLTypes</key>", "<key>CFBundleURLTypes</key>\n<!-- harbor://order/<id> -->")
    j.http("https://developer.apple.com/documentation/usernotifications/unnotificationresponse")
    j.http("https://developer.apple.com/documentation/xcode/defining-a-custom-url-scheme-for-your-app")
    j.sh("plutil -lint Harbor/Resources/Info.plist")
    j.sh("xcodebuild test -scheme Harbor -destination %s" % DEST)
    j.sh("xcrun simctl openurl booted harbor://order/ord_1234")
    j.p("push a beta so QA can try the links")
    j.wr("fastlane/metadata/en-US/release_notes.txt", "Notifications now open the order.")   # playbook (3/3)
    j.sh("bundle exec fastlane beta")
    j.rd("fastlane/report.xml")
    j.p("check CI and commit")
    j.http(CI + "/builds?branch=feature/deeplinks&limit=1")
    j.http(CI + "/builds/4452/artifacts", err="HTTP 502 Bad Gateway")                 # weak
    j.gst()
    j.gadd("Harbor/Navigation/Router.swift", "Harbor/Resources/Info.plist", "fastlane/metadata/en-US/release_notes.txt")
    j.gci("Deep links from push notifications to order detail")

    truth = {
        "planted": [
            {"id": "j40-p1", "kind": "rule", "ability": "shell.run", "anchor": "xcodebuild",
             "description": "xcodebuild with -destination 'name=iPhone 15,OS=17.2' fails ('Unable to find a destination "
                            "matching the provided destination specifier'); the same command with 'name=iPhone 16,OS=18.1' "
                            "succeeds (s1 test, s3 test -only-testing, s5 build)."},
            {"id": "j40-p2", "kind": "rule", "ability": "fs.read_file", "anchor": "Info.plist",
             "description": "Info.plist is not at Harbor/Info.plist (ENOENT); it lives at Harbor/Resources/Info.plist "
                            "(failure then success in s2, s4, s6)."},
            {"id": "j40-p3", "kind": "playbook", "ability": "fs.write_file>shell.run>fs.read_file", "anchor": "fastlane",
             "description": "Shipping a TestFlight beta: write fastlane/metadata/en-US/release_notes.txt, run "
                            "'bundle exec fastlane beta', read fastlane/report.xml (s2, s4, s6)."},
            {"id": "j40-p4", "kind": "weak_link", "ability": "http.get", "anchor": "ci.harbor.dev",
             "description": "The CI API at ci.harbor.dev answers 5 of 9 calls (502 x2, 504, time-out); other hosts are fine."},
            {"id": "j40-p5", "kind": "pitfall", "ability": "shell.run", "anchor": "swiftlint",
             "description": "swiftlint (lint, --fix, --no-cache) always crashes with 'Fatal error: Loading "
                            "sourcekitd.framework... failed' (3 failures, in s1, s3, s4), never once successful."},
        ],
        "queries": [
            {"q": "Now I'll run the UI test target on the simulator", "planted_id": "j40-p1"},
            {"q": "Next: xcodebuild the widget extension scheme for a simulator to make sure it compiles", "planted_id": "j40-p1"},
            {"q": "Adesso lancio i test di HarborKit sul simulatore iPhone", "planted_id": "j40-p1"},
            {"q": "Now I'll open the app's Info.plist to check the camera usage description", "planted_id": "j40-p2"},
            {"q": "Next: look up the bundle version string in the plist", "planted_id": "j40-p2"},
            {"q": "I'll read the info plist to see which URL schemes are registerd", "planted_id": "j40-p2"},
            {"q": "Now I'll put out a new TestFlight build with the fix for QA", "planted_id": "j40-p3"},
            {"q": "Next: upload a beta so the product owner can try the new onboarding", "planted_id": "j40-p3"},
            {"q": "Teraz wyślę nową betę do testerów przez TestFlight", "planted_id": "j40-p3"},
            {"q": "Now I'll check whether the CI pipeline for my branch went green", "planted_id": "j40-p4"},
            {"q": "Next: fetch the test report of the last CI build from the build server API", "planted_id": "j40-p4"},
            {"q": "Let me poll the build server for the status of build 4460", "planted_id": "j40-p4"},
            {"q": "Now I'll run the linter on the Networking folder before committing", "planted_id": "j40-p5"},
            {"q": "Next: autocorrect the style violations in the Settings module", "planted_id": "j40-p5"},
            {"q": "Şimdi commit etmeden önce Swift kod stilini kontrol edeyim", "planted_id": "j40-p5"},
        ],
        "negatives": [
            "Now I'll read the Localizable.strings file to find untranslated keys",
            "Next: list the simulators installed on this Mac",
            "I'll edit the Fastfile to add a lane that only runs the unit tests",
            "Now I'll add an accessibility label to the dark-mode toggle",
            "Next: write the privacy manifest PrivacyInfo.xcprivacy for the app",
            "Let me rename OrderDetailView to OrderScreen across the project",
            "I'll add a unit test for TokenStore's expiry logic",
            "Now I'll update the app icon set with the new asset from design",
        ],
        "notes": "iOS app. Rule j40-p1 key: shell.run + program 'xcodebuild' (no other xcodebuild failure in the journal); "
                 "rule j40-p2 key: fs.read_file + basename 'Info.plist'. SwiftLint never succeeds. Noise, each in one "
                 "session only: an edit_file miss on SettingsView.swift (s1), a simctl install failure then install+launch "
                 "(s2, xcrun), a git.commit with nothing staged retried with the same message (s4), a Router.swift ENOENT "
                 "(s6). Negatives 1-3 are traps: a .strings file (not Info.plist), listing simulators (no destination "
                 "used), editing the Fastfile (no beta shipped).",
    }
    return j, truth


# ---------------------------------------------------------------------------------------------
# journal 41: Haskell service "ledger-svc" (cabal, ormolu, hspec golden tests, PostgreSQL)
# ---------------------------------------------------------------------------------------------
STG = "http://ledger-staging.internal"
PSQL_ERR = ("psql: error: connection to server at \"127.0.0.1\", port 5433 failed: Connection refused\n"
            "\tIs the server running on that host and accepting TCP/IP connections?")


def ormolu_err(path, line, col):
    return ("ormolu: %s:%d:%d: parse error: the language extension 'OverloadedRecordDot' is not enabled\n"
            "  (ormolu does not read default-extensions from the .cabal file)" % (path, line, col))


def j41():
    j = Journal(41, "2026-11-23", 4111)

    def freeze_playbook(old, new):
        j.ed("ledger-svc.cabal", old, new)
        j.sh("cabal freeze")
        j.gdiff(path="cabal.project.freeze")

    def golden_playbook():
        j.sh("cabal test golden --test-options=--accept")
        j.gdiff(path="test/golden")
        j.gadd("test/golden")

    j.session(1)
    j.p("add GET /accounts/:id/balance-history to ledger-svc")
    j.rd("src/Ledger/Api.hs")
    j.rd("src/Ledger/Balance.hs")
    j.ed("src/Ledger/Api.hs", ":<|> \"accounts\" :> Capture \"id\" AccountId :> \"balance\"",
         ":<|> \"accounts\" :> Capture \"id\" AccountId :> \"balance\"\n  :<|> \"accounts\" :> Capture \"id\" AccountId :> \"balance-history\"")
    j.ed("src/Ledger/Balance.hs", "balanceAt ::", "balanceHistory :: AccountId -> Day -> Day -> Query [(Day, Money)]\nbalanceAt ::")
    j.sh("cabal build ledger-svc")
    j.p("format the modules I touched")
    j.sh("ormolu --mode check src/Ledger/Api.hs", err=ormolu_err("src/Ledger/Api.hs", 57, 24))   # rule j41-p5
    j.sh("ormolu --mode check --ghc-opt -XOverloadedRecordDot src/Ledger/Api.hs")
    j.sh("ormolu --mode inplace --ghc-opt -XOverloadedRecordDot src/Ledger/Balance.hs")
    j.p("I need iso8601 helpers from a newer time; bump the bound and refreeze")
    freeze_playbook("time >=1.9 && <1.12", "time >=1.12 && <1.15")                    # playbook j41-p1 (1/3)
    j.p("run the tests and check staging health")
    j.sh("cabal test ledger-test")
    j.sh("cabal test ledger-test --test-options='--match \"/Balance/\"'")
    j.http(STG + "/healthz")                                                          # weak j41-p4 (ok)
    j.http("https://hackage.haskell.org/package/time-1.14/docs/Data-Time-Format-ISO8601.html")
    j.p("commit")
    j.gst()
    j.gadd("src/Ledger/Api.hs", "src/Ledger/Balance.hs", "ledger-svc.cabal", "cabal.project.freeze")
    j.gci("Balance history endpoint")

    j.session(2)
    j.p("JPY balances are off by one unit for some accounts; find and fix the rounding")
    j.sh("psql -h 127.0.0.1 -p 5433 -U ledger -c \"select id, balance from accounts where currency = 'JPY' limit 5\"",
         err=PSQL_ERR)                                                                # pitfall j41-p3
    j.http(STG + "/api/v1/accounts?currency=JPY&limit=5")
    j.http(STG + "/api/v1/accounts/acc_7f3a9c/balance", err="HTTP 503 Service Unavailable")   # weak
    j.rd("src/Ledger/Money.hs")
    j.p("round half-even for zero-decimal currencies")
    j.ed("src/Ledger/Money.hs", "round (x * 100) `div` 100", "roundHalfEven (minorUnits cur) x")
    j.sh("cabal build ledger-svc",
         err="src/Ledger/Money.hs:88:17: error: [GHC-83865]\n    Couldn't match type 'Integer' with 'Int'")
    j.ed("src/Ledger/Money.hs", "roundHalfEven (minorUnits cur) x", "roundHalfEven (fromIntegral (minorUnits cur)) x")
    j.sh("cabal build ledger-svc")
    j.sh("cabal test ledger-test --test-options='--match \"/Money/\"'")
    j.p("the golden files for money formatting change: accept them and review the diff")
    golden_playbook()                                                                 # playbook j41-p2 (1/3)
    j.p("commit")
    j.gci("Money: round half-even for zero-decimal currencies")

    j.session(3)
    j.p("add a migration for the new ledger_entries.memo column")
    j.ls("migrations")
    j.rd("migrations/0041_entries_idx.sql")
    j.http("https://hackage.haskell.org/package/postgresql-simple-0.7.0.0/changelog")
    j.wr("migrations/0042_entries_memo.sql", "alter table ledger_entries add column memo text;")
    j.sh("psql -h 127.0.0.1 -p 5433 -U ledger -f migrations/0042_entries_memo.sql", err=PSQL_ERR)   # pitfall
    j.p("exercise the migration through the test suite instead")
    j.ls("test/Spec")
    j.sh("cabal build ledger-svc")
    j.rd("test/Spec/MigrationSpec.hs")
    j.ed("test/Spec/MigrationSpec.hs", "migrations `shouldApply` 41", "migrations `shouldApply` 42")
    j.sh("cabal test ledger-test --test-options='--match \"/Migration/\"'")
    j.p("postgresql-simple needs a newer bound for the memo type; bump and refreeze")
    freeze_playbook("postgresql-simple >=0.6.4 && <0.7", "postgresql-simple >=0.7 && <0.8")   # playbook (2/3)
    j.p("is staging up?")
    j.http(STG + "/healthz", err="timed out after 10000 ms", ms=10000.0)               # weak
    j.p("commit")
    j.gadd("migrations/0042_entries_memo.sql", "test/Spec/MigrationSpec.hs", "ledger-svc.cabal", "cabal.project.freeze")
    j.gci("Migration 0042: ledger_entries.memo")
    j.glog(3)

    j.session(4)
    j.p("expose a Prometheus histogram for posting latency")
    j.http("https://hackage.haskell.org/package/prometheus-client")
    j.rd("src/Ledger/Metrics.hs")
    j.ed("src/Ledger/Metrics.hs", "metrics = do", "postingLatency <- register (histogram (Info \"ledger_posting_seconds\" \"\") defaultBuckets)\nmetrics = do")
    j.ed("src/Ledger/Api.hs", "postEntry h e =", "postEntry h e = observeDuration postingLatency $")
    j.sh("cabal build ledger-svc")
    j.p("format the metrics module")
    j.sh("ormolu --mode inplace src/Ledger/Metrics.hs", err=ormolu_err("src/Ledger/Metrics.hs", 23, 9))   # rule
    j.sh("ormolu --mode inplace --ghc-opt -XOverloadedRecordDot src/Ledger/Metrics.hs")
    j.sh("cabal test ledger-test")
    j.p("the /metrics golden output changed: accept and review")
    golden_playbook()                                                                 # playbook (2/3)
    j.p("check the metric on staging")
    j.http(STG + "/metrics")
    j.http(STG + "/healthz")
    j.http(STG + "/api/v1/postings?limit=1", err="HTTP 502 Bad Gateway")              # weak
    j.p("commit")
    j.gst()
    j.gadd("src/Ledger/Metrics.hs", "src/Ledger/Api.hs")
    j.gci("Posting latency histogram")
    j.glog(2)

    j.session(5)
    j.p("the nightly reconciliation job times out; profile it and speed it up")
    j.sh("psql -h 127.0.0.1 -p 5433 -U ledger -c \"explain analyze select * from ledger_entries where posted_at > now() - interval '1 day'\"",
         err=PSQL_ERR)                                                                # pitfall
    j.rd("src/Ledger/Reconcile.hs")
    j.sh("cabal build ledger-svc")
    j.sh("cabal run ledger-svc -- reconcile --dry-run --since 2026-11-26 +RTS -s")
    j.http("https://hackage.haskell.org/package/containers-0.7/docs/Data-Map-Strict.html")
    j.ed("src/Ledger/Reconcile.hs", "foldl (\\m e ->", "foldl' (\\m e ->")
    j.sh("cabal run ledger-svc -- reconcile --dry-run --since 2026-11-26 +RTS -s")
    j.p("containers needs >=0.6.7 for the strict fold I used; bump and refreeze")
    freeze_playbook("containers >=0.6 && <0.7", "containers >=0.6.7 && <0.8")         # playbook (3/3)
    j.p("staging check")
    j.http(STG + "/healthz")
    j.http("https://hoogle.haskell.org/?hoogle=foldl%27%20Map")
    j.p("commit")
    j.gadd("src/Ledger/Reconcile.hs", "ledger-svc.cabal", "cabal.project.freeze")
    j.gci("Reconcile: strict fold, 6x faster on a day of entries")

    j.session(6)
    j.p("encode money amounts as JSON strings so clients stop losing precision")
    j.rd("src/Ledger/Json.hs")
    j.rd("test/golden/amounts.golden", err="ENOENT: no such file or directory, open 'test/golden/amounts.golden'")
    j.ls("test/golden")
    j.rd("test/golden/json/amounts.golden")
    j.ed("src/Ledger/Json.hs", "toJSON (Money m) = toJSON m", "toJSON (Money m) = String (renderDecimal m)")
    j.sh("ormolu --mode check src/Ledger/Json.hs", err=ormolu_err("src/Ledger/Json.hs", 31, 12))   # rule
    j.sh("ormolu --mode check --ghc-opt -XOverloadedRecordDot src/Ledger/Json.hs")
    j.p("accept the new golden JSON and review it")
    golden_playbook()                                                                 # playbook (3/3)
    j.p("try it against staging")
    j.http(STG + "/api/v1/accounts/acc_7f3a9c")
    j.http(STG + "/api/v1/accounts/acc_7f3a9c/postings?limit=3", err="connection reset by peer")   # weak
    j.http("https://hackage.haskell.org/package/scientific")
    j.p("run the whole suite, write the changelog entry and commit")
    j.sh("cabal test ledger-test")
    j.rd("CHANGELOG.md")
    j.ed("CHANGELOG.md", "## Unreleased", "## Unreleased\n\n- Amounts are JSON strings (breaking for clients parsing numbers).")
    j.gst()
    j.gadd("src/Ledger/Json.hs", "CHANGELOG.md")
    j.gci("JSON: amounts as strings")
    j.gdiff(target="HEAD~1")

    truth = {
        "planted": [
            {"id": "j41-p1", "kind": "playbook", "ability": "fs.edit_file>shell.run>git.diff", "anchor": "cabal.project.freeze",
             "description": "Bumping a dependency bound: edit ledger-svc.cabal, run 'cabal freeze', git diff "
                            "cabal.project.freeze to review the resolved versions (s1, s3, s5)."},
            {"id": "j41-p2", "kind": "playbook", "ability": "shell.run>git.diff>git.add", "anchor": "golden",
             "description": "When golden outputs change: 'cabal test golden --test-options=--accept', git diff test/golden, "
                            "git add test/golden (s2, s4, s6)."},
            {"id": "j41-p3", "kind": "pitfall", "ability": "shell.run", "anchor": "psql",
             "description": "psql against the local database on port 5433 always fails with 'connection to server ... "
                            "Connection refused' (3 failures, in s2, s3, s5); there is no local Postgres, never fixed."},
            {"id": "j41-p4", "kind": "weak_link", "ability": "http.get", "anchor": "ledger-staging.internal",
             "description": "The staging service ledger-staging.internal answers 6 of 10 calls (503, time-out, 502, reset)."},
            {"id": "j41-p5", "kind": "rule", "ability": "shell.run", "anchor": "ormolu",
             "description": "ormolu fails on modules using record dot syntax (\"extension 'OverloadedRecordDot' is not "
                            "enabled\"); the same run with --ghc-opt -XOverloadedRecordDot succeeds (s1, s4, s6)."},
        ],
        "queries": [
            {"q": "Now I'll raise the upper bound on aeson in the cabal file and pin the new plan", "planted_id": "j41-p1"},
            {"q": "Next: allow servant 0.20 and regenerate the freeze file", "planted_id": "j41-p1"},
            {"q": "Bây giờ mình nâng phiên bản text trong file .cabal rồi cập nhật freeze", "planted_id": "j41-p1"},
            {"q": "The expected outputs of the report tests changed on purpose; now I'll update them and review", "planted_id": "j41-p2"},
            {"q": "Next: re-accept the snapshot files for the CSV export and stage them", "planted_id": "j41-p2"},
            {"q": "I'll refresh the golden test fixtures after changing the error messages", "planted_id": "j41-p2"},
            {"q": "Now I'll query the accounts table directly to see the bad rows", "planted_id": "j41-p3"},
            {"q": "Next: apply migration 0043 to my local database by hand", "planted_id": "j41-p3"},
            {"q": "Ora controllo con una query SQL quante entry hanno memo nullo", "planted_id": "j41-p3"},
            {"q": "Now I'll hit the staging balance endpoint to confirm the fix is deployed", "planted_id": "j41-p4"},
            {"q": "Next: scrape the staging metrics endpoint and look at the posting histogram", "planted_id": "j41-p4"},
            {"q": "Let me call the staging API for account acc_91b2 and compare with prod", "planted_id": "j41-p4"},
            {"q": "Now I'll format src/Ledger/Report.hs before committing", "planted_id": "j41-p5"},
            {"q": "Next: make sure the new module passes the formatter check in CI", "planted_id": "j41-p5"},
            {"q": "I'll run the code formater over the Api and Json modules", "planted_id": "j41-p5"},
        ],
        "negatives": [
            "Now I'll run hlint over src/ and look at the suggestions",
            "Next: read the migration 0041 to remember how the index was named",
            "I'll look at the git log for who last touched the golden test driver",
            "Now I'll write the Haddock comment for balanceHistory",
            "Next: add a QuickCheck property that roundHalfEven is idempotent",
            "Let me rename AccountId to AccountRef in the Api module",
            "I'll add a servant-client function for the new endpoint",
            "Now I'll update the README's local setup section",
        ],
        "notes": "Haskell service. psql never succeeds (no local Postgres). ormolu rule key: shell.run + program 'ormolu'. "
                 "Both playbooks are segments of exactly three successful calls. The only cabal failure is a type error in "
                 "s2, fixed by an edit and the identical command. One ENOENT on amounts.golden (s6) is fixed at once. "
                 "Other http.get hosts (hackage, hoogle) keep http.get as a whole above 70%. Negatives 1-3 are traps: "
                 "hlint (not ormolu), reading a migration file (no psql), git log on golden (no accept/diff/add).",
    }
    return j, truth


# ---------------------------------------------------------------------------------------------
# journal 42: FPGA design "uart_dma" (Verilator, cocotb, Vivado, Jenkins, NFS bitstream share)
# ---------------------------------------------------------------------------------------------
JK = "http://jenkins.fpga.lab"
SHARE = "/mnt/bitstreams/uart_dma"
VIVADO_ERR = ("ERROR: [Common 17-345] A valid license was not found for feature '%s' and/or device 'xc7a35t'.\n"
              "Please run the Vivado License Manager for assistance in determining which features and devices are licensed.")
VERILATOR_ERR = ("%%Error: rtl/%s:%d:5: Cannot find file containing module: 'fifo_sync'\n"
                 "%%Error: This may be because there's no search path specified with -I<dir>.")


def j42():
    j = Journal(42, "2026-11-30", 4242)
    VBUILD = "verilator --cc --exe --build -j 0 --top-module uart_dma rtl/uart_dma.sv sim/tb_uart_dma.cpp"
    VBUILD_FIX = "verilator --cc --exe --build -j 0 -y rtl/common --top-module uart_dma rtl/uart_dma.sv sim/tb_uart_dma.cpp"

    def regress(seed, day, summary):
        j.sh("make -C sim regress SEED=%d" % seed)
        j.rd("sim/out/regress_summary.txt")
        j.wr("docs/regress/%s.md" % day, summary)

    j.session(1)
    j.p("add an optional parity bit to the UART transmitter")
    j.ls("rtl")
    j.rd("rtl/uart_tx.sv")
    j.http("https://verilator.org/guide/latest/languages.html")
    j.ed("rtl/uart_tx.sv", "parameter int DATA_BITS = 8", "parameter int DATA_BITS = 8,\n  parameter bit PARITY_EN = 1'b0")
    j.ed("rtl/uart_dma.sv", "uart_tx #(.DATA_BITS(8))", "uart_tx #(.DATA_BITS(8), .PARITY_EN(cfg_parity))")
    j.p("build the Verilator model and run the smoke test")
    j.sh(VBUILD, err=VERILATOR_ERR % ("uart_dma.sv", 42))                              # rule j42-p4
    j.sh(VBUILD_FIX)
    j.sh("./obj_dir/Vuart_dma +test=smoke")
    j.sh("./obj_dir/Vuart_dma +test=parity")
    j.sh("yosys -p 'read_verilog -sv rtl/uart_tx.sv; synth_xilinx -top uart_tx; stat'")
    j.p("check what the last bitstream build produced")
    j.ls(SHARE, err="ESTALE: stale file handle, scandir '%s'" % SHARE)               # weak j42-p2
    j.http(JK + "/job/uart_dma/lastBuild/api/json")                                    # weak j42-p1 (ok)
    j.p("commit the parity option")
    j.gst()
    j.gadd("rtl/uart_tx.sv", "rtl/uart_dma.sv")
    j.gci("uart_tx: optional parity bit")

    j.session(2)
    j.p("the RX FIFO overflows at 3 Mbaud in the nightly regression; investigate")
    j.http(JK + "/job/uart_dma-regress/lastFailedBuild/api/json")
    j.http(JK + "/job/uart_dma-regress/lastFailedBuild/consoleText", err="HTTP 502 Bad Gateway")   # weak
    j.rd("sim/tests/test_rx_overflow.py")
    j.rd("rtl/uart_rx.sv")
    j.ed("rtl/uart_rx.sv", "parameter int FIFO_DEPTH = 16", "parameter int FIFO_DEPTH = 64")
    j.sh(VBUILD_FIX)
    j.sh("./obj_dir/Vuart_dma +test=rx_overflow +baud=3000000")
    j.p("run the regression and record the result")
    regress(1234, "2026-12-01", "# Regression 2026-12-01\nseed 1234: 48/48 pass (rx fifo 64)\n")   # playbook j42-p5 (1/3)
    j.p("build a bitstream to try it on the Arty")
    j.sh("vivado -mode batch -source scripts/build_bitstream.tcl -tclargs uart_dma",
         err=VIVADO_ERR % "Synthesis")                                                # pitfall j42-p3
    j.ls(SHARE + "/2026-11-30", err="ETIMEDOUT: connection timed out, scandir '%s/2026-11-30'" % SHARE)   # weak
    j.ls(SHARE + "/2026-11-30")
    j.p("commit")
    j.gdiff()
    j.gadd("rtl/uart_rx.sv", "docs/regress/2026-12-01.md")
    j.gci("uart_rx: FIFO depth 64 for 3 Mbaud")

    j.session(3)
    j.p("add an AXI-lite register for the baud divisor")
    j.rd("rtl/uart_regs.sv")
    j.ed("rtl/uart_regs.sv", "localparam ADDR_CTRL = 4'h0;", "localparam ADDR_CTRL = 4'h0;\nlocalparam ADDR_BAUD = 4'h4;")
    j.ls("sim/tests")
    j.wr("sim/tests/test_baud_reg.py", "@cocotb.test()\nasync def test_baud_reg(dut): ...")
    j.p("lint the design")
    j.sh("verilator --lint-only -Wall rtl/uart_dma.sv", err=VERILATOR_ERR % ("uart_dma.sv", 42))   # rule
    j.sh("verilator --lint-only -Wall -y rtl/common rtl/uart_dma.sv")
    j.sh("sby -f formal/uart_regs.sby")
    j.p("run the new cocotb test")
    j.sh("make -C sim TESTCASE=test_baud_reg",
         err="test_baud_reg failed: AssertionError: divisor reads 0x0000 after writing 0x01b2\n"
             "make: *** [Makefile:41: results.xml] Error 1")
    j.http("https://docs.cocotb.org/en/stable/writing_testbenches.html")
    j.ed("sim/tests/test_baud_reg.py", "await axil.write(0x4, 0x1b2)", "await axil.write(0x4, 0x1b2)\n    await ClockCycles(dut.clk, 2)")
    j.sh("make -C sim TESTCASE=test_baud_reg")
    j.p("see whether the share and Jenkins have last night's artefacts")
    j.ls(SHARE, err="EIO: i/o error, scandir '%s'" % SHARE)                           # weak
    j.http(JK + "/job/uart_dma/lastSuccessfulBuild/api/json", err="timed out after 30000 ms", ms=30000.0)   # weak
    j.p("commit")
    j.gadd("rtl/uart_regs.sv", "sim/tests/test_baud_reg.py")
    j.gci("AXI-lite baud divisor register")
    j.glog(3)

    j.session(4)
    j.p("timing closure: the 100 MHz clock misses by 0.4 ns after the FIFO change")
    j.ls(SHARE)
    j.rd(SHARE + "/2026-11-30/timing_summary.rpt")
    j.ls(SHARE + "/2026-12-02", err="ESTALE: stale file handle, scandir '%s/2026-12-02'" % SHARE)   # weak
    j.sh("yosys -p 'read_verilog -sv rtl/uart_rx.sv rtl/common/fifo_sync.sv; synth_xilinx -top uart_rx; stat'")
    j.ed("constraints/arty_a7.xdc", "set_max_delay 10", "set_multicycle_path 2 -setup -from [get_cells rx_fifo/*]")
    j.sh("vivado -mode batch -source scripts/build_bitstream.tcl -tclargs uart_dma",
         err=VIVADO_ERR % "Synthesis")                                                # pitfall
    j.sh("yosys -p 'read_verilog -sv rtl/*.sv rtl/common/*.sv; synth_xilinx -top uart_dma; stat'")
    j.p("make sure the constraint change broke nothing in simulation")
    regress(987, "2026-12-03", "# Regression 2026-12-03\nseed 987: 48/48 pass\n")     # playbook (2/3)
    j.p("check the Jenkins build of the branch")
    j.http(JK + "/job/uart_dma/lastBuild/api/json")
    j.http("https://verilator.org/guide/latest/exe_verilator.html")
    j.p("commit")
    j.gst()
    j.gdiff()
    j.gadd("constraints/arty_a7.xdc", "docs/regress/2026-12-03.md")
    j.gci("xdc: multicycle path out of the RX FIFO")

    j.session(5)
    j.p("move the DMA engine to 16-beat bursts")
    j.rd("rtl/dma_engine.sv")
    j.http("https://developer.arm.com/documentation/ihi0022/latest")
    j.ed("rtl/dma_engine.sv", "localparam int BURST = 8;", "localparam int BURST = 16;")
    j.sh(VBUILD_FIX)
    j.sh("./obj_dir/Vuart_dma +test=dma_burst")
    j.sh("./obj_dir/Vuart_dma +test=dma_burst +seed=7")
    j.sh("verilator --lint-only -Wall -y rtl/common rtl/dma_engine.sv")
    j.http("https://verilator.org/guide/latest/warnings.html")
    j.p("try a bitstream again")
    j.sh("vivado -mode batch -source scripts/build_bitstream.tcl -tclargs uart_dma",
         err=VIVADO_ERR % "Synthesis")                                                # pitfall
    j.ls(SHARE + "/2026-12-02", err="ETIMEDOUT: connection timed out, scandir '%s/2026-12-02'" % SHARE)   # weak
    j.p("look at the Jenkins test report")
    j.http(JK + "/job/uart_dma/lastBuild/api/json")
    j.http(JK + "/job/uart_dma/lastBuild/testReport/api/json", err="HTTP 503 Service Unavailable")   # weak
    j.p("commit")
    j.gdiff()
    j.gadd("rtl/dma_engine.sv")
    j.gci("dma_engine: 16-beat bursts")
    j.glog(2)

    j.session(6)
    j.p("prepare release 1.2 of the uart_dma IP")
    j.ls("/mnt/bitstreams")
    j.ls("constraints")
    j.sh("verilator --cc --exe --build -j 0 --top-module uart_dma_top rtl/uart_dma_top.sv sim/tb_top.cpp",
         err=VERILATOR_ERR % ("uart_dma_top.sv", 17))                                 # rule
    j.sh("verilator --cc --exe --build -j 0 -y rtl/common --top-module uart_dma_top rtl/uart_dma_top.sv sim/tb_top.cpp")
    j.sh("./obj_dir/Vuart_dma_top +test=smoke")
    j.p("full regression for the release notes")
    regress(20261207, "2026-12-07", "# Regression 2026-12-07 (release 1.2)\nseed 20261207: 52/52 pass\n")   # playbook (3/3)
    j.p("changelog, then check the release job")
    j.rd("CHANGELOG.md")
    j.ed("CHANGELOG.md", "## [Unreleased]", "## [1.2.0] - 2026-12-07\n- parity option, baud register, 16-beat DMA")
    j.http(JK + "/job/uart_dma-release/api/json")
    j.http(JK + "/job/uart_dma-release/lastBuild/api/json")
    j.http(JK + "/job/uart_dma-release/lastBuild/artifact/out/uart_dma_1.2.0.zip", err="HTTP 502 Bad Gateway")   # weak
    j.http("https://docs.cocotb.org/en/stable/release_notes.html")
    j.p("commit the release")
    j.sh("zip -r out/uart_dma_1.2.0.zip rtl constraints docs")
    j.sh("sha256sum out/uart_dma_1.2.0.zip")
    j.gadd("CHANGELOG.md", "docs/regress/2026-12-07.md")
    j.gci("Release 1.2.0")
    j.glog(4)
    j.gst()

    truth = {
        "planted": [
            {"id": "j42-p1", "kind": "weak_link", "ability": "http.get", "anchor": "jenkins.fpga.lab",
             "description": "The Jenkins API at jenkins.fpga.lab answers 6 of 10 calls (502 x2, 503, time-out)."},
            {"id": "j42-p2", "kind": "weak_link", "ability": "fs.list_directory", "anchor": "bitstreams",
             "description": "fs.list_directory as a whole succeeds on 6 of 11 calls: listings of the NFS share "
                            "/mnt/bitstreams fail with ESTALE, ETIMEDOUT or EIO (no error signature 3 times)."},
            {"id": "j42-p3", "kind": "pitfall", "ability": "shell.run", "anchor": "vivado",
             "description": "vivado in batch mode always fails with '[Common 17-345] A valid license was not found for "
                            "feature ...' (3 failures, in s2, s4, s5); never fixed, no licence on this machine."},
            {"id": "j42-p4", "kind": "rule", "ability": "shell.run", "anchor": "verilator",
             "description": "verilator fails with \"Cannot find file containing module: 'fifo_sync'\"; the same command "
                            "with -y rtl/common succeeds (s1 build, s3 lint, s6 build of the top)."},
            {"id": "j42-p5", "kind": "playbook", "ability": "shell.run>fs.read_file>fs.write_file", "anchor": "regress_summary.txt",
             "description": "Recording a regression: make -C sim regress SEED=N, read sim/out/regress_summary.txt, write "
                            "docs/regress/<date>.md (s2, s4, s6)."},
        ],
        "queries": [
            {"q": "Now I'll ask Jenkins whether the nightly regression job passed", "planted_id": "j42-p1"},
            {"q": "Next: download the bitstream artefact from the last successful CI build", "planted_id": "j42-p1"},
            {"q": "Teraz sprawdzę w Jenkinsie status joba uart_dma-release", "planted_id": "j42-p1"},
            {"q": "Now I'll list yesterday's build folder on the bitstream share", "planted_id": "j42-p2"},
            {"q": "Next: see which .bit files are in the shared output directory", "planted_id": "j42-p2"},
            {"q": "I'll browse the nfs mount to find the timing report from the 1.1 build", "planted_id": "j42-p2"},
            {"q": "Now I'll synthesise the design and generate a bitstream for the Arty", "planted_id": "j42-p3"},
            {"q": "Next: run place and route to see if timing closes at 100 MHz", "planted_id": "j42-p3"},
            {"q": "Ora genero il bitstream con lo script tcl in batch", "planted_id": "j42-p3"},
            {"q": "Now I'll compile the testbench model for the DMA top level", "planted_id": "j42-p4"},
            {"q": "Next: lint uart_rx.sv with all warnings on", "planted_id": "j42-p4"},
            {"q": "I'll build the verilated simulaton of the new wrapper", "planted_id": "j42-p4"},
            {"q": "Now I'll run the full sim regression and write down the pass rate", "planted_id": "j42-p5"},
            {"q": "Next: regress with a fresh seed and log the result in the docs", "planted_id": "j42-p5"},
            {"q": "Before tagging I'll run all cocotb tests with a random seed and record the summary", "planted_id": "j42-p5"},
        ],
        "negatives": [
            "Now I'll read the Jenkinsfile to add a lint stage",
            "Next: list the rtl directory to see which modules exist",
            "I'll open the Vivado timing report from the 1.1 release that is already in docs/",
            "Now I'll add a SystemVerilog assertion that the FIFO never underflows",
            "Next: write the register map table in docs/registers.md",
            "Let me rename cfg_parity to cfg_parity_en in the top level",
            "I'll add a cocotb test for a framing error on RX",
            "Now I'll update the pin constraints for the second UART on the PMOD header",
        ],
        "notes": "FPGA design. vivado never succeeds; verilator's only failures are the missing search path, each fixed "
                 "by the very next call. The list_directory weak link is about the ability as a whole (its calls on "
                 "local folders succeed); its failures use three different error kinds, at most two of a kind, and are "
                 "never followed by a different-argument success on the same base name in a session. The only make "
                 "failure is a cocotb assertion in s3, fixed by an edit and the identical command. Negatives 1-3 are "
                 "traps: reading the Jenkinsfile (no Jenkins API call), listing the local rtl folder (not the share), "
                 "reading an old timing report from docs/ (no Vivado run).",
    }
    return j, truth


if __name__ == "__main__":
    for build in (j39, j40, j41, j42):
        jr, tr = build()
        n = jr.write(tr)
        print("journal-%d.jsonl: %d events" % (jr.num, n))
