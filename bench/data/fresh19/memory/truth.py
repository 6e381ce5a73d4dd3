"""Planted lessons (from briefs.md), project lines and notes of the fresh19 truth files."""

PROJECTS = {
    69: "ledgerwick: a Java 21 / Spring Boot 3.3 service reconciling card-payment settlements against bank statements; "
        "Maven wrapper (./mvnw), JUnit 5, Flyway migrations on PostgreSQL 16 (a shared dev database on the dev VM), "
        "Spotless (google-java-format), Jib images, the bank's sandbox API (sandbox.openbank-hub.eu); the dev VM has no Docker daemon",
    70: "oakhollow-debs: a Debian packaging repository (debian/ trees of six internal packages for bookworm), "
        "dpkg-buildpackage, dch, lintian, reprepro publishing to the internal apt repository apt.oakhollow.net, "
        "CI build logs on buildd.oakhollow.net; a workstation without root, chroots or the release signing key",
    71: "saltmarsh-book: a LaTeX textbook for a university press; LuaLaTeX via latexmk (.latexmkrc sends output to build/), "
        "biblatex/biber, TikZ/pgfplots figures, SVG diagrams, makeindex with a house style, a Makefile, the publisher's "
        "proofs portal (proofs.hartwellpress.com); a headless build machine",
    72: "sparsesketch: a Julia 1.11 package (SparseSketch.jl) of randomized sketching solvers for sparse least squares; "
        "Pkg tests (threaded solver tests), Documenter, JuliaFormatter, an internal registry maintained with LocalRegistry, "
        "a benchmark tracker (perf.quarrylab.net); juliaup cannot download from this network",
}

PLANTED = {
    69: [
        {"id": "j69-p1", "kind": "pitfall", "ability": "shell.run", "anchor": "docker",
         "description": "There is no Docker daemon on the dev VM: `docker compose up`, `docker run`, `docker info` (and so Testcontainers) all fail. Don't try to start containers here; use the shared dev database (psql -h devdb.ledgerwick.internal) instead.",
         "evidence": "4 failures in s1, s3, s4, s6, one signature; no docker success anywhere"},
        {"id": "j69-p2", "kind": "rule", "ability": "shell.run", "anchor": "mvnw",
         "description": "A Maven build (`./mvnw package` / `verify`) stops at the Spotless check when any file is unformatted; run `./mvnw spotless:apply`, then build again.",
         "evidence": "fail then `./mvnw spotless:apply` and a green build in s2 (package) and s5 (verify)"},
        {"id": "j69-p3", "kind": "playbook", "ability": "fs.write_file", "anchor": "migration",
         "sequence": ["fs.list_directory", "fs.write_file", "shell.run", "git.add"],
         "description": "A database change: list src/main/resources/db/migration for the last version, write the next V<n>__*.sql, `./mvnw -q flyway:migrate -Dflyway.configFiles=flyway-dev.conf` against the dev database, stage the migration.",
         "evidence": "same 4-call segment in s1 (V14), s3 (V15), s6 (V16)"},
        {"id": "j69-p4", "kind": "weak_link", "ability": "http.get", "anchor": "sandbox.openbank-hub.eu",
         "description": "The bank's sandbox API (statements) is flaky: 502/503/504, read timeouts, 429 rate limits. Retry the same request before concluding anything.",
         "evidence": "11 calls, 5 ok (45%), five different errors"},
        {"id": "j69-p5", "kind": "rule", "ability": "http.get", "anchor": "localhost",
         "description": "The running app serves its actuator endpoints (health, info, metrics) on the management port 8081; on 8080 (the API port) they are 404.",
         "evidence": "404 on localhost:8080/actuator/... then success on localhost:8081 in s3 (health) and s5 (info)"},
    ],
}

NOTES = {
    69: "Queries were written from the project brief alone (briefs.md), before the journal existed; the journal was then "
        "written from the brief. j69-p2 queries ask for an ordinary build: the lesson matters because of the Spotless gate. "
        "j69-p5 queries ask about the running app's health, metrics or Flyway state, never name a port. Negatives 1-4 are close "
        "in topic (Jib config, documenting migrations, the bank client's OAuth, a test written but not run).",
}

PLANTED[70] = [
    {"id": "j70-p1", "kind": "playbook", "ability": "shell.run", "anchor": "dch",
     "sequence": ["fs.read_file", "shell.run", "git.diff", "git.commit"],
     "description": "A new package version: read <pkg>/debian/changelog, add the entry with `dch -v <version> -D bookworm \"...\"` in the package directory, look at the diff, commit.",
     "evidence": "same 4-call segment in s1 (oak-agent 2.4.1-1), s3 (oakctl 1.9.0-1), s5 (oak-config 0.9.4-1)"},
    {"id": "j70-p2", "kind": "pitfall", "ability": "shell.run", "anchor": "sbuild",
     "description": "sbuild cannot work on this workstation: there is no bookworm chroot and no root to create one (sbuild-createchroot, schroot -l is empty). Don't try; build with dpkg-buildpackage or leave the clean build to CI.",
     "evidence": "5 failures in s1, s2, s3, s5, s6, one signature; no sbuild success anywhere"},
    {"id": "j70-p3", "kind": "rule", "ability": "shell.run", "anchor": "dpkg-buildpackage",
     "description": "dpkg-buildpackage fails at the signing step here (the release key is not on the workstation); always build unsigned with `dpkg-buildpackage -us -uc -b`. CI signs.",
     "evidence": "fail with `dpkg-buildpackage -b`, then `-us -uc -b` succeeds, in s2 (oak-metrics) and s4 (oak-config)"},
    {"id": "j70-p4", "kind": "playbook", "ability": "shell.run", "anchor": "reprepro",
     "sequence": ["fs.list_directory", "shell.run", "http.get"],
     "description": "Putting a built .deb into staging: list the build output directory, `reprepro -b /srv/apt includedeb bookworm-staging <deb>`, fetch the bookworm-staging Packages index from apt.oakhollow.net to confirm.",
     "evidence": "same 3-call segment in s2 (oak-metrics), s4 (oak-config), s6 (oak-agent)"},
    {"id": "j70-p5", "kind": "weak_link", "ability": "http.get", "anchor": "buildd.oakhollow.net",
     "description": "The CI build-log server buildd.oakhollow.net is flaky: 502/503/504, connection resets, read timeouts. Retry the same request before concluding a build failed.",
     "evidence": "12 calls, 5 ok (42%), five different errors"},
]

NOTES[70] = ("Queries were written from the project brief alone (briefs.md), before the journal existed. j70-p3 queries ask "
             "for an ordinary local build; the lesson matters only because the signing key is missing here. j70-p1 and "
             "j70-p4 are both playbooks over shell.run (dch vs reprepro). Negatives 1-4 are close in topic (debian/rules "
             "explained, a lintian override question, the apt suites documented, debian/control reviewed).")

PLANTED[71] = [
    {"id": "j71-p1", "kind": "rule", "ability": "shell.run", "anchor": "latexmk",
     "description": "The book only builds with LuaLaTeX (fontspec): `latexmk -pdf main.tex` fails at once; always build with `latexmk -lualatex main.tex`.",
     "evidence": "`latexmk -pdf` fails, then `latexmk -lualatex` succeeds, in s1 (whole book) and s4 (after a font change)"},
    {"id": "j71-p2", "kind": "pitfall", "ability": "shell.run", "anchor": "inkscape",
     "description": "Inkscape cannot run on this headless machine (no display), so SVG figures cannot be converted with it here; use `rsvg-convert -f pdf` or commit the SVG and let the figures CI job convert it.",
     "evidence": "5 failures in s2, s3 (two), s5, s6, one signature; no inkscape success anywhere"},
    {"id": "j71-p3", "kind": "playbook", "ability": "shell.run", "anchor": "makeindex",
     "sequence": ["fs.edit_file", "shell.run", "git.diff", "git.add"],
     "description": "Index work: add the \\index{...} entries in the chapter, `makeindex -s style/saltmarsh.ist -o build/main.ind build/main.idx`, look at the diff, stage the chapter.",
     "evidence": "same 4-call segment in s1 (ch04), s3 (ch06), s5 (ch07)"},
    {"id": "j71-p4", "kind": "weak_link", "ability": "http.get", "anchor": "proofs.hartwellpress.com",
     "description": "The publisher's proofs portal API is flaky: 502/503/504, read timeouts, expired sessions (401). Retry before reporting anything to the editor.",
     "evidence": "9 calls, 4 ok (44%), five different errors"},
    {"id": "j71-p5", "kind": "rule", "ability": "fs.read_file", "anchor": "main.log",
     "description": ".latexmkrc sends all output to build/: the log is build/main.log (and the PDF build/main.pdf), not main.log in the repository root.",
     "evidence": "ENOENT on main.log, then build/main.log is read, in s2 and s5"},
]

NOTES[71] = ("Queries were written from the project brief alone (briefs.md), before the journal existed. j71-p1 queries ask "
             "for an ordinary build; j71-p5 queries ask about warnings, undefined citations or the page count, never name "
             "the build directory. Negatives 1-4 are close in topic (pgfplots styles explained, SVG naming documented, the "
             "Makefile commented, a reply to the copy editor).")

PLANTED[72] = [
    {"id": "j72-p1", "kind": "pitfall", "ability": "shell.run", "anchor": "juliaup",
     "description": "juliaup cannot download other Julia versions from this network (the version db request times out), so testing on Julia 1.10 or 1.12-beta cannot be done here; rely on the CI matrix.",
     "evidence": "4 failures in s1, s3, s4, s6, one signature; no juliaup success anywhere"},
    {"id": "j72-p2", "kind": "rule", "ability": "shell.run", "anchor": "julia",
     "description": "The full test suite fails in the threaded solver tests when Julia runs single-threaded; run it as `julia --project --threads=4 -e 'using Pkg; Pkg.test()'`. Filtered test runs are fine.",
     "evidence": "plain Pkg.test() fails, then `--threads=4` passes, in s2 and s5"},
    {"id": "j72-p3", "kind": "playbook", "ability": "shell.run", "anchor": "LocalRegistry",
     "sequence": ["fs.edit_file", "git.add", "git.commit", "shell.run"],
     "description": "A release into the internal registry: bump `version` in Project.toml, stage it, commit `Release vX.Y.Z`, then `julia --project -e 'using LocalRegistry; register(registry=\"QuarryRegistry\", push=true)'`.",
     "evidence": "same 4-call segment in s1 (0.6.1), s3 (0.6.2), s6 (0.7.0)"},
    {"id": "j72-p4", "kind": "weak_link", "ability": "http.get", "anchor": "perf.quarrylab.net",
     "description": "The benchmark tracker perf.quarrylab.net is flaky: 502/503, read timeouts, expired tokens (401). Retry the same request before trusting a failure.",
     "evidence": "9 calls, 4 ok (44%), four different errors"},
    {"id": "j72-p5", "kind": "playbook", "ability": "shell.run", "anchor": "JuliaFormatter",
     "sequence": ["shell.run", "git.diff", "git.add", "git.commit"],
     "description": "Before a PR: `julia -e 'using JuliaFormatter; format(\".\")'`, read the diff, stage the formatted files, commit the formatting separately.",
     "evidence": "same 4-call segment in s2, s4, s5"},
]

NOTES[72] = ("Queries were written from the project brief alone (briefs.md), before the journal existed. j72-p2 is keyed on "
             "`julia`, which the journal also uses successfully for the registry, formatter, docs and benchmarks; only the "
             "full test suite needs the lesson. j72-p3 and j72-p5 are both playbooks ending in git and shell.run calls in "
             "different orders. Negatives 1-4 are close in topic (compat explained, a docstring, the benchmark suite "
             "documented, an author added to Project.toml).")
