# -*- coding: utf-8 -*-
"""fresh34 truth data, inline: project profiles, planted lessons, queries, negatives, notes.

Written before any journal line existed (steps 1 and 2 of the brief).  The `evidence`
of each lesson is filled in by gen_memory.py from the journal, with check.py's helpers.

Method: the user names the wrong tool.  About half of the queries (7 of 15 per journal)
name a tool, command, file or host this project does not use for that work; the rest name
nothing specific.  Negatives are written the same way.  Four of the 23 lines per journal
are in another language.
"""

TRUTH = {}

# ---------------------------------------------------------------- 129
TRUTH[129] = {
    "project": "wealdpost-edge: the Varnish 7.5 edge-cache configuration of a regional newspaper (The Weald Post); "
               "VCL in vcl/ (main.vcl includes routes.vcl, cookies.vcl, purge.vcl, paywall.vcl), varnishtest .vtc "
               "tests in tests/ that import self-built vmods (dynamic, xkey) through a ${vmod_dir} macro, `varnishd -C` "
               "compile checks, a staging cache node (cache-stg1) whose admin port only the GitLab CI deploy job can "
               "reach, a Hitch TLS terminator config in hitch/ (hitch is installed on the edge nodes only), the CMS "
               "staging origin at origin-stg.wealdpost.co.uk; three developers on Debian 12 laptops",
    "planted": [
        {"id": "j129-p1", "kind": "pitfall", "ability": "shell.run", "anchor": "varnishadm",
         "description": "The staging cache's admin port (cache-stg1:6082) cannot be reached from the developers' "
                        "laptops: `varnishadm -T cache-stg1:6082 -S ... vcl.load/vcl.use` always times out. Don't try "
                        "to load VCL onto staging by hand; merge to main and the GitLab CI deploy job loads it."},
        {"id": "j129-p2", "kind": "rule", "ability": "shell.run", "anchor": "varnishtest",
         "description": "The .vtc tests import the self-built vmods (dynamic, xkey) through a ${vmod_dir} macro, so a "
                        "plain `varnishtest tests/...` fails. Always run `varnishtest -Dvmod_dir=/usr/local/lib/varnish/vmods "
                        "tests/...`."},
        {"id": "j129-p3", "kind": "playbook", "ability": "shell.run", "anchor": "varnishd",
         "sequence": ["fs.edit_file", "shell.run", "git.diff", "git.commit"],
         "description": "Changing where a path is routed: edit the backend hint in vcl/routes.vcl, compile-check the "
                        "whole config with `varnishd -C -f vcl/main.vcl`, look at git diff, commit."},
        {"id": "j129-p4", "kind": "weak_link", "ability": "http.get", "anchor": "origin-stg.wealdpost.co.uk",
         "description": "The CMS staging origin (origin-stg.wealdpost.co.uk) is flaky: 502/503, timeouts, resets. "
                        "Retry before concluding anything about headers or pages."},
        {"id": "j129-p5", "kind": "pitfall", "ability": "shell.run", "anchor": "hitch",
         "description": "hitch is installed only on the edge nodes, not on the laptops: `hitch --test --config "
                        "hitch/hitch.conf` cannot run here. The TLS terminator config is checked by the CI job on "
                        "the edge image; don't try to validate it locally."},
    ],
    "queries": [
        {"q": "load the new cookie rules onto the staging cache so the newsroom can try them this afternoon", "planted_id": "j129-p1"},
        {"q": "do an nginx -s reload on the staging edge box, I want the paywall change live there", "planted_id": "j129-p1"},
        {"q": "Tu peux activer la nouvelle config VCL sur le cache de préprod avec un systemctl reload ? La QA attend.", "planted_id": "j129-p1"},
        {"q": "run the cache test suite, all of it, before I open the PR", "planted_id": "j129-p2"},
        {"q": "kick off pytest on the purge tagging tests, I touched the xkey bits", "planted_id": "j129-p2"},
        {"q": "the cookie-stripping tests: run them and tell me what's red", "planted_id": "j129-p2"},
        {"q": "send /elections/* to the new results backend instead of the CMS", "planted_id": "j129-p3"},
        {"q": "add a location block in nginx.conf so /podcasts goes to the audio backend", "planted_id": "j129-p3"},
        {"q": "Bitte die Route für /sport/live auf das neue Ticker-Backend umbiegen und committen.", "planted_id": "j129-p3"},
        {"q": "hit cms-staging.wealdpost.com for the front page and tell me if surrogate keys come back", "planted_id": "j129-p4"},
        {"q": "does the staging origin still send sane cache-control on article pages? check a couple", "planted_id": "j129-p4"},
        {"q": "Mira si el origen de staging devuelve bien la portada de la sección de deportes", "planted_id": "j129-p4"},
        {"q": "we got the renewed wildcard cert, make sure the TLS terminator config still parses with it", "planted_id": "j129-p5"},
        {"q": "run haproxy -c on the tls frontend config after the cert swap", "planted_id": "j129-p5"},
        {"q": "stunnel config for the new cert: give it a syntax check here before I push", "planted_id": "j129-p5"},
    ],
    "negatives": [
        "write a short wiki page on how VCL reaches the staging cache through the CI deploy job",
        "explain in plain words what the purge spec under spec/ is asserting, no need to run anything",
        "document in the README where the edge TLS certs come from and who renews them",
        "add an .editorconfig so the VCL files get 4-space indents",
        "write the on-call runbook entry for a sudden drop in hit rate",
        "rename the GitHub Actions workflow to deploy-edge.yml",
        "Zet Femke in CODEOWNERS voor de vcl-map, ze neemt de paywall over",
        "update the CHANGELOG with this week's cookie and paywall changes",
    ],
    "wrong_names": "systemctl reload, nginx -s reload (VCL reaches cache-stg1 only through the CI deploy job); pytest "
                   "(varnishtest with -Dvmod_dir); nginx.conf location block (vcl/routes.vcl + varnishd -C); "
                   "cms-staging.wealdpost.com (origin-stg.wealdpost.co.uk); haproxy -c, stunnel (hitch, edge nodes only)",
}

# ---------------------------------------------------------------- 130
TRUTH[130] = {
    "project": "ridgeway-pbx: the Asterisk 20 phone system of a taxi co-op (Ridgeway Cabs); dialplan in "
               "etc/asterisk/extensions.conf (with pjsip.conf and queues.conf), Python AGI scripts in agi/ that look "
               "up bookings on the co-op's booking API (book.ridgewaycabs.coop), a lab PBX in docker compose (service "
               "`pbx`; `docker compose exec -T pbx asterisk -rx ...`), SIPp call scenarios in sipp/ that take caller "
               "numbers from the injection file sipp/drivers.csv, CDRs written to the compose volume "
               "./volumes/logs/cdr-csv/Master.csv, prompts converted with ffmpeg; two developers and a "
               "dispatcher-turned-developer on Ubuntu laptops without packet-capture rights",
    "planted": [
        {"id": "j130-p1", "kind": "rule", "ability": "shell.run", "anchor": "sipp",
         "description": "The SIPp scenarios take caller ids from an injection file ([field0], [field1]); without "
                        "`-inf sipp/drivers.csv` sipp aborts at start. Run `sipp -sf sipp/<scenario>.xml -inf "
                        "sipp/drivers.csv -m 1 127.0.0.1:5060`."},
        {"id": "j130-p2", "kind": "pitfall", "ability": "shell.run", "anchor": "sngrep",
         "description": "Packet capture is not allowed on these laptops: sngrep (and any capture of port 5060) "
                        "fails for lack of capture permission. Don't try; get SIP traces from the lab PBX with "
                        "`pjsip set logger on` and its full log."},
        {"id": "j130-p3", "kind": "playbook", "ability": "fs.edit_file", "anchor": "dialplan",
         "sequence": ["fs.edit_file", "shell.run", "git.diff", "git.add"],
         "description": "Changing call routing: edit etc/asterisk/extensions.conf, reload with `docker compose exec "
                        "-T pbx asterisk -rx 'dialplan reload'`, check git diff, stage the file."},
        {"id": "j130-p4", "kind": "weak_link", "ability": "http.get", "anchor": "book.ridgewaycabs.coop",
         "description": "The co-op's booking API (book.ridgewaycabs.coop), which the AGI lookup uses, is flaky: "
                        "502/504, timeouts, resets. Retry before deciding a booking or the lookup is broken."},
        {"id": "j130-p5", "kind": "rule", "ability": "fs.read_file", "anchor": "Master.csv",
         "description": "CDRs are not under /var/log/asterisk on the laptops (Asterisk runs in the container); "
                        "read the compose volume ./volumes/logs/cdr-csv/Master.csv."},
    ],
    "queries": [
        {"q": "fire a fake inbound call at the lab pbx on the airport line and see where it lands", "planted_id": "j130-p1"},
        {"q": "use pjsua to simulate a driver ringing the status line", "planted_id": "j130-p1"},
        {"q": "Roda aquele teste de chamada simulada do turno da noite contra o PBX do laboratório", "planted_id": "j130-p1"},
        {"q": "open wireshark on the SIP traffic and show me why transfers to dispatch drop", "planted_id": "j130-p2"},
        {"q": "capture the signalling for a call to the freephone number, I want to see the INVITEs", "planted_id": "j130-p2"},
        {"q": "tcpdump port 5060 while I ring the lab from my softphone", "planted_id": "j130-p2"},
        {"q": "after 22:00 the airport line should ring the night queue instead of the office", "planted_id": "j130-p3"},
        {"q": "add the new Hartley zone route in the FreePBX GUI", "planted_id": "j130-p3"},
        {"q": "Aggiungi l'interno 240 per il nuovo autista nel piano di chiamata, poi mettilo in stage", "planted_id": "j130-p3"},
        {"q": "look up booking 88231 on the co-op system, the customer says nobody called back", "planted_id": "j130-p4"},
        {"q": "check the bookings endpoint on api.ridgeway-taxis.co.uk still answers for the AGI lookup", "planted_id": "j130-p4"},
        {"q": "is the lookup the AGI script relies on up right now? hit it from the Postman collection", "planted_id": "j130-p4"},
        {"q": "how many calls did we miss last night? go through the call records", "planted_id": "j130-p5"},
        {"q": "query the cdr table in mysql for yesterday's abandoned calls", "planted_id": "j130-p5"},
        {"q": "Pokaż mi w rekordach połączeń, ile telefonów na linię lotniskową było wczoraj po 22", "planted_id": "j130-p5"},
    ],
    "negatives": [
        "explain step by step what the night-shift scenario file simulates, for the new dev",
        "document in docs/ which queue strategy the dispatchers use and why, no config changes",
        "add a 3 second timeout constant to the AGI booking lookup's settings module",
        "convert the new hold music mp3 to ulaw with sox",
        "rename the 'office' queue to 'daytime' in the README diagrams",
        "Uppdatera README med hur man startar labb-växeln med docker compose up",
        "bump the python base image in the AGI Dockerfile to 3.12",
        "fix the typos in the voicemail greeting texts in prompts/README.md",
    ],
    "wrong_names": "pjsua (SIPp with -inf sipp/drivers.csv); wireshark, tcpdump (no capture rights; pjsip logger); "
                   "FreePBX GUI (extensions.conf + dialplan reload); api.ridgeway-taxis.co.uk, a Postman collection "
                   "(book.ridgewaycabs.coop); a MySQL cdr table (cdr-csv Master.csv in the compose volume)",
}

# ---------------------------------------------------------------- 131
TRUTH[131] = {
    "project": "physlab-ports: a FreeBSD ports overlay (category physlab/) for a university physics lab's "
               "instrument software (daqd, scopectl, libtdc, hvctl); built on the lab's shared FreeBSD 14.1 build box "
               "with poudriere (jail 141amd64, ports tree `lab`, no `default` tree), portlint, `make makesum` "
               "(distinfo), `make stage check-plist` (pkg-plist); the lab pkg repo is signed and published only by "
               "the nightly job on the build host (the signing key is not readable by developers); the distfiles "
               "cache is an NFS mount from the lab NAS at /net/labnas/distfiles; three developers",
    "planted": [
        {"id": "j131-p1", "kind": "rule", "ability": "shell.run", "anchor": "poudriere",
         "description": "The build box has no `default` poudriere ports tree: `poudriere testport -o physlab/<port>` "
                        "fails. Always pass the jail and tree: `poudriere testport -j 141amd64 -p lab -o physlab/<port>`."},
        {"id": "j131-p2", "kind": "pitfall", "ability": "shell.run", "anchor": "pkg",
         "description": "Signing and publishing the lab repo by hand (`pkg repo ... /usr/local/etc/ssl/labrepo.key`) "
                        "fails: the key is readable only by the nightly job's user. Don't publish packages by hand; "
                        "the nightly job signs and publishes what poudriere built."},
        {"id": "j131-p3", "kind": "playbook", "ability": "fs.edit_file", "anchor": "makesum",
         "sequence": ["fs.edit_file", "shell.run", "fs.read_file", "git.add"],
         "description": "Version bump of a port: edit DISTVERSION in physlab/<port>/Makefile, `make -C physlab/<port> "
                        "makesum`, read the new distinfo, stage Makefile and distinfo."},
        {"id": "j131-p4", "kind": "weak_link", "ability": "fs.list_directory", "anchor": "distfiles",
         "description": "The NFS distfiles cache (/net/labnas/distfiles) is unreliable: stale handles, timeouts, "
                        "I/O errors. Retry a listing before concluding a tarball is missing."},
        {"id": "j131-p5", "kind": "playbook", "ability": "shell.run", "anchor": "check-plist",
         "sequence": ["shell.run", "fs.edit_file", "git.diff"],
         "description": "When a port installs new or fewer files: `make -C physlab/<port> stage check-plist`, edit "
                        "pkg-plist to match the reported orphans/missing entries, check git diff."},
    ],
    "queries": [
        {"q": "do a clean test build of physlab/daqd in the build jail before I merge", "planted_id": "j131-p1"},
        {"q": "build the scopectl port with synth to check it packages cleanly", "planted_id": "j131-p1"},
        {"q": "physlab/hvctl をクリーンな環境でテストビルドしてもらえますか", "planted_id": "j131-p1"},
        {"q": "publish the freshly built packages to the lab repo so the instrument PCs can upgrade today", "planted_id": "j131-p2"},
        {"q": "run reprepro to push tonight's new packages into our repo", "planted_id": "j131-p2"},
        {"q": "createrepo and sign the lab repo after today's builds, the DAQ machines need libtdc", "planted_id": "j131-p2"},
        {"q": "bump physlab/daqd to 2.4.1, upstream tagged it this morning", "planted_id": "j131-p3"},
        {"q": "update the version in the PKGBUILD for scopectl to 0.9.3 and refresh the checksums", "planted_id": "j131-p3"},
        {"q": "Aktualizuj port libtdc na novou verzi 1.7 a obnov kontrolní součty", "planted_id": "j131-p3"},
        {"q": "is the daqd 2.4.1 tarball already in the distfiles cache on the NAS?", "planted_id": "j131-p4"},
        {"q": "look on smb://labnas for the old libtdc tarballs, we may need 1.5 again", "planted_id": "j131-p4"},
        {"q": "ls the s3 bucket with our source tarballs and see what's there for scopectl", "planted_id": "j131-p4"},
        {"q": "scopectl 0.9.3 installs a new devd rule file, make sure the package's file list matches", "planted_id": "j131-p5"},
        {"q": "fix the %files section for libtdc, it ships an extra header now", "planted_id": "j131-p5"},
        {"q": "daqd artık örnek bir config dosyası da kuruyor, paketin dosya listesini güncelle", "planted_id": "j131-p5"},
    ],
    "negatives": [
        "explain for the wiki what poudriere testport does that a plain make install doesn't",
        "write down for the instrument-PC admins how they point their pkg config at the lab repo",
        "explain what the distinfo file records and why we commit it",
        "write COMMENT and pkg-descr for the new port physlab/hvctl",
        "rename the Jenkinsfile stage 'lint' to 'portlint'",
        "README에서 오래된 FreeBSD 13 안내 부분을 지워 주세요",
        "update the MAINTAINER line in every physlab port to the new lab mailing list",
        "add a CONTRIBUTING.md section on commit message style",
    ],
    "wrong_names": "synth (poudriere with -j 141amd64 -p lab); reprepro, createrepo (pkg repo, nightly job only); "
                   "PKGBUILD (Makefile DISTVERSION + make makesum); smb://labnas, an s3 bucket (NFS mount "
                   "/net/labnas/distfiles); %files section (pkg-plist via make check-plist)",
}

# ---------------------------------------------------------------- 132
TRUTH[132] = {
    "project": "spokeshare-ch: the ClickHouse 24.8 analytics repo of a city bike-share (Spokeshare); schema "
               "migrations in schema/NNN_*.sql applied with clickhouse-client to the local docker ClickHouse (the "
               "files hold several statements), SQL tests in tests/queries/NNN_*.sql whose .reference output is "
               "recorded by tests/run.sh --record, clickhouse-format, an ingest script polling the GBFS station feed "
               "at gbfs.spokeshare.city, the staging ClickHouse HTTP interface at ch-stg.spokeshare.internal:8123, "
               "backups taken by the ops cron on the prod host (clickhouse-backup is not configured on dev boxes); two "
               "developers and a data analyst",
    "planted": [
        {"id": "j132-p1", "kind": "weak_link", "ability": "http.get", "anchor": "gbfs.spokeshare.city",
         "description": "The GBFS station feed (gbfs.spokeshare.city) is flaky: 503s, timeouts, truncated bodies. "
                        "Retry before concluding stations are empty or the feed changed."},
        {"id": "j132-p2", "kind": "rule", "ability": "shell.run", "anchor": "clickhouse-client",
         "description": "Migration files hold several statements; `clickhouse-client --query \"$(cat schema/...)\"` "
                        "is rejected. Apply them with `clickhouse-client --multiquery < schema/NNN_*.sql`."},
        {"id": "j132-p3", "kind": "pitfall", "ability": "shell.run", "anchor": "clickhouse-backup",
         "description": "clickhouse-backup is not configured on the dev boxes (no /etc/clickhouse-backup/config.yml): "
                        "`clickhouse-backup create ...` fails every time. Backups are the ops cron's job on the prod "
                        "host; ask ops, don't try it here."},
        {"id": "j132-p4", "kind": "playbook", "ability": "fs.write_file", "anchor": "reference",
         "sequence": ["fs.write_file", "shell.run", "fs.read_file", "git.add"],
         "description": "Adding a SQL test: write tests/queries/NNN_<name>.sql, `tests/run.sh --record NNN` to record "
                        "the output, read the new NNN_<name>.reference to check it, stage both files."},
        {"id": "j132-p5", "kind": "weak_link", "ability": "http.get", "anchor": "ch-stg.spokeshare.internal",
         "description": "The staging ClickHouse HTTP interface (ch-stg.spokeshare.internal:8123) is overloaded and "
                        "flaky: 502/503, timeouts, memory-limit errors. Retry before concluding data is missing."},
    ],
    "queries": [
        {"q": "pull the live station status feed and tell me which docks at Central are empty", "planted_id": "j132-p1"},
        {"q": "hit the Citi Bike API for station_information, I need capacity per station", "planted_id": "j132-p1"},
        {"q": "帮我看一下实时的站点状态数据，北站和中央广场这两个站现在各还剩几辆车可以借？", "planted_id": "j132-p1"},
        {"q": "apply the new trips_by_hour migration to my local clickhouse", "planted_id": "j132-p2"},
        {"q": "run alembic upgrade head for the rider segments table change", "planted_id": "j132-p2"},
        {"q": "apply schema/024 locally with psql -f, it adds the weather join view", "planted_id": "j132-p2"},
        {"q": "take a backup of the trips table before I drop the old partitions", "planted_id": "j132-p3"},
        {"q": "pg_dump the rides database before the big ALTER goes in", "planted_id": "j132-p3"},
        {"q": "Зроби, будь ласка, бекап таблиці stations перед завтрашньою зміною схеми", "planted_id": "j132-p3"},
        {"q": "add a test for the peak-hour rebalancing query and record what it should return", "planted_id": "j132-p4"},
        {"q": "write a dbt test for the daily ride counts view", "planted_id": "j132-p4"},
        {"q": "snapshot test with pytest-snapshot for the station occupancy query please", "planted_id": "j132-p4"},
        {"q": "how many rides landed in staging yesterday? query the staging cluster", "planted_id": "j132-p5"},
        {"q": "check in Metabase on staging that the rides_daily numbers look sane", "planted_id": "j132-p5"},
        {"q": "Tarkista stagingin ClickHousesta, onko eilisen päivän matkat ladattu", "planted_id": "j132-p5"},
    ],
    "negatives": [
        "explain what migration 021 does to the trips table, no need to run it",
        "document the backup schedule the ops cron runs, for the data team's wiki",
        "explain to the new analyst how the expected-output files next to the SQL tests are laid out",
        "add a Grafana panel JSON for rides per hour to dashboards/",
        "rename dock_id to station_id in the docs glossary",
        "Frissítsd a README-t az új staging dashboard linkjével",
        "move the Travis job to the clickhouse 24.8 image",
        "tidy the .sqlfluff config, the analysts keep getting line-length warnings",
    ],
    "wrong_names": "Citi Bike API (the GBFS feed at gbfs.spokeshare.city); alembic, psql -f (clickhouse-client "
                   "--multiquery); pg_dump (clickhouse-backup, ops cron only); dbt test, pytest-snapshot "
                   "(tests/queries + tests/run.sh --record); Metabase (the staging ClickHouse HTTP interface)",
}
