"""Planted lessons, queries and negatives of journals 65..68 (fresh18), inline.

Queries are what the coding agent writes to itself just before a step (its plan line),
in a later session; negatives are such plan lines for other steps of the same project
(the first three close in topic to a planted lesson, the other five unrelated).
"""

def q(pid, *texts):
    return [{"q": t, "planted_id": pid} for t in texts]


TRUTH = {}

TRUTH[65] = {
    "project": "gullwing: a Perl 5.36 tool that builds mailing-list digests (lib/Gullwing/*.pm, bin/gullwing, "
               "templates/*.tt, t/*.t run with prove, a pre-commit hook running perl -c, cpanfile deps provided as "
               "Debian packages, a HyperKitty archive API at lists.fenwick-hosting.net); one developer's agent, "
               "six working days",
    "planted": [
        {"id": "j65-p1", "kind": "rule", "ability": "shell.run", "anchor": "prove",
         "description": "The modules live in lib/ and nothing puts lib on @INC: a bare `prove t/` fails in every test "
                        "file with Can't locate Gullwing/Digest.pm in @INC. Run the tests as `prove -l t/` (or "
                        "`prove -lr t`, `prove -lv t/FILE.t`).",
         "evidence": "`prove t/` fails (exit 1) then `prove -l t/` passes, in s1 and s4; same signature both times"},
        {"id": "j65-p2", "kind": "pitfall", "ability": "shell.run", "anchor": "cpanm",
         "description": "cpanm is not installed on this machine (bash: cpanm: command not found, exit 127), even "
                        "when someone says it is. CPAN modules (Email::MIME, Mail::DKIM) cannot be installed here; "
                        "they come as Debian packages from ops. Work without the module or ask for the package.",
         "evidence": "3 failures in s2 (--installdeps), s3 (Mail::DKIM), s5 (--notest Mail::DKIM), one signature, never succeeds"},
        {"id": "j65-p3", "kind": "playbook", "ability": "fs.write_file", "anchor": "templates",
         "sequence": ["fs.write_file", "shell.run", "git.add", "git.commit"],
         "description": "Adding a digest template: write templates/NAME.tt ({{list}}, {{count}}, {{items}}, "
                        "{{version}}), render it with `perl -Ilib bin/gullwing render --template NAME --sample "
                        "t/data/sample.eml --list LIST`, git add the template, commit.",
         "evidence": "same 4-call segment in s1 (security), s3 (weekly-short), s6 (releases)"},
        {"id": "j65-p4", "kind": "weak_link", "ability": "http.get", "anchor": "lists.fenwick-hosting.net",
         "description": "The HyperKitty archive API at lists.fenwick-hosting.net is unreliable (502 from nginx, 503 "
                        "with Retry-After, 30 s timeouts, connection resets); retrying the same request usually "
                        "works, so retry before concluding a list is empty or broken.",
         "evidence": "10 calls, 5 ok (50%), four different errors, in s1, s3, s5, s6"},
        {"id": "j65-p5", "kind": "pitfall", "ability": "fs.read_file", "anchor": "digest.log",
         "description": "There is no /var/log/gullwing/digest.log: the digest cron job logs through syslog/journald "
                        "on the mail host (unit gullwing-digest, see config/gullwing.conf.example). Reading the file "
                        "fails every time; ask whoever runs the mail host (Ana) or look at the journal there.",
         "evidence": "3 failures (ENOENT) in s2, s4, s6, one signature, never read"},
    ],
    "queries": q("j65-p1",
                 "Next: run the whole test suite to make sure the folded-header change didn't break anything.",
                 "I'll run the Perl tests now, before pushing.",
                 "Before committing, let me run everything under t/ with prove and see what fails.")
               + q("j65-p2",
                   "Plan: get Email::MIME onto this machine so the parser can stop using regexes.",
                   "I need Mail::DKIM for the signature check; next step is installing it from CPAN.",
                   "Next: bring in the Perl dependencies listed in the cpanfile.")
               + q("j65-p3",
                   "Next step: add a digest template for the incidents list and check that it renders.",
                   "I'll create templates/oncall.tt now, then render it against the sample message.",
                   "Now write the new template the support team asked for and get it committed.")
               + q("j65-p4",
                   "Next: pull the thread list for ops-announce from the HyperKitty archive.",
                   "I'll query the list archive API to see when infra-announce last had a post.",
                   "Let me fetch the latest threads from the mailing-list archive to get their ids.")
               + q("j65-p5",
                   "Next: look at the digest cron job's log to see why this morning's mail didn't go out.",
                   "I'll open the digest log file to check whether last night's run happened.",
                   "First the logs of the scheduled digest run, then I'll decide what to fix."),
    "negatives": [
        "I'll document the template placeholders ({{list}}, {{count}}, {{items}}) in the README.",
        "Let me read the cpanfile and list which modules the code really uses.",
        "Next: describe each setting of config/gullwing.conf.example for the ops wiki.",
        "Now rename Gullwing::Mbox::parse_eml to parse_message and update its callers.",
        "Next: bump the version in lib/Gullwing.pm to 0.9.4 and add a Changes entry.",
        "I'll write a short summary of this week's commits for the standup.",
        "Let me draft the reply to Ana about the certificate rotation window.",
        "Next: split Digest::render into a formatting helper so it is easier to read.",
    ],
    "notes": [
        "Every failure text is real: the spec was replayed with capture.py in a throwaway repository under /tmp "
        "(Perl 5.36, prove, git with a bare origin and the perl -c pre-commit hook); only http.get answers are invented.",
        "Noise below thresholds: one Can't locate Email/MIME.pm (s2), one pre-commit refusal fixed at once (s5).",
        "j65-p1 and j65-p3 both use shell.run with Perl; the playbook renders with `perl -Ilib`, which always works.",
    ],
}

TRUTH[66] = {
    "project": "cedarbooks: a bookkeeping CLI for a small shop in Python 3.11 on SQLite (data/books.db, "
               "migrations/NNN_*.sql applied by `make migrate` through scripts/migrate.sh and the sqlite3 CLI, pytest "
               "with pytest.ini, a bank-sync daemon writing to the same database, scripts/backup-nas.sh, the bank's "
               "sandbox API at sandbox.northbank-api.com); one developer's agent, six working days",
    "planted": [
        {"id": "j66-p1", "kind": "rule", "ability": "shell.run", "anchor": "sqlite3",
         "description": "The bank-sync daemon holds write transactions on data/books.db every few seconds, so a plain "
                        "`sqlite3 data/books.db \"...\"` often fails at once with database is locked (5). Give the "
                        "CLI a busy timeout: `sqlite3 -cmd \".timeout 5000\" data/books.db \"...\"`.",
         "evidence": "locked failure then success with -cmd \".timeout 5000\" in s2 (Stripe balance) and s5 (csv balances)"},
        {"id": "j66-p2", "kind": "pitfall", "ability": "shell.run", "anchor": "backup-nas.sh",
         "description": "./scripts/backup-nas.sh cannot work on this machine: rsync is not installed, so it dies "
                        "(exit 127) after writing the local snapshot. Don't run it here; the NAS backup has to be "
                        "done from the office box (or rsync installed there by ops).",
         "evidence": "3 failures in s1, s3, s6, one signature, never succeeds"},
        {"id": "j66-p3", "kind": "playbook", "ability": "fs.write_file", "anchor": "migrations",
         "sequence": ["fs.write_file", "shell.run", "git.status", "git.add"],
         "description": "A schema change: write migrations/NNN_name.sql (next free number), apply it with "
                        "`make migrate DB=data/books.db`, check git status, stage the migration (committed with the "
                        "code that uses it).",
         "evidence": "same 4-call segment in s1 (payees), s3 (reconciled_at), s5 (tags)"},
        {"id": "j66-p4", "kind": "weak_link", "ability": "http.get", "anchor": "sandbox.northbank-api.com",
         "description": "The bank's sandbox API (sandbox.northbank-api.com/v2) fails often: 504 and 502, 503 during "
                        "maintenance, 30 s timeouts, connection resets. Retry the same request before concluding "
                        "data is missing.",
         "evidence": "10 calls, 5 ok (50%), five different errors, in s2, s3, s5, s6"},
        {"id": "j66-p5", "kind": "rule", "ability": "shell.run", "anchor": "pytest",
         "description": "A bare `pytest` at the repository root also collects scratch/test_old_import.py, which "
                        "imports the long-gone cedarbooks_legacy, and the run aborts during collection. Run "
                        "`pytest tests/` (or `make test`).",
         "evidence": "`pytest` fails (exit 2, collection error) then `pytest tests/` passes, in s2 and s4"},
    ],
    "queries": q("j66-p1",
                 "Next: query the books database for this month's total on the Checking account.",
                 "I'll pull the per-account balances straight from data/books.db in the sqlite3 shell.",
                 "Let me count the unreconciled transactions in the database before answering.")
               + q("j66-p2",
                   "Next: take the backup to the NAS before the end of the day.",
                   "I'll run the office backup script now that the migration is in.",
                   "Before touching the schema, make an off-site copy of the books.")
               + q("j66-p3",
                   "Next: add a schema change for an invoices table and apply it.",
                   "I'll write migration 007 for a category column and run it against the local database.",
                   "Now create the SQL file for the new budgets table, apply it and stage it.")
               + q("j66-p4",
                   "Next: fetch the checking account's transactions from the bank's sandbox API.",
                   "I'll check whether the bank sandbox still has our webhook registered.",
                   "Let me compare the imported CSV with what the Northbank API returns for those days.")
               + q("j66-p5",
                   "Next: run the test suite to make sure everything is still green.",
                   "I'll run all the tests now, then commit.",
                   "Quick sanity check with pytest before I push the reconcile change."),
    "negatives": [
        "I'll explain in the README what scripts/migrate.sh does with the schema_version table.",
        "Let me read the NAS backup script and describe what it copies and where.",
        "Next: write a unit test for the month filter in tests/test_report.py; I'll leave running it to CI.",
        "Next: add a --json flag to the balance subcommand.",
        "I'll tidy the argparse help texts in cedarbooks/cli.py.",
        "Let me draft the changelog entry for 0.4.2.",
        "Next: reply to Priya about which column order her CSV export should use.",
        "I'll write docstrings for the functions in cedarbooks/db.py.",
    ],
    "notes": [
        "Every failure text is real: the spec was replayed with capture.py in a throwaway repository under /tmp "
        "(Python 3.11, pytest 9, sqlite3 3.40, make, git); the daemon's lock is a real Python process holding "
        "BEGIN EXCLUSIVE for 3.5 s (a hidden step), so the .timeout retry really waited. Only http.get is invented.",
        "Noise below thresholds: one failing assertion in tests/test_reconcile.py fixed at once (s3), one migration "
        "refused by a UNIQUE constraint, fixed by deleting the duplicate and re-running make migrate (s4).",
        "j66-p1 and j66-p3 both touch the database; the playbook goes through make (scripts/migrate.sh), which never "
        "met the lock. j66-p5 and the Makefile's `make test` both run pytest; `make test` never fails.",
    ],
}

TRUTH[67] = {
    "project": "loomkit: a Node 20 ESM command-line scaffolder in plain JavaScript (bin/loom.js, src/commands/*.js, "
               "node:test, npm scripts, package-lock.json with local file: packages under packages/, a lint "
               "pre-commit hook, CHANGELOG.md, a Prism mock of the template registry meant to run in Docker, the "
               "registry at templates.loomkit.dev); a developer's agent in a team of three, six working days",
    "planted": [
        {"id": "j67-p1", "kind": "rule", "ability": "shell.run", "anchor": "npm",
         "description": "Teammates add local packages (packages/*, file: dependencies) to package.json without "
                        "updating package-lock.json, so `npm ci` after a pull refuses (EUSAGE: package.json and "
                        "package-lock.json not in sync, Missing: @loomkit/... from lock file). Run `npm install` "
                        "(works offline for file: deps) and commit the updated lockfile.",
         "evidence": "`npm ci` fails (exit 1) then `npm install` succeeds, in s1 (@loomkit/render) and s4 (@loomkit/fmt)"},
        {"id": "j67-p2", "kind": "pitfall", "ability": "shell.run", "anchor": "docker",
         "description": "There is no Docker daemon on this machine (Cannot connect to the Docker daemon at "
                        "unix:///var/run/docker.sock, exit 125), so the Prism mock of the template registry cannot be "
                        "started here, whatever a teammate says. Use the bundled templates/ or the real registry.",
         "evidence": "3 failures of `docker run ... stoplight/prism:5 mock` in s2, s3, s5, one signature, never succeeds"},
        {"id": "j67-p3", "kind": "playbook", "ability": "fs.edit_file", "anchor": "commands",
         "sequence": ["fs.edit_file", "shell.run", "git.diff"],
         "description": "Changing a CLI command: edit src/commands/NAME.js, run `node --test test/`, review "
                        "`git diff` of that file (committed later with other work).",
         "evidence": "same 3-call segment in s1 (list), s3 (init --force), s6 (new refuses spaces)"},
        {"id": "j67-p4", "kind": "weak_link", "ability": "http.get", "anchor": "templates.loomkit.dev",
         "description": "The template registry (templates.loomkit.dev/v1) is flaky: 502 from CloudFront, 503, 500 "
                        "from its storage backend, 10 s timeouts. Retry the same request before concluding a "
                        "template is missing.",
         "evidence": "11 calls, 5 ok (45%), four different errors, in s1, s3, s4, s5, s6"},
        {"id": "j67-p5", "kind": "playbook", "ability": "shell.run", "anchor": "CHANGELOG",
         "sequence": ["shell.run", "fs.edit_file", "git.add", "git.commit"],
         "description": "Cutting a release: `npm version patch --no-git-tag-version`, add a `## X.Y.Z - date` "
                        "section to CHANGELOG.md, stage package.json, package-lock.json and CHANGELOG.md, commit "
                        "`release X.Y.Z`.",
         "evidence": "same 4-call segment in s2 (0.3.1), s4 (0.3.2), s6 (0.3.3)"},
    ],
    "queries": q("j67-p1",
                 "Next: install the dependencies after pulling the latest main.",
                 "I'll do a clean install of node_modules before running the tests.",
                 "Fresh pull of the branch; set up the packages first.")
               + q("j67-p2",
                   "Next: bring up the Prism mock of the template registry locally.",
                   "I'll start the mock server container so loom new can be tried against it.",
                   "Spin up the local registry mock before testing the download path.")
               + q("j67-p3",
                   "Next: change the list command to hide templates whose names start with an underscore, then run the tests.",
                   "I'll add a --dry-run option to loom new and check it with the test runner.",
                   "Now make src/commands/init.js take the default name from the folder and look at the diff.")
               + q("j67-p4",
                   "Next: fetch the metadata of the docs-site template from the registry.",
                   "I'll check whether the loomkit template registry is serving its index right now.",
                   "Let me download the blog template's file list from the remote registry.")
               + q("j67-p5",
                   "Next: cut release 0.3.4 and note what changed.",
                   "I'll bump the patch version and write the release notes for it.",
                   "Time to publish a new version with the --json change in the notes."),
    "negatives": [
        "I'll reformat CHANGELOG.md so the older entries use the same heading style.",
        "Let me read the manifest's scripts section and explain each npm script to the new teammate.",
        "Next: read scripts/lint.js and list the rules it enforces.",
        "Let me document in the README which templates ship in templates/.",
        "I'll write onboarding notes for Ines about the packages/ folder.",
        "I'll reply to Sam's review comment about the wording of the error message.",
        "Next: draft the issue describing the Windows path problem in new.js.",
        "I'll summarise today's commits for the team channel.",
    ],
    "notes": [
        "Every failure text is real: the spec was replayed with capture.py in a throwaway repository under /tmp "
        "(Node 20.20, npm 11, git with a pre-commit hook running the lint script, the docker CLI without a daemon); "
        "teammates' commits are hidden steps. Only http.get is invented.",
        "Noise below thresholds: one ERR_MODULE_NOT_FOUND (an import without .js) fixed at once (s4), one pre-commit "
        "refusal for trailing whitespace fixed at once (s5).",
        "j67-p1 and j67-p5 both run npm (`npm version` never fails); j67-p3 and j67-p5 both edit and commit; their "
        "queries must not pull each other in only by the program.",
    ],
}

TRUTH[68] = {
    "project": "ferrule: a Java 17 library and CLI that turns payment CSVs into a bank's fixed-width records, built "
               "with a plain Makefile and javac into build/classes (no Maven/Gradle), layouts/*.layout, expected "
               "fixtures under src/test/resources/expected, an assert-based TestMain, an integration database "
               "(ferrule_it) that exists on CI only, an internal Nexus at nexus.corp-ferrule.net, a shared origin "
               "where a teammate (Marta) pushes; six working days",
    "planted": [
        {"id": "j68-p1", "kind": "rule", "ability": "shell.run", "anchor": "java",
         "description": "`make compile` puts the classes in build/classes, not build: `java -cp build "
                        "com.ferrule.cli.Main ...` fails with Could not find or load main class. Run the CLI as "
                        "`java -cp build/classes com.ferrule.cli.Main render LAYOUT CSV` (or the jar from `make jar`).",
         "evidence": "fail then fix with -cp build/classes in s1 (refund layout) and s4 (payment layout)"},
        {"id": "j68-p2", "kind": "pitfall", "ability": "shell.run", "anchor": "psql",
         "description": "There is no PostgreSQL on this machine: the integration database ferrule_it lives on CI, so "
                        "`psql -h localhost -U ferrule -d ferrule_it` is refused on port 5432 every time. Don't try; "
                        "check against the sample CSV or ask for a CI run.",
         "evidence": "3 failures in s2, s3, s6, one signature, never succeeds"},
        {"id": "j68-p3", "kind": "playbook", "ability": "fs.edit_file", "anchor": "layouts",
         "sequence": ["fs.edit_file", "shell.run", "fs.read_file"],
         "description": "Changing a record layout: edit layouts/NAME.layout (field width [right]), `make fixtures` "
                        "(regenerates src/test/resources/expected/*.txt from the sample CSV), read the regenerated "
                        "expected/NAME.txt to check the padding.",
         "evidence": "same 3-call segment in s1 (IBAN 34), s3 (refund reason), s5 (amount 15)"},
        {"id": "j68-p4", "kind": "weak_link", "ability": "http.get", "anchor": "nexus.corp-ferrule.net",
         "description": "The internal Nexus (nexus.corp-ferrule.net) is unreliable: 502, 503 in read-only "
                        "maintenance, 30 s timeouts, connection resets. Retry the same request before concluding an "
                        "artifact is missing.",
         "evidence": "9 calls, 4 ok (44%), four different errors, in s1, s3, s4, s5, s6"},
        {"id": "j68-p5", "kind": "rule", "ability": "shell.run", "anchor": "git",
         "description": "Marta pushes to main often, so with a local unpushed commit `git pull --ff-only` aborts "
                        "(Not possible to fast-forward). Use `git pull --rebase`, then push.",
         "evidence": "`git pull --ff-only` fails (exit 128) then `git pull --rebase` succeeds, in s2 and s5"},
    ],
    "queries": q("j68-p1",
                 "Next: run the CLI on the sample CSV with the payment layout and look at the padding.",
                 "I'll invoke the CLI's main class directly to render the refund file.",
                 "Let me run the compiled renderer by hand to see what the bank would get.")
               + q("j68-p2",
                   "Next: check the refunds table in the integration database.",
                   "I'll query the IT Postgres to compare real rows with our output.",
                   "Before releasing, run the layout against the payments in the test DB.")
               + q("j68-p3",
                   "Next: widen the name field in the payment layout to 30 and regenerate the expected output.",
                   "I'll add a currency column to layouts/refund.layout and check the fixture.",
                   "Now change the date field to 10 characters and look at the regenerated fixture.")
               + q("j68-p4",
                   "Next: see whether ferrule-core 2.5.0 has been published to our Maven repository.",
                   "I'll fetch the maven-metadata.xml of ferrule-core from Nexus.",
                   "Let me download the ferrule-core pom to check its dependencies.")
               + q("j68-p5",
                   "Next: get Marta's latest commits from origin before I start on the layout.",
                   "I'll update my local main with what's on the remote.",
                   "First bring the branch up to date, then push my commit."),
    "negatives": [
        "Next: document the layout file format (field, width, right) in the README.",
        "I'll explain the Makefile targets to Marta in a short note.",
        "Let me read CHANGES.md and summarise what went into 1.2.4.",
        "Next: rename Record.pad to padField and update the callers.",
        "I'll write a Javadoc comment for Layout.load.",
        "Let me reply to the bank's question about the date format.",
        "Next: add an .editorconfig with 4-space indentation for Java.",
        "I'll make a list of open questions for Monday's planning.",
    ],
    "notes": [
        "Every failure text is real: the spec was replayed with capture.py in a throwaway repository under /tmp "
        "(OpenJDK 17 javac/java/jar, make, psql client without a server, git with a bare origin); Marta's pushes "
        "are hidden steps (a second clone committing and pushing). Only http.get is invented.",
        "j68-p1 and j68-p3 both run the renderer; the playbook goes through `make fixtures`, which uses the right "
        "class path, so it never fails. j68-p5 is keyed on the program git in shell.run; `git push` and `git log` "
        "through the shell always succeed.",
    ],
}
