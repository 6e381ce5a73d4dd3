#!/usr/bin/env python3
"""Regenerates real-mcp-dev14.jsonl and livemcpbench-dev14.jsonl byte-for-byte (data inline)."""
import json, os
HERE = os.path.dirname(os.path.abspath(__file__))

# file readers / writers in real-mcp
RD = [["filesystem.read_text_file"], ["filesystem.read_file"], ["desktop.read_file"], ["serena.read_file"]]
WR = [["filesystem.write_file"], ["desktop.write_file"], ["serena.create_text_file"]]
C7 = [["context7.resolve-library-id", "context7.query-docs"]]

RM = [
 # P1 game-studio build engineer
 ("why did last night's build pipeline fail? the k8s job pod keeps restarting",
  [["kubernetes.kubectl_get", "kubernetes.kubectl_logs"], ["kubernetes.kubectl_describe", "kubernetes.kubectl_logs"]]),
 ("Czy ktoś zmieniał BuildConfig.ini od wczoraj? Nie mogę tego znaleźć w historii",
  [["git.git_log"]]),
 ("what time is it for the Montreal team right now? need to ping them before their standup",
  [["time.get_current_time"]]),
 # P2 bioinformatician
 ("the snakemake config.yaml got mangled somehow, what's actually in it now?", RD),
 ("how am I supposed to fetch reads from a region with pysam's AlignmentFile these days? the examples I find look outdated", C7),
 ("is there any github repo doing nanopore basecalling in rust?", [["github.search_repositories"]]),
 # P3 fintech compliance developer
 ("we had a Jira ticket for the PCI audit findings, what's its status and who has it?", [["atlassian.jira_search"]]),
 ("compliance says the audit-trail retention page on Confluence still says 5 years, it should be 7 now. can you fix that",
  [["atlassian.confluence_search", "atlassian.confluence_get_page", "atlassian.confluence_update_page"],
   ["atlassian.confluence_search", "atlassian.confluence_get_page", "atlassian.confluence_update_page_section"]]),
 ("Sentry keeps screaming about a KeyError in the ledger reconciliation service, what's going on there?",
  [["sentry.search_issues", "sentry.analyze_issue_with_seer"], ["sentry.search_issues", "sentry.search_issue_events"]]),
 # P4 university sysadmin
 ("node gpu-04 shows NotReady again. why", [["kubernetes.kubectl_describe"], ["kubernetes.kubectl_get"]]),
 ("Hva er klokka i Tromsø nå?", [["time.get_current_time"]]),
 ("remind me, what's the difference between a RoleBinding and a ClusterRoleBinding?", []),
 # P5 Shopify agency developer
 ("the client says their storefront looks broken on phones, can you have a look at https://aurora-candles.myshopify.com",
  [["playwright.browser_navigate", "playwright.browser_resize", "playwright.browser_take_screenshot"],
   ["devtools.navigate_page", "devtools.resize_page", "devtools.take_screenshot"],
   ["devtools.navigate_page", "devtools.emulate", "devtools.take_screenshot"]]),
 ("our Lighthouse score on the product page tanked after the last theme deploy, any idea why? https://aurora-candles.myshopify.com/products/fig-amber",
  [["devtools.navigate_page", "devtools.lighthouse_audit"], ["devtools.new_page", "devtools.lighthouse_audit"],
   ["devtools.navigate_page", "devtools.performance_start_trace", "devtools.performance_stop_trace"]]),
 ("whats in the liquid snipet for the cart drawer? snippets/cart-drawr.liquid or somthing like that", RD),
 # P6 robotics engineer
 ("did I stage the launch file changes or not?", [["git.git_status"]]),
 ("my colleague in Tokyo wants to meet at 9am her time. what is that for me in Munich?", [["time.convert_time"]]),
 ("ok the URDF gripper offset fix works. can you get it committed and open a PR so Lars can review it",
  [["git.git_add", "git.git_commit", "github.create_pull_request"], ["github.push_files", "github.create_pull_request"]]),
 # P7 data-journalism developer
 ("can you pull the numbers out of the table in this press release? https://www.census.gov/newsroom/press-releases/2026/population-estimates.html",
  [["fetch.fetch"], ["playwright.browser_navigate", "playwright.browser_snapshot"], ["devtools.navigate_page", "devtools.take_snapshot"]]),
 ("De ce graficul din Grafana cu vizitele pe articole arată zero de ieri?",
  [["grafana.search_dashboards", "grafana.get_dashboard_panel_queries", "grafana.query_prometheus"],
   ["grafana.search_dashboards", "grafana.get_dashboard_panel_queries", "grafana.query_loki_logs"]]),
 ("what did I change in scraper.py that isn't committed yet", [["git.git_diff_unstaged"]]),
 # P8 hospital IT admin
 ("please remember that the PACS box is pacs-02 and Dr. Okafor is its admin, I keep forgetting",
  [["memory.create_entities"], ["memory.create_entities", "memory.create_relations"]]),
 ("who was the admin of pacs-02 again?", [["memory.search_nodes"], ["memory.open_nodes"], ["memory.read_graph"]]),
 ("आज रात Grafana में on-call कौन है?",
  [["grafana.list_oncall_schedules", "grafana.get_current_oncall_users"]]),
 # P9 embedded firmware developer
 ("is there already an issue in zephyrproject-rtos/zephyr about SPI DMA hanging on nrf52?",
  [["github.search_issues"], ["github.list_issues"]]),
 ("./flash.sh just hangs forever and prints nothing, wtf",
  [["desktop.start_process", "desktop.read_process_output"], ["serena.execute_shell_command"]]),
 ("whats teh time in UTC rn", [["time.get_current_time"]]),
 # P10 ML platform engineer
 ("I scaled the inference deployment to 6 an hour ago and it's still sitting at 2 replicas??",
  [["kubernetes.kubectl_describe"], ["kubernetes.kubectl_get"]]),
 ("p99 latency of the model server over the last hour?",
  [["grafana.query_prometheus"], ["grafana.query_prometheus_histogram"]]),
 ("Làm sao để dùng torch.compile với dynamic shapes? mình cần tài liệu mới nhất", C7),
 # P11 mobile (Flutter) developer
 ("which branch was I using for the onboarding redesign?", [["git.git_branch"]]),
 ("Ana's dark mode PR, did CI pass on it?",
  [["github.list_pull_requests", "github.get_pull_request_status"], ["github.search_issues", "github.get_pull_request_status"]]),
 ("pubspec.yaml dosyasında hangi firebase_core sürümü var?", RD),
 # P12 developer-relations / docs writer
 ("the launch checklist in Notion, what's still unchecked?",
  [["notion.API-post-search", "notion.API-get-block-children"], ["notion.API-post-search", "notion.API-retrieve-page-markdown"]]),
 ("leave a comment on that Notion launch page that the blog post is ready for review",
  [["notion.API-post-search", "notion.API-create-a-comment"]]),
 ("thanks, that's all for today!", []),
 # P13 SRE at a logistics company
 ("so many 502s from the gateway in the last 30 minutes, what do the logs say",
  [["grafana.query_loki_logs"], ["kubernetes.kubectl_logs"]]),
 ("the disk alert on warehouse-db is going to fire all afternoon because of the migration, can we shut it up for 2 hours",
  [["grafana.alerting_silences_write"], ["grafana.alerting_rules_read", "grafana.alerting_silences_write"]]),
 ("route-planner is down for everyone. we need an incident and whoever is on call pulled in",
  [["grafana.create_incident", "grafana.list_oncall_schedules", "grafana.get_current_oncall_users"]]),
 # P14 economics researcher
 ("where did I put my stata do-files? somewhere under ~/projects I think",
  [["filesystem.search_files"], ["desktop.start_search"], ["serena.find_file"]]),
 ("I renamed gdp_pc to gdp_per_capita in the dataset and now half the R scripts are broken",
  [["serena.replace_in_files"], ["serena.search_for_pattern", "serena.replace_content"], ["desktop.start_search", "desktop.edit_block"]]),
 ("what changed in dplyr 1.1? the NEWS file in tidyverse/dplyr on GitHub should say",
  [["github.get_file_contents"], ["fetch.fetch"]]),
 # P15 agency frontend developer
 ("the signup button on staging does nothing when I click it. console errors? https://staging.brightloop.io/signup",
  [["playwright.browser_navigate", "playwright.browser_snapshot", "playwright.browser_click", "playwright.browser_console_messages"],
   ["devtools.navigate_page", "devtools.take_snapshot", "devtools.click", "devtools.list_console_messages"]]),
 ("in Tailwind 4 is it still tailwind.config.js or did config move into the css?", C7),
 ("package.json version should be 2.4.0 now", [["filesystem.edit_file"], ["desktop.edit_block"], ["serena.replace_content"]]),
 # P16 QA automation engineer
 ("checkout.spec is flaky again. do we have a Jira ticket for it? if not we need one",
  [["atlassian.jira_search", "atlassian.jira_create_issue"]]),
 ("I verified QA-812, it can go to Done",
  [["atlassian.jira_get_transitions", "atlassian.jira_transition_issue"]]),
 ("log 2 hrs on QA-815 for yestrday's regresion run pls", [["atlassian.jira_add_worklog"]]),
 # P17 security engineer
 ("did anyone ever commit an AWS key into this repo? look through the history",
  [["git.git_log", "git.git_show"]]),
 ("which Sentry projects do we even have in our org?",
  [["sentry.find_projects"], ["sentry.find_organizations", "sentry.find_projects"]]),
 ("write what we just found up in a SECURITY_NOTES.md at the repo root", WR),
 # P18 Go backend developer
 ("oops I staged main.go by mistake, unstage it", [["git.git_reset"]]),
 ("before I change the signature of ChargeCustomer, who calls it?",
  [["serena.find_referencing_symbols"], ["serena.find_symbol", "serena.find_referencing_symbols"], ["serena.search_for_pattern"], ["desktop.start_search"]]),
 ("need a new branch feature/invoice-pdf and switch me onto it",
  [["git.git_create_branch", "git.git_checkout"]]),
 # P19 retail data engineer
 ("nightly dbt run failed, the log is at /var/log/dbt/nightly.log. why?", RD),
 ("I want to poke at the postgres service from my laptop, can you forward it?", [["kubernetes.port_forward"]]),
 ("इस sprint में DATA board पर कितने tickets अभी भी open हैं?",
  [["atlassian.jira_get_agile_boards", "atlassian.jira_get_sprints_from_board", "atlassian.jira_get_sprint_issues"],
   ["atlassian.jira_search"]]),
 # P20 indie game developer
 ("how much is 19% VAT on a 3400 euro invoice", []),
 ("pixel-forge has open bugs? the ones labelled bug", [["github.list_issues"], ["github.search_issues"]]),
 ("Fă un commit cu toate modificările, mesajul 'fix collision jitter'", [["git.git_add", "git.git_commit"]]),
]

LMB = [
 # P1
 ("how big is the three package on npm now? worried it bloats our web build", [["npm-sentinel-mcp.npmSize"]]),
 ("anything interesting trending on GitHub today in C++? looking for a new profiler",
  [["mcp-github-trending-mcp-server.get_github_trending_repositories"]]),
 # P2
 ("are there clinical trials recruiting in Europe for BRCA1 carriers on PARP inhibitors?",
  [["biomcp-biomedical-model-context-protocol.trial_searcher"], ["biomcp-biomedical-model-context-protocol.search"]]),
 ("recent arxiv papers on protein language models for variant effect prediction?",
  [["arxiv-mcp-server.search_papers"], ["mcp-simple-arxiv.search_papers"]]),
 # P3
 ("how much is 25,000 CHF in EUR today? need it for the transaction report",
  [["exchange-rate-mcp-server.exchange_rate"]]),
 ("who owns paylinq-secure.com? smells like phishing", [["whois-mcp.whois_domain"]]),
 # P4
 ("Hvilke containere kjører på docker-hosten nå, og hva sier nginx-loggene?",
  [["docker-mcp.list-containers", "docker-mcp.get-logs"]]),
 ("how many pages does the sitemap of https://cs.uni-example.edu list?",
  [["sitemap-mcp-server.get_sitemap_stats"], ["sitemap-mcp-server.get_sitemap_pages"]]),
 # P5
 ("need cart and wishlist icons for the theme, what's there?", [["hugeicons-mcp-server.search_icons"]]),
 ("client sent their price list as prices.xlsx, what's on the second sheet?",
  [["excel-mcp-server.excel_describe_sheets", "excel-mcp-server.excel_read_sheet"], ["simple-document-processing-mcp-server.excel_read"]]),
 # P6
 ("whats the wether in Zurich tomorow? we want to fly the drone outside",
  [["mcp-weather-free.get_weather_by_city"], ["openstreetmap-osm-mcp-server.geocode_address", "mcp-weather-free.get_weather"]]),
 ("the rosbag2 manual is ~/docs/rosbag2.pdf, what does it say about compression?",
  [["pdf-reader-mcp-server.read_pdf"], ["simple-document-processing-mcp-server.document_reader"]]),
 # P7
 ("is there anything on data.gov about wildfire smoke and air quality?", [["data-gov-mcp-server.package_search"]]),
 ("Fă-mi un bar chart cu populația celor mai mari 5 orașe din România",
  [["mcp-server-chart.generate_bar_chart"], ["mcp-server-chart.generate_column_chart"]]),
 # P8
 ("what time is it in Lagos? I have to call the vendor's support", [["time-mcp-server.get_current_time"]]),
 ("the downtime procedure is a .docx, I need it as a PDF to print for the wards",
  [["office-word-mcp-server.convert_to_pdf"], ["simple-document-processing-mcp-server.docx_to_pdf"]]),
 # P9
 ("is there something newer than 1.2.0 of the Eclipse Paho MQTT client on Maven Central?",
  [["maven-dependencies-mcp-server.get_latest_release"], ["maven-dependencies-mcp-server.list_maven_versions"]]),
 ("the mermaid diagram in docs/design.md won't render, is it even valid?",
  [["filesystem-mcp-server.read_file", "mcp-server-mermaid-validator.validateMermaid"],
   ["desktop-commander-mcp.read_file", "mcp-server-mermaid-validator.validateMermaid"],
   ["mcp-text-editor-server.get_text_file_contents", "mcp-server-mermaid-validator.validateMermaid"]]),
 # P10
 ("what does Karpathy actually say about tokenizers in this one https://www.youtube.com/watch?v=zduSFxRajkE",
  [["youtube-transcript-server.get_transcript"]]),
 ("is Hacker News talking about the new Llama release? what are the top comments saying",
  [["hacker-news-mcp-server.search", "hacker-news-mcp-server.getStoryWithComments"],
   ["hacker-news-mcp-server.search", "hacker-news-mcp-server.getCommentTree"]]),
 # P11
 ("does shadcn have a date picker? how do I wire it up",
  [["shadcn-ui-mcp-server.get_component_details"], ["shadcn-ui-mcp-server.get_component_examples"]]),
 ("Ant Design Table bileşeninde son sürümde ne değişti?", [["ant-design-components-mcp-service.get-component-changelog"]]),
 # P12
 ("my talk outline is in notes.md, could it be a mind map instead?",
  [["filesystem-mcp-server.read_file", "mindmap-mcp-server.convert_markdown_to_mindmap"],
   ["desktop-commander-mcp.read_file", "mindmap-mcp-server.convert_markdown_to_mindmap"],
   ["mcp-text-editor-server.get_text_file_contents", "mindmap-mcp-server.convert_markdown_to_mindmap"]]),
 ("I have a webinar about our CLI on Thursday and no slides at all. five slides would do",
  [["office-powerpoint-mcp-server.create_presentation", "office-powerpoint-mcp-server.add_slide", "office-powerpoint-mcp-server.save_presentation"]]),
 # P13
 ("how long is the drive from the port of Rotterdam to our Duisburg hub?",
  [["openstreetmap-osm-mcp-server.geocode_address", "openstreetmap-osm-mcp-server.get_route_directions"]]),
 ("we're switching to electric vans, are there chargers near the Venlo depot?",
  [["openstreetmap-osm-mcp-server.geocode_address", "openstreetmap-osm-mcp-server.find_ev_charging_stations"]]),
 # P14
 ("Apple's dividends over the last five years?", [["mcp-yahoo-finance.get_dividends"]]),
 ("Jaki jest teraz indeks Fear & Greed na rynku akcji?",
  [["investor-agent-a-financial-analysis-mcp-server.get_cnn_fear_greed_index"]]),
 # P15
 ("zustand vs jotai vs redux toolkit, which one is actually maintained well?",
  [["npm-sentinel-mcp.npmCompare"], ["npm-sentinel-mcp.npmMaintenance"], ["npm-sentinel-mcp.npmScore"]]),
 ("the hero section is boring, I want some flashy animated background",
  [["magicuidesign-mcp.getBackgrounds"], ["magicuidesign-mcp.getSpecialEffects"]]),
 # P16
 ("I'll click through the login flow on https://staging.acme.dev, can you turn it into a Playwright test as I go?",
  [["playwright-mcp-server.start_codegen_session", "playwright-mcp-server.playwright_navigate", "playwright-mcp-server.end_codegen_session"]]),
 ("the API key fixture needs a random secure token", [["random-number-mcp.secure_token_hex"]]),
 # P17
 ("185.220.101.4 is hammering our login endpoint, whose IP is that?", [["whois-mcp.whois_ip"]]),
 ("lodash 4.17.15, any known vulns?", [["npm-sentinel-mcp.npmVulnerabilities"]]),
 # P18
 ("bitcoin price right now? the CTO wants us to accept crypto, sigh",
  [["crypto-price-market-analysis-mcp-server.get-crypto-price"], ["asset-price-mcp-server-asset-price-mcp.get_asset_price"]]),
 ("can u explain how gin-gonic/gin handles midleware chians internally",
  [["deepwiki-mcp-server.deepwiki_fetch"]]),
 # P19
 ("KOSPI पर Samsung Electronics का पिछले महीने का OHLCV data चाहिए",
  [["kospi-kosdaq-stock-server.get_stock_ohlcv"], ["kospi-kosdaq-stock-server.load_all_tickers", "kospi-kosdaq-stock-server.get_stock_ohlcv"]]),
 ("never mind, figured it out myself", []),
 # P20
 ("is Jinx still any good this patch? what are people building on her", [["op-gg-mcp-server.lol-champion-analysis"]]),
 ("hi! you there?", []),
]

def write(name, prefix, rows):
    with open(os.path.join(HERE, name), "w", encoding="utf-8", newline="\n") as f:
        for i, (intent, gold) in enumerate(rows, 1):
            f.write(json.dumps({"id": "%s-%03d" % (prefix, i), "intent": intent, "gold_any": gold}, ensure_ascii=False) + "\n")

if __name__ == "__main__":
    write("real-mcp-dev14.jsonl", "rm14d", RM)
    write("livemcpbench-dev14.jsonl", "lmb14d", LMB)
    print(len(RM), len(LMB))
