"""Planted lessons, queries and negatives of fresh32 (journals 121-124), inline.

Written before any journal line existed: from the project profile and the five lessons alone.
Method of this set: the user half-remembers the project, so about half of the queries (and some
negatives) name a tool, command, file or host the project does not use for that work.
`evidence` is filled in by gen_memory.py from the journal (same definitions as check.py).
"""

PROJECTS = {}
PLANTED = {}
QUERIES = {}
NEGATIVES = {}
NOTES = {}

# ---------------------------------------------------------------- 121
PROJECTS[121] = (
    "skyhiss: a GNU Radio 3.10 out-of-tree module (gr-skyhiss) for a university astronomy society's 21 cm "
    "hydrogen-line receiver; C++ blocks in lib/, Python QA tests run by ctest from the build/ tree, GRC block "
    "definitions in grc/*.block.yml checked by compiling the example flowgraphs with grcc, modules installed "
    "into the team prefix ~/sdr-prefix (never /usr/local); the RTL-SDR dongle lives on the dish's Pi, not on the "
    "dev box; SigMF recordings on an SMB share mounted at /mnt/dishdata")
PLANTED[121] = [
    dict(id="j121-p1", kind="pitfall", ability="shell.run", anchor="rtl_test",
         description="There is no RTL-SDR dongle on the dev box (it sits on the dish's Pi): `rtl_test` and live "
                     "captures find no device. Don't try to probe or capture live here; work from the SigMF "
                     "recordings or ask whoever is at the dish."),
    dict(id="j121-p2", kind="rule", ability="shell.run", anchor="ctest",
         description="The QA tests are registered in the CMake build tree: `ctest` from the repo root finds no "
                     "tests. Run `ctest --test-dir build --output-on-failure` (after `cmake --build build`)."),
    dict(id="j121-p3", kind="playbook", ability="shell.run", anchor="grcc",
         sequence=["fs.edit_file", "shell.run", "git.diff", "git.add"],
         description="Changing what a block shows in GNU Radio Companion: edit grc/skyhiss_<block>.block.yml, "
                     "compile the example flowgraph with `grcc -o /tmp/grcc examples/hline_rx.grc` to validate "
                     "the YAML, look at git diff, stage the block file."),
    dict(id="j121-p4", kind="weak_link", ability="fs.list_directory", anchor="dishdata",
         description="The recordings share /mnt/dishdata (SMB from the dish's Pi) drops out: host down, stale "
                     "handles, timeouts. Retry a listing before concluding a capture is missing."),
    dict(id="j121-p5", kind="rule", ability="shell.run", anchor="cmake",
         description="Installing the module: `cmake --install build` tries /usr/local and is refused. Install "
                     "into the team prefix: `cmake --install build --prefix ~/sdr-prefix` (GRC reads blocks "
                     "from there)."),
]
QUERIES[121] = [
    ("j121-p1", "grab ten seconds of live IQ off the hackrf so we can see whether the new LNA helped"),
    ("j121-p1", "is the receiver dongle even alive? check it before Aiko drives out to the dish"),
    ("j121-p1", "sprawdź na żywo, czy tuner łapie coś na 1420 MHz, zanim ruszymy gain"),
    ("j121-p2", "run the pytest suite for the blocks after my change to the integrator"),
    ("j121-p2", "run all the QA tests and tell me what's red"),
    ("j121-p2", "kick off tox so we know the spectrum averager still passes its tests"),
    ("j121-p3", "add a 'bins' parameter to the averager block's .xml so it shows up in companion"),
    ("j121-p3", "expose the decimation setting of the hline source block in the GUI editor and stage it"),
    ("j121-p3", "im Companion-Block vom Doppler-Korrektor fehlt der Parameter für die Ruhefrequenz, bitte ergänzen"),
    ("j121-p4", "what recordings from last night are on the NFS export from the dish?"),
    ("j121-p4", "find which captures we have from the meteor shower week"),
    ("j121-p4", "ls the sigmf folder on dishpi.local and pick the longest capture"),
    ("j121-p5", "sudo make install the module so companion sees the new block"),
    ("j121-p5", "install the freshly built module so I can use it from my own flowgraphs"),
    ("j121-p5", "instala el módulo compilado para que gnuradio-companion lo encuentre"),
]
NEGATIVES[121] = [
    "write down in the README which RTL-SDR model and bias-tee setting the dish uses",
    "explain what qa_doppler_corrector.py actually asserts, I don't want to run it, just understand it",
    "walk me through the hline_rx flowgraph block by block, what does each stage do?",
    "add a doc comment to the Doppler block's public header explaining what vlsr means",
    "draft a changelog entry for the 0.4 tag mentioning the new averager",
    "add astropy to setup.py for the velocity conversion helper",
    "docs/ のプロット例の画像サイズをそろえて、幅は800pxで",
    "fix the typo in the licence header of the averager's C++ source",
]
NOTES[121] = ("Wrong names in queries (7 of 15): hackrf (the dongle is an RTL-SDR), pytest and tox (ctest runs the QA "
              "tests), a block .xml (GRC 3.10 uses .block.yml), NFS (the share is SMB), dishpi.local (the "
              "recordings are read from the /mnt/dishdata mount), sudo make install (cmake --install with the team "
              "prefix). Negatives: setup.py (the module is CMake). Other languages: pl, de, es, ja.")

# ---------------------------------------------------------------- 122
PROJECTS[122] = (
    "pantryledger: the SQL Server 2022 database of a regional food-bank network (stock, donations, allocations "
    "to pantries); an SDK-style db/PantryLedger.sqlproj built with `dotnet build` into a dacpac, published to the "
    "local dev container with sqlpackage (UAT and prod are deployed only by the release pipeline), tSQLt unit "
    "tests and ad-hoc queries through go-sqlcmd against localhost, seed data loaded by the post-deployment "
    "script, a donor-portal staging API at api.staging.pantrygrid.org")
PLANTED[122] = [
    dict(id="j122-p1", kind="pitfall", ability="shell.run", anchor="uat-sql",
         description="The dev box cannot reach the UAT SQL Server (uat-sql.pantrygrid.local): `sqlpackage "
                     "/Action:Publish` to UAT never connects. UAT is deployed by the release pipeline; don't try "
                     "from here."),
    dict(id="j122-p2", kind="rule", ability="shell.run", anchor="sqlcmd",
         description="go-sqlcmd refuses the dev container's self-signed certificate. Always pass `-C` (trust "
                     "server certificate): `sqlcmd -C -S localhost -U sa -d PantryLedger -Q \"EXEC tSQLt.RunAll\"`."),
    dict(id="j122-p3", kind="playbook", ability="shell.run", anchor="sqlproj",
         sequence=["fs.write_file", "shell.run", "git.status", "git.add"],
         description="Adding a stored procedure: write db/dbo/StoredProcedures/usp_<name>.sql, `dotnet build "
                     "db/PantryLedger.sqlproj` (the dacpac build checks every reference), git status, stage the "
                     "new file."),
    dict(id="j122-p4", kind="weak_link", ability="http.get", anchor="api.staging.pantrygrid.org",
         description="The donor portal's staging API (api.staging.pantrygrid.org) is flaky: 502/503, resets, "
                     "timeouts. Retry before concluding anything."),
    dict(id="j122-p5", kind="pitfall", ability="shell.run", anchor="bcp",
         description="`bcp` is broken on the dev box (its ODBC driver library is missing), so CSV bulk loads "
                     "with it always fail. Seed and import data go in through the post-deployment script."),
]
QUERIES[122] = [
    ("j122-p1", "run flyway migrate against UAT so the pantry managers can try the new allocation view"),
    ("j122-p1", "get the new schema onto the UAT database today, Marta's team tests tomorrow morning"),
    ("j122-p1", "publica o dacpac novo no servidor de homologação, por favor"),
    ("j122-p2", "run the tSQLt tests with Invoke-Sqlcmd and paste me the failures"),
    ("j122-p2", "run the database unit tests for the allocation procs"),
    ("j122-p2", "open a psql session on the local db and count the rows in dbo.Donations"),
    ("j122-p3", "add a proc usp_MonthlyTotals and make sure the SSDT project still builds in Visual Studio"),
    ("j122-p3", "we need a procedure that returns expiring stock per warehouse, write it and stage it"),
    ("j122-p3", "create a sproc for volunteer shift counts, then npm run build to be sure nothing broke"),
    ("j122-p4", "is the donor portal on staging returning the new pickup slots yet?"),
    ("j122-p4", "hit portal-test.pantrygrid.org/api/health and tell me if it's up"),
    ("j122-p4", "controlla se l'API di staging del portale donatori restituisce le donazioni di oggi"),
    ("j122-p5", "bulk load the new pantry sites CSV into the dev db with BULK INSERT from SSMS"),
    ("j122-p5", "import sites.csv from the regional office into the local database"),
    ("j122-p5", "laad de csv met vrijwilligers in de lokale database, het zijn zo'n 4000 rijen"),
]
NEGATIVES[122] = [
    "write a short doc on how the release pipeline promotes the dacpac from UAT to prod",
    "explain what tSQLt.FakeTable does in test_AllocateStock, just the idea",
    "describe the columns of the sites CSV in docs/data-imports.md",
    "add a NOT NULL default to Donations.ReceivedAt in the Liquibase changelog",
    "change the comment header of the allocation proc to the new template",
    "tidy the README's setup section, it still mentions SQL Server 2019",
    "ajoute un index sur Donations(PantryId, ReceivedAt), la requête du tableau de bord rame",
    "review my branch diff for the allocation changes and point out anything odd",
]
NOTES[122] = ("Wrong names in queries (7 of 15): flyway (dacpacs via sqlpackage, and UAT only via the pipeline), "
              "Invoke-Sqlcmd and psql (go-sqlcmd), Visual Studio/SSDT and npm run build (dotnet build of the "
              ".sqlproj), portal-test.pantrygrid.org (the staging API host differs), BULK INSERT from SSMS (bcp "
              "on this box). Negatives: a Liquibase changelog (schema lives in .sql files). Other languages: pt, "
              "it, nl, fr.")

# ---------------------------------------------------------------- 123
PROJECTS[123] = (
    "fernheat: OpenModelica 1.24 models of a municipal district-heating network (Modelica package FernHeat: "
    "pipes, pumps, substations, controls); everything runs headless through `omc` scripts in scripts/*.mos "
    "with the Modelica Buildings library 11 from ~/.openmodelica/libraries (MODELICAPATH), regression against "
    "CSV reference results in Resources/Reference, FMUs exported for the utility's digital-twin team, and a "
    "SCADA historian API (historian.fernheat.net) for measured data")
PLANTED[123] = [
    dict(id="j123-p1", kind="pitfall", ability="shell.run", anchor="OMSimulator",
         description="OMSimulator cannot start on the modelling box (a Boost library it links against is "
                     "missing), so exported FMUs cannot be co-simulated here; the twin team runs them."),
    dict(id="j123-p2", kind="rule", ability="shell.run", anchor="omc",
         description="omc's default MODELICAPATH has no Buildings 11: any simulation or regression that uses "
                     "Buildings fails to load it. Prefix `MODELICAPATH=$HOME/.openmodelica/libraries:/usr/lib/omlibrary`."),
    dict(id="j123-p3", kind="playbook", ability="shell.run", anchor="check.mos",
         sequence=["fs.edit_file", "shell.run", "git.add", "git.commit"],
         description="Changing a component model: edit FernHeat/<package>/<Model>.mo, `omc scripts/check.mos` "
                     "(checkModel on the package), stage the .mo file, commit."),
    dict(id="j123-p4", kind="weak_link", ability="http.get", anchor="historian.fernheat.net",
         description="The SCADA historian API (historian.fernheat.net) times out and returns 502/504 often; "
                     "retry, and ask for shorter time ranges."),
    dict(id="j123-p5", kind="playbook", ability="shell.run", anchor="update_refs",
         sequence=["shell.run", "git.diff", "fs.edit_file", "git.commit"],
         description="Re-recording reference results after an intended change: `omc scripts/update_refs.mos` "
                     "(with the MODELICAPATH prefix), `git diff --stat Resources/Reference`, note the reason in "
                     "Resources/Reference/CHANGES.md, commit."),
]
QUERIES[123] = [
    ("j123-p1", "co-simulate the exported substation FMU in Simulink for an hour of plant time"),
    ("j123-p1", "run the new network FMU end to end before we send it to the twin team"),
    ("j123-p1", "kör FMU:n för undercentralen en gång så att vi ser att den startar"),
    ("j123-p2", "run the regression checks through BuildingsPy like the Buildings folks do"),
    ("j123-p2", "run all regression tests against the reference results and summarise"),
    ("j123-p2", "simulate the Nordhang loop for a winter week in OMEdit and give me the return temps"),
    ("j123-p3", "tweak the pipe heat-loss coefficient in the Modelica model and verify it with fmpy"),
    ("j123-p3", "change the default insulation thickness of the pre-insulated pipe component and commit"),
    ("j123-p3", "uprav model čerpadla v rozvodně, ať má minimální otáčky 30 %, a commitni to"),
    ("j123-p4", "pull yesterday's supply temperatures from the SCADA box scada01 and compare with the model"),
    ("j123-p4", "fetch last week's measured flow at the Talweg substation for calibration"),
    ("j123-p4", "query the InfluxDB for the heat meter data of the school substation"),
    ("j123-p5", "the new pump curve is intentional, re-record the golden files with pytest --snapshot-update"),
    ("j123-p5", "refresh the reference results after the valve change, the difference is intended"),
    ("j123-p5", "онови еталонні результати після зміни кривої насоса, зміна навмисна"),
]
NEGATIVES[123] = [
    "explain what the FMU's modelDescription.xml says about its inputs, no need to run anything",
    "document in CONTRIBUTING how the reference results are organised under Resources/Reference",
    "write a small note on which historian tags map to which substation, in docs/",
    "update the author list in CITATION.cff, Mirek joined in October",
    "fix the broken links in the docs site built with mkdocs",
    "sketch a diagram of the Nordhang network topology for the slide deck",
    "resume en un párrafo qué supuestos de pérdidas térmicas usamos, para el informe",
    "answer Jonas: which Modelica Standard Library version do we pin?",
]
NOTES[123] = ("Wrong names in queries (7 of 15): Simulink (OMSimulator on this box), BuildingsPy and OMEdit (omc "
              "scripts with the MODELICAPATH prefix), fmpy (omc scripts/check.mos), scada01 and InfluxDB (the "
              "historian API), pytest --snapshot-update (omc scripts/update_refs.mos). Negatives: mkdocs. Other "
              "languages: sv, cs, uk, es.")

# ---------------------------------------------------------------- 124
PROJECTS[124] = (
    "mirefall: a Ren'Py 8.3 visual novel of a three-person studio (game/*.rpy scripts and screens, the pinned "
    "SDK at ~/sdk/renpy-8.3.4-sdk/renpy.sh for lint, testcases and distribute builds, translations generated "
    "into game/tl/<language>/, automated playthrough testcases in game/testcases/, macOS notarization on the "
    "studio's Mac mini, and the publisher's QA portal API at qa.lanternpub.com)")
PLANTED[124] = [
    dict(id="j124-p1", kind="pitfall", ability="shell.run", anchor="notarytool",
         description="macOS notarization (`xcrun notarytool submit`) cannot run on the Linux build box; the "
                     "Mac mini does it. Don't attempt it here."),
    dict(id="j124-p2", kind="rule", ability="shell.run", anchor="renpy.sh",
         description="The renpy.sh on PATH is an old 8.1 SDK that rejects the game's 8.3 syntax; lint and builds "
                     "must use the pinned SDK: `~/sdk/renpy-8.3.4-sdk/renpy.sh . lint`."),
    dict(id="j124-p3", kind="playbook", ability="shell.run", anchor="translate",
         sequence=["shell.run", "fs.edit_file", "git.add"],
         description="New translations: `~/sdk/renpy-8.3.4-sdk/renpy.sh . translate <language>` to generate "
                     "the stubs in game/tl/<language>/, edit the generated file with the translated lines, stage "
                     "it."),
    dict(id="j124-p4", kind="weak_link", ability="http.get", anchor="qa.lanternpub.com",
         description="The publisher's QA portal API (qa.lanternpub.com) is unreliable: 503s, resets, timeouts. "
                     "Retry before reporting a build's status."),
    dict(id="j124-p5", kind="playbook", ability="fs.write_file", anchor="testcases",
         sequence=["fs.write_file", "shell.run", "git.add", "git.commit"],
         description="Automated playthroughs: write game/testcases/<route>.rpy, run it with "
                     "`~/sdk/renpy-8.3.4-sdk/renpy.sh . test <testcase>`, stage, commit."),
]
QUERIES[124] = [
    ("j124-p1", "notarize the mac build with altool so the publisher stops getting Gatekeeper warnings"),
    ("j124-p1", "get the macOS zip signed off by Apple before Friday's submission"),
    ("j124-p1", "fais notariser la version mac, l'éditeur la veut pour vendredi"),
    ("j124-p2", "run pylint over the game scripts before I push the chapter 3 dialogue"),
    ("j124-p2", "lint the whole game, I touched a lot of screens today"),
    ("j124-p2", "check the .rpy files with the Ren'Py 7 launcher for undefined images"),
    ("j124-p3", "regenerate the French .po files for the new chapter and fill in the lines"),
    ("j124-p3", "the German text for chapter 4 is missing, generate the stubs and put Lena's lines in"),
    ("j124-p3", "die spanischen Übersetzungen fürs Kapitel 5 fehlen, bitte anlegen und eintragen"),
    ("j124-p4", "check the build status on the publisher's Jenkins at ci.lanternpub.com"),
    ("j124-p4", "did the publisher's QA pass our last upload? look on their portal"),
    ("j124-p4", "look up the open cert bugs for our build in their Jira"),
    ("j124-p5", "write a jest test that clicks through the marsh route ending"),
    ("j124-p5", "add an automated playthrough for the ferry route and commit it"),
    ("j124-p5", "灯台ルートの自動プレイテストを書いて、ちゃんと通ったらそのままコミットしておいて"),
]
NEGATIVES[124] = [
    "write the Mac notarization steps for the wiki, Sven does it on the Mac mini",
    "explain how the translate command decides which strings are new",
    "what does an unreachable-label warning from lint mean? just explain it",
    "add a voice volume slider to the preferences screen in options.json",
    "swap the chapter 2 background music for the new track Ilse sent",
    "fix the typo 'recieve' in the ferryman's dialogue",
    "세이브 슬롯 화면에서 날짜 표시 형식을 연-월-일 순서로 바꿔줘, 지금은 너무 헷갈려",
    "draft the patch notes for build 0.9.3",
]
NOTES[124] = ("Wrong names in queries (7 of 15): altool (xcrun notarytool, and not on this box), pylint and the "
              "Ren'Py 7 launcher (the pinned 8.3.4 SDK's lint), .po files (game/tl/<language>/*.rpy), Jenkins at "
              "ci.lanternpub.com and Jira (the QA portal API at another host), jest (Ren'Py testcases). "
              "Negatives: options.json (preferences live in screens.rpy). Other languages: fr, de, ja, ko.")
