# Hand-written intents over real-mcp.json (fresh-eval3). Gold labelled by hand from the catalogue.
import json
READ = [["filesystem.read_text_file"], ["filesystem.read_file"], ["desktop.read_file"], ["serena.read_file"]]
def alt(*sets): return [list(s) for s in sets]
def readplus(*extra):
    return [[r] + list(extra) for r in ["filesystem.read_text_file", "filesystem.read_file", "desktop.read_file", "serena.read_file"]]
EDIT_PAIRS = [["filesystem.read_text_file", "filesystem.edit_file"], ["desktop.read_file", "desktop.edit_block"],
              ["serena.read_file", "serena.replace_content"], ["filesystem.read_file", "filesystem.edit_file"]]
SHELL = [["desktop.start_process"], ["serena.execute_shell_command"]]
I = [
# --- git (catalogue-first: status, diff, log, branch, commit)
("what changed since yesterday on this branch?", [["git.git_log"]]),
("show me what I haven't staged yet", [["git.git_diff_unstaged"]]),
("stage everything in src/ and commit it as 'fix off-by-one in pager'", [["git.git_add", "git.git_commit"]]),
("oops, I added the .env by mistake, take it out of the staging area", [["git.git_reset"]]),
("make me a branch hotfix/login-redirect off main and switch to it", [["git.git_create_branch", "git.git_checkout"]]),
("what did commit a1b2c3d actually touch?", [["git.git_show"]]),
("diff my feature branch against main", [["git.git_diff"]]),
("git stauts", [["git.git_status"]]),
("qu'est-ce qui est prêt à être commité ? montre-moi le diff indexé", [["git.git_diff_staged"]]),
# --- time
("Tokyo time?", [["time.get_current_time"]]),
("standup is 9:30 in Lisbon, what's that for the team in Bangalore?", [["time.convert_time"]]),
# --- fetch
("we're on lodash 4 — read the changelog at https://example.com/CHANGELOG.md and check where our code uses the functions they removed", [["fetch.fetch", "serena.search_for_pattern"], ["fetch.fetch", "desktop.start_search"]]),
("read this blog post for me and summarise it: https://blog.example.org/postgres-vacuum", [["fetch.fetch"], ["playwright.browser_navigate", "playwright.browser_snapshot"], ["devtools.navigate_page", "devtools.take_snapshot"]]),
# --- grafana
("checkout latency p99 over the last hour — is it spiking?", [["grafana.query_prometheus_histogram"], ["grafana.query_prometheus"]]),
("who's on call for payments tonight?", [["grafana.list_oncall_schedules", "grafana.get_current_oncall_users"]]),
("open an incident: checkout 500s, sev2, and add a note that we rolled back build 412", [["grafana.create_incident", "grafana.add_activity_to_incident"]]),
("mute the disk-usage alerts on db-03 for two hours while we resize the volume", [["grafana.alerting_silences_write"]]),
("the api pods keep restarting — what does k8s say about them, and what did they log in Loki before dying?", [["kubernetes.kubectl_describe", "grafana.query_loki_logs"], ["kubernetes.kubectl_get", "kubernetes.kubectl_describe", "grafana.query_loki_logs"]]),
("find the k8s overview dashboard and give me a link I can paste in Slack", [["grafana.search_dashboards", "grafana.generate_deeplink"]]),
("is Mimir even up? all the graphs are empty", [["grafana.check_datasources_health"]]),
("ack the alert group that's paging me, I'm looking at it", [["grafana.list_alert_groups", "grafana.update_alert_group"]]),
("mark the deploy of v2.14 on the main service dashboard so we can see it on the graphs", [["grafana.search_dashboards", "grafana.create_annotation"], ["grafana.create_annotation"]]),
("trace 4bf92f3577b34da6a3ce929d0e0e4736 — where's the time going?", [["grafana.get_tempo_trace"]]),
("flame graph for the cart service CPU, last 30 min", [["grafana.query_pyroscope"]]),
# --- filesystem / desktop / serena files
("bump the version in package.json to 1.4.0 and commit it", [e + ["git.git_add", "git.git_commit"] for e in EDIT_PAIRS]),
("what's in the config folder?", [["filesystem.list_directory"], ["desktop.list_directory"], ["serena.list_dir"]]),
("find every Dockerfile in the repo", [["filesystem.search_files"], ["serena.find_file"], ["desktop.start_search"]]),
("which files in ~/Downloads are eating all my space?", [["filesystem.list_directory_with_sizes"]]),
("look at this screenshot I saved, /tmp/bug.png, and tell me what's wrong with the layout", [["filesystem.read_media_file"], ["desktop.read_file"]]),
("read README, CONTRIBUTING and LICENSE and tell me if they contradict each other", [["filesystem.read_multiple_files"], ["desktop.read_multiple_files"]]),
("scaffold docs/adr/ and drop a 0001-use-postgres.md template in it", [["filesystem.create_directory", "filesystem.write_file"], ["desktop.create_directory", "desktop.write_file"], ["serena.create_text_file"]]),
# --- desktop processes
("run the tests, and if anything fails open a GitHub issue with the output", [s + ["github.create_issue"] for s in SHELL]),
("something is hogging port 8080, find it and kill it", [["desktop.start_process", "desktop.kill_process"], ["desktop.list_processes", "desktop.kill_process"]]),
("turn the meeting notes in notes.md into a PDF", [["desktop.read_file", "desktop.write_pdf"], ["filesystem.read_text_file", "desktop.write_pdf"]]),
# --- serena code navigation
("who calls parse_invoice? I want to change its signature", [["serena.find_referencing_symbols"]]),
("rename class UserMgr to UserManager everywhere", [["serena.rename_symbol"]]),
("give me an overview of the classes and functions in billing/service.py", [["serena.get_symbols_overview"]]),
("any type errors in api/handlers.ts?", [["serena.get_diagnostics_for_file"]]),
("replace every 'requests.get(' with 'session.get(' across the scripts folder", [["serena.replace_in_files"]]),
("where's TODO(jan) mentioned in the codebase", [["serena.search_for_pattern"], ["desktop.start_search"]]),
# --- github
("open a PR for feat/csv-export into main and link it in PROJ-311", [["github.create_pull_request", "atlassian.jira_add_comment"], ["github.create_pull_request", "atlassian.jira_create_remote_issue_link"]]),
("is CI green on PR 231?", [["github.get_pull_request_status"]]),
("review PR #88 — what files does it touch and did anyone already comment?", [["github.get_pull_request_files", "github.get_pull_request_comments"], ["github.get_pull_request_files", "github.get_pull_request_reviews"]]),
("the dark mode toggle does nothing on staging — check the browser console there and file a GitHub issue with what you find", [["playwright.browser_navigate", "playwright.browser_console_messages", "github.create_issue"], ["devtools.navigate_page", "devtools.list_console_messages", "github.create_issue"]]),
("merge 231 and squash it", [["github.merge_pull_request"]]),
("are there other repos using tree-sitter with Rust bindings?", [["github.search_repositories"], ["github.search_code"]]),
# --- playwright / devtools
("go to our staging login page and try logging in with the test account", [["playwright.browser_navigate", "playwright.browser_fill_form", "playwright.browser_click"], ["playwright.browser_navigate", "playwright.browser_type", "playwright.browser_click"], ["devtools.navigate_page", "devtools.fill_form", "devtools.click"], ["devtools.navigate_page", "devtools.fill", "devtools.click"]]),
("the homepage feels slow, run lighthouse on it", [["devtools.lighthouse_audit"]]),
("any JS errors in the consle on the checkout page?", [["playwright.browser_navigate", "playwright.browser_console_messages"], ["devtools.navigate_page", "devtools.list_console_messages"]]),
("screenshot https://acme.dev in mobile size", [["playwright.browser_navigate", "playwright.browser_resize", "playwright.browser_take_screenshot"], ["devtools.navigate_page", "devtools.resize_page", "devtools.take_screenshot"], ["devtools.navigate_page", "devtools.emulate", "devtools.take_screenshot"]]),
("why is the button blue? which css rule wins on .btn-primary", [["devtools.get_css_styles"]]),
("memory leak in the SPA after navigating 20 times, can you grab a heap snapshot", [["devtools.take_heapsnapshot"]]),
("what API calls does the dashboard page fire when it loads?", [["playwright.browser_navigate", "playwright.browser_network_requests"], ["devtools.navigate_page", "devtools.list_network_requests"]]),
# --- notion / atlassian
("copy the action items from the retro page on Confluence into our Notion Team Wiki", [c + ["notion.API-post-search", w] for c in (["atlassian.confluence_get_page"], ["atlassian.confluence_search", "atlassian.confluence_get_page"]) for w in ("notion.API-patch-block-children", "notion.API-update-page-markdown")]),
("Notion roadmap: which items are still 'In progress'?", [["notion.API-post-search", "notion.API-query-data-source"]]),
("PROJ-1423", [["atlassian.jira_get_issue"]]),
("move PROJ-88 to In Review and leave a comment that the PR is up", [["atlassian.jira_transition_issue", "atlassian.jira_add_comment"], ["atlassian.jira_get_transitions", "atlassian.jira_transition_issue", "atlassian.jira_add_comment"]]),
("what's left in the current sprint for the mobile board?", [["atlassian.jira_get_agile_boards", "atlassian.jira_get_sprints_from_board", "atlassian.jira_get_sprint_issues"]]),
("onde está o runbook de onboarding no Confluence?", [["atlassian.confluence_search"]]),
("publica en Confluence las notas de la versión 2.3 (espacio ENG) con los commits desde la etiqueta v2.2", [["git.git_log", "atlassian.confluence_create_page"], ["git.git_diff", "atlassian.confluence_create_page"]]),
("Sentryで一番多いエラーを見せて、原因も分析して", [["sentry.search_issues", "sentry.analyze_issue_with_seer"]]),
("resolve that TypeError issue in sentry, the fix shipped", [["sentry.search_issues", "sentry.update_issue"], ["sentry.update_issue"]]),
("sentry bug from yesterday's checkout crash -> make a jira ticket for it", [["sentry.search_issues", "atlassian.jira_create_issue"]]),
# --- kubernetes
("pods in crashloop in the payments namespace?", [["kubernetes.kubectl_get"]]),
("fammi vedere i log del deployment api", [["kubernetes.kubectl_logs"]]),
("roll back the frontend deployment, the new image is broken", [["kubernetes.kubectl_rollout"]]),
("把 ingress-nginx 的 helm release 升级到 4.10", [["kubernetes.upgrade_helm_chart"]]),
("drain node-7 for maintenence", [["kubernetes.node_management"]]),
("let me hit the postgres in staging from my laptop on 5432", [["kubernetes.port_forward"]]),
# --- context7
("build fails with a TanStack Query v5 type error in src/hooks/useCart.ts — check the current useMutation docs and fix it", [c + e for c in (["context7.resolve-library-id", "context7.query-docs"], ["context7.query-docs"]) for e in EDIT_PAIRS]),
# --- memory
("remember that Priya owns the billing service and prefers async reviews", [["memory.create_entities"], ["memory.create_entities", "memory.create_relations"], ["memory.add_observations"]]),
("what do you remember about the billing service?", [["memory.search_nodes"], ["memory.open_nodes"], ["memory.read_graph"]]),
# --- no tool
("thanks, that's all for today", []),
("what's the difference between a rebase and a merge?", []),
("explain what a 502 from nginx usually means", []),
("which file extension do Jupyter notebooks use?", []),
("write me a haiku about flaky tests", []),
("ciao! come stai?", []),
("is O(n log n) better than O(n^2) for 10 elements?", []),
("regex to match an ISO date", []),
]
out = open("/work/fresh-eval3/exposure/real-mcp-fresh3.jsonl", "w")
for i, (intent, gold) in enumerate(I, 1):
    out.write(json.dumps({"id": f"rm3-{i:03d}", "intent": intent, "gold_any": gold}, ensure_ascii=False) + "\n")
out.close()
print(len(I))
