"""Planted lessons, queries and negatives of journals 165-168 (written before the journals).

Every query and negative is the call the agent is about to make, as it appears in its transcript:
a command line, or a tool name with its arguments, optionally after at most six words of why.
"""

METHOD = ("Queries and negatives are the literal call the agent is about to make (a command line, or a tool "
          "name with its arguments), optionally preceded by at most six words of why; they name the work, "
          "never the lesson, and never quote error text.")

TRUTH = {}

# ---------------------------------------------------------------- 165: TLA+
TRUTH[165] = {
    "project": "fieldfare-sync-spec: TLA+ / PlusCal specifications of the offline till-sync protocol of a chain of farm shops "
               "(specs/Sync.tla, Ledger.tla, Outbox.tla with a PlusCal algorithm, MC_Sync.tla with MC_Small.cfg and the full "
               "MC_Sync.cfg); tools/tla2tools.jar for TLC, SANY, pcal.trans and tla2tex; Apalache runs in CI; long TLC runs go to "
               "a job runner (tlcrun.fieldfare.internal) whose job directories are NFS-mounted at /srv/tlc/jobs; the dev box keeps "
               "JDK 11 for the TLA+ Toolbox. Developers Ines, Tomas, Priya.",
    "planted": [
        {"id": "j165-p1", "kind": "pitfall", "ability": "shell.run", "anchor": "apalache-mc",
         "description": "Apalache cannot run on this dev box: the JDK here is 11 (pinned for the TLA+ Toolbox) and Apalache needs "
                        "17, so every `apalache-mc typecheck|check` dies while loading its main class. Type checks and symbolic "
                        "checks run in the CI apalache job; don't run apalache-mc here.",
         "evidence": "4 failures in s1, s3, s5 (two in s5), one signature; no apalache-mc success anywhere"},
        {"id": "j165-p2", "kind": "rule", "ability": "shell.run", "anchor": "java",
         "description": "TLC on the full model (specs/MC_Sync.cfg: 3 shops, 4 tills) runs out of Java heap with the default heap. "
                        "Run it as `java -Xmx12g -XX:+UseParallelGC -cp tools/tla2tools.jar tlc2.TLC ...`; MC_Small.cfg, SANY, "
                        "pcal.trans and tla2tex are fine without it.",
         "evidence": "fail then fix with -Xmx12g in s2 (tlc2.TLC -workers 8) and s4 (java -jar tla2tools.jar -workers auto)"},
        {"id": "j165-p3", "kind": "playbook", "ability": "fs.edit_file", "anchor": "pcal",
         "sequence": ["fs.edit_file", "shell.run", "git.diff", "git.add"],
         "description": "Changing the PlusCal algorithm in specs/Outbox.tla: edit the --algorithm block, re-translate with "
                        "`java -cp tools/tla2tools.jar pcal.trans -nocfg specs/Outbox.tla`, check the regenerated TLA+ with "
                        "git diff, stage the file.",
         "evidence": "same 4-call segment in s1, s3, s6"},
        {"id": "j165-p4", "kind": "weak_link", "ability": "http.get", "anchor": "tlcrun.fieldfare.internal",
         "description": "The TLC job runner's API (tlcrun.fieldfare.internal:8080, jobs, queue, logs) is flaky: 502, 503, "
                        "timeouts, connection resets. Retry the same request before concluding anything about a job.",
         "evidence": "13 calls, 8 ok (62%), four different errors"},
        {"id": "j165-p5", "kind": "pitfall", "ability": "fs.read_file", "anchor": "MC.out",
         "description": "TLC job output at /srv/tlc/jobs/<id>/MC.out belongs to the tlcrun service user (mode 0600) and cannot be "
                        "read from the developers' account; get the log from the runner API (/api/jobs/<id>/log) instead.",
         "evidence": "3 failures in s2, s4, s6, one signature; MC.out is never read"},
    ],
    "queries": [
        {"q": "apalache-mc check --inv=NoDoubleSettle --length=8 specs/MC_Sync.tla", "planted_id": "j165-p1"},
        {"q": "cd specs && apalache-mc typecheck Ledger.tla", "planted_id": "j165-p1"},
        {"q": "type annotations added, verify them: apalache-mc typecheck specs/Outbox.tla", "planted_id": "j165-p1"},
        {"q": "java -cp tools/tla2tools.jar tlc2.TLC -workers 8 -config specs/MC_Sync.cfg specs/MC_Sync.tla", "planted_id": "j165-p2"},
        {"q": "full model after the refund change: java -jar tools/tla2tools.jar -workers auto -config specs/MC_Sync.cfg specs/MC_Sync.tla", "planted_id": "j165-p2"},
        {"q": "java -cp tools/tla2tools.jar tlc2.TLC -checkpoint 30 -config specs/MC_Sync.cfg specs/MC_Sync.tla", "planted_id": "j165-p2"},
        {"q": "fs.edit_file path=specs/Outbox.tla old=\"retry:\" new=\"retry: if (tries < MaxTries) {\"", "planted_id": "j165-p3"},
        {"q": "add the ack timeout branch: fs.edit_file path=specs/Outbox.tla", "planted_id": "j165-p3"},
        {"q": "java -cp tools/tla2tools.jar pcal.trans -nocfg specs/Outbox.tla", "planted_id": "j165-p3"},
        {"q": "http.get url=http://tlcrun.fieldfare.internal:8080/api/jobs/4519", "planted_id": "j165-p4"},
        {"q": "http.get url=http://tlcrun.fieldfare.internal:8080/api/queue", "planted_id": "j165-p4"},
        {"q": "is the overnight run done: http.get url=http://tlcrun.fieldfare.internal:8080/api/jobs?owner=ines", "planted_id": "j165-p4"},
        {"q": "fs.read_file path=/srv/tlc/jobs/4519/MC.out", "planted_id": "j165-p5"},
        {"q": "counterexample from last night: fs.read_file path=/srv/tlc/jobs/4533/MC.out", "planted_id": "j165-p5"},
        {"q": "coverage numbers of job 4540: fs.read_file path=/srv/tlc/jobs/4540/MC.out", "planted_id": "j165-p5"},
    ],
    "negatives": [
        "java -cp tools/tla2tools.jar tla2sany.SANY specs/Ledger.tla",
        "fs.edit_file path=.github/workflows/apalache.yml",
        "java -cp tools/tla2tools.jar tla2tex.TLA -shade specs/Outbox.tla",
        "fs.edit_file path=docs/sync-protocol.md",
        "git.log path=specs/Ledger.tla max_count=10",
        "fs.write_file path=specs/MC_Refund.cfg",
        "git.commit message=\"Ledger: name the settle invariant\"",
        "fs.list_directory path=specs",
    ],
}

# ---------------------------------------------------------------- 166: q / kdb+
TRUTH[166] = {
    "project": "sparrowtick: kdb+ 4.1 / q tick capture and analytics of a small intraday power-trading desk (tick.q "
               "tickerplant, rdb.q, hdb.q, the schema in tick/sym.q, lib/vwap.q, scripts/backfill.q and eod.q, tests run by "
               "`q tests/run.q <suite>`, pykx report scripts in scripts/*.py); a shared dev box where the UAT tickerplant, RDB "
               "and HDB own ports 5010-5012; the HDB at /data/hdb is the EOD job's NFS export, read-only here; the exchange's "
               "UAT feed API (feed-uat.nordlys-power.net). Developers Sigrun, Kofi, Mei.",
    "planted": [
        {"id": "j166-p1", "kind": "rule", "ability": "shell.run", "anchor": "q",
         "description": "On the shared dev box ports 5010-5012 belong to the UAT tickerplant, RDB and HDB: starting your own "
                        "tick.q, rdb.q or hdb.q on them fails. Use a personal port (150xx) with -p and point the RDB at it.",
         "evidence": "fail then fix with -p 150xx in s1 (tick.q on 5010) and s4 (rdb.q on 5011)"},
        {"id": "j166-p2", "kind": "pitfall", "ability": "fs.write_file", "anchor": "hdb",
         "description": "/data/hdb is the EOD job's NFS export and is mounted read-only on the dev box: any write into a "
                        "partition, par.txt or the sym file fails. Patch history through a backfill job request or on a local "
                        "copy of the partition.",
         "evidence": "3 failures in s2, s3, s5, one signature; never a write under /data/hdb"},
        {"id": "j166-p3", "kind": "rule", "ability": "shell.run", "anchor": "python3",
         "description": "The pykx report scripts (scripts/settle_report.py, scripts/export_positions.py) cannot find the kdb+ "
                        "licence on their own; run them as `QLIC=/opt/kx/lic python3 scripts/...`.",
         "evidence": "fail then fix with QLIC=/opt/kx/lic in s2 (settle_report.py) and s6 (export_positions.py)"},
        {"id": "j166-p4", "kind": "playbook", "ability": "fs.edit_file", "anchor": "sym.q",
         "sequence": ["fs.edit_file", "shell.run", "git.add", "git.commit"],
         "description": "Schema change: edit the table definition in tick/sym.q, run `q tests/run.q schema`, stage "
                        "tick/sym.q, commit.",
         "evidence": "same 4-call segment in s1, s3, s5"},
        {"id": "j166-p5", "kind": "weak_link", "ability": "http.get", "anchor": "feed-uat.nordlys-power.net",
         "description": "The exchange's UAT feed API (order book, trades, status) is unreliable: 502, 429, timeouts, TLS "
                        "resets. Retry the same request; don't read a failure as a bug in our capture.",
         "evidence": "10 calls, 5 ok (50%), four different errors"},
    ],
    "queries": [
        {"q": "q tick.q sym /tmp/tplog -p 5010", "planted_id": "j166-p1"},
        {"q": "replay test, start an rdb: q rdb.q localhost:5010 -p 5011", "planted_id": "j166-p1"},
        {"q": "local copy of the 24th: q hdb.q /tmp/hdbcopy -p 5011", "planted_id": "j166-p1"},
        {"q": "fs.write_file path=/data/hdb/2026.11.19/trades/.d", "planted_id": "j166-p2"},
        {"q": "point history at the new disk: fs.write_file path=/data/hdb/par.txt", "planted_id": "j166-p2"},
        {"q": "drop the duplicate column: fs.write_file path=/data/hdb/2026.11.24/quotes/.d", "planted_id": "j166-p2"},
        {"q": "python3 scripts/settle_report.py --date 2026.11.27", "planted_id": "j166-p3"},
        {"q": "python3 scripts/export_positions.py --book intraday --out /tmp/pos.csv", "planted_id": "j166-p3"},
        {"q": "numbers for the risk call: python3 scripts/settle_report.py --date 2026.12.04 --area NO2", "planted_id": "j166-p3"},
        {"q": "add the imbalance column: fs.edit_file path=tick/sym.q", "planted_id": "j166-p4"},
        {"q": "fs.edit_file path=tick/sym.q old=\"quotes:([]time:`timespan$()\" new=\"quotes:([]time:`timestamp$()\"", "planted_id": "j166-p4"},
        {"q": "new auction results table: fs.edit_file path=tick/sym.q", "planted_id": "j166-p4"},
        {"q": "http.get url=https://feed-uat.nordlys-power.net/v1/orderbook?area=NO1", "planted_id": "j166-p5"},
        {"q": "http.get url=https://feed-uat.nordlys-power.net/v1/trades?from=2026-12-04T06:00Z", "planted_id": "j166-p5"},
        {"q": "http.get url=https://feed-uat.nordlys-power.net/v1/status", "planted_id": "j166-p5"},
    ],
    "negatives": [
        "fs.read_file path=tick.q",
        "fs.read_file path=/data/hdb/par.txt",
        "fs.read_file path=scripts/settle_report.py",
        "fs.edit_file path=lib/vwap.q",
        "git.log max_count=15",
        "fs.write_file path=docs/runbook-eod.md",
        "git.diff path=lib/vwap.q",
        "fs.list_directory path=scripts",
    ],
}

# ---------------------------------------------------------------- 167: YARA
TRUTH[167] = {
    "project": "nettlewatch-rules: the YARA rules of a university CERT (YARA-X `yr check/scan/fmt`; rules/detect and "
               "rules/hunting in YARA-X syntax, rules/edr-legacy for the old EDR using the magic module; a goodware corpus at "
               "/srv/goodware for false-positive sweeps; the malware zoo /mnt/zoo mounted only on the detonation host; a MISP "
               "instance (misp.cert.harrowfield.ac.uk) with tools/ioc2yara.py; a CAPE sandbox API "
               "(cape.cert.harrowfield.ac.uk)). Developers Noor, Wojtek, Aisling.",
    "planted": [
        {"id": "j167-p1", "kind": "pitfall", "ability": "fs.list_directory", "anchor": "zoo",
         "description": "The malware zoo /mnt/zoo is mounted only on the detonation host, not on this rules VM: listing any path "
                        "under it fails. Work from sample hashes and CAPE reports instead.",
         "evidence": "4 failures in s1, s2, s4, s6, one signature; /mnt/zoo is never listed"},
        {"id": "j167-p2", "kind": "rule", "ability": "shell.run", "anchor": "yr",
         "description": "`yr scan` over the whole rules/ tree fails: rules/edr-legacy uses the magic module, which YARA-X does "
                        "not have. Scan with rules/detect (and rules/hunting) only.",
         "evidence": "fail then fix with rules/detect in s2 and s5"},
        {"id": "j167-p3", "kind": "playbook", "ability": "fs.write_file", "anchor": ".yar",
         "sequence": ["fs.write_file", "shell.run", "git.add", "git.commit"],
         "description": "A new detection rule: write rules/detect/<family>.yar, `yr check` the file, stage it, commit.",
         "evidence": "same 4-call segment in s1, s3, s6"},
        {"id": "j167-p4", "kind": "playbook", "ability": "shell.run", "anchor": "ioc2yara",
         "sequence": ["http.get", "fs.write_file", "shell.run", "git.add"],
         "description": "Importing a MISP event: GET /events/view/<id>.json from MISP, save it as iocs/misp-<id>.json, "
                        "`python3 tools/ioc2yara.py iocs/misp-<id>.json -o rules/hunting/misp_<id>.yar`, stage both.",
         "evidence": "same 4-call segment in s2, s4, s5"},
        {"id": "j167-p5", "kind": "weak_link", "ability": "http.get", "anchor": "cape.cert.harrowfield.ac.uk",
         "description": "The CAPE sandbox API (task status, reports, lists) is unreliable: 500, 504, timeouts, resets. Retry the "
                        "same request before concluding that a task is lost.",
         "evidence": "11 calls, 6 ok (55%), four different errors"},
    ],
    "queries": [
        {"q": "fs.list_directory path=/mnt/zoo/2026-11/emotet", "planted_id": "j167-p1"},
        {"q": "find the qakbot samples: fs.list_directory path=/mnt/zoo/qakbot", "planted_id": "j167-p1"},
        {"q": "fs.list_directory path=/mnt/zoo/incoming", "planted_id": "j167-p1"},
        {"q": "yr scan --recursive rules/ /srv/goodware", "planted_id": "j167-p2"},
        {"q": "false-positive sweep: yr scan -r rules /srv/goodware/win11", "planted_id": "j167-p2"},
        {"q": "yr scan --recursive rules /srv/goodware/office", "planted_id": "j167-p2"},
        {"q": "fs.write_file path=rules/detect/lumma_stealer.yar", "planted_id": "j167-p3"},
        {"q": "rule for the new loader: fs.write_file path=rules/detect/hijackloader.yar", "planted_id": "j167-p3"},
        {"q": "fs.write_file path=rules/detect/asyncrat_config.yar", "planted_id": "j167-p3"},
        {"q": "http.get url=https://misp.cert.harrowfield.ac.uk/events/view/4821.json", "planted_id": "j167-p4"},
        {"q": "import today's phishing event: http.get url=https://misp.cert.harrowfield.ac.uk/events/view/4830.json", "planted_id": "j167-p4"},
        {"q": "python3 tools/ioc2yara.py iocs/misp-4833.json -o rules/hunting/misp_4833.yar", "planted_id": "j167-p4"},
        {"q": "http.get url=https://cape.cert.harrowfield.ac.uk/apiv2/tasks/get/report/91233/", "planted_id": "j167-p5"},
        {"q": "http.get url=https://cape.cert.harrowfield.ac.uk/apiv2/tasks/status/91240/", "planted_id": "j167-p5"},
        {"q": "did the detonation finish: http.get url=https://cape.cert.harrowfield.ac.uk/apiv2/tasks/list/10/", "planted_id": "j167-p5"},
    ],
    "negatives": [
        "yr check rules/detect",
        "fs.read_file path=tools/ioc2yara.py",
        "fs.read_file path=rules/edr-legacy/README.md",
        "yr fmt rules/detect/remcos.yar",
        "git.log path=rules/detect max_count=20",
        "fs.edit_file path=tests/fp_allowlist.txt",
        "fs.write_file path=docs/weekly/2026-w49.md",
        "git.diff path=rules/hunting",
    ],
}

# ---------------------------------------------------------------- 168: Odin
TRUTH[168] = {
    "project": "cuesmith: an Odin subtitle timing and QC tool of a film festival's subtitling team (src/ with SRT, WebVTT and "
               "EBU-STL packages, the shared timecode package in lib/cue imported through the `cue` collection, tests/, "
               "build/cuesmith with `qc` and `convert` subcommands, reports in qc/); vendors deliver to an SMB share at "
               "/mnt/subs; screeners at /mnt/screeners are encrypted DCPs; the festival schedule API "
               "(api.harbourlightfest.org). Developers Rafa, Olu, Hanne.",
    "planted": [
        {"id": "j168-p1", "kind": "rule", "ability": "shell.run", "anchor": "odin",
         "description": "Every odin build, check or test of this repo needs `-collection:cue=lib` (the timecode package lives in "
                        "lib/cue); without it the compiler stops at the first `import \"cue:...\"`.",
         "evidence": "fail then fix with -collection:cue=lib in s2 (odin build) and s5 (odin test)"},
        {"id": "j168-p2", "kind": "pitfall", "ability": "shell.run", "anchor": "ffprobe",
         "description": "The screeners under /mnt/screeners are encrypted DCP reels: ffprobe cannot read them. Take runtimes "
                        "from the festival schedule API or the distributor's sheet instead.",
         "evidence": "4 failures in s1, s3, s4, s6, one signature; no ffprobe success anywhere"},
        {"id": "j168-p3", "kind": "playbook", "ability": "shell.run", "anchor": "qc",
         "sequence": ["shell.run", "fs.write_file", "git.add", "git.commit"],
         "description": "QC of a vendor delivery: `./build/cuesmith qc /mnt/subs/incoming/<film>_<lang>.srt --profile "
                        "festival`, write the findings to qc/<film>_<lang>.md, stage it, commit.",
         "evidence": "same 4-call segment in s2, s4, s6"},
        {"id": "j168-p4", "kind": "weak_link", "ability": "http.get", "anchor": "api.harbourlightfest.org",
         "description": "The festival schedule API (screenings, films, runtimes) is flaky: 502, 503, timeouts, resets. Retry "
                        "the same request before trusting or reporting a gap.",
         "evidence": "9 calls, 4 ok (44%), four different errors"},
        {"id": "j168-p5", "kind": "weak_link", "ability": "fs.list_directory", "anchor": "subs",
         "description": "The vendors' SMB share /mnt/subs drops out: listings fail with EIO, ETIMEDOUT, EHOSTDOWN or a stale "
                        "handle more often than not. Retry the same listing before telling anyone a delivery is missing.",
         "evidence": "all 8 listings are on /mnt/subs, 3 ok (38%), four different errors"},
    ],
    "queries": [
        {"q": "odin build src -out:build/cuesmith -o:speed", "planted_id": "j168-p1"},
        {"q": "odin test tests -define:ODIN_TEST_THREADS=2", "planted_id": "j168-p1"},
        {"q": "lint before the PR: odin check src -vet -strict-style", "planted_id": "j168-p1"},
        {"q": "ffprobe -v error -show_entries format=duration /mnt/screeners/NORTHWIND_FTR.mxf", "planted_id": "j168-p2"},
        {"q": "runtime for the Lisbon short: ffprobe -hide_banner /mnt/screeners/SALTROAD_SHR_OV/reel1.mxf", "planted_id": "j168-p2"},
        {"q": "ffprobe -v quiet -print_format json -show_streams /mnt/screeners/KESTREL_FTR_OV.mxf", "planted_id": "j168-p2"},
        {"q": "./build/cuesmith qc /mnt/subs/incoming/northwind_pt.srt --profile festival", "planted_id": "j168-p3"},
        {"q": "vendor delivered the Polish file: ./build/cuesmith qc /mnt/subs/incoming/saltroad_pl.srt --profile festival", "planted_id": "j168-p3"},
        {"q": "./build/cuesmith qc /mnt/subs/incoming/kestrel_en.vtt --profile festival --max-cps 17", "planted_id": "j168-p3"},
        {"q": "http.get url=https://api.harbourlightfest.org/v2/screenings?day=2026-12-10", "planted_id": "j168-p4"},
        {"q": "http.get url=https://api.harbourlightfest.org/v2/films/northwind", "planted_id": "j168-p4"},
        {"q": "check runtime vs last cue: http.get url=https://api.harbourlightfest.org/v2/films/saltroad?fields=runtime", "planted_id": "j168-p4"},
        {"q": "fs.list_directory path=/mnt/subs/incoming", "planted_id": "j168-p5"},
        {"q": "what did the vendor upload: fs.list_directory path=/mnt/subs/vendors/lingua", "planted_id": "j168-p5"},
        {"q": "fs.list_directory path=/mnt/subs/delivered/2026", "planted_id": "j168-p5"},
    ],
    "negatives": [
        "fs.read_file path=lib/cue/timecode.odin",
        "fs.edit_file path=docs/screeners.md",
        "fs.read_file path=qc/northwind_pt.md",
        "fs.edit_file path=src/stl/ebu.odin",
        "git.log path=src/srt max_count=10",
        "fs.write_file path=tests/fixtures/overlap.srt",
        "git.diff path=src/vtt/write.odin",
        "fs.edit_file path=README.md",
    ],
}

NOTES = {
    165: "Queries are calls the agent is about to make. The rule (p2) is keyed on java, which the journal also uses for "
         "SANY, pcal.trans, tla2tex and the small model without trouble; only full-config TLC calls need the lesson. "
         "p4 and p5 both concern the runner's jobs: reading MC.out from the NFS path is p5, any GET on the runner API is p4.",
    166: "Two rules: p1 on q (ports of the shared box), p3 on python3 (pykx licence). q is also used for tests and "
         "scripts without trouble, and the playbook (p4) runs q tests/run.q. Reading /data/hdb works (negative 2); only "
         "writes fail.",
    167: "Two playbooks with different sequences; p4's middle step is ioc2yara.py, its first step a GET on MISP (a "
         "reliable host), while p5 is the unreliable CAPE host. yr check and yr fmt work everywhere; only yr scan over the "
         "whole rules/ tree needs p2.",
    168: "Two weak links: the schedule API host (p4) and the fs.list_directory ability on the /mnt/subs share (p5; every "
         "listing in the journal is on it). The QC playbook (p3) runs through the share too but by shell, and never fails.",
}
