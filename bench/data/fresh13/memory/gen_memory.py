#!/usr/bin/env python3
"""Regenerates journal-47..50.jsonl and their .truth.json byte-for-byte (data inline, stdlib only)."""
import json, os, random

HERE = os.path.dirname(os.path.abspath(__file__))
DAY0 = 1763971200  # 2025-11-24 00:00 UTC (a Monday); sessions are Mon..Fri + next Mon
DAY_OFFSETS = [0, 1, 2, 3, 4, 7]

# ---- call helpers: each returns (organ, ability, args, error-or-None) ----
def rd(p, err=None): return ("fs", "read_file", {"path": p}, err)
def wr(p, content="..."): return ("fs", "write_file", {"path": p, "content": content}, None)
def ed(p, old, new, err=None): return ("fs", "edit_file", {"path": p, "edits": [{"oldText": old, "newText": new}]}, err)
def ls(p, err=None): return ("fs", "list_directory", {"path": p}, err)
def sh(c, err=None): return ("shell", "run", {"command": c}, err)
def gs(): return ("git", "status", {}, None)
def gd(target=None): return ("git", "diff", {"target": target} if target else {}, None)
def ga(*files): return ("git", "add", {"files": list(files)}, None)
def gc(msg, err=None): return ("git", "commit", {"message": msg}, err)
def gl(n=10): return ("git", "log", {"max_count": n}, None)
def hg(u, err=None): return ("http", "get", {"url": u}, err)
def P(text): return ("P", text)

def build(sessions, seed):
    rnd = random.Random(seed)
    events = []
    for si, items in enumerate(sessions):
        sess = "s%d" % (si + 1)
        t = DAY0 + DAY_OFFSETS[si] * 86400 + 8 * 3600 + 30 * 60 + rnd.randint(0, 3600)
        for it in items:
            if it[0] == "P":
                t += rnd.randint(60, 900)
                events.append({"ts": float(t), "session": sess, "kind": "progress", "text": it[1]})
                continue
            organ, ability, args, err = it
            t += rnd.randint(4, 90)
            if organ == "shell":
                dur = round(rnd.uniform(300, 60000), 1)
            elif organ == "http":
                dur = round(rnd.uniform(80, 3000), 1)
            else:
                dur = round(rnd.uniform(0.8, 40), 1)
            ev = {"ts": float(t) + rnd.randint(0, 9) / 10.0, "session": sess, "kind": "call", "organ": organ,
                  "ability": ability, "args": args, "ok": err is None, "duration_ms": dur}
            if err is not None:
                ev["error"] = err
            events.append(ev)
            t += int(dur / 1000)
    return events

JOURNALS = {}

# =====================================================================================
# journal-47: Erlang/OTP service "ledgerd" built with rebar3 (cowboy API, common_test)
# =====================================================================================
HEX = "https://repo.hex.pm"
ENO_SYS = "ENOENT: no such file or directory, open '/home/dev/ledgerd/config/sys.config'"
ERLCALL = "erl_call: failed to connect to node ledgerd@devbox (errno 111)"
CT_FAIL = ("===> Erlang distribution failed, falling back to nonode@nohost: "
           "{{shutdown,{failed_to_start_child,net_kernel,{'EXIT',nodistribution}}}}\n"
           "===> Error running tests")
CT_BAD = "rebar3 ct --suite apps/ledger/test/ledger_api_SUITE"
CT_GOOD = "rebar3 ct --sname ct_ledger --suite apps/ledger/test/ledger_api_SUITE"
J47 = [
 [  # s1
  P("get the dev env building again after the OTP 27 upgrade"),
  rd("rebar.config"), sh("rebar3 compile"), hg(HEX + "/packages/cowboy"),
  P("where does the ledger read its listen port from"),
  rd("config/sys.config", ENO_SYS), ls("config"), rd("config/sys.config.src"),
  P("add GET /accounts/:id/balance to the cowboy handler"),
  rd("apps/ledger/src/ledger_http.erl"), rd("apps/ledger/src/ledger_store.erl"),
  ed("apps/ledger/src/ledger_http.erl", "routes() ->", "routes() ->\n    %% balance"),
  ed("apps/ledger/src/ledger_store.erl", "-export([", "-export([balance/1, "),
  sh("rebar3 eunit --module=ledger_store_tests"),
  P("run the whole common test suite"),
  sh("rebar3 ct"),
  P("commit the balance endpoint"),
  gs(), gd(), ga("apps/ledger/src/ledger_http.erl", "apps/ledger/src/ledger_store.erl"),
  gc("Add balance endpoint"), gl(3),
  P("done for today"),
 ],
 [  # s2
  P("morning: the api suite must pass on the new laptop"),
  sh(CT_BAD, CT_FAIL), sh("epmd -names"), sh(CT_GOOD),
  P("check whether cowlib has a newer patch release"),
  hg(HEX + "/packages/cowlib", "HTTP 503 Service Unavailable"), hg(HEX + "/packages/cowlib"),
  P("poke the running node for its status"),
  sh("erl_call -sname ledgerd -a 'ledger_admin status []'", ERLCALL), sh("ps aux | grep beam.smp"),
  P("cut release 1.4.0"),
  gl(20), ed("CHANGELOG.md", "## Unreleased", "## 1.4.0"), sh("rebar3 as prod tar"), ga("CHANGELOG.md", "rebar.config"),
  P("commit and tag 1.4.0"),
  gc("Release 1.4.0"),
  P("fix the compiler warning in ledger_sup"),
  rd("apps/ledger/src/ledger_sup.erl"), ed("apps/ledger/src/ledger_sup.erl", "Children = [", "Children = ["),
  sh("rebar3 compile"), sh("rebar3 xref"), gd(),
 ],
 [  # s3
  P("look at the idempotency key bug from the support queue"),
  rd("apps/ledger/src", "EISDIR: illegal operation on a directory, read"),
  rd("apps/ledger/src/ledger_srv.erl"),
  ed("apps/ledger/src/ledger_srv.erl", "handle_call({post, Tx}", "handle_call({post, #{key := K} = Tx}"),
  ed("apps/ledger/src/ledger_srv.erl", "ok = store(Tx)", "ok = store_once(K, Tx)"),
  sh("rebar3 eunit"), sh("rebar3 ct --suite apps/ledger/test/ledger_srv_SUITE"),
  P("what is the node cookie set to in the release config"),
  rd("config/sys.config", ENO_SYS), rd("config/vm.args.src"),
  P("check the jsx changelog before bumping it"),
  hg(HEX + "/packages/jsx"), hg(HEX + "/api/packages/jsx", "connect ETIMEDOUT 104.18.12.29:443"),
  hg(HEX + "/api/packages/jsx"),
  P("release 1.4.1 with the idempotency fix"),
  gl(5), ed("CHANGELOG.md", "## Unreleased", "## 1.4.1"), sh("rebar3 as prod tar"), ga("CHANGELOG.md", "apps/ledger/src/ledger_srv.erl"),
  P("commit it"),
  gc("Release 1.4.1: idempotent posts"),
 ],
 [  # s4
  P("today: property tests for the transfer logic"),
  ls("apps/ledger/test"), wr("apps/ledger/test/prop_transfer.erl", "-module(prop_transfer)."),
  ed("rebar.config", "{deps, [", "{deps, [proper, "), sh("rebar3 proper -m prop_transfer"),
  sh("rebar3 proper -m prop_transfer -n 1000"),
  P("the api suite again on the CI image"),
  sh(CT_BAD, CT_FAIL), sh(CT_GOOD),
  P("is proper's latest version on hex compatible"),
  hg(HEX + "/api/packages/proper", "HTTP 429 Too Many Requests"),
  P("attach to the node and dump the ets table sizes"),
  sh("erl_call -sname ledgerd -a 'ets i []'", ERLCALL),
  P("write down the transfer invariants in the docs"),
  rd("doc/design.md"), ed("doc/design.md", "## Invariants", "## Invariants\n- sum of balances is constant"),
  rd("README.md"),
  P("commit the property tests"),
  gs(), ga("apps/ledger/test/prop_transfer.erl", "rebar.config", "doc/design.md"), gc("Add transfer property tests"),
 ],
 [  # s5
  P("dialyzer cleanup day"),
  sh("rebar3 dialyzer"), rd("apps/ledger/src/ledger_store.erl"),
  ed("apps/ledger/src/ledger_store.erl", "-spec balance(binary()) -> integer().", "-spec balance(binary()) -> {ok, integer()} | {error, not_found}."),
  ed("apps/ledger/src/ledger_http.erl", "Bal = ledger_store:balance(Id)", "{ok, Bal} = ledger_store:balance(Id)"),
  sh("rebar3 dialyzer"), sh("rebar3 ct"),
  P("ship 1.5.0 with the dialyzer fixes"),
  gl(15), ed("CHANGELOG.md", "## Unreleased", "## 1.5.0"), sh("rebar3 as prod tar"), ga("CHANGELOG.md", "apps/ledger/src/ledger_store.erl"),
  P("commit the release"),
  gc("Release 1.5.0"),
  P("check the live node's message queue lengths"),
  sh("erl_call -sname ledgerd -a 'erlang processes []'", ERLCALL),
  P("look up the telemetry package docs"),
  hg(HEX + "/packages/telemetry"), hg("https://hexdocs.pm/telemetry/readme.html"),
  hg(HEX + "/api/packages/telemetry_metrics", "HTTP 503 Service Unavailable"),
 ],
 [  # s6
  P("format the code base before the review"),
  sh("erlfmt --check 'apps/ledger/src/*.erl'", "erlfmt: 2 files are not formatted: apps/ledger/src/ledger_http.erl, apps/ledger/src/ledger_srv.erl"),
  sh("erlfmt -w 'apps/ledger/src/*.erl'"),
  P("the new CI runner fails the api suite"),
  sh(CT_BAD, CT_FAIL), rd("rebar.config"), sh(CT_GOOD),
  P("the ops team asks for the shutdown timeout in sys.config"),
  rd("config/sys.config", ENO_SYS), rd("config/sys.config.src"), ed("config/sys.config.src", "{shutdown_time, 5000}", "{shutdown_time, 30000}"),
  P("check the OTP 27 release notes for the json module"),
  hg("https://www.erlang.org/doc/apps/stdlib/json.html"), hg("https://github.com/erlang/otp/releases/tag/OTP-27.1"),
  hg(HEX + "/packages/jsx"), hg("https://hexdocs.pm/jsx/readme.html"),
  P("commit formatting and the timeout"),
  gd(), ga("apps/ledger/src/ledger_http.erl", "apps/ledger/src/ledger_srv.erl", "config/sys.config.src"),
  gc("Format code, raise shutdown timeout"),
 ],
]
T47 = {
 "planted": [
  {"id": "j47-p1", "kind": "pitfall", "ability": "shell.run", "anchor": "erl_call",
   "description": "erl_call to the running ledgerd node always fails with 'failed to connect to node' (the node runs with a different name/cookie); 3 failures in s2, s4, s5, never fixed."},
  {"id": "j47-p2", "kind": "pitfall", "ability": "fs.read_file", "anchor": "sys.config",
   "description": "config/sys.config does not exist (the release uses config/sys.config.src); read fails with ENOENT in s1, s3, s6 and is never read successfully."},
  {"id": "j47-p3", "kind": "rule", "ability": "shell.run", "anchor": "rebar3",
   "description": "rebar3 ct of ledger_api_SUITE fails because Erlang distribution cannot start (nodistribution); passing --sname ct_ledger fixes it (s2, s4, s6)."},
  {"id": "j47-p4", "kind": "playbook", "ability": "git.log", "anchor": "CHANGELOG.md",
   "description": "Cutting a release: git.log -> fs.edit_file CHANGELOG.md -> shell.run 'rebar3 as prod tar' -> git.add (s2, s3, s5)."},
  {"id": "j47-p5", "kind": "weak_link", "ability": "http.get", "anchor": "repo.hex.pm",
   "description": "http.get to repo.hex.pm: 10 calls, 6 ok (60%); 503, 429 and timeouts, usually fine on retry."},
 ],
 "queries": [
  {"q": "morning! can we poke at the live ledgerd node today and see what it's doing", "planted_id": "j47-p1"},
  {"q": "hey, ops wants a quick look at process counts on the running node, via the shell tools", "planted_id": "j47-p1"},
  {"q": "dobré ráno, dnes se potřebuju připojit k běžícímu uzlu ledgerd a něco prozkoumat", "planted_id": "j47-p1"},
  {"q": "today we change some runtime settings of the release, like the listen port", "planted_id": "j47-p2"},
  {"q": "can we look at how the ledger app is configured at boot? ops has questions", "planted_id": "j47-p2"},
  {"q": "let's tweak the release config for the kernel logger level", "planted_id": "j47-p2"},
  {"q": "let's get the api common test suite green on the new CI box", "planted_id": "j47-p3"},
  {"q": "morning, I want to run the ct suites locally before lunch", "planted_id": "j47-p3"},
  {"q": "habari! leo tunaendesha majaribio ya common test ya ledger api", "planted_id": "j47-p3"},
  {"q": "time to ship ledgerd 1.6.0, can you prep the release?", "planted_id": "j47-p4"},
  {"q": "we need a patch relase for the rounding fix today", "planted_id": "j47-p4"},
  {"q": "let's cut the next version and tarball it for ops", "planted_id": "j47-p4"},
  {"q": "today: check which hex packages have updates before we bump deps", "planted_id": "j47-p5"},
  {"q": "can you look up the latest cowboy version on hex for me", "planted_id": "j47-p5"},
  {"q": "let's audit our hex dependencies for anything outdated", "planted_id": "j47-p5"},
 ],
 "negatives": [
  "today we rewrite the changelog format to Keep a Changelog style, no release involved",
  "let's add a common test suite for the new reporting module from scratch",
  "can we clean up the vm.args.src comments? just docs, no config change",
  "morning! let's add pagination to the accounts listing endpoint",
  "today: refactor ledger_store to use a map instead of a proplist",
  "can you explain how our supervision tree restarts the store process?",
  "let's write eunit tests for the currency rounding helper",
  "we should rename the ledger_http module to ledger_api, let's do that",
 ],
 "notes": "Erlang/OTP 27 service built with rebar3. The release playbook segment is git.log, fs.edit_file, shell.run, git.add (the commit follows in its own segment). One-off noise: reading a directory instead of ledger_srv.erl (EISDIR, s3 only), erlfmt --check then erlfmt -w (s6 only).",
}
JOURNALS[47] = (J47, T47)

# =====================================================================================
# journal-48: Hugo documentation site "acme-docs" (Docsy theme, deployed on Netlify)
# =====================================================================================
NETLIFY = "https://acme-docs.netlify.app"
BIND = "Error: command error: listen tcp 127.0.0.1:1313: bind: address already in use"
VALE = "E100 [loadStyles] Runtime error\n\nstyle 'Acme' does not exist on StylesPath: '/home/dev/acme-docs/.vale/styles'"
NOMATCH = "Could not find exact match for edit:\n<oldText not present in file>"
FOUND2 = "Found 2 occurrences of oldText, expected exactly 1"
MODIFIED = "File was modified since it was last read; read it again before editing"
EACCES = "EACCES: permission denied, open '/home/dev/acme-docs/layouts/partials/footer.html'"
J48 = [
 [  # s1
  P("the Docsy update broke the site, let's get it building again"),
  rd("hugo.toml"), sh("hugo version"), sh("hugo mod get -u github.com/google/docsy"), sh("hugo --minify"),
  P("start the local preview"),
  sh("hugo server -D", BIND), sh("lsof -i :1313"), sh("hugo server -D --port 1314"),
  P("fix the broken alert shortcode on the install page"),
  rd("content/en/docs/install.md"),
  ed("content/en/docs/install.md", "{{< alert color=\"warning\" >}}", "{{% alert color=\"warning\" %}}", NOMATCH),
  wr("content/en/docs/install.md", "---\ntitle: Install\n---\n"), rd("layouts/shortcodes/alert.html"),
  P("run the prose linter over the docs"),
  sh("vale content/en/docs", VALE),
  P("commit the shortcode fix"),
  gs(), ga("content/en/docs/install.md"), gc("Fix alert shortcode on install page"),
 ],
 [  # s2
  P("write the release notes page for 2.7"),
  ls("content/en/releases"), sh("hugo new content content/en/releases/v2.7.md"),
  wr("content/en/releases/v2.7.md", "---\ntitle: v2.7\n---\n"), ga("content/en/releases/v2.7.md"),
  P("preview the notes"),
  sh("hugo server -D", BIND), sh("hugo server -D --port 1314"),
  P("is the deployed install page fine?"),
  hg(NETLIFY + "/docs/Install", "HTTP 404 Not Found"), hg(NETLIFY + "/docs/install/"),
  P("bump the version shown in the navbar"),
  rd("hugo.toml"), ed("hugo.toml", "version = \"2.6\"", "version = \"2.7\""),
  ed("content/en/_index.md", "Version 2.6", "Version 2.7", FOUND2), wr("content/en/_index.md", "---\ntitle: Acme\n---\n"),
  P("commit the release notes"),
  gc("Add 2.7 release notes, bump version"),
 ],
 [  # s3
  P("the search page is slow, how big is the lunr index"),
  sh("hugo --minify --templateMetrics"), ls("public"), rd("layouts/_default/index.json"), sh("du -sh public/index.json"),
  P("trim the search index template"),
  ed("layouts/_default/index.json", "\"content\": .Plain", "\"summary\": .Summary", MODIFIED),
  rd("layouts/_default/index.json"), wr("layouts/_default/index.json", "{{- $pages := where .Site.RegularPages \"Section\" \"docs\" -}}"),
  P("check the deployed quickstart"),
  hg(NETLIFY + "/docs/Quickstart", "HTTP 404 Not Found"), hg(NETLIFY + "/docs/quickstart/"),
  P("lint the prose again"),
  sh("vale content/en/docs", VALE), rd(".vale.ini"),
  P("how do taxonomies work in current hugo"),
  hg("https://gohugo.io/content-management/taxonomies/"),
  P("commit the index change"),
  gd(), ga("layouts/_default/index.json"), gc("Trim search index"),
 ],
 [  # s4
  P("release notes for 2.8"),
  ls("content/en/releases"), sh("hugo new content content/en/releases/v2.8.md"),
  wr("content/en/releases/v2.8.md", "---\ntitle: v2.8\n---\n"), ga("content/en/releases/v2.8.md"),
  P("preview server for the PM review"),
  sh("hugo server -D", BIND), sh("hugo server -D --port 1314"), sh("curl -sI http://localhost:1314/"),
  P("rewrite the API reference intro"),
  rd("content/en/docs/reference/_index.md"),
  ed("content/en/docs/reference/_index.md", "The REST API", "The Acme REST API", NOMATCH),
  ed("content/en/docs/reference/auth.md", "API key", "API token"),
  ed("content/en/docs/reference/errors.md", "## Codes", "## Error codes"),
  P("docsy navbar options"),
  hg("https://www.docsy.dev/docs/adding-content/navigation/"),
  P("commit reference and notes"),
  gs(), gd(), ga("content/en/docs/reference", "content/en/releases/v2.8.md"), gc("2.8 notes, reference wording"),
 ],
 [  # s5
  P("German translation of the landing page"),
  ls("content/en"), sh("mkdir -p content/de"), wr("content/de/_index.md", "---\ntitle: Acme Dokumentation\n---\n"),
  ed("hugo.toml", "[languages.en]", "[languages.de]\nweight = 2\n[languages.en]"), sh("hugo --minify"),
  P("prose lint, German included"),
  sh("vale content/en/docs content/de", VALE),
  P("the FAQ has a duplicated heading"),
  ed("content/en/docs/faq.md", "## Billing", "## Billing and invoices", FOUND2), wr("content/en/docs/faq.md", "---\ntitle: FAQ\n---\n"),
  P("read up on multilingual menus"),
  hg("https://gohugo.io/content-management/multilingual/"), hg("https://gohugo.io/content-management/menus/"),
  P("commit the translation"),
  ga("content/de/_index.md", "hugo.toml", "content/en/docs/faq.md"), gc("Add German landing page"),
 ],
 [  # s6
  P("2.9 release notes"),
  ls("content/en/releases"), sh("hugo new content content/en/releases/v2.9.md"),
  wr("content/en/releases/v2.9.md", "---\ntitle: v2.9\n---\n"), ga("content/en/releases/v2.9.md"),
  P("commit the notes"),
  gc("Add 2.9 release notes"),
  P("verify the deployed pricing page"),
  hg(NETLIFY + "/docs/Pricing", "HTTP 404 Not Found"), hg(NETLIFY + "/docs/pricing/"), hg(NETLIFY + "/"),
  P("bump the footer year in the theme override"),
  ed("layouts/partials/footer.html", "2024", "2025", EACCES), sh("chmod u+w layouts/partials/footer.html"),
  wr("layouts/partials/footer.html", "<footer>&copy; 2025 Acme</footer>"),
  P("postcss deps for the scss pipeline"),
  sh("npm ci", "npm ERR! code EUSAGE"), sh("npm install"),
  P("final build and link check"),
  sh("hugo --minify"), sh("htmltest"), sh("du -sh public"),
 ],
]
T48 = {
 "planted": [
  {"id": "j48-p1", "kind": "pitfall", "ability": "shell.run", "anchor": "vale",
   "description": "vale (prose linter) always fails: E100 style 'Acme' missing from StylesPath; 3 failures in s1, s3, s5, never fixed."},
  {"id": "j48-p2", "kind": "rule", "ability": "shell.run", "anchor": "hugo",
   "description": "hugo server -D fails because port 1313 is taken; hugo server -D --port 1314 works (s1, s2, s4)."},
  {"id": "j48-p3", "kind": "rule", "ability": "http.get", "anchor": "acme-docs.netlify.app",
   "description": "Deployed pages 404 with capitalised paths without trailing slash (/docs/Install); lower-case path with trailing slash works (s2, s3, s6)."},
  {"id": "j48-p4", "kind": "playbook", "ability": "fs.list_directory", "anchor": "releases",
   "description": "Release notes page: fs.list_directory content/en/releases -> shell.run 'hugo new content ...' -> fs.write_file -> git.add (s2, s4, s6)."},
  {"id": "j48-p5", "kind": "weak_link", "ability": "fs.edit_file", "anchor": "edit_file",
   "description": "fs.edit_file: 10 calls, 4 ok (40%) - oldText not found, ambiguous matches, stale reads, permissions; the agent falls back to write_file."},
 ],
 "queries": [
  {"q": "let's do a style pass on the docs wording today", "planted_id": "j48-p1"},
  {"q": "can we get the docs prose consistent with our style guide before the launch?", "planted_id": "j48-p1"},
  {"q": "godmorgen! i dag gennemgår vi sproget i dokumentationen", "planted_id": "j48-p1"},
  {"q": "morning, I need a local preview of the docs so the PM can click around", "planted_id": "j48-p2"},
  {"q": "let's run the site locally and look at the new navigation", "planted_id": "j48-p2"},
  {"q": "can you spin up the hugo preveiw for me?", "planted_id": "j48-p2"},
  {"q": "after lunch, can we smoke-test the published docs site?", "planted_id": "j48-p3"},
  {"q": "let's verify the live docs pages after yesterday's deploy", "planted_id": "j48-p3"},
  {"q": "the PM wants a sign-off on the production docs after the deploy, let's go through it", "planted_id": "j48-p3"},
  {"q": "3.0 is out, we need the release notes page today", "planted_id": "j48-p4"},
  {"q": "hari ini kita tulis catatan rilis untuk versi baru", "planted_id": "j48-p4"},
  {"q": "time to do the changelog page for the new version on the docs site", "planted_id": "j48-p4"},
  {"q": "today is a round of small wording fixes across lots of docs pages", "planted_id": "j48-p5"},
  {"q": "let's fix typos in the FAQ, install and reference pages", "planted_id": "j48-p5"},
  {"q": "can we tweak a few sentences in the theme partials and the landing page?", "planted_id": "j48-p5"},
 ],
 "negatives": [
  "let's write a contributor style guide page, just the content",
  "can we document in CONTRIBUTING which port the preview uses?",
  "let's add an RSS feed template for the release notes section",
  "today: add a dark mode toggle to the docs theme",
  "can we move search from lunr to Algolia?",
  "let's convert the screenshots to WebP",
  "morning! reorder the tutorials in the sidebar",
  "add Open Graph tags to the base template please",
 ],
 "notes": "Hugo + Docsy docs site deployed on Netlify. The edit_file weak link is ability-wide; every failed edit is followed by a write_file of the same file, never a second edit, so it does not form a rule. One-off noise: npm ci -> npm install (s6 only), chmod after EACCES (s6 only).",
}
JOURNALS[48] = (J48, T48)

# =====================================================================================
# journal-49: GnuCOBOL nightly payroll batch "PAYRUN"
# =====================================================================================
FILEGW = "http://filegw.payroll.internal"
GNUCOBOL = "https://gnucobol.sourceforge.io/doc/gnucobol.html"
WIKI = "https://wiki.payroll.internal/display/PAY"
COBC_BAD = "cobc -x -o bin/payrun src/PAYRUN.cbl"
COBC_GOOD = "cobc -x -I copybooks -o bin/payrun src/PAYRUN.cbl"
CPY_ERR = "src/PAYRUN.cbl:14: error: PAYREC.cpy: No such file or directory"
MODERR = "libcob: error: module 'PAYCALC' not found"
J49 = [
 [  # s1
  P("last night's PAYRUN failed, let's start from the top"),
  rd("jcl/run_nightly.sh"), rd("src/PAYRUN.cbl"),
  P("rebuild the main program"),
  sh(COBC_BAD, CPY_ERR), sh(COBC_GOOD), sh("cobc -m -o bin/PAYCALC.so src/PAYCALC.cbl"),
  P("run the batch through the module runner"),
  sh("cobcrun PAYRUN", MODERR), sh("./bin/payrun --date 2025-11-21"),
  P("widen GROSS-PAY in the record layout"),
  ed("copybooks/PAYREC.cpy", "05 GROSS-PAY PIC 9(7)V99.", "05 GROSS-PAY PIC 9(9)V99."), sh("make all"), gd(),
  gc("Widen GROSS-PAY to 9(9)V99"),
  P("pull tonight's input files from the gateway"),
  hg(FILEGW + "/inbound/EMPLOYEES.dat"), hg(FILEGW + "/inbound/TIMECARD.dat", "HTTP 502 Bad Gateway"),
  hg(FILEGW + "/inbound/TIMECARD.dat"),
 ],
 [  # s2
  P("check last night's run output"),
  ls("spool"), rd("spool/PAYRUN.sysout"), sh("./bin/payrun --date 2025-11-24 --restart-from STEP030"),
  P("recompile after pulling main"),
  sh(COBC_BAD, CPY_ERR), sh(COBC_GOOD),
  P("the tax table needs the 2026 brackets"),
  rd("data/ref/TAXTBL.dat"), ed("data/ref/TAXTBL.dat", "2025", "2026"),
  ed("src/PAYTAX.cbl", "OCCURS 7 TIMES", "OCCURS 8 TIMES"), sh("make test"),
  P("fetch the new brackets file"),
  hg(FILEGW + "/ref/TAXTBL-2026.dat", "read ECONNRESET"), hg(FILEGW + "/ref/TAXTBL-2026.dat"),
  P("GnuCOBOL docs on intrinsic functions"),
  hg(GNUCOBOL + "#Intrinsic-Functions"),
  P("commit the tax table"),
  gs(), ga("data/ref/TAXTBL.dat", "src/PAYTAX.cbl"), gc("2026 tax brackets"),
 ],
 [  # s3
  P("the sysout from last night again"),
  ls("spool"), rd("spool/PAYRUN.sysout"), sh("./bin/payrun --date 2025-11-25 --restart-from STEP040"),
  P("run it via cobcrun like the runbook says"),
  sh("cobcrun PAYRUN", MODERR), rd("Makefile"),
  P("the sort step uses the wrong input name"),
  sh("sort -k 1,10 data/in/TIME.dat -o data/work/TIME.srt", "sort: cannot read: data/in/TIME.dat: No such file or directory"),
  sh("sort -k 1,10 data/in/TIMECARD.dat -o data/work/TIME.srt"),
  ed("jcl/run_nightly.sh", "data/in/TIME.dat", "data/in/TIMECARD.dat"),
  P("pull the inputs"),
  hg(FILEGW + "/inbound/EMPLOYEES.dat"), hg(FILEGW + "/inbound/TIMECARD.dat"),
  P("commit the script fix"),
  gd(), ga("jcl/run_nightly.sh"), gc("Fix timecard input name in sort step"),
 ],
 [  # s4
  P("add a deduction code for the bike scheme"),
  ed("copybooks/PAYREC.cpy", "88 DED-PENSION VALUE 'P'.", "88 DED-PENSION VALUE 'P'.\n88 DED-BIKE VALUE 'B'."),
  sh("make all"), gd(), gc("Add DED-BIKE to PAYREC"),
  P("deduction logic in PAYCALC"),
  rd("src/PAYCALC.cbl"), ed("src/PAYCALC.cbl", "WHEN DED-PENSION", "WHEN DED-BIKE\n    PERFORM CALC-BIKE\nWHEN DED-PENSION"),
  sh("cobc -m -o bin/PAYCALC.so src/PAYCALC.cbl"), sh("make test"),
  P("run it the runbook way"),
  sh("cobcrun PAYRUN", MODERR), sh("./bin/payrun --date 2025-11-26"),
  P("get the bike scheme enrolment file"),
  hg(FILEGW + "/inbound/BIKESCHEME.csv", "HTTP 504 Gateway Timeout"),
  P("what does the wiki say about deduction codes"),
  hg(WIKI + "/Deduction+codes"),
 ],
 [  # s5
  P("HR changed the overtime multiplier"),
  ed("copybooks/PAYREC.cpy", "OT-RATE PIC 9V99 VALUE 1.50", "OT-RATE PIC 9V99 VALUE 1.75"), sh("make all"), gd(),
  gc("Overtime multiplier 1.75"),
  P("recompile main on the build box"),
  sh(COBC_BAD, CPY_ERR), sh(COBC_GOOD), sh("./bin/payrun --date 2025-11-27 --dry-run"),
  P("pull inputs for the dry run"),
  hg(FILEGW + "/inbound/EMPLOYEES.dat", "HTTP 502 Bad Gateway"), hg(WIKI + "/File+gateway+runbook"),
  P("GnuCOBOL docs on COMP-3"),
  hg(GNUCOBOL + "#USAGE"),
  P("update the runbook notes in the repo"),
  rd("docs/RUNBOOK.md"), ed("docs/RUNBOOK.md", "## Overtime", "## Overtime (1.75 from Dec)"), ga("docs/RUNBOOK.md"),
  gc("Runbook: overtime change"),
 ],
 [  # s6
  P("monday: check the weekend run"),
  ls("spool"), rd("spool/PAYRUN.sysout"), sh("./bin/payrun --date 2025-11-28 --restart-from STEP030"),
  P("look at the tax subroutine"),
  rd("src/PAYTAX.cob", "ENOENT: no such file or directory, open '/home/batch/payrun/src/PAYTAX.cob'"), rd("src/PAYTAX.cbl"),
  P("pull the year-end file"),
  hg(FILEGW + "/inbound/YEAREND.dat"),
  P("gnucobol docs on file status codes"),
  hg(GNUCOBOL + "#File-Status-Codes"),
  P("run the test suite"),
  sh("make test"), sh("make coverage"),
  P("where are we on the branch"),
  gl(5), gs(),
 ],
]
T49 = {
 "planted": [
  {"id": "j49-p1", "kind": "pitfall", "ability": "shell.run", "anchor": "cobcrun",
   "description": "cobcrun PAYRUN always fails: libcob module 'PAYCALC' not found (module path not set); 3 failures in s1, s3, s4, never fixed (the agent runs ./bin/payrun instead)."},
  {"id": "j49-p2", "kind": "rule", "ability": "shell.run", "anchor": "cobc",
   "description": "cobc -x of PAYRUN.cbl fails with PAYREC.cpy not found; adding -I copybooks fixes it (s1, s2, s5)."},
  {"id": "j49-p3", "kind": "playbook", "ability": "fs.list_directory", "anchor": "PAYRUN.sysout",
   "description": "Morning triage of the nightly run: fs.list_directory spool -> fs.read_file spool/PAYRUN.sysout -> shell.run ./bin/payrun --restart-from (s2, s3, s6)."},
  {"id": "j49-p4", "kind": "playbook", "ability": "fs.edit_file", "anchor": "PAYREC.cpy",
   "description": "Record layout change: fs.edit_file copybooks/PAYREC.cpy -> shell.run make all -> git.diff -> git.commit (s1, s4, s5)."},
  {"id": "j49-p5", "kind": "weak_link", "ability": "http.get", "anchor": "filegw.payroll.internal",
   "description": "http.get to the file gateway filegw.payroll.internal: 10 calls, 6 ok (60%); 502, 504, connection resets; fine on retry."},
 ],
 "queries": [
  {"q": "morning, let's run the batch the way the runbook describes", "planted_id": "j49-p1"},
  {"q": "today I want to try running PAYRUN as a module instead of the executable", "planted_id": "j49-p1"},
  {"q": "dzień dobry! dziś odpalamy batch przez runner modułów, jak w runbooku", "planted_id": "j49-p1"},
  {"q": "let's rebuild the main payroll program after the merge", "planted_id": "j49-p2"},
  {"q": "can we recompile PAYRUN on the new build box today?", "planted_id": "j49-p2"},
  {"q": "fresh checkout, need to compile everything from scratch", "planted_id": "j49-p2"},
  {"q": "let's get the nightly COBOL batch green again", "planted_id": "j49-p3"},
  {"q": "morning! what happend with last night's payroll run?", "planted_id": "j49-p3"},
  {"q": "the weekend batch didn't finish, can we restart it where it stopped?", "planted_id": "j49-p3"},
  {"q": "HR wants a new field in the employee pay record", "planted_id": "j49-p4"},
  {"q": "today: change the record layout for the pension fields", "planted_id": "j49-p4"},
  {"q": "Dobré ráno, dnes měníme layout záznamu v copybooku", "planted_id": "j49-p4"},
  {"q": "let's pull tonight's input files and check them", "planted_id": "j49-p5"},
  {"q": "we need the new reference files from the transfer gateway", "planted_id": "j49-p5"},
  {"q": "can you grab the year end extract for accounting?", "planted_id": "j49-p5"},
 ],
 "negatives": [
  "let's write a short explainer of the module runner for the new hire, docs only",
  "can we document the compiler flags we use in the README?",
  "today we archive old sysout files to cold storage, nothing else",
  "let's add a report of payroll totals per department",
  "can we convert the tax table to a sequential indexed file?",
  "morning! review the PAYTAX rounding with the accountant",
  "let's write unit tests for the date conversion paragraph",
  "can you explain what the STEP040 in the nightly script does?",
 ],
 "notes": "GnuCOBOL 3.2 batch (cobc, cobcrun, a shell driver). Two playbooks in this journal. One-off noise: a wrong sort input name fixed at once (s3 only); a wrong source file extension (s6 only).",
}
JOURNALS[49] = (J49, T49)

# =====================================================================================
# journal-50: Bazel (bzlmod) monorepo "orbit": Go services, a web frontend, protos
# =====================================================================================
BCR = "https://bcr.bazel.build"
GH = "https://github.com"
SKIP_ERR = ("ERROR: Skipping '//services/...': no such package 'services/legacy_billing': "
            "BUILD file not found in any of the following directories.")
BZT_BAD = "bazel test //services/..."
BZT_GOOD = "bazel test -- //services/... -//services/legacy_billing/..."
FMT_ERR = "./tools/format.sh: line 14: clang-format-17: command not found"
OUTBASE = "/home/dev/.cache/bazel/_bazel_dev/5f1c2d9e7a3b/execroot/_main/bazel-out/k8-fastbuild/bin"
J50 = [
 [  # s1
  P("bump rules_go, the new Go toolchain needs it"),
  ed("MODULE.bazel", "bazel_dep(name = \"rules_go\", version = \"0.49.0\")", "bazel_dep(name = \"rules_go\", version = \"0.50.1\")"),
  sh("bazel mod tidy"), ga("MODULE.bazel", "MODULE.bazel.lock"), gc("Bump rules_go to 0.50.1"),
  P("check that rules_go release"),
  hg(BCR + "/modules/rules_go/0.50.1/MODULE.bazel"), hg(GH + "/bazelbuild/rules_go/releases/tag/v0.50.1"),
  P("format everything before the PR"),
  sh("./tools/format.sh", FMT_ERR), sh("bazel run //:gazelle"), sh("git diff --stat"),
  P("build the api service and look at the outputs"),
  sh("bazel build //services/api:api"),
  ls("bazel-bin/services/api/api_", "Access denied - path outside allowed directories: " + OUTBASE + "/services/api/api_"),
  ls("services/api"), rd("services/api/BUILD.bazel"),
 ],
 [  # s2
  P("the services test target is broken on main"),
  sh(BZT_BAD, SKIP_ERR), sh("bazel query 'kind(go_test, //services/...)'"), sh(BZT_GOOD),
  P("go mod tidy after adding the otel dependency"),
  sh("go mod tidy", "go: go.mod requires go >= 1.23 (running go 1.22.5; GOTOOLCHAIN=local)"),
  sh("GOTOOLCHAIN=auto go mod tidy"), sh("bazel run //:gazelle"),
  P("is rules_oci on the registry yet"),
  hg(BCR + "/modules/rules_oci/metadata.json", "HTTP 503 Service Unavailable"), hg(BCR + "/modules/rules_oci/metadata.json"),
  hg(GH + "/bazel-contrib/rules_oci/releases"),
  P("where do the test logs end up"),
  ls("bazel-testlogs/services", "ELOOP: too many symbolic links encountered, scandir '/home/dev/orbit/bazel-testlogs/services'"),
  rd(".bazelrc"),
  P("commit the otel dependency"),
  gs(), gd(), ga("go.mod", "go.sum", "services/api/BUILD.bazel"), gc("Add OpenTelemetry to api"),
 ],
 [  # s3
  P("bump the protobuf module"),
  ed("MODULE.bazel", "bazel_dep(name = \"protobuf\", version = \"28.2\")", "bazel_dep(name = \"protobuf\", version = \"29.0\")"),
  sh("bazel mod tidy"), ga("MODULE.bazel", "MODULE.bazel.lock"), gc("Bump protobuf to 29.0"),
  P("check protobuf 29 on the registry"),
  hg(BCR + "/modules/protobuf/metadata.json", "connect ETIMEDOUT 34.117.59.81:443"),
  hg(GH + "/protocolbuffers/protobuf/releases/tag/v29.0"), hg("https://pkg.go.dev/google.golang.org/protobuf"),
  P("format the tree"),
  sh("./tools/format.sh", FMT_ERR),
  P("web frontend build"),
  sh("bazel build //web:dist"),
  ls("bazel-bin/web/dist", "ENOENT: no such file or directory, scandir '/home/dev/orbit/bazel-bin/web/dist'"), ls("web/src"),
  sh("bazel cquery --output=files //web:dist"),
  P("the frontend BUILD file needs the new asset glob"),
  rd("web/BUILD.bazel"), ed("web/BUILD.bazel", "srcs = glob([\"src/**/*.ts\"])", "srcs = glob([\"src/**/*.ts\", \"src/**/*.svg\"])"),
  sh("bazel build //web:dist"),
 ],
 [  # s4
  P("services tests again after the merge"),
  sh(BZT_BAD, SKIP_ERR), sh(BZT_GOOD),
  P("format before the review"),
  sh("./tools/format.sh", FMT_ERR), rd("tools/format.sh"),
  P("inspect the generated proto go code"),
  ls("bazel-bin/proto/orbit/v1", "Access denied - path outside allowed directories: " + OUTBASE + "/proto/orbit/v1"),
  ls("proto/orbit"), sh("bazel build //proto/orbit/v1:orbit_go_proto"),
  P("rules_go docs for go_embed_data"),
  hg(GH + "/bazelbuild/rules_go/blob/master/docs/go/core/rules.md"), hg(BCR + "/modules/rules_go/metadata.json"),
  hg("https://pkg.go.dev/embed"),
  P("commit the proto comment fix"),
  gd(), ga("proto/orbit/v1/ledger.proto"), gc("Proto: document ledger fields"),
 ],
 [  # s5
  P("CI: services tests on the release branch"),
  sh(BZT_BAD, SKIP_ERR), rd(".bazelrc"), sh(BZT_GOOD),
  P("api BUILD needs the new dep"),
  rd("services/api/BUILD", "ENOENT: no such file or directory, open '/home/dev/orbit/services/api/BUILD'"),
  rd("services/api/BUILD.bazel"),
  ed("services/api/BUILD.bazel", "deps = [", "deps = [\n        \"//libs/auth\","),
  sh("bazel test //services/api:api_test"), sh("bazel run //:gazelle"),
  P("is rules_oci 2.0.1 published"),
  hg(BCR + "/modules/rules_oci/2.0.1/MODULE.bazel", "HTTP 502 Bad Gateway"),
  P("list the api test logs"),
  ls("bazel-testlogs/services/api", "ELOOP: too many symbolic links encountered, scandir '/home/dev/orbit/bazel-testlogs/services/api'"),
  ls("services"),
  P("slog docs"),
  hg("https://pkg.go.dev/log/slog"),
 ],
 [  # s6
  P("bump rules_oci now that 2.0.1 is out"),
  ed("MODULE.bazel", "bazel_dep(name = \"rules_oci\", version = \"1.8.0\")", "bazel_dep(name = \"rules_oci\", version = \"2.0.1\")"),
  sh("bazel mod tidy"), ga("MODULE.bazel", "MODULE.bazel.lock"), gc("Bump rules_oci to 2.0.1"),
  P("registry check for the rules_oci module file"),
  hg(BCR + "/modules/rules_oci/2.0.1/MODULE.bazel", "HTTP 503 Service Unavailable"),
  hg(BCR + "/modules/rules_oci/2.0.1/MODULE.bazel"), hg("https://pkg.go.dev/github.com/google/go-containerregistry"),
  P("image build output"),
  sh("bazel build //services/api:image"),
  ls("bazel-bin/services/api/image", "ENOENT: no such file or directory, scandir '/home/dev/orbit/bazel-bin/services/api/image'"),
  sh("bazel cquery --output=files //services/api:image"),
  P("what landed this week"),
  gl(20), sh("bazel test //libs/..."),
 ],
]
T50 = {
 "planted": [
  {"id": "j50-p1", "kind": "pitfall", "ability": "shell.run", "anchor": "format.sh",
   "description": "./tools/format.sh always fails: clang-format-17 not installed; 3 failures in s1, s3, s4, never fixed."},
  {"id": "j50-p2", "kind": "rule", "ability": "shell.run", "anchor": "bazel",
   "description": "bazel test //services/... fails on the BUILD-less services/legacy_billing; excluding it (bazel test -- //services/... -//services/legacy_billing/...) works (s2, s4, s5)."},
  {"id": "j50-p3", "kind": "playbook", "ability": "fs.edit_file", "anchor": "MODULE.bazel",
   "description": "Module bump: fs.edit_file MODULE.bazel -> shell.run bazel mod tidy -> git.add -> git.commit (s1, s3, s6)."},
  {"id": "j50-p4", "kind": "weak_link", "ability": "http.get", "anchor": "bcr.bazel.build",
   "description": "http.get to the Bazel Central Registry bcr.bazel.build: 8 calls, 4 ok (50%); 503, 502, timeouts."},
  {"id": "j50-p5", "kind": "weak_link", "ability": "fs.list_directory", "anchor": "list_directory",
   "description": "fs.list_directory: 10 calls, 4 ok (40%) - bazel-bin/bazel-testlogs symlinks point outside the allowed directories, loop or are not built yet."},
 ],
 "queries": [
  {"q": "morning! let's clean up formatting across the repo before the big PR", "planted_id": "j50-p1"},
  {"q": "can we make the code style consistent in the C++ and proto files today?", "planted_id": "j50-p1"},
  {"q": "let's run the formatter on everything and commit", "planted_id": "j50-p1"},
  {"q": "let's get the services tests green again on main", "planted_id": "j50-p2"},
  {"q": "today: run the whole backend test suite before the release cut", "planted_id": "j50-p2"},
  {"q": "Доброго ранку! Сьогодні ганяємо тести сервісів у Bazel", "planted_id": "j50-p2"},
  {"q": "we need to upgrade rules_python, can you take it?", "planted_id": "j50-p3"},
  {"q": "time to bump a couple of bazel deps in the module file", "planted_id": "j50-p3"},
  {"q": "let's upgrade gazelle to the lastest version today", "planted_id": "j50-p3"},
  {"q": "can we see what versions of rules_rust are available before upgrading?", "planted_id": "j50-p4"},
  {"q": "today let's check the registry for newer versions of our bazel modules", "planted_id": "j50-p4"},
  {"q": "morning, is there a new aspect_rules_js out? let's look it up", "planted_id": "j50-p4"},
  {"q": "I want to poke around the build outputs of the api binary today", "planted_id": "j50-p5"},
  {"q": "let's look at what the test runs left behind in the logs folders", "planted_id": "j50-p5"},
  {"q": "vamos a revisar los artefactos generados por bazel para el frontend", "planted_id": "j50-p5"},
 ],
 "negatives": [
  "let's write down our formatting conventions in CONTRIBUTING.md, no tooling changes",
  "can we add a new test target for the auth library?",
  "let's document in the README how the module file is organised",
  "morning! add a healthz endpoint to the api service",
  "today we split the ledger proto into two files",
  "can you explain how our remote cache is configured?",
  "let's add a go_binary for the migration tool",
  "refactor the web frontend router into smaller components",
 ],
 "notes": "Bazel 7 monorepo with bzlmod (rules_go, rules_oci, protobuf), Go services and a web frontend. Two weak links: the BCR host and fs.list_directory ability-wide (no failure signature repeats more than twice). One-off noise: go mod tidy needing GOTOOLCHAIN=auto (s2 only), a BUILD vs BUILD.bazel path slip (s5 only).",
}
JOURNALS[50] = (J50, T50)

def main():
    for n in sorted(JOURNALS):
        sessions, truth = JOURNALS[n]
        events = build(sessions, seed=1300 + n)
        with open(os.path.join(HERE, "journal-%d.jsonl" % n), "w", encoding="utf-8", newline="\n") as f:
            for e in events:
                f.write(json.dumps(e, ensure_ascii=False) + "\n")
        with open(os.path.join(HERE, "journal-%d.truth.json" % n), "w", encoding="utf-8", newline="\n") as f:
            f.write(json.dumps(truth, ensure_ascii=False, indent=1) + "\n")
        print("journal-%d: %d events" % (n, len(events)))

if __name__ == "__main__":
    main()
