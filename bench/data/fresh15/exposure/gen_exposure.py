#!/usr/bin/env python3
"""Regenerate the fresh15 exposure intents (data inline, standard library only).

Method: every intent is one step of a runbook, README, onboarding checklist or
incident playbook that an agent is asked to carry out, written from imagined
teams and systems.  Gold = the full set of catalogue tools a competent agent
would call for that step; alternatives where servers overlap; [] = no tool.
Each row also carries tags here (not written to the files): lang (ISO code when
not English), typo, world (world knowledge needed), none (no tool).
"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))

READ4 = [["filesystem.read_text_file"], ["filesystem.read_file"], ["desktop.read_file"], ["serena.read_file"]]

# (intent, gold_any, tags)
RM = [
    # --- release runbook of "pylon", a payments API
    ("3. Confirm nobody left uncommitted work on the release box: check the working tree of the repo at /srv/pylon before you pull.",
     [["git.git_status"]], ""),
    ("Before you tag, make sure CI is green on the last PR merged into main (acme/pylon#482).",
     [["github.get_pull_request_status"]], ""),
    ("- [ ] Stage CHANGELOG.md and commit it with the message \"docs: changelog for 2.8.0\"",
     [["git.git_add", "git.git_commit"]], ""),
    ("4) Review the staged diff. If a .env file slipped in, unstage everything and start the step again.",
     [["git.git_diff_staged", "git.git_reset"]], ""),
    ("Release notes: list the last 10 commits on release/2.8.",
     [["git.git_log"], ["github.list_commits"]], ""),
    ("6. What exactly did commit a1b2c3d change in config/prod.yaml? Paste the hunk into the release ticket.",
     [["git.git_show"], ["git.git_diff"]], ""),
    ("7. Merge #490 with squash, but only once it has two approvals; check the reviews first.",
     [["github.get_pull_request_reviews", "github.merge_pull_request"]], ""),
    ("Close issue #77 in acme/pylon with a comment pointing at the fix PR.",
     [["github.add_issue_comment", "github.update_issue"]], ""),
    ("Steg 1: läs README.md i repot acme/infra på GitHub (main-grenen) innan du börjar.",
     [["github.get_file_contents"]], "sv"),
    ("Pasul 6: deschide un issue pe GitHub în acme/pylon cu titlul 'Replica lag alert too noisy' și eticheta ops.",
     [["github.create_issue"]], "ro"),
    ("Hakbang 7: i-commit na ang lahat ng naka-stage na pagbabago, mensahe: 'chore: bump helm chart'.",
     [["git.git_commit"]], "tl"),
    # --- incident playbook: checkout outage
    ("T+0  Open a Grafana incident: title 'Checkout 5xx spike', severity critical, room prefix inc.",
     [["grafana.create_incident"]], ""),
    ("T+5  Find out who is on call for the payments schedule and make sure they know.",
     [["grafana.list_oncall_schedules", "grafana.get_current_oncall_users"]], ""),
    ("T+10 Pull the last 30 minutes of error logs for app=checkout from Loki.",
     [["grafana.list_datasources", "grafana.query_loki_logs"]], ""),
    ("T+15 How bad is the tail? Get p99 of http_server_duration_seconds for the checkout API over the last hour.",
     [["grafana.list_datasources", "grafana.query_prometheus_histogram"], ["grafana.list_datasources", "grafana.query_prometheus"]], ""),
    ("T+20 Roll the checkout deployment in namespace shop back to the previous revision.",
     [["kubernetes.kubectl_rollout"]], ""),
    ("Open trace 4bf92f3577b34da6a3ce929d0e0e4736 from Tempo and note the slowest span.",
     [["grafana.list_datasources", "grafana.get_tempo_trace"]], ""),
    ("9. Before closing the incident, verify https://status.pylon.dev says all systems are operational.",
     [["fetch.fetch"], ["playwright.browser_navigate"], ["devtools.new_page"]], ""),
    ("Add a note to incident 311's timeline: 'rollback complete 14:22 UTC, error rate back to baseline'.",
     [["grafana.add_activity_to_incident"]], ""),
    ("Postmortem prep: ask Seer for a root-cause analysis of Sentry issue PYLON-41A.",
     [["sentry.analyze_issue_with_seer"]], ""),
    ("2. chekc the sentry isue PYLON-3F2 and see which release introducd it",
     [["sentry.get_sentry_resource"], ["sentry.search_issues"]], "typo"),
    ("Once the fix is live, resolve PYLON-3F2 in Sentry.",
     [["sentry.update_issue"]], ""),
    ("手順5：Grafana の「Checkout overview」ダッシュボードのパネルを画像で取得し、ポストモーテムに貼る。",
     [["grafana.search_dashboards", "grafana.get_panel_image"]], "ja"),
    ("Annotate the 'Checkout overview' dashboard: 'deploy 2.8.1' at 14:05 UTC today.",
     [["grafana.search_dashboards", "grafana.create_annotation"]], ""),
    ("Silence DiskFull for instance node-7 for two hours while the volume is resized.",
     [["grafana.alerting_silences_write"]], ""),
    ("verfiy that a snapshot of the checkout dashbaord exists before somebody deletes the old dashboard",
     [["grafana.list_snapshots"]], "typo"),
    # --- database / k8s runbooks
    ("3. Confirm the replica caught up. Lag metrics alone are not enough here (the WAL receiver reports zero right after a restart), so compare the row counts of the orders table on pg-primary-0 and pg-replica-0, both in namespace db; if they differ by more than a handful, stop and escalate.",
     [["kubernetes.exec_in_pod"]], ""),
    ("6) Once the queue has drained, scale the worker deployment back to 3 replicas.",
     [["kubernetes.kubectl_scale"]], ""),
    ("Cordon and drain ip-10-0-3-17.eu-west-1.compute.internal before the AMI swap.",
     [["kubernetes.node_management"]], ""),
    ("Upgrade the Helm release ingress-nginx in kube-system to chart version 4.11.3 using values/ingress.yaml.",
     [["kubernetes.upgrade_helm_chart"]], ""),
    ("Why does pod search-7d9f in namespace search keep restarting? Describe it and read the logs of the previous container.",
     [["kubernetes.kubectl_describe", "kubernetes.kubectl_logs"]], ""),
    ("Étape 4 : vérifier que tous les pods du déploiement 'api' dans le namespace prod sont bien Ready.",
     [["kubernetes.kubectl_get"], ["kubernetes.kubectl_rollout"], ["kubernetes.kubectl_describe"]], "fr"),
    ("The CronJob must fire every weekday at 09:30 Madrid time. What is that in UTC in January, and in July?",
     [["time.convert_time"]], "world"),
    ("Step 2 — what time is it in Auckland right now? The DB maintenance window opens at 02:00 their time.",
     [["time.get_current_time"], ["time.convert_time"]], "world"),
    # --- onboarding checklist
    ("Day 1: read CONTRIBUTING.md at ~/code/pylon/CONTRIBUTING.md so you know the branch naming rules.",
     READ4, ""),
    ("Day 1: create your branch off main, onboarding/tkaur, and switch to it.",
     [["git.git_create_branch", "git.git_checkout"]], ""),
    ("Day 2: remember for later that Tara owns the billing module and Rui owns search (put it in the knowledge graph).",
     [["memory.create_entities", "memory.create_relations"]], ""),
    ("Day 2: before touching routes.tsx, pull the React Router v7 docs on loaders.",
     [["context7.resolve-library-id", "context7.query-docs"]], ""),
    ("Day 3 — you'll be deleting the old charge path this week. Before you do, find every caller of legacy_charge() in the repo (there are more than the two in billing/, I promise) and list them with file and line.",
     [["serena.find_referencing_symbols"], ["serena.search_for_pattern"], ["desktop.start_search", "desktop.get_more_search_results"]], ""),
    ("If the dev server won't start, something is still holding port 5173. Find it and kill it.",
     [["desktop.list_processes", "desktop.kill_process"], ["desktop.start_process", "desktop.kill_process"]], ""),
    ("Run `make migrate-dry` in ~/code/pylon and check the output for DROP statements.",
     [["desktop.start_process"], ["serena.execute_shell_command"]], ""),
    ("Create docs/runbooks/2026/ and move failover.md into it.",
     [["filesystem.create_directory", "filesystem.move_file"], ["desktop.create_directory", "desktop.move_file"]], ""),
    ("grep the codebsae for TODO(pylon-2.9) and make one jira tiket in PAY for each hit",
     [["serena.search_for_pattern", "atlassian.jira_batch_create_issues"], ["serena.search_for_pattern", "atlassian.jira_create_issue"],
      ["desktop.start_search", "desktop.get_more_search_results", "atlassian.jira_batch_create_issues"]], "typo"),
    # --- tracker / wiki steps
    ("Move OPS-1182 to 'In Review'.",
     [["atlassian.jira_get_transitions", "atlassian.jira_transition_issue"]], ""),
    ("After the drill, file a follow-up Task in OPS, 'Automate replica lag check', and link it to OPS-1182 as 'relates to'.",
     [["atlassian.jira_create_issue", "atlassian.jira_create_issue_link"]], ""),
    ("Schritt 3: Prüfe im Jira-Projekt PAY, welche Tickets für die Fix-Version 2.8.1 noch offen sind.",
     [["atlassian.jira_search"]], "de"),
    ("Copy the Confluence page 'Incident template' into space SRE as 'INC-2211 checkout outage'.",
     [["atlassian.confluence_get_page", "atlassian.confluence_copy_page"], ["atlassian.confluence_search", "atlassian.confluence_copy_page"]], ""),
    ("Update the 'Verification' section of the Confluence page 'Runbook: replica failover' (space SRE) with the new row-count query.",
     [["atlassian.confluence_get_page", "atlassian.confluence_update_page_section"], ["atlassian.confluence_search", "atlassian.confluence_update_page_section"],
      ["atlassian.confluence_get_page", "atlassian.confluence_update_page"], ["atlassian.confluence_search", "atlassian.confluence_update_page"]], ""),
    ("## After the incident\n\nThe on-call handbook lives in Notion, not in this repo. Add one line to the page 'On-call handbook' under the escalation list: 'Replica lag > 30s: page the DBA'. Keep the existing wording of the other lines.",
     [["notion.API-post-search", "notion.API-patch-block-children"], ["notion.API-post-search", "notion.API-update-page-markdown"]], ""),
    ("Paso 2: crea la página 'Guía de guardias' en Notion, dentro de 'Equipo SRE'.",
     [["notion.API-post-search", "notion.API-post-page"]], "es"),
    # --- web checks
    ("Smoke test: log into https://staging.pylon.dev/login as qa@pylon.dev and check that the dashboard loads.",
     [["playwright.browser_navigate", "playwright.browser_fill_form", "playwright.browser_click"],
      ["playwright.browser_navigate", "playwright.browser_type", "playwright.browser_click"],
      ["devtools.new_page", "devtools.take_snapshot", "devtools.fill_form", "devtools.click"]], ""),
    ("Run a Lighthouse audit on https://pylon.dev and write down the accessibility score.",
     [["devtools.new_page", "devtools.lighthouse_audit"], ["devtools.list_pages", "devtools.navigate_page", "devtools.lighthouse_audit"]], ""),
    ("Screenshot the pricing page in dark mode for the release notes.",
     [["playwright.browser_navigate", "playwright.browser_emulate_media", "playwright.browser_take_screenshot"],
      ["devtools.new_page", "devtools.emulate", "devtools.take_screenshot"]], ""),
    ("After the deploy: any console errors on https://shop.pylon.dev/checkout?",
     [["playwright.browser_navigate", "playwright.browser_console_messages"], ["devtools.new_page", "devtools.list_console_messages"]], ""),
    # --- steps that need no tool
    ("0. Read this whole runbook once before you touch anything. Seriously.",
     [], "none"),
    ("Write a two-sentence summary of the outage for the exec channel: plain words, no jargon.",
     [], "none"),
    ("Q: is a 3-member etcd cluster still writable with one member down? Answer before you continue.",
     [], "none world"),
    ("Checklist item: decide whether this change needs a feature flag, and say why.",
     [], "none"),
    ("Sanity-check the math: 40 shards of 25 GB with replication factor 3, how much disk in total?",
     [], "none"),
    ("Falls du unsicher bist: erkläre kurz den Unterschied zwischen git revert und git reset, bevor du weitermachst.",
     [], "none de"),
]

GIT = "mcp-server-git-a-git-mcp-server"
FSRV = "filesystem-mcp-server"
DCM = "desktop-commander-mcp"
LMB = [
    ("3. Before bumping, look up the latest release of com.fasterxml.jackson.core:jackson-databind.",
     [["maven-dependencies-mcp-server.get_latest_release"], ["maven-dependencies-mcp-server.list_maven_versions"]], ""),
    ("- [ ] lodash: any known vulnerabilities? is it deprecated?",
     [["npm-sentinel-mcp.npmVulnerabilities", "npm-sentinel-mcp.npmDeprecated"]], ""),
    ("Compare date-fns, dayjs and luxon on size and downloads; the winner goes in the ADR.",
     [["npm-sentinel-mcp.npmCompare"], ["npm-sentinel-mcp.npmSize", "npm-sentinel-mcp.npmTrends"]], ""),
    ("Legal step: confirm the licences of react, chart.js and ag-grid-community are compatible with each other.",
     [["npm-sentinel-mcp.npmLicenseCompatibility"]], ""),
    ("3. serach npm for a maintaned yaml parser and check its weekly downlods",
     [["npm-sentinel-mcp.npmSearch", "npm-sentinel-mcp.npmTrends"]], "typo"),
    ("Stage everything under docs/ and commit it as 'docs: onboarding refresh'.",
     [[GIT + ".git_add", GIT + ".git_commit"]], ""),
    ("Rollbak: checkout the previus branch release/1.4 in the local repo",
     [[GIT + ".git_checkout"]], "typo"),
    ("Bring up the observability stack with docker compose (ops/compose.yml).",
     [["docker-mcp.deploy-compose"]], ""),
    ("Read the last logs of the 'loki' container and look for 'permission denied'.",
     [["docker-mcp.get-logs"]], ""),
    ("Read the vendor SLA (./contracts/vendor-sla.pdf) and note the promised uptime.",
     [["pdf-reader-mcp-server.read_pdf"], ["simple-document-processing-mcp-server.document_reader"]], "world"),
    ("Convert onboarding.docx to PDF for the new hires.",
     [["simple-document-processing-mcp-server.docx_to_pdf"], ["office-word-mcp-server.convert_to_pdf"]], ""),
    ("Open capacity.xlsx, sheet 'Q1', and read the totals row.",
     [["excel-mcp-server.excel_read_sheet"], ["simple-document-processing-mcp-server.excel_read"]], "world"),
    ("Create a Word document 'INC-88 summary' with a heading and a table of the timeline events.",
     [["office-word-mcp-server.create_document", "office-word-mcp-server.add_heading", "office-word-mcp-server.add_table"]], ""),
    ("Ops review: make a deck with a bullet slide of the three incidents and a chart slide of the weekly error counts, save it as ops-review.pptx.",
     [["office-powerpoint-mcp-server.create_presentation", "office-powerpoint-mcp-server.add_slide", "office-powerpoint-mcp-server.add_bullet_points",
       "office-powerpoint-mcp-server.add_chart", "office-powerpoint-mcp-server.save_presentation"]], ""),
    ("Draw the failover flow for the runbook: detect, promote the replica, repoint DNS, verify.",
     [["mcp-server-chart.generate_flow_diagram"], ["mcp-server-mermaid-validator.validateMermaid"]], ""),
    ("Validate the mermaid diagram in docs/arch.md before merging.",
     [[FSRV + ".read_file", "mcp-server-mermaid-validator.validateMermaid"], [DCM + ".read_file", "mcp-server-mermaid-validator.validateMermaid"],
      ["mcp-text-editor-server.get_text_file_contents", "mcp-server-mermaid-validator.validateMermaid"]], ""),
    ("Who registered pylon-payments.co, and when does it expire?",
     [["whois-mcp.whois_domain"]], ""),
    ("Before allow-listing 185.199.108.153, find out which network owns it.",
     [["whois-mcp.whois_ip"], ["whois-mcp.whois_ip", "whois-mcp.whois_as"]], ""),
    ("### Visiting the Madrid office\n\nMost visitors drive in from the airport. Geocode the new office (Calle de Alcalá 45, Madrid) and list the parking facilities within walking distance, with their names, so this section can link to them.",
     [["openstreetmap-osm-mcp-server.geocode_address", "openstreetmap-osm-mcp-server.find_parking_facilities"]], ""),
    ("Offsite checklist: weather forecast for Kraków on Friday.",
     [["mcp-weather-free.get_weather_by_city"]], ""),
    ("Stand-up with the Seoul team is 10:00 their time. What time is that in São Paulo?",
     [["time-mcp-server.convert_time"]], "world"),
    ("Pay the Oslo contractor: what is 12,000 NOK in EUR at today's rate?",
     [["exchange-rate-mcp-server.exchange_rate"], ["exchange-rate-mcp-server.exchange_rate", "calculator-mcp-server.calculate"]], ""),
    ("Board pack, step 4: Samsung Electronics' current market cap.",
     [["kospi-kosdaq-stock-server.get_stock_market_cap"], ["yahoo-finance-mcp-server.get_ticker_info"],
      ["investor-agent-a-financial-analysis-mcp-server.get_ticker_data"]], "world"),
    ("Crypto checkout sanity check: current BTC price.",
     [["crypto-price-market-analysis-mcp-server.get-crypto-price"], ["asset-price-mcp-server-asset-price-mcp.get_asset_price"]], ""),
    ("Reading list: find the chain-of-thought prompting paper (Wei et al.) on arXiv and read its abstract.",
     [["arxiv-mcp-server.search_papers"], ["mcp-simple-arxiv.search_papers"], ["mcp-simple-arxiv.search_papers", "mcp-simple-arxiv.get_paper_data"]], ""),
    ("Before the async deep-dive, read the DeepWiki page of tokio-rs/tokio.",
     [["deepwiki-mcp-server.deepwiki_fetch"]], ""),
    ("Pull the transcript of https://www.youtube.com/watch?v=0oOJt6W1Y3A and list the three main points.",
     [["youtube-transcript-server.get_transcript"]], ""),
    ("Settings modal: get usage examples of the shadcn/ui Dialog component.",
     [["shadcn-ui-mcp-server.get_component_examples"]], ""),
    ("Status page: find a Hugeicons icon for 'server outage'.",
     [["hugeicons-mcp-server.search_icons"]], ""),
    ("Docs release: check that the sitemap of https://docs.pylon.dev lists the new /runbooks pages.",
     [["sitemap-mcp-server.get_sitemap_pages"], ["sitemap-mcp-server.get_sitemap_tree"]], ""),
    ("Record in the team knowledge graph that Ana maintains the Maven BOM.",
     [["knowledge-graph-memory-server.create_entities"], ["knowledge-graph-memory-server.add_observations"], ["basic-memory.write_note"]], ""),
    ("Security briefing: find the Hacker News threads about the xz backdoor.",
     [["hacker-news-mcp-server.search"], ["duckduckgo-search-mcp-server.duckduckgo_web_search"]], "world"),
    ("市場ブリーフィング 手順2：今週 GitHub でトレンドになっているリポジトリを確認する。",
     [["mcp-github-trending-mcp-server.get_github_trending_repositories"]], "ja"),
    ("Schritt 4: Dividendenhistorie von Apple (AAPL) für den Quartalsbericht holen.",
     [["mcp-yahoo-finance.get_dividends"]], "de"),
    ("Étape 2 : chercher sur data.gov un jeu de données sur la qualité de l'air et noter son identifiant.",
     [["data-gov-mcp-server.package_search"]], "fr"),
    ("Paso 5: registra el release en el gestor de tareas como una solicitud con sus subtareas.",
     [["mcp-taskmanager.request_planning"]], "es"),
    ("Step 0: make sure you've had coffee. Not kidding.",
     [], "none"),
    ("Explain in two sentences why we pin exact versions in the lockfile rather than ranges.",
     [], "none"),
    ("Is 2028 a leap year? The cert rotation date depends on it.",
     [], "none world"),
    ("Traduza o aviso para o cliente: 'The service will be unavailable from 02:00 to 03:00 UTC'.",
     [], "none pt"),
]


def write(rows, prefix, fname):
    with open(os.path.join(HERE, fname), "w", encoding="utf-8") as f:
        for i, (intent, gold, _tags) in enumerate(rows, 1):
            f.write(json.dumps({"id": "%s-%03d" % (prefix, i), "intent": intent, "gold_any": gold},
                               ensure_ascii=False) + "\n")


def stats(rows):
    t = [r[2].split() for r in rows]
    langs = [x for ts in t for x in ts if x not in ("typo", "world", "none")]
    return {"n": len(rows), "none": sum("none" in ts for ts in t), "typo": sum("typo" in ts for ts in t),
            "world": sum("world" in ts for ts in t), "non_english": len(langs), "langs": sorted(set(langs)),
            "multi": sum(bool(r[1]) and all(len(s) >= 2 for s in r[1]) for r in rows),
            "alts": sum(len(r[1]) >= 2 for r in rows),
            "len": sorted(len(r[0]) for r in rows)}


if __name__ == "__main__":
    write(RM, "rm15", "real-mcp-fresh15.jsonl")
    write(LMB, "lmb15", "livemcpbench-fresh15.jsonl")
    for name, rows in (("real-mcp", RM), ("livemcpbench", LMB)):
        s = stats(rows)
        L = s.pop("len")
        print(name, s, "length min/median/max %d/%d/%d" % (L[0], L[len(L) // 2], L[-1]))
