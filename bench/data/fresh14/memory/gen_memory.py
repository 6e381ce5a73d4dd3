#!/usr/bin/env python3
"""Regenerates journal-51..53.jsonl byte-for-byte (truth files are written by gen_truth.py).

j51: a Crystal web service (Kemal + crystal-pg, micrate migrations, ameba, Woodpecker CI).
j52: a Meson/GLib C library (GObject, gi-docgen, GSettings schemas, GNOME GitLab).
j53: a Racket teaching tool (autograder on raco/rackunit, course share mounted over sshfs, Canvas LMS).
Standard library only; timestamps and durations are deterministic.
"""
import calendar
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))


# ---------------------------------------------------------------- event helpers
def P(text):
    return ("progress", text)


def C(organ, ability, args, err=None):
    return ("call", organ, ability, args, err)


def SH(cmd, err=None):
    return C("shell", "run", {"command": cmd}, err)


def RD(path, err=None):
    return C("fs", "read_file", {"path": path}, err)


def WR(path, content, err=None):
    return C("fs", "write_file", {"path": path, "content": content}, err)


def ED(path, old, new, err=None):
    return C("fs", "edit_file", {"path": path, "edits": [{"oldText": old, "newText": new}]}, err)


def LS(path, err=None):
    return C("fs", "list_directory", {"path": path}, err)


def GS(err=None):
    return C("git", "status", {"repo_path": "."}, err)


def GD(target=None, err=None):
    a = {"repo_path": "."}
    if target:
        a["target"] = target
    return C("git", "diff", a, err)


def GA(*files, err=None):
    return C("git", "add", {"repo_path": ".", "files": list(files)}, err)


def GC(msg, err=None):
    return C("git", "commit", {"repo_path": ".", "message": msg}, err)


def GL(n=10, err=None):
    return C("git", "log", {"repo_path": ".", "max_count": n}, err)


def HG(url, err=None):
    return C("http", "get", {"url": url}, err)


DUR = {"read_file": 2.4, "write_file": 3.1, "edit_file": 4.2, "list_directory": 1.8, "run": 2150.0,
       "status": 38.0, "diff": 52.0, "add": 21.0, "commit": 64.0, "log": 31.0, "get": 412.0}


def render(sessions, first_day):
    """sessions: list of event lists (s1..s6), one working day each from first_day (y, m, d)."""
    base = calendar.timegm((first_day[0], first_day[1], first_day[2], 8, 30, 0, 0, 0, 0))
    out = []
    for si, events in enumerate(sessions):
        ts = base + si * 86400 + (si % 3) * 900
        for ei, ev in enumerate(events):
            ts += 37 + ((ei * 53 + si * 29) % 211)  # 37..247 s apart
            rec = {"ts": float(ts), "session": "s%d" % (si + 1), "kind": ev[0]}
            if ev[0] == "progress":
                rec["text"] = ev[1]
            else:
                _, organ, ability, args, err = ev
                rec["organ"] = organ
                rec["ability"] = ability
                rec["args"] = args
                rec["ok"] = err is None
                if err is not None:
                    rec["error"] = err
                d = DUR[ability] * (1 + ((ei * 7 + si) % 9) / 10.0)
                if err is not None and ability == "get":
                    d = 10000.0 if "timeout" in err.lower() else d
                rec["duration_ms"] = round(d, 1)
            out.append(rec)
    return out


# ======================================================================== j51
# Crystal web service "tidepool": ingests buoy telemetry over HTTP (Kemal), stores it in Postgres.
CI51 = "https://ci.tidepool.dev/api/repos/tidepool/tidepool/builds/latest"
DOCKER_ERR = 'ERROR: failed to solve: process "/bin/sh -c shards build --release --static" did not complete successfully: exit code: 1'
ENV_ERR = "ENOENT: no such file or directory, open '/home/dev/tidepool/.env.production'"
PG_ERR = "Unhandled exception: Error connecting to 'localhost:5432': Connection refused (Socket::ConnectError)"
TESTDB = "DATABASE_URL=postgres://tidepool@localhost:55432/tidepool_test "

J51 = [
    [  # s1
        P("add a salinity field to the /ingest endpoint"),
        RD("src/tidepool/ingest.cr"),
        RD("src/tidepool/models/reading.cr"),
        ED("src/tidepool/models/reading.cr", "property temperature : Float64", "property temperature : Float64\n  property salinity : Float64?"),
        ED("src/tidepool/ingest.cr", "temperature: body[\"t\"]", "temperature: body[\"t\"], salinity: body[\"s\"]?"),
        SH("crystal spec spec/ingest_spec.cr", PG_ERR),
        SH(TESTDB + "crystal spec spec/ingest_spec.cr"),
        SH(TESTDB + "crystal spec"),
        SH("crystal tool format src/ spec/"),
        P("see whether CI is green for the salinity branch"),
        HG(CI51, "HTTP 502 Bad Gateway"),
        HG(CI51),
        P("write deploy notes for the salinity release"),
        RD(".env.production", ENV_ERR),
        RD("config/deploy.yml"),
        RD("docs/deploy.md"),
        ED("docs/deploy.md", "## Fields", "## Fields\n- salinity (PSU, optional)"),
        P("commit the salinity change"),
        GS(),
        GA("src/tidepool/ingest.cr", "src/tidepool/models/reading.cr", "docs/deploy.md"),
        GC("ingest: accept optional salinity"),
        GL(5),
    ],
    [  # s2
        P("store wave height readings in their own table"),
        LS("db/migrations"),
        WR("db/migrations/20261124094500_create_wave_heights.sql", "-- +micrate Up\nCREATE TABLE wave_heights (...);"),
        SH(TESTDB + "micrate up"),
        GA("db/migrations/20261124094500_create_wave_heights.sql"),
        P("model and handler for wave heights"),
        WR("src/tidepool/models/wave_height.cr", "class WaveHeight\n  include DB::Serializable\nend"),
        RD("src/tidepool/api.cr"),
        ED("src/tidepool/api.cr", "get \"/readings\"", "get \"/waves\" { |env| Waves.index(env) }\n  get \"/readings\""),
        SH("ameba src/", "src/tidepool/api.cr:42:7 [W] Lint/UselessAssign: Useless assignment to variable `t`"),
        ED("src/tidepool/api.cr", "t = Time.utc\n", ""),
        SH("ameba src/"),
        SH(TESTDB + "crystal spec"),
        SH("crystal build src/tidepool.cr -o bin/tidepool"),
        P("try the static release image for the edge boxes"),
        RD("Dockerfile.static"),
        SH("docker build -t tidepool:static -f Dockerfile.static .", DOCKER_ERR),
        P("check CI"),
        HG(CI51, "timeout after 10s"),
        HG(CI51, "HTTP 503 Service Unavailable"),
        HG(CI51),
        P("commit wave heights"),
        GD(),
        GA("src/tidepool/models/wave_height.cr", "src/tidepool/api.cr"),
        GC("waves: table, model and GET /waves"),
    ],
    [  # s3
        P("buoys send timestamps in local time, normalise to UTC on ingest"),
        RD("src/tidepool/ingest.cr"),
        ED("src/tidepool/ingest.cr", "Time.parse(raw, FORMAT)", "Time.parse(raw, FORMAT, Time::Location::UTC)", "Error: Could not find exact match for edit"),
        RD("src/tidepool/ingest.cr"),
        ED("src/tidepool/ingest.cr", "Time.parse(raw, FMT)", "Time.parse(raw, FMT, Time::Location::UTC)"),
        HG("https://crystal-lang.org/api/1.14.0/Time/Location.html"),
        SH("crystal tool format --check src/"),
        P("spec for the UTC normalisation"),
        WR("spec/utc_spec.cr", "describe \"UTC\" do\n  it \"normalises\" { }\nend"),
        SH("crystal spec spec/utc_spec.cr", PG_ERR),
        SH(TESTDB + "crystal spec spec/utc_spec.cr"),
        SH(TESTDB + "crystal spec"),
        P("collect production settings for the ops handover"),
        RD(".env.production", ENV_ERR),
        RD("config/deploy.yml"),
        WR("docs/handover.md", "# Handover\n..."),
        P("CI status before merging"),
        HG(CI51, "connection reset by peer"),
        P("commit UTC fix"),
        GS(),
        GD(),
        GA("src/tidepool/ingest.cr", "spec/utc_spec.cr", "docs/handover.md"),
        GC("ingest: normalise buoy timestamps to UTC"),
    ],
    [  # s4
        P("add a table for buoy battery voltage"),
        LS("db/migrations"),
        WR("db/migrations/20261126101200_create_battery_levels.sql", "-- +micrate Up\nCREATE TABLE battery_levels (...);"),
        SH(TESTDB + "micrate up"),
        GA("db/migrations/20261126101200_create_battery_levels.sql"),
        P("battery endpoint"),
        RD("src/tidepool/api.cr"),
        ED("src/tidepool/api.cr", "get \"/waves\"", "get \"/battery\" { |env| Battery.index(env) }\n  get \"/waves\""),
        WR("src/tidepool/battery.cr", "module Battery\nend"),
        SH("crystal build src/tidepool.cr -o bin/tidepool"),
        SH(TESTDB + "crystal spec", "1) Battery.index returns the latest voltage per buoy"),
        ED("src/tidepool/battery.cr", "ORDER BY ts", "ORDER BY ts DESC"),
        SH(TESTDB + "crystal spec"),
        HG("https://shardbox.org/shards/kemal"),
        P("second attempt at the static image, without cache"),
        SH("docker build --no-cache -t tidepool:static -f Dockerfile.static .", DOCKER_ERR),
        P("CI"),
        HG(CI51),
        P("commit battery levels"),
        GS(),
        GA("src/tidepool/api.cr", "src/tidepool/battery.cr"),
        GC("battery: GET /battery"),
    ],
    [  # s5
        P("rate-limit ingest per buoy"),
        RD("shard.yml"),
        ED("shard.yml", "dependencies:", "dependencies:\n  kemal-rate-limiter:\n    github: tidepool/kemal-rate-limiter"),
        SH("shards install"),
        RD("src/tidepool/ingest.cr"),
        ED("src/tidepool/ingest.cr", "post \"/ingest\"", "before_post \"/ingest\" { |env| Limiter.check(env) }\npost \"/ingest\""),
        SH(TESTDB + "crystal spec"),
        SH("shards check"),
        SH("ameba src/"),
        P("static image with plain progress to see the linker output"),
        SH("docker build --progress=plain -t tidepool:static -f Dockerfile.static .", DOCKER_ERR),
        RD("Dockerfile.static"),
        SH("ldd bin/tidepool"),
        P("check CI for the limiter"),
        HG(CI51, "HTTP 504 Gateway Timeout"),
        HG(CI51, "TLS handshake timeout"),
        HG(CI51),
        P("commit the limiter"),
        GC("ingest: per-buoy rate limit", "nothing added to commit but untracked files present (use \"git add\" to track)"),
        GA("shard.yml", "shard.lock", "src/tidepool/ingest.cr"),
        GC("ingest: per-buoy rate limit"),
    ],
    [  # s6
        P("table for tide gauge offsets"),
        LS("db/migrations"),
        WR("db/migrations/20261128083000_create_gauge_offsets.sql", "-- +micrate Up\nCREATE TABLE gauge_offsets (...);"),
        SH(TESTDB + "micrate up"),
        GA("db/migrations/20261128083000_create_gauge_offsets.sql"),
        P("fixture for buoy 42 in the offsets spec"),
        LS("spec/fixtures/buoys", "ENOENT: no such file or directory, scandir 'spec/fixtures/buoys'"),
        LS("spec/fixtures"),
        RD("spec/fixtures/buoy_042.json"),
        WR("spec/offsets_spec.cr", "describe \"offsets\" do\nend"),
        SH(TESTDB + "crystal spec spec/offsets_spec.cr"),
        SH(TESTDB + "crystal spec"),
        P("release checklist: production env and pg changelog"),
        RD(".env.production", ENV_ERR),
        HG("https://github.com/will/crystal-pg/blob/master/CHANGELOG.md"),
        RD("CHANGELOG.md"),
        ED("CHANGELOG.md", "## Unreleased", "## Unreleased\n- gauge offsets table"),
        SH("crystal build --release src/tidepool.cr -o bin/tidepool"),
        P("commit offsets"),
        GD(),
        GA("spec/offsets_spec.cr", "CHANGELOG.md"),
        GC("offsets: table and spec"),
        GL(5),
    ],
]

# ======================================================================== j52
# Meson/GLib library "libgrain": granular-synthesis primitives as GObjects, with introspection and GSettings.
SCHEMA_ERR = "GLib-GIO-ERROR **: 10:42:13.512: No GSettings schemas are installed on the system"
DOCGEN_ERR = "ERROR: Unable to find dependency GObject-2.0 in the search paths: /usr/share/gir-1.0"
GL_BAD = "https://gitlab.gnome.org/api/v4/projects/GNOME/glib/repository/tags?per_page=5"
GL_OK = "https://gitlab.gnome.org/api/v4/projects/GNOME%2Fglib/repository/tags?per_page=5"
GL404 = 'HTTP 404 Not Found: {"message":"404 Project Not Found"}'
LOCK = "fatal: Unable to create '/home/dev/libgrain/.git/index.lock': File exists."

J52 = [
    [  # s1
        P("expose grain_buffer_get_peak in the public API"),
        RD("src/libgrain.map"),
        ED("src/libgrain.map", "    grain_buffer_new;", "    grain_buffer_get_peak;\n    grain_buffer_new;"),
        SH("ninja -C _build abi-check"),
        GA("src/libgrain.map"),
        P("implement the peak getter"),
        RD("src/grain-buffer.c"),
        ED("src/grain-buffer.c", "/* end of public API */", "gfloat\ngrain_buffer_get_peak (GrainBuffer *self)\n{ ... }\n/* end of public API */"),
        ED("src/grain-buffer.h", "G_END_DECLS", "GRAIN_AVAILABLE_IN_ALL\ngfloat grain_buffer_get_peak (GrainBuffer *self);\nG_END_DECLS"),
        SH("ninja -C _build"),
        SH("meson test -C _build --suite unit"),
        SH("meson test -C _build --suite gir"),
        P("build the API reference"),
        SH("gi-docgen generate --config docs/libgrain.toml _build/src/Grain-1.gir", DOCGEN_ERR),
        SH("ninja -C _build src/Grain-1.gir"),
        P("where are we"),
        GS(LOCK),
        GS(),
        GA("src/grain-buffer.c", "src/grain-buffer.h"),
        GC("buffer: add grain_buffer_get_peak()"),
    ],
    [  # s2
        P("settings key for the default grain size"),
        RD("data/org.libgrain.gschema.xml"),
        ED("data/org.libgrain.gschema.xml", "</schema>", "  <key name=\"grain-size\" type=\"u\"><default>2048</default></key>\n</schema>"),
        SH("glib-compile-schemas --strict --dry-run data/"),
        SH("ninja -C _build"),
        SH("meson test -C _build", SCHEMA_ERR),
        SH("meson devenv -C _build meson test -C _build"),
        P("which GLib version do we require: look at the latest GLib tags"),
        HG(GL_BAD, GL404),
        HG(GL_OK),
        RD("meson.build"),
        ED("meson.build", "glib_req = '>= 2.76'", "glib_req = '>= 2.80'"),
        SH("meson setup --reconfigure _build"),
        P("status before committing"),
        GS("error: timed out after 30000 ms waiting for git status"),
        GS(),
        GD(),
        P("commit the settings key"),
        GA("data/org.libgrain.gschema.xml", "meson.build"),
        GC("settings: grain-size key, require GLib 2.80"),
    ],
    [  # s3
        P("expose grain_envelope_set_curve"),
        RD("src/libgrain.map"),
        ED("src/libgrain.map", "    grain_envelope_new;", "    grain_envelope_new;\n    grain_envelope_set_curve;"),
        SH("ninja -C _build abi-check"),
        GA("src/libgrain.map"),
        P("curve implementation and test"),
        RD("src/grain-envelope.c"),
        ED("src/grain-envelope.c", "/* curves */", "/* curves */\nvoid\ngrain_envelope_set_curve (GrainEnvelope *self, GrainCurve curve) { ... }"),
        WR("tests/test-envelope-curve.c", "#include <grain.h>\nint main (void) { ... }"),
        ED("tests/meson.build", "tests = [", "tests = [\n  'test-envelope-curve',"),
        SH("ninja -C _build"),
        SH("meson test -C _build test-envelope-curve", "1/1 test-envelope-curve FAIL 0.02s (exit status 1)"),
        ED("src/grain-envelope.c", "self->curve = curve;", "self->curve = curve;\n  grain_envelope_recompute (self);"),
        SH("ninja -C _build"),
        SH("meson test -C _build test-envelope-curve"),
        P("docs again, with the new symbol"),
        SH("gi-docgen generate --config docs/libgrain.toml --output-dir _build/docs _build/src/Grain-1.gir", DOCGEN_ERR),
        P("commit"),
        GS("fatal: cannot lock ref 'HEAD': is at 3f9a2c1 but expected 8b1d0e4"),
        GD(),
        GA("src/grain-envelope.c", "tests/test-envelope-curve.c", "tests/meson.build"),
        GC("envelope: set_curve() with test"),
    ],
    [  # s4
        P("check GLib release notes for the GTask deprecations"),
        HG(GL_BAD, GL404),
        HG(GL_OK),
        HG("https://gitlab.gnome.org/GNOME/glib/-/raw/main/NEWS"),
        P("port the loader away from g_simple_async_result"),
        RD("src/grain-loader.c"),
        ED("src/grain-loader.c", "g_simple_async_result_new", "g_task_new"),
        ED("src/grain-loader.c", "g_simple_async_result_complete_in_idle (res);", "g_task_return_pointer (task, data, g_free);"),
        SH("ninja -C _build", "../src/grain-loader.c:211:3: error: implicit declaration of function 'g_simple_async_result_set_op_res_gpointer'"),
        ED("src/grain-loader.c", "g_simple_async_result_set_op_res_gpointer (res, data, g_free);", ""),
        SH("ninja -C _build"),
        SH("meson test -C _build --suite unit"),
        SH("meson test -C _build --suite loader"),
        P("commit the GTask port"),
        GS(LOCK),
        GS(),
        GA("src/grain-loader.c"),
        GC("loader: port to GTask"),
        GL(5),
    ],
    [  # s5
        P("schema key for the window function"),
        ED("data/org.libgrain.gschema.xml", "</schema>", "  <key name=\"window\" type=\"s\"><default>'hann'</default></key>\n</schema>"),
        SH("glib-compile-schemas --strict --dry-run data/"),
        SH("ninja -C _build"),
        SH("meson test -C _build --suite settings", SCHEMA_ERR),
        SH("meson devenv -C _build meson test -C _build --suite settings"),
        P("publish the docs for the settings page"),
        RD("docs/libgrain.toml"),
        SH("gi-docgen generate --config docs/libgrain.toml --add-include-path /usr/share/gir-1.0 _build/src/Grain-1.gir", DOCGEN_ERR),
        SH("ninja -C _build"),
        P("status"),
        GS("error: timed out after 30000 ms waiting for git status"),
        P("commit window key"),
        GA("data/org.libgrain.gschema.xml"),
        GC("settings: window key"),
        GL(3),
    ],
    [  # s6
        P("expose grain_voice_set_pan"),
        RD("src/libgrain.map"),
        ED("src/libgrain.map", "    grain_voice_new;", "    grain_voice_new;\n    grain_voice_set_pan;"),
        SH("ninja -C _build abi-check"),
        GA("src/libgrain.map"),
        P("pan property on GrainVoice"),
        RD("src/grain-voice.c"),
        ED("src/grain-voice.c", "PROP_GAIN,", "PROP_GAIN,\n  PROP_PAN,"),
        ED("src/grain-voice.c", "obj_props[PROP_GAIN] =", "obj_props[PROP_PAN] = g_param_spec_float (\"pan\", NULL, NULL, -1, 1, 0, G_PARAM_READWRITE);\n  obj_props[PROP_GAIN] ="),
        SH("ninja -C _build"),
        SH("meson test -C _build --suite unit"),
        SH("meson test -C _build --suite gir"),
        RD("NEWS"),
        ED("NEWS", "Overview of changes in 0.9.0", "Overview of changes in 0.9.0\n- GrainVoice:pan"),
        P("commit pan"),
        GD(),
        GS(),
        GA("src/grain-voice.c", "NEWS"),
        GC("voice: pan property"),
        P("status check before lunch"),
        GS(),
    ],
]

# ======================================================================== j53
# Racket teaching tool "gradebox": an autograder for an intro course; submissions on an sshfs share.
CANVAS = "https://canvas.example.edu/api/v1/courses/4417/assignments"
CANVAS_ERR = 'HTTP 401 Unauthorized: {"errors":[{"message":"Invalid access token."}]}'
COLL_ERR = 'raco test: collection not found: "gradebox"'
SUB = "/mnt/coursework/cs101/submissions"

J53 = [
    [  # s1
        P("make the rackunit suite run from the package"),
        SH("raco test -p gradebox", COLL_ERR),
        SH("raco pkg install --auto --link ./gradebox"),
        SH("raco test -p gradebox"),
        P("list the hw1 submissions"),
        LS(SUB + "/hw1", "EIO: i/o error, scandir '/mnt/coursework/cs101/submissions/hw1'"),
        LS(SUB + "/hw1"),
        P("pull the assignment list from Canvas"),
        HG(CANVAS, CANVAS_ERR),
        P("changelog for the 0.4 release"),
        GL(15),
        ED("CHANGES.md", "## 0.4", "## 0.4\n- rubric weights per test"),
        GA("CHANGES.md"),
        GC("changes: 0.4 notes"),
        P("rubric weights"),
        RD("gradebox/rubric.rkt"),
        ED("gradebox/rubric.rkt", "(define (score tests)", "(define (score tests #:weights [w (hash)])"),
        SH("raco make gradebox/rubric.rkt"),
        SH("raco test gradebox/tests/rubric-test.rkt"),
    ],
    [  # s2
        P("scaffold homework 2"),
        RD("assignments/template/info.rkt"),
        WR("assignments/hw2/info.rkt", "#lang info\n(define name \"hw2\")"),
        SH("racket -l- gradebox/new-assignment hw2"),
        P("grade hw1"),
        LS(SUB + "/hw1", "ETIMEDOUT: operation timed out, scandir '/mnt/coursework/cs101/submissions/hw1'"),
        LS(SUB + "/hw1"),
        SH("racket -l- gradebox/grade hw1 --out reports/hw1.csv"),
        RD("reports/hw1.csv"),
        P("sandbox limits for student code"),
        RD("gradebox/sandbox.rkt"),
        ED("gradebox/sandbox.rkt", "(sandbox-memory-limit 64)", "(sandbox-memory-limit 128)"),
        SH("raco make gradebox/sandbox.rkt"),
        SH("raco test gradebox/tests/sandbox-test.rkt", "FAILURE name: check-equal? location: sandbox-test.rkt:31:4 actual: 'timeout expected: 'ok"),
        ED("gradebox/sandbox.rkt", "(sandbox-eval-limits '(5 64))", "(sandbox-eval-limits '(10 128))"),
        SH("raco test gradebox/tests/sandbox-test.rkt"),
        P("commit sandbox limits"),
        GD(),
        GA("gradebox/sandbox.rkt", "assignments/hw2/info.rkt"),
        GC("sandbox: raise limits, scaffold hw2"),
    ],
    [  # s3
        P("post hw1 grades to Canvas"),
        HG(CANVAS, CANVAS_ERR),
        RD("gradebox/canvas.rkt"),
        P("changelog entry for the sandbox change"),
        GL(10),
        ED("CHANGES.md", "## Unreleased", "## Unreleased\n- sandbox limits raised"),
        GA("CHANGES.md"),
        GC("changes: sandbox limits"),
        P("check hw2 submissions arrived"),
        LS(SUB + "/hw2", "ESTALE: stale file handle, scandir '/mnt/coursework/cs101/submissions/hw2'"),
        P("docs for the grader"),
        RD("scribblings/gradebox.scrbl"),
        ED("scribblings/gradebox.scrbl", "@section{Rubrics}", "@section{Rubrics}\nWeights are per test."),
        SH("raco scribble --html --dest _doc scribblings/gradebox.scrbl"),
        WR("_doc/README.txt", "built docs, do not edit"),
        GS(),
    ],
    [  # s4
        P("tests after pulling main on the lab machine"),
        SH("raco test -p gradebox", COLL_ERR),
        SH("raco pkg install --auto --link ./gradebox"),
        SH("raco test -p gradebox"),
        P("scaffold homework 3"),
        RD("assignments/template/info.rkt"),
        WR("assignments/hw3/info.rkt", "#lang info\n(define name \"hw3\")"),
        SH("racket -l- gradebox/new-assignment hw3"),
        P("grade hw2"),
        LS(SUB + "/hw2"),
        SH("racket -l- gradebox/grade hw2 --out reports/hw2.csv"),
        SH("racket -l- gradebox/grade hw2 --late --out reports/hw2-late.csv"),
        P("student report template"),
        RD("gradebox/report.rkt"),
        ED("gradebox/report.rkt", "(define header", "(define footer \"-- gradebox\")\n(define header"),
        SH("raco make gradebox/report.rkt"),
        P("commit"),
        GS(),
        GA("gradebox/report.rkt", "assignments/hw3/info.rkt"),
        GC("report footer, scaffold hw3"),
    ],
    [  # s5
        P("changelog for 0.5"),
        GL(20),
        ED("CHANGES.md", "## Unreleased", "## 0.5\n- report footer"),
        GA("CHANGES.md"),
        GC("changes: 0.5"),
        P("late submissions for hw2"),
        LS(SUB + "/hw2-late", "EIO: i/o error, scandir '/mnt/coursework/cs101/submissions/hw2-late'"),
        LS(SUB + "/hw2-late", "ECONNRESET: connection reset by peer, scandir '/mnt/coursework/cs101/submissions/hw2-late'"),
        LS(SUB + "/hw2-late"),
        P("sync the roster from Canvas"),
        HG("https://canvas.example.edu/api/v1/courses/4417/users?enrollment_type=student", CANVAS_ERR),
        HG("https://docs.racket-lang.org/net/url.html"),
        P("plagiarism check helper"),
        WR("gradebox/similarity.rkt", "#lang racket/base\n(provide similarity)"),
        SH("raco make gradebox/similarity.rkt"),
        WR("gradebox/tests/similarity-test.rkt", "#lang racket/base\n(require rackunit)"),
        SH("raco test gradebox/tests/similarity-test.rkt"),
        GA("gradebox/similarity.rkt", "gradebox/tests/similarity-test.rkt"),
        GC("similarity helper"),
    ],
    [  # s6
        P("scaffold homework 4"),
        RD("assignments/template/info.rkt"),
        WR("assignments/hw4/info.rkt", "#lang info\n(define name \"hw4\")"),
        SH("racket -l- gradebox/new-assignment hw4"),
        P("grade hw3"),
        LS(SUB + "/hw3", "ETIMEDOUT: operation timed out, scandir '/mnt/coursework/cs101/submissions/hw3'"),
        P("meanwhile fix the rubric rounding"),
        RD("gradebox/rubric.rkt"),
        ED("gradebox/rubric.rkt", "(round total)", "(/ (round (* 10 total)) 10)"),
        SH("raco test gradebox/tests/rubric-test.rkt"),
        SH("raco make gradebox/rubric.rkt"),
        P("back to grading hw3"),
        LS(SUB + "/hw3"),
        SH("racket -l- gradebox/grade hw3 --out reports/hw3.csv"),
        P("commit rubric rounding"),
        GD(),
        GS(),
        GA("gradebox/rubric.rkt", "assignments/hw4/info.rkt"),
        GC("rubric: one decimal"),
    ],
]

JOURNALS = {51: (J51, (2026, 11, 23)), 52: (J52, (2026, 11, 16)), 53: (J53, (2026, 11, 9))}


def main():
    for n, (sessions, day) in JOURNALS.items():
        events = render(sessions, day)
        with open(os.path.join(HERE, "journal-%d.jsonl" % n), "w", encoding="utf-8", newline="\n") as f:
            for e in events:
                f.write(json.dumps(e, ensure_ascii=False) + "\n")
        print("journal-%d.jsonl: %d events" % (n, len(events)))


if __name__ == "__main__":
    main()
