#!/usr/bin/env python3
"""Regenerates real-mcp-fresh13.jsonl and livemcpbench-fresh13.jsonl byte-for-byte (data inline)."""
import itertools, json, os

HERE = os.path.dirname(os.path.abspath(__file__))

def alts(*slots):
    """Cross product of slots; each slot is a string (one tool) or a list of alternative tools
    (an alternative may itself be a tuple of tools that go together)."""
    norm = []
    for s in slots:
        if isinstance(s, str):
            s = [s]
        norm.append([x if isinstance(x, tuple) else (x,) for x in s])
    out = []
    for combo in itertools.product(*norm):
        seen = []
        for grp in combo:
            for t in grp:
                if t not in seen:
                    seen.append(t)
        if seen not in out:
            out.append(seen)
    return out

def anyof(*sets):
    """Explicit alternative sets, each a space-separated string, or a list from alts()."""
    out = []
    for s in sets:
        if isinstance(s, str):
            out.append(s.split())
        else:
            out.extend(s)
    return out

# ---------------- real-mcp slots ----------------
R_READ = ["filesystem.read_text_file", "filesystem.read_file", "desktop.read_file", "serena.read_file"]
R_EDIT = [("filesystem.read_text_file", "filesystem.edit_file"), ("desktop.read_file", "desktop.edit_block"),
          ("serena.read_file", "serena.replace_content")]
R_LIST = ["filesystem.list_directory", "filesystem.list_directory_with_sizes", "desktop.list_directory", "serena.list_dir"]
R_FIND = ["filesystem.search_files", "desktop.start_search", "serena.find_file"]
R_GREP = ["serena.search_for_pattern", "desktop.start_search", "github.search_code"]
R_SHELL = [("desktop.start_process", "desktop.read_process_output"), "serena.execute_shell_command"]
R_MEM = ["memory.create_entities", "memory.add_observations", "serena.write_memory"]
R_DOCS = ("context7.resolve-library-id", "context7.query-docs")
R_INFO = ["filesystem.get_file_info", "desktop.get_file_info", "filesystem.list_directory_with_sizes"]
R_FETCHPAGE = ["fetch.fetch", "playwright.browser_navigate", "devtools.new_page"]
G_DS = "grafana.list_datasources"

REAL = [
 # backend dev
 ("why does /api/orders return 500 since this morning? sentry must have something",
  anyof("sentry.search_issues", "sentry.search_events")),
 ("what changed in the payments module since Friday?",
  anyof("git.git_log", "github.list_commits")),
 ("is our SQLAlchemy session setup still the recommended way in 2.x or did they change connection pooling again?",
  anyof(alts(R_DOCS))),
 ("ugh, ok so the retry decorator in utils/http.py swallows the original exception, so every failure in the logs just says 'retry failed' and nobody can tell if it was a timeout or a 401 or what. I started looking at it yesterday but got pulled into a meeting. can you make it re-raise the last error with the original as the cause, and commit it? nothing else is staged right now",
  anyof(alts(R_EDIT, "git.git_add", "git.git_commit"))),
 # frontend dev
 ("who broke the signup form, and can we get it working before the 3pm demo?",
  anyof(alts("git.git_log", [("playwright.browser_navigate", "playwright.browser_console_messages"),
                             ("devtools.new_page", "devtools.list_console_messages")]))),
 ("does the pricing page look broken on small phones or is it just my iPhone SE?",
  anyof("playwright.browser_resize playwright.browser_navigate playwright.browser_take_screenshot",
        "devtools.new_page devtools.emulate devtools.take_screenshot",
        "devtools.new_page devtools.resize_page devtools.take_screenshot")),
 ("Lighthouse score on the landing page?",
  anyof("devtools.new_page devtools.lighthouse_audit")),
 ("what's the prop for a controlled input in React 19 again, value+onChange still?",
  anyof(alts(R_DOCS))),
 # mobile dev
 ("is there anything in the tracker about the Android crash on login?",
  anyof("atlassian.jira_search", "github.search_issues")),
 ("Apakah ada crash baru di Sentry sejak rilis 4.2 kemarin?",
  anyof("sentry.search_issues", "sentry.search_events", "sentry.find_releases sentry.search_issues")),
 ("what time is it in Jakarta right now? need to ping the QA vendor",
  anyof("time.get_current_time")),
 ("the app store screenshots folder is a mess, how many fiels are even in there",
  anyof(alts(R_LIST), "filesystem.directory_tree")),
 # data engineer
 ("did last night's ingestion job log anything in loki about the schema mismatch?",
  anyof(alts(G_DS, "grafana.query_loki_logs"))),
 ("where do we define the partition key for the events table? i cannot find it",
  anyof(alts(R_GREP))),
 ("Kolik řádků má ten export v data/out/daily.csv a je hlavička správně?",
  anyof(alts(R_READ))),
 ("there's a Confluence page about warehouse naming conventions somewhere, what does it say about snapshot tables?",
  anyof("atlassian.confluence_search atlassian.confluence_get_page")),
 # ML engineer
 ("why is GPU memory on the training nodes flat at zero in grafana? the exporter can't be down again",
  anyof("grafana.list_datasources grafana.query_prometheus",
        "grafana.search_dashboards grafana.get_dashboard_panel_queries grafana.list_datasources grafana.query_prometheus")),
 ("did the trainer pod get OOMKilled again",
  anyof("kubernetes.kubectl_describe", "kubernetes.kubectl_get")),
 ("quick gut check, no need to look anything up: is 3e-4 with AdamW a sane starting LR for a LoRA fine-tune?",
  []),
 ("can you remember that eval set v3 has label leakage from the train split? I keep forgetting and so does everyone else",
  anyof(alts(R_MEM))),
 # DevOps
 ("why is the checkout deployment stuck at 2/3 ready?",
  anyof("kubernetes.kubectl_describe kubernetes.kubectl_logs", "kubernetes.kubectl_get kubernetes.kubectl_describe")),
 ("black friday is over, can we scale the workers back down to 4",
  anyof("kubernetes.kubectl_scale", "kubernetes.kubectl_patch")),
 ("Hvorfor var der så mange alerts i Grafana i nat, og har nogen silenced dem?",
  anyof("grafana.alerting_rules_read grafana.alerting_silences_read",
        "grafana.list_alert_groups grafana.alerting_silences_read")),
 ("is it safe to just bump the ingress-nginx helm chart? if so do it",
  anyof("kubernetes.upgrade_helm_chart")),
 # DBA
 ("replication lag on the replica again?? what does prometheus say",
  anyof(alts(G_DS, "grafana.query_prometheus"))),
 ("who's on call for databases this week? I want a second pair of eyes on the failover",
  anyof("grafana.get_current_oncall_users", "grafana.list_oncall_schedules grafana.get_oncall_shift")),
 ("migration 0042 looks wrong to me, what did it actually change",
  anyof("git.git_show", alts(R_READ))),
 ("do we have a runbook for point-in-time restore in confluence",
  anyof("atlassian.confluence_search")),
 # security engineer
 ("did anyone ever commit an AWS access key to this repo?",
  anyof(alts(R_GREP))),
 ("are we on a log4j version that's still affected by Log4Shell? check the pom",
  anyof(alts(R_READ))),
 ("the TLS cert on staging expires friday, can you open a ticket for it and put it on me",
  anyof("atlassian.jira_create_issue", "atlassian.jira_create_issue atlassian.jira_assign_issue")),
 ("Чи є в Sentry нові помилки автентифікації після вчорашнього релізу?",
  anyof("sentry.search_issues", "sentry.search_events")),
 # tech lead
 ("wat PRs are waiting on my reveiw?",
  anyof("github.list_pull_requests", "github.search_issues")),
 ("how's the sprint looking, anything at risk?",
  anyof("atlassian.jira_get_agile_boards atlassian.jira_get_sprints_from_board atlassian.jira_get_sprint_issues",
        "atlassian.jira_search")),
 ("before I merge #412 — is CI green and did they touch anything outside src/billing?",
  anyof("github.get_pull_request_status github.get_pull_request_files")),
 ("honest opinion: monorepo or polyrepo for a team of eight?",
  []),
 # intern day 3
 ("sorry if this is dumb, how do I see what I've changed before I commit?",
  anyof("git.git_status", "git.git_diff_unstaged")),
 ("i think i committed to main by accident?? can you check and move it to a branch without making it worse",
  anyof("git.git_log git.git_create_branch")),
 ("where's the readme for setting up the dev environment? the onboarding one, not the main one",
  anyof(alts(R_FIND, R_READ))),
 ("what does the @retry thing in the payment client even do",
  anyof("serena.find_symbol", alts(R_READ))),
 # open-source maintainer
 ("any new issues since 2.0 that smell like regressions?",
  anyof("github.list_issues", "github.search_issues")),
 ("someone opened a PR fixing typos in the docs, if it really only touches docs/ just merge it",
  anyof("github.get_pull_request_files github.merge_pull_request")),
 ("Kuna mtu aliyeripoti tatizo la Windows path kwenye GitHub issues?",
  anyof("github.search_issues", "github.list_issues")),
 ("issue 88 is fixed by the last release, thank the reporter and close it pls",
  anyof("github.add_issue_comment github.update_issue")),
 # game dev
 ("frame time spikes in the web build whenever the minimap opens, what is the browser doing?",
  anyof("devtools.new_page devtools.performance_start_trace devtools.performance_stop_trace")),
 ("is the WebGL build leaking memory? the tab grows to 3 GB after ten minutes",
  anyof("devtools.new_page devtools.take_heapsnapshot")),
 ("playtest is 20:00 Tokyo time, when is that for the Montreal team?",
  anyof("time.convert_time")),
 ("팀에서 말하는 shader 컴파일 경고, logs/editor.log에 아직 남아 있어?",
  anyof(alts(R_READ), "desktop.start_search", "serena.search_for_pattern")),
 # embedded dev
 ("the flash script keeps timing out at 40%, can you run it and tell me what it prints",
  anyof(alts(R_SHELL))),
 ("which datasheet pdf did I drop in docs/hw, the one for the humidity sensor",
  anyof(alts(R_LIST), "filesystem.search_files")),
 ("how big is build/fw.bin now? we're close to the 256K limit",
  anyof(alts(R_INFO))),
 ("in one sentence, what does volatile actually do in C",
  []),
 # release manager
 ("are we ready to cut 3.4, is anything still open with that fix version?",
  anyof("atlassian.jira_search", "atlassian.jira_get_project_versions atlassian.jira_search")),
 ("can you write the changelog for 3.4 from the commits since v3.3 and put it at the top of CHANGELOG.md",
  anyof(alts("git.git_log", R_EDIT))),
 ("tag day. release/3.4 off main please",
  anyof("git.git_create_branch", "github.create_branch")),
 ("Je v Jira už založená verze 3.5? Když ne, vytvoř ji.",
  anyof("atlassian.jira_get_project_versions atlassian.jira_create_version")),
 # SRE
 ("p99 on the gateway doubled an hour ago — is there an incident open already or do I start one?",
  anyof("grafana.list_datasources grafana.query_prometheus grafana.list_incidents")),
 ("silence the disk alert for db-7 for two hours, we're resizing the volume",
  anyof("grafana.alerting_silences_write")),
 ("لماذا يعيد الـ pod الخاص بـ api-gateway التشغيل باستمرار؟",
  anyof("kubernetes.kubectl_describe kubernetes.kubectl_logs", "kubernetes.kubectl_get kubernetes.kubectl_logs")),
 ("traces for the slow checkout calls?",
  anyof(alts(G_DS, "grafana.search_tempo_traces"))),
 # QA automation
 ("the cart e2e test says the 'Proceed' button isn't there. can you click through it in a real browser and see for yourself?",
  anyof("playwright.browser_navigate playwright.browser_snapshot playwright.browser_click",
        "devtools.new_page devtools.take_snapshot devtools.click")),
 ("does the contact form still accept an empty email address? try submitting it",
  anyof("playwright.browser_navigate playwright.browser_fill_form playwright.browser_click",
        "playwright.browser_navigate playwright.browser_type playwright.browser_click",
        "devtools.new_page devtools.fill_form devtools.click",
        "devtools.new_page devtools.fill devtools.click")),
 ("how many flaky-test tikets are open in jira rn",
  anyof("atlassian.jira_search")),
 ("is the login page calling the staging API or prod? I swear it's prod",
  anyof("playwright.browser_navigate playwright.browser_network_requests",
        "devtools.new_page devtools.list_network_requests")),
 # docs engineer
 ("the install page on Confluence is outdated, the brew command changed to `brew install acme/tap/acme`. can you update it?",
  anyof("atlassian.confluence_search atlassian.confluence_update_page",
        "atlassian.confluence_search atlassian.confluence_update_page_section")),
 ("are there broken links on https://docs.example.dev/getting-started ?",
  anyof(alts(R_FETCHPAGE))),
 ("what does our style guide in Notion say about the oxford comma",
  anyof("notion.API-post-search notion.API-retrieve-page-markdown",
        "notion.API-post-search notion.API-get-block-children")),
 ("'recieve' is misspelled all over the docs folder, fix every one",
  anyof("serena.replace_in_files", "serena.search_for_pattern serena.replace_content",
        alts(["desktop.start_search", "serena.search_for_pattern"], [("desktop.read_file", "desktop.edit_block"), ("filesystem.read_text_file", "filesystem.edit_file")]))),
 # platform engineer
 ("hvilke namespaces bruger stadig den gamle ingress class?",
  anyof("kubernetes.kubectl_get")),
 ("is the Loki datasource healthy? every logs panel says no data",
  anyof("grafana.check_datasources_health", "grafana.list_datasources grafana.get_datasource")),
 ("port-forward the internal grafana service to 3000 so I can poke at it",
  anyof("kubernetes.port_forward")),
 ("what k8s context am I on",
  anyof("kubernetes.kubectl_context")),
 # freelancer
 ("client in Sydney wants a call at 4pm their time tomorrow, is that too late for me in Lisbon?",
  anyof("time.convert_time")),
 ("log 3 hours on CLIENT-17 for yesterday's refactor",
  anyof("atlassian.jira_add_worklog")),
 ("pls chek if the client's site is down or is it just me, acme-bakery.pt",
  anyof(alts(R_FETCHPAGE))),
 ("make a note that this client only wants deploys on Tuesdays after 6pm, so we don't forget next month",
  anyof(alts(R_MEM))),
 # CTO of a 5-person startup
 ("Berapa banyak user baru minggu ini? Ada dashboard-nya di Grafana kok",
  anyof("grafana.search_dashboards grafana.get_dashboard_summary",
        "grafana.search_dashboards grafana.get_dashboard_panel_queries grafana.list_datasources grafana.query_prometheus")),
 ("do we even have a privacy policy page in notion? an investor is asking",
  anyof("notion.API-post-search")),
 ("hi",
  []),
 ("we need a private repo for the new mobile app and a first issue in it for setting up CI, can you do both so the contractor can start monday",
  anyof("github.create_repository github.create_issue")),
]

# ---------------- livemcpbench slots ----------------
L_READ = ["filesystem-mcp-server.read_file", "desktop-commander-mcp.read_file", "mcp-text-editor-server.get_text_file_contents"]
L_SEARCHF = ["filesystem-mcp-server.search_files", "desktop-commander-mcp.search_files"]
L_PDF = ["pdf-reader-mcp-server.read_pdf", "simple-document-processing-mcp-server.document_reader"]
L_WEB = ["duckduckgo-search-mcp-server.duckduckgo_web_search", "bing-cn-mcp.bing_search"]
L_FETCH = ["fetch-mcp-server.fetch", "mcp-npx-fetch.fetch_html", "mcp-npx-fetch.fetch_txt", "bing-cn-mcp.fetch_webpage"]
L_DOCS = [("context7-mcp-up-to-date-code-docs-for-any-prompt.resolve-library-id", "context7-mcp-up-to-date-code-docs-for-any-prompt.get-library-docs"),
          "deepwiki-mcp-server.deepwiki_fetch"]
L_ARXIV = ["arxiv-mcp-server.search_papers", "mcp-simple-arxiv.search_papers"]
L_MEM = ["knowledge-graph-memory-server.create_entities", "knowledge-graph-memory-server.add_observations", "basic-memory.write_note"]
L_CALC = ["calculator-mcp-server.calculate"]
L_STOCK = ["mcp-yahoo-finance.get_current_stock_price", "yahoo-finance-mcp-server.get_ticker_info",
           "investor-agent-a-financial-analysis-mcp-server.get_ticker_data", "asset-price-mcp-server-asset-price-mcp.get_asset_price"]
GIT = "mcp-server-git-a-git-mcp-server."
PW = "playwright-mcp-server."
PP = "puppeteer."
NPM = "npm-sentinel-mcp."

LMB = [
 # backend dev
 ("is express 5 actually stable now or still beta? thinking about upgrading", anyof(NPM + "npmLatest", NPM + "npmVersions")),
 ("whats the latest jackson-databind on maven central, we're still on 2.15",
  anyof("maven-dependencies-mcp-server.get_latest_release", "maven-dependencies-mcp-server.list_maven_versions")),
 ("how does fastify's rate limiter work under the hood? is there a decent writeup of the internals?", anyof(alts(L_DOCS))),
 # frontend dev
 ("is there a shadcn componnet for a date range picker or do I have to build one myself",
  anyof("shadcn-ui-mcp-server.search_components", "shadcn-ui-mcp-server.list_shadcn_components")),
 ("how does antd's Table do virtual scrolling these days? the old trick stopped working after the upgrade",
  anyof("ant-design-components-mcp-service.get-component-docs", "ant-design-components-mcp-service.list-component-examples",
        "ant-design-components-mcp-service.get-component-changelog")),
 ("need an icon for 'export to csv', anything in hugeicons?", anyof("hugeicons-mcp-server.search_icons")),
 # mobile dev
 ("the bundle grew by 300k, is moment the culprit? how big is it next to dayjs",
  anyof(NPM + "npmSize", NPM + "npmCompare")),
 ("Apa cuaca di Bandung besok? Kita mau uji GPS di lapangan",
  anyof("mcp-weather-free.get_weather_by_city", "mcp-weather-free.get_weather")),
 ("where can we park near Karl Johans gate 1 in Oslo for the device lab visit",
  anyof("openstreetmap-osm-mcp-server.geocode_address openstreetmap-osm-mcp-server.find_parking_facilities")),
 # data engineer
 ("the vendor sent sales_q3.xlsx, which sheets are in it and is there a region column?",
  anyof("excel-mcp-server.excel_describe_sheets excel-mcp-server.excel_read_sheet",
        "simple-document-processing-mcp-server.excel_read")),
 ("is there a public dataset on data.gov about EV registrations by state?", anyof("data-gov-mcp-server.package_search")),
 ("so standup is in 20 minutes and the PM keeps asking whether the pipeline volume is actually growing or if it's just noise. reports/counts.csv has one row per month with the row count, could you turn that into a line chart I can paste into the channel? nothing fancy, just months on the x axis",
  anyof(alts(L_READ, "mcp-server-chart.generate_line_chart"))),
 # ML engineer
 ("anything new on speculative decoding on arxiv this month?", anyof(alts(L_ARXIV))),
 ("I don't have two hours for Karpathy's tokenizer video, what are the main points? https://www.youtube.com/watch?v=zduSFxRajkE",
  anyof("youtube-transcript-server.get_transcript")),
 ("pick a random seed for tonight's ablation run, and a random 10% sample of the 50 run ids in the sheet I pasted",
  anyof("random-number-mcp.random_int random-number-mcp.random_sample",
        "random-number-mcp.secure_random_int random-number-mcp.random_sample")),
 # DevOps
 ("what containers are runing locally and why does the redis one keep dying?",
  anyof("docker-mcp.list-containers docker-mcp.get-logs")),
 ("our uptime checks to statuspage-eu.io keep failing, did the domain expire? who owns it",
  anyof("whois-mcp.whois_domain")),
 ("bring up the compose stack in ./infra/dev, the one with postgres and minio",
  anyof("docker-mcp.deploy-compose", alts(L_READ, "docker-mcp.deploy-compose"))),
 # DBA
 ("Hvor længe har vi endnu før Postgres 13 går end-of-life?",
  anyof(alts(L_WEB, "time-mcp-server.get_current_time"))),
 ("the ER diagram in docs/schema.mmd won't render, is the mermaid syntax broken?",
  anyof(alts(L_READ, "mcp-server-mermaid-validator.validateMermaid"))),
 ("2.3 TB now, growing 4% a month: when do we hit the 4 TB disk", anyof(alts(L_CALC))),
 # security engineer
 ("lodash 4.17.20 still has known vulns?", anyof(NPM + "npmVulnerabilities")),
 ("who registered paypa1-support.com? it's phishing our customers", anyof("whois-mcp.whois_domain")),
 ("185.220.101.4 is hammering the login endpoint, whose network is that?",
  anyof("whois-mcp.whois_ip", "whois-mcp.whois_ip whois-mcp.whois_as")),
 # tech lead
 ("we need to plan the move to the new auth service, can you break it into tasks and keep track of them?",
  anyof("mcp-taskmanager.request_planning")),
 ("write up our decision to move from RabbitMQ to Kafka as a Word doc for the board, with a short context and consequences section",
  anyof("office-word-mcp-server.create_document office-word-mcp-server.add_heading office-word-mcp-server.add_paragraph")),
 ("is anyone on Hacker News talking about the cloud outage today?",
  anyof("hacker-news-mcp-server.search", "hacker-news-mcp-server.getStories")),
 # intern day 3
 ("what's today's leetcode daily? my mentor wants me to practise", anyof("mcp-server-leetcode.get-daily-challenge")),
 ("rebase vs merge, explain like I'm on day three?", []),
 ("there's an onboarding.pdf somewhere in my Downloads, what does it say about the VPN?",
  anyof(alts(L_SEARCHF, L_PDF))),
 # open-source maintainer
 ("is our repo on GitHub trending today? someone in discord says so",
  anyof("mcp-github-trending-mcp-server.get_github_trending_repositories")),
 ("our weekly downloads vs left-pad-ng, who's growing faster?",
  anyof(NPM + "npmTrends", NPM + "npmCompare")),
 ("Kuna commits ambazo bado sijazisukuma? Nionyeshe git log",
  anyof(GIT + "git_log", GIT + "git_status " + GIT + "git_log")),
 # game dev
 ("what's the current Valorant meta on Ascent? the art team wants references for the map pitch",
  anyof("op-gg-mcp-server.valorant-agents-composition-with-map", "op-gg-mcp-server.valorant-meta-maps")),
 ("make me a 16x16 placeholder sprite png, red square with a black border",
  anyof("drawing-mcp-server.drawing_generateCanvas drawing-mcp-server.drawing_fillRectangle drawing-mcp-server.drawing_getCanvasPng")),
 ("메뉴 음악 assets/audio/menu.mp3 템포가 몇 BPM이야? UI 애니메이션을 맞추려고",
  anyof("mcp-music-analysis.load mcp-music-analysis.tempo", "mcp-music-analysis.load mcp-music-analysis.beat_track")),
 # embedded dev
 ("datasheets/bme280.pdf — what's the max SPI clock?", anyof(alts(L_PDF))),
 ("Je 8N1 totéž jako 8 datových bitů, žádná parita a jeden stop bit?", []),
 ("something is holding /dev/ttyUSB0 and the flasher can't open it, kill it",
  anyof("desktop-commander-mcp.list_processes desktop-commander-mcp.kill_process",
        "desktop-commander-mcp.start_process desktop-commander-mcp.kill_process")),
 # release manager
 ("what's staged for the release commit? don't commit yet",
  anyof(GIT + "git_diff_staged", GIT + "git_status")),
 ("can you make a 5-slide deck of what's in 3.4 for friday's all-hands",
  anyof("office-powerpoint-mcp-server.create_presentation office-powerpoint-mcp-server.add_slide office-powerpoint-mcp-server.save_presentation",
        "office-powerpoint-mcp-server.auto_generate_presentation")),
 ("ship it: commit the version bump as 'release 3.4.0'",
  anyof(GIT + "git_add " + GIT + "git_commit")),
 # SRE
 ("what time is it in Singapore? is the on-call there awake yet", anyof("time-mcp-server.get_current_time")),
 ("status.ourcdn.com is all javascript so curl shows nothing, what does the page actually say right now?",
  anyof(PW + "playwright_navigate " + PW + "playwright_get_visible_text",
        PW + "playwright_navigate " + PW + "playwright_screenshot",
        PP + "puppeteer_navigate " + PP + "puppeteer_screenshot")),
 ("Чому health-check повертає 503? Подивись, що відповідає https://api.example.com/health",
  anyof(alts(["fetch-mcp-server.fetch", "mcp-npx-fetch.fetch_json", "mcp-npx-fetch.fetch_txt", PW + "playwright_get"]))),
 # QA automation
 ("record me clicking through checkout on staging so we get a test script out of it",
  anyof(PW + "start_codegen_session " + PW + "playwright_navigate " + PW + "end_codegen_session")),
 ("does the login form show an error for a wrong password? try it in a browser",
  anyof(PW + "playwright_navigate " + PW + "playwright_fill " + PW + "playwright_click",
        PP + "puppeteer_navigate " + PP + "puppeteer_fill " + PP + "puppeteer_click")),
 ("need a screenshot of the staging home page for the bug report",
  anyof(PW + "playwright_navigate " + PW + "playwright_screenshot", PP + "puppeteer_navigate " + PP + "puppeteer_screenshot")),
 # docs engineer
 ("how many pages are in the docs.example.dev sitemap? we're planning the migration",
  anyof("sitemap-mcp-server.get_sitemap_stats", "sitemap-mcp-server.get_sitemap_pages", "sitemap-mcp-server.get_sitemap_tree")),
 ("convert architecture.docx to pdf for the wiki",
  anyof("office-word-mcp-server.convert_to_pdf", "simple-document-processing-mcp-server.docx_to_pdf")),
 ("could you turn the outline in notes/roadmap.md into a mind map? the PM likes pictures",
  anyof(alts(L_READ, "mindmap-mcp-server.convert_markdown_to_mindmap"))),
 # platform engineer
 ("what changed in the latest langchain release on npm? need to know before we bump",
  anyof(NPM + "npmChangelogAnalysis")),
 ("does spring-boot-starter-web 3.3.5 exist on maven central or did someone fat-finger the version?",
  anyof("maven-dependencies-mcp-server.check_maven_version_exists", "maven-dependencies-mcp-server.list_maven_versions")),
 ("remember for later sessions that the staging cluster is called blue-otter", anyof(alts(L_MEM))),
 # freelancer
 ("كم تساوي 4500 يورو بالدولار اليوم؟ العميل يدفع باليورو", anyof("exchange-rate-mcp-server.exchange_rate")),
 ("find me an Airbnb in Lisbon near Cais do Sodré for March 3 to 7, client visit",
  anyof("airbnb-mcp-server.airbnb_search")),
 ("invoice: 12.5 + 7.75 + 9 + 3.25 hours at 85/hr, total?", anyof(alts(L_CALC))),
 # CTO
 ("how's NVDA doing today? we keep buying their GPUs so I'm curious lol", anyof(alts(L_STOCK))),
 ("bitcoin price rn? a board member asked",
  anyof("crypto-price-market-analysis-mcp-server.get-crypto-price", "asset-price-mcp-server-asset-price-mcp.get_asset_price")),
 ("thanks, that's all for today", []),
]

def write(path, prefix, rows):
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        for i, (intent, gold) in enumerate(rows, 1):
            f.write(json.dumps({"id": "%s-%03d" % (prefix, i), "intent": intent, "gold_any": gold},
                               ensure_ascii=False) + "\n")

if __name__ == "__main__":
    write(os.path.join(HERE, "real-mcp-fresh13.jsonl"), "rm13", REAL)
    write(os.path.join(HERE, "livemcpbench-fresh13.jsonl"), "lmb13", LMB)
    print(len(REAL), len(LMB))
