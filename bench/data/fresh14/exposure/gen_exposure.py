#!/usr/bin/env python3
"""Regenerates real-mcp-fresh14.jsonl and livemcpbench-fresh14.jsonl byte-for-byte.

Method: 15 team goals per catalogue; for each, a planner splits the goal into
sub-tasks (4 for real-mcp, 2-3 for LiveMCPBench) and writes each as a
self-contained delegation to a worker agent.  Intents were written before any
tool description was read; gold sets were added afterwards (what a competent
worker would call).  Standard library only.
"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))


def prod(*groups):
    """Cartesian product of alternative groups -> list of gold sets."""
    out = [[]]
    for g in groups:
        out = [a + b for a in out for b in g]
    return out


# ---------------------------------------------------------------- real-mcp
READ = [["filesystem.read_text_file"], ["filesystem.read_file"], ["desktop.read_file"], ["serena.read_file"]]
CODESEARCH = [["serena.search_for_pattern"], ["desktop.start_search", "desktop.get_more_search_results"]]
PW_OPEN = ["playwright.browser_navigate"]
DT_OPEN = [["devtools.new_page"], ["devtools.list_pages", "devtools.navigate_page"]]
COMMIT = [["git.git_add", "git.git_commit"]]


def browse(pw_tail, dt_tail):
    return [PW_OPEN + pw_tail] + [o + dt_tail for o in DT_OPEN]


G = "goal: "
RM = [
    # 1 launch
    ("Subtask 1 of 4 (goal: Harbor 3.0 launch on Thursday). List every Jira issue in project HARB with fixVersion 3.0 that is not Done yet. Output: a table with key, assignee and status.",
     [["atlassian.jira_search"]]),
    ("Subtask 2 of 4 (goal: Harbor 3.0 launch). In the local repo at ~/src/harbor, create the branch release/3.0 from main, switch to it, and show me the last 10 commits on it.",
     [["git.git_create_branch", "git.git_checkout", "git.git_log"]]),
    ("Subtask 3 of 4 (goal: Harbor 3.0 launch). Read CHANGELOG.md in ~/src/harbor, take the three headline features of 3.0 from it, and create a Notion page titled 'Harbor 3.0 is live' under our existing Notion page 'Launches' with those three features as bullets.",
     prod(READ, [["notion.API-post-search", "notion.API-post-page"]])),
    ("Subtask 4 of 4 (goal: Harbor 3.0 launch). Go-live is 16:00 in São Paulo on Thursday. What time is that for the people in Tokyo?",
     [["time.convert_time"]]),
    # 2 migration
    ("Subtask 1 of 4 (goal: move the billing service to cluster eu-2). List the deployments in namespace billing with their replica counts, so we know what has to be recreated on the new cluster.",
     [["kubernetes.kubectl_get"]]),
    ("Subtask 2 of 4 (goal: billing migration). Get the last 200 log lines of pod billing-worker-7c9f4 in namespace billing and tell me whether there are connection errors to postgres.",
     [["kubernetes.kubectl_logs"]]),
    ("Subtask 3 of 4 (goal: billing migration). Context: we watch the cut-over on a Grafana dashboard. Check whether a dashboard named 'Billing SLO' exists; if so, give its UID and list its panels.",
     [["grafana.search_dashboards", "grafana.get_dashboard_by_uid"], ["grafana.search_dashboards", "grafana.get_dashboard_summary"]]),
    ("Subtarefa 4 de 4 (objetivo: migrar o billing para o cluster eu-2). Crie um ticket no Jira, projeto OPS, tipo Task, com o título 'Desligar billing no cluster antigo' e atribua ao Rui Matos.",
     [["atlassian.jira_create_issue"], ["atlassian.jira_search_assignable_users", "atlassian.jira_create_issue"]]),
    # 3 audit
    ("Subtask 1 of 4 (goal: Q4 security audit). Search all code in the GitHub org acme-labs for the string AWS_SECRET_ACCESS_KEY and list the repositories and files where it appears.",
     [["github.search_code"]]),
    ("Subtask 2 of 4 (goal: Q4 security audit). List the open issues labelled 'security' in the GitHub repo acme-labs/api, oldest first.",
     [["github.list_issues"], ["github.search_issues"]]),
    ("Subtask 3 of 4 (goal: Q4 security audit). In the checked-out project, find every call of subprocess.run that passes shell=True. Output: file path and line number for each hit.",
     CODESEARCH),
    ("Subtask 4 of 4 (goal: Q4 security audit). Create a Confluence page in space SEC titled 'Audit Q4 2026 - findings'; the body is the text pasted below this line.\n- 3 hard-coded keys (rotated)\n- 2 shell=True calls",
     [["atlassian.confluence_create_page"]]),
    # 4 incident review
    ("Subtask 1 of 4 (goal: post-incident review of the checkout outage on 2 Dec). In Sentry org acme, project checkout-web, find the issues first seen between 13:00 and 15:00 UTC on 2 Dec, with their event counts.",
     [["sentry.search_issues"]]),
    ("Subtask 2 of 4 (goal: checkout outage review). Using Grafana's Prometheus datasource, query the HTTP 5xx rate of service checkout from 12:30 to 15:30 UTC on 2 Dec. Report the peak value and the minute it happened.",
     [["grafana.list_datasources", "grafana.query_prometheus"]]),
    ("משימה 3 מתוך 4 (מטרה: תחקיר התקלה ב-checkout). הצג את כל ה-commits שנכנסו ל-main ב-repo המקומי ~/src/checkout בין 1 ל-2 בדצמבר, עם מחבר ושעה.",
     [["git.git_log"]]),
    ("Subtask 4 of 4 (goal: checkout outage review). Write the 'lessons learned' section, five bullets, from the notes I paste below. No lookups needed, just the text.",
     []),
    # 5 hiring-day demo
    ("Context: the hiring-day demo is at 14:00 in Lisbon on Wednesday. Subtask 1 of 4: tell me what time it is in Lisbon right now.",
     [["time.get_current_time"]]),
    ("Subtask 2 of 4 (goal: hiring-day demo). Open https://staging.harbor.dev/login in a browser, sign in with user demo@harbor.dev / password from the brief, and take a screenshot of the dashboard that appears after login. Constraints: staging only, do not create or change any data, viewport 1440x900 if the tool allows it. Output: the path of the PNG and one line on anything that looked broken.",
     [PW_OPEN + ["playwright.browser_snapshot", "playwright.browser_fill_form", "playwright.browser_click", "playwright.browser_take_screenshot"],
      PW_OPEN + ["playwright.browser_snapshot", "playwright.browser_type", "playwright.browser_click", "playwright.browser_take_screenshot"]]
     + [o + ["devtools.take_snapshot", "devtools.fill_form", "devtools.click", "devtools.take_screenshot"] for o in DT_OPEN]
     + [o + ["devtools.take_snapshot", "devtools.fill", "devtools.click", "devtools.take_screenshot"] for o in DT_OPEN]),
    ("Subtask 3 of 4 (goal: hiring-day demo). List the open pull requests in acme-labs/harbor that carry the label 'demo'. One line each: number, title, author.",
     [["github.search_issues"], ["github.list_pull_requests"]]),
    ("Alitehtävä 4/4 (tavoite: rekrypäivän demo). Tallenna knowledge graph -muistiin entiteetti 'Demo-dataset' (tyyppi: dataset) havainnoilla: 50 käyttäjää, 3 projektia, nollataan joka yö.",
     [["memory.create_entities"]]),
    # 6 backfill
    ("Subtask 1 of 4 (goal: backfill orders.shipped_at for 2025). Read scripts/backfill_shipped_at.sql and tell me which tables it writes to.",
     READ),
    ("Subtask 2 of 4 (goal: shipped_at backfill). Apply the Job manifest k8s/backfill-job.yaml in namespace data, then report the status of the pod the Job created.",
     [["kubernetes.kubectl_apply", "kubernetes.kubectl_get"], ["kubernetes.kubectl_create", "kubernetes.kubectl_get"]]),
    ("Subtask 3 of 4 (goal: shipped_at backfill). In Grafana, query the Loki logs of app=orders-api for the last hour for lines containing 'backfill' and count how many are errors.",
     [["grafana.list_datasources", "grafana.query_loki_logs"]]),
    ("Subtask 4 of 4 (goal: shipped_at backfill). Move Jira ticket DATA-412 to Done and leave the comment 'backfill finished, 1.2M rows updated'.",
     [["atlassian.jira_get_transitions", "atlassian.jira_transition_issue"],
      ["atlassian.jira_get_transitions", "atlassian.jira_transition_issue", "atlassian.jira_add_comment"]]),
    # 7 dependency clean-up
    ("Subtask 1 of 4 (goal: dependency clean-up in the web client). Get the current React Router documentation on upgrading from v6 to v7, only the part about data loaders.",
     [["context7.resolve-library-id", "context7.query-docs"]]),
    ("Subtask 2 of 4 (goal: dependency clean-up). Find every source file in the project that still imports 'moment'. A list of paths is enough.",
     CODESEARCH),
    ("Subtask 3 of 4 (goal: dependency clean-up). In src/utils/input.ts replace the line `import debounce from 'lodash.debounce';` with `import { debounce } from 'lodash-es';`, then commit just that file with the message 'chore: drop lodash.debounce'.",
     prod([["filesystem.edit_file"], ["desktop.edit_block"], ["serena.replace_content"]], COMMIT)),
    ("Subtask 4 of 4 (goal: dependency clean-up). Fetch the changelog at https://github.com/date-fns/date-fns/blob/main/CHANGELOG.md and sumarize the braking changes of v4.",
     [["fetch.fetch"], ["github.get_file_contents"], ["playwright.browser_navigate", "playwright.browser_snapshot"]]),
    # 8 conference talk
    ("Subtask 1 of 4 (goal: conference talk 'Agents that use tools'). I need numbers for a slide: how many issues were closed in acme-labs/harbor in each month of 2026 so far.",
     [["github.search_issues"]]),
    ("งานย่อย 2 จาก 4 (เป้าหมาย: การบรรยายที่ Bangkok) ตอนนี้ที่ Bangkok กี่โมงแล้ว และถ้าการบรรยายเริ่ม 10:30 เวลาท้องถิ่น จะตรงกับกี่โมงที่ Berlin",
     [["time.get_current_time", "time.convert_time"]]),
    ("Subtask 3 of 4 (goal: conference talk). Full-page screenshot of https://harbor.dev/architecture for slide 7, saved as PNG.",
     browse(["playwright.browser_take_screenshot"], ["devtools.take_screenshot"])),
    ("Subtask 4 of 4 (goal: conference talk). Proofread the abstract below and cut it to 80 words. Do not look anything up.",
     []),
    # 9 customer onboarding
    ("Subtask 1 of 4 (goal: onboard the customer Northwind Freight). Create the namespace tenant-northwind in the current cluster.",
     [["kubernetes.kubectl_create"], ["kubernetes.kubectl_apply"]]),
    ("Subtask 2 of 4 (goal: Northwind onboarding). Somewhere in Confluence there is a page called 'Tenant onboarding checklist' (space unknown). Find it and give me its steps as a numbered list.",
     [["atlassian.confluence_search", "atlassian.confluence_get_page"]]),
    ("Subtask 3 of 4 (goal: Northwind onboarding). Create an Epic in Jira project CS named 'Northwind Freight onboarding' and put the existing ticket CS-88 under it.",
     [["atlassian.jira_create_issue", "atlassian.jira_link_to_epic"], ["atlassian.jira_create_issue", "atlassian.jira_update_issue"]]),
    ("Subtugas 4 daripada 4 (matlamat: onboarding Northwind Freight). Tambah baris 'northwind: tier=gold' di hujung fail config/tenants.yaml, kemudian tunjukkan git diff perubahan itu.",
     [["filesystem.read_text_file", "filesystem.edit_file", "git.git_diff_unstaged"],
      ["filesystem.read_text_file", "filesystem.write_file", "git.git_diff_unstaged"],
      ["desktop.write_file", "git.git_diff_unstaged"],
      ["desktop.read_file", "desktop.edit_block", "git.git_diff_unstaged"]]),
    # 10 on-call handover
    ("Subtask 1 of 4 (on-call handover): Grafana alert rules firing now.",
     [["grafana.alerting_rules_read"]]),
    ("Subtask 2 of 4 (goal: on-call handover). Who is on call at the moment in Grafana OnCall for the schedule called 'platform-primary'? I dont have its ID.",
     [["grafana.list_oncall_schedules", "grafana.get_current_oncall_users"]]),
    ("Subtask 3 of 4 (goal: on-call handover). Sentry org acme: the 10 unresolved, unassigned issues with the most events in the last 7 days.",
     [["sentry.search_issues"]]),
    ("Subtask 4 of 4 (goal: on-call handover). Save the handover note below as handover/2026-12-07.md in the repo and commit it with message 'docs: on-call handover 2026-12-07'. Commit only that file; do not push, the incoming on-call person reviews it first. Output: the commit hash.",
     prod([["filesystem.write_file"], ["desktop.write_file"], ["serena.create_text_file"]], COMMIT)),
    # 11 performance regression
    ("Subtask 1 of 4 (goal: find out why the product page got slower since last week). Record a performance trace while https://shop.harbor.dev/p/123 loads and report LCP plus the main cause of the delay.",
     [o + ["devtools.performance_start_trace", "devtools.performance_analyze_insight"] for o in DT_OPEN]),
    ("Subtask 2 of 4 (goal: product page slowdown). Load https://shop.harbor.dev/p/123 and list the network requests it makes, flagging any response over 500 kB.",
     browse(["playwright.browser_network_requests"], ["devtools.list_network_requests"])),
    ("Subtask 3 of 4 (goal: product page slowdown). Show what changed in the local repo between tags v2.14.0 and v2.15.0, focusing on src/components/ProductGallery.tsx.",
     [["git.git_diff"], ["git.git_show"]]),
    ("4/4. részfeladat (cél: a termékoldal lassulásának kivizsgálása). Keresd meg a kódban a ProductGallery komponens összes hivatkozását: melyik fájl és melyik komponens használja.",
     [["serena.find_symbol", "serena.find_referencing_symbols"]] + CODESEARCH),
    # 12 docs overhaul
    ("Subtask 1 of 4 (goal: docs overhaul). Show me the tree of the docs/ folder, two levels deep.",
     [["filesystem.directory_tree"], ["desktop.list_directory"], ["serena.list_dir"]]),
    ("Subtask 2 of 4 (goal: docs overhaul). Move docs/old/setup.md to docs/guides/installation.md (docs/guides/ already exists).",
     [["filesystem.move_file"], ["desktop.move_file"]]),
    ("Subtask 3 of 4 (goal: docs overhaul). Look in Notion for pages about the 'deployment guide' and list thier titles with last-edited dates.",
     [["notion.API-post-search"]]),
    ("Subtask 4 of 4 (goal: docs overhaul). Check that https://docs.harbor.dev/guides/installation now serves the new page: fetch it and give me its H1.",
     [["fetch.fetch"]] + browse(["playwright.browser_snapshot"], ["devtools.take_snapshot"])),
    # 13 hotfix
    ("Subtask 1 of 4 (goal: hotfix 3.0.1 for the login crash). Get the details of Sentry issue HARBOR-API-5K in org acme, including the stack trace of the latest event.",
     [["sentry.get_sentry_resource"]]),
    ("Subtask 2 of 4 (goal: hotfix 3.0.1). Open a pull request in acme-labs/harbor from hotfix/login-crash into release/3.0, title 'Fix login crash on empty SSO token'.",
     [["github.create_pull_request"]]),
    ("Subtask 3 of 4 (goal: hotfix 3.0.1). Show the working tree status of ~/src/harbor, then stage only src/auth/sso.py and commit it as 'fix: guard empty SSO token'.",
     [["git.git_status", "git.git_add", "git.git_commit"]]),
    ("Υποεργασία 4 από 4 (στόχος: hotfix 3.0.1). Κάνε rollout restart στο deployment auth-api στο namespace prod και επιβεβαίωσε ότι όλα τα pods είναι Running.",
     [["kubernetes.kubectl_rollout", "kubernetes.kubectl_get"]]),
    # 14 accessibility review
    ("Subtask 1 of 4 (goal: accessibility review of harbor.dev). Open https://harbor.dev and give me the accessibility tree of the home page.",
     browse(["playwright.browser_snapshot"], ["devtools.take_snapshot"])),
    ("Subtask 2 of 4 (goal: accessibility review). Keyboard check: on https://harbor.dev/pricing press Tab ten times and after each press report which element has focus.",
     browse(["playwright.browser_press_key", "playwright.browser_snapshot"], ["devtools.press_key", "devtools.take_snapshot"])
     + browse(["playwright.browser_press_key", "playwright.browser_evaluate"], ["devtools.press_key", "devtools.evaluate_script"])),
    ("Subtask 3 of 4 (a11y review): Jira WEB, label a11y, not Done.",
     [["atlassian.jira_search"]]),
    ("Subtask 4 of 4 (goal: accessibility review). From what you know, no browsing: explain in two sentences what WCAG 2.2 criterion 2.4.11 'Focus Not Obscured' requires.",
     []),
    # 15 wiki migration
    ("Subtask 1 of 4 (goal: move the team wiki from Confluence to Notion). Get the Confluence page 'Runbook: cache flush' from space OPS as plain text.",
     [["atlassian.confluence_get_page"], ["atlassian.confluence_search", "atlassian.confluence_get_page"]]),
    ("Subtask 2 of 4 (goal: wiki migration). Create a Notion page 'Runbook: cache flush' as a child of the Notion page 'Runbooks', with the text pasted below as its content.",
     [["notion.API-post-search", "notion.API-post-page"]]),
    ("Subtask 3 of 4 (goal: wiki migration). List the child pages of the Confluence page 'Runbooks' in space OPS so we can see what is left to move.",
     [["atlassian.confluence_get_page", "atlassian.confluence_get_page_children"],
      ["atlassian.confluence_search", "atlassian.confluence_get_page_children"]]),
    ("Subtask 4 of 4 (goal: wiki migration). Add a comment to the Notion page 'Wiki migration tracker': '12 of 40 runbooks moved'.",
     [["notion.API-post-search", "notion.API-create-a-comment"]]),
]

# ---------------------------------------------------------------- LiveMCPBench
YF = "mcp-yahoo-finance."
CH = "mcp-server-chart."
PPT = "office-powerpoint-mcp-server."
BIO = "biomcp-biomedical-model-context-protocol."
LMB = [
    # 1 launch of a portfolio dashboard
    ("Subtask 1 of 3 (goal: launch of the Ledgerly portfolio dashboard). Get the latest share price of AAPL, MSFT and NVDA so the launch screenshots show real numbers.",
     [[YF + "get_current_stock_price"], ["yahoo-finance-mcp-server.get_ticker_info"],
      ["investor-agent-a-financial-analysis-mcp-server.get_ticker_data"]]),
    ("Subtask 2 of 3 (goal: Ledgerly launch). Make a line chart of NVDA's daily closing price over the last 30 days for the press kit.",
     prod([[YF + "get_historical_stock_prices"], [YF + "get_stock_price_date_range"],
           ["yahoo-finance-mcp-server.get_price_history"],
           ["investor-agent-a-financial-analysis-mcp-server.get_price_history"]],
          [[CH + "generate_line_chart"]])),
    ("Subtask 3 of 3 (goal: Ledgerly launch). Build a three-slide PowerPoint: a title slide 'Ledgerly is live', a slide with the image chart.png, and a contact slide with press@ledgerly.io. Save it as launch.pptx. Keep the default template, 16:9, no invented figures; reply with the file path only.",
     [[PPT + "create_presentation", PPT + "add_slide", PPT + "manage_image", PPT + "manage_text", PPT + "save_presentation"],
      [PPT + "create_presentation", PPT + "add_slide", PPT + "manage_image", PPT + "populate_placeholder", PPT + "save_presentation"]]),
    # 2 conference talk in Kyoto
    ("Subtask 1 of 3 (goal: our talk at a conference in Kyoto in March). Find five recent arXiv papers on tool retrieval for LLM agents; titles and links.",
     [["arxiv-mcp-server.search_papers"], ["mcp-simple-arxiv.search_papers"]]),
    ("Subtugas 2 daripada 3 (matlamat: ceramah di Kyoto). Apakah ramalan cuaca di Kyoto untuk beberapa hari akan datang?",
     [["mcp-weather-free.get_weather_by_city"],
      ["openstreetmap-osm-mcp-server.geocode_address", "mcp-weather-free.get_weather"]]),
    ("Subtask 3 of 3 (goal: Kyoto talk). What time is it in Kyoto right now, and what is 09:00 Kyoto time in London?",
     [["time-mcp-server.get_current_time", "time-mcp-server.convert_time"]]),
    # 3 dependency clean-up
    ("Subtask 1 of 3 (goal: dependency clean-up of the admin frontend). For the npm packages request, moment and left-pad report the latest version, whether the package is deprecated, and its weekly downloads.",
     [["npm-sentinel-mcp.npmLatest", "npm-sentinel-mcp.npmDeprecated", "npm-sentinel-mcp.npmTrends"]]),
    ("Subtask 2 of 3 (goal: dependency clean-up). What is the newest stable release of com.fasterxml.jackson.core:jackson-databind?",
     [["maven-dependencies-mcp-server.get_latest_release"]]),
    ("Subtask 3 of 3 (goal: dependency clean-up). Use DeepWiki on facebook/react to explain how legacy context was deprecated and removed.",
     [["deepwiki-mcp-server.deepwiki_fetch"]]),
    # 4 onboarding a Seoul brokerage
    ("Subtask 1 of 2 (goal: onboarding of a Seoul brokerage client). Daily OHLCV of Samsung Electronics (ticker 005930) for 1-5 Dec 2026.",
     [["kospi-kosdaq-stock-server.get_stock_ohlcv"]]),
    ("Subtask 2 of 2 (goal: Seoul onboarding). Convert 2,500,000 KRW to EUR at today's rate; the number goes on the first invoice.",
     [["exchange-rate-mcp-server.exchange_rate"]]),
    # 5 hiring-day live coding
    ("Subtask 1 of 3 (goal: hiring-day live coding demo). Pick a medium LeetCode problem tagged sliding window and fetch its full statement.",
     [["mcp-server-leetcode.search-problems", "mcp-server-leetcode.get-problem"]]),
    ("Subtask 2 of 3 (goal: hiring-day demo). Give me 12 distinct random integers between 1 and 100 as test input.",
     [["random-number-mcp.random_sample"]]),
    ("Subtask 3 of 3 (goal: hiring-day demo). Write an O(n) Python solution for two-sum with a three-line explanation. No lookups.",
     []),
    # 6 market scan
    ("Subtask 1 of 3 (goal: market scan before Q1 planning). Which Python repositories are trending on GitHub this week?",
     [["mcp-github-trending-mcp-server.get_github_trending_repositories"]]),
    ("Subtask 2 of 3 (goal: market scan). Get the current top 10 Hacker News stories and mark the ones about AI coding tools.",
     [["hacker-news-mcp-server.getStories"]]),
    ("Subtarefa 3 de 3 (objetivo: análise de mercado antes do Q1). Quais são os assuntos em alta agora no Weibo e no Zhihu? Resuma os cinco primeiros de cada.",
     [["trends-hub.get-weibo-trending", "trends-hub.get-zhihu-trending"]]),
    # 7 phishing incident
    ("WHOIS harbor-login-secure.com (subtask 1 of 2, phishing review).",
     [["whois-mcp.whois_domain"]]),
    ("Subtask 2 of 2 (goal: phishing review). Fetch https://harbor-login-secure.com and give me the page title and all <meta> tags from its HTML.",
     [["fetch-mcp-server.fetch"], ["mcp-npx-fetch.fetch_html"],
      ["playwright-mcp-server.playwright_navigate", "playwright-mcp-server.playwright_get_visible_html"],
      ["puppeteer.puppeteer_navigate", "puppeteer.puppeteer_evaluate"]]),
    # 8 offsite
    ("Subtask 1 of 3 (goal: team offsite in Lisbon, 12-15 May). Airbnb listings in Lisbon for 8 adults for those dates, under 400 EUR per night.",
     [["airbnb-mcp-server.airbnb_search"]]),
    ("2/3. részfeladat (cél: a lisszaboni offsite). Keress éttermeket a Praça do Comércio 500 méteres körzetében az OpenStreetMap segítségével.",
     [["openstreetmap-osm-mcp-server.geocode_address", "openstreetmap-osm-mcp-server.find_nearby_places"],
      ["openstreetmap-osm-mcp-server.geocode_address", "openstreetmap-osm-mcp-server.search_category"]]),
    ("Subtask 3 of 3 (goal: Lisbon offsite). Weather forecast for Lisbon for the coming days, so we know whether the boat trip is realistic.",
     [["mcp-weather-free.get_weather_by_city"],
      ["openstreetmap-osm-mcp-server.geocode_address", "mcp-weather-free.get_weather"]]),
    # 9 sales backfill
    ("Subtask 1 of 2 (goal: backfill the 2025 sales figures). Read the sheet Q3 of /data/sales_2025.xlsx and give me the totals per region.",
     [["excel-mcp-server.excel_read_sheet"], ["simple-document-processing-mcp-server.excel_read"]]),
    ("Subtask 2 of 2 (goal: sales backfill). Turn these totals into a bar chart: North 120, South 95, East 143, West 88.",
     [[CH + "generate_bar_chart"], [CH + "generate_column_chart"]]),
    # 10 docs overhaul
    ("Subtask 1 of 3 (goal: docs overhaul for docs.harbor.dev). Check that this Mermaid diagram is valid before it goes into the guide: graph TD; A[Client]-->B[Gateway]; B-->C[Worker]",
     [["mcp-server-mermaid-validator.validateMermaid"]]),
    ("Subtask 2 of 3 (goal: docs overhaul). Read the sitemap of https://docs.harbor.dev and list evry URL under /guides/.",
     [["sitemap-mcp-server.get_sitemap_pages"], ["sitemap-mcp-server.get_sitemap_tree"]]),
    ("Υποεργασία 3 από 3 (στόχος: αναμόρφωση της τεκμηρίωσης). Φτιάξε ένα mindmap από το markdown outline των docs που επικολλώ παρακάτω.",
     [["mindmap-mcp-server.convert_markdown_to_mindmap"], [CH + "generate_mind_map"]]),
    # 11 UI redesign
    ("Subtask 1 of 3 (goal: redesign of the settings screen). Show me the shadcn/ui Dialog component: its details and a usage example.",
     [["shadcn-ui-mcp-server.get_component_details", "shadcn-ui-mcp-server.get_component_examples"]]),
    ("Subtask 2 of 3 (goal: settings redesign). Find a settings / gear icon in Hugeicons and give me its name.",
     [["hugeicons-mcp-server.search_icons"]]),
    ("Subtask 3 of 3 (goal: settings redesign). Which Ant Design component do we use for picking a date range, and what props does it take?",
     [["ant-design-components-mcp-service.get-component-docs"]]),
    # 12 oncology client
    ("Subtask 1 of 3 (goal: onboarding the oncology research client). Find recruiting clinical trials for KRAS G12C non-small cell lung cancer.",
     [[BIO + "think", BIO + "trial_searcher"], [BIO + "think", BIO + "search"]]),
    ("Alitehtävä 2/3 (tavoite: onkologia-asiakkaan käyttöönotto). Etsi PubMed-artikkeleita BRAF-geenistä ja melanoomasta vuodesta 2023 alkaen.",
     [[BIO + "think", BIO + "article_searcher"], [BIO + "think", BIO + "search"]]),
    ("Subtask 3 of 3 (goal: oncology onboarding). Rewrite the trial summary pasted below in plain language for the sales team. Nothing to look up.",
     []),
    # 13 board report
    ("Subtask 1 of 2 (board report): (184300 * 1.07 - 12950) / 3, exact.",
     [["calculator-mcp-server.calculate"]]),
    ("Subtask 2 of 2 (goal: Q4 board report). Create the Word document report_q4.docx with the heading 'Q4 2026', one paragraph of summary, and a 2x3 table of the figures below.",
     [["office-word-mcp-server.create_document", "office-word-mcp-server.add_heading",
       "office-word-mcp-server.add_paragraph", "office-word-mcp-server.add_table"]]),
    # 14 crypto payments
    ("Subtask 1 of 2 (goal: accept crypto payments at checkout). Current BTC and ETH prices in USD with their 24h change.",
     [["crypto-price-market-analysis-mcp-server.get-crypto-price"]]),
    ("Subtask 2 of 2 (goal: crypto checkout). Reserch the USDC stablecoin: who issues it, which chains it runs on, recent news.",
     [["web3-research-mcp.research-token"], ["web3-research-mcp.search"]]),
    # 15 knowledge transfer
    ("Subtask 1 of 3 (goal: knowledge transfer before Ana leaves). Get the transcript of https://www.youtube.com/watch?v=Xk3p9TqZ1aE (her architecture talk).",
     [["youtube-transcript-server.get_transcript"]]),
    ("משימה 2 מתוך 3 (מטרה: העברת ידע לפני שאנה עוזבת). קרא את הקובץ handover.pdf והוצא ממנו את רשימת המערכות שבאחריותה.",
     [["pdf-reader-mcp-server.read_pdf"], ["simple-document-processing-mcp-server.document_reader"]]),
    ("Subtask 3 of 3 (goal: knowledge transfer). Store in the knowledge graph: entity billing-service (type service), owned by Ana, depends on postgres-main.",
     [["knowledge-graph-memory-server.create_entities", "knowledge-graph-memory-server.create_relations"]]),
]


def write(name, prefix, rows):
    path = os.path.join(HERE, name)
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        for i, (intent, gold) in enumerate(rows, 1):
            rec = {"id": "%s-%03d" % (prefix, i), "intent": intent, "gold_any": gold}
            f.write(json.dumps(rec, ensure_ascii=False) + "\n")
    return len(rows)


if __name__ == "__main__":
    n1 = write("real-mcp-fresh14.jsonl", "rm14", RM)
    n2 = write("livemcpbench-fresh14.jsonl", "lmb14", LMB)
    print("wrote", n1, "real-mcp intents and", n2, "livemcpbench intents")
