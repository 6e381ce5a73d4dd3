#!/usr/bin/env python3
"""Regenerates real-mcp-fresh10.jsonl and livemcpbench-fresh10.jsonl byte-for-byte (standard library only).

Intents were written first (as forwarded chat messages, e-mail subjects + first lines and voice transcripts),
then the gold was written after looking the tools up in the two catalogues."""
import json, os

HERE = os.path.dirname(os.path.abspath(__file__))

RM_INTENTS = [
    "can you handle this? ↓ Jonas: before we cut v2.3 can someone make sure main is clean and nothing's left uncommitted",
    "uh okay so commit all the changelog stuff i just did with like a message saying prep release two point three and yeah that's it",
    "Subject: v2.3 release notes — Hi, could you draft the release notes from everything we committed since the v2.2 tag? Thanks, Priya",
    "pls ↓ Priya: can we open the release PR from release/2.3 into main on GitHub, title \"Release 2.3\"",
    "puoi controllare tu? ↓ Jonas: la CI sulla PR #517 è verde o no? vorrei fare il merge prima di pranzo",
    "this one's urgent ↓ Kenji: checkout is throwing 500s since 14:05, anyone seeing it in Sentry?",
    "um can you pull up the error rate for the checkout service in grafana for like the last hour",
    "Subject: payments-api pods restarting — Hi team, the payments-api pods in prod keep restarting since this morning, can someone look at the logs of the one that restarted last?",
    "↓ Marta: once the fix is out can someone resolve the Sentry issue CHECKOUT-3F1 and drop a note in FH-803 that it's fixed",
    "kun jij dit oppakken? ↓ Aylin: kun je in Grafana kijken of er alert rules firing zijn voor checkout?",
    "↓ Priya: Lena starts Monday, can you put together a page in Notion with the onboarding checklist",
    "so uh find the confluence page about our local dev setup and like tell me the gist of it",
    "can you answer her? ↓ Lena: sorry, dumb question, what's actually the difference between rebase and merge?",
    "↓ Lena: where's the README for the ingest service? I can't find it anywhere in the repo",
    "can you do this? ↓ Jonas: which tickets are still sitting in In Review in the current sprint?",
    "create a jira ticket for the flaky login test assign it to me high priority um yeah",
    "Subject: [JIRA] FH-812 estimation — What's the status of FH-812? The client keeps asking.",
    "ogarniesz? ↓ Marta: dodaj komentarz w FH-790, że czekamy na odpowiedź od klienta",
    "↓ Kenji: login e2e failing again on staging, can someone open staging.fernhill.io/login and see if the submit button even renders",
    "uh yeah so okay the login thing again um kenji says it's flaky but honestly i think it's just broken on staging so can you like open the staging login page and fill in the test user creds you know qa-bot and the usual password from the vault and hit submit and then just tell me what happens like does it redirect or does it sit there spinning or whatever because i need to tell him before standup",
    "screenshot of the staging login pls",
    "bakabilir misin? ↓ Aylin: staging'deki login sayfasında console'da hata var mı, bir kontrol eder misin?",
    "Subject: Your docs page is broken — Hello, the page https://docs.fernhill.io/api/v2/webhooks shows nothing useful for me, could you check? Regards, a customer",
    "↓ support: customer says our status page says \"degraded\", can you check what https://status.fernhill.io actually says",
    "can you pull the change log from get hub for the axios repo like just the latest bit",
    "↓ Priya: what time is 4pm Berlin for the folks in Tokyo?",
    "uh what time is it right now in sao paulo",
    "Subject: Sync with the Osaka team — could we meet at 9:30 their time on Thursday? What's that for us in Amsterdam?",
    "isko dekh lo ↓ Kenji: Bangalore wali team ke liye abhi kitne baje hain?",
    "↓ Jonas: can you find everywhere InvoiceCalculator.compute_tax is called before we rename it",
    "okay so rename compute tax to compute vat across the whole billing code please",
    "Subject: billing refactor review — Can you show me what changed in the billing branch compared to main?",
    "帮我看一下 ↓ Marta: billing/models.py 里面有哪些 class 和 function？给我一个概览",
    "↓ Kenji: we're moving to React Router v7, what changed in the loader API?",
    "hey look up how prisma does like nested transactions in the current docs",
    "xem giúp mình ↓ Aylin: tài liệu mới nhất của Next.js về middleware nói gì?",
    "↓ Priya: homepage LCP went from 1.8s to 3.4s after the last deploy, can someone record a performance trace of it",
    "Subject: Slow product page — which network requests are the slowest when loading /products? Customers on mobile complain.",
    "can you like throttle to slow 3g and load the pricing page and see what happens",
    "can you take this one? ↓ Jonas: ok weird one, the worker pods in staging are in CrashLoopBackOff since roughly lunch. I didn't deploy anything, Aylin didn't either as far as I know, the only thing that changed is the secret rotation Marta did this morning but that shouldn't matter?? anyway can someone look at what's going on, I'm in interviews all afternoon",
    "scale the report worker deployment in staging down to zero for now",
    "k8s events staging?",
    "mi fai un favore? ↓ Marta: puoi riavviare il pod ingest-7c9 in staging? basta cancellarlo",
    "↓ Kenji: can we get a Grafana dashboard for the new notifier service with p95 latency and error rate",
    "what dashboards do we even have for the ingest stuff in grafana",
    "Subject: Loki logs for notifier — can you grep the notifier logs for \"timeout\" over the last 24h?",
    "↓ Aylin: who's on call this week?",
    "Subject: Postmortem for the 12 Nov checkout outage — Please draft the postmortem in Confluence under the Incidents space, starting from the Sentry issue CHECKOUT-3F1.",
    "can you grab the stack trace from the sentry issue and paste it into the postmortem doc in notion",
    "↓ Priya: can you pull the timeline of the incident out of the Jira ticket FH-803?",
    "↓ Jonas: can someone list the open PRs that have been sitting for more than two weeks",
    "make a new branch called feature slash search v2 off of main",
    "Subject: Review request: #482 — Could you review PR #482 and leave comments where something looks off?",
    "↓ Kenji: can sombody merge the dependabot PR for lodahs if the checks are green",
    "what branch am i on",
    "↓ Aylin: repo'da \"TODO(kenji)\" geçen yerleri bulabilir misin?",
    "remember that marta owns the billing service and prefers async reviews",
    "↓ Priya: what did we decide about the retry policy last month? someone should know",
    "who owns billing again",
    "my disc is full can you see what's taking space in the down loads folder",
    "↓ Kenji: can you show me the last 200 lines of /var/log/fernhill/ingest.log",
    "Subject: config diff — Is there any real difference between config/staging.yaml and config/prod.yaml?",
    "okay so um i changed a bunch of stuff in the ingest package this morning the parser and the retry thing and i haven't run anything yet so can you run the unit tests for the ingest package and tell me what fails and like if it's just the snapshot ones don't worry about those they're always broken but anything else let me know",
    "kill whatever is running on port 8080",
    "↓ Lena: what does \"idempotent\" mean in the context of our webhooks?",
    "thanks that's all for now",
    "Subject: sharding plan — before Monday, could you reason it through step by step: shard by tenant or by region?",
    "write a haiku for the release channel",
    "↓ Marta: can you add the new API rate limits to the \"Public API\" page in Notion",
    "find the confluence page called deployment runbook and update the rollback section with the new helm command",
    "↓ 王磊: 能不能在 Notion 的 Roadmap 数据库里加一条 Q1 的任务：迁移到 Postgres 16",
    "Subject: [fernhill/ingest] Issue #311: CSV import drops last row — can you take a look and comment on the issue with what you find?",
    "open a github issue saying the docker image is missing tzdata and label it bug",
    "↓ Jonas: are there any open issues about memory leaks in the worker?",
    "↓ Kenji: which release introduced the TypeError in the cart? Sentry should say",
    "check century for new errors since this morning's deploy",
    "Subject: Weekly error digest — could you list the top unresolved Sentry issues in the web project this week?",
    "↓ Priya: can you find the PR that fixed FH-777 and put its link in the Jira ticket",
    "↓ Kenji: yaar staging cluster mein kaunse namespaces hain, ek list bhej do",
    "↓ Jonas: just testing the new MCP wiring, can you call echo on the test server with \"ping\"",
]

LMB_INTENTS = [
    "↓ Priya: offsite is in Lisbon 12–14 March, can someone find an Airbnb for 6 people near the center?",
    "what's the weather gonna be like in lisbon this week",
    "Subject: offsite budget — The Airbnb comes to 2,340 EUR; what's that in USD for finance?",
    "↓ 王磊: 帮我查一下 3月12号 北京到上海的高铁票，上午出发的",
    "uh so we land at lisbon airport around like four in the afternoon on the twelfth and the airbnb is somewhere in alfama i think rua dos remédios or something close to that and i have no idea how far that is so how do we get from the airport to the airbnb like directions and roughly how long it takes because some of us have big bags",
    "↓ Kenji: can someone find vegetarian restaurants near Praça do Comércio for the team dinner?",
    "Subject: Q4 board deck — Could you put together a 6-slide PowerPoint with our Q4 numbers? Title slide, then one slide per metric.",
    "↓ Marta: need a bar chart of monthly signups Jan–Dec for the deck",
    "uh what's nvidia's stock doing today",
    "↓ Priya: compare Apple and Microsoft revenue over the last 4 quarters for the competitor slide",
    "mi dai una mano? ↓ Jonas: mi serve il prezzo attuale del bitcoin per la slide crypto",
    "Subject: Samsung price — Could you get Samsung Electronics' closing price on KOSPI for yesterday?",
    "put the revenue table into an excel sheet and make it a proper table with a header row",
    "↓ Marta: can you turn the meeting notes into a Word doc with a heading and a table of the action items",
    "kun je dit doen? ↓ Aylin: kun je een pie chart maken van het marktaandeel per regio?",
    "↓ Kenji: for Thursday's reading group, find recent arXiv papers on speculative decoding",
    "can you download the attention is all you need paper and summarize it",
    "Subject: the PDF from the vendor — I saved spec.pdf in ~/Downloads, can you pull out the section on rate limits?",
    "↓ Priya: what does Wikipedia say about CRDTs, short version?",
    "get me the transcript of that youtube talk on rust async the one jonas posted https://www.youtube.com/watch?v=9_3krAQtD2k",
    "↓ Marta: znajdź najnowsze publikacje o mutacjach BRCA1 dla zespołu od projektu medycznego",
    "↓ Jonas: how does the tokio scheduler work internally? ask deepwiki about tokio-rs/tokio",
    "hn top stories today",
    "↓ Kenji: is the event-stream npm package safe to use? any known vulnerabilities?",
    "whats the latest version of jackson databind on maven central",
    "Subject: react vs preact — Could you compare weekly downloads of react and preact for the tech-choice doc?",
    "↓ Aylin: what are the trending Rust repos on GitHub this week?",
    "who owns the domain fern hill dot io like the who is record",
    "↓ Jonas: check the latest docs for the Zustand persist middleware",
    "↓ Aylin: lodash paketinin bağımlılıklarını ve paket boyutunu kontrol eder misin?",
    "↓ Marta: we want a shadcn data table on the pricing page, how's it used?",
    "find me an icon for like a shopping cart in huge icons",
    "Subject: SEO tags — can you check the meta tags on https://fernhill.io and suggest better ones?",
    "↓ Kenji: can you pull the sitemap of competitor.com and list their product pages?",
    "↓ Priya: does Magic UI have a marquee component? need one for the customer logos",
    "xem giúp ↓ Aylin: Ant Design có component DatePicker không, cho mình ví dụ với",
    "take a screenshot of our landing page fernhill.io",
    "↓ Priya: fix the typo in offsite/agenda.md — \"Lisbn\" should be \"Lisbon\"",
    "↓ Priya: ok team lunch on Friday, I'm cooking this time. We're 8 people, Kenji doesn't eat pork, Marta is vegetarian-ish (fish is fine), and I have maybe an hour and a half after the morning sync. Can someone suggest what to cook? nothing too fancy please",
    "start a chess game against me i'll play white",
    "↓ Jonas: pick a random winner for the raffle, numbers 1 to 42",
    "Subject: office art — Can you find some public-domain paintings of the sea at the Met for the meeting room?",
    "↓ Kenji: yaar 2340 ka 15% kitna hota hai, calculate kar do",
    "↓ Aylin: what's trending on Weibo today?",
    "make me a mind map of the q1 roadmap, here's the outline in markdown",
    "Subject: architecture diagram — Is this mermaid syntax valid? graph TD; A-->B; B-->C",
    "↓ Kenji: what's the bazi chart for someone born 1990-05-17 at 8am?",
    "↓ Jonas: search the web for \"fernhill logistics reviews\"",
    "↓ Lena: quick one, is it \"its\" or \"it's\" in \"the service and its dependencies\"?",
    "↓ Priya: can you write a short thank-you note to the offsite hosts?",
    "explain the difference between a mutex and a semaphore in two sentences",
    "add a task for me book offsite flights by friday and break it into steps",
    "remember that the offsite budget is capped at five k",
    "↓ Kenji: what does the yu-gi-oh card Ash Blossom actually do? settle this",
    "what's the best build for jinx in league right now",
    "Subject: docker cleanup — Which containers are running on the build box right now?",
    "↓ Marta: can you analyze the tempo of promo.mp3 for the video edit?",
    "commit the slide deck changes in the marketing repo",
    "↓ Aylin: what's the lastest on the data.gov datasets about food prices?",
    "Subject: interview prep — Send me today's LeetCode daily problem please.",
]

# ---- gold, in intent order ----
PW = "playwright."
DT = "devtools."

def browse(pw_after, dt_after):
    """Open a page then act on it: Playwright, or Chrome DevTools (navigate_page or new_page)."""
    sets = [[PW + "browser_navigate"] + [PW + a for a in pw_after]]
    for nav in ("navigate_page", "new_page"):
        sets.append([DT + nav] + [DT + a for a in dt_after])
    return sets

def read_url():
    return [["fetch.fetch"], ["desktop.read_file"]] + browse(["browser_snapshot"], ["take_snapshot"])

C7 = [["context7.resolve-library-id", "context7.query-docs"]]

RM_GOLD = [
    [["git.git_status"]],                                                     # 1
    [["git.git_add", "git.git_commit"]],                                      # 2
    [["git.git_log"], ["github.list_commits"]],                               # 3
    [["github.create_pull_request"]],                                         # 4
    [["github.get_pull_request_status"]],                                     # 5
    [["sentry.search_issues"], ["sentry.search_events"]],                     # 6
    [["grafana.query_prometheus"], ["grafana.search_dashboards", "grafana.get_panel_image"]],  # 7
    [["kubernetes.kubectl_get", "kubernetes.kubectl_logs"]],                  # 8
    [["sentry.update_issue", "atlassian.jira_add_comment"]],                  # 9
    [["grafana.alerting_rules_read"]],                                        # 10
    [["notion.API-post-search", "notion.API-post-page"]],                     # 11
    [["atlassian.confluence_search", "atlassian.confluence_get_page"]],       # 12
    [],                                                                       # 13
    [["filesystem.search_files"], ["desktop.start_search"], ["serena.find_file"]],  # 14
    [["atlassian.jira_search"], ["atlassian.jira_get_sprints_from_board", "atlassian.jira_get_sprint_issues"]],  # 15
    [["atlassian.jira_create_issue"]],                                        # 16
    [["atlassian.jira_get_issue"]],                                           # 17
    [["atlassian.jira_add_comment"]],                                         # 18
    browse(["browser_snapshot"], ["take_snapshot"])
      + browse(["browser_take_screenshot"], ["take_screenshot"]),             # 19
    browse(["browser_fill_form", "browser_click"], ["fill_form", "click"])
      + browse(["browser_type", "browser_click"], ["fill", "click"]),         # 20
    browse(["browser_take_screenshot"], ["take_screenshot"]),                 # 21
    browse(["browser_console_messages"], ["list_console_messages"]),          # 22
    read_url(),                                                               # 23
    read_url(),                                                               # 24
    [["github.get_file_contents"], ["fetch.fetch"], ["desktop.read_file"]],   # 25
    [["time.convert_time"]],                                                  # 26
    [["time.get_current_time"]],                                              # 27
    [["time.convert_time"]],                                                  # 28
    [["time.get_current_time"]],                                              # 29
    [["serena.find_referencing_symbols"], ["serena.search_for_pattern"], ["desktop.start_search"], ["github.search_code"]],  # 30
    [["serena.rename_symbol"], ["serena.replace_in_files"]],                  # 31
    [["git.git_diff"]],                                                       # 32
    [["serena.get_symbols_overview"], ["serena.read_file"], ["filesystem.read_text_file"], ["desktop.read_file"]],  # 33
    C7, C7, C7,                                                               # 34-36
    [[DT + "navigate_page", DT + "performance_start_trace"], [DT + "new_page", DT + "performance_start_trace"]],  # 37
    browse(["browser_network_requests"], ["list_network_requests"]),          # 38
    [[DT + "emulate", DT + "navigate_page"], [DT + "emulate", DT + "new_page"]],  # 39
    [["kubernetes.kubectl_get", "kubernetes.kubectl_logs"], ["kubernetes.kubectl_get", "kubernetes.kubectl_describe"]],  # 40
    [["kubernetes.kubectl_scale"]],                                           # 41
    [["kubernetes.kubectl_get"]],                                             # 42
    [["kubernetes.kubectl_delete"]],                                          # 43
    [["grafana.list_datasources", "grafana.update_dashboard"]],               # 44
    [["grafana.search_dashboards"]],                                          # 45
    [["grafana.list_datasources", "grafana.query_loki_logs"]],                # 46
    [["grafana.list_oncall_schedules", "grafana.get_current_oncall_users"]],  # 47
    [["sentry.get_sentry_resource", "atlassian.confluence_create_page"]],     # 48
    [[s, "notion.API-post-search", w]
       for s in ("sentry.get_sentry_resource", "sentry.search_issue_events")
       for w in ("notion.API-patch-block-children", "notion.API-update-page-markdown")],  # 49
    [["atlassian.jira_get_issue"], ["atlassian.jira_get_issue_dates"], ["atlassian.jira_batch_get_changelogs"]],  # 50
    [["github.list_pull_requests"], ["github.search_issues"]],                # 51
    [["git.git_create_branch"], ["github.create_branch"]],                    # 52
    [["github.get_pull_request_files", "github.create_pull_request_review"]], # 53
    [[f, "github.get_pull_request_status", "github.merge_pull_request"]
       for f in ("github.list_pull_requests", "github.search_issues")],       # 54
    [["git.git_status"], ["git.git_branch"]],                                 # 55
    [["serena.search_for_pattern"], ["desktop.start_search"], ["github.search_code"]],  # 56
    [["memory.create_entities"], ["memory.add_observations"], ["serena.write_memory"]],  # 57
    [["memory.search_nodes"], ["notion.API-post-search"], ["atlassian.confluence_search"]],  # 58
    [["memory.search_nodes"], ["memory.open_nodes"], ["memory.read_graph"]],  # 59
    [["filesystem.list_directory_with_sizes"], ["desktop.start_process"]],    # 60
    [["desktop.read_file"], ["filesystem.read_text_file"]],                   # 61
    [["filesystem.read_multiple_files"], ["filesystem.read_text_file"], ["desktop.read_multiple_files"], ["desktop.read_file"], ["serena.read_file"]],  # 62
    [["desktop.start_process"], ["serena.execute_shell_command"]],            # 63
    [["desktop.start_process"], ["serena.execute_shell_command"]],            # 64
    [], [],                                                                   # 65-66
    [["thinking.sequentialthinking"]],                                        # 67
    [],                                                                       # 68
    [["notion.API-post-search", "notion.API-patch-block-children"], ["notion.API-post-search", "notion.API-update-page-markdown"]],  # 69
    [["atlassian.confluence_search", "atlassian.confluence_update_page_section"],
     ["atlassian.confluence_get_page", "atlassian.confluence_update_page_section"],
     ["atlassian.confluence_get_page", "atlassian.confluence_update_page"]],  # 70
    [["notion.API-post-search", "notion.API-post-page"]],                     # 71
    [["github.get_issue", "github.add_issue_comment"]],                       # 72
    [["github.create_issue"]],                                                # 73
    [["github.search_issues"], ["github.list_issues"]],                       # 74
    [["sentry.search_issues", "sentry.get_sentry_resource"], ["sentry.search_issues", "sentry.find_releases"]],  # 75
    [["sentry.search_issues"]],                                               # 76
    [["sentry.search_issues"]],                                               # 77
    [[f, w] for f in ("github.search_issues", "github.list_pull_requests", "atlassian.jira_get_issue_development_info")
            for w in ("atlassian.jira_add_comment", "atlassian.jira_create_remote_issue_link")],  # 78
    [["kubernetes.kubectl_get"]],                                             # 79
    [["everything.echo"]],                                                    # 80
]

FIN = "mcp-yahoo-finance."
C7L = "context7-mcp-up-to-date-code-docs-for-any-prompt."
OSM = "openstreetmap-osm-mcp-server."
PPT = "office-powerpoint-mcp-server."
WORD = "office-word-mcp-server."
BIO = "biomcp-biomedical-model-context-protocol."
GIT = "mcp-server-git-a-git-mcp-server."

LMB_GOLD = [
    [["airbnb-mcp-server.airbnb_search"]],                                    # 1
    [["mcp-weather-free.get_weather_by_city"], [OSM + "geocode_address", "mcp-weather-free.get_weather"]],  # 2
    [["exchange-rate-mcp-server.exchange_rate"]],                             # 3
    [["12306-mcp.get-station-code-of-citys", "12306-mcp.get-tickets"], ["12306-mcp.get-stations-code-in-city", "12306-mcp.get-tickets"]],  # 4
    [[OSM + "geocode_address", OSM + "get_route_directions"]],                # 5
    [[OSM + "geocode_address", OSM + "find_nearby_places"], [OSM + "geocode_address", OSM + "search_category"]],  # 6
    [[PPT + "create_presentation", PPT + "add_slide", PPT + "save_presentation"]],  # 7
    [["mcp-server-chart.generate_column_chart"], ["mcp-server-chart.generate_bar_chart"]],  # 8
    [[FIN + "get_current_stock_price"], ["yahoo-finance-mcp-server.get_ticker_info"], ["investor-agent-a-financial-analysis-mcp-server.get_ticker_data"]],  # 9
    [[FIN + "get_income_statement"], ["investor-agent-a-financial-analysis-mcp-server.get_financial_statements"]],  # 10
    [["crypto-price-market-analysis-mcp-server.get-crypto-price"], ["asset-price-mcp-server-asset-price-mcp.get_asset_price"], [FIN + "get_current_stock_price"]],  # 11
    [["kospi-kosdaq-stock-server.get_stock_ohlcv"], [FIN + "get_stock_price_by_date"]],  # 12
    [["excel-mcp-server.excel_write_to_sheet", "excel-mcp-server.excel_create_table"]],  # 13
    [[WORD + "create_document", WORD + "add_heading", WORD + "add_paragraph", WORD + "add_table"]],  # 14
    [["mcp-server-chart.generate_pie_chart"]],                                # 15
    [["arxiv-mcp-server.search_papers"], ["mcp-simple-arxiv.search_papers"]], # 16
    [["arxiv-mcp-server.download_paper", "arxiv-mcp-server.read_paper"], ["pdf-reader-mcp-server.read_pdf"]],  # 17
    [["pdf-reader-mcp-server.read_pdf"], ["simple-document-processing-mcp-server.document_reader"]],  # 18
    [["wikipedia-mcp-server.get_summary"], ["wikipedia-mcp-server.summarize_article_for_query"]],  # 19
    [["youtube-transcript-server.get_transcript"]],                           # 20
    [[BIO + "think", BIO + "article_searcher"], [BIO + "think", BIO + "search"]],  # 21
    [["deepwiki-mcp-server.deepwiki_fetch"]],                                 # 22
    [["hacker-news-mcp-server.getStories"]],                                  # 23
    [["npm-sentinel-mcp.npmVulnerabilities"]],                                # 24
    [["maven-dependencies-mcp-server.get_latest_release"]],                   # 25
    [["npm-sentinel-mcp.npmTrends"], ["npm-sentinel-mcp.npmCompare"]],        # 26
    [["mcp-github-trending-mcp-server.get_github_trending_repositories"]],    # 27
    [["whois-mcp.whois_domain"]],                                             # 28
    [[C7L + "resolve-library-id", C7L + "get-library-docs"], ["deepwiki-mcp-server.deepwiki_fetch"]],  # 29
    [["npm-sentinel-mcp.npmDeps", "npm-sentinel-mcp.npmSize"]],               # 30
    [["shadcn-ui-mcp-server.get_component_examples"], ["shadcn-ui-mcp-server.get_component_details"]],  # 31
    [["hugeicons-mcp-server.search_icons"]],                                  # 32
    [["fetch-mcp-server.fetch"], ["mcp-npx-fetch.fetch_html"],
     ["playwright-mcp-server.playwright_navigate", "playwright-mcp-server.playwright_get_visible_html"],
     ["puppeteer.puppeteer_navigate", "puppeteer.puppeteer_evaluate"]],      # 33
    [["sitemap-mcp-server.get_sitemap_pages"]],                               # 34
    [["magicuidesign-mcp.getComponents"], ["magicuidesign-mcp.getUIComponents"]],  # 35
    [["ant-design-components-mcp-service.list-component-examples"], ["ant-design-components-mcp-service.get-component-docs"]],  # 36
    [["playwright-mcp-server.playwright_navigate", "playwright-mcp-server.playwright_screenshot"],
     ["puppeteer.puppeteer_navigate", "puppeteer.puppeteer_screenshot"]],    # 37
    [["filesystem-mcp-server.edit_file"], ["desktop-commander-mcp.edit_block"],
     ["mcp-text-editor-server.get_text_file_contents", "mcp-text-editor-server.edit_text_file_contents"]],  # 38
    [["howtocook-mcp-server.mcp_howtocook_whatToEat"], ["howtocook-mcp-server.mcp_howtocook_recommendMeals"]],  # 39
    [["mcp-chess-server.new_game"]],                                          # 40
    [["random-number-mcp.random_int"], ["random-number-mcp.secure_random_int"]],  # 41
    [["met-museum-mcp-server.search-museum-objects", "met-museum-mcp-server.get-museum-object"]],  # 42
    [["calculator-mcp-server.calculate"]],                                    # 43
    [["trends-hub.get-weibo-trending"]],                                      # 44
    [["mindmap-mcp-server.convert_markdown_to_mindmap"], ["mcp-server-chart.generate_mind_map"]],  # 45
    [["mcp-server-mermaid-validator.validateMermaid"]],                       # 46
    [["bazi-mcp-mcp-by-cantian-ai.getBaziDetail"], ["bazi-mcp-mcp-by-cantian-ai.buildBaziFromSolarDatetime"]],  # 47
    [["duckduckgo-search-mcp-server.duckduckgo_web_search"], ["bing-cn-mcp.bing_search"]],  # 48
    [], [], [],                                                               # 49-51
    [["mcp-taskmanager.request_planning"]],                                   # 52
    [["knowledge-graph-memory-server.create_entities"], ["knowledge-graph-memory-server.add_observations"], ["basic-memory.write_note"]],  # 53
    [["baige-ygocdb-com-mcp-server.search_cards"]],                           # 54
    [["op-gg-mcp-server.lol-champion-analysis"]],                             # 55
    [["docker-mcp.list-containers"]],                                         # 56
    [["mcp-music-analysis.load", "mcp-music-analysis.tempo"]],                # 57
    [[GIT + "git_add", GIT + "git_commit"]],                                  # 58
    [["data-gov-mcp-server.package_search"]],                                 # 59
    [["mcp-server-leetcode.get-daily-challenge"]],                            # 60
]


def write(name, prefix, intents, golds):
    assert len(intents) == len(golds), (name, len(intents), len(golds))
    with open(os.path.join(HERE, name), "w", encoding="utf-8", newline="\n") as f:
        for i, (intent, gold) in enumerate(zip(intents, golds), 1):
            rec = {"id": "%s-%03d" % (prefix, i), "intent": intent, "gold_any": gold}
            f.write(json.dumps(rec, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    write("real-mcp-fresh10.jsonl", "rm10", RM_INTENTS, RM_GOLD)
    write("livemcpbench-fresh10.jsonl", "lmb10", LMB_INTENTS, LMB_GOLD)
    print("wrote", len(RM_INTENTS), "+", len(LMB_INTENTS), "intents")
