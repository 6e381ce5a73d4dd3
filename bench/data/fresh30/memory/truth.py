"""Planted lessons, queries and negatives of fresh30 (journals 113-116), inline.

Written before any journal line existed (profile and lessons first, then queries and negatives from them alone).
Every query and negative is the acceptance criteria of a story: a Gherkin scenario or a "Done when:" list, with the
story's title line first.  `evidence` is filled in from check.py's output after the journals were written.
"""

T = {}

# --------------------------------------------------------------------------- 113: LilyPond choir editions
T[113] = {
    "project": "cantoria-editions: a LilyPond 2.24 engraving repository for a chamber choir's performing editions "
               "(scores/<piece>/ with notes.ily and full.ly, a house style in include/choir-style.ily, MusicXML imports "
               "from the conductor and arrangers via musicxml2ly, old 2.16/2.18 sources upgraded with convert-ly, "
               "rehearsal MIDI rendered to audio with fluidsynth, the choir library's catalogue API at "
               "library.cantoria.org.uk); three volunteers (Maren, Tobias, Ines) share one headless Debian box where "
               "git-lfs is not installed",
    "planted": [
        {"id": "j113-p1", "kind": "pitfall", "ability": "shell.run", "anchor": "fluidsynth",
         "description": "Rehearsal audio cannot be rendered on this box: the soundfont soundfonts/GeneralUser-GS.sf2 is a "
                        "git-lfs pointer here (no git-lfs installed), so every `fluidsynth -ni -F ... ` run fails to "
                        "load it. Commit the MIDI and let the rehearsal-tracks CI job render the WAVs.",
         "evidence": ""},
        {"id": "j113-p2", "kind": "rule", "ability": "shell.run", "anchor": "lilypond",
         "description": "Full scores include the house style by name (`\\include \"cantoria.ily\"`, which lives in include/ "
                        "and pulls in choir-style.ily), so engraving `scores/<piece>/full.ly` needs the include path: `lilypond -I include -o build/proofs "
                        "scores/<piece>/full.ly`. Without `-I include` LilyPond cannot find the file.",
         "evidence": ""},
        {"id": "j113-p3", "kind": "playbook", "ability": "shell.run", "anchor": "musicxml2ly",
         "sequence": ["shell.run", "fs.read_file", "fs.write_file", "git.add"],
         "description": "Importing a MusicXML export: `musicxml2ly --no-beaming -o scores/<p>/import.ly "
                        "incoming/<p>.musicxml`, read the generated import.ly, write the voices in house layout to "
                        "scores/<p>/notes.ily, stage it.",
         "evidence": ""},
        {"id": "j113-p4", "kind": "weak_link", "ability": "http.get", "anchor": "library.cantoria.org.uk",
         "description": "The choir library's catalogue API (library.cantoria.org.uk) is flaky: 502s, timeouts, resets; "
                        "retry before concluding a work is missing.",
         "evidence": ""},
        {"id": "j113-p5", "kind": "playbook", "ability": "shell.run", "anchor": "convert-ly",
         "sequence": ["shell.run", "git.diff", "git.commit"],
         "description": "Upgrading old sources: `convert-ly -e -f <old version> scores/<p>/*.ly` (edits in place), "
                        "review with git diff, commit the syntax-only change on its own.",
         "evidence": ""},
    ],
    "queries": [
        {"planted_id": "j113-p1", "q": "Rehearsal tracks for the tenors of Ubi caritas\nGiven the tenor MIDI file sits in build/midi\nWhen a tenor opens the rehearsal folder on his laptop\nThen he finds a WAV of his line that he can sing along with"},
        {"planted_id": "j113-p1", "q": "Story: learning tracks for the new Magnificat\nDone when:\n- each of the four voices has its own audio file\n- the audio sits next to the MIDI under build/\n- section leaders can download them before Thursday"},
        {"planted_id": "j113-p1", "q": "Funktionalität: Übe-Audio für den Sopran\n  Szenario: Sopranistinnen proben zu Hause\n    Angenommen die MIDI-Datei der Sopranstimme ist erzeugt\n    Wenn jemand die Übe-Aufnahme abspielt\n    Dann hört sie die Sopranstimme als WAV-Datei"},
        {"planted_id": "j113-p2", "q": "Conductor's score of the Gjeilo piece\nGiven all eight voices are entered\nWhen the conductor opens build/proofs\nThen a fresh PDF of the complete score with every staff is waiting for her"},
        {"planted_id": "j113-p2", "q": "Story: proof PDF of the whole Ave verum for Thursday's read-through\nDone when:\n- the complete score, all voices plus piano, is engraved to PDF\n- it lands in build/proofs\n- page turns look sensible"},
        {"planted_id": "j113-p2", "q": "Característica: partitura completa del Stabat Mater\n  Escenario: la directora revisa la partitura general\n    Dado que todas las voces están terminadas\n    Cuando se genera el PDF de la partitura completa\n    Entonces aparece en build/proofs con todas las voces"},
        {"planted_id": "j113-p3", "q": "Story: bring in the conductor's MuseScore export of Lux aurumque\nDone when:\n- the .musicxml file she sent is turned into LilyPond source\n- the voices end up in scores/lux-aurumque/notes.ily\n- the new file is staged"},
        {"planted_id": "j113-p3", "q": "Take over the arranger's Sibelius export\nGiven incoming/shenandoah.musicxml from the arranger\nWhen the piece is converted into our LilyPond layout\nThen scores/shenandoah/notes.ily holds the four voices and is staged for commit"},
        {"planted_id": "j113-p3", "q": "Fonctionnalité : reprendre l'arrangement de Camille\n  Scénario : fichier MusicXML reçu par courriel\n    Étant donné le fichier incoming/la-blanche-biche.musicxml\n    Quand on le transforme en source LilyPond\n    Alors scores/la-blanche-biche/notes.ily existe et est indexé dans git"},
        {"planted_id": "j113-p4", "q": "Catalogue check before the December concert\nGiven the programme for 12 December\nWhen I look up each work in the choir library's catalogue\nThen I know how many copies we own and on which shelf they are"},
        {"planted_id": "j113-p4", "q": "Story: edition number in line with the library record\nDone when:\n- the library's catalogue entry for Ubi caritas has been fetched\n- its edition field is compared with our header block\n- any mismatch is listed in the PR description"},
        {"planted_id": "j113-p4", "q": "Story: which pieces are out on loan\nDone when:\n- the loan status of every work in this season's folder is fetched from the choir library\n- a list of the ones currently lent out is posted in the channel"},
        {"planted_id": "j113-p5", "q": "Story: old 2.18 sources of the Byrd mass brought up to date\nDone when:\n- every .ly in scores/byrd-four-parts uses current syntax\n- the changes were reviewed as a diff\n- they are committed as one commit"},
        {"planted_id": "j113-p5", "q": "Revive the 2014 edition of Bogoroditse\nGiven scores/bogoroditse was written for LilyPond 2.16\nWhen its source is modernised for the version we run today\nThen the diff shows only syntax updates and it is committed"},
        {"planted_id": "j113-p5", "q": "Functionaliteit: oude bronnen bijwerken\n  Scenario: Sweelinck-psalm uit 2015\n    Gegeven scores/sweelinck-psalm-134 is geschreven voor versie 2.18\n    Als de syntaxis wordt bijgewerkt naar onze huidige versie\n    Dan toont de diff alleen die wijzigingen en is alles gecommit"},
    ],
    "negatives": [
        "Story: README section on learning tracks\nDone when:\n- README.md explains where singers find their rehearsal audio on the choir website\n- it says which soundfont the CI job uses and why\n- no other file changes",
        "Explain the house style to a new volunteer\nGiven Ines asks what include/choir-style.ily actually does\nWhen I answer in the PR thread\nThen each block of that file (fonts, staff size, lyric spacing) is described in plain words",
        "Story: a guide for arrangers who send us files\nDone when:\n- docs/arrangers.md says which MusicXML export settings to pick in MuseScore and Sibelius\n- it lists the file naming we expect in incoming/",
        "Story: lyric typo in verse 2 of Ubi caritas\nDone when:\n- 'congregavit' is spelled correctly in scores/ubi-caritas/notes.ily\n- nothing else in the file changes\n- the fix is committed",
        "Keep build output out of git\nGiven PDFs and MIDI files keep showing up as untracked\nWhen someone runs git status after engraving\nThen build/ is ignored and the working tree looks clean",
        "Story: programme notes for the December concert\nDone when:\n- notes/2026-12-programme.md has a short paragraph per piece\n- composer dates are included\n- Maren is tagged for review",
        "Rename the Gjeilo folder\nGiven the piece lives in scores/gjeilo-new/ since September\nWhen it gets its final name scores/gjeilo-the-rose/\nThen every include path inside it still points at the right files",
        "Story: contributor guide update\nDone when:\n- CONTRIBUTING.md describes our branch naming (piece/<slug>)\n- it explains how to ask for a proof-reader\n- the table of contents is updated",
    ],
    "notes": "Gherkin and Done-when acceptance criteria; four of the 23 lines are in German, Spanish, French and Dutch. "
             "j113-p2 and j113-p3/p5 are all about LilyPond tools but different programs (lilypond, musicxml2ly, "
             "convert-ly); the lilypond rule matters only for full scores (parts engrave without -I). Negatives 1-3 "
             "sit next to p1 (rehearsal audio documented), p2 (the house style explained) and p3 (an arrangers' guide).",
}

# --------------------------------------------------------------------------- 114: OpenFOAM ventilation studies
T[114] = {
    "project": "wardflow: OpenFOAM 11 airflow studies for a hospital-ventilation consultancy (cases/<room>/ with "
               "system/blockMeshDict, snappyHexMeshDict, STL geometry; steady runs with `foamRun -solver "
               "incompressibleFluid`; foamPostProcess; ParaView pvbatch scripts in post/figures/; foamMonitor for "
               "residuals; results archived on the /mnt/cfdstore NAS); Ifeoma, Piotr and Sunniva share a headless "
               "Ubuntu workstation without root",
    "planted": [
        {"id": "j114-p1", "kind": "pitfall", "ability": "shell.run", "anchor": "pvbatch",
         "description": "ParaView's pvbatch cannot start on the headless workstation (libEGL.so.1 is missing and there is "
                        "no root to install it). Figures from post/figures/*.py are made on the office ParaView PC; "
                        "don't try pvbatch here, export VTK with foamToVTK and hand over.",
         "evidence": ""},
        {"id": "j114-p2", "kind": "pitfall", "ability": "shell.run", "anchor": "foamMonitor",
         "description": "foamMonitor needs gnuplot, which is not installed on the workstation; it always fails. Read "
                        "postProcessing/residuals/0/solverInfo.dat of the case instead to judge convergence.",
         "evidence": ""},
        {"id": "j114-p3", "kind": "rule", "ability": "shell.run", "anchor": "foamRun",
         "description": "The repository root is not a case: every solver run needs `-case cases/<room>` "
                        "(`foamRun -case cases/<room> -solver incompressibleFluid`); without it foamRun looks for "
                        "system/controlDict in the root and stops.",
         "evidence": ""},
        {"id": "j114-p4", "kind": "playbook", "ability": "fs.edit_file", "anchor": "blockMeshDict",
         "sequence": ["fs.edit_file", "shell.run", "git.diff"],
         "description": "Changing the background mesh: edit cases/<room>/system/blockMeshDict, `blockMesh -case "
                        "cases/<room> && checkMesh -case cases/<room>`, show git diff for review.",
         "evidence": ""},
        {"id": "j114-p5", "kind": "weak_link", "ability": "fs.list_directory", "anchor": "cfdstore",
         "description": "The results NAS mounted at /mnt/cfdstore is unreliable (stale handles, timeouts, I/O errors); "
                        "every directory listing there may fail, retry before concluding results are missing.",
         "evidence": ""},
    ],
    "queries": [
        {"planted_id": "j114-p1", "q": "Story: velocity slice figures for the Ward 4B report\nDone when:\n- a PNG of the mid-height velocity slice exists for each of the three supply-rate cases\n- they come from the scripts in post/figures/ so we can redo them\n- images saved under reports/ward4b/fig/"},
        {"planted_id": "j114-p1", "q": "Streamline pictures for the isolation room\nGiven the isolation-room case has converged\nWhen the client asks how air travels from the door grille to the extract\nThen we can send streamline images rendered by our post-processing scripts"},
        {"planted_id": "j114-p1", "q": "Funkcja: rysunki do raportu sali 7\n  Scenariusz: klient chce zobaczyć przekrój temperatury\n    Zakładając że przypadek sala7 jest policzony\n    Kiedy wygeneruję obrazy skryptem z post/figures\n    Wtedy w reports/sala7/fig są pliki PNG z przekrojem"},
        {"planted_id": "j114-p2", "q": "Keep an eye on the overnight run\nGiven the operating-theatre case started this morning\nWhen it has been iterating for a few hours\nThen I see a live plot of the residuals falling and can tell if it is converging"},
        {"planted_id": "j114-p2", "q": "Story: convergence check on the corridor case\nDone when:\n- the residual history of the running corridor case is shown as a graph\n- we can tell whether p and U are below 1e-4\n- a note is added to the case log"},
        {"planted_id": "j114-p2", "q": "Egenskap: følge med på kjøringen\n  Scenario: ventilasjon på pasientrom\n    Gitt at pasientrom-saken regner nå\n    Når jeg vil se hvordan residualene utvikler seg\n    Så får jeg en løpende kurve over residualene underveis"},
        {"planted_id": "j114-p3", "q": "Story: baseline for the new dialysis bay\nDone when:\n- the steady solve of the dialysis-bay case has finished\n- the final time directory is written\n- the run log is kept next to the case"},
        {"planted_id": "j114-p3", "q": "Rerun after the supply-rate change\nGiven Piotr raised the supply rate in the ward 4B boundary conditions\nWhen the simulation is run again to convergence\nThen new results replace the old time directories"},
        {"planted_id": "j114-p3", "q": "Funcionalidade: nova simulação da sala de espera\n  Cenário: caudal de extração aumentado\n    Dado que o caso sala-espera tem as novas condições de fronteira\n    Quando o solver corre até convergir\n    Então existe um novo diretório de tempo com os resultados"},
        {"planted_id": "j114-p4", "q": "Story: finer background mesh in the isolation room\nDone when:\n- the background blocks give 2 cm cells around the bed\n- the mesh is regenerated and passes the quality check\n- the change is shown as a diff for review"},
        {"planted_id": "j114-p4", "q": "Extend the domain towards the corridor door\nGiven the corridor case ends one metre short of the new door\nWhen the block geometry is stretched by a metre in x\nThen the mesh is rebuilt and I can review what changed"},
        {"planted_id": "j114-p4", "q": "Story: grade cells towards the ceiling diffusers in ward 4B\nDone when:\n- the z grading of the background blocks is stronger near the ceiling\n- the mesh rebuilds cleanly\n- the diff is ready for Sunniva"},
        {"planted_id": "j114-p5", "q": "Story: find last year's runs of the maternity ward\nDone when:\n- we know which archived cases of the maternity ward exist on the results NAS\n- their folder dates are listed in the ticket"},
        {"planted_id": "j114-p5", "q": "Check the archive before deleting local results\nGiven the ward 4B results were copied to the results NAS\nWhen I look through the archive folder for ward 4B\nThen every time directory we have locally is also there"},
        {"planted_id": "j114-p5", "q": "Egenskap: kontrollera resultatarkivet\n  Scenario: gamla körningar av operationssalen\n    Givet att körningarna från 2025 ligger i arkivet på NAS:en\n    När jag går igenom mappen för operationssalen\n    Så vet jag vilka fall som finns där"},
    ],
    "negatives": [
        "Story: document how our figures are made\nDone when:\n- post/figures/README.md explains what each ParaView script draws\n- it lists which fields of the case each script needs\n- no script is changed",
        "Explain the solver settings to the client's engineer\nGiven their engineer asked about our fvSolution\nWhen I reply by email\nThen the tolerances and relaxation factors in cases/ward4b/system/fvSolution are explained one by one",
        "Story: describe how the archive is organised\nDone when:\n- docs/archive.md describes the folder naming we use for archived cases\n- it gives one example path per client\n- it says who may delete old runs",
        "Story: boundary condition table for the ward 4B report\nDone when:\n- reports/ward4b/report.md has a table of inlet velocities, temperatures and extract rates\n- values match what the case uses\n- units are SI",
        "Ignore decomposed processor folders\nGiven parallel runs leave processor0..processor7 inside case folders\nWhen someone checks git status\nThen those folders never show up as untracked",
        "Story: client contact update\nDone when:\n- reports/ward4b/README.md names the new estates manager at the trust\n- the old contact is removed\n- committed with a short message",
        "Fix the geometry file name in the snappy dictionary\nGiven the isolation room's snappyHexMeshDict still refers to room_v1.stl\nWhen it is changed to room_v2.stl\nThen the dictionary matches the file in constant/geometry",
        "Story: timesheet summary for November\nDone when:\n- docs/hours/2026-11.md lists hours per project from our notes\n- totals per person are given\n- nothing else in the repository changes",
    ],
    "notes": "Four of the 23 lines are in Polish, Norwegian, Portuguese and Swedish. p1 and p2 are both 'this "
             "workstation cannot run that' pitfalls on shell.run (pvbatch, foamMonitor); p3 is keyed on foamRun, "
             "which the journal also runs successfully with -case; p4's shell step is blockMesh, not foamRun. "
             "Negatives 1-3 sit next to p1 (figure scripts documented), p3 (solver settings explained) and p5 "
             "(archive layout described).",
}

# --------------------------------------------------------------------------- 115: Jsonnet monitoring-as-code
T[115] = {
    "project": "gorsewatch: the NOC's monitoring-as-code repository of a rural fibre ISP (Jsonnet mixins with "
               "jsonnet-bundler vendor/, grafonnet dashboards in mixin/dashboards/, alert and recording rules "
               "generated by `make rules`, promtool rule unit tests in tests/rules/, the Alertmanager routing config "
               "alertmanager/alertmanager.yml checked with amtool, Grizzly (grr) for Grafana, the Mimir query API at "
               "mimir.noc.gorsefibre.net); Catrin, Osei and Dafydd work on a shared jump host",
    "planted": [
        {"id": "j115-p1", "kind": "pitfall", "ability": "shell.run", "anchor": "grr",
         "description": "Grizzly cannot talk to Grafana from the jump host: the service-account token lives only in CI, "
                        "so `grr apply` and `grr diff` are refused every time. Dashboards reach Grafana when the change "
                        "is merged (CI applies them); don't push or diff from here.",
         "evidence": ""},
        {"id": "j115-p2", "kind": "rule", "ability": "shell.run", "anchor": "jsonnet",
         "description": "Evaluating a dashboard or mixin by hand needs the vendored libraries on the path: "
                        "`jsonnet -J vendor mixin/dashboards/<d>.jsonnet`. Bare `jsonnet <file>` cannot import grafonnet.",
         "evidence": ""},
        {"id": "j115-p3", "kind": "rule", "ability": "shell.run", "anchor": "amtool",
         "description": "Testing Alertmanager routing needs the file named: `amtool config routes test "
                        "--config.file=alertmanager/alertmanager.yml --verify.receivers=<r> label=value ...`; without "
                        "--config.file amtool wants a live Alertmanager URL and stops.",
         "evidence": ""},
        {"id": "j115-p4", "kind": "playbook", "ability": "shell.run", "anchor": "promtool",
         "sequence": ["fs.edit_file", "fs.write_file", "shell.run", "git.add"],
         "description": "Adding or changing an alert: edit mixin/alerts/<area>.libsonnet, write "
                        "tests/rules/<alert>_test.yaml, `make rules && promtool test rules tests/rules/<alert>_test.yaml`, "
                        "stage both files with the generated rules.",
         "evidence": ""},
        {"id": "j115-p5", "kind": "weak_link", "ability": "http.get", "anchor": "mimir.noc.gorsefibre.net",
         "description": "The Mimir query API (mimir.noc.gorsefibre.net) is flaky: 502/504, 429 under load, connection "
                        "resets; retry a query before reading anything into a failure.",
         "evidence": ""},
    ],
    "queries": [
        {"planted_id": "j115-p1", "q": "Story: the new OLT optics dashboard live for the NOC\nDone when:\n- the OLT optics dashboard appears in the NOC folder of our Grafana\n- its panels show data for all three exchanges\n- the on-call engineer can open it from the runbook link"},
        {"planted_id": "j115-p1", "q": "Preview dashboard changes against production\nGiven I changed the thresholds on the backhaul dashboard\nWhen I compare my version with what is live in Grafana right now\nThen I see which panels differ before I ask for a merge"},
        {"planted_id": "j115-p1", "q": "Požadavek: nástěnka pro výpadky napájení\n  Scénář: NOC ji potřebuje ještě dnes\n    Pokud je nová nástěnka napájení skříní hotová\n    Když ji nahraju do Grafany\n    Pak ji operátoři uvidí ve složce NOC"},
        {"planted_id": "j115-p2", "q": "Story: check the rendered JSON of the PON utilisation dashboard\nDone when:\n- mixin/dashboards/pon.jsonnet has been evaluated to JSON\n- the panel count and the datasource uid are confirmed from that output"},
        {"planted_id": "j115-p2", "q": "Exchange picker on the backhaul dashboard\nGiven the exchange dropdown lists only one site\nWhen I evaluate the dashboard source and inspect its templating section\nThen the output offers all three exchanges as options"},
        {"planted_id": "j115-p2", "q": "Funzionalità: nuovo pannello di latenza\n  Scenario: controllare il JSON generato\n    Dato il file mixin/dashboards/latency.jsonnet modificato\n    Quando lo valuto per ottenere il JSON\n    Allora il nuovo pannello compare nell'output con la query giusta"},
        {"planted_id": "j115-p3", "q": "Story: power alarms from the Llanidloes cabinet page the on-call\nDone when:\n- we have shown which receiver an alert with site=llanidloes and severity=critical reaches\n- that receiver is noc-pager"},
        {"planted_id": "j115-p3", "q": "Quiet hours for warnings\nGiven warnings for field staff should only send email\nWhen an alert with severity=warning and team=field goes through our routing tree\nThen it ends at field-email and never at the pager"},
        {"planted_id": "j115-p3", "q": "機能: 新しい通知ルートの確認\n  シナリオ: 光ファイバー幹線の重大アラート\n    前提 fibre-core チーム向けのルートを alertmanager.yml に追加した\n    もし severity=critical team=fibre-core のアラートが来たら\n    ならば noc-pager に届くことが確かめられる"},
        {"planted_id": "j115-p4", "q": "Story: alert when an OLT port drops more than 5% of frames\nDone when:\n- a new alert exists in the OLT mixin\n- a unit test covers both firing and staying quiet\n- the generated rules pass their tests and everything is staged"},
        {"planted_id": "j115-p4", "q": "UPS battery low alert\nGiven the cabinet UPS exporter reports battery_charge_percent\nWhen a cabinet stays under 30% for ten minutes\nThen an alert fires, a test proves it, and the change is staged"},
        {"planted_id": "j115-p4", "q": "Story: alert on BGP session flaps towards the transit provider\nDone when:\n- the alert is added with a 15 minute window\n- test cases exist for one flap (silent) and three flaps (fires)\n- tests green and staged for Osei"},
        {"planted_id": "j115-p5", "q": "Story: headroom on the Rhayader backhaul\nDone when:\n- the 95th percentile of link utilisation over the last 7 days is pulled from our metrics store\n- the figure is written into the capacity ticket"},
        {"planted_id": "j115-p5", "q": "Check the new recording rule has data\nGiven exchange:olt_rx_power:avg was merged yesterday\nWhen I query our metrics backend for that series\nThen it returns one series per exchange with recent samples"},
        {"planted_id": "j115-p5", "q": "Функціонал: перевірка даних метрик\n  Сценарій: скільки абонентів онлайн\n    Припустимо, потрібна кількість сесій PPPoE за вчора\n    Якщо я запитаю наш сервер метрик\n    То отримаю число для кожної станції"},
    ],
    "negatives": [
        "Story: document how dashboards reach Grafana\nDone when:\n- docs/dashboards.md explains the path from a merged change to the live dashboard\n- it names who to ask when a dashboard is missing\n- no dashboard source changes",
        "Explain the grafonnet helpers\nGiven a new starter is reading mixin/lib/panels.libsonnet\nWhen they ask what each helper builds\nThen a short comment above every helper function explains it",
        "Explain the routing tree for the handover\nGiven the on-call rota changes next month\nWhen I write the handover note\nThen it describes in words which team gets which alerts according to alertmanager.yml",
        "Story: clearer dashboard title\nDone when:\n- the backhaul dashboard is titled 'Backhaul links (per exchange)' in its source\n- the uid stays the same\n- committed",
        "Code owners for the alert mixins\nGiven Dafydd now owns the power alerts\nWhen a PR touches mixin/alerts/power.libsonnet\nThen CODEOWNERS asks him for review",
        "Story: on-call handover page\nDone when:\n- docs/oncall.md lists the escalation contacts for December\n- the holiday cover between 24 and 27 December is written down\n- Catrin is tagged",
        "Story: changelog entry for last week's alert work\nDone when:\n- CHANGELOG.md has an entry under Unreleased for the UPS and BGP alerts\n- each entry links its PR",
        "Funzionalità: pulizia del README\n  Scenario: badge obsoleti\n    Dato che il README mostra ancora il badge della vecchia CI\n    Quando aggiorno l'intestazione\n    Allora restano solo i badge che funzionano",
    ],
    "notes": "Four of the 23 lines are in Czech, Italian, Japanese and Ukrainian (plus one Italian negative). j115 has "
             "two rules on shell.run (jsonnet, amtool) and a playbook whose shell step is `make rules && promtool "
             "...` (work key make, anchor promtool). Negatives 1-3 sit next to p1 (the CI path documented), p2 "
             "(grafonnet helpers explained) and p3 (the routing tree explained in words).",
}

# --------------------------------------------------------------------------- 116: D knitting-chart tool
T[116] = {
    "project": "purlchart: a D command-line tool (LDC 1.39, dub) of a knitting-pattern publisher that turns "
               "charts/*.chart into SVG and PDF knitting charts through cairo bindings; a stitch-symbol library "
               "(symbols/*.svg registered in source/purlchart/symbols.d, a generated legend sheet), `dub test` unit "
               "tests, dfmt, dscanner, the shop's pattern API at api.loopandpurl.co.uk and the print house's proof "
               "portal at proofs.inkwellpress.co.uk; Aoife, Rhys and Mei work on a Fedora dev VM that has LDC but no DMD",
    "planted": [
        {"id": "j116-p1", "kind": "weak_link", "ability": "http.get", "anchor": "api.loopandpurl.co.uk",
         "description": "The shop's pattern API (api.loopandpurl.co.uk) is unreliable: 503 during deploys, timeouts, "
                        "resets; retry before deciding a pattern is not listed.",
         "evidence": ""},
        {"id": "j116-p2", "kind": "weak_link", "ability": "http.get", "anchor": "proofs.inkwellpress.co.uk",
         "description": "The print house's proof portal API (proofs.inkwellpress.co.uk) often fails (502, timeouts, TLS "
                        "handshake errors); retry, and ask the printer by email if it stays down.",
         "evidence": ""},
        {"id": "j116-p3", "kind": "pitfall", "ability": "shell.run", "anchor": "dscanner",
         "description": "The dscanner binary on the VM was built against an older LDC and cannot load its phobos "
                        "shared library; it never runs here. Lint runs in CI; don't try dscanner locally.",
         "evidence": ""},
        {"id": "j116-p4", "kind": "rule", "ability": "shell.run", "anchor": "dub",
         "description": "The VM has LDC only; dub defaults to dmd and stops. Always pass `--compiler=ldc2` "
                        "(`dub test --compiler=ldc2`, `dub build -b release --compiler=ldc2`, `dub run --compiler=ldc2 -- ...`).",
         "evidence": ""},
        {"id": "j116-p5", "kind": "playbook", "ability": "fs.write_file", "anchor": "symbols",
         "sequence": ["fs.write_file", "fs.edit_file", "shell.run", "git.add"],
         "description": "Adding a stitch symbol: write symbols/<code>.svg, register it in source/purlchart/symbols.d, "
                        "regenerate the legend with `dub run --compiler=ldc2 -- legend --out docs/legend.svg`, stage all.",
         "evidence": ""},
    ],
    "queries": [
        {"planted_id": "j116-p1", "q": "Story: shop status of the winter patterns\nDone when:\n- for each chart in charts/winter-2026 we know whether the shop already lists the pattern\n- its current price is noted\n- the summary is pasted in the ticket"},
        {"planted_id": "j116-p1", "q": "Yarn weight in the shop listing\nGiven the Fair Isle yoke pattern is on sale in our online shop\nWhen I fetch its listing data\nThen I can confirm the yarn weight there matches the chart header"},
        {"planted_id": "j116-p1", "q": "Egenskab: mønstre i butikken\n  Scenarie: vintermønstre til salg\n    Givet at vi har fire nye vintermønstre\n    Når jeg slår dem op i vores webshop\n    Så ved jeg hvilke der allerede er til salg og til hvilken pris"},
        {"planted_id": "j116-p2", "q": "Story: has the printer approved the proofs for the Tidewrack Shawl?\nDone when:\n- the proof status of the Tidewrack Shawl booklet is read from the print house\n- any comments they left are copied into the issue"},
        {"planted_id": "j116-p2", "q": "Proof comments before the print run\nGiven the print house has the autumn booklet proofs\nWhen I look up the job on their proof site\nThen I can list which pages they flagged and why"},
        {"planted_id": "j116-p2", "q": "Funktionalität: Druckfahnen prüfen\n  Szenario: Herbstheft vor dem Druck\n    Angenommen die Druckerei hat die Fahnen des Herbsthefts\n    Wenn ich den Auftrag auf ihrem Portal nachschlage\n    Dann kenne ich den Freigabestatus jeder Seite"},
        {"planted_id": "j116-p3", "q": "Story: tidy up style before the 1.4 release\nDone when:\n- static analysis of source/ reports no style warnings\n- any findings are fixed in the same PR\n- CI stays green"},
        {"planted_id": "j116-p3", "q": "Lint the rewritten chart parser\nGiven Rhys rewrote source/purlchart/parser.d\nWhen the code is checked by our static analyser\nThen it reports no unused variables and no style problems"},
        {"planted_id": "j116-p3", "q": "Story: static checks on the PDF backend\nDone when:\n- the static analyser has been over source/purlchart/pdf.d\n- no warnings remain about unused imports or overlong functions"},
        {"planted_id": "j116-p4", "q": "Story: the chart parser handles cables wider than six stitches\nDone when:\n- a unittest block for an 8-stitch cable is added in source/purlchart/parser.d\n- the whole unit-test suite passes"},
        {"planted_id": "j116-p4", "q": "Release binary for the design team\nGiven the 1.4 changes are merged\nWhen an optimised build of the tool is made\nThen the binary renders charts/samples/yoke.chart to SVG without error"},
        {"planted_id": "j116-p4", "q": "Funcionalidade: testes depois da nova paleta\n  Cenário: cores alteradas\n    Dado que mudei a paleta em source/purlchart/colours.d\n    Quando corro todos os testes unitários\n    Então passam todos sem falhas"},
        {"planted_id": "j116-p5", "q": "Story: a symbol for the twisted purl stitch\nDone when:\n- the new symbol is drawn as an SVG in the symbol library\n- the chart tool knows it under the code tp\n- the legend sheet is regenerated and shows it\n- everything is staged"},
        {"planted_id": "j116-p5", "q": "Bobble symbol for the kids' range\nGiven the designers sent a sketch of a bobble stitch\nWhen it is added to our stitch symbols and registered in the code table\nThen the regenerated legend shows it and the files are staged"},
        {"planted_id": "j116-p5", "q": "Story: knit three together in the charts\nDone when:\n- k3tog has its own SVG symbol\n- it is registered in the code table\n- the legend is rebuilt and all of it is staged for review"},
    ],
    "negatives": [
        "Explain the dub configurations\nGiven a designer asks what the library and cli configurations in dub.json are for\nWhen I answer on the wiki page\nThen each configuration is explained in two sentences",
        "Story: document the symbol library\nDone when:\n- docs/symbols.md lists every stitch code with a one-line description\n- the list is taken from source/purlchart/symbols.d\n- no code changes",
        "Característica: documentar las integraciones\n  Escenario: nueva compañera en el equipo\n    Dado que Mei empieza el lunes\n    Cuando lea docs/integrations.md\n    Entonces entiende para qué sirven la API de la tienda y el portal de la imprenta, sin credenciales en el texto",
        "Story: typo in the help text\nDone when:\n- the --help text in source/purlchart/cli.d says 'colour' consistently\n- nothing else changes\n- committed",
        "Editor settings for the repo\nGiven people keep committing tabs in D files\nWhen someone opens the repo in any editor\nThen an .editorconfig sets four spaces for *.d and two for *.json",
        "Story: changelog for 1.4\nDone when:\n- CHANGELOG.md has a 1.4 section listing the cable fix, the new palette and the PDF margins\n- entries link their issues",
        "Rename a palette colour\nGiven the designers renamed 'oatmeal' to 'porridge'\nWhen palettes/default.json is updated\nThen the colour keeps its hex value under the new name",
        "Story: issue template for chart bugs\nDone when:\n- .github/ISSUE_TEMPLATE/chart-bug.md asks for the chart file, the expected picture and the tool version\n- it is committed",
    ],
    "notes": "Four of the 23 lines are in Danish, German, Portuguese and Spanish. Two weak-link hosts on http.get "
             "(shop API, proof portal); dub is the rule's program and is also the shell step of the playbook (always "
             "with --compiler=ldc2 there); dscanner is a separate program. Negatives 1-3 sit next to p4 (dub.json "
             "explained), p5 (the symbol list documented) and p1/p2 (the integrations described).",
}

# evidence, as computed by check.py on the generated journals
EVIDENCE = {
    "j113-p1": "4 failures in s1, s3, s5 (two in s5), one signature; no fluidsynth success anywhere",
    "j113-p2": "fail then fix with `lilypond -I include` in s2 (road-home) and s4 (biebl-ave-maria); parts engrave fine",
    "j113-p3": "same 4-call segment in s1 (cantique), s3 (gaudete), s6 (dulcis-memoria)",
    "j113-p4": "11 calls, 6 ok (55%), three different errors (502, read timeout, connection reset)",
    "j113-p5": "same 3-call segment in s2 (hymn-virgin, 2.16), s4 (dona-nobis-pacem), s5 (tallis-if-ye-love)",
    "j114-p1": "4 failures in s1, s3, s4, s6, one signature; no pvbatch success anywhere",
    "j114-p2": "3 failures in s2, s4, s5, one signature; solverInfo.dat read instead each time",
    "j114-p3": "fail then fix with `-case cases/<room>` in s2 (endoscopy) and s5 (radiology-wait); other runs pass -case",
    "j114-p4": "same 3-call segment in s1 (icu-bay3), s3 (pharmacy-cleanroom), s5 (radiology-wait)",
    "j114-p5": "all 10 listings on /mnt/cfdstore, 5 ok (50%), three different errors (ESTALE, ETIMEDOUT, EIO)",
    "j115-p1": "4 failures in s1, s2, s4, s6 (grr apply x3, grr diff), one signature; no grr success anywhere",
    "j115-p2": "fail then fix with `jsonnet -J vendor` in s2 (ont-alarms) and s4 (ntp)",
    "j115-p3": "fail then fix with `--config.file=alertmanager/alertmanager.yml` in s3 (team=core) and s6 (team=contractor)",
    "j115-p4": "same 4-call segment in s1 (dhcp), s3 (switch fan), s5 (sfp temperature)",
    "j115-p5": "11 calls, 6 ok (55%), four different errors (502, 504, 429, connection reset)",
    "j116-p1": "9 calls, 5 ok (56%), three different errors (503, read timeout, connection reset)",
    "j116-p2": "9 calls, 5 ok (56%), three different errors (502, connect timeout, TLS handshake)",
    "j116-p3": "3 failures in s2, s4, s6, one signature; no dscanner success anywhere",
    "j116-p4": "fail then fix with `--compiler=ldc2` in s1 (dub run) and s4 (dub build -b release); every other dub call passes it",
    "j116-p5": "same 4-call segment in s2 (m1r), s3 (nupp), s5 (sk2p)",
}
