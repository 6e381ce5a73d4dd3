"""Planted lessons, queries and negatives of journals 161-164 (fresh42), inline.

Written before any journal line existed: the profile and the five lessons first, then the queries and negatives
from the profile and the lessons alone.  Queries and negatives state the outcome the user wants, never the command,
the tool or the file.  `evidence` strings were filled in from check.py's output after the journals were written.
"""

TRUTH = {}

# ---------------------------------------------------------------------------------------------------------------
TRUTH[161] = {
    "project": "reefglass: Futhark 0.25 GPU kernels for a marine park's reef-survey photomosaics (colour correction, "
               "coral-cover classification, tile stitching); tests in test/*.fut run by `futhark test`, Python bindings "
               "generated with `futhark pyopencl --library` for driver/run_survey.py, per-site colour profiles in "
               "profiles/*.json checked by tools/check_profile.py, GPU benchmarks by the CI `bench` job on the lab GPU box "
               "gpu-kelp, transect metadata from the park's survey portal (surveys.coralbay-marinepark.org); developers "
               "Ana, Tomasi, Priyanka on a shared workstation",
    "planted": [
        {"id": "j161-p1", "kind": "pitfall", "ability": "shell.run", "anchor": "gpu-kelp",
         "description": "The lab GPU box gpu-kelp refuses ssh from this workstation (its key is not enrolled there). "
                        "Don't try to ssh in to benchmark; GPU timings come from the CI bench job (push a bench/* branch "
                        "and read the job's report)."},
        {"id": "j161-p2", "kind": "rule", "ability": "shell.run", "anchor": "futhark",
         "description": "The whole test suite (`futhark test test/`) times out on the stitching datasets with the default "
                        "sequential c backend on this machine; run it as `futhark test --backend=multicore test/`. "
                        "Single test files are fine with the default."},
        {"id": "j161-p3", "kind": "playbook", "ability": "shell.run", "anchor": "pyopencl",
         "sequence": ["fs.edit_file", "shell.run", "git.status", "git.add"],
         "description": "Exposing a changed or new entry point to Python: edit src/entries.fut, regenerate the bindings "
                        "with `futhark pyopencl --library -o driver/_reefglass src/entries.fut`, git status, stage the "
                        ".fut file with the regenerated driver/_reefglass.py."},
        {"id": "j161-p4", "kind": "weak_link", "ability": "http.get", "anchor": "surveys.coralbay-marinepark.org",
         "description": "The park's survey portal API (surveys.coralbay-marinepark.org) is unreliable: 502s, timeouts, "
                        "resets; retry before concluding that data is missing."},
        {"id": "j161-p5", "kind": "playbook", "ability": "fs.write_file", "anchor": "profiles",
         "sequence": ["fs.read_file", "fs.write_file", "shell.run", "git.add"],
         "description": "Onboarding a new survey site: read profiles/_template.json, write profiles/<site>.json with the "
                        "site's white point and depth band, `python3 tools/check_profile.py profiles/<site>.json`, stage it."},
    ],
    "queries": [
        ("j161-p1", "We know how fast the new stitching kernel really runs on the lab's GPU before Friday's review"),
        ("j161-p1", "The speed-up from the colour-correction change is measured on proper GPU hardware, not only a laptop"),
        ("j161-p1", "Ana gets GPU timing numbers for the classifier tweak she pushed today"),
        ("j161-p2", "Every kernel test is confirmed green before the 0.9 tag goes out"),
        ("j161-p2", "Tomasi's stitching refactor is shown not to break any existing test"),
        ("j161-p2", "I can tell the reviewers the complete suite passes on this branch"),
        ("j161-p3", "The Python side can call the new brightness-clamp entry point"),
        ("j161-p3", "Survey runs from Python pick up the renamed tile-size parameter"),
        ("j161-p3", "Priyanka's notebook can use the new cover-fraction function"),
        ("j161-p4", "We know which transects the park logged for Coral Bay north last month"),
        ("j161-p4", "Our site list matches what the park currently has on record"),
        ("j161-p4", "Confirmation whether the rangers uploaded the November dive metadata"),
        ("j161-p5", "Turtle Reef photos can be processed like the other survey sites"),
        ("j161-p5", "The new Mangrove Point site has its own colour settings in the repo"),
        ("j161-p5", "The pipeline accepts pictures from the Whale Rock transects too"),
    ],
    "negatives": [
        "Newcomers can read why GPU benchmarks run in CI rather than on our desks",
        "Each test dataset in the suite has a one-line explanation of what it covers",
        "The park's data officer understands what every field of a site profile means",
        "The changelog lists everything merged since 0.8",
        "The contributor guide says how we name branches",
        "The tile-seam artefact Priyanka reported has an issue with a clear reproduction",
        "Old mosaic outputs from October are gone from the scratch area",
        "Every source file carries the licence header",
    ],
}

# ---------------------------------------------------------------------------------------------------------------
TRUTH[162] = {
    "project": "mereflow: GAMS 47 models of a regional water company's reservoir releases and pumping schedules "
               "(models/daily.gms, models/annual.gms, scenario includes in scen/, tariff periods in data/tariffs.inc); "
               "ops exports arrive as CSV and are converted with csv2gdx, results compared with gdxdump/gdxdiff, a report "
               "script in report/, results shared with planners on SharePoint via rclone, inflow forecasts from the "
               "river forecast centre's API (flows.riverforecast-centre.org.uk); developers Ruth, Kofi, Mei",
    "planted": [
        {"id": "j162-p1", "kind": "pitfall", "ability": "shell.run", "anchor": "rclone",
         "description": "The rclone SharePoint remote on this box has an expired token that can only be renewed with MFA "
                        "from an office laptop; `rclone copy ... sharepoint:` always fails here. Don't retry: leave the "
                        "files in out/share/ and ask Ruth to upload them."},
        {"id": "j162-p2", "kind": "rule", "ability": "shell.run", "anchor": "gams",
         "description": "This box's default GAMS licence is the demo licence; the full-year model (models/annual.gms) "
                        "exceeds its size limits. Run it with the company network licence: "
                        "`gams models/annual.gms license=/opt/gams/mereflow-netlic.txt ...`. Small daily runs are fine."},
        {"id": "j162-p3", "kind": "rule", "ability": "shell.run", "anchor": "csv2gdx",
         "description": "The ops exports are written in a European locale (semicolons, decimal commas); csv2gdx must be "
                        "called with `fieldSep=SemiColon decimalSep=Comma` or it stops at the first data line."},
        {"id": "j162-p4", "kind": "weak_link", "ability": "http.get", "anchor": "flows.riverforecast-centre.org.uk",
         "description": "The forecast centre's API (flows.riverforecast-centre.org.uk) is flaky: 503s, timeouts, rate "
                        "limiting; retry later rather than running with stale inflows."},
        {"id": "j162-p5", "kind": "playbook", "ability": "fs.edit_file", "anchor": "tariffs",
         "sequence": ["fs.edit_file", "shell.run", "fs.read_file", "git.commit"],
         "description": "Changing electricity tariff periods: edit data/tariffs.inc, run "
                        "`gams models/daily.gms --scen=base o=out/daily.lst`, read the listing's solve summary in "
                        "out/daily.lst (model status 1, no infeasibilities), commit the tariff file."},
    ],
    "queries": [
        ("j162-p1", "The operations team can open Monday's pumping plan from their shared folder"),
        ("j162-p1", "Kofi's drought-scenario results are where the planners look for them"),
        ("j162-p1", "The board pack folder has the latest reservoir drawdown charts"),
        ("j162-p2", "We have the full-year release plan for 2027 solved"),
        ("j162-p2", "The twelve-month model shows what the new abstraction cap does over the year"),
        ("j162-p2", "Mei gets a whole-year cost figure for the winter tariff option"),
        ("j162-p3", "Today's inflow numbers from operations are loaded into the model data"),
        ("j162-p3", "The models work from this morning's reservoir levels instead of last week's"),
        ("j162-p3", "The new pump availability export from ops is usable by the models"),
        ("j162-p4", "We know the ten-day inflow forecast for the upper catchment"),
        ("j162-p4", "The forecast rainfall assumed in Monday's run is on record"),
        ("j162-p4", "Our assumed inflows are compared with the forecast centre's latest numbers"),
        ("j162-p5", "The schedule reflects the new night-rate hours the energy supplier announced"),
        ("j162-p5", "Peak-price periods used for pumping match the 2027 electricity contract"),
        ("j162-p5", "The weekend price change is in the model and committed"),
    ],
    "negatives": [
        "New starters understand how the demo and company GAMS licences differ",
        "Everyone knows what each column of the ops inflow export means",
        "The forecast centre's terms of use are summarised on the team wiki",
        "Unused scenario files from the 2025 drought review are removed",
        "Equation names in the daily model follow one naming style",
        "The report's charts use the company colour palette",
        "Ruth's review comments on the storage-balance equations are answered",
        "Release notes for version 3.2 of the models are written",
    ],
}

# ---------------------------------------------------------------------------------------------------------------
TRUTH[163] = {
    "project": "pressday: a Janet 1.36 web app for a community orchard's apple-pressing days (slot bookings, volunteer "
               "rota, juice bottle labels); jpm project with spork's HTTP server and a sqlite3 native module installed "
               "into a read-only jpm_tree/, `jpm test`, labels rendered by tools/render_labels.janet from "
               "data/varieties.jdn, a small VPS where the agent has no sudo, and a Raspberry Pi in the cider barn "
               "(press-pi.local) running the till and label printer agent; developers Marta, Owen, Helen",
    "planted": [
        {"id": "j163-p1", "kind": "pitfall", "ability": "shell.run", "anchor": "sudo",
         "description": "The agent has no sudo (no terminal for a password) on the dev box or the VPS: "
                        "`sudo systemctl restart pressday`, `sudo apt install ...` always fail. Deploy with "
                        "`./deploy.sh` (restarts through the user unit) or ask Owen for system changes."},
        {"id": "j163-p2", "kind": "pitfall", "ability": "fs.edit_file", "anchor": "jpm_tree",
         "description": "Installed dependencies under jpm_tree/ (spork's http.janet, the sqlite3 module) are read-only; "
                        "edits are refused. Override behaviour in src/patches.janet instead of patching the library."},
        {"id": "j163-p3", "kind": "rule", "ability": "shell.run", "anchor": "janet",
         "description": "Running the app locally (`janet src/main.janet`) fails because the default database path is "
                        "the production one (/var/lib/pressday); run it as "
                        "`PRESSDAY_DB=var/dev.sqlite janet src/main.janet`."},
        {"id": "j163-p4", "kind": "weak_link", "ability": "http.get", "anchor": "press-pi.local",
         "description": "The barn Pi (press-pi.local: till totals, label printer status) is on poor Wi-Fi: timeouts, "
                        "refused connections, 502s; retry before concluding the printer or the till is down."},
        {"id": "j163-p5", "kind": "playbook", "ability": "fs.edit_file", "anchor": "varieties",
         "sequence": ["fs.read_file", "fs.edit_file", "shell.run", "git.add"],
         "description": "Adding an apple or pear variety to the labels: read data/varieties.jdn, add the entry, "
                        "`janet tools/render_labels.janet --variety <slug>` to render the label sheet, stage both."},
    ],
    "queries": [
        ("j163-p1", "The live booking site is running the code we merged this morning"),
        ("j163-p1", "The booking site is back up after the crash Helen reported"),
        ("j163-p1", "The orchard server has the image library the label preview needs"),
        ("j163-p2", "Group bookings with a long list of names no longer bounce off the server's size limit"),
        ("j163-p2", "Uploads of orchard photos bigger than a megabyte go through"),
        ("j163-p2", "Database timeouts under Saturday load are longer than the library's built-in default"),
        ("j163-p3", "I can click through the booking form on my own machine"),
        ("j163-p3", "Marta can try the new time-slot picker locally before it ships"),
        ("j163-p3", "The refund page renders on a local copy of the site"),
        ("j163-p4", "We know whether the barn's label printer is online for Saturday"),
        ("j163-p4", "Saturday's pressing tally from the barn till is in our records"),
        ("j163-p4", "The barn reports how many bottles were filled today"),
        ("j163-p5", "Bottles of Ashmead's Kernel juice get their own label"),
        ("j163-p5", "Volunteers can print labels for the new perry pears"),
        ("j163-p5", "The Bramley blend shows up on the label sheet"),
    ],
    "negatives": [
        "The wiki says who to call when the booking site goes down on a pressing day",
        "Volunteers have a plain-words explanation of how the variety list is organised",
        "A new volunteer developer can follow the setup notes without asking anyone",
        "The booking confirmation email mentions parking at the orchard gate",
        "Duplicate bookings from the October test run are cleaned up",
        "The privacy notice says how long we keep phone numbers",
        "Code in the src folder is formatted consistently",
        "Feature branches nobody uses any more are gone",
    ],
}

# ---------------------------------------------------------------------------------------------------------------
TRUTH[164] = {
    "project": "farecap: a Dafny 4.8 verified fare-capping core for a city tram network (src/Fares.dfy, Zones.dfy, "
               "Capping.dfy; `dafny verify`, `dafny test`, `dafny format`), translated to Python with "
               "`dafny translate py` into gen/ for the app backend team; the vendor's validator simulator "
               "(tools/validator-sim.jar) needs Java 21 and only runs in CI; the transit authority's tariff API "
               "(tariffs.lothmoortrams.org.uk) and the fare board's decisions share (/mnt/fareboard); developers "
               "Jonas, Aoife, Sipho",
    "planted": [
        {"id": "j164-p1", "kind": "pitfall", "ability": "shell.run", "anchor": "validator-sim",
         "description": "The vendor's validator simulator (tools/validator-sim.jar) is built for Java 21 and this box has "
                        "Java 17: `java -jar tools/validator-sim.jar ...` always fails. Validator scenarios run only in "
                        "the CI sim job."},
        {"id": "j164-p2", "kind": "rule", "ability": "shell.run", "anchor": "dafny",
         "description": "Verifying src/Capping.dfy times out on this laptop with the default limits; run it as "
                        "`dafny verify --isolate-assertions --verification-time-limit 300 src/Capping.dfy`. "
                        "Other modules verify with the defaults."},
        {"id": "j164-p3", "kind": "playbook", "ability": "shell.run", "anchor": "translate",
         "sequence": ["fs.edit_file", "shell.run", "git.diff", "git.add"],
         "description": "Shipping a fare-logic change to the backend: edit the .dfy module, "
                        "`dafny translate py --output gen/farecap src/Main.dfy`, git diff of gen/, stage source and "
                        "generated package."},
        {"id": "j164-p4", "kind": "weak_link", "ability": "http.get", "anchor": "tariffs.lothmoortrams.org.uk",
         "description": "The authority's tariff API (tariffs.lothmoortrams.org.uk) is unreliable: 503s, timeouts, "
                        "resets; retry before assuming a fare or zone has changed."},
        {"id": "j164-p5", "kind": "weak_link", "ability": "fs.list_directory", "anchor": "fareboard",
         "description": "The fare board's decisions share (/mnt/fareboard, SMB) often fails to list: stale handles, "
                        "host down, timeouts; every directory listing in this project is on it, so retry or remount."},
    ],
    "queries": [
        ("j164-p1", "We see how a real validator reacts to the new weekly cap before the trial"),
        ("j164-p1", "The simulated gate accepts a card tapped twice within the transfer window"),
        ("j164-p1", "Confidence that the front-door validator still charges the right fare in zone 3"),
        ("j164-p2", "The capping module is proven correct again after Jonas's change"),
        ("j164-p2", "All proofs about the daily cap go through before we cut the release"),
        ("j164-p2", "The monthly cap rule change is fully verified"),
        ("j164-p3", "The app backend team gets the new child-fare logic in their Python package"),
        ("j164-p3", "Backend can call the corrected zone-distance function"),
        ("j164-p3", "The package the backend uses agrees with the updated fare rules"),
        ("j164-p4", "We have the authority's published 2027 fare table to compare against"),
        ("j164-p4", "The zone list we use matches the authority's current one"),
        ("j164-p4", "We know whether the authority changed concession prices this week"),
        ("j164-p5", "We know which tariff decisions the fare board approved in November"),
        ("j164-p5", "The signed-off board decision on the student discount is found"),
        ("j164-p5", "There's a list of every board paper about weekend caps"),
    ],
    "negatives": [
        "Newcomers can read in plain words what the weekly cap lemma guarantees",
        "The backend team has a short note on how fares are rounded",
        "Our glossary defines what a fare board decision is",
        "Method names in the zones module read consistently",
        "The CI badge shows on the repo's front page",
        "The contributing guide mentions our commit message style",
        "Jonas's pull request about zone naming has its review comments answered",
        "The licence file names the tram company correctly",
    ],
}

EVIDENCE = {
    "j161-p1": "4 failures in s1, s3, s5 (two in s5), one signature; ssh never succeeds",
    "j161-p2": "`futhark test test/` (s2) and `futhark test test/ bench/` (s4) time out, then pass with --backend=multicore",
    "j161-p3": "same 4-call segment in s1 (correct_depth), s3 (cover), s5 (clamp_brightness)",
    "j161-p4": "11 calls, 5 ok (45%), four different errors",
    "j161-p5": "same 4-call segment in s2 (lagoon-patch), s4 (turtle-shoal), s6 (mangrove-edge)",
    "j162-p1": "4 failures in s2, s4, s6 (two in s4), one signature; rclone never succeeds",
    "j162-p2": "annual model fails on the demo licence, then passes with license=... in s1 and s4",
    "j162-p3": "csv2gdx stops at line 2, then passes with fieldSep=SemiColon decimalSep=Comma in s2 (inflows) and s5 (levels)",
    "j162-p4": "8 calls, 4 ok (50%), four different errors",
    "j162-p5": "same 4-call segment in s1 (night band), s3 (weekend peak), s5 (bank holidays)",
    "j163-p1": "4 failures in s1, s3, s5 (two in s5), one signature; sudo never succeeds",
    "j163-p2": "3 failures in s2, s4, s6 (spork http.janet twice, sqlite3 init.janet), one signature; never edited",
    "j163-p3": "`janet src/main.janet --smoke` fails on the production db path, then passes with PRESSDAY_DB=var/dev.sqlite in s2 and s4",
    "j163-p4": "11 calls, 5 ok (45%), five different errors",
    "j163-p5": "same 4-call segment in s1 (egremont russet), s3 (two perry pears), s6 (ashmead's kernel)",
    "j164-p1": "4 failures in s1, s3, s4, s6, one signature; java never succeeds",
    "j164-p2": "`dafny verify src/Capping.dfy` times out, then passes with --isolate-assertions --verification-time-limit 300 in s2 and s5",
    "j164-p3": "same 4-call segment in s1 (child fare), s3 (ring zones), s5 (monthly cap)",
    "j164-p4": "9 calls, 4 ok (44%), three different errors",
    "j164-p5": "all 10 listings on /mnt/fareboard, 5 ok (50%), four different errors",
}

NOTES = {
    161: "Queries state outcomes (what should be true afterwards), never the command, tool or file. Rule j161-p2 matters only "
         "for the whole suite; single test files pass with the default backend (s1, s3, s5). The s4 rename did not "
         "regenerate the Python bindings, which is what one j161-p3 query asks for. j161-p3 and j161-p5 are both "
         "4-call playbooks with shell.run and git.add but different other abilities.",
    162: "Two rules: j162-p2 on gams (daily runs succeed without the licence option), j162-p3 on csv2gdx (a third csv2gdx "
         "run with the right options succeeds at once). The j162-p5 playbook also runs gams, successfully; its queries "
         "are about tariff periods, not the annual model. SharePoint uploads never succeed from this box.",
    163: "Two pitfalls of different abilities: shell.run (sudo) and fs.edit_file (read-only jpm_tree). The fix for "
         "j163-p2 is an edit elsewhere (src/patches.janet); its queries ask for library behaviour to change. j163-p3 is keyed on "
         "janet, which the label playbook j163-p5 also runs successfully.",
    164: "Two weak links: a host (j164-p4, tariff API) and an ability (j164-p5, every fs.list_directory is on the fare board "
         "share; anchor is a path component). The rule j164-p2 is on dafny, which also verifies other modules, tests, "
         "formats and translates successfully; only Capping.dfy needs the options.",
}
