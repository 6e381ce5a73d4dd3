"""Projects, nicknames, planted lessons, queries and negatives of fresh37 (journals 141-144), inline.

Written before any journal line existed (steps 1 and 2 of the brief).  `evidence` is filled in by
gen_memory.py from the journal with check.py's own helpers.
"""

TRUTH = {}

# ---------------------------------------------------------------------------------------------------------------
TRUTH[141] = {
    "project": "harrowgate-mw: the Stata 18 MP replication package of a university labour-economics group's paper on "
               "minimum wages and teen employment in US county panels (do-files under code/, project-local ado folder "
               "code/ado/plus with reghdfe and estout, esttab tables to output/tables/*.tex); the agent works on the "
               "group's Stata server econ-stata2 (\"the mill\"); restricted QCEW microdata on the enclave mount "
               "/mnt/qcew-enclave (\"the vault\"); outputs leave only through the disclosure-review outbox on "
               "airlock.econ.harrowgate.ac.uk (\"the airlock\"); public series from the department's data mirror "
               "attic.econ.harrowgate.ac.uk (\"the attic\"); three developers (Priya, Tomasz, Fen)",
    "nicknames": {
        "the mill": "econ-stata2, the group's Stata server where the agent runs",
        "the spine": "code/00_master.do, the master do-file that runs the whole pipeline",
        "the tables step": "code/06_tables.do, the do-file that writes output/tables/*.tex with esttab",
        "the attic": "attic.econ.harrowgate.ac.uk, the department's public-data mirror (CPI, crosswalks, release notes)",
        "the vault": "/mnt/qcew-enclave, the restricted QCEW microdata mount",
        "the airlock": "airlock.econ.harrowgate.ac.uk:outbox/, the disclosure-review outbox (rsync)",
        "Fen's scratch": "scratch/fen/, Fen's scratch folder in the repo",
    },
    "planted": [
        {"id": "j141-p1", "kind": "pitfall", "ability": "shell.run", "anchor": "rsync",
         "description": "The airlock (the disclosure-review outbox, rsync to airlock.econ.harrowgate.ac.uk:outbox/) does "
                        "not accept this box's key: every rsync from the mill is refused. Don't try to push tables or "
                        "figures there from here; leave the files in output/ and the submitter uses the review form."},
        {"id": "j141-p2", "kind": "rule", "ability": "shell.run", "anchor": "stata-mp",
         "description": "A full run of the spine (`stata-mp -b do code/00_master.do`) stops at the estimation step "
                        "because reghdfe/estout live in the project-local ado folder; run it as "
                        "`S_ADO=code/ado/plus:BASE stata-mp -b do code/00_master.do`. Single cleaning do-files run fine "
                        "without it."},
        {"id": "j141-p3", "kind": "playbook", "ability": "fs.edit_file", "anchor": "06_tables",
         "sequence": ["fs.edit_file", "shell.run", "fs.read_file", "git.add"],
         "description": "Changing a table: edit code/06_tables.do (the tables step), run it alone with "
                        "`S_ADO=code/ado/plus:BASE stata-mp -b do code/06_tables.do`, read the regenerated "
                        "output/tables/*.tex to check it, then stage the do-file and the .tex."},
        {"id": "j141-p4", "kind": "weak_link", "ability": "http.get", "anchor": "attic.econ.harrowgate.ac.uk",
         "description": "The attic (attic.econ.harrowgate.ac.uk, the department's data mirror) is flaky: 502s, resets "
                        "and timeouts; retry before concluding a series or file is missing."},
        {"id": "j141-p5", "kind": "pitfall", "ability": "fs.read_file", "anchor": "qcew-enclave",
         "description": "The raw QCEW files in the vault (/mnt/qcew-enclave) cannot be opened from the mill (permission "
                        "denied: they are readable only inside an enclave session). Work from the derived extracts in "
                        "data/derived/ instead of trying to read raw vault files."},
    ],
    "queries": [
        {"q": "send the revised county tables out through the airlock so disclosure can clear them", "planted_id": "j141-p1"},
        {"q": "ship today's event-study figures to the airlock for the referee response", "planted_id": "j141-p1"},
        {"q": "can you get the new appendix tables into the airlock before Tomasz leaves", "planted_id": "j141-p1"},
        {"q": "rerun the spine end to end on the mill so the draft numbers are fresh", "planted_id": "j141-p2"},
        {"q": "full rebuild from the spine please, we changed the sample restriction", "planted_id": "j141-p2"},
        {"q": "kick off the whole pipeline from the master do-file tonight, all steps", "planted_id": "j141-p2"},
        {"q": "add a row with the number of counties under table 2 in the tables step", "planted_id": "j141-p3"},
        {"q": "tables step: relabel the minimum wage coefficient as log MW", "planted_id": "j141-p3"},
        {"q": "put the clustered SEs in brackets instead of parentheses in the tables step", "planted_id": "j141-p3"},
        {"q": "pull the latest CPI-U series from the attic", "planted_id": "j141-p4"},
        {"q": "grab the 2020 county crosswalk off the attic", "planted_id": "j141-p4"},
        {"q": "check whether the attic has the updated QCEW release notes yet", "planted_id": "j141-p4"},
        {"q": "open the raw 2019 establishment counts in the vault and check the top-coding", "planted_id": "j141-p5"},
        {"q": "have a look at the vault file for Ohio and see how suppressed cells are flagged", "planted_id": "j141-p5"},
        {"q": "peek at the raw employment rows in the vault for county 39049", "planted_id": "j141-p5"},
    ],
    "negatives": [
        "explain for the new RA in the README what the airlock review is for and who signs off",
        "write a short docs note on what the spine runs and in which order",
        "add a line to the data appendix crediting the attic as our CPI source",
        "on the mill, fix the typo in the figure 3 axis label in 05_figures.do",
        "add Fen's scratch to .gitignore",
        "rename treat to mw_treat in 01_clean, and in the copies in Fen's scratch",
        "write the codebook entry for teen_share, Fen's scratch has a draft of it",
        "add a comment above the bootstrap seed saying why it is 20261130, the mill's first run date",
    ],
    "notes": "Method of fresh37: the team's own nicknames. Each nickname is introduced in a progress message beside its "
             "real name and used in at least two progress messages; queries and negatives use the nicknames. "
             "Negatives 1-3 are close in topic to p1, p2, p4 (explaining or crediting, no action on the thing).",
}

# ---------------------------------------------------------------------------------------------------------------
TRUTH[142] = {
    "project": "snowline-nomad: HashiCorp Nomad 1.8 job specs and Consul config of an alpine ski resort's lift and "
               "ticketing backend (jobs/*.nomad.hcl for ticket-api, webshop, lift-status, the gate scanner sync job "
               "jobs/gates/gate-sync.nomad.hcl; a Packer template packer/worker.pkr.hcl for the client image; Consul KV "
               "under config/pistes; the lift-gate vendor's API api.tessera-gates.eu); staging cluster "
               "nomad-stg.snowline.internal (\"the chalet\"), prod (\"the summit\"), ops bastion (\"the cabin\"); "
               "three developers (Ingrid, Marco, Saoirse)",
    "nicknames": {
        "the chalet": "the staging Nomad cluster, https://nomad-stg.snowline.internal:4646",
        "the summit": "the production Nomad cluster",
        "the cabin": "cabin.snowline.internal, the ops bastion",
        "the gondola job": "jobs/gates/gate-sync.nomad.hcl, the job that syncs the lift-gate scanners",
        "the snowcat": "packer/worker.pkr.hcl, the Packer template of the Nomad client image",
        "the piste map": "the Consul KV prefix config/pistes (lift and slope opening data)",
        "the tollbooth": "api.tessera-gates.eu, the lift-gate vendor's API",
    },
    "planted": [
        {"id": "j142-p1", "kind": "rule", "ability": "shell.run", "anchor": "nomad",
         "description": "`nomad job plan` against the chalet (staging) from this box goes to 127.0.0.1:4646 and is "
                        "refused; prefix it with `NOMAD_ADDR=https://nomad-stg.snowline.internal:4646 "
                        "NOMAD_CACERT=certs/chalet-ca.pem`. Local `nomad fmt`/`nomad job validate` need nothing."},
        {"id": "j142-p2", "kind": "playbook", "ability": "shell.run", "anchor": "packer",
         "sequence": ["fs.edit_file", "shell.run", "git.add", "git.commit"],
         "description": "Changing the client image: edit packer/worker.pkr.hcl (the snowcat), `packer validate "
                        "packer/`, stage the template, commit with an `image:` message (the image is built by CI)."},
        {"id": "j142-p3", "kind": "weak_link", "ability": "http.get", "anchor": "api.tessera-gates.eu",
         "description": "The tollbooth (the gate vendor's API at api.tessera-gates.eu) is unreliable: 503s, 429s, "
                        "timeouts; retry the same request before reporting gates as down."},
        {"id": "j142-p4", "kind": "pitfall", "ability": "shell.run", "anchor": "consul",
         "description": "`consul kv get` on the piste map (config/pistes) is refused from this box (no ACL token here; "
                        "the token lives on the cabin). Don't try it; use kv/pistes.json in the repo or ask ops."},
        {"id": "j142-p5", "kind": "rule", "ability": "fs.read_file", "anchor": "gate-sync.nomad.hcl",
         "description": "The gondola job is not at jobs/gate-sync.nomad.hcl (moved when the gates got their own "
                        "folder); read jobs/gates/gate-sync.nomad.hcl."},
    ],
    "queries": [
        {"q": "do a dry run of the ticket-api job against the chalet", "planted_id": "j142-p1"},
        {"q": "see what the chalet would change if we shipped the new webshop job", "planted_id": "j142-p1"},
        {"q": "plan the lift-status job on staging before Marco merges", "planted_id": "j142-p1"},
        {"q": "bump the base image in the snowcat to the new Debian point release", "planted_id": "j142-p2"},
        {"q": "add the chrony package to the snowcat", "planted_id": "j142-p2"},
        {"q": "the snowcat should pin the client agent to 1.8.4, change it", "planted_id": "j142-p2"},
        {"q": "ask the tollbooth which gates at Hornli are offline", "planted_id": "j142-p3"},
        {"q": "pull today's scan counts from the tollbooth for the morning report", "planted_id": "j142-p3"},
        {"q": "check the tollbooth for the firmware version on gate 12", "planted_id": "j142-p3"},
        {"q": "what does the piste map say for the Rotstock lifts right now", "planted_id": "j142-p4"},
        {"q": "read the opening hours for the nursery slope from the piste map", "planted_id": "j142-p4"},
        {"q": "dump the piste map keys so we can compare them with the brochure", "planted_id": "j142-p4"},
        {"q": "open the gondola job and tell me how many scanner instances it runs", "planted_id": "j142-p5"},
        {"q": "look at the restart block of the gondola job", "planted_id": "j142-p5"},
        {"q": "show me the env section of the gondola job", "planted_id": "j142-p5"},
    ],
    "negatives": [
        "write a comment in the README explaining why the chalet has its own CA",
        "document the snowcat build steps on the ops wiki page",
        "explain to Saoirse what the tollbooth is and who at the vendor runs it",
        "rename the webshop job's task group to shop-web, the name the summit dashboards expect",
        "add a healthcheck path to the ticket-api service stanza, the summit's balancer wants /healthz",
        "tidy up the Makefile target names, keep aliases for the cabin's cron",
        "add the cabin's ssh config snippet to docs/access.md",
        "write a CHANGELOG entry for last week's summit rollout",
    ],
    "notes": "Method of fresh37: the team's own nicknames (see `nicknames`). Negatives 1-3 are close in topic to p1, "
             "p2, p3 (explaining or documenting, no plan, no validate, no API call).",
}

# ---------------------------------------------------------------------------------------------------------------
TRUTH[143] = {
    "project": "bellfry: a Pharo 12 Smalltalk web app (Seaside + Zinc) of a county association of church bell-ringers "
               "(tower directory, peal and quarter records, practice bookings); Tonel sources in src/, Metacello "
               "BaselineOfBellfry, SUnit from the command line, maintenance .st scripts in scripts/ run with the ST "
               "command-line handler, a monthly peal-book export, the national tower list API "
               "api.towerlist.ringing.org.uk; the agent works on the headless dev server bf-dev1 (\"the loft\"); three "
               "developers (Hamish, Agnieszka, Tunde)",
    "nicknames": {
        "the belfry": "Bellfry.image, the project's Pharo image",
        "the loft": "bf-dev1, the headless dev server the agent works on",
        "the baseline": "src/BaselineOfBellfry/BaselineOfBellfry.class.st, the Metacello baseline",
        "the clapper": "scripts/, the folder of maintenance .st scripts",
        "the peal book": "exports/peal-book.csv, the monthly export of peal records (scripts/export-peal-book.st)",
        "the tower list": "api.towerlist.ringing.org.uk, the national tower directory API",
    },
    "planted": [
        {"id": "j143-p1", "kind": "playbook", "ability": "fs.edit_file", "anchor": "BaselineOfBellfry",
         "sequence": ["fs.edit_file", "shell.run", "git.diff", "git.add"],
         "description": "Changing a dependency: edit src/BaselineOfBellfry/BaselineOfBellfry.class.st (the baseline), "
                        "load it into the image with `./pharo Bellfry.image metacello install tonel://./src "
                        "BaselineOfBellfry`, git diff the baseline, stage it."},
        {"id": "j143-p2", "kind": "weak_link", "ability": "http.get", "anchor": "api.towerlist.ringing.org.uk",
         "description": "The tower list (api.towerlist.ringing.org.uk) is flaky: 502/504, resets, timeouts; retry "
                        "before concluding a tower is missing."},
        {"id": "j143-p3", "kind": "pitfall", "ability": "shell.run", "anchor": "pharo-ui",
         "description": "The loft has no display: `./pharo-ui Bellfry.image` never starts there. Don't open the image "
                        "with the UI; use the headless `./pharo` with eval/st/test handlers instead."},
        {"id": "j143-p4", "kind": "rule", "ability": "shell.run", "anchor": "pharo",
         "description": "Running a clapper script with the ST handler without `--quit` leaves the image running until the "
                        "call times out; run `./pharo Bellfry.image st --quit scripts/<name>.st`."},
        {"id": "j143-p5", "kind": "playbook", "ability": "shell.run", "anchor": "peal-book",
         "sequence": ["shell.run", "fs.read_file", "fs.write_file"],
         "description": "Monthly peal book: `./pharo Bellfry.image st --quit scripts/export-peal-book.st <month>`, read "
                        "exports/peal-book.csv, write the summary reports/peal-book/<month>.md."},
    ],
    "queries": [
        {"q": "add NeoCSV as a dependency in the baseline", "planted_id": "j143-p1"},
        {"q": "the baseline should pull Seaside 3.5 instead of 3.4, change that", "planted_id": "j143-p1"},
        {"q": "drop the old Mustache dependency from the baseline", "planted_id": "j143-p1"},
        {"q": "fetch the bell weights for St Mary's Whitby from the tower list", "planted_id": "j143-p2"},
        {"q": "look up the tower list entry for Ecclesfield, we need the dedication", "planted_id": "j143-p2"},
        {"q": "check the tower list for ten-bell towers in the West Riding", "planted_id": "j143-p2"},
        {"q": "open the belfry with its window so I can click through the peal form", "planted_id": "j143-p3"},
        {"q": "start the belfry in the full IDE and inspect the tower cache", "planted_id": "j143-p3"},
        {"q": "bring up the belfry's graphical debugger on the failing import", "planted_id": "j143-p3"},
        {"q": "run the tower reindex script from the clapper", "planted_id": "j143-p4"},
        {"q": "use the clapper to purge last year's draft bookings", "planted_id": "j143-p4"},
        {"q": "run the clapper's fixup for duplicate ringer names", "planted_id": "j143-p4"},
        {"q": "produce November's peal book and write the monthly summary", "planted_id": "j143-p5"},
        {"q": "peal book for the AGM please, with the usual summary page", "planted_id": "j143-p5"},
        {"q": "regenerate the peal book and do the write-up for the newsletter", "planted_id": "j143-p5"},
    ],
    "negatives": [
        "explain in the README how the baseline groups our packages",
        "put a comment at the top of each clapper script saying what data it touches",
        "document the peal book columns for the association secretary",
        "rename BfRinger>>fullName to displayName in Bellfry-Core on the loft",
        "add a class comment to BfTower (it caches tower list records)",
        "fix the typo on the practice booking confirmation page the loft serves",
        "add the loft's hostname to the deploy notes",
        "write a belfry test for peals rung on 29 February",
    ],
    "notes": "Method of fresh37: the team's own nicknames (see `nicknames`). Negatives 1-3 are close in topic to p1, "
             "p4, p5 (explaining, commenting, documenting; nothing loaded, run or exported).",
}

# ---------------------------------------------------------------------------------------------------------------
TRUTH[144] = {
    "project": "beckwatch: Tcl 8.6 software of a volunteer flood-warning group watching river gauges in the Dales "
               "(a gauge daemon in lib/ and bin/, tcltest suite tests/all.tcl, Expect scripts that pull readings from "
               "dataloggers over serial, a Tk viewer viewer/fellview.tcl, a starpack build script build/wrap.sh, the "
               "gauge table conf/gauges.tsv); the loggers upload to the SMB share /mnt/gaugedrop; the county's flood "
               "API api.floodline.northdale.gov.uk; the serial cables are on the river-side Raspberry Pi beck-gw1; "
               "three developers (Bryony, Kwame, Ilse)",
    "nicknames": {
        "the beck box": "beck-gw1, the river-side Raspberry Pi where the logger cables are plugged in",
        "the drop": "/mnt/gaugedrop, the SMB share the loggers upload to",
        "the council feed": "api.floodline.northdale.gov.uk, the county council's flood API",
        "the logger pull": "scripts/pull-logger.exp, the Expect script reading a datalogger over serial",
        "the gauntlet": "tests/all.tcl, the full tcltest suite",
        "the gauge sheet": "conf/gauges.tsv, the table of gauges and alarm levels",
        "the fell viewer": "viewer/fellview.tcl, the Tk viewer",
        "the wrapper": "build/wrap.sh, the starpack build script",
    },
    "planted": [
        {"id": "j144-p1", "kind": "weak_link", "ability": "http.get", "anchor": "api.floodline.northdale.gov.uk",
         "description": "The council feed (api.floodline.northdale.gov.uk) often fails: 503, 504, resets, timeouts; "
                        "retry the same request before concluding there are no warnings or readings."},
        {"id": "j144-p2", "kind": "pitfall", "ability": "shell.run", "anchor": "expect",
         "description": "The logger pull (`expect scripts/pull-logger.exp <station>`) needs the serial cable, which is "
                        "on the beck box (beck-gw1), not on this machine; it always fails here. Take the readings from "
                        "the drop or ask someone on the beck box."},
        {"id": "j144-p3", "kind": "rule", "ability": "shell.run", "anchor": "tclsh",
         "description": "The gauntlet (`tclsh tests/all.tcl`) cannot find the project's packages unless lib is on the "
                        "package path: run `TCLLIBPATH=./lib tclsh tests/all.tcl`. Single tools under tools/ run fine."},
        {"id": "j144-p4", "kind": "playbook", "ability": "fs.edit_file", "anchor": "gauges.tsv",
         "sequence": ["fs.edit_file", "shell.run", "git.diff", "git.commit"],
         "description": "Changing the gauge sheet: edit conf/gauges.tsv, validate it with `tclsh "
                        "tools/checkgauges.tcl conf/gauges.tsv`, git diff it, commit with a `gauges:` message."},
        {"id": "j144-p5", "kind": "weak_link", "ability": "fs.list_directory", "anchor": "gaugedrop",
         "description": "The drop (/mnt/gaugedrop, the loggers' SMB share) is unreliable: stale handles, I/O errors, "
                        "timeouts when listing; retry before concluding that uploads are missing."},
    ],
    "queries": [
        {"q": "pull the council feed's current warnings for the Skell catchment", "planted_id": "j144-p1"},
        {"q": "get yesterday's rainfall totals from the council feed", "planted_id": "j144-p1"},
        {"q": "compare our Kirkby gauge reading with what the council feed shows", "planted_id": "j144-p1"},
        {"q": "do a logger pull on the Mill Beck station and grab last night's readings", "planted_id": "j144-p2"},
        {"q": "run the logger pull for gauge 7 so we have the overnight data", "planted_id": "j144-p2"},
        {"q": "logger pull please, the Ravensgill datalogger missed its upload", "planted_id": "j144-p2"},
        {"q": "run the gauntlet before Kwame tags 2.3", "planted_id": "j144-p3"},
        {"q": "gauntlet please, the CSV parser changed", "planted_id": "j144-p3"},
        {"q": "put the threshold refactor through the gauntlet", "planted_id": "j144-p3"},
        {"q": "add the new Hebble Brook gauge to the gauge sheet, id 31, alarm at 1.8 m", "planted_id": "j144-p4"},
        {"q": "the gauge sheet has the wrong alarm level for Ravensgill, make it 2.1 m", "planted_id": "j144-p4"},
        {"q": "retire gauge 12 in the gauge sheet, the station was washed out", "planted_id": "j144-p4"},
        {"q": "see which CSVs landed in the drop overnight", "planted_id": "j144-p5"},
        {"q": "what's in the drop for station 7 this week", "planted_id": "j144-p5"},
        {"q": "check the drop for yesterday's battery reports", "planted_id": "j144-p5"},
    ],
    "negatives": [
        "explain the council feed's warning levels in docs/glossary.md",
        "add comments to the logger pull script describing each expect step",
        "write a README note on how to read the gauge sheet columns",
        "the fell viewer's legend overlaps the chart, move it to the right",
        "bump the wrapper's version string to 2.3",
        "rename proc parseRow to parse_row in lib/gauge.tcl, the one the beck box daemon loads",
        "add a .gitattributes so the gauge sheet and the other tsv files keep LF endings",
        "write a CHANGELOG entry for the Ravensgill fix in the fell viewer",
    ],
    "notes": "Method of fresh37: the team's own nicknames (see `nicknames`). Negatives 1-3 are close in topic to p1, "
             "p2, p4 (explaining, commenting, documenting; no API call, no serial pull, no gauge change).",
}
