"""Hand-written intents over real-mcp.json (fresh-eval2). Personas first, then requests, then gold labels."""
from gold_helpers import S, A, prod, alt, write
import json

# ---- reusable slots (same action, different servers) ----
READ  = A("filesystem.read_text_file", "filesystem.read_file", "desktop.read_file", "serena.read_file")
EDIT  = A("filesystem.edit_file", "desktop.edit_block", "serena.replace_content")
WRITE = A("filesystem.write_file", "desktop.write_file", "serena.create_text_file")
LIST  = A("filesystem.list_directory", "filesystem.list_directory_with_sizes", "filesystem.directory_tree",
          "desktop.list_directory", "serena.list_dir")
GREP  = A("serena.search_for_pattern", "desktop.start_search")
SHELL = A("desktop.start_process", "serena.execute_shell_command")
MKDIR = A("filesystem.create_directory", "desktop.create_directory")
URL   = alt([["fetch.fetch"]], [["desktop.read_file"]],
            [["playwright.browser_navigate", "playwright.browser_snapshot"]],
            [["devtools.new_page", "devtools.take_snapshot"]], [["devtools.navigate_page", "devtools.take_snapshot"]])
C7    = S("context7.resolve-library-id", "context7.query-docs")
DS    = S("grafana.list_datasources")
PW_NAV = S("playwright.browser_navigate")
DT_NAV = A("devtools.new_page", "devtools.navigate_page")

def pw(*t): return [["playwright." + x for x in t]]
def dt(*t): return [["devtools." + x for x in t]]
def browser(pw_slots, dt_slots):  # each browser only with its own tools
    return alt(prod(*pw_slots), prod(*dt_slots))

P = {}   # persona -> description
R = []   # (persona, tags, intent, gold)
def persona(key, desc): P[key] = desc
def r(p, tags, intent, gold): R.append((p, tags, intent, gold))

persona("ci", "Marta, backend dev: her Python service's PR is red on GitHub Actions")
r("ci", "", "CI is red on my PR #412 in acme/billing, which checks failed?",
  S("github.get_pull_request_status"))
r("ci", "multi", "test_invoice_rounding passes locally but fails in CI. run `pytest tests/test_invoice.py -k rounding -x` here and paste me the failure",
  SHELL)
r("ci", "multi", "open .github/workflows/ci.yml and bump the python version in the matrix from 3.10 to 3.12",
  prod(READ, EDIT))
r("ci", "multi", "stage the workflow file and commit it as 'ci: bump python to 3.12'",
  S("git.git_add", "git.git_commit"))
r("ci", "", "what's the diff between main and my branch fix/rounding",
  S("git.git_diff"))
r("ci", "multi", "once the checks on acme/billing#412 are green, squash-merge it",
  S("github.get_pull_request_status", "github.merge_pull_request"))
r("ci", "notool", "quick q: whats the difference between a github actions matrix build and a reusable workflow?",
  [])

persona("sre", "Dev, SRE paged at 3am for the checkout service")
r("sre", "multi", "paged for high 5xx on checkout-api. pull the 5xx rate from prometheus for the last hour",
  prod(DS, S("grafana.query_prometheus")))
r("sre", "", "grab the last 200 log lines of the checkout-api pods in namespace prod",
  alt(S("kubernetes.kubectl_logs"), prod(DS, S("grafana.query_loki_logs"))))
r("sre", "multi", "ack the oncall alert group for checkout and put a 2h silence on the HighErrorRate alert",
  S("grafana.list_alert_groups", "grafana.update_alert_group", "grafana.alerting_silences_write"))
r("sre", "", "roll back the checkout-api deployment in prod to the previous revision",
  S("kubernetes.kubectl_rollout"))
r("sre", "multi", "who is on call right now on the payments schedule? I need a second pair of eyes",
  S("grafana.list_oncall_schedules", "grafana.get_current_oncall_users"))
r("sre", "multi", "open a sev2 incident 'Checkout 5xx spike' and add a note to its timeline that we rolled back at 03:12 UTC",
  S("grafana.create_incident", "grafana.add_activity_to_incident"))
r("sre", "multi", "take sentry issue CHECKOUT-3F2 and file a Jira bug in OPS with its title, stack trace and the sentry link",
  S("sentry.get_sentry_resource", "atlassian.jira_create_issue"))
r("sre", "multi", "sentry: what's the top unresolved error in checkout-api since the deploy, and have seer tell me the root cause",
  S("sentry.search_issues", "sentry.analyze_issue_with_seer"))

persona("pm", "Priya, product manager living in Jira and Confluence")
r("pm", "typo", "list all open bugs in projcet PAY asigned to me",
  S("atlassian.jira_search"))
r("pm", "multi", "create a story in PAY 'Export invoices as CSV' and put it into the current sprint of the PAY board",
  S("atlassian.jira_create_issue", "atlassian.jira_get_agile_boards", "atlassian.jira_get_sprints_from_board", "atlassian.jira_add_issues_to_sprint"))
r("pm", "multi", "move PAY-231 to In Review",
  alt(S("atlassian.jira_get_transitions", "atlassian.jira_transition_issue"), S("atlassian.jira_update_issue")))
r("pm", "short", "hours logged on PAY-198?",
  S("atlassian.jira_get_worklog"))
r("pm", "", "summarize the PRD page 'Invoice Export v2' in the PAY confluence space for me",
  S("atlassian.confluence_get_page"))
r("pm", "notool", "what's a good template for acceptance criteria on a user story? given/when/then or something better?",
  [])
r("pm", "multi", "release 2.4 is out. create fix version 2.5 in PAY, and link PAY-240 as blocking PAY-241",
  S("atlassian.jira_create_version", "atlassian.jira_create_issue_link"))

persona("fe", "Tomás, frontend dev debugging the checkout page of a React app on localhost")
r("fe", "multi", "open localhost:3000/checkout and tell me what errors show up in the console",
  browser([PW_NAV, pw("browser_console_messages")], [DT_NAV, dt("list_console_messages")]))
r("fe", "multi long", "the 'Place order' button does nothing when I click it, no error, nothing. can you go to http://localhost:3000/checkout, click it yourself and check which network request fires (if any) and what it returns?",
  browser([PW_NAV, pw("browser_snapshot"), pw("browser_click"), pw("browser_network_requests")],
          [DT_NAV, dt("take_snapshot"), dt("click"), dt("list_network_requests")]))
r("fe", "multi", "why is .cart-summary overlapping the footer on localhost:3000/cart? look at the css rules that apply to it",
  alt(prod(DT_NAV, dt("take_snapshot", "get_css_styles")), prod(PW_NAV, pw("browser_evaluate"))))
r("fe", "multi", "take a screenshot of the current page in dark mode",
  alt(pw("browser_emulate_media", "browser_take_screenshot"), dt("emulate", "take_screenshot")))
r("fe", "multi", "run a lighthouse audit on https://staging.shop.example.com and list the accessibility failures",
  prod(DT_NAV, dt("lighthouse_audit")))
r("fe", "typo", "fix the typo 'Chekout' -> 'Checkout' in src/components/CheckoutButton.tsx",
  EDIT)

persona("docs", "Lena, tech writer moving docs between Confluence and Notion")
r("docs", "multi", "find the Notion page called 'Onboarding checklist' and add a bullet 'Request VPN access' at the end",
  alt(S("notion.API-post-search", "notion.API-patch-block-children"),
      S("notion.API-post-search", "notion.API-retrieve-page-markdown", "notion.API-update-page-markdown")))
r("docs", "multi", "copy the Confluence page 'API Style Guide' (space ENG) into a new Notion page under 'Engineering Wiki'",
  alt(S("atlassian.confluence_get_page", "notion.API-post-search", "notion.API-post-page")))
r("docs", "multi", "comment on the 'Q3 Roadmap' confluence page (space PM) that the dates slipped by two weeks",
  alt(S("atlassian.confluence_get_page", "atlassian.confluence_add_comment"),
      S("atlassian.confluence_search", "atlassian.confluence_add_comment")))
r("docs", "multi", "what changed in the 'Deploy Runbook' page (OPS space) between version 7 and 9?",
  alt(S("atlassian.confluence_get_page", "atlassian.confluence_get_page_diff"),
      S("atlassian.confluence_search", "atlassian.confluence_get_page_diff")))
r("docs", "notool", "turn this markdown table into a bulleted list: | name | role |\n|---|---|\n| Ana | owner |\n| Ben | reviewer |",
  [])
r("docs", "lang", "Zeig mir bitte alle Seiten im Confluence-Space DOCS als Baum",
  S("atlassian.confluence_get_space_page_tree"))

persona("k8s", "Jun, platform engineer running the staging and prod clusters")
r("k8s", "short typo", "which pods are crashloopin in stagign?",
  S("kubernetes.kubectl_get"))
r("k8s", "", "describe pod api-7d9f5c in ns staging, I want to know why it got OOMKilled",
  S("kubernetes.kubectl_describe"))
r("k8s", "", "drain node ip-10-0-3-17.ec2.internal, we are patching it",
  S("kubernetes.node_management"))
r("k8s", "multi typo", "swich my kube contxt to prod-eu and list the deployments in default",
  S("kubernetes.kubectl_context", "kubernetes.kubectl_get"))

persona("oss", "Sam, open-source maintainer triaging octo-org/widget on GitHub")
r("oss", "", "list open issues labelled bug in octo-org/widget",
  alt(S("github.list_issues"), S("github.search_issues")))
r("oss", "multi", "#93 is the same crash as #88 in octo-org/widget. close 93 as duplicate with a comment pointing to #88",
  S("github.add_issue_comment", "github.update_issue"))
r("oss", "multi", "review PR #120 in octo-org/widget: go over the changed files and request changes because there are no tests",
  S("github.get_pull_request_files", "github.create_pull_request_review"))
r("oss", "multi", "pull the README.md of acme/pay-sdk from github and save it locally as docs/sdk-readme.md",
  prod(S("github.get_file_contents"), WRITE))
r("oss", "multi", "Jira ticket PAY-301 is really a bug in our open source SDK. create a github issue in acme/pay-sdk with the same title and description",
  S("atlassian.jira_get_issue", "github.create_issue"))
r("oss", "notool short", "thx, that's all for now!",
  [])

persona("refac", "Olu, refactoring a large Python codebase with a symbol-aware agent")
r("refac", "", "rename class InvoiceMgr to InvoiceManager across the whole codebase",
  alt(S("serena.rename_symbol"), S("serena.replace_in_files")))
r("refac", "", "who calls calculate_tax()? list every call site",
  alt(S("serena.find_referencing_symbols"), GREP))
r("refac", "", "give me an overview of the classes and functions in billing/models.py",
  alt(S("serena.get_symbols_overview"), READ))
r("refac", "", "remove the helper _legacy_round, but only if nothing references it anymore",
  alt(S("serena.safe_delete_symbol")))
r("refac", "", "add a to_dict() method right after __init__ in class Invoice",
  alt(S("serena.insert_after_symbol"), prod(READ, EDIT)))
r("refac", "", "any type errors in billing/tax.py?",
  alt(S("serena.get_diagnostics_for_file"), SHELL))
r("refac", "notool", "whats the difference between @staticmethod and @classmethod in python",
  [])

persona("tz", "Aiko, engineering manager coordinating a team spread over many time zones")
r("tz", "world short", "what time is it in Bangalore right now?",
  S("time.get_current_time"))
r("tz", "world", "standup is 9:30 in San Francisco, what's that for the folks in Berlin and Tokyo?",
  S("time.convert_time"))
r("tz", "lang world", "¿qué hora es ahora mismo en Ciudad de México?",
  S("time.get_current_time"))
r("tz", "world", "if we ship at 17:00 Lisbon time, what time is it then in São Paulo?",
  S("time.convert_time"))
r("tz", "notool world", "what's the IANA time zone name for Kathmandu?",
  [])
r("tz", "world typo", "whats the time in auckalnd atm",
  S("time.get_current_time"))

persona("learn", "Noor, new hire learning the stack and reading docs")
r("learn", "multi", "how do I configure retries on an httpx client? check the latest docs, not your memory",
  C7)
r("learn", "", "read https://peps.python.org/pep-0723/ and give me a 5-line summary",
  URL)
r("learn", "multi", "what does React's useTransition do? use up-to-date docs pls",
  C7)
r("learn", "", "how do I set up the sentry sdk in a fastapi app? look it up in sentry's docs",
  alt(S("sentry.search_docs"), C7))
r("learn", "notool world", "what file extension do TypeScript files with JSX use?",
  [])

persona("qa", "Ines, QA engineer scripting end-to-end checks in a browser")
r("qa", "multi", "log into https://staging.app.example.com as qa@example.com / hunter2 and check that the dashboard says 'Welcome'",
  browser([PW_NAV, pw("browser_snapshot"), A("playwright.browser_fill_form", "playwright.browser_type"), pw("browser_click")],
          [DT_NAV, dt("take_snapshot"), A("devtools.fill_form", "devtools.fill"), dt("click")]))
r("qa", "multi", "on the profile page that's open, upload tests/fixtures/avatar.png into the avatar file input",
  alt(pw("browser_snapshot", "browser_click", "browser_file_upload"), dt("take_snapshot", "upload_file")))
r("qa", "short", "a confirm() dialog popped up when deleting the row, accept it",
  alt(pw("browser_handle_dialog"), dt("handle_dialog")))
r("qa", "multi", "resize the browser to 375x812 and screenshot the nav menu",
  alt(pw("browser_resize", "browser_take_screenshot"), dt("resize_page", "take_screenshot"), dt("emulate", "take_screenshot")))
r("qa", "lang multi", "en el formulario abierto, selecciona 'Alemania' en el desplegable de país y pulsa Enviar",
  alt(pw("browser_snapshot", "browser_select_option", "browser_click"), pw("browser_snapshot", "browser_fill_form", "browser_click"),
      dt("take_snapshot", "fill", "click"), dt("take_snapshot", "fill_form", "click")))

persona("perf", "Karl, performance engineer chasing latency and memory issues")
r("perf", "multi", "record a performance trace while https://shop.example.com loads and tell me the LCP",
  prod(DT_NAV, dt("performance_start_trace")))
r("perf", "lang", "页面内存一直在涨，帮我抓一个 heap snapshot 看看",
  dt("take_heapsnapshot"))
r("perf", "multi", "cpu profile the checkout service in pyroscope for the last 30 min, which functions are hottest?",
  prod(DS, S("grafana.query_pyroscope")))
r("perf", "multi", "p99 latency of checkout-api from the http_request_duration_seconds histogram over the last 6h",
  prod(DS, A("grafana.query_prometheus_histogram", "grafana.query_prometheus")))
r("perf", "multi", "find traces slower than 2s for service cart in tempo",
  prod(DS, S("grafana.search_tempo_traces")))

persona("mem", "Ana, a developer who uses the agent as a long-term notebook")
r("mem", "", "remember that the staging DB password rotates on the 1st of every month and that Ana owns it",
  alt(S("memory.create_entities"), S("memory.add_observations"), S("serena.write_memory")))
r("mem", "", "what do you remember about Ana?",
  alt(A("memory.search_nodes", "memory.open_nodes", "memory.read_graph"), S("serena.list_memories", "serena.read_memory")))
r("mem", "", "forget everything about the old legacy-billing project",
  alt(S("memory.delete_entities"), S("serena.list_memories", "serena.delete_memory")))
r("mem", "long", "think this through step by step before answering: we have three services writing to the users table and need a zero-downtime migration to split it into users and profiles, plan the phases",
  S("thinking.sequentialthinking"))

persona("rel", "Chris, release manager cutting release 2.5 of acme/billing")
r("rel", "", "show me the last 15 commits on main with authors",
  alt(S("git.git_log"), S("github.list_commits")))
r("rel", "multi", "create branch release/2.5 from main and switch to it",
  alt(S("git.git_create_branch", "git.git_checkout")))
r("rel", "short", "what's in commit 4f2a9c1?",
  S("git.git_show"))
r("rel", "multi", "list the sentry releases for project web and tell me which one introduced the most new issues",
  S("sentry.find_releases", "sentry.search_issues"))
r("rel", "multi", "annotate the grafana 'Checkout Overview' dashboard with 'release 2.5 deployed' right now",
  S("grafana.search_dashboards", "grafana.create_annotation"))
r("rel", "", "open a PR from release/2.5 into main in acme/billing titled 'Release 2.5'",
  S("github.create_pull_request"))
r("rel", "", "I accidentally staged .env, unstage everything",
  S("git.git_reset"))

persona("misc", "assorted developers typing quickly, in several languages")
r("misc", "typo short", "git stauts",
  S("git.git_status"))
r("misc", "lang", "帮我看看 src/config 目录下面都有哪些文件",
  LIST)
r("misc", "multi", "create the folder docs/adr and write a first ADR 0001-use-postgres.md with the usual Nygard template",
  prod(MKDIR, WRITE))
r("misc", "multi long typo", "ok so yesterday i was hacking on the payments thing and i think i left some debug prints around, not sure where exactly, can you find the print( calls under src/payments and remove the debugging ones (only those obviously, keep the cli output ones) and then show me the diff before i commit anything",
  prod(GREP, EDIT, S("git.git_diff_unstaged")))
r("misc", "notool short", "hi! how are you today?",
  [])
r("misc", "notool lang", "Kannst du mir kurz erklären, was der Unterschied zwischen git rebase und git merge ist?",
  [])
r("misc", "notool world short", "capital of australia?",
  [])

if __name__ == "__main__":
    write("real-mcp-fresh2.jsonl", "rm2", [(i, g) for _, _, i, g in R])
    with open("real-mcp-fresh2.meta.jsonl", "w") as f:
        for k, (p, t, i, g) in enumerate(R, 1):
            f.write(json.dumps({"id": f"rm2-{k:03d}", "persona": p, "tags": t.split()}, ensure_ascii=False) + "\n")
    json.dump(P, open("real-mcp-fresh2.personas.json", "w"), indent=1, ensure_ascii=False)
