"""Planted lessons (from profiles.md), project lines and notes. Evidence is computed by gen_memory.py."""

PROJECT = {
    81: "quernstone: a Clojure 1.12 order-routing service for a flour-mill cooperative; Clojure CLI + deps.edn aliases (:dev, :test, :migrate, :lint, :fmt, :build), Integrant, reitit, next.jdbc/HoneySQL on PostgreSQL, migratus migrations in resources/migrations, kaocha, clj-kondo, cljfmt, tools.build uberjar, a self-hosted Unleash flag server (unleash.quern.internal); two developers (Ada, Tomás, who often writes in Portuguese); the agent's laptop has no babashka and no running nREPL",
    82: "brackenbeam: ESP32-S3 firmware for greenhouse sensor nodes, Arduino framework under PlatformIO (envs s3-node and native, Unity tests in test/, drivers in lib/, FW_VERSION in include/version.h, release tags fw-X.Y.Z), OTA and status over HTTP on the test node gh-node-07.local; two developers (Ingrid, sometimes Norwegian, and Kofi); the agent runs on a build server with no board attached",
    83: "wickerwren: a Deno 2 CLI and library converting photo-trap CSV exports to GeoJSON, published on JSR as @wickerwren/core, binaries via deno compile; deno.json tasks (test, check, gen, fmt), generated read-only src/generated/schema.ts from schema/*.json, a docs preview on Deno Deploy (wickerwren.deno.dev); two developers (Mei, sometimes Chinese, and Jonas, sometimes German); the GitHub CLI is not logged in on the agent's machine",
    84: "fenlight: a MATLAB-compatible signal-processing toolbox for a peatland lab, developed with GNU Octave 9 (octave-cli), MOxUnit vendored in deps/MOxUnit, C MEX kernels in src/mex built with mkoctfile into private/, the lab GitLab (git.fenlab.example.org, CI via its API), recordings on a shared drive /mnt/fenlab-data; two developers (Aino, sometimes Finnish, and Ravi); no MATLAB licence reaches the agent's machine",
}

PLANTED = {
    81: [
        ("pitfall", "shell.run", "bb", None,
         "babashka is not installed on this machine: every `bb <task>` (lint, fmt:check, coverage) fails. Run the matching Clojure CLI alias instead (`clojure -M:lint`, `clojure -M:fmt check`, `clojure -M:dev:test:coverage`)."),
        ("rule", "shell.run", "clojure", None,
         "Tests must run with both aliases: `clojure -M:test` cannot find the dev test-system namespace (FileNotFoundException from kaocha); `clojure -M:dev:test [--focus ns]` works."),
        ("playbook", "fs.write_file", "migrate", ["fs.write_file", "shell.run", "git.add"],
         "A schema change: write resources/migrations/<timestamp>-<name>.up.sql, apply it with `clojure -M:dev:migrate up`, stage the migration."),
        ("weak_link", "http.get", "unleash.quern.internal", None,
         "The Unleash flag server (unleash.quern.internal) is flaky: 502/503, timeouts, connection resets. Retry the same request before concluding anything about a flag."),
        ("pitfall", "fs.read_file", ".nrepl-port", None,
         "There is never a running nREPL on this machine: `.nrepl-port` does not exist. Evaluate with `clojure -M:dev -e ...` instead of trying to reach a REPL."),
    ],
    82: [
        ("rule", "shell.run", "pio", None,
         "`pio test` without an env also tries the embedded s3-node env, which needs an upload port (no board here). Run unit tests as `pio test -e native [-f test_x]`."),
        ("pitfall", "shell.run", "esptool.py", None,
         "No board is attached to the build server: esptool.py (chip_id, read_flash, erase_flash) can never open /dev/ttyACM0 here. Hardware steps need a developer's desk."),
        ("playbook", "fs.write_file", "lib", ["fs.write_file", "shell.run", "git.add", "git.commit"],
         "A new sensor driver: write lib/<Name>/<Name>.cpp (+ .h), build with `pio run -e s3-node`, stage the lib folder, commit."),
        ("weak_link", "http.get", "gh-node-07.local", None,
         "The greenhouse test node gh-node-07.local answers its HTTP status/OTA endpoints only about half the time (timeouts, resets, mDNS misses, 503 while busy). Retry before concluding the node is down."),
        ("playbook", "fs.edit_file", "version.h", ["fs.edit_file", "git.add", "git.commit", "shell.run"],
         "A firmware release: bump FW_VERSION in include/version.h, stage it, commit, then `git tag -a fw-X.Y.Z`."),
    ],
    83: [
        ("rule", "shell.run", "deno", None,
         "Bare `deno test` stops on missing --allow-read/--allow-env permissions; run `deno task test` (the task carries the permission flags)."),
        ("pitfall", "shell.run", "gh", None,
         "The GitHub CLI is not logged in on this machine: `gh release create`, `gh pr create`, `gh run list` always fail. Leave releases and PRs to a developer."),
        ("playbook", "fs.edit_file", "publish", ["fs.edit_file", "shell.run", "git.add", "git.commit"],
         "A JSR release: bump \"version\" in deno.json, `deno publish --dry-run`, stage deno.json, commit."),
        ("weak_link", "http.get", "wickerwren.deno.dev", None,
         "The Deno Deploy docs preview (wickerwren.deno.dev) is flaky: 502/504, cold-start timeouts, resets. Retry before calling the docs broken."),
        ("pitfall", "fs.edit_file", "schema.ts", None,
         "src/generated/schema.ts is generated read-only: editing it fails with EACCES every time. Change schema/*.json and run `deno task gen`."),
    ],
    84: [
        ("weak_link", "http.get", "git.fenlab.example.org", None,
         "The lab GitLab API (git.fenlab.example.org: pipelines, jobs) is unreliable from the agent's machine: 502, timeouts, 429. Retry before reporting CI state."),
        ("pitfall", "shell.run", "matlab", None,
         "No MATLAB licence reaches this machine: `matlab -batch ...` always fails at licence checkout. Run everything with octave-cli."),
        ("rule", "shell.run", "octave-cli", None,
         "The MOxUnit runner is not on Octave's path by default: run tests as `octave-cli --path deps/MOxUnit/MOxUnit --eval \"moxunit_runtests tests ...\"`."),
        ("playbook", "fs.edit_file", "mkoctfile", ["fs.edit_file", "shell.run", "git.add"],
         "Changing a MEX kernel: edit src/mex/<name>.c, rebuild with `mkoctfile --mex -o private/<name> src/mex/<name>.c`, stage source and binary."),
        ("weak_link", "fs.list_directory", "fenlab-data", None,
         "Listing the shared recordings drive /mnt/fenlab-data fails about half the time (stale file handle, I/O error, host down). Retry before saying a recording is missing."),
    ],
}

NOTES = {
    81: "Queries are raw speech-to-text transcripts of one dictated step, written from profiles.md before the journal. p1 queries ask for babashka tasks; p2 for test runs (the lesson is the alias pair); p5 for REPL evaluation. Negatives 1-3 are traps close in topic (bb.edn explained, the dev test-system namespace documented, a README paragraph on flag naming). `clojure` is used successfully throughout, so only test runs need p2.",
    82: "Queries are raw speech-to-text transcripts of one dictated step, written from profiles.md before the journal. p2 queries ask for hardware steps that need a board; p4 for the test node's status or OTA endpoint. Negatives 1-3 are traps (the native env explained, flashing documented for humans, version.h macros explained). j82-p3 and j82-p5 share git.add/git.commit in different orders; j82-p1 and j82-p3 share `pio`.",
    83: "Queries are raw speech-to-text transcripts of one dictated step, written from profiles.md before the journal; Deno is mostly heard as 'dino', JSR as 'jay sir', GitHub as 'get hub'. Negatives 1-3 are traps (deno.json tasks explained, schema generation documented, release notes drafted without publishing). j83-p1 and j83-p3 share `deno`.",
    84: "Queries are raw speech-to-text transcripts of one dictated step, written from profiles.md before the journal; MATLAB heard as 'mat lab', MOxUnit as 'mocks unit', mkoctfile as 'make oct file', MEX as 'max'. Two weak links: an HTTP host and an ability-wide fs.list_directory (every listing is on the share; anchor is a path component). Negatives 1-3 are traps (the compat shims explained, a CI badge, a loader function written but not run).",
}
