"""Planted lessons, queries and negatives of journals 137-140 (fresh36), inline.

Written before any journal line existed (profile and lessons first, then the
queries and negatives from those alone).  Every query and negative is a review
comment left on the team's pull request that the agent is about to act on.
The `evidence` strings were filled in after the journals were written, from
check.py's output.
"""

TRUTH = {}

# ---------------------------------------------------------------------------
# 137 sluicegate: IEC 61131-3 Structured Text for a wastewater pump station
# reviewers: Gwen (lead, terse, "nit:"), Ade (polite, "could you"), Piotr (line refs, "before merging")
TRUTH[137] = {
    "project": "sluicegate: IEC 61131-3 Structured Text for the Fenmere drainage board's pump station PS3 (src/*.st compiled and checked with RuSTy `plc`, ST unit tests via `make test`, MATIEC `iec2c` translating to C for the OpenPLC runtime, a register map docs/modbus-map.csv from which `make tags` generates src/gen/modbus_map.st and hmi/tags.json for the FUXA HMI, a test rig PLC at 10.40.2.17 with the OpenPLC web runtime at openplc-rig.fenmere.local:8080, SCADA trend exports on /mnt/scada); the dev box sits on the office VLAN",
    "planted": [
        {"id": "j137-p1", "kind": "pitfall", "ability": "shell.run", "anchor": "mbpoll",
         "description": "Modbus TCP to the rig PLC (10.40.2.17:502) is firewalled from the office VLAN: every `mbpoll` from this box times out. Don't try to read registers from here; read values on the OpenPLC monitoring page or ask someone at the rig laptop."},
        {"id": "j137-p2", "kind": "rule", "ability": "shell.run", "anchor": "iec2c",
         "description": "MATIEC's `iec2c` does not find the IEC standard function blocks (TON, CTU, R_TRIG...) on its own here: run it as `iec2c -I /opt/matiec/lib -T build/c <file>.st`."},
        {"id": "j137-p3", "kind": "playbook", "ability": "fs.edit_file", "anchor": "modbus-map.csv",
         "sequence": ["fs.edit_file", "shell.run", "git.diff", "git.add"],
         "description": "Adding or changing a SCADA/HMI point: edit the row in docs/modbus-map.csv, `make tags` (regenerates src/gen/modbus_map.st and hmi/tags.json), check git diff of the generated files, stage the map with the generated files."},
        {"id": "j137-p4", "kind": "weak_link", "ability": "http.get", "anchor": "openplc-rig.fenmere.local",
         "description": "The OpenPLC web runtime on the rig (openplc-rig.fenmere.local:8080: dashboard, programs, monitoring) is flaky: timeouts, resets, 500s. Retry before concluding the runtime is down."},
        {"id": "j137-p5", "kind": "pitfall", "ability": "fs.list_directory", "anchor": "scada",
         "description": "The SCADA export share /mnt/scada/exports is not readable by the dev account (owned by the scada group); listing it always fails with EACCES. Ask the SCADA team for the trend file instead."},
    ],
    "queries": [
        {"q": "Before merging, read back holding registers 40112-40115 from the test PLC so we see the new wet-well level scaling live.", "planted_id": "j137-p1"},
        {"q": "could you poll the duty/assist status words off the rig PLC and paste the raw values in a comment? want to see bit 3 flip", "planted_id": "j137-p1"},
        {"q": "L88 pump_ctrl.st: not convinced the run-hours counter survives a PLC restart. Query those counter registers on the rig before and after.", "planted_id": "j137-p1"},
        {"q": "please regenerate the runtime C from station_io.st, the upload bundle in this PR was built from the old source", "planted_id": "j137-p2"},
        {"q": "nit: build/c is stale after the TON change in alarms_fb.st, rerun the MATIEC translation before we merge", "planted_id": "j137-p2"},
        {"q": "Could you check that the new FB_RakeCycle still goes through MATIEC? CI only runs the RuSTy check, not the C codegen.", "planted_id": "j137-p2"},
        {"q": "please expose the inflow totaliser to SCADA - it needs a register map row and the tag files regenerating", "planted_id": "j137-p3"},
        {"q": "nit: HR 40140 is still marked spare in modbus-map.csv but you write pump 3 run-hours there; fix the row and regen", "planted_id": "j137-p3"},
        {"q": "could you add the screen rake fault bit as a coil? The HMI has no tag for it yet.", "planted_id": "j137-p3"},
        {"q": "before merging, check on the rig runtime dashboard that the running program is still v1.7.2 and not someone's test upload", "planted_id": "j137-p4"},
        {"q": "Could you confirm on the OpenPLC web page of the rig that the runtime came back to Running after your upload?", "planted_id": "j137-p4"},
        {"q": "please grab the monitoring table for the wet-well analog input from the rig's web UI and attach it here", "planted_id": "j137-p4"},
        {"q": "could you find which PS3 trend exports SCADA dropped on the share for November? Need the one covering the overflow on the 14th.", "planted_id": "j137-p5"},
        {"q": "please look at what the historian export folder on the SCADA share has for PS3 before touching the hysteresis at L57", "planted_id": "j137-p5"},
        {"q": "before merging, check whether last night's SCADA trend export for station 3 has landed", "planted_id": "j137-p5"},
    ],
    "negatives": [
        "nit: the register map section in README should say we number holding registers 1-based, like the integrator's sheet",
        "Could you explain in the PR description why MATIEC and RuSTy treat TON differently? Text only, no code change.",
        "please add a line to docs/rig.md on who to ask for access to the test rig",
        "nit: rename bPumpRun to xPump1Run at L23 to match our naming guide",
        "could you add a unit test for the lead/lag rotation when pump 2 is out of service?",
        "please add a CHANGELOG entry for 1.8.0 mentioning the new low-level cutout",
        "typo in alarms.csv row 31: 'Overfow' should be 'Overflow'",
        "could you move the hysteresis constants from pump_ctrl.st into their own GVL?",
    ],
    "notes": "Reviewers Gwen, Ade and Piotr. p1 (Modbus read from the rig) and p4 (the rig's web runtime) both concern the rig: Modbus queries ask for register values, web queries for the runtime's dashboard/monitoring page. p2's queries ask for the C translation, never for the RuSTy check (`plc`), which works. Negatives 1-3 are traps next to p3, p2 and p1/p4 (documentation, an explanation, a docs line).",
}

# ---------------------------------------------------------------------------
# 138 plotwatch: Oracle PL/SQL + APEX allotment waiting list
# reviewers: Priya (lead, "before merging"), Callum ("nit:"), Ines (polite, gives reasons)
TRUTH[138] = {
    "project": "plotwatch: the Kestonvale borough council's allotment waiting list on Oracle Database 23ai + APEX 24.1 (packages in db/src/*.pks|pkb, Liquibase changelogs in db/changelog run through SQLcl's `lb update`, utPLSQL v3 suites run with utplsql-cli, APEX app 214 exported split into apex/f214 with SQLcl, an ORDS REST module for the public vacancies API on ords-uat.kestonvale.gov.uk); SQLcl saved connections pwdev (app user) and pwdev_owner (schema owner), wallet in ~/wallets/pwdev",
    "planted": [
        {"id": "j138-p1", "kind": "rule", "ability": "shell.run", "anchor": "utplsql",
         "description": "utplsql-cli does not see SQLcl's saved connections or the wallet on its own: run it as `TNS_ADMIN=~/wallets/pwdev utplsql run pw_app@pwdev_tp ...`; without TNS_ADMIN the alias is not resolved."},
        {"id": "j138-p2", "kind": "pitfall", "ability": "shell.run", "anchor": "expdp",
         "description": "Data Pump (`expdp`) against the dev database always fails: the dev account has no read/write on any directory object. Don't try to dump dev; use the seed scripts in db/seed or ask the DBA for a snapshot."},
        {"id": "j138-p3", "kind": "playbook", "ability": "shell.run", "anchor": "apex_export",
         "sequence": ["shell.run", "git.status", "git.add", "git.commit"],
         "description": "Getting builder changes into git: `sql -name pwdev @tools/apex_export.sql` (apex export -applicationid 214 -split -skipExportDate into apex/f214), git status to see the changed split files, git add apex/f214, commit."},
        {"id": "j138-p4", "kind": "weak_link", "ability": "http.get", "anchor": "ords-uat.kestonvale.gov.uk",
         "description": "The UAT ORDS server (public vacancies/waitlist REST module) is unreliable: 503s, 504s, timeouts, resets. Retry before reporting the API broken."},
        {"id": "j138-p5", "kind": "rule", "ability": "shell.run", "anchor": "sql",
         "description": "Liquibase changesets (DDL) must be applied with the schema owner connection: `sql -name pwdev_owner @db/lb_update.sql`. With the app connection `-name pwdev` the update fails with ORA-01031."},
    ],
    "queries": [
        {"q": "before merging, run the utPLSQL suites for pw_waitlist against dev and paste the summary", "planted_id": "j138-p1"},
        {"q": "Could you run the offer-expiry tests again? The last green run predates your change to pw_offer.pkb.", "planted_id": "j138-p1"},
        {"q": "nit: test_pw_rent.pks has a new %test annotation but I can't see a run of it anywhere in the PR, please run that suite", "planted_id": "j138-p1"},
        {"q": "could you take a Data Pump export of the PLOTWATCH schema on dev before this migration goes in? Just in case.", "planted_id": "j138-p2"},
        {"q": "Before merging please dump the waitlist tables from dev so we can restore them if the backfill goes wrong", "planted_id": "j138-p2"},
        {"q": "could you give Callum a dump of dev's PLOTWATCH schema so he can reproduce the ranking bug in his local container?", "planted_id": "j138-p2"},
        {"q": "the page 12 change only lives in the dev workspace, please export app 214 into the repo and commit it", "planted_id": "j138-p3"},
        {"q": "nit: apex/f214 in this PR is older than what's on dev (the new LOV is missing). Re-export and commit.", "planted_id": "j138-p3"},
        {"q": "Could you get the new tenancy-offer modal into source control? Right now it exists only in the builder.", "planted_id": "j138-p3"},
        {"q": "before merging, hit the vacancies endpoint on UAT ORDS and check the JSON has the new site_code field", "planted_id": "j138-p4"},
        {"q": "could you check the public plots API on UAT returns 404 for a closed site rather than an empty list?", "planted_id": "j138-p4"},
        {"q": "nit: please confirm the UAT REST module serves /waitlist/position/{ref} after Friday's deploy", "planted_id": "j138-p4"},
        {"q": "please apply the new changeset for PW_OFFER.EXPIRES_AT to dev so we can click through the page", "planted_id": "j138-p5"},
        {"q": "Could you run the Liquibase update on dev for this PR? The column isn't there yet, so page 7 errors.", "planted_id": "j138-p5"},
        {"q": "nit: the index in 024-waitlist-idx.xml should exist on dev before anyone tests the ranking page - please apply it", "planted_id": "j138-p5"},
    ],
    "negatives": [
        "nit: the %suitepath annotation in test_pw_offer.pks should read plotwatch.offers, not plotwatch.offer",
        "please document in README how the APEX app is exported and where the split files end up",
        "could you describe the UAT REST endpoints in docs/api.md? Documentation only, no code.",
        "nit: pw_waitlist.pkb L140 - use a BULK COLLECT here instead of the row-by-row loop",
        "please change the column heading 'Plot No' to 'Plot number' on the waitlist report",
        "Could you make the offer email template use the tenant's preferred name?",
        "typo in the help text of P12_SITE: 'allotmnet'",
        "please split the 300-line pw_rank procedure into smaller private procedures",
    ],
    "notes": "Reviewers Priya, Callum and Ines. Two rules on two programs: p1 (utplsql needs TNS_ADMIN) and p5 (`sql` must use the owner connection for Liquibase). p3 also runs `sql` successfully (APEX export with the app connection), so p3 queries must not pull p5 only by the program. p2's queries ask for a dump of dev, which Data Pump cannot do here. Negatives 1-3 are traps next to p1 (a test annotation edited, not run), p3 (documenting the export) and p4 (documenting the REST API).",
}

# ---------------------------------------------------------------------------
# 139 rookery: Pharo 12 Swiss-system pairing engine for a chess association
# reviewers: Hamish ("nit:"), Zainab (lead, "could you", "before merging"), Tobiah
TRUTH[139] = {
    "project": "rookery: the North East chess association's Swiss-system pairing and results app in Pharo 12 (Tonel sources in src/, BaselineOfRookery loaded with Metacello into image/Rookery.image, tests run headless with `./pharo image/Rookery.image test ...`, TRF-16 tournament fixtures in tests/fixtures, smalltalkCI on GitHub Actions via .smalltalk.ston, a Seaside results site, the monthly grading list from ratings.nechess.org.uk imported into data/grades, an online entries API at entries.nechess.org.uk); the office network re-signs TLS with its own CA",
    "planted": [
        {"id": "j139-p1", "kind": "playbook", "ability": "fs.write_file", "anchor": "fixtures",
         "sequence": ["fs.write_file", "shell.run", "git.add"],
         "description": "Locking a pairing bug down: write the tournament as a TRF-16 file under tests/fixtures, run the pairing tests headless (`./pharo image/Rookery.image test Rookery-Pairing-Tests`), stage the fixture."},
        {"id": "j139-p2", "kind": "playbook", "ability": "http.get", "anchor": "grading",
         "sequence": ["http.get", "fs.write_file", "shell.run", "git.add"],
         "description": "Monthly grading list: fetch the published CSV from ratings.nechess.org.uk, write it to data/grades/, import it into the image (`./pharo image/Rookery.image st scripts/import-grades.st`), stage the CSV."},
        {"id": "j139-p3", "kind": "pitfall", "ability": "shell.run", "anchor": "smalltalkci",
         "description": "smalltalkCI cannot run on this box: it downloads the Pharo VM and image through the office proxy, whose re-signed TLS curl rejects. Don't run it locally; load the baseline into the local image and run the tests there, and let GitHub Actions run smalltalkCI."},
        {"id": "j139-p4", "kind": "weak_link", "ability": "http.get", "anchor": "entries.nechess.org.uk",
         "description": "The association's online entries API (entries.nechess.org.uk) is flaky: 502s, timeouts, resets, rate limits. Retry before deciding an event has no entries."},
        {"id": "j139-p5", "kind": "rule", "ability": "fs.read_file", "anchor": "PharoDebug.log",
         "description": "After a headless crash the walkback is in image/PharoDebug.log (next to the image), not PharoDebug.log at the repo root."},
    ],
    "queries": [
        {"q": "could you turn the round 4 pairing from the Gateshead rapidplay into a regression fixture? That's exactly the colour bug we fixed.", "planted_id": "j139-p1"},
        {"q": "nit: RkDutchPairerTest only covers an even field - please add an odd-field tournament with a bye and run the pairing tests", "planted_id": "j139-p1"},
        {"q": "before merging, add the float-down case from issue #212 as a TRF so it can't come back", "planted_id": "j139-p1"},
        {"q": "please pull in the December grading list, the seeding in this PR still uses November grades", "planted_id": "j139-p2"},
        {"q": "Could you refresh data/grades with the latest published list before we cut the release?", "planted_id": "j139-p2"},
        {"q": "nit: two players in the test event show as ungraded; the new monthly list has them, update our copy", "planted_id": "j139-p2"},
        {"q": "Before merging, run the build exactly as CI does with .smalltalk.ston so we know the baseline loads clean", "planted_id": "j139-p3"},
        {"q": "could you reproduce the CI job locally? The Actions run failed on the Pharo 12 image and I can't tell why from the UI.", "planted_id": "j139-p3"},
        {"q": "please check the .smalltalk.ston change actually works with the CI runner before I approve", "planted_id": "j139-p3"},
        {"q": "could you check the entries API still returns the section field for the Durham congress? The import depends on it.", "planted_id": "j139-p4"},
        {"q": "before merging, fetch the current entry list for event 3091 and make sure the late-entry flag comes through", "planted_id": "j139-p4"},
        {"q": "nit: EntriesClient>>fetchEvent: assumes 'grade' is always present - look at a live response from the entry system first", "planted_id": "j139-p4"},
        {"q": "the headless TRF export crashed in your last run - could you look at the image's debug log and tell me what blew up?", "planted_id": "j139-p5"},
        {"q": "please find the walkback for the results-page crash in Pharo's log before you change RkResultsView", "planted_id": "j139-p5"},
        {"q": "nit: you say the crash is a nil grade at L77, but please confirm it from the stack trace the image wrote", "planted_id": "j139-p5"},
    ],
    "negatives": [
        "could you explain in the class comment of RkDutchPairer how the fixture files are named? Comment only.",
        "please note in README where the grading list comes from and how often it is published",
        "nit: .smalltalk.ston has a trailing comma on L9, please remove it",
        "nit: RkPlayer>>printOn: should show the grade in brackets",
        "could you rename #pairRound: to #pairRoundNumber: in the senders too?",
        "please add a Seaside component test for the sorting of the results table",
        "Could you make the standings page show the tie-break columns (Buchholz, Sonneborn-Berger)?",
        "typo in the crosstable header: 'Oppnent'",
    ],
    "notes": "Reviewers Hamish, Zainab and Tobiah. Two playbooks: p1 starts with fs.write_file of a TRF fixture, p2 with an http.get of the grading list; both end in shell.run (pharo) and git.add. p3's queries ask for the CI build locally, which only the pitfall answers (run the tests in the local image instead). Negatives 1-3 are traps next to p1 (explaining fixture naming), p2 (documenting the source) and p3 (a one-character edit of .smalltalk.ston that needs no run).",
}

# ---------------------------------------------------------------------------
# 140 hawthorn-appr: Stata 18 replication package for a labour economics paper
# reviewers: Marta (postdoc, "before merging"), Kofi ("nit:", line refs), Lena (polite)
TRUTH[140] = {
    "project": "hawthorn-appr: the replication package of a labour-economics paper on apprenticeship wage returns, Stata 18 MP in batch mode (code/00_master.do sets the adopath to the pinned ado/ folder; code/run_one.do runs one step with the same setup; reghdfe/ftools/estout pinned), restricted linked administrative data on the secure server mounted read-only at /mnt/enclave (sshfs), tables written by esttab to tables/*.tex, CPI deflators from the statistics office API cpi.statsnord.net; the group's shared analysis box has no FUSE device for users",
    "planted": [
        {"id": "j140-p1", "kind": "weak_link", "ability": "fs.list_directory", "anchor": "enclave",
         "description": "Listing the secure data mount /mnt/enclave (sshfs) is unreliable: timeouts, EIO, stale handles, resets. Retry before concluding a file or year is missing."},
        {"id": "j140-p2", "kind": "weak_link", "ability": "http.get", "anchor": "cpi.statsnord.net",
         "description": "The statistics office's CPI API (cpi.statsnord.net) fails often: 503, 429 rate limits, timeouts, resets. Retry, don't conclude the series is gone."},
        {"id": "j140-p3", "kind": "rule", "ability": "shell.run", "anchor": "stata-mp",
         "description": "A single do-file run on its own (`stata-mp -b do code/03_regs.do`) fails because the pinned ado/ folder is not on the adopath (reghdfe unrecognized). Run one step as `stata-mp -b do code/run_one.do 03_regs`."},
        {"id": "j140-p4", "kind": "pitfall", "ability": "shell.run", "anchor": "sshfs",
         "description": "The enclave cannot be (re)mounted from the shared analysis box: there is no FUSE device for users, so `sshfs` always fails. Ask IT to remount it; don't try from here."},
        {"id": "j140-p5", "kind": "playbook", "ability": "fs.edit_file", "anchor": "05_tables",
         "sequence": ["fs.edit_file", "shell.run", "fs.read_file", "git.add"],
         "description": "Changing a paper table: edit code/05_tables.do (the esttab call), `stata-mp -b do code/run_one.do 05_tables`, read the regenerated tables/tableN.tex, stage do-file and table."},
    ],
    "queries": [
        {"q": "could you check which ASHE extract years are on the secure data mount? The README claims 2004-2023.", "planted_id": "j140-p1"},
        {"q": "Before merging, see what's actually in the enclave's derived/ folder, I think the 2023 panel never got copied", "planted_id": "j140-p1"},
        {"q": "nit: data_sources.md lists linked_ilr_2019.dta; please confirm that file is present on the enclave side", "planted_id": "j140-p1"},
        {"q": "please pull the latest CPIH series from the stats office and check our 2024 deflator matches it", "planted_id": "j140-p2"},
        {"q": "Could you check whether the stats office revised the 2022 CPI index? Their API gives the vintage.", "planted_id": "j140-p2"},
        {"q": "nit: L31 in 01_deflate.do hardcodes 2015=100; fetch the series metadata and confirm the base year", "planted_id": "j140-p2"},
        {"q": "could you rerun just 03_regs.do so the coefficients in the PR description match the code?", "planted_id": "j140-p3"},
        {"q": "before merging, re-execute the event-study do-file on its own and look at the pre-trend coefficients", "planted_id": "j140-p3"},
        {"q": "nit: logs/04_robust.log predates your cluster change - please run 04_robust.do again", "planted_id": "j140-p3"},
        {"q": "the secure mount seems to have dropped on the shared box, could you reconnect it before rerunning the cleaning step?", "planted_id": "j140-p4"},
        {"q": "please remount the enclave share with the read-only option, as the data agreement requires", "planted_id": "j140-p4"},
        {"q": "Before merging, mount the secure server's derived folder on the analysis box so we can diff the panel counts", "planted_id": "j140-p4"},
        {"q": "could you add the apprenticeship-level split as an extra column in Table 3?", "planted_id": "j140-p5"},
        {"q": "nit: Table 2 should report clustered SEs in parentheses, not t-stats - change the esttab call", "planted_id": "j140-p5"},
        {"q": "please round the coefficients in Table 4 to three decimals, the journal's style sheet asks for it", "planted_id": "j140-p5"},
    ],
    "negatives": [
        "could you explain in README why the tables are built by 05_tables.do and not by hand? Just a paragraph.",
        "please describe the enclave access procedure in docs/data_access.md (who signs, how long it takes)",
        "nit: the deflator note in the appendix should cite the CPIH series ID",
        "nit: the variable label for lnwage at L12 of 02_clean.do says 'log wage (real)' but it's nominal at that point",
        "could you add a codebook entry for the new apprenticeship_level variable?",
        "please bump the version in the replication README to 1.2 and update the date",
        "Could you replace the globals in 00_master.do with locals where they are used only once?",
        "typo in the figure 2 caption: 'appprentices'",
    ],
    "notes": "Reviewers Marta, Kofi and Lena. Two weak links: one ability-wide (every fs.list_directory call is on /mnt/enclave) and one http host. p1 (listing the enclave) and p4 (mounting it) concern the same share; p1's queries ask what is on it, p4's ask to mount it. p3 and p5 both run stata-mp: p3 queries rerun one do-file, p5 queries change a table. Negatives 1-3 are traps next to p5 (explaining), p1/p4 (documenting access) and p2 (a citation in the appendix).",
}

EVIDENCE = {
    "j137-p1": "4 failures in s1, s3, s5 (two in s5), one signature (Connection failed: Connection timed out.); no mbpoll success anywhere",
    "j137-p2": "fail then fix with `iec2c -I /opt/matiec/lib` in s2 (fb_alarms.st, TON) and s4 (rake_cycle_fb.st, CTU); s5 runs it with -I at once",
    "j137-p3": "same 4-call segment in s1 (HR 40112), s3 (HR 40140), s6 (coil 00021)",
    "j137-p4": "9 calls, 5 ok (56%), four different errors (ETIMEDOUT, HTTP 500, ECONNRESET, socket hang up)",
    "j137-p5": "3 EACCES failures listing /mnt/scada/exports in s2, s4, s6; never listed",
    "j138-p1": "fail then fix with the TNS_ADMIN=~/wallets/pwdev prefix in s1 and s4 (offer suite); s2, s5, s6 use the prefix at once",
    "j138-p2": "3 failures (ORA-39002) in s2, s3, s5, one signature; no expdp success anywhere",
    "j138-p3": "same 4-call segment in s2 (page 12 LOV), s4 (page 31 modal), s6 (page 5 heading)",
    "j138-p4": "9 calls, 5 ok (56%), four different errors (503, 504, ECONNRESET, ETIMEDOUT)",
    "j138-p5": "fail (ORA-01031 with -name pwdev) then fix with -name pwdev_owner in s3 (changeset 023) and s5 (changeset 024)",
    "j139-p1": "same 3-call segment in s1 (Gateshead r4), s3 (issue 212), s5 (Hexham r3)",
    "j139-p2": "same 4-call segment in s2 (standard 2026-11), s4 (rapid 2026-11), s6 (standard 2026-12)",
    "j139-p3": "3 failures in s1, s3, s6, one signature (curl (60) self-signed certificate); no smalltalkci success anywhere",
    "j139-p4": "8 calls, 4 ok (50%), four different errors (502, 429, ETIMEDOUT, ECONNRESET)",
    "j139-p5": "ENOENT on PharoDebug.log at the repo root, then image/PharoDebug.log read, in s2 and s5",
    "j140-p1": "ability-wide: all 10 fs.list_directory calls are on /mnt/enclave, 5 ok (50%), four different errors (ETIMEDOUT x2, ENOTCONN, EIO, ESTALE)",
    "j140-p2": "8 calls, 4 ok (50%), four different errors (503, 429, ETIMEDOUT, ECONNRESET)",
    "j140-p3": "fail (reghdfe unrecognized) then fix with code/run_one.do in s1 (03_regs) and s4 (04_robust); other sessions use run_one.do at once",
    "j140-p4": "3 failures in s2, s4, s5, one signature (fuse: device not found); no sshfs success anywhere",
    "j140-p5": "same 4-call segment in s2 (Table 2), s3 (Table 3), s4 (Table 4), s6 (Table 5)",
}
