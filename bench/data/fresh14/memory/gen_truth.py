#!/usr/bin/env python3
"""Regenerates journal-51..53.truth.json byte-for-byte (standard library only).

Queries are lines of the team's stand-up notes about that day's work; they name
the work or the area, never the lesson, and never quote error text.  Negatives
are stand-up lines too; the first three of each list are traps that share work
words with a lesson that does not apply to them.
"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))

TRUTH = {
    51: {
        "planted": [
            {"id": "j51-p1", "kind": "pitfall", "ability": "shell.run", "anchor": "docker",
             "description": "Building the static release image (docker build -f Dockerfile.static, which runs shards build --static on Alpine) fails at the same step every time; retrying with --no-cache or --progress=plain does not help and it was never fixed.",
             "evidence": "3 failures, sessions s2, s4, s5; signature 'ERROR: failed to solve: process <Q> did not complete successfully: exit code: <N>'; no docker success anywhere"},
            {"id": "j51-p2", "kind": "pitfall", "ability": "fs.read_file", "anchor": ".env.production",
             "description": "There is no .env.production in the tidepool checkout; reading it fails every time. Production settings live in config/deploy.yml.",
             "evidence": "3 failures, sessions s1, s3, s6; signature 'ENOENT: no such file or directory, open <Q>'; never read successfully"},
            {"id": "j51-p3", "kind": "rule", "ability": "shell.run", "anchor": "crystal",
             "description": "crystal spec without DATABASE_URL connects to localhost:5432 and is refused; the test database runs on port 55432, so run specs as DATABASE_URL=postgres://tidepool@localhost:55432/tidepool_test crystal spec ...",
             "evidence": "fail then fix with the DATABASE_URL prefix in s1 (spec/ingest_spec.cr) and s3 (spec/utc_spec.cr)"},
            {"id": "j51-p4", "kind": "playbook", "ability": "shell.run", "anchor": "micrate",
             "sequence": ["fs.list_directory", "fs.write_file", "shell.run", "git.add"],
             "description": "Adding a table: list db/migrations, write a timestamped micrate SQL migration, run micrate up against the test database, stage the migration.",
             "evidence": "same 4-call segment in s2 (wave_heights), s4 (battery_levels), s6 (gauge_offsets)"},
            {"id": "j51-p5", "kind": "weak_link", "ability": "http.get", "anchor": "ci.tidepool.dev",
             "description": "The Woodpecker CI API at ci.tidepool.dev is unreliable (502/503/504, timeouts, resets): the same build-status URL fails more often than it answers.",
             "evidence": "10 calls over s1-s5, 4 ok (40%); 6 different error signatures; always the same URL"},
        ],
        "queries": [
            {"q": "today: another go at the static release image for the edge boxes", "planted_id": "j51-p1"},
            {"q": "still on the Alpine container build for tidepool, want it before Friday", "planted_id": "j51-p1"},
            {"q": "hoje: a imagem Docker estática do tidepool para as boias", "planted_id": "j51-p1"},
            {"q": "today: write up the production config for the ops handover", "planted_id": "j51-p2"},
            {"q": "yesterday: deploy notes; today: double-check the prod settings before the release", "planted_id": "j51-p2"},
            {"q": "need the production database settings for the release checklist", "planted_id": "j51-p2"},
            {"q": "today: get the ingest specs green on my machine", "planted_id": "j51-p3"},
            {"q": "yesterday: salinity field; today: specs for the timestamp handling", "planted_id": "j51-p3"},
            {"q": "tänään: tidepoolin spec-testit ajoon omalla koneella", "planted_id": "j51-p3"},
            {"q": "today: new table for buoy humidity readings", "planted_id": "j51-p4"},
            {"q": "plan: store the gauge calibration data in postgres, needs a schema change", "planted_id": "j51-p4"},
            {"q": "yesterday: waves endpoint; today: persistance for wind gusts", "planted_id": "j51-p4"},
            {"q": "waiting on CI for the limiter branch", "planted_id": "j51-p5"},
            {"q": "today: see if the pipeline is green before merging the UTC fix", "planted_id": "j51-p5"},
            {"q": "after lunch: look at the build status for the battery branch", "planted_id": "j51-p5"},
        ],
        "negatives": [
            "today: make the web container in docker-compose restart on its own",
            "today: write the OpenAPI spec document for the /waves endpoint",
            "yesterday: battery endpoint; today: a migration guide section in the README for API v1 users",
            "pairing with Ines on the colours of the buoy map",
            "review the Kemal route names in api.cr",
            "today: README section on units (PSU, metres, volts)",
            "sprint planning, then estimate the alerting story",
            "hoje: arrumar o formato dos logs do handler de ingest",
        ],
        "notes": "Crystal web service 'tidepool' (Kemal, crystal-pg, micrate, ameba, Woodpecker CI). Ability-level http.get is also under 70% (7/13) only because of the planted CI host; the other hosts are 3/3. One-off noise fixed in one session only: ameba lint (s2), edit_file mismatch on ingest.cr (s3), a failing spec fixed by an edit (s4), commit before add (s5), wrong fixture directory (s6).",
    },
    52: {
        "planted": [
            {"id": "j52-p1", "kind": "pitfall", "ability": "shell.run", "anchor": "gi-docgen",
             "description": "Generating the API reference with gi-docgen always fails to find the GObject-2.0 GIR; adding --add-include-path did not help and it was never fixed.",
             "evidence": "3 failures, sessions s1, s3, s5; signature 'ERROR: Unable to find dependency GObject-<N> in the search paths: <P>'; no gi-docgen success"},
            {"id": "j52-p2", "kind": "rule", "ability": "shell.run", "anchor": "meson",
             "description": "meson test aborts when a test reads GSettings because the compiled schemas of the build tree are not installed; run the tests through the dev environment: meson devenv -C _build meson test -C _build ...",
             "evidence": "fail then fix in s2 (full suite) and s5 (--suite settings)"},
            {"id": "j52-p3", "kind": "rule", "ability": "http.get", "anchor": "gitlab.gnome.org",
             "description": "The GNOME GitLab API wants the project path URL-encoded (projects/GNOME%2Fglib); with a plain slash it answers 404 Project Not Found.",
             "evidence": "fail then fix in s2 and s4"},
            {"id": "j52-p4", "kind": "playbook", "ability": "fs.edit_file", "anchor": "libgrain.map",
             "sequence": ["fs.read_file", "fs.edit_file", "shell.run", "git.add"],
             "description": "Making a symbol public: read src/libgrain.map, add the symbol to the version script, run ninja -C _build abi-check, stage the map.",
             "evidence": "same 4-call segment in s1 (grain_buffer_get_peak), s3 (grain_envelope_set_curve), s6 (grain_voice_set_pan)"},
            {"id": "j52-p5", "kind": "weak_link", "ability": "git.status", "anchor": "git.status",
             "description": "git status in the libgrain checkout is flaky (a stale index.lock, timeouts, a ref lock race); it fails more often than it succeeds.",
             "evidence": "10 calls over s1-s6, 5 ok (50%); failure signatures occur at most twice each"},
        ],
        "queries": [
            {"q": "today: publish the API reference for libgrain 0.9", "planted_id": "j52-p1"},
            {"q": "yesterday: envelope curves; today: the docs site for the new symbols", "planted_id": "j52-p1"},
            {"q": "ma: a libgrain API-dokumentációjának elkészítése a 0.9-es kiadáshoz", "planted_id": "j52-p1"},
            {"q": "today: tests for the new grain-size setting", "planted_id": "j52-p2"},
            {"q": "adding a window-function key to the schema, then run the suite", "planted_id": "j52-p2"},
            {"q": "σήμερα: τεστ για τις ρυθμίσεις GSettings του libgrain", "planted_id": "j52-p2"},
            {"q": "today: figure out which GLib release we should require", "planted_id": "j52-p3"},
            {"q": "check the upstream glib tags before bumping our dependency", "planted_id": "j52-p3"},
            {"q": "look up the latest GLib versions on GNOME's GitLab for the release notes", "planted_id": "j52-p3"},
            {"q": "today: make grain_voice_set_pan public", "planted_id": "j52-p4"},
            {"q": "expose the new envelope getter in the public API", "planted_id": "j52-p4"},
            {"q": "yesterday: pan property; today: export grain_buffer_reset for the plugin folks", "planted_id": "j52-p4"},
            {"q": "today: commit the GTask port and push", "planted_id": "j52-p5"},
            {"q": "end of day: see what's still uncommited in the working tree", "planted_id": "j52-p5"},
            {"q": "before the release: make sure my checkout is clean", "planted_id": "j52-p5"},
        ],
        "negatives": [
            "today: write the meson.build for the examples directory",
            "today: fix the wording of the summary strings in the gschema",
            "reading the GLib docs on GTask cancellation tonight",
            "review the Vala bindings merge request",
            "profile grain scheduling with perf, the voice loop looks hot",
            "tänään: triageta Flatpak-käyttäjien uudet bugiraportit",
            "sketch the GrainVoice state machine for the design doc",
            "today: answer the mailing list about real-time safety",
        ],
        "notes": "Meson/GLib C library 'libgrain' (GObject, GSettings, GObject introspection, gi-docgen, GNOME GitLab). The weak link is an ability without a host or file, so its anchor is the ability name. One-off noise fixed in one session only: a failing envelope test (s3), an implicit declaration during the GTask port (s4).",
    },
    53: {
        "planted": [
            {"id": "j53-p1", "kind": "pitfall", "ability": "http.get", "anchor": "canvas.example.edu",
             "description": "The Canvas LMS API rejects the stored access token (401 Invalid access token) for every endpoint tried; grade posting and roster sync never worked and the token was never replaced.",
             "evidence": "3 failures, sessions s1, s3, s5 (assignments and users endpoints); signature 'HTTP <N> Unauthorized: {<Q>:[{<Q>:<Q>}]}'; no success on that host"},
            {"id": "j53-p2", "kind": "rule", "ability": "shell.run", "anchor": "raco",
             "description": "raco test -p gradebox fails with collection not found until the package is linked: raco pkg install --auto --link ./gradebox, then raco test -p gradebox.",
             "evidence": "fail then fix in s1 and s4"},
            {"id": "j53-p3", "kind": "playbook", "ability": "fs.edit_file", "anchor": "CHANGES.md",
             "sequence": ["git.log", "fs.edit_file", "git.add", "git.commit"],
             "description": "Changelog update: read the recent git log, edit CHANGES.md, stage it, commit it on its own.",
             "evidence": "same 4-call segment in s1, s3, s5"},
            {"id": "j53-p4", "kind": "playbook", "ability": "shell.run", "anchor": "new-assignment",
             "sequence": ["fs.read_file", "fs.write_file", "shell.run"],
             "description": "Scaffolding a homework: read assignments/template/info.rkt, write assignments/hwN/info.rkt, run racket -l- gradebox/new-assignment hwN.",
             "evidence": "same 3-call segment in s2 (hw2), s4 (hw3), s6 (hw4)"},
            {"id": "j53-p5", "kind": "weak_link", "ability": "fs.list_directory", "anchor": "coursework",
             "description": "Listing the submissions share /mnt/coursework (sshfs) is unreliable: EIO, timeouts, stale handles, resets; often only a second or third try works.",
             "evidence": "11 calls over s1-s6, 5 ok (45%); failure signatures occur at most twice each"},
        ],
        "queries": [
            {"q": "today: push the hw1 grades into Canvas", "planted_id": "j53-p1"},
            {"q": "sync the student roster from the LMS before the exam", "planted_id": "j53-p1"},
            {"q": "hari ini: muat naik markah hw2 ke Canvas", "planted_id": "j53-p1"},
            {"q": "today: run the whole gradebox test suite on the new lab machine", "planted_id": "j53-p2"},
            {"q": "after pulling main: make sure the autograder tests pass", "planted_id": "j53-p2"},
            {"q": "yesterday: rubric weights; today: full package tests before tagging", "planted_id": "j53-p2"},
            {"q": "today: release notes for gradebox 0.6", "planted_id": "j53-p3"},
            {"q": "update the changelog with this week's work", "planted_id": "j53-p3"},
            {"q": "היום: לעדכן את קובץ השינויים לגרסה 0.6", "planted_id": "j53-p3"},
            {"q": "today: set up homework 5 for next week", "planted_id": "j53-p4"},
            {"q": "scaffold hw6 from the templete", "planted_id": "j53-p4"},
            {"q": "create the skeleton for the recursion assignment", "planted_id": "j53-p4"},
            {"q": "today: grade the hw4 submissions", "planted_id": "j53-p5"},
            {"q": "check which late submissions came in for hw3", "planted_id": "j53-p5"},
            {"q": "วันนี้: ตรวจงานที่นักศึกษาส่งมาของ hw4", "planted_id": "j53-p5"},
        ],
        "negatives": [
            "today: change the colours of the course theme on the Canvas page",
            "today: grade the midterm exams on paper with the TAs",
            "write a raco command that builds the course website",
            "add a tail-recursion check to the style linter",
            "scribble docs for the rubric DSL",
            "office hours prep: examples of higher-order functions",
            "review the TA feedback on the hw2 rubric",
            "fix the DrRacket keybindings in the teaching language config",
        ],
        "notes": "Racket teaching tool 'gradebox' (raco, rackunit, scribble, student submissions on an sshfs share, Canvas LMS). Two playbooks in this journal. One-off noise fixed in one session only: a failing sandbox test fixed by an edit (s2).",
    },
}


def main():
    for n, t in TRUTH.items():
        with open(os.path.join(HERE, "journal-%d.truth.json" % n), "w", encoding="utf-8", newline="\n") as f:
            json.dump(t, f, ensure_ascii=False, indent=2)
            f.write("\n")
        print("journal-%d.truth.json: %d planted, %d queries, %d negatives"
              % (n, len(t["planted"]), len(t["queries"]), len(t["negatives"])))


if __name__ == "__main__":
    main()
