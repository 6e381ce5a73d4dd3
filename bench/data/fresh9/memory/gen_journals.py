#!/usr/bin/env python3
"""Regenerate fresh9 memory journals 35-38 and their truth files byte-for-byte (stdlib only).

Usage: python3 gen_journals.py   (writes journal-NN.jsonl and journal-NN.truth.json next to this file)

Each journal: one project, six sessions (s1..s6, one working day each), ordinary work plus exactly
five planted lessons.  Timestamps and durations come from a seeded random.Random, so the output
is deterministic.  The truth (planted lessons, queries, negatives) lives in truth_data.py.
"""
import json
import os
import random
from datetime import datetime, timezone

from truth_data import TRUTH

HERE = os.path.dirname(os.path.abspath(__file__))
DAYS = ["2026-11-16", "2026-11-17", "2026-11-18", "2026-11-19", "2026-11-20", "2026-11-23"]


# ---------------------------------------------------------------- step helpers
def P(text):
    return ("progress", text)


def C(ability, args, err=None):
    return ("call", ability, args, err)


def rd(path, err=None):
    return C("fs.read_file", {"path": path}, err)


def wr(path, content_hint="..."):
    return C("fs.write_file", {"path": path, "content": content_hint})


def ed(path, old, new, err=None):
    return C("fs.edit_file", {"path": path, "old_string": old, "new_string": new}, err)


def ls(path, err=None):
    return C("fs.list_directory", {"path": path}, err)


def sh(cmd, err=None):
    return C("shell.run", {"command": cmd}, err)


def gst():
    return C("git.status", {})


def gdf(target=None, err=None):
    return C("git.diff", {"target": target} if target else {}, err)


def gadd(*files, err=None):
    return C("git.add", {"files": list(files)}, err)


def gcm(msg, err=None):
    return C("git.commit", {"message": msg}, err)


def glog(n=10, err=None):
    return C("git.log", {"max_count": n}, err)


def get(url, err=None):
    return C("http.get", {"url": url}, err)


# ---------------------------------------------------------------- errors reused across sessions
E_ENV = "ENOENT: no such file or directory, open '/home/dev/ledger_api/.env'"
E_PSQL = ('psql: error: connection to server on socket "/var/run/postgresql/.s.PGSQL.5432" failed: '
          'No such file or directory\n\tIs the server running locally and accepting connections on that socket?')
E_COMPOSE = "no configuration file provided: not found"
E_INKSCAPE = "bash: line 1: inkscape: command not found"
E_BIBER = ("ERROR - Cannot find control file 'thesis.bcf'! - Did latex run successfully on your .tex file "
           "before you ran biber?")
E_RESULTS = "ENOENT: no such file or directory, open 'chapters/results.tex'"
E_GPG = "error: gpg failed to sign the data\nfatal: failed to write commit object"
E_IMPORT = ("ERROR: Failed loading resource: res://assets/sprites/lantern.png. Make sure resources have been "
            "imported by opening the project in the editor at least once.")
E_SSH = "ssh: connect to host nas.lan port 22: No route to host"
E_TFLOCK = ("Error: Inconsistent dependency lock file\n\nThe following dependency selections recorded in the "
            "lock file are inconsistent with the current configuration:")

# ================================================================ journal 35: Elixir/Phoenix ledger API
HEX = "https://hex.pm/api/packages/"
J35 = [
    [  # s1 Mon
        P("add idempotency keys to POST /transfers so client retries don't double-post"),
        rd("lib/ledger_web/controllers/transfer_controller.ex"),
        rd("lib/ledger/transfers.ex"),
        P("bring the dev database up first"),
        sh("docker compose up -d db", E_COMPOSE),
        sh("docker compose -f docker/compose.dev.yml up -d db"),
        P("where do local secrets come from? I need the signing salt"),
        rd("/home/dev/ledger_api/.env", E_ENV),
        rd("config/runtime.exs"),
        P("migration for an idempotency_keys table"),
        sh("mix ecto.gen.migration add_idempotency_keys"),
        ed("priv/repo/migrations/20261116092210_add_idempotency_keys.exs", "def change do\n  end",
           "def change do\n    create table(:idempotency_keys) ..."),
        sh("mix ecto.migrate"),
        P("plug + router wiring"),
        wr("lib/ledger_web/plugs/idempotency.ex"),
        ed("lib/ledger_web/router.ex", "pipe_through :api\n", "pipe_through [:api, :idempotent]\n",
           "edit_file: old_string not found in lib/ledger_web/router.ex"),
        rd("lib/ledger_web/router.ex"),
        ed("lib/ledger_web/router.ex", "    pipe_through :api", "    pipe_through [:api, :idempotent]"),
        sh("mix test test/ledger_web/plugs/idempotency_test.exs"),
        P("is our plug stack current?"),
        get(HEX + "plug"),
        get(HEX + "plug_crypto"),
        get(HEX + "phoenix", "HTTP 503 Service Unavailable"),
        P("commit it"),
        gst(),
        gadd("lib/ledger_web/plugs/idempotency.ex", "lib/ledger_web/router.ex", "priv/repo/migrations"),
        gcm("feat(transfers): idempotency keys on POST /transfers"),
    ],
    [  # s2 Tue
        P("balance endpoint is slow for accounts with many entries — look at the query"),
        rd("lib/ledger/accounts.ex"),
        rd("lib/ledger/entries/entry.ex"),
        sh('psql -d ledger_dev -c "explain analyze select sum(amount) from entries where account_id = 42"', E_PSQL),
        sh("mix run priv/scripts/explain_balance.exs"),
        P("add a composite index on entries(account_id, inserted_at)"),
        sh("mix ecto.gen.migration index_entries_account_inserted"),
        ed("priv/repo/migrations/20261117100312_index_entries_account_inserted.exs", "def change do\n  end",
           "def change do\n    create index(:entries, [:account_id, :inserted_at])"),
        sh("mix ecto.migrate"),
        sh("mix run priv/scripts/explain_balance.exs"),
        P("check hexdocs: can ecto build that index concurrently?"),
        get("https://hexdocs.pm/ecto_sql/Ecto.Migration.html"),
        P("ok, concurrently it is; test and commit"),
        ed("priv/repo/migrations/20261117100312_index_entries_account_inserted.exs",
           "create index(:entries, [:account_id, :inserted_at])",
           "create index(:entries, [:account_id, :inserted_at], concurrently: true)"),
        sh("mix test"),
        gst(),
        gadd("priv/repo/migrations/20261117100312_index_entries_account_inserted.exs"),
        gcm("perf(entries): index on (account_id, inserted_at)"),
        P("cut 0.14.0 — write the changelog"),
        glog(15),
        ed("CHANGELOG.md", "## Unreleased", "## 0.14.0 - 2026-11-17"),
        gadd("CHANGELOG.md"),
        gcm("docs: changelog for 0.14.0"),
        P("before tagging: does oban have a newer release?"),
        get(HEX + "oban"),
        get(HEX + "oban_web", "timeout after 10000 ms"),
        P("tag later, done for today"),
    ],
    [  # s3 Wed
        P("webhook signature verification for the payment provider callback"),
        rd("/home/dev/ledger_api/.env", E_ENV),
        rd("config/dev.exs"),
        rd("config/runtime.exs"),
        P("write the verifier module and its test"),
        wr("lib/ledger_web/webhooks/signature.ex"),
        wr("test/ledger_web/webhooks/signature_test.exs"),
        sh("mix test test/ledger_web/webhooks/signature_test.exs"),
        sh("mix credo --strict lib/ledger_web/webhooks"),
        P("what does read_body do with the raw body? check the docs and versions"),
        get("https://hexdocs.pm/plug/Plug.Conn.html#read_body/2"),
        get(HEX + "plug"),
        get(HEX + "plug_cowboy"),
        P("cache the raw body in the endpoint"),
        rd("lib/ledger_web/endpoint.ex"),
        rd("lib/ledger_web/router.ex"),
        ed("lib/ledger_web/endpoint.ex", "plug Plug.Parsers,", "plug LedgerWeb.Plugs.CacheRawBody\n  plug Plug.Parsers,"),
        wr("lib/ledger_web/plugs/cache_raw_body.ex"),
        sh("mix test"),
        P("format and commit"),
        sh("mix format"),
        gdf(),
        gadd("lib/ledger_web"),
        gcm("feat(webhooks): verify provider signatures"),
        P("tomorrow: ask Ana about the provider's key rotation schedule"),
    ],
    [  # s4 Thu
        P("fresh laptop today — get the stack running"),
        sh("docker compose up -d db", E_COMPOSE),
        sh("docker compose -f docker/compose.dev.yml up -d db"),
        sh("mix deps.get"),
        sh("mix ecto.setup"),
        P("seed some big accounts to reproduce the balance timeout"),
        sh('psql ledger_dev -c "select count(*) from entries"', E_PSQL),
        sh("mix run priv/repo/seeds_big.exs"),
        P("is there a newer decimal on hex?"),
        get(HEX + "decimal", "HTTP 502 Bad Gateway"),
        P("fix rounding in Money.split/2 for odd cents"),
        rd("lib/ledger/money.ex"),
        ed("lib/ledger/money.ex", "Decimal.div(amount, parts)", "split_with_remainder(amount, parts)"),
        sh("mix test test/ledger/money_test.exs"),
        P("cut 0.14.1 — changelog"),
        glog(10),
        ed("CHANGELOG.md", "## Unreleased", "## 0.14.1 - 2026-11-19"),
        gadd("CHANGELOG.md", "lib/ledger/money.ex"),
        gcm("fix(money): split odd cents; changelog for 0.14.1"),
        P("read up on Repo.stream for the export job"),
        get("https://hexdocs.pm/ecto/Ecto.Repo.html#c:stream/2"),
        P("eod"),
    ],
    [  # s5 Fri
        P("export job: nightly CSV of entries per account via Oban"),
        rd("/home/dev/ledger_api/.env", E_ENV),
        rd("config/config.exs"),
        P("worker + cron schedule + test"),
        rd("lib/ledger/entries.ex"),
        wr("lib/ledger/workers/export_entries.ex"),
        ed("config/config.exs", "plugins: [Oban.Plugins.Pruner]",
           "plugins: [Oban.Plugins.Pruner, {Oban.Plugins.Cron, crontab: [{\"0 2 * * *\", Ledger.Workers.ExportEntries}]}]"),
        wr("test/ledger/workers/export_entries_test.exs"),
        sh("mix test test/ledger/workers/export_entries_test.exs"),
        P("check the cron plugin docs and the latest oban"),
        get("https://hexdocs.pm/oban/Oban.Plugins.Cron.html"),
        get("https://hexdocs.pm/oban/Oban.Worker.html"),
        get(HEX + "oban"),
        get(HEX + "oban_met", "ECONNRESET: socket hang up"),
        P("commit"),
        gcm("feat(export): nightly entries export",
            "nothing added to commit but untracked files present (use \"git add\" to track)"),
        gadd("lib/ledger/workers/export_entries.ex", "test/ledger/workers/export_entries_test.exs", "config/config.exs"),
        gcm("feat(export): nightly entries export"),
        P("credo run before the weekend"),
        sh("mix credo --strict"),
        P("weekend"),
    ],
    [  # s6 Mon
        P("support ticket: account 9812 balance off by 0.01 after a split transfer"),
        sh('psql -d ledger_dev -c "select * from entries where account_id = 9812"', E_PSQL),
        sh('psql -d ledger_dev -c "\\d entries"', E_PSQL),
        P("reproduce it in a test instead"),
        rd("test/ledger/money_test.exs"),
        ed("test/ledger/money_test.exs", "describe \"split/2\" do", "describe \"split/2\" do\n    test \"three-way split of 100.00\" ..."),
        sh("mix test test/ledger/money_test.exs"),
        rd("lib/ledger/transfers.ex"),
        ed("lib/ledger/transfers.ex", "Money.split(amount, n)", "Money.split(amount, n, :largest_remainder)"),
        sh("mix test"),
        P("check Decimal.round modes in the docs"),
        get("https://hexdocs.pm/decimal/Decimal.html#round/3"),
        P("db logs mention connection churn — tail them"),
        sh("docker compose -f docker/compose.dev.yml logs --tail 50 db"),
        P("cut 0.15.0 — changelog"),
        glog(25),
        ed("CHANGELOG.md", "## Unreleased", "## 0.15.0 - 2026-11-23"),
        gadd("CHANGELOG.md"),
        gcm("docs: changelog for 0.15.0"),
        P("look at the last few commits before pushing"),
        glog(5),
        P("done"),
    ],
]

# ================================================================ journal 36: LaTeX thesis (Makefile, latexmk, biber)
XREF = "https://api.crossref.org/works"
J36 = [
    [  # s1 Mon
        P("add the related-work citations Sofia sent and rebuild the bibliography"),
        get(XREF + "?query.bibliographic=learned+index+structures&rows=3"),
        get(XREF + "/10.1145/3183713.3196909/transform/application/x-bibtex"),
        get(XREF + "?query.bibliographic=ALEX+updatable+adaptive+learned+index&rows=3", "HTTP 429 Too Many Requests"),
        P("paste the entries we got into references.bib"),
        rd("references.bib"),
        ed("references.bib", "% --- related work ---", "% --- related work ---\n@inproceedings{kraska2018case, ...}"),
        ed("references.bib", "@inproceedings{kraska2018case,", "@article{ferragina2020pgm, ...}\n@inproceedings{kraska2018case,"),
        P("run the bibliography"),
        sh("latexmk -pdf -outdir=build thesis.tex"),
        sh("biber thesis", E_BIBER),
        sh("biber --input-directory build --output-directory build thesis"),
        sh("latexmk -pdf -outdir=build thesis.tex"),
        P("add the architecture figure to chapter 3"),
        ls("figures"),
        ed("tex/chapters/design.tex", "% FIGURE: architecture",
           "\\begin{figure}[t]\\centering\\includegraphics[width=\\linewidth]{figures/architecture.pdf}..."),
        sh("make thesis"),
        P("commit"),
        gst(),
        gdf(),
        gadd("references.bib", "tex/chapters/design.tex"),
        gcm("related work: citations from Sofia, architecture figure"),
    ],
    [  # s2 Tue
        P("supervisor wants the results chapter tightened — start with 5.2"),
        rd("chapters/results.tex", E_RESULTS),
        rd("tex/chapters/results.tex"),
        ed("tex/chapters/results.tex", "As can be seen in Table~\\ref{tab:lookup}, it can be seen that",
           "Table~\\ref{tab:lookup} shows that"),
        P("convert the pipeline sketch to pdf for the figure"),
        sh("inkscape figures/src/pipeline.svg --export-type=pdf --export-filename=figures/pipeline.pdf", E_INKSCAPE),
        P("fine, use the png export for now; rebuild"),
        ed("tex/chapters/results.tex", "\\includegraphics{figures/pipeline.pdf}", "\\includegraphics{figures/pipeline.png}"),
        sh("make thesis"),
        sh("make wordcount"),
        P("look up the DOI for the PGM-index paper"),
        get(XREF + "?query.bibliographic=PGM-index+fully-dynamic+compressed+learned+index&rows=2"),
        get(XREF + "/10.14778/3389133.3389135/transform/application/x-bibtex", "timeout after 15000 ms"),
        P("check the siunitx docs for table alignment"),
        get("https://ctan.org/pkg/siunitx"),
        P("commit the results edits"),
        gdf(),
        gadd("tex/chapters/results.tex"),
        gcm("results: tighten 5.2, pipeline figure as png"),
    ],
    [  # s3 Wed
        P("ablation plots into chapter 5"),
        sh("python3 scripts/plot_ablation.py --out figures/ablation.pdf"),
        sh("inkscape figures/src/ablation-legend.svg --export-type=pdf --export-filename=figures/ablation-legend.pdf", E_INKSCAPE),
        P("add the ablation figure to the results chapter"),
        ls("figures"),
        ed("tex/chapters/results.tex", "% FIGURE: ablation",
           "\\begin{figure}[t]\\centering\\includegraphics[width=.9\\linewidth]{figures/ablation.pdf}..."),
        sh("make thesis"),
        P("fetch bibtex for the two RMI follow-ups"),
        get(XREF + "/10.1145/3318464.3389711/transform/application/x-bibtex"),
        get(XREF + "/10.14778/3421424.3421425/transform/application/x-bibtex"),
        P("paste them in and check the build log for undefined refs"),
        ed("references.bib", "% --- learned indexes ---", "% --- learned indexes ---\n@article{ding2020alex, ...}"),
        rd("build/thesis.log"),
        rd("build/thesis.blg"),
        sh("make thesis"),
        P("commit"),
        gadd("references.bib", "tex/chapters/results.tex", "figures/ablation.pdf"),
        gcm("results: ablation figure; two RMI follow-up citations"),
    ],
    [  # s4 Thu
        P("clean build to be sure nothing stale is hiding"),
        sh("make clean"),
        sh("latexmk -pdf -outdir=build thesis.tex"),
        sh("biber thesis", E_BIBER),
        sh("biber --input-directory build --output-directory build thesis"),
        sh("latexmk -pdf -outdir=build thesis.tex"),
        P("glossary entries for the notation in chapter 2"),
        rd("tex/glossary.tex"),
        ed("tex/glossary.tex", "% notation", "% notation\n\\newglossaryentry{eps}{name={$\\epsilon$}, description={error bound}}"),
        ed("tex/chapters/background.tex", "error bound $\\epsilon$", "\\gls{eps}"),
        sh("make thesis"),
        P("one more DOI: the FITing-tree paper"),
        get(XREF + "?query.bibliographic=FITing-Tree+data-aware+index&rows=2", "HTTP 504 Gateway Time-out"),
        P("copy it by hand from the ACM page instead; then commit"),
        ed("references.bib", "% --- learned indexes ---", "% --- learned indexes ---\n@inproceedings{galakatos2019fiting, ...}"),
        gst(),
        gdf(),
        gadd("references.bib", "tex/glossary.tex", "tex/chapters/background.tex"),
        gcm("background: notation glossary; FITing-tree citation"),
    ],
    [  # s5 Fri
        P("Sofia's comments on the results chapter — go through them"),
        rd("feedback/2026-11-19-sofia.md"),
        rd("chapters/results.tex", E_RESULTS),
        rd("tex/chapters/results.tex"),
        ed("tex/chapters/results.tex", "significantly faster", "2.1$\\times$ faster (median over 5 runs)"),
        P("redo the pipeline figure as a real vector pdf"),
        sh("inkscape figures/src/pipeline.svg --export-type=pdf --export-filename=figures/pipeline.pdf", E_INKSCAPE),
        P("check crossref for the updated journal version of our workshop paper"),
        get(XREF + "?query.author=Marchetti&filter=from-pub-date:2025&rows=5"),
        get(XREF + "/10.1007/s00778-025-00912-3/transform/application/x-bibtex"),
        get(XREF + "?query.bibliographic=learned+index+time+series+journal&rows=5", "ECONNRESET: socket hang up"),
        P("rebuild and commit"),
        sh("make thesis"),
        gdf(),
        gadd("tex/chapters/results.tex"),
        gcm("results: address Sofia's comments (quantified speedups)"),
        P("check the siunitx manual for \\qty spacing"),
        get("https://ctan.org/pkg/siunitx"),
        get("https://mirrors.ctan.org/macros/latex/contrib/siunitx/siunitx.pdf"),
        P("weekend"),
    ],
    [  # s6 Mon
        P("add the latency CDF figure to the evaluation chapter"),
        sh("python3 scripts/plot_latency_cdf.py --out figures/latency-cdf.pdf"),
        P("wire the figure into the chapter"),
        ls("figures"),
        ed("tex/chapters/evaluation.tex", "% FIGURE: latency cdf",
           "\\begin{figure}[t]\\centering\\includegraphics[width=\\linewidth]{figures/latency-cdf.pdf}..."),
        sh("make thesis"),
        P("the appendix needs the hyperparameter table"),
        rd("results/hparams.csv"),
        wr("tex/appendix/hparams.tex"),
        ed("thesis.tex", "\\appendix", "\\appendix\n\\input{tex/appendix/hparams}"),
        sh("make thesis"),
        sh("make wordcount"),
        P("check the ACM reference format guidance on doi.org links"),
        get("https://www.doi.org/the-identifier/resources/factsheets/doi-resolution-documentation"),
        get("https://ctan.org/pkg/biblatex"),
        P("commit"),
        gst(),
        gadd("tex/chapters/evaluation.tex", "tex/appendix/hparams.tex", "thesis.tex", "figures/latency-cdf.pdf"),
        gcm("evaluation: latency CDF figure; hyperparameter appendix"),
        P("send Sofia the pdf tomorrow"),
    ],
]

# ================================================================ journal 37: Godot 4 game in GDScript
ASSETLIB = "https://godotengine.org/asset-library/api/asset"
GUT = "godot --headless -s addons/gut/gut_cmdln.gd -gdir=res://test -gexit"
J37 = [
    [  # s1 Mon
        P("new clone on the desktop — run the GUT suite to see where we are"),
        sh(GUT, E_IMPORT),
        sh("godot --headless --import"),
        sh(GUT),
        P("add a bat enemy that swoops at the player"),
        rd("scripts/enemies/slime.gd"),
        wr("scripts/enemies/bat.gd"),
        ed("scenes/levels/level_02.tscn", "[node name=\"Enemies\" type=\"Node2D\" parent=\".\"]",
           "[node name=\"Enemies\" type=\"Node2D\" parent=\".\"]\n[node name=\"Bat\" parent=\"Enemies\" instance=ExtResource(\"7_bat\")]"),
        sh(GUT),
        P("is there a maintained screen-shake addon in the asset library?"),
        get(ASSETLIB + "?filter=screen+shake&godot_version=4.3"),
        get(ASSETLIB + "/2114"),
        get("https://docs.godotengine.org/en/stable/tutorials/plugins/editor/installing_plugins.html"),
        P("commit the bat"),
        gst(),
        gadd("scripts/enemies/bat.gd", "scenes/enemies/bat.tscn", "scenes/levels/level_02.tscn"),
        gcm("enemies: swooping bat"),
        P("fix the lantern flicker shader uniform name"),
        rd("shaders/lantern_flicker.gdshader"),
        ed("shaders/lantern_flicker.gdshader", "uniform float flicker_speed", "uniform float flicker_rate"),
        rd("scenes/player/lantern.tscn"),
        ed("scenes/player/lantern.tscn", "shader_parameter/flicker_speed", "shader_parameter/flicker_rate"),
        sh(GUT),
        gcm("lantern: rename flicker uniform"),
    ],
    [  # s2 Tue
        P("commit last night's gdformat pass"),
        gadd("scripts"),
        gcm("style: gdformat pass over scripts/"),
        P("coyote time for jumps, 0.1 s"),
        rd("scripts/player/player.gd"),
        ed("scripts/player/player.gd", "if Input.is_action_just_pressed(\"jump\") and is_on_floor():",
           "if Input.is_action_just_pressed(\"jump\") and (is_on_floor() or _coyote > 0.0):"),
        wr("test/unit/test_coyote_time.gd"),
        sh(GUT),
        sh("gdformat scripts/player/player.gd test/unit/test_coyote_time.gd"),
        P("commit"),
        gadd("scripts/player/player.gd", "test/unit/test_coyote_time.gd"),
        gcm("player: coyote time", E_GPG),
        P("write this week's devlog entry"),
        glog(20),
        gdf("v0.7.0"),
        wr("devlog/2026-11-17.md"),
        P("check the asset library for a dialogue addon"),
        get(ASSETLIB + "?filter=dialogue&godot_version=4.3"),
        get(ASSETLIB + "/1207", "HTTP 500 Internal Server Error"),
        P("read the docs page on CharacterBody2D floor snapping"),
        get("https://docs.godotengine.org/en/stable/classes/class_characterbody2d.html"),
        P("leave the commit for tomorrow"),
    ],
    [  # s3 Wed
        P("add a ghost enemy that phases through walls"),
        rd("scripts/enemies/slime.gd"),
        wr("scripts/enemies/ghost.gd"),
        ed("scenes/levels/level_03.tscn", "[node name=\"Enemies\" type=\"Node2D\" parent=\".\"]",
           "[node name=\"Enemies\" type=\"Node2D\" parent=\".\"]\n[node name=\"Ghost\" parent=\"Enemies\" instance=ExtResource(\"9_ghost\")]"),
        sh(GUT),
        P("collision layers for the ghost: it should ignore layer 2"),
        rd("scenes/enemies/ghost.tscn"),
        ed("scenes/enemies/ghost.tscn", "collision_mask = 3", "collision_mask = 1"),
        rd("project.godot"),
        get("https://docs.godotengine.org/en/stable/tutorials/physics/physics_introduction.html#collision-layers-and-masks"),
        sh(GUT),
        sh("gdformat scripts/enemies/ghost.gd"),
        P("commit yesterday's and today's work"),
        gst(),
        gadd("scripts", "scenes", "test", "devlog"),
        gcm("player: coyote time; enemies: ghost", E_GPG),
        P("grab the dialogue addon's repo url from the asset library"),
        get(ASSETLIB + "/1207"),
        get(ASSETLIB + "/1207/edit", "timeout after 10000 ms"),
        P("tomorrow: pair with Jonas on the boss arena"),
    ],
    [  # s4 Thu
        P("switched to the boss-arena branch with Jonas's new sprites — run the tests"),
        sh(GUT, E_IMPORT),
        sh("godot --headless --import"),
        sh(GUT),
        P("commit the pending work from this week first"),
        gst(),
        gcm("player: coyote time; enemies: ghost"),
        P("devlog entry for the boss arena"),
        glog(15),
        gdf("v0.7.1"),
        wr("devlog/2026-11-19.md"),
        P("boss arena camera limits"),
        rd("scenes/levels/boss_arena.tscn"),
        ed("scenes/levels/boss_arena.tscn", "limit_right = 10000000", "limit_right = 2560"),
        ed("scripts/camera/follow_camera.gd", "position = target.position", "position = position.lerp(target.position, 0.12)"),
        get("https://docs.godotengine.org/en/stable/classes/class_camera2d.html"),
        sh(GUT),
        P("look for a camera shake addon compatible with 4.3"),
        get(ASSETLIB + "?filter=camera&godot_version=4.3", "HTTP 502 Bad Gateway"),
        P("commit"),
        gdf(),
        gadd("scenes/levels/boss_arena.tscn", "scripts/camera/follow_camera.gd", "devlog/2026-11-19.md"),
        gcm("boss arena: camera limits and smoothing; devlog"),
        P("export a linux build for Jonas and record the preset bump"),
        sh('godot --headless --export-release "Linux/X11" build/linux/lantern_keeper.x86_64'),
        gadd("export_presets.cfg"),
        gcm("build: linux export preset 0.7.1"),
    ],
    [  # s5 Fri
        P("moth enemy drawn to the lantern light"),
        rd("scripts/enemies/slime.gd"),
        wr("scripts/enemies/moth.gd"),
        ed("scenes/levels/level_04.tscn", "[node name=\"Enemies\" type=\"Node2D\" parent=\".\"]",
           "[node name=\"Enemies\" type=\"Node2D\" parent=\".\"]\n[node name=\"Moth\" parent=\"Enemies\" instance=ExtResource(\"11_moth\")]"),
        sh(GUT),
        P("steering toward the light: read the lantern signal code"),
        rd("scripts/player/lantern.gd"),
        rd("scripts/enemies/moth.gd"),
        ed("scripts/enemies/moth.gd", "func _physics_process(delta):", "func _physics_process(delta):\n\tvar pull := _light_pull()"),
        sh(GUT),
        P("check the docs for light occluders"),
        get("https://docs.godotengine.org/en/stable/classes/class_lightoccluder2d.html"),
        P("commit"),
        gadd("scripts/enemies/moth.gd", "scenes/enemies/moth.tscn", "scenes/levels/level_04.tscn"),
        gcm("enemies: moth drawn to lantern", E_GPG),
        P("asset library: any good 2D light addon?"),
        get(ASSETLIB + "?filter=light&godot_version=4.3"),
        P("weekend"),
    ],
    [  # s6 Mon
        P("commit Friday's moth work"),
        gcm("enemies: moth drawn to lantern"),
        P("devlog entry for the moth"),
        glog(10),
        gdf("v0.7.2"),
        wr("devlog/2026-11-23.md"),
        P("pause menu: resume/options/quit"),
        wr("scenes/ui/pause_menu.tscn"),
        wr("scripts/ui/pause_menu.gd"),
        ed("project.godot", "[input]", "[input]\n\npause={\"deadzone\": 0.5, \"events\": [...]}"),
        get("https://docs.godotengine.org/en/stable/tutorials/scripting/pausing_games.html"),
        sh(GUT),
        sh("gdformat scripts/ui/pause_menu.gd"),
        P("commit"),
        gst(),
        gdf(),
        gadd("scenes/ui/pause_menu.tscn", "scripts/ui/pause_menu.gd", "project.godot", "devlog/2026-11-23.md"),
        gcm("ui: pause menu; devlog"),
        P("does the dialogue addon have a 4.3 release yet?"),
        get(ASSETLIB + "/1207"),
        get(ASSETLIB + "/1207/history", "ECONNRESET: socket hang up"),
        P("web export check"),
        sh('godot --headless --export-release "Web" build/web/index.html'),
        ls("build/web"),
        P("bump the version in the export presets and commit"),
        ed("export_presets.cfg", 'application/version="0.7.1"', 'application/version="0.7.2"'),
        gadd("export_presets.cfg"),
        gcm("build: export presets 0.7.2"),
        P("done"),
    ],
]

# ================================================================ journal 38: Terraform + Ansible homelab
PVE = "https://pve.lan:8006/api2/json"
J38 = [
    [  # s1 Mon
        P("new k3s worker VM on the proxmox box — add it to the inventory first"),
        rd("inventory/hosts.ini"),
        ed("inventory/hosts.ini", "[k3s_workers]\nk3s-w1 ansible_host=192.168.1.31",
           "[k3s_workers]\nk3s-w1 ansible_host=192.168.1.31\nk3s-w2 ansible_host=192.168.1.32"),
        sh("ansible -i inventory/hosts.ini k3s-w2 -m ping"),
        P("what VMs does proxmox currently have?"),
        get(PVE + "/nodes/pve/qemu"),
        get(PVE + "/nodes/pve/qemu/131/status/current"),
        get(PVE + "/nodes/pve/storage", "timeout after 5000 ms"),
        P("define the VM in terraform"),
        ls("terraform/proxmox"),
        rd("terraform/proxmox/vms.tf"),
        ed("terraform/proxmox/vms.tf", "# --- workers ---", "# --- workers ---\nresource \"proxmox_vm_qemu\" \"k3s_w2\" { ... }"),
        sh("terraform -chdir=terraform/proxmox plan -out=tfplan"),
        sh("terraform -chdir=terraform/proxmox apply tfplan"),
        P("check the backups share has room for another VM image"),
        sh("ssh root@nas.lan 'zfs list -o name,used,avail tank/backups'", E_SSH),
        P("commit"),
        gst(),
        gadd("inventory/hosts.ini", "terraform/proxmox/vms.tf"),
        gcm("k3s: add worker w2 (vm 132)"),
    ],
    [  # s2 Tue
        P("bump the proxmox provider to 3.0.1 and re-plan"),
        rd("terraform/proxmox/versions.tf"),
        ed("terraform/proxmox/versions.tf", 'version = "2.9.14"', 'version = "3.0.1-rc4"'),
        sh("terraform -chdir=terraform/proxmox plan -out=tfplan", E_TFLOCK),
        sh("terraform -chdir=terraform/proxmox init -upgrade"),
        sh("terraform -chdir=terraform/proxmox plan -out=tfplan"),
        P("provider changelog: anything breaking in 3.x?"),
        get("https://registry.terraform.io/v1/providers/Telmate/proxmox/versions"),
        get("https://registry.terraform.io/providers/Telmate/proxmox/latest/docs/guides/migration"),
        get("https://github.com/Telmate/terraform-provider-proxmox/releases/tag/v3.0.1-rc4"),
        P("apply, then run the k3s role on the new worker"),
        sh("terraform -chdir=terraform/proxmox apply tfplan"),
        sh("ansible-playbook -i inventory/hosts.ini k3s.yml --limit k3s-w2"),
        P("sanity: node list from the API"),
        get(PVE + "/nodes"),
        get(PVE + "/nodes/pve/qemu", "HTTP 401 No ticket"),
        P("commit"),
        gdf(),
        gadd("terraform/proxmox/versions.tf", "terraform/proxmox/.terraform.lock.hcl"),
        gcm("proxmox provider 3.0.1-rc4"),
    ],
    [  # s3 Wed
        P("add the pi-hole box to the inventory"),
        rd("inventory/hosts.ini"),
        ed("inventory/hosts.ini", "[dns]", "[dns]\npihole ansible_host=192.168.1.53"),
        sh("ansible -i inventory/hosts.ini pihole -m ping"),
        P("local DNS records for the new services"),
        ls("roles/pihole/templates"),
        rd("roles/pihole/templates/custom.list.j2"),
        ed("roles/pihole/templates/custom.list.j2", "192.168.1.31 k3s-w1.lan", "192.168.1.31 k3s-w1.lan\n192.168.1.32 k3s-w2.lan"),
        sh("ansible-lint roles/pihole"),
        sh("ansible-playbook -i inventory/hosts.ini pihole.yml --check --diff"),
        sh("ansible-playbook -i inventory/hosts.ini pihole.yml"),
        P("are last night's restic snapshots on the NAS?"),
        ls("/mnt/nas/restic", "ETIMEDOUT: connection timed out, scandir '/mnt/nas/restic'"),
        sh("ssh root@nas.lan 'restic -r /tank/restic snapshots --last'", E_SSH),
        P("commit"),
        gadd("inventory/hosts.ini", "roles/pihole/templates/custom.list.j2"),
        gcm("dns: pihole host and k3s worker records"),
    ],
    [  # s4 Thu
        P("grafana wants a persistent volume — which storage pools does proxmox have?"),
        get(PVE + "/nodes/pve/storage"),
        get(PVE + "/storage", "ECONNREFUSED: connect ECONNREFUSED 192.168.1.10:8006"),
        P("write the longhorn values for the k3s role"),
        ls("roles/k3s"),
        ls("roles/k3s/files"),
        rd("roles/k3s/defaults/main.yml"),
        wr("roles/k3s/files/longhorn-values.yaml"),
        ed("roles/k3s/tasks/main.yml", "- name: install traefik", "- name: install longhorn\n  ...\n- name: install traefik"),
        sh("ansible-lint roles/k3s"),
        sh("ansible-playbook -i inventory/hosts.ini k3s.yml --tags longhorn"),
        P("check the iso share for the debian netinst"),
        ls("/mnt/nas/iso", "ESTALE: stale file handle, scandir '/mnt/nas/iso'"),
        P("read the longhorn docs on replica count for small clusters"),
        get("https://longhorn.io/docs/1.7.2/references/settings/"),
        P("commit"),
        gst(),
        gdf(),
        gadd("roles/k3s"),
        gcm("k3s: longhorn with 2 replicas"),
    ],
    [  # s5 Fri
        P("new cloudflare provider version for the tunnel config — bump and plan"),
        rd("terraform/cloudflare/versions.tf"),
        ed("terraform/cloudflare/versions.tf", 'version = "~> 4.40"', 'version = "~> 4.48"'),
        sh("terraform -chdir=terraform/cloudflare plan", E_TFLOCK),
        sh("terraform -chdir=terraform/cloudflare init -upgrade"),
        sh("terraform -chdir=terraform/cloudflare plan"),
        P("add the printer to the inventory for the cups role"),
        rd("inventory/hosts.ini"),
        ed("inventory/hosts.ini", "[misc]", "[misc]\nprinter ansible_host=192.168.1.60"),
        sh("ansible -i inventory/hosts.ini printer -m ping"),
        P("snapshot usage per VM from the API"),
        get(PVE + "/nodes/pve/qemu/131/snapshot"),
        get(PVE + "/nodes/pve/qemu/132/snapshot"),
        get(PVE + "/nodes/pve/qemu/133/snapshot", "HTTP 595 Errors during connection establishment, proxy handler"),
        P("media share listing for the jellyfin role"),
        ls("roles/jellyfin/tasks"),
        ls("/mnt/nas/media", "ENOTCONN: socket is not connected, scandir '/mnt/nas/media'"),
        P("commit"),
        gadd("terraform/cloudflare"),
        gadd("inventory/hosts.ini"),
        gcm("cloudflare provider 4.48; printer host"),
    ],
    [  # s6 Mon
        P("weekly patching: dry run first"),
        sh("ansible-playbook -i inventory/hosts.ini patch.yml --check"),
        sh("ansible-playbook -i inventory/hosts.ini patch.yml --limit '!nas'"),
        P("check the NAS pool health"),
        sh("ssh root@nas.lan 'zpool status -x'", E_SSH),
        sh("ssh -o ConnectTimeout=5 root@nas.lan 'zpool status -x'", E_SSH),
        P("VM list after the reboots"),
        get(PVE + "/cluster/resources?type=vm"),
        P("are the backups visible at all?"),
        ls("/mnt/nas/backups", "EIO: i/o error, scandir '/mnt/nas/backups'"),
        P("look up the restic docs on repository locking"),
        get("https://restic.readthedocs.io/en/stable/100_references.html"),
        get("https://docs.ansible.com/ansible/latest/collections/ansible/builtin/reboot_module.html"),
        P("note it in the runbook and commit"),
        rd("docs/runbook.md"),
        ed("docs/runbook.md", "## NAS", "## NAS\n- 2026-11-23: unreachable since Monday, check the switch port"),
        gst(),
        gadd("docs/runbook.md"),
        gcm("runbook: NAS unreachable note"),
    ],
]

JOURNALS = {35: J35, 36: J36, 37: J37, 38: J38}


def duration_for(ability, args, err, rng):
    if ability == "shell.run":
        cmd = args["command"]
        if err and ("not found" in err or "No route" in err or "psql" in err):
            return round(rng.uniform(15, 60), 1)
        heavy = any(k in cmd for k in ("test", "latexmk", "make thesis", "apply", "ansible-playbook", "--import",
                                       "--export", "deps.get", "ecto.setup", "init"))
        return round(rng.uniform(4000, 24000) if heavy else rng.uniform(300, 3500), 1)
    if ability == "http.get":
        if err and err.startswith("timeout after"):
            return float(err.split()[2])
        return round(rng.uniform(90, 1400), 1)
    if ability.startswith("git."):
        return round(rng.uniform(8, 120), 1)
    return round(rng.uniform(0.6, 9.0), 1)


def build(num, sessions):
    rng = random.Random(9000 + num)
    events = []
    for si, steps in enumerate(sessions):
        sid = f"s{si + 1}"
        day = datetime.strptime(DAYS[si], "%Y-%m-%d").replace(tzinfo=timezone.utc)
        ts = day.timestamp() + 8 * 3600 + rng.randint(20, 50) * 60 + rng.randint(0, 59)
        first = True
        for step in steps:
            if step[0] == "progress":
                ts += 0 if first else rng.uniform(90, 1500)
                first = False
                events.append({"ts": round(ts, 1), "session": sid, "kind": "progress", "text": step[1]})
                ts += rng.uniform(3, 25)
            else:
                _, ability, args, err = step
                organ, ab = ability.split(".", 1)
                dur = duration_for(ability, args, err, rng)
                ev = {"ts": round(ts, 1), "session": sid, "kind": "call", "organ": organ, "ability": ab,
                      "args": args, "ok": err is None}
                if err is not None:
                    ev["error"] = err
                ev["duration_ms"] = dur
                events.append(ev)
                ts += dur / 1000.0 + rng.uniform(2, 40)
    return events


def main():
    for num, sessions in JOURNALS.items():
        events = build(num, sessions)
        with open(os.path.join(HERE, f"journal-{num}.jsonl"), "w", encoding="utf-8", newline="\n") as f:
            for ev in events:
                f.write(json.dumps(ev, ensure_ascii=False) + "\n")
        with open(os.path.join(HERE, f"journal-{num}.truth.json"), "w", encoding="utf-8", newline="\n") as f:
            json.dump(TRUTH[num], f, ensure_ascii=False, indent=2)
            f.write("\n")
        print(f"journal-{num}.jsonl: {len(events)} events")


if __name__ == "__main__":
    main()
