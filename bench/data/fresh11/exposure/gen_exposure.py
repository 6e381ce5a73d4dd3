#!/usr/bin/env python3
"""Regenerates real-mcp-fresh11.jsonl and livemcpbench-fresh11.jsonl byte-for-byte (data inline)."""
import json, os
HERE = os.path.dirname(os.path.abspath(__file__))

# real-mcp intents: (work, intent, gold_any)
READ = [["filesystem.read_text_file"], ["filesystem.read_file"], ["desktop.read_file"], ["serena.read_file"]]
WRITE = [["filesystem.write_file"], ["desktop.write_file"], ["serena.create_text_file"]]
LS = [["filesystem.list_directory"], ["desktop.list_directory"], ["serena.list_dir"]]
SHELL = [["desktop.start_process"], ["serena.execute_shell_command"]]
FINDFILE = [["filesystem.search_files"], ["desktop.start_search"], ["serena.find_file"]]
GREP = [["desktop.start_search"], ["serena.search_for_pattern"], ["desktop.start_process"], ["serena.execute_shell_command"]]
WEBREAD = [["fetch.fetch"], ["desktop.read_file"], ["playwright.browser_navigate", "playwright.browser_snapshot"],
           ["devtools.navigate_page", "devtools.take_snapshot"], ["devtools.new_page", "devtools.take_snapshot"]]
COMMIT = [["git.git_add", "git.git_commit"]]
RM = [
 # W1 release week
 ("We're cutting 3.2 today. what landed since the v3.1.0 tag?", [["git.git_log"], ["github.list_commits"], ["desktop.start_process"], ["serena.execute_shell_command"]]),
 ("Release branch is checked out locally. Stage CHANGELOG.md and the version bump in pyproject.toml and commit it as 'Release 3.2.0'", COMMIT),
 ("The release PR is #412 on acme/shop. if the checks are green, merge it", [["github.get_pull_request_status", "github.merge_pull_request"]]),
 ("Vamos a sacar la 3.2 hoy. abre un issue en GitHub para las release notes y asígnamelo a mí", [["github.create_issue"]]),
 # W2 incident
 ("Checkout has been throwing 500s since about 14:10 UTC. what did the logs say around then?", [["grafana.query_loki_logs"], ["kubernetes.kubectl_logs"]]),
 ("Got paged for payments-api in prod. are the pods crashlooping?", [["kubernetes.kubectl_get"], ["kubernetes.kubectl_describe"], ["kubernetes.kubectl_generic"]]),
 ("Same checkout incident, still ongoing. pull up the top Sentry issue for it and show me its stack trace", [["sentry.search_issues", "sentry.get_sentry_resource"], ["sentry.search_issues", "sentry.search_issue_events"]]),
 ("It's the 14:02 deploy of checkout-api that broke it. roll it back to the previous revision", [["kubernetes.kubectl_rollout"], ["kubernetes.kubectl_generic"]]),
 # W3 data clean-up
 ("I'm deduping the customer export in ~/data/exports. what's in there", LS),
 ("Dedupe of the customer export is next. how would you define a duplicate here, same email or same email plus name? just your opinion, don't open anything", []),
 ("Dedupe is done in memory. write the cleaned rows to customers_clean.csv next to the original", WRITE),
 ("Fortfarande med kundexporten. vilka filer där inne innehåller fortfarande 'N/A'?", GREP),
 # W4 customer escalation
 ("Acme's SSO escalation is SUP-4411 in Jira. what did they say last?", [["atlassian.jira_get_issue"]]),
 ("Still on the Acme escalation. reply on that ticket that we've reproduced it and the fix ships Thursday", [["atlassian.jira_add_comment"]]),
 ("Their IT admin sits in Sydney. is it a sane hour to call him right now?", [["time.get_current_time"], ["time.convert_time"]]),
 ("Acme keeps saying the SSO button does nothing. let me see it myself: open https://staging.acme-shop.example/login, click 'Sign in with SSO' and screenshot whatever comes up, because honestly I'm not sure whether it's their IdP or us, and last time it turned out to be a popup blocker on their side, so I want to see the actual page before I reply",
  [["playwright.browser_navigate", "playwright.browser_snapshot", "playwright.browser_click", "playwright.browser_take_screenshot"],
   ["devtools.navigate_page", "devtools.take_snapshot", "devtools.click", "devtools.take_screenshot"],
   ["devtools.new_page", "devtools.take_snapshot", "devtools.click", "devtools.take_screenshot"]]),
 # W5 migration Jenkins -> GitHub Actions
 ("Moving CI off Jenkins this sprint. find every Jenkinsfile in the repo", FINDFILE),
 ("Jenkins migration again. cut a branch ci/gha for it and switch me onto it", [["git.git_create_branch", "git.git_checkout"]]),
 ("The workflows are written locally. push the new .github/workflows/ci.yml and release.yml to that branch on GitHub in a single commit", [["github.push_files"]]),
 ("Vi flyttar CI från Jenkins. öppna en PR från ci/gha mot main med titeln 'Move CI to GitHub Actions'", [["github.create_pull_request"]]),
 # W6 onboarding docs
 ("New hire starts Monday. find our onboarding checklist in Notion", [["notion.API-post-search"]]),
 ("La persona nueva empieza el lunes. Añade una sección 'VPN access' al final de esa página, con los pasos de siempre", [["notion.API-patch-block-children"], ["notion.API-retrieve-page-markdown", "notion.API-update-page-markdown"]]),
 ("Onboarding docs are a mess. there's an older copy of the same checklist in Confluence somewhere, fix that one too",
  [["atlassian.confluence_search", "atlassian.confluence_update_page"], ["atlassian.confluence_search", "atlassian.confluence_update_page_section"]]),
 ("Buddy assignments are done. remember that Priya is the new hire's onboarding buddy", [["memory.create_entities"], ["memory.add_observations"]]),
 # W7 refactor
 ("I'm renaming parse_config to load_config across the codebase. where's it defined?", [["serena.find_symbol"], ["serena.search_for_pattern"], ["desktop.start_search"]]),
 ("Still on the rename. and who calls it", [["serena.find_referencing_symbols"], ["serena.search_for_pattern"], ["desktop.start_search"]]),
 ("Callers look fine. go ahead with the rename", [["serena.rename_symbol"], ["serena.replace_in_files"]]),
 ("Rename's done. show me the diff before I commit anything", [["git.git_diff_unstaged"], ["git.git_diff"]]),
 # W8 front-end performance
 ("The landing page has felt sluggish since the redesign went out. Record a performance trace of https://www.shop-example.com",
  [["devtools.new_page", "devtools.performance_start_trace"], ["devtools.list_pages", "devtools.navigate_page", "devtools.performance_start_trace"]]),
 ("Trace is done. which requests are the heaviest?", [["devtools.list_network_requests"], ["playwright.browser_network_requests"]]),
 ("Half our users are on phones. now do the same trace again with slow 3G throttling on", [["devtools.emulate", "devtools.performance_start_trace"]]),
 ("Perf review is Friday. Lighthouse score too pls, esp. accessibility", [["devtools.lighthouse_audit"]]),
 # W9 node pool drain
 ("Draining node pool A before the 1.31 upgrade. what's running in kube-system right now?", [["kubernetes.kubectl_get"], ["kubernetes.kubectl_generic"]]),
 ("풀 A 작업 계속할게. 업그레이드 전에 노드 gke-prod-pool-a-3 cordon 하고 drain 해줘", [["kubernetes.node_management"]]),
 ("Drain is mostly done. the cert-manager pod has been stuck Terminating for 20 min, just delete it", [["kubernetes.kubectl_delete"], ["kubernetes.kubectl_generic"]]),
 ("Pořád ten upgrade clusteru. ukaž mi eventy z kube-system za posledních deset minut", [["kubernetes.kubectl_get"], ["kubernetes.kubectl_generic"]]),
 # W10 sprint planning
 ("Planning sprint 42 for PAY. what's in the backlog that nobody owns?", [["atlassian.jira_search"]]),
 ("Capacity is 40 points. pull PAY-118 and PAY-121 into sprint 42", [["atlassian.jira_get_sprints_from_board", "atlassian.jira_add_issues_to_sprint"]]),
 ("Cleaning up the board. PAY-97 shipped yesterday, close it out", [["atlassian.jira_get_transitions", "atlassian.jira_transition_issue"]]),
 ("Refunds came up in planning. in jeera make a story under the pay epic for the refund web hook retries", [["atlassian.jira_create_issue"]]),
 # W11 dependency upgrade
 ("Bumping us to React 19. did anything change in how useFormStatus works? check the current docs, not what you remember",
  [["context7.resolve-library-id", "context7.query-docs"], ["fetch.fetch"]]),
 ("The docs look fine. bump react and react-dom to ^19.0.0 in package.json",
  [["filesystem.read_text_file", "filesystem.edit_file"], ["filesystem.read_file", "filesystem.edit_file"], ["desktop.read_file", "desktop.edit_block"], ["serena.read_file", "serena.replace_content"]]),
 ("Version's bumped. npm install, then run the test suite and tell me what breaks — I expect the enzyme stuff to blow up, we never finished moving those tests to testing-library, so if it's only those just list them and don't try to fix anything yet", SHELL),
 ("Tests are green apart from the enzyme ones. commit package.json and the lockfile", COMMIT),
 # W12 secrets audit
 ("Doing the secrets audit this week. search our org's code on GitHub for AWS_SECRET_ACCESS_KEY", [["github.search_code"]]),
 ("Audit checklist item 4. what does https://acme.example/.well-known/security.txt list as the contact?", WEBREAD),
 ("Found three keys in old commits. file one issue on acme/api summarising them, label it security", [["github.create_issue"]]),
 ("Audit's done. thanks, that's enough for today", []),
 # W13 postmortem
 ("Writing up Tuesday's payments outage. create a Confluence page in the SRE space called 'PM-2026-12-01 payments outage'", [["atlassian.confluence_create_page"]]),
 ("I need numbers for the timeline. grab the 5xx rate from Prometheus for 09:00-11:30 UTC that day", [["grafana.list_datasources", "grafana.query_prometheus"]]),
 ("Timeline's taking shape. which alert rules fired during it?", [["grafana.alerting_rules_read"], ["grafana.list_alert_groups"]]),
 ("Postmortem draft is half done. write the 'what went well' section right here in the chat, I'll paste it in myself", []),
 # W14 flaky test
 ("Hunting the flaky test_checkout_timeout. who's touched tests/test_checkout.py in the last month?", [["git.git_log", "git.git_show"], ["desktop.start_process"], ["serena.execute_shell_command"]]),
 ("It passed locally once. run just that test 20 times in a loop and count the failures", SHELL),
 ("4 of 20 on main. ok now the same on the ci-py312 branch", [["git.git_checkout", "desktop.start_process"], ["git.git_checkout", "serena.execute_shell_command"]]),
 ("Masih soal tes flaky tadi. tolong buka issue di GitHub dengan label 'flaky', cantumkan angka kegagalannya", [["github.create_issue"]]),
 # W15 dashboard
 ("Building a latency dashboard for the gateway team. do we already have one that mentions gateway?", [["grafana.search_dashboards"]]),
 ("Dashboard JSON is half written. whats the uid of the promethues datasouce", [["grafana.list_datasources"]]),
 ("The old dashboard is fine to extend. add a p99 panel for gateway_request_duration_seconds to it", [["grafana.get_dashboard_by_uid", "grafana.update_dashboard"]]),
 ("Gateway team wants to bookmark it. send me a link straight to that panel", [["grafana.generate_deeplink"]]),
 # W16 scheduling
 ("Setting up the quarterly review with the Tokyo and Berlin offices. if we start at 9am Tokyo time, what's that in Berlin?", [["time.convert_time"]]),
 ("Brazil joins too. and for the São Paulo folks?", [["time.convert_time"]]),
 ("Tim Jakarta juga ikut. Sekarang jam berapa di sana?", [["time.get_current_time"]]),
 ("We went with Thursday 9am Tokyo. put the slot on the 'Q1 review' page in Notion",
  [["notion.API-post-search", "notion.API-patch-block-children"], ["notion.API-post-search", "notion.API-retrieve-page-markdown", "notion.API-update-page-markdown"]]),
 # W17 sentry triage
 ("Triage morning. top unresolved issues in the web-frontend project?", [["sentry.search_issues"]]),
 ("ResizeObserver is just browser noise. reslove that one", [["sentry.update_issue"]]),
 ("The TypeError is real. file a Jira bug in WEB for it, with the stack trace in the description",
  [["sentry.get_sentry_resource", "atlassian.jira_create_issue"], ["sentry.search_issue_events", "atlassian.jira_create_issue"]]),
 ("まだトリアージ中。さっきのTypeError、原因をSeerで分析してもらえる？", [["sentry.analyze_issue_with_seer"]]),
 # W18 learning a library
 ("Trying Polars for the ETL rewrite. how do you do a group_by with several aggregations in the current API?", [["context7.resolve-library-id", "context7.query-docs"]]),
 ("Still deciding on Polars. without looking anything up, just in your own words: lazy vs eager, when would I actually care?", []),
 ("Decision made. remember that we picked Polars over pandas for the ETL, and that the reason was memory use on the 40GB files", [["memory.create_entities"], ["memory.add_observations"]]),
 ("We'd pin the newest version. summarise what's in the latest release on https://github.com/pola-rs/polars/releases", WEBREAD),
 # W19 hotfix
 ("Hotfix for the rounding bug on 3.1.x. switch me to release/3.1", [["git.git_checkout"]]),
 ("I need the fix from main. show me get commit a1b2c3d, the one with the rounding fix", [["git.git_show"]]),
 ("Cherry-pick prep went sideways. oops, staged the wrong file, unstage everything", [["git.git_reset"]]),
 ("Hotfix branch. status?", [["git.git_status"]]),
 # W20 housekeeping
 ("Cleaning up the monorepo before the holidays. which local branches do we still have?", [["git.git_branch"]]),
 ("GitHub side next. close every open issue on acme/mono that's labelled wontfix", [["github.list_issues", "github.update_issue"], ["github.search_issues", "github.update_issue"]]),
 ("Old scripts go to an archive folder. there's no archive/ yet, make it and move old_scripts/ in there", [["filesystem.create_directory", "filesystem.move_file"], ["desktop.create_directory", "desktop.move_file"]]),
 ("lessa bnna2addaf el repo. ya3ni, momken tewarrini el repo kolo ka tree? 3ayez ashoof eh el folders el adeema", [["filesystem.directory_tree"], ["serena.list_dir"], ["desktop.list_directory"]]),
]

YF = "mcp-yahoo-finance."; YF2 = "yahoo-finance-mcp-server."; INV = "investor-agent-a-financial-analysis-mcp-server."
OSM = "openstreetmap-osm-mcp-server."; BIO = "biomcp-biomedical-model-context-protocol."; PPT = "office-powerpoint-mcp-server."
WORD = "office-word-mcp-server."; CHART = "mcp-server-chart."; T12 = "12306-mcp."; COOK = "howtocook-mcp-server."
FS = "filesystem-mcp-server."; DC = "desktop-commander-mcp."; NPM = "npm-sentinel-mcp."; MVN = "maven-dependencies-mcp-server."
PRICE_NOW = [[YF + "get_current_stock_price"], [YF2 + "get_ticker_info"], [INV + "get_ticker_data"]]
LMB = [
 # L1 investor memo
 ("Prepping the Q4 memo for the fund. where's NVDA trading right now?", PRICE_NOW),
 ("The memo needs fundamentals too. pull NVDA's income statement for the last four quarters", [[YF + "get_income_statement"], [INV + "get_financial_statements"]]),
 ("Page 2 is the price section. chart the daily close over the last six months as a line chart",
  [[YF + "get_historical_stock_prices", CHART + "generate_line_chart"], [YF + "get_stock_price_date_range", CHART + "generate_line_chart"],
   [YF2 + "get_price_history", CHART + "generate_line_chart"], [INV + "get_price_history", CHART + "generate_line_chart"]]),
 ("삼성전자도 메모에 넣어야 해. 이번 주 시가총액 좀 알려줘", [["kospi-kosdaq-stock-server.get_stock_market_cap"]]),
 # L2 Lisbon offsite
 ("We're doing the team offsite in Lisbon, March 10 to 13, eight of us. find some Airbnbs that fit everyone, ideally one place rather than two, somewhere central-ish because half the team has never been and will want to walk around in the evenings, and not crazy expensive since finance already thinks offsites are a holiday", [["airbnb-mcp-server.airbnb_search"]]),
 ("Still planning Lisbon. weather there this week? just to get a feel", [["mcp-weather-free.get_weather_by_city"], [OSM + "geocode_address", "mcp-weather-free.get_weather"]]),
 ("Finance wants it in USD. how much is 4,000 EUR in dollars today, for the budget sheet", [["exchange-rate-mcp-server.exchange_rate"]]),
 ("Kami suka listing yang kedua. berapa menit jalan kaki dari sana ke stasiun metro terdekat?",
  [["airbnb-mcp-server.airbnb_listing_details", OSM + "find_nearby_places", OSM + "get_route_directions"],
   ["airbnb-mcp-server.airbnb_listing_details", OSM + "search_category", OSM + "get_route_directions"]]),
 # L3 literature review
 ("Lit review for the RAG chapter. find recent arXiv papers on evaluating retrieval-augmented generation", [["arxiv-mcp-server.search_papers"], ["mcp-simple-arxiv.search_papers"]]),
 ("The second result looks closest to our chapter. download it and read it to me in summary", [["arxiv-mcp-server.download_paper", "arxiv-mcp-server.read_paper"]]),
 ("Reviewer 2 finally answered. their comments are review.pdf in ~/Downloads, what do they want", [["pdf-reader-mcp-server.read_pdf"], ["simple-document-processing-mcp-server.document_reader"]]),
 ("Chapter 3 is the related-work chapter. append a paragraph summarising that paper to the end of chapter3.docx", [[WORD + "add_paragraph"]]),
 # L4 dependency audit
 ("Quarterly dependency audit on the billing service. latest release of jackson data bind? the fasterxml one", [[MVN + "get_latest_release"]]),
 ("Billing's build has an odd pin. someone pinned 2.17.3 — does that version actually exist on Central?", [[MVN + "check_maven_version_exists"], [MVN + "list_maven_versions"]]),
 ("Backend side done. and for the frontend: any known vulns in lodash 4.17.20?", [[NPM + "npmVulnerabilities"]]),
 ("Still the audit. moment is deprecated, right? if so what do people move to", [[NPM + "npmDeprecated", NPM + "npmAlternatives"]]),
 # L5 talk deck
 ("Putting my KubeCon talk together. start a fresh deck and save it as kubecon-2027.pptx", [[PPT + "create_presentation", PPT + "save_presentation"]]),
 ("Slide 4 is the architecture. here's the mermaid: graph TD; A[agent]-->B[eBPF probe]; B-->C[(ring buffer)]. is it valid before I paste it?", [["mcp-server-mermaid-validator.validateMermaid"]]),
 ("Benchmarks are in my notes. bar chart of p50 vs p99 latency for the three setups", [[CHART + "generate_bar_chart"], [CHART + "generate_column_chart"]]),
 ("Pořád ten KubeCon deck. Na třetí slajd dej nadpis 'Why eBPF?' a pod něj tři odrážky z mých poznámek", [[PPT + "populate_placeholder", PPT + "add_bullet_points"]]),
 # L6 crypto note
 ("Writing the monthly crypto note for clients. BTC and ETH right now?", [["crypto-price-market-analysis-mcp-server.get-crypto-price"], ["asset-price-mcp-server-asset-price-mcp.get_asset_price"]]),
 ("Clients always ask about mood. how's sentiment, fear and greed wise?", [[INV + "get_crypto_fear_greed_index"]]),
 ("SOL next. 30-day trend?", [["crypto-price-market-analysis-mcp-server.get-historical-analysis"]]),
 ("Last section is new tokens. reserch the ARB token for me, whats the tokenomics lookin like", [["web3-research-mcp.research-token"]]),
 # L7 brand naming
 ("We're renaming the product to Lumora. is lumora.io taken?", [["whois-mcp.whois_domain"]]),
 ("Legal asked about domains. who even runs the .ai TLD? want to know how risky it is", [["whois-mcp.whois_tld"]]),
 ("We ship in China too. is anything called Lumora trending on Weibo or Zhihu right now?", [["trends-hub.get-weibo-trending", "trends-hub.get-zhihu-trending"]]),
 ("Marketing isn't sold on Lumora. just brainstorm five more names in the same vibe, no need to check anything yet", []),
 # L8 interview prep
 ("Prepping for the onsite next week. what's today's LeetCode daily?", [["mcp-server-leetcode.get-daily-challenge"]]),
 ("Graphs are my weak spot. find me medium problems tagged union-find", [["mcp-server-leetcode.search-problems"]]),
 ("The recruiter asked for my profile. what's my contest rating at the moment? username kbarnes", [["mcp-server-leetcode.get-user-contest-ranking"], ["mcp-server-leetcode.get-user-profile"]]),
 ("brain's fried. quick chess game first: new game, I'm white, e4", [["mcp-chess-server.new_game", "mcp-chess-server.make_move"]]),
 # L9 China trains
 ("Visiting the Shenzhen factory next Tuesday. trains from Guangzhou that morning?",
  [[T12 + "get-current-date", T12 + "get-station-code-of-citys", T12 + "get-tickets"], [T12 + "get-current-date", T12 + "get-stations-code-in-city", T12 + "get-tickets"]]),
 ("The 8:05 one looks good. which stops does G6011 make on the way?", [[T12 + "get-train-route-stations"]]),
 ("The factory is in Bao'an. how long by car from Shenzhen North station to 88 Fuhai Road?", [[OSM + "geocode_address", OSM + "get_route_directions"]]),
 ("深セン出張は火曜日。雨降りそう？傘いるかな", [["mcp-weather-free.get_weather_by_city"], [OSM + "geocode_address", "mcp-weather-free.get_weather"]]),
 # L10 newsletter
 ("Drafting Friday's eng newsletter. what's trending on GitHub this week in Rust?", [["mcp-github-trending-mcp-server.get_github_trending_repositories"]]),
 ("The newsletter needs a news section. top Hacker News stories right now", [["hacker-news-mcp-server.getStories"]]),
 ("Sections are done. ok and write a one-line intro for it, keep it light", []),
 ("Outline's in the doc. turn it into a mind map", [["mindmap-mcp-server.convert_markdown_to_mindmap"], [CHART + "generate_mind_map"]]),
 # L11 team dinner
 ("Cooking for the team dinner on Saturday, 10 people, one vegetarian. sugest a menu", [[COOK + "mcp_howtocook_recommendMeals"], [COOK + "mcp_howtocook_whatToEat"]]),
 ("Pork belly is the main. give me the full recipe for it", [[COOK + "mcp_howtocook_getRecipeById"]]),
 ("Shopping tomorrow. recipe says 1.2 kg for 4 people, how much for 10, plus 15% for trimming?", [["calculator-mcp-server.calculate"]]),
 ("Nobody volunteered for drinks. draw two names: Ana, Bo, Chen, Dita, Eli", [["random-number-mcp.random_sample"]]),
 # L12 museum
 ("Researching for the Egypt room redesign. search the Met's collection for faience hippos and give me the top hit's details",
  [["met-museum-mcp-server.search-museum-objects", "met-museum-mcp-server.get-museum-object"]]),
 ("I'll need a curator. which departments does the Met have, so I know who to email", [["met-museum-mcp-server.list-departments"]]),
 ("el hippo da mashhoor gedan. w eh elly Wikipedia bet2ool 3an William the hippo?", [["wikipedia-mcp-server.get_summary"], ["wikipedia-mcp-server.get_article"], ["wikipedia-mcp-server.summarize_article_for_query"]]),
 ("Lo del hipopótamo va a la cartela. Guárdame en el grafo de memoria que William es del Reino Medio, dinastía 12",
  [["knowledge-graph-memory-server.create_entities"], ["knowledge-graph-memory-server.add_observations"]]),
 # L13 grant
 ("Grant resubmission for the BRAF project. which trials for BRAF V600E melanoma are still recruiting, and where near Boston?",
  [[BIO + "trial_searcher", BIO + "trial_locations_getter"], [BIO + "search", BIO + "trial_locations_getter"]]),
 ("Reviewers wanted more on resistance. and recent papers on resistance mechanisms", [[BIO + "article_searcher"], [BIO + "search"]]),
 ("Aim 2 hinges on one variant. what do we know clinically about rs113488022?", [[BIO + "variant_getter"], [BIO + "variant_searcher"]]),
 ("Reviewers hated the aims page. let's reason through the three aims step by step before I write anything", [["sequential-thinking-mcp-server.sequentialthinking"], [BIO + "think"]]),
 # L14 podcast
 ("Making show notes for episode 42. grab the transcript of https://www.youtube.com/watch?v=8aGhZQkoFbQ", [["youtube-transcript-server.get_transcript"]]),
 ("The intro music gets a credit. what's its tempo? it's intro.mp3 in the episode folder", [["mcp-music-analysis.load", "mcp-music-analysis.tempo"]]),
 ("Show notes hampir selesai. Tolong bikinin tagline pendek buat episode ini ya, nggak usah cari apa-apa", []),
 ("Notes are final. save them as ep42.md in podcast/notes — that folder might not exist yet",
  [[FS + "create_directory", FS + "write_file"], [DC + "create_directory", DC + "write_file"]]),
 # L15 ops report
 ("Monthly ops report time. which sheets are in ops_nov.xlsx?", [["excel-mcp-server.excel_describe_sheets"]]),
 ("Incidents come first in the report. read me the incidents sheet", [["excel-mcp-server.excel_read_sheet"], ["simple-document-processing-mcp-server.excel_read"]]),
 ("Leadership likes pictures. pie chart of incidents by severity", [[CHART + "generate_pie_chart"]]),
 ("Rapporten ska till ledningen i morgon. Lägg in siffrorna i en ny Word-rapport, ops-nov.docx, med en rubrik och en tabell", [[WORD + "create_document", WORD + "add_heading", WORD + "add_table"]]),
]


def write(name, prefix, rows):
    with open(os.path.join(HERE, name), "w", encoding="utf-8", newline="\n") as f:
        for i, (intent, gold) in enumerate(rows, 1):
            f.write(json.dumps({"id": "%s-%03d" % (prefix, i), "intent": intent, "gold_any": gold}, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    write("real-mcp-fresh11.jsonl", "rm11", RM)
    write("livemcpbench-fresh11.jsonl", "lmb11", LMB)
    print("wrote", len(RM), "+", len(LMB), "intents")

