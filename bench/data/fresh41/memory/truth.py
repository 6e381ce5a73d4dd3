"""Step 1 and 2 of fresh41, written before any journal line: per journal the project profile, five planted
lessons, 15 shorthand queries (3 per lesson) and 8 shorthand negatives (the first 3 close in topic to a lesson).
`evidence` is filled in by gen_memory.py from the journal with check.py's own analysis."""

PROJECTS = {
    157: "skerry-guix: a GNU Guix channel in Guile Scheme for a marine-science institute's HPC cluster (package "
         "definitions in skerry/packages/{bio,ocean,r}.scm, channels.scm pins, news.scm, `guix build -L .`, "
         "`guix lint`, `guix style`, `guix refresh`, a Cuirass CI + substitute server at subst.skerry-hpc.org, the "
         "cluster login node login1.skerry-hpc.org); a dev VM with no direct route to the cluster; team Ines, "
         "Tomasz, Seun",
    158: "tidecall: a SuperCollider 3.13 generative sound installation for a lighthouse museum (sclang classes in "
         "Classes/, SynthDefs in synthdefs/*.scd compiled by tools/build_defs.scd into build/synthdefs, scenes in "
         "scenes/, UnitTest suites in tests/, NRT previews via tools/render_nrt.scd, an OSC map for the lighting "
         "desk, the install PC `keeper` with a show-control status API at keeper.tidecall.lan:8080); the dev box is "
         "a headless Linux VM without a sound card; the project's sclang config is conf/sclang_conf.yaml (passed "
         "with -l); team Saoirse, Kwame, Lin",
    159: "oarlock-gas: a TypeScript Google Apps Script project for a rowing club (boat bookings from a Google Form "
         "into a Sheet, crew rota e-mails, a bookings web app; esbuild via `npm run build` into dist/, clasp "
         "push/deploy, jest tests via `npm test`, appsscript.json with timeZone Europe/London, the Environment "
         "Agency river-level API at environment.data.gov.uk); the dev box runs in UTC; team Hamish, Nneka, Yusuf",
    160: "ridgecall: the PostgreSQL 16 database of a volunteer mountain rescue team in PL/pgSQL (callouts, members, "
         "kit and kit checks; sqitch deploy/revert/verify with targets dev and stg, pgTAP tests in t/ run with "
         "pg_prove, pgTAP installed in schema tap, PostgREST on staging at api-stg.ridgecall.org, dev db in docker "
         "compose, kit inspection photos on a CIFS share at /mnt/kitshare); the dev box's own client tools are "
         "PostgreSQL 14; team Morag, Tadeusz, Aiyana",
}

PLANTED = {
    157: [
        dict(id="j157-p1", kind="pitfall", ability="fs.read_file", anchor="drvs",
             description="Guix build logs under /var/log/guix/drvs/ are stored bzip2-compressed (`.drv.bz2`); "
                         "reading them directly fails every time. Get the log with `guix build --log-file ...` and "
                         "read it through `bzcat` (or `guix build ... 2>&1 | tail`)."),
        dict(id="j157-p2", kind="rule", ability="shell.run", anchor="guix",
             description="`guix lint` dies on this VM because its network checkers (source archival, CVE, "
                         "upstream) cannot reach the internet; run it with `guix lint -L . -n PKG` "
                         "(--no-network)."),
        dict(id="j157-p3", kind="playbook", ability="shell.run", anchor="style",
             sequence=["fs.edit_file", "shell.run", "git.add", "git.commit"],
             description="Bumping a package: edit version and base32 hash in skerry/packages/*.scm, run "
                         "`guix build -L . PKG && guix style -L . PKG` (CI rejects unstyled definitions), stage the "
                         "file, commit as `skerry: PKG: Update to X.`."),
        dict(id="j157-p4", kind="weak_link", ability="http.get", anchor="subst.skerry-hpc.org",
             description="The Cuirass/substitute server subst.skerry-hpc.org (narinfo, /api/latestbuilds, "
                         "/api/evaluations) is flaky: 502/504s and timeouts; retry before concluding a nar or an "
                         "evaluation is missing."),
        dict(id="j157-p5", kind="pitfall", ability="shell.run", anchor="ssh",
             description="The dev VM has no route to the cluster: `ssh login1.skerry-hpc.org ...` always times "
                         "out. Anything on the cluster goes through the channel (the login node pulls it nightly) "
                         "or through a colleague on the VPN."),
    ],
    158: [
        dict(id="j158-p1", kind="rule", ability="shell.run", anchor="sclang",
             description="sclang needs Qt, and this headless VM has no display: plain `sclang ...` aborts; run it as "
                         "`QT_QPA_PLATFORM=offscreen sclang -l conf/sclang_conf.yaml ...` (tests, scene checks, NRT "
                         "renders)."),
        dict(id="j158-p2", kind="playbook", ability="fs.edit_file", anchor="build_defs",
             sequence=["fs.edit_file", "shell.run", "fs.list_directory", "git.add"],
             description="Changing or adding a SynthDef: edit synthdefs/NAME.scd, compile with "
                         "`sclang ... tools/build_defs.scd`, list build/synthdefs to see the new .scsyndef, stage "
                         "source and compiled def together (keeper loads only the compiled files)."),
        dict(id="j158-p3", kind="weak_link", ability="http.get", anchor="keeper.tidecall.lan",
             description="The show-control API on the install PC (keeper.tidecall.lan:8080, /status, /scene, "
                         "/health) answers unreliably over the museum's wifi bridge: timeouts, 502s, resets; retry "
                         "before reporting it down."),
        dict(id="j158-p4", kind="pitfall", ability="shell.run", anchor="scsynth",
             description="There is no sound card or JACK server on this VM: booting scsynth for live playback "
                         "always fails. Listen via NRT renders (tools/render_nrt.scd) or on keeper."),
        dict(id="j158-p5", kind="rule", ability="fs.read_file", anchor="sclang_conf.yaml",
             description="The sclang language config (include/exclude paths for Classes/ and quarks) is the "
                         "project's conf/sclang_conf.yaml, not ~/.config/SuperCollider/sclang_conf.yaml, which "
                         "does not exist here."),
    ],
    159: [
        dict(id="j159-p1", kind="playbook", ability="shell.run", anchor="push",
             sequence=["fs.edit_file", "shell.run", "git.add", "git.commit"],
             description="Changing script code: edit src/*.ts, `npm run build && clasp push` (clasp pushes dist/, "
                         "so the bundle must be rebuilt first), stage, commit."),
        dict(id="j159-p2", kind="weak_link", ability="http.get", anchor="environment.data.gov.uk",
             description="The Environment Agency flood-monitoring API (river level at the club's gauge, flood "
                         "warnings) is unreliable from here: 503s, timeouts, 429s; retry before telling anyone the "
                         "water is unsafe or the data is missing."),
        dict(id="j159-p3", kind="pitfall", ability="http.get", anchor="script.google.com",
             description="The deployed web app (script.google.com/macros/s/.../exec) is restricted to club Google "
                         "accounts: an anonymous GET always gets 401. Check a release with the jest suite or "
                         "`clasp logs`, or ask a committee member to open the URL."),
        dict(id="j159-p4", kind="rule", ability="shell.run", anchor="npm",
             description="The rota/booking date tests assume the club's time zone: on this UTC box `npm test` "
                         "fails; run `TZ=Europe/London npm test`."),
        dict(id="j159-p5", kind="playbook", ability="shell.run", anchor="deploy",
             sequence=["git.log", "fs.edit_file", "shell.run", "git.commit"],
             description="Releasing the web app: git log since the last release, add the entry to CHANGELOG.md, "
                         "`clasp deploy -i <the club deployment id> -d 'vN ...'` (same id, so the URL stays), "
                         "commit the changelog."),
    ],
    160: [
        dict(id="j160-p1", kind="weak_link", ability="http.get", anchor="api-stg.ridgecall.org",
             description="PostgREST on staging (api-stg.ridgecall.org) is flaky: 503 while its schema cache "
                         "reloads, 504s and timeouts; retry before concluding a view or row is missing."),
        dict(id="j160-p2", kind="pitfall", ability="shell.run", anchor="pg_dump",
             description="The box's own pg_dump is 14 and refuses the PostgreSQL 16 servers (version mismatch). "
                         "Dump through the container instead: `docker compose exec -T db pg_dump ...`."),
        dict(id="j160-p3", kind="rule", ability="shell.run", anchor="pg_prove",
             description="pgTAP lives in schema `tap`: plain `pg_prove -d ridgecall_dev t/...` cannot find its "
                         "functions; run `PGOPTIONS='-c search_path=tap,public' pg_prove ...`."),
        dict(id="j160-p4", kind="playbook", ability="shell.run", anchor="revert",
             sequence=["fs.edit_file", "shell.run", "git.add", "git.commit"],
             description="A schema change: edit deploy/*.sql (with its revert/verify), round-trip it on dev with "
                         "`sqitch deploy dev && sqitch revert -y dev --to @HEAD^ && sqitch deploy dev`, stage, "
                         "commit."),
        dict(id="j160-p5", kind="weak_link", ability="fs.list_directory", anchor="kitshare",
             description="The CIFS kit-photo share /mnt/kitshare drops out: stale handles, EIO, timeouts; retry the "
                         "listing before saying photos are missing."),
    ],
}

# step 2: queries, written from the profile and the lessons alone (a developer's shorthand)
QUERIES = {
    157: [
        ("r-deseq2 bld failed on ci box, dig thru the drv log & tell me why", "j157-p1"),
        ("why did openfoam-skerry fail to bld? chk its log pls", "j157-p1"),
        ("look at last failed log for python-xarray-eo, smth w/ tests?", "j157-p1"),
        ("lint the new mmseqs2 pkg b4 i send pr", "j157-p2"),
        ("run guix lint on everything in ocean.scm pls", "j157-p2"),
        ("pls lint python-gsw defn, reviewers will ask", "j157-p2"),
        ("bump samtools -> 1.21 in bio.scm + commit", "j157-p3"),
        ("upd netcdf-fortran to 4.6.1, new hash, commit w/ usual msg", "j157-p3"),
        ("new upstream rel of seqkit (2.9.0), pls bump it", "j157-p3"),
        ("is cuirass done w/ last eval? chk subst srv", "j157-p4"),
        ("did cluster subst get the nar for hmmer yet?", "j157-p4"),
        ("chk narinfo for r-seurat on our subst box", "j157-p4"),
        ("try new ocean pkgs on hpc login node", "j157-p5"),
        ("pls chk what guix ver login1 is on", "j157-p5"),
        ("shell into login1 & run guix pull there", "j157-p5"),
    ],
    158: [
        ("run the sc unit tests pls, all of tests/", "j158-p1"),
        ("quick sclang run of tools/check_scenes.scd b4 i push", "j158-p1"),
        ("render nrt preview of dusk scene for curator", "j158-p1"),
        ("new synthdef for foghorn drone, add + build it", "j158-p2"),
        ("tweak env release on \\wave_pad def & rebuild", "j158-p2"),
        ("add lfo to the bell synthdef pls, then stage", "j158-p2"),
        ("what's keeper playing rn? chk show api", "j158-p3"),
        ("is the install pc up after power cut? hit its status", "j158-p3"),
        ("get current scene + cpu load frm keeper", "j158-p3"),
        ("boot scsynth here & listen to the gull layer live", "j158-p4"),
        ("start audio srv locally to test osc from light desk", "j158-p4"),
        ("live test: play dusk scene on my box", "j158-p4"),
        ("what incl paths does sclang use? show me the cfg", "j158-p5"),
        ("add new quark dir to sclang lang cfg", "j158-p5"),
        ("is wslib quark excluded in lang conf? chk", "j158-p5"),
    ],
    159: [
        ("fix crew email subject (missing date) + get it live", "j159-p1"),
        ("change booking form handler to reject dbl bookings, ship it", "j159-p1"),
        ("add cox name col to rota sheet writer & push to script", "j159-p1"),
        ("whats river level at the gauge now? go/no-go for sat", "j159-p2"),
        ("pull last 24h readings frm the ea gauge", "j159-p2"),
        ("chk flood warnings api for our stretch", "j159-p2"),
        ("smoke test the bookings web app after deploy", "j159-p3"),
        ("hit /exec w/ ?boat=quad1 & see json", "j159-p3"),
        ("chk live web app returns today's rota", "j159-p3"),
        ("run jest suite pls", "j159-p4"),
        ("tests for rota date logic, run em", "j159-p4"),
        ("run full test suite b4 merge pls", "j159-p4"),
        ("cut v15 of web app for club", "j159-p5"),
        ("new release pls, committee wants the fix live on the url", "j159-p5"),
        ("release time: bump deploymnt w/ notes", "j159-p5"),
    ],
    160: [
        ("chk stg api returns new kit_due view", "j160-p1"),
        ("hit /callouts on stg w/ status=open filter", "j160-p1"),
        ("is postgrest stg up after last deploy?", "j160-p1"),
        ("dump stg schema so i can diff vs dev", "j160-p2"),
        ("take a backup of dev db b4 big mig", "j160-p2"),
        ("export kit table data frm stg as sql", "j160-p2"),
        ("run pgtap tests for callouts fn", "j160-p3"),
        ("all db tests pls, t/*.sql", "j160-p3"),
        ("test new trigger on kit_checks w/ pg_prove", "j160-p3"),
        ("add col last_inspected to kit + commit mig", "j160-p4"),
        ("change callout_close() to set closed_by, ship mig", "j160-p4"),
        ("new idx on callouts(started_at), mig + commit", "j160-p4"),
        ("list kit photos frm last inspection night", "j160-p5"),
        ("whats in the share for rope batch r-114?", "j160-p5"),
        ("find helmet inspection pics on kit share", "j160-p5"),
    ],
}

NEGATIVES = {
    157: [
        "explain what guix lint checkers do, for onboarding doc",
        "add a contributing section on commit msg format",
        "add subst srv url + signing key to readme for new ppl",
        "write channel news entry for the r 4.4 switch",
        "refactor bio.scm: split r pkgs out into r.scm",
        "tidy .guix-channel deps, drop old guix-science pin",
        "add manifest.scm for the ocean course env",
        "git log: what changed in channels.scm since oct?",
    ],
    158: [
        "doc the synthdef naming conv in readme",
        "write a unit test for the tideclock class, dont run it",
        "document keeper's show api endpoints in docs/ops.md",
        "rename scene 'ebb' -> 'low_water' everywhere",
        "add osc addr map for the new dmx fixtures to osc_map.scd",
        "changelog entry for wk 47 pls",
        "curator wants scene durations table in a md file",
        "refactor tidecall class: split clock out",
    ],
    159: [
        "explain clasp push vs deploy for nneka",
        "write jest test for crew email subject, dont run yet",
        "add ea gauge station id to readme",
        "rename sheet tab 'boats' -> 'fleet' in code",
        "add eslint rule for no-var",
        "draft committee email re new booking rules",
        "tidy tsconfig, strict null on",
        "move consts (sheet ids) into src/config.ts",
    ],
    160: [
        "explain how sqitch plan file works to aiyana",
        "write pgtap test for kit_due view, dont run",
        "doc postgrest stg url + roles in readme",
        "draft sql for annual callout stats report",
        "review tadeusz's pr on member roles",
        "write seed data for demo members in seeds/demo.sql",
        "update .editorconfig for sql files",
        "tidy sqitch.conf, remove old target qa",
    ],
}

NOTES = {
    157: "Method (fresh41): every query and negative is a note a busy developer types in their own shorthand "
         "(abbreviations, dropped vowels and articles, symbols for words, lower case). Shorthand used here: bld = "
         "build, chk = check, defn = package definition, subst srv/box = subst.skerry-hpc.org, login1 = the cluster "
         "login node login1.skerry-hpc.org, drv log = a derivation's build log. Negatives 1-3 are close to p2 "
         "(explaining lint), p3 (documenting the commit message) and p4 (documenting the server), and need no "
         "lesson.",
    158: "Method (fresh41): shorthand notes. sc = SuperCollider, nrt = non-realtime render, def = SynthDef, keeper = "
         "the install PC keeper.tidecall.lan, show api = its show-control API on :8080, lang cfg/conf = the sclang "
         "language config, audio srv = scsynth. Negatives 1-3 are close to p2 (documenting SynthDef names), p1 "
         "(writing but not running a test) and p3 (documenting the API) and need no lesson.",
    159: "Method (fresh41): shorthand notes. ea gauge = the Environment Agency river-level station, web app / /exec = "
         "the deployed bookings web app on script.google.com, get it live / ship it / push to script = clasp push "
         "of rebuilt code, cut vN / release = a new version of the fixed web-app deployment. Negatives 1-3 are "
         "close to p1/p5 (explaining clasp), p4 (writing but not running a test) and p2 (documenting the station) "
         "and need no lesson.",
    160: "Method (fresh41): shorthand notes. stg api / postgrest stg = api-stg.ridgecall.org, mig = a sqitch change, "
         "kit share = /mnt/kitshare, pgtap tests / db tests = t/*.sql with pg_prove, dump/backup/export = "
         "pg_dump. Negatives 1-3 are close to p4 (explaining the plan), p3 (writing but not running a test) and "
         "p1 (documenting the API) and need no lesson.",
}
