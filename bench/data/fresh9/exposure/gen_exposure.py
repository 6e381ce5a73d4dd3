#!/usr/bin/env python3
"""Regenerate the fresh9 exposure intent files byte-for-byte (standard library only).

Usage: python3 gen_exposure.py   (writes real-mcp-fresh9.jsonl and livemcpbench-fresh9.jsonl next to this file)

Method: each block below starts from a concrete artefact the user is holding (a traceback, a CI
log line, a calendar invite, a receipt, a PDF, ...).  The intent text was written first, in the
user's words; the gold sets were looked up in the catalogue afterwards.  Every gold set is a
complete set of tools a competent agent would call; alternative sets list real alternatives
(overlapping servers, or a shell/URL-capable reader doing the same job).
"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))

# ----------------------------------------------------------------------------------------------
# real-mcp.json (18 servers)
# ----------------------------------------------------------------------------------------------
FSR = [["filesystem.read_text_file"], ["filesystem.read_file"], ["desktop.read_file"], ["serena.read_file"]]
C7 = [["context7.resolve-library-id", "context7.query-docs"]]
SENTRY_ISSUE = ["sentry.get_sentry_resource"]

RM = [
    # A1 stack trace pasted
    ("got this traceback from prod:\n  File \"app/billing/invoice.py\", line 212, in render_total\n    rate = line.meta[\"vat_rate\"]\nKeyError: 'vat_rate'\ncan you open that file around line 212 and tell me what's going on",
     FSR),
    ("where else does render_total get called? I want to know what breaks if I change its signature",
     [["serena.find_referencing_symbols"], ["serena.search_for_pattern"], ["desktop.start_search"]]),
    ("TypeError: Cannot read properties of undefined (reading 'map') — what does that usually mean in a React component?",
     []),
    # A2 failing CI log line
    ("CI went red on PR #482 in acme/shop, which checks are failing?",
     [["github.get_pull_request_status"]]),
    ("ci log: src/parser/lexer.py:88:101: E501 Line too long (112 > 100). fix that line and commit it",
     [["filesystem.read_text_file", "filesystem.edit_file", "git.git_add", "git.git_commit"],
      ["filesystem.read_file", "filesystem.edit_file", "git.git_add", "git.git_commit"],
      ["desktop.read_file", "desktop.edit_block", "git.git_add", "git.git_commit"],
      ["serena.read_file", "serena.replace_content", "git.git_add", "git.git_commit"]]),
    ("build step died with 'Process completed with exit code 137' — that's the OOM killer, isn't it?",
     []),
    # A3 screenshot description
    ("the QA screenshot shows the checkout button overlapping the footer on mobile. open http://localhost:3000/checkout at iPhone size and grab a screenshot so I can compare",
     [["playwright.browser_navigate", "playwright.browser_resize", "playwright.browser_take_screenshot"],
      ["devtools.new_page", "devtools.resize_page", "devtools.take_screenshot"],
      ["devtools.navigate_page", "devtools.resize_page", "devtools.take_screenshot"],
      ["devtools.new_page", "devtools.emulate", "devtools.take_screenshot"],
      ["devtools.navigate_page", "devtools.emulate", "devtools.take_screenshot"]]),
    ("in that screenshot there's a red error counter in the console on localhost:5173/settings — what's the error?",
     [["playwright.browser_navigate", "playwright.browser_console_messages"],
      ["devtools.new_page", "devtools.list_console_messages"],
      ["devtools.navigate_page", "devtools.list_console_messages"]]),
    # A4 Jira ticket text
    ("PAY-3107 — I'm taking it. move it to In Progress and put my name on it",
     [["atlassian.jira_get_transitions", "atlassian.jira_transition_issue", "atlassian.jira_assign_issue"],
      ["atlassian.jira_get_transitions", "atlassian.jira_transition_issue", "atlassian.jira_update_issue"]]),
    ("ticket PAY-3107 just says 'see attached log' — grab the attachment and tell me what's in it",
     [["atlassian.jira_download_attachments"]]),
    ("leave a note on PAY-3107 that the fix is in PR #490",
     [["atlassian.jira_add_comment"]]),
    ("Bitte leg für den Checkout-Bug ein Jira-Ticket im Projekt PAY an, Typ Bug, Priorität hoch.",
     [["atlassian.jira_create_issue"]]),
    # A5 calendar invite
    ("the invite says Thursday 10:00 America/Los_Angeles, what's that for me in Berlin?",
     [["time.convert_time"]]),
    ("standup invite is 9:30 Sydney time. what time is it over there right now?",
     [["time.get_current_time"]]),
    ("招待状には London 14:00 って書いてあるけど、東京だと何時？",
     [["time.convert_time"]]),
    ("calendar invite from the Mumbai team says 4pm their time, convert that to São Paulo for me",
     [["time.convert_time"]]),
    ("the invite says CET but it's December — is that the same thing as CEST or not?",
     []),
    # A6 URL
    ("https://docs.python.org/3/whatsnew/3.13.html summarise the free-threading part for me",
     [["fetch.fetch"], ["desktop.read_file"],
      ["playwright.browser_navigate", "playwright.browser_snapshot"],
      ["devtools.new_page", "devtools.take_snapshot"]]),
    ("someone dropped https://status.acme.io/api/v2/status.json in slack, is anything degraded?",
     [["fetch.fetch"], ["desktop.read_file"]]),
    ("read https://martinfowler.com/articles/feature-toggles.html and put the key points on a new page under 'Reading notes' in notion",
     [["fetch.fetch", "notion.API-post-search", "notion.API-post-page"],
      ["desktop.read_file", "notion.API-post-search", "notion.API-post-page"]]),
    # A7 git branch name
    ("i'm on feature/PAY-3107-vat-rounding, what have I changed compared to main?",
     [["git.git_diff"]]),
    ("switch to hotfix/2.4.1 and show me the last 5 commits there",
     [["git.git_checkout", "git.git_log"]]),
    ("make a branch spike/grpc-streaming off develop",
     [["git.git_create_branch"]]),
    ("whats the staus of my repo, anyhting uncomitted?",
     [["git.git_status"]]),
    # A8 Sentry alert e-mail
    ("Sentry email: 'New issue in checkout-api — ZeroDivisionError: division by zero' (CHECKOUT-API-7K). show me the full stack trace",
     [SENTRY_ISSUE]),
    ("Sentry says CHECKOUT-API-7K was first seen in 2.4.0 — how many users are hitting it, and on which releases?",
     [["sentry.get_issue_tag_values"], ["sentry.get_sentry_resource"]]),
    ("Sentry m'a envoyé une alerte pour le projet mobile-app, tu peux lister les erreurs non résolues des dernières 24 h ?",
     [["sentry.search_issues"]]),
    ("turn sentry issue CHECKOUT-API-7K into a Jira bug in PAY, with the stack trace in the description",
     [["sentry.get_sentry_resource", "atlassian.jira_create_issue"],
      ["sentry.search_issue_events", "atlassian.jira_create_issue"]]),
    # A9 Grafana panel
    ("the 'p99 latency' panel on the API Overview dashboard spiked at 14:05 — what query sits behind that panel?",
     [["grafana.search_dashboards", "grafana.get_dashboard_panel_queries"],
      ["grafana.search_dashboards", "grafana.get_dashboard_by_uid"]]),
    ("run this for the last hour: histogram_quantile(0.99, sum(rate(http_request_duration_seconds_bucket{job=\"api\"}[5m])) by (le))",
     [["grafana.list_datasources", "grafana.query_prometheus"],
      ["grafana.list_datasources", "grafana.query_prometheus_histogram"]]),
    ("any error logs in loki for the payments service around 14:05 today?",
     [["grafana.list_datasources", "grafana.query_loki_logs"]]),
    ("who's on call right now for the platform team?",
     [["grafana.list_oncall_schedules", "grafana.get_current_oncall_users"]]),
    ("añade una anotación en el dashboard API Overview marcando el deploy de la 2.4.1 a las 15:20",
     [["grafana.search_dashboards", "grafana.create_annotation"]]),
    # A10 kubectl output pasted
    ("kubectl zeigt payments-7d9f8-xk2lp im namespace prod in CrashLoopBackOff — hol mir mal die Logs",
     [["kubernetes.kubectl_logs"], ["kubernetes.kubectl_generic"]]),
    ("scale payments in prod to 5 replicsa",
     [["kubernetes.kubectl_scale"]]),
    ("what's running in the staging namespace?",
     [["kubernetes.kubectl_get"]]),
    ("pods keep getting evicted in prod — any warning events lately?",
     [["kubernetes.kubectl_get"], ["kubernetes.kubectl_generic"]]),
    # A11 Notion page link
    ("here's the Q1 roadmap: https://www.notion.so/acme/Q1-Roadmap-8f2c4e1a9b7d4c0e8a1b2c3d4e5f6a7b — which items are marked blocked?",
     [["notion.API-retrieve-page-markdown"],
      ["notion.API-retrieve-a-page", "notion.API-get-block-children"]]),
    ("add a row to our Incidents database in notion for today's checkout outage, sev2",
     [["notion.API-post-search", "notion.API-post-page"]]),
    ("serach notion for the onboardng checklist",
     [["notion.API-post-search"]]),
    # A12 Confluence page
    ("the failover runbook is in confluence, space OPS, page 'Payments failover' — pull it up",
     [["atlassian.confluence_get_page"], ["atlassian.confluence_search", "atlassian.confluence_get_page"]]),
    ("add the new DNS step to the 'Payments failover' page in OPS, right under the 'Cutover' heading",
     [["atlassian.confluence_get_page", "atlassian.confluence_update_page_section"],
      ["atlassian.confluence_get_page", "atlassian.confluence_update_page"]]),
    ("Confluence에서 'release checklist' 페이지 좀 찾아줘",
     [["atlassian.confluence_search"]]),
    # A13 PR URL
    ("https://github.com/acme/shop/pull/490 — go through the changed files and leave review comments",
     [["github.get_pull_request_files", "github.create_pull_request_review"]]),
    ("merge acme/shop#490 if the checks are green",
     [["github.get_pull_request_status", "github.merge_pull_request"]]),
    ("who left comments on acme/shop PR 490 and what are they asking for?",
     [["github.get_pull_request_comments", "github.get_pull_request_reviews"]]),
    # A14 library name + version
    ("how do I write middleware in Next.js 15? I want the current docs, not whatever you remember",
     C7),
    ("pydantic v2: field_validator vs the old validator — what do the official docs say?",
     C7),
    ("给我看一下 Tailwind CSS v4 最新文档里 @theme 的用法",
     C7),
    # A15 a log file path on disk
    ("/var/log/nginx/error.log — show me the last 200 lines",
     [["filesystem.read_text_file"], ["filesystem.read_file"], ["desktop.read_file"]]),
    ("grep everything under ./logs for 'upstream timed out' and count hits per file",
     [["desktop.start_search"], ["serena.search_for_pattern"], ["desktop.start_process"], ["serena.execute_shell_command"]]),
    ("how big is ./dumps/heap-2026-12-01.hprof and when was it written?",
     [["filesystem.get_file_info"], ["desktop.get_file_info"]]),
    # A16 a folder of CSV exports
    ("what csvs are in data/exports?",
     [["filesystem.list_directory"], ["filesystem.list_directory_with_sizes"], ["filesystem.search_files"],
      ["filesystem.directory_tree"], ["desktop.list_directory"], ["serena.list_dir"], ["serena.find_file"]]),
    ("colle data/exports/jan.csv, feb.csv et mar.csv dans un seul q1.csv, en gardant l'en-tête une seule fois",
     [["filesystem.read_multiple_files", "filesystem.write_file"],
      ["filesystem.read_text_file", "filesystem.write_file"],
      ["desktop.read_multiple_files", "desktop.write_file"],
      ["desktop.read_file", "desktop.write_file"],
      ["desktop.start_process"], ["serena.execute_shell_command"]]),
    # A17 a fact about a colleague
    ("remember that Priya owns the payments service and prefers async code reviews",
     [["memory.create_entities"], ["memory.search_nodes", "memory.add_observations"], ["serena.write_memory"]]),
    ("what do you have on Priya?",
     [["memory.search_nodes"], ["memory.open_nodes"], ["memory.read_graph"]]),
    # A18 a design puzzle on the whiteboard
    ("think it through step by step before answering: how do we get exactly-once from the outbox table into Kafka, what are the options and trade-offs",
     [["thinking.sequentialthinking"]]),
    ("difference between rebase and merge, two sentences please",
     []),
    # A19 a performance complaint
    ("people say https://staging.acme.io/dashboard feels sluggish. record a perf trace and tell me the LCP and what's holding it up",
     [["devtools.new_page", "devtools.performance_start_trace", "devtools.performance_analyze_insight"],
      ["devtools.navigate_page", "devtools.performance_start_trace", "devtools.performance_analyze_insight"]]),
    ("QA screenshot shows broken images on localhost:3000/products — which requests are failing?",
     [["playwright.browser_navigate", "playwright.browser_network_requests"],
      ["devtools.new_page", "devtools.list_network_requests"],
      ["devtools.navigate_page", "devtools.list_network_requests"]]),
    ("throttle to slow 3G and load localhost:3000/products/42 — how long until it's usable?",
     [["devtools.new_page", "devtools.emulate", "devtools.performance_start_trace"],
      ["devtools.navigate_page", "devtools.emulate", "devtools.performance_start_trace"]]),
    # A20 a commit hash
    ("what's in 3f9a2c1?",
     [["git.git_show"]]),
    # A21 a squatted port / a test command
    ("something is squatting on port 8080, find it and kill it",
     [["desktop.start_process", "desktop.kill_process"], ["desktop.list_processes", "desktop.kill_process"],
      ["desktop.start_process"], ["serena.execute_shell_command"]]),
    ("corre `pytest -x tests/billing` y dime qué se rompió",
     [["desktop.start_process"], ["serena.execute_shell_command"]]),
    # A22 a manifest / a deployment
    ("apply deploy/k8s/worker.yaml to the staging namespace",
     [["kubernetes.kubectl_apply"]]),
    ("which image tag is the api deployment in prod running?",
     [["kubernetes.kubectl_get"], ["kubernetes.kubectl_describe"]]),
    # A23 a GitHub issue number
    ("acme/shop issue #1312 — read it and check whether it's a dupe of something already reported",
     [["github.get_issue", "github.search_issues"]]),
    ("abre uma issue no repo acme/shop dizendo que o botão de checkout some no Safari 17",
     [["github.create_issue"]]),
    ("close acme/shop#1312 and note that it was fixed by #490",
     [["github.add_issue_comment", "github.update_issue"]]),
    # A24 a spreadsheet
    ("~/Downloads/budget-2027.xlsx — what's the total of column C on the 'Infra' sheet?",
     [["desktop.read_file"], ["desktop.start_process"]]),
    # A25 a PDF contract
    ("contract.pdf in ~/Documents/legal — what does the termination clause say about notice period?",
     [["desktop.read_file"]]),
    # extra artefacts: a cURL line, a commit message, staging mistake, code symbols, MCP wiring
    ("copied this from the network tab: curl 'https://api.acme.io/v2/orders?limit=5' -H 'accept: application/json' — what comes back?",
     [["fetch.fetch"], ["desktop.read_file"], ["desktop.start_process"], ["serena.execute_shell_command"]]),
    ("commit everything, message 'fix vat rounding for CHF'",
     [["git.git_add", "git.git_commit"]]),
    ("oops, staged the wrong files — unstage all of it",
     [["git.git_reset"]]),
    ("rename calc_vat to compute_vat across the codebase",
     [["serena.rename_symbol"], ["serena.replace_in_files"]]),
    ("give me an outline of what's defined in src/billing/invoice.py",
     [["serena.get_symbols_overview"]]),
    ("just checking the MCP wiring works — echo back 'hello from staging'",
     [["everything.echo"]]),
    ("my collegue is in Auckland, is it already tomorow there?",
     [["time.get_current_time"]]),
    ("write a postmortem page in notion for CHECKOUT-API-7K, with the stack trace and first-seen time from sentry",
     [["sentry.get_sentry_resource", "notion.API-post-search", "notion.API-post-page"]]),
    ("the HighErrorRate alert is firing — show me the rule and its threshold",
     [["grafana.alerting_rules_read"]]),
]

# ----------------------------------------------------------------------------------------------
# livemcpbench.json (70 servers)
# ----------------------------------------------------------------------------------------------
YF = "mcp-yahoo-finance"
YF2 = "yahoo-finance-mcp-server"
INV = "investor-agent-a-financial-analysis-mcp-server"
KOS = "kospi-kosdaq-stock-server"
CRY = "crypto-price-market-analysis-mcp-server"
ASSET = "asset-price-mcp-server-asset-price-mcp"
FX = "exchange-rate-mcp-server"
CALC = "calculator-mcp-server"
PDF = "pdf-reader-mcp-server"
DOC = "simple-document-processing-mcp-server"
DC = "desktop-commander-mcp"
FS = "filesystem-mcp-server"
TE = "mcp-text-editor-server"
ARX = "arxiv-mcp-server"
SARX = "mcp-simple-arxiv"
YT = "youtube-transcript-server"
NPM = "npm-sentinel-mcp"
MVN = "maven-dependencies-mcp-server"
OPGG = "op-gg-mcp-server"
COOK = "howtocook-mcp-server"
BIO = "biomcp-biomedical-model-context-protocol"
YGO = "baige-ygocdb-com-mcp-server"
IMG = "mcp-image-extractor"
OSM = "openstreetmap-osm-mcp-server"
BAZI = "bazi-mcp-mcp-by-cantian-ai"
MET = "met-museum-mcp-server"
GHT = "mcp-github-trending-mcp-server"
WORD = "office-word-mcp-server"
PPT = "office-powerpoint-mcp-server"
OKPPT = "mcp-okppt-server"
XL = "excel-mcp-server"
MERM = "mcp-server-mermaid-validator"
LC = "mcp-server-leetcode"
AIR = "airbnb-mcp-server"
WHO = "whois-mcp"
R12306 = "12306-mcp"
MUS = "mcp-music-analysis"
CHESS = "mcp-chess-server"
HN = "hacker-news-mcp-server"
SITE = "sitemap-mcp-server"
WX = "mcp-weather-free"
CHART = "mcp-server-chart"
TASK = "mcp-taskmanager"
DOCKER = "docker-mcp"
WIKI = "wikipedia-mcp-server"
RAND = "random-number-mcp"
META = "metatag-genie"
MIND = "mindmap-mcp-server"
DDG = "duckduckgo-search-mcp-server"
BING = "bing-cn-mcp"
ANTD = "ant-design-components-mcp-service"
SHAD = "shadcn-ui-mcp-server"
HUGE = "hugeicons-mcp-server"
TRENDS = "trends-hub"
DATAGOV = "data-gov-mcp-server"
KG = "knowledge-graph-memory-server"
BM = "basic-memory"
FETCH = "fetch-mcp-server"
NPX = "mcp-npx-fetch"
PW = "playwright-mcp-server"
PUP = "puppeteer"
DEEPWIKI = "deepwiki-mcp-server"
TIME = "time-mcp-server"


def t(org, *names):
    return [f"{org}.{n}" for n in names]


PRICE_HIST = [t(YF, "get_historical_stock_prices"), t(YF, "get_stock_price_date_range"),
              t(YF2, "get_price_history"), t(INV, "get_price_history")]
ARX_SEARCH = [t(ARX, "search_papers"), t(SARX, "search_papers")]
PPT_BUILD = [t(PPT, "create_presentation", "add_slide", "add_bullet_points", "save_presentation"),
             t(PPT, "create_presentation", "add_slide", "populate_placeholder", "save_presentation")]

LMB = [
    # B1 a stock ticker in a news screenshot
    ("news screenshot says NVDA is down 6% today — what's it actually trading at?",
     [t(YF, "get_current_stock_price"), t(YF2, "get_ticker_info"), t(INV, "get_ticker_data")]),
    # B2 a Korean stock code
    ("삼성전자(005930) 어제 종가랑 거래량 알려줘",
     [t(KOS, "get_stock_ohlcv"), t(YF, "get_stock_price_by_date"), t(YF, "get_historical_stock_prices"),
      t(YF2, "get_price_history"), t(INV, "get_price_history")]),
    # B3 a wallet push notification
    ("my wallet app pinged me that BTC dropped 8% — is that right? price and 24h change please",
     [t(CRY, "get-crypto-price"), t(ASSET, "get_asset_price")]),
    # B4 a foreign receipt
    ("receipt from a Tokyo ramen place says ¥12,800 — how much is that in euros?",
     [t(FX, "exchange_rate")]),
    # B5 a PDF paper on disk
    ("summarise the method section of ~/papers/flash-attention.pdf",
     [t(PDF, "read_pdf"), t(DOC, "document_reader")]),
    # B6 an arXiv id
    ("arXiv 2401.04088 — what's it about? and save the pdf locally",
     [t(SARX, "get_paper_data") + t(ARX, "download_paper"), t(ARX, "download_paper", "read_paper")]),
    # B7 a YouTube link
    ("https://www.youtube.com/watch?v=8pTEmbeENF4 — give me the transcript boiled down to 5 bullets",
     [t(YT, "get_transcript")]),
    # B8 a package.json
    ("our package.json pins lodash 4.17.20 and minimist 1.2.5 — any known vulns?",
     [t(NPM, "npmVulnerabilities")]),
    # B9 a pom.xml
    ("pom.xml still has com.fasterxml.jackson.core:jackson-databind 2.13.0, whats the newst release?",
     [t(MVN, "get_latest_release"), t(MVN, "list_maven_versions")]),
    # B10 a champion name in a group chat
    ("what's the strongest build for Ahri mid right now?",
     [t(OPGG, "lol-champion-analysis")]),
    # B11 a fridge photo
    ("tengo huevos, tomates y un poco de arroz, ¿qué puedo cocinar esta noche para dos?",
     [t(COOK, "mcp_howtocook_whatToEat"), t(COOK, "mcp_howtocook_getAllRecipes"),
      t(COOK, "mcp_howtocook_getRecipesByCategory"), t(COOK, "mcp_howtocook_getRecipeById")]),
    # B12 a pathology report line
    ("report says BRAF V600E melanoma — any recruiting trials, and what's recent on resistance to BRAF inhibitors?",
     [t(BIO, "trial_searcher", "article_searcher"), t(BIO, "search")]),
    # B13 a trading card
    ("Yu-Gi-Oh: what does 'Ash Blossom & Joyous Spring' actually do?",
     [t(YGO, "search_cards")]),
    # B14 an image link
    ("screenshot at https://i.imgur.com/q8Zf2Lk.png — what does the error dialog in it say?",
     [t(IMG, "extract_image_from_url")]),
    # B15 an address in an invite
    ("the invite says the offsite is at Alexanderplatz 1, Berlin — find cafés within 500 m",
     [t(OSM, "geocode_address", "find_nearby_places"), t(OSM, "geocode_address", "search_category")]),
    # B16 a birth date
    ("1990年5月17日早上8点出生的男生，帮我排一下八字",
     [t(BAZI, "getBaziDetail"), t(BAZI, "buildBaziFromSolarDatetime")]),
    # B17 a museum ticket
    ("any Van Gogh paintings at the Met with pictures I can look at?",
     [t(MET, "search-museum-objects", "get-museum-object")]),
    # B18 a newsletter mention
    ("what's trending on GitHub in Rust this week?",
     [t(GHT, "get_github_trending_repositories")]),
    # B19 a .docx contract
    ("contract.docx: swap every 'Licensee' for 'Customer'",
     [t(WORD, "search_and_replace")]),
    # B20 a .pptx deck
    ("add a closing slide titled 'Questions?' to ~/talks/q3-review.pptx and save it",
     [t(PPT, "open_presentation", "add_slide", "save_presentation"), t(OKPPT, "add_slide_with_layout")]),
    # B21 a spreadsheet
    ("sales.xlsx — which region tops the 'Q3' sheet?",
     [t(XL, "excel_read_sheet"), t(DOC, "excel_read")]),
    # B22 a diagram snippet
    ("does this mermaid even parse? graph TD; A[Start]-->B{ok?}; B--yes-->C; B--no-->A",
     [t(MERM, "validateMermaid")]),
    # B23 an interview prep list
    ("LeetCode 146 LRU Cache — paste me the problem statement",
     [t(LC, "get-problem")]),
    # B24 a trip plan
    ("un Airbnb à Lisbonne pour 2 adultes du 12 au 15 mars, moins de 120 € la nuit",
     [t(AIR, "airbnb_search")]),
    # B25 a phishing e-mail
    ("got a phishing mail from paypa1-secure.com — who registered it and when?",
     [t(WHO, "whois_domain")]),
    # B26 a train trip
    ("12月20号北京到上海还有高铁票吗？",
     [t(R12306, "get-station-code-of-citys", "get-tickets"), t(R12306, "get-stations-code-in-city", "get-tickets")]),
    # B27 an audio file
    ("what's the BPM of ~/music/demo-take3.wav?",
     [t(MUS, "load", "tempo"), t(MUS, "load", "beat_track")]),
    # B28 an opening book
    ("I'm learning openings. after 1. e4 e5, what can white play?",
     [t(CHESS, "new_game", "make_move", "get_valid_moves")]),
    # B29 a tab left open
    ("top storys on hackernews rn?",
     [t(HN, "getStories")]),
    # B30 a competitor site
    ("how many blog posts does https://acme.io have according to its sitemap?",
     [t(SITE, "get_sitemap_pages"), t(SITE, "get_sitemap_stats")]),
    # B31 a boarding pass
    ("flying to Reykjavik tomorow, will it rian?",
     [t(WX, "get_weather_by_city"), t(OSM, "geocode_address") + t(WX, "get_weather")]),
    # B32 numbers from a report
    ("make a bar chart: Jan 120, Feb 98, Mar 143, Apr 171",
     [t(CHART, "generate_bar_chart"), t(CHART, "generate_column_chart")]),
    # B33 sticky notes
    ("add 'renew TLS cert' and 'rotate API keys' to my todo list",
     [t(TASK, "request_planning"), t(TASK, "list_requests", "add_tasks_to_request")]),
    # B34 a restart alert
    ("container api-worker keeps restarting — show me what it logged",
     [t(DOCKER, "get-logs")]),
    # B35 a history homework sheet
    ("Gib mir eine kurze Zusammenfassung des Westfälischen Friedens aus Wikipedia",
     [t(WIKI, "get_summary"), t(WIKI, "summarize_article_for_query"), t(WIKI, "search_wikipedia", "get_summary")]),
    # B36 an invoice total
    ("what's 17.5% of 2,348.90, plus 42?",
     [t(CALC, "calculate")]),
    # B37 a raffle
    ("pick 3 winners from raffle tickets 1–250, no repeats",
     [t(RAND, "random_sample")]),
    # B38 a holiday photo
    ("tag IMG_2041.jpg with 'Lisbon, Alfama, family trip 2026'",
     [t(META, "writeImageMetadata")]),
    # B39 meeting notes
    ("turn these notes into a mind map:\n# Launch\n## Marketing\n- blog\n- webinar\n## Eng\n- beta\n- docs",
     [t(MIND, "convert_markdown_to_mindmap"), t(CHART, "generate_mind_map")]),
    # B40 a news headline
    ("when do the high-risk rules of the EU AI Act actually start applying? look it up",
     [t(DDG, "duckduckgo_web_search"), t(BING, "bing_search")]),
    # B41 a UI ticket
    ("antd Table — which props give me a sticky header and virtual scrolling?",
     [t(ANTD, "get-component-docs")]),
    ("need the shadcn Dialog component with a usage example",
     [t(SHAD, "get_component_examples")]),
    ("need a shopping-cart icon from hugeicons for the navbar, we're on React",
     [t(HUGE, "search_icons", "get_platform_usage")]),
    # B42 a colleague's message
    ("今日の weibo のトレンド上位を教えて",
     [t(TRENDS, "get-weibo-trending")]),
    # B43 a research proposal
    ("is there a data.gov dataset on wildfire incidents I could download?",
     [t(DATAGOV, "package_search")]),
    # B44 a vet appointment card
    ("remember: our vet is Dr. Alvarez, Tuesdays only",
     [t(KG, "create_entities"), t(KG, "search_nodes", "add_observations"), t(BM, "write_note")]),
    # B45 a painting postcard
    ("postcard of 'Washington Crossing the Delaware' — who painted it, and is it at the Met? show me its record",
     [t(MET, "search-museum-objects", "get-museum-object")]),
    # B46 a terms-of-service link
    ("https://example.org/terms — give me the gist of the cancellation section",
     [t(FETCH, "fetch"), t(NPX, "fetch_markdown"), t(NPX, "fetch_txt"), t(NPX, "fetch_html"),
      t(DC, "read_file"), t(PW, "playwright_get"),
      t(PW, "playwright_navigate", "playwright_get_visible_text")]),
    ("screenshot https://acme.io at phone width, 390px",
     [t(PW, "playwright_navigate", "playwright_screenshot"), t(PUP, "puppeteer_navigate", "puppeteer_screenshot")]),
    # B47 a repo name
    ("how is facebook/react's reconciler organised? use deepwiki",
     [t(DEEPWIKI, "deepwiki_fetch")]),
    # B48 a notes file
    ("in ~/notes.txt change line 3 to 'done: ship beta'",
     [t(TE, "get_text_file_contents", "edit_text_file_contents"), t(FS, "read_file", "edit_file"),
      t(FS, "read_file", "write_file"), t(DC, "read_file", "edit_block"), t(DC, "read_file", "write_file")]),
    # B49 a portfolio app
    ("plot AAPL's closing prices over the last month as a line chart",
     [p + t(CHART, "generate_line_chart") for p in PRICE_HIST]),
    ("grab today's top Hacker News story and put its title and link into a new Word doc, hn.docx",
     [t(HN, "getStories") + t(WORD, "create_document", "add_paragraph"),
      t(HN, "getStories") + t(WORD, "create_document", "add_heading")]),
    ("search arxiv for recent 'diffusion transformer' papers and make me a 3-slide deck summarising the top ones",
     [s + p for s in ARX_SEARCH for p in PPT_BUILD]),
    ("heading to the Eiffel Tower this afternoon — do I need an umbrella?",
     [t(WX, "get_weather_by_city"), t(OSM, "geocode_address") + t(WX, "get_weather")]),
    ("convert my $1,250 freelance invoice to KRW and tell me how many Samsung Electronics shares that buys at today's price",
     [t(FX, "exchange_rate") + t(KOS, "get_stock_ohlcv"), t(FX, "exchange_rate") + t(YF, "get_current_stock_price"),
      t(FX, "exchange_rate") + t(YF2, "get_ticker_info")]),
    # B50 a conference-call invite
    ("a call é às 15h de Seul, que horas são em Denver?",
     [t(TIME, "convert_time")]),
    # no tool needed
    ("what's the capital of Australia again?",
     []),
    ("thanks, that's all for now",
     []),
    ("write me a haiku about the first snow",
     []),
]


def write(path, prefix, rows):
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        for i, (intent, gold) in enumerate(rows, 1):
            obj = {"id": f"{prefix}-{i:03d}", "intent": intent, "gold_any": gold}
            f.write(json.dumps(obj, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    write(os.path.join(HERE, "real-mcp-fresh9.jsonl"), "rm9", RM)
    write(os.path.join(HERE, "livemcpbench-fresh9.jsonl"), "lmb9", LMB)
    print(f"real-mcp-fresh9.jsonl: {len(RM)} intents; livemcpbench-fresh9.jsonl: {len(LMB)} intents")
