#!/usr/bin/env python3
# Hand-written chat-thread messages for real-mcp.json; gold labelled from the catalogue.
import json, itertools
R = ["filesystem.read_text_file"], ["filesystem.read_file"], ["desktop.read_file"], ["serena.read_file"]
READ = [list(x) for x in R]
SHELL = [["desktop.start_process"], ["serena.execute_shell_command"]]
EDIT = [["filesystem.edit_file"], ["desktop.edit_block"], ["serena.replace_content"]]
WRITE = [["filesystem.write_file"], ["desktop.write_file"], ["serena.create_text_file"]]
LS = [["filesystem.list_directory"], ["desktop.list_directory"], ["serena.list_dir"]]
FIND = [["filesystem.search_files"], ["desktop.start_search"], ["serena.find_file"]]
GREP = [["serena.search_for_pattern"], ["desktop.start_search"]]
PAGE = [["playwright.browser_navigate", "playwright.browser_snapshot"], ["devtools.navigate_page", "devtools.take_snapshot"], ["devtools.new_page", "devtools.take_snapshot"]]
WEB = [["fetch.fetch"], ["playwright.browser_navigate", "playwright.browser_snapshot"]]
DOCS = [["context7.resolve-library-id", "context7.query-docs"]]
def S(*a): return [list(a)]
def X(*groups):
    """cross product of alternative groups -> gold_any"""
    out = []
    for combo in itertools.product(*groups):
        s = []
        for part in combo:
            for t in part:
                if t not in s: s.append(t)
        out.append(s)
    return out
I = [
# --- backend dev, git
("ok stage evrything in src/billing and commit it as 'fix rounding on Stripe invoices'", S("git.git_add", "git.git_commit")),
("wait what did i change? show me the unstaged diff before i commit", S("git.git_diff_unstaged")),
("make a branch called hotfix/paypal-webhook off main and switch to it", S("git.git_create_branch", "git.git_checkout")),
("who touched teh Dockerfile last? gimme the last 5 commits", S("git.git_log")),
("oops unstage all that, I added the .env by mistake", S("git.git_reset")),
("grab sentry issue WEB-3KQ (the NullPointer in checkout) and open a github issue for it on acme/webshop w/ the stack trace", [["sentry.get_sentry_resource", "github.create_issue"], ["sentry.search_issues", "github.create_issue"], ["sentry.search_issue_events", "github.create_issue"]]),
("ok now push that to origin", SHELL),
("diff main vs feature/checkout-v2 pls, only care about the API folder", S("git.git_diff")),
# --- code reading / editing
("open config/settings.py and bump the Redis timeout from 5 to 30", X(READ, EDIT)),
("where is `calculate_vat` defined? and who calls it", [["serena.find_symbol", "serena.find_referencing_symbols"]]),
("rename the class OrderMgr to OrderManager everywhere", S("serena.rename_symbol")),
("grep the repo for TODO(security) comments", GREP),
("can u find every file called docker-compose*.yml in this monorepo", FIND),
("create a CHANGELOG.md with a 1.4.0 section saying we dropped Python 3.8", WRITE),
("run the pytest suite for the payments module and tell me what fails", SHELL),
("give me an overview of whats in services/auth/session.py — classes, functions", S("serena.get_symbols_overview")),
("move docs/old_readme.md into archive/ and rename it readme-2022.md", [["filesystem.move_file"], ["desktop.move_file"]]),
("show me the folder tree of the frontend/ dir", [["filesystem.directory_tree"], ["desktop.list_directory"], ["serena.list_dir"]]),
("read package.json and tsconfig.json and tell me why the path aliases dont resolve", [["filesystem.read_multiple_files"], ["desktop.read_multiple_files"]] + X(READ)),
("the dev server on port 3000 is hung, kill it", [["desktop.list_processes", "desktop.kill_process"], ["desktop.start_process"], ["serena.execute_shell_command"]]),
("start `npm run dev` and tell me when it says ready", [["desktop.start_process", "desktop.read_process_output"]]),
# --- GitHub
("open a PR from feature/dark-mode into main on acme/webshop, title 'Dark mode v1'", S("github.create_pull_request")),
("did CI pass on PR #482 in acme/webshop?", S("github.get_pull_request_status")),
("what files does PR 482 touch? and what did the reviewers say", [["github.get_pull_request_files", "github.get_pull_request_reviews"], ["github.get_pull_request_files", "github.get_pull_request_comments"]]),
("merge it — PR #482 on acme/webshop, squash pls", S("github.merge_pull_request")),
("file a bug on acme/webshop: checkout button dead on Safari 17", S("github.create_issue")),
("any open issues labelled 'good first issue' in vercel/next.js?", [["github.list_issues"], ["github.search_issues"]]),
("checkout-api in shop-prod keeps restarting — check the pod logs and whether sentry has matching errors", [["kubernetes.kubectl_logs", "sentry.search_issues"], ["kubernetes.kubectl_get", "kubernetes.kubectl_logs", "sentry.search_issues"]]),
("PR 77 is behind main, update the branch", S("github.update_pull_request_branch")),
("leave a comment on issue #12 in acme/infra saying 'fixed in 3.1.2, closing' and close it", S("github.add_issue_comment", "github.update_issue")),
# --- SRE / Grafana / k8s
("what did the logs say around 3am for the checkout service? loki, prod", S("grafana.query_loki_logs")),
("whos on call 4 the payments team this wk", [["grafana.list_oncall_schedules", "grafana.get_current_oncall_users"]]),
("p99 latency for the api gateway over the last hour pls", [["grafana.query_prometheus_histogram"], ["grafana.query_prometheus"]]),
("ack that alert group, im looking at it", S("grafana.update_alert_group")),
("opn an incident 'EU checkout down', sev critical asap", S("grafana.create_incident")),
("silence the DiskFull alerts on db-03 for 2h, we're migrating", S("grafana.alerting_silences_write")),
("find the 'Kafka consumers' dashboard and send me a link", S("grafana.search_dashboards", "grafana.generate_deeplink")),
("which pods r crashlooping in namespace shop-prod", S("kubernetes.kubectl_get")),
("same for staging — tail the logs of the cart-api deployment in shop-staging", S("kubernetes.kubectl_logs")),
("scale cart-api to 6 replicas in prod, black friday traffic", S("kubernetes.kubectl_scale")),
("roll back the search deployment, last release broke it", S("kubernetes.kubectl_rollout")),
("why is pod orders-7f9c pending? describe it", S("kubernetes.kubectl_describe")),
("forward local 5432 to the postgres service in shop-staging so i can psql in", S("kubernetes.port_forward")),
# --- Sentry
("any new sentry errors in the ios app since yesterday's release?", [["sentry.search_issues"], ["sentry.find_releases", "sentry.search_issues"]]),
("use seer on PROJ-1A2 and tell me the root cause", S("sentry.analyze_issue_with_seer")),
("whats the DSN for our android project in sentry?", [["sentry.find_dsns"], ["sentry.find_projects", "sentry.find_dsns"]]),
# --- PM / Jira / Confluence / Notion
("move PAY-1422 to In Review", [["atlassian.jira_transition_issue"], ["atlassian.jira_get_transitions", "atlassian.jira_transition_issue"]]),
("what's left in the current sprint for the Mobile board?", [["atlassian.jira_get_agile_boards", "atlassian.jira_get_sprints_from_board", "atlassian.jira_get_sprint_issues"]]),
("create a jira ticket in OPS: rotate the Cloudflare API tokens, assign it to Marta", [["atlassian.jira_create_issue", "atlassian.jira_assign_issue"], ["atlassian.jira_create_issue", "atlassian.jira_search_assignable_users", "atlassian.jira_assign_issue"], ["atlassian.jira_create_issue"]]),
("take github issue #91 from acme/webshop and copy it into jira project WEB", S("github.get_issue", "atlassian.jira_create_issue")),
("find the confluence page about the on-call runbook and add a section on Redis failover", S("atlassian.confluence_search", "atlassian.confluence_update_page")),
("write up the postmortem as a new confluence page in the SRE space", S("atlassian.confluence_create_page")),
("add 'need design sign-off' as a comment on my notion page Q3 Roadmap", S("notion.API-post-search", "notion.API-create-a-comment")),
("pull the rows from the Notion 'Hiring pipeline' database where status = onsite", [["notion.API-post-search", "notion.API-query-data-source"]]),
# --- frontend / browser
("can u open localhost:5173/login and tell me what's on the page", PAGE),
("the signup form on staging.acme.io throws something in the console, check it", [["playwright.browser_navigate", "playwright.browser_console_messages"], ["devtools.navigate_page", "devtools.list_console_messages"]]),
("run lighthouse on https://acme.io and give me the perf score", S("devtools.lighthouse_audit")),
("screenshot the pricing page on mobile width, like 390px", [["playwright.browser_navigate", "playwright.browser_resize", "playwright.browser_take_screenshot"], ["devtools.navigate_page", "devtools.resize_page", "devtools.take_screenshot"], ["devtools.navigate_page", "devtools.emulate", "devtools.take_screenshot"]]),
("go to the demo shop, click 'Add to cart' on the first product and check the XHR it fires", [["playwright.browser_navigate", "playwright.browser_snapshot", "playwright.browser_click", "playwright.browser_network_requests"], ["devtools.navigate_page", "devtools.take_snapshot", "devtools.click", "devtools.list_network_requests"]]),
("log into the admin panel at admin.acme.test with demo/demo123", [["playwright.browser_navigate", "playwright.browser_fill_form", "playwright.browser_click"], ["playwright.browser_navigate", "playwright.browser_type", "playwright.browser_click"], ["devtools.navigate_page", "devtools.fill_form", "devtools.click"], ["devtools.navigate_page", "devtools.fill", "devtools.click"]]),
("can u check if the Lufthansa LH400 flight is delayed? their status page is lufthansa.com/flightstatus", WEB),
("how do I use useSuspenseQuery in TanStack Query v5? latest docs pls", DOCS),
# --- time
("jira OPS-311 says the grafana dashboard 'API latency' is broken — pull up the ticket and a summary of that dashboard", S("atlassian.jira_get_issue", "grafana.search_dashboards", "grafana.get_dashboard_summary")),
("standup is 9:30 in Berlin, what's that for the guy in Bangalore?", S("time.convert_time")),
# --- memory
("remember that Priya owns the billing service and prefers Slack over email", [["memory.create_entities"], ["memory.add_observations"], ["serena.write_memory"]]),
# --- non-English
("peux-tu committer les changements dans README.md avec le message « doc: maj install » ?", S("git.git_add", "git.git_commit")),
("Kannst du mal schauen, welche Pods im Namespace billing gerade laufen?", S("kubernetes.kubectl_get")),
("帮我看一下 Sentry 上 checkout 项目最近有哪些未解决的错误", S("sentry.search_issues")),
("¿me abres la página de staging y me sacas una captura? https://staging.tienda.es", [["playwright.browser_navigate", "playwright.browser_take_screenshot"], ["devtools.navigate_page", "devtools.take_screenshot"], ["devtools.new_page", "devtools.take_screenshot"]]),
("ニューヨークは今何時？", S("time.get_current_time")),
("Jira에서 PAY-88 이슈 내용 좀 보여줘", S("atlassian.jira_get_issue")),
("puoi creare la cartella scripts/migrazioni nel progetto?", [["filesystem.create_directory"], ["desktop.create_directory"]]),
# --- no tool
("thx that worked 🙏", []),
("whats the diff between git rebase and git merge, in 2 lines", []),
("lol ok. tabs or spaces, be honest", []),
("what's the file extension for TypeScript React components again", []),
("can u explain what a kubernetes readiness probe is vs liveness", []),
("o que significa HTTP 418?", []),
("write me a regex for a UK postcode, just the regex", []),
("nvm, forget it, lets call it a day", []),
]
with open("/work/fresh-eval4/exposure/real-mcp-fresh4.jsonl", "w", encoding="utf-8") as f:
    for n, (intent, gold) in enumerate(I, 1):
        f.write(json.dumps({"id": f"rm4-{n:03d}", "intent": intent, "gold_any": gold}, ensure_ascii=False) + "\n")
print(len(I))
