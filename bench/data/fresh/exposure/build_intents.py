# Hand-written held-out intents over real-mcp.json. Each entry: (category, intent, gold_any).
# This script only serialises them; every intent and gold set below was written by hand.
import json

FS_READ = ["filesystem.read_text_file", "desktop.read_file", "serena.read_file"]

I = []
def add(cat, intent, *sets):
    I.append((cat, intent, [list(s) for s in sets]))

# ---------------- single tool (30)
add("single", "what time is it in Tokyo right now?", ["time.get_current_time"])
add("single", "convert 15:00 Berlin time to New York time for the standup invite", ["time.convert_time"])
add("single", "show me the working tree status of the repo at /home/dev/orders-api", ["git.git_status"])
add("single", "what have I changed in the working directory that isn't staged yet?", ["git.git_diff_unstaged"])
add("single", "list the last 10 commits on this branch", ["git.git_log"])
add("single", "which local branches do we have in this repo?", ["git.git_branch"])
add("single", "show me what commit 4e1a9c2 changed", ["git.git_show"])
add("single", "unstage everything I just added, I staged the wrong files", ["git.git_reset"])
add("single", "fetch https://peps.python.org/pep-0668/ and give me the gist as markdown", ["fetch.fetch"])
add("single", "show the whole folder tree under src/ as nested JSON", ["filesystem.directory_tree"], ["desktop.list_directory"], ["serena.list_dir"])
add("single", "find every *.test.ts file in the project", ["filesystem.search_files"], ["serena.find_file"], ["desktop.start_search"])
add("single", "list the open pull requests in acme/storefront", ["github.list_pull_requests"])
add("single", "open a GitHub issue in acme/logslice titled 'gzip detection fails on .tgz files'", ["github.create_issue"])
add("single", "search Jira for open bugs assigned to me in project SHOP", ["atlassian.jira_search"])
add("single", "find the Confluence page that describes the on-call runbook", ["atlassian.confluence_search"])
add("single", "list all pods in the payments namespace", ["kubernetes.kubectl_get"])
add("single", "tail the last 200 lines of logs from the checkout-api deployment", ["kubernetes.kubectl_logs"])
add("single", "scale the queue-worker deployment to 5 replicas", ["kubernetes.kubectl_scale"])
add("single", "which kube context am I pointing at right now?", ["kubernetes.kubectl_context"])
add("single", "show me unresolved Sentry issues in the web project from the last 24 hours", ["sentry.search_issues"])
add("single", "take a screenshot of the page that's open in the browser", ["playwright.browser_take_screenshot"], ["devtools.take_screenshot"])
add("single", "run a Lighthouse accessibility and SEO audit on the current page", ["devtools.lighthouse_audit"])
add("single", "search Grafana for dashboards about checkout latency", ["grafana.search_dashboards"])
add("single", "run the PromQL query sum(rate(http_requests_total{job=\"api\",code=~\"5..\"}[5m])) over the last hour", ["grafana.query_prometheus"])
add("single", "are there any active Grafana incidents right now?", ["grafana.list_incidents"])
add("single", "search my Notion workspace for the 'Q3 roadmap' page", ["notion.API-post-search"])
add("single", "where is the class OrderRepository defined?", ["serena.find_symbol"], ["serena.search_for_pattern"])
add("single", "rename the function parse_line to parse_log_line everywhere in the codebase", ["serena.rename_symbol"])
add("single", "list the processes running on this machine and how much memory they use", ["desktop.list_processes"])
add("single", "run `npm test` in the project and show me the output", ["desktop.start_process"], ["serena.execute_shell_command"])

# ---------------- multi-step (35)
add("multi", "stage src/cart.ts and commit it with the message 'fix: handle empty cart'", ["git.git_add", "git.git_commit"])
add("multi", "let me review what's staged, then commit it as 'chore: bump deps'", ["git.git_diff_staged", "git.git_commit"])
add("multi", "create a branch feature/refunds off main and switch to it", ["git.git_create_branch", "git.git_checkout"])
add("multi", "show what changed between main and my branch, then commit the leftover unstaged edits to src/refunds.py",
    ["git.git_diff", "git.git_add", "git.git_commit"])
add("multi", "read package.json and bump the version field to 2.4.0",
    ["filesystem.read_text_file", "filesystem.edit_file"], ["desktop.read_file", "desktop.edit_block"],
    ["serena.read_file", "serena.replace_content"])
add("multi", "look up the current Next.js docs on app router caching and revalidation",
    ["context7.resolve-library-id", "context7.query-docs"])
add("multi", "open http://localhost:5173/checkout, type SPRING10 into the coupon field and click Apply",
    ["playwright.browser_navigate", "playwright.browser_type", "playwright.browser_click"],
    ["playwright.browser_navigate", "playwright.browser_fill_form", "playwright.browser_click"],
    ["devtools.navigate_page", "devtools.fill", "devtools.click"],
    ["devtools.new_page", "devtools.fill", "devtools.click"])
add("multi", "load the login page at http://localhost:3000/login and show me any console errors",
    ["playwright.browser_navigate", "playwright.browser_console_messages"],
    ["devtools.navigate_page", "devtools.list_console_messages"],
    ["devtools.new_page", "devtools.list_console_messages"])
add("multi", "record a performance trace of the product page while it reloads and explain the biggest LCP problem",
    ["devtools.performance_start_trace", "devtools.performance_stop_trace", "devtools.performance_analyze_insight"],
    ["devtools.performance_start_trace", "devtools.performance_analyze_insight"])
add("multi", "find the Sentry issue for \"TypeError: Cannot read properties of undefined (reading 'price')\" and get Seer's root-cause analysis",
    ["sentry.search_issues", "sentry.analyze_issue_with_seer"])
add("multi", "move SHOP-431 to In Review and leave a comment with the PR link",
    ["atlassian.jira_transition_issue", "atlassian.jira_add_comment"])
add("multi", "push my two changed files to a new branch fix/coupon-trim on acme/storefront and open a pull request against main",
    ["github.create_branch", "github.push_files", "github.create_pull_request"])
add("multi", "check whether all status checks on PR #88 in acme/storefront are green and merge it if they are",
    ["github.get_pull_request_status", "github.merge_pull_request"])
add("multi", "read the review comments on PR 88 of acme/storefront and apply the requested change to src/lib/money.ts",
    ["github.get_pull_request_comments", "filesystem.edit_file"],
    ["github.get_pull_request_comments", "desktop.edit_block"],
    ["github.get_pull_request_comments", "serena.replace_content"],
    ["github.get_pull_request_reviews", "filesystem.edit_file"])
add("multi", "figure out why the checkout-api pod in prod keeps restarting",
    ["kubernetes.kubectl_describe", "kubernetes.kubectl_logs"])
add("multi", "update the web deployment to image tag 2.4.1 and watch the rollout until it finishes",
    ["kubernetes.kubectl_patch", "kubernetes.kubectl_rollout"],
    ["kubernetes.kubectl_apply", "kubernetes.kubectl_rollout"])
add("multi", "install the bitnami/redis helm chart into the cache namespace and check that its pods come up",
    ["kubernetes.install_helm_chart", "kubernetes.kubectl_get"])
add("multi", "drain node ip-10-0-3-17 for maintenance and then list which pods are still scheduled on it",
    ["kubernetes.node_management", "kubernetes.kubectl_get"])
add("multi", "pull the error logs of the checkout service from Loki for the last hour and group them into common patterns",
    ["grafana.query_loki_logs", "grafana.query_loki_patterns"])
add("multi", "get the p95 latency of the api from its request duration histogram and put an annotation on the API dashboard at today's 14:05 deploy",
    ["grafana.query_prometheus_histogram", "grafana.create_annotation"])
add("multi", "look at the alert rule HighErrorRate and silence it for one hour while we deploy",
    ["grafana.alerting_rules_read", "grafana.alerting_silences_write"])
add("multi", "open a Grafana incident for the checkout outage and add a note linking the Sentry issue",
    ["grafana.create_incident", "grafana.add_activity_to_incident"])
add("multi", "list the OnCall alert groups firing for the payments team and acknowledge the newest one",
    ["grafana.list_alert_groups", "grafana.update_alert_group"])
add("multi", "find the 'API overview' dashboard, show me the query behind the latency panel and render that panel as an image",
    ["grafana.search_dashboards", "grafana.get_dashboard_panel_queries", "grafana.get_panel_image"])
add("multi", "find slow traces of the checkout service taking over 2 seconds in Tempo and open the slowest one",
    ["grafana.search_tempo_traces", "grafana.get_tempo_trace"])
add("multi", "turn my notes in notes/incident-0412.md into a new Confluence page in the ENG space",
    ["filesystem.read_text_file", "atlassian.confluence_create_page"],
    ["desktop.read_file", "atlassian.confluence_create_page"],
    ["serena.read_file", "atlassian.confluence_create_page"])
add("multi", "add a step about signing the git tag to the 'Release checklist' page in Confluence",
    ["atlassian.confluence_get_page", "atlassian.confluence_update_page"],
    ["atlassian.confluence_get_page", "atlassian.confluence_update_page_section"],
    ["atlassian.confluence_search", "atlassian.confluence_update_page"])
add("multi", "add an entry for the checkout crash to the Notion 'Bugs' database",
    ["notion.API-post-search", "notion.API-post-page"])
add("multi", "append a 'Decisions' section with three bullet points to the Notion page 'Q3 roadmap'",
    ["notion.API-post-search", "notion.API-patch-block-children"],
    ["notion.API-post-search", "notion.API-update-page-markdown"])
add("multi", "calculate_tax needs a new region parameter: find the function, every place that calls it, and update its body",
    ["serena.find_symbol", "serena.find_referencing_symbols", "serena.replace_symbol_body"])
add("multi", "create the folder docs/adr and write ADR 0007 explaining why we picked Postgres over MongoDB",
    ["filesystem.create_directory", "filesystem.write_file"],
    ["desktop.create_directory", "desktop.write_file"],
    ["serena.create_text_file"])
add("multi", "move all the .log files sitting in the project root into a logs/ folder",
    ["filesystem.search_files", "filesystem.create_directory", "filesystem.move_file"],
    ["filesystem.list_directory", "filesystem.create_directory", "filesystem.move_file"],
    ["desktop.list_directory", "desktop.create_directory", "desktop.move_file"])
add("multi", "start the dev server with npm run dev, then open localhost:5173 and screenshot the home page",
    ["desktop.start_process", "playwright.browser_navigate", "playwright.browser_take_screenshot"],
    ["desktop.start_process", "devtools.navigate_page", "devtools.take_screenshot"],
    ["desktop.start_process", "devtools.new_page", "devtools.take_screenshot"])
add("multi", "read Jira ticket SHOP-512 and create a git branch named after its key and summary",
    ["atlassian.jira_get_issue", "git.git_create_branch"],
    ["atlassian.jira_get_issue", "github.create_branch"])
add("multi", "remember in the knowledge graph that project orders-api uses uv instead of pip, as an entity linked to the project",
    ["memory.create_entities", "memory.create_relations"])

# ---------------- typos, abbreviations, mixed language (5)
add("typo", "pls git stauts + show unstagd diff", ["git.git_status", "git.git_diff_unstaged"])
add("typo", "wie spät ist es gerade in São Paulo?", ["time.get_current_time"])
add("typo", "k8s: get po -n payments, then logs of the crashlooping one", ["kubernetes.kubectl_get", "kubernetes.kubectl_logs"])
add("typo", "crée une issue github dans acme/handbook : lien cassé vers la doc du fournisseur", ["github.create_issue"])
add("typo", "jira trnsition SHOP-77 -> Done asap", ["atlassian.jira_transition_issue"])

# ---------------- no tool needed (10)
add("none", "explain the difference between a mutex and a semaphore")
add("none", "write a Python function that flattens an arbitrarily nested list")
add("none", "what does HTTP status code 418 mean?")
add("none", "in this snippet I pasted, rename the variable x to total: `x = 0\nfor p in prices: x += p`")
add("none", "give me a regex that matches ISO 8601 dates like 2026-03-14")
add("none", "summarise the pros and cons of a monorepo for a team of eight")
add("none", "convert this JSON to YAML: {\"a\": 1, \"b\": [2, 3]}")
add("none", "how do I exit vim?")
add("none", "is this query open to SQL injection? \"SELECT * FROM users WHERE name = '\" + name + \"'\"")
add("none", "draft a good commit message for a change that adds retry with backoff to our HTTP client")

if __name__ == "__main__":
    cats = {}
    with open("real-mcp-fresh.jsonl", "w") as f:
        for n, (cat, intent, gold) in enumerate(I, 1):
            f.write(json.dumps({"id": f"fresh-{n}", "intent": intent, "gold_any": gold}, ensure_ascii=False) + "\n")
            cats[f"fresh-{n}"] = cat
    with open("real-mcp-fresh.categories.json", "w") as f:
        json.dump(cats, f, indent=0)
    from collections import Counter
    print(len(I), Counter(c for c, _, _ in I))
