#!/usr/bin/env python3
"""Regenerates real-mcp-fresh12.jsonl byte-for-byte (data inline). Standard library only.
Each intent is a (persona, text, gold) triple; gold is a list of steps (each step a list of
alternatives, an alternative being one tool or a tuple of tools), expanded as a product,
or a plain list of explicit sets."""
import itertools, json, os

def prod(*steps):
    out = []
    for combo in itertools.product(*steps):
        s = []
        for c in combo:
            for t in (c if isinstance(c, tuple) else (c,)):
                if t not in s:
                    s.append(t)
        out.append(s)
    return out

def alt(*sets):
    return [list(s) if isinstance(s, (list, tuple)) else [s] for s in sets]

READ = ["filesystem.read_text_file", "filesystem.read_file", "desktop.read_file", "serena.read_file"]
FIND_READ = (prod(["filesystem.list_directory", "filesystem.search_files", "filesystem.directory_tree"],
                  ["filesystem.read_text_file", "filesystem.read_file"])
             + prod(["desktop.list_directory", "desktop.start_search"], ["desktop.read_file"])
             + prod(["serena.list_dir", "serena.find_file"], ["serena.read_file"]))
PW_NAV = "playwright.browser_navigate"
DT_NAV = ["devtools.navigate_page", "devtools.new_page"]
WRITE = ["filesystem.write_file", "filesystem.edit_file", "desktop.write_file", "desktop.edit_block",
         "serena.create_text_file", "serena.insert_after_symbol", "github.create_or_update_file"]
A = "atlassian."
CONV = alt("time.convert_time")
NOW = alt("time.get_current_time")

I = [
 # 1 Priya, product manager
 ("pm", "the roadmap page in Notion still says offline mode lands in Q3, it slipped to Q4",
  alt(["notion.API-post-search", "notion.API-update-page-markdown"],
      ["notion.API-post-search", "notion.API-get-block-children", "notion.API-update-a-block"],
      ["notion.API-post-search", "notion.API-patch-page"],
      ["notion.API-query-data-source", "notion.API-patch-page"])),
 ("pm", "I need to know which of the bugs customers reported this week are already fixed in what we shipped",
  prod([A + "jira_search"], ["git.git_log", "github.list_commits", "github.list_pull_requests"])),
 ("pm", "what did the team actually ship since the last release?",
  alt("git.git_log", "github.list_commits", "github.list_pull_requests")),
 ("pm", "Can you turn the notes from today's planning call into tickets for the mobile squad? They're in planning-2026-12-05.md on my desktop. One ticket per action item please, and don't invent owners.",
  prod(READ, [A + "jira_batch_create_issues", A + "jira_create_issue"])),
 # 2 Tomás, support agent
 ("support", "a customer says the checkout button does nothing on our site — is it broken for everyone or just her?",
  alt("sentry.search_issues", "sentry.search_events", [PW_NAV, "playwright.browser_click"],
      ["devtools.navigate_page", "devtools.click"], ["devtools.new_page", "devtools.click"])),
 ("support", "customer in Sydney asks when our Sunday 02:00 UTC maintenance is for them", CONV),
 ("support", "got error ID 4f2a9c1e from a customer's screenshot, what happened on our side?",
  alt("sentry.get_sentry_resource", "sentry.search_events")),
 ("support", "custmer cant log in since yesterday and we have like 30 tickets about it",
  alt("sentry.search_issues", "sentry.search_events", "grafana.query_loki_logs")),
 # 3 Dana, data analyst
 ("analyst", "I need the churn numbers for the board deck by Friday",
  prod(["grafana.search_dashboards"], ["grafana.get_dashboard_summary", "grafana.get_panel_image",
                                      "grafana.query_prometheus", "grafana.get_dashboard_panel_queries"])),
 ("analyst", "signups fell off a cliff on Tuesday night. Was something down?",
  alt("grafana.list_incidents", "grafana.list_alert_groups", "sentry.search_events", "grafana.query_prometheus",
      "grafana.get_annotations")),
 ("analyst", "the CSV export in the reports folder has weird characters in the names column",
  FIND_READ),
 ("analyst", "how many people looked at the pricing page last month",
  alt("grafana.query_prometheus", "grafana.query_loki_stats", "grafana.query_loki_logs",
      ["grafana.search_dashboards", "grafana.get_dashboard_summary"])),
 # 4 Mei, designer
 ("designer", "the hero image on the landing page looks squashed on phones",
  prod([PW_NAV], ["playwright.browser_resize"], ["playwright.browser_take_screenshot"])
  + prod(DT_NAV, ["devtools.emulate", "devtools.resize_page"], ["devtools.take_screenshot"])),
 ("designer", "quick q, what does 'above the fold' mean when the devs say it?", []),
 ("designer", "I need a screenshot of the settings page in dark mode for tomorrow's design review",
  prod([PW_NAV], ["playwright.browser_emulate_media"], ["playwright.browser_take_screenshot"])
  + prod(DT_NAV, ["devtools.emulate"], ["devtools.take_screenshot"])),
 ("designer", "put the link to the latest mockups (figma.com/file/abc123) on our design system page in Notion",
  alt(["notion.API-post-search", "notion.API-patch-block-children"],
      ["notion.API-post-search", "notion.API-update-page-markdown"])),
 # 5 Raj, sales engineer
 ("sales-eng", "prospect asks whether we support SAML single sign-on, what does our public docs site say?",
  alt("fetch.fetch", PW_NAV, "devtools.navigate_page", "devtools.new_page", "desktop.read_file")),
 ("sales-eng", "I need the demo cluster to actually work for tomorrow's call. Is demo-eu healthy?",
  alt(["kubernetes.kubectl_context", "kubernetes.kubectl_get"], "kubernetes.kubectl_generic")),
 ("sales-eng", "which version of our SDK does the Next.js example app pin? the customer is stuck on Next 14",
  FIND_READ + alt("github.get_file_contents", "serena.search_for_pattern")),
 ("sales-eng", "the customer wants our API rate limits in writing, we documented them in Confluence somewhere",
  alt([A + "confluence_search", A + "confluence_get_page"])),
 # 6 Olga, office manager
 ("office", "Напомни, сколько будет у нас в Берлине, когда в Нью-Йорке 10 утра? Планирую созвон с Acme на четверг.", CONV),
 ("office", "the team lunch list is a mess, can you get lunch.txt into alphabetical order",
  alt(["filesystem.read_text_file", "filesystem.write_file"], ["filesystem.read_file", "filesystem.write_file"],
      ["desktop.read_file", "desktop.write_file"], ["serena.read_file", "serena.create_text_file"])),
 ("office", "what's the date in Tokyo right now? the office there says it's already Monday", NOW),
 ("office", "I saved the holiday schedule on the shared drive months ago and now I can't find it",
  alt("filesystem.search_files", "desktop.start_search", "serena.find_file")),
 # 7 Kostas, QA tester
 ("qa", "Η φόρμα εγγραφής στο staging δεν δέχεται email με το σύμβολο +. Μπορείς να το επιβεβαιώσεις;",
  prod([PW_NAV], ["playwright.browser_fill_form", "playwright.browser_type"], ["playwright.browser_click"])
  + prod(DT_NAV, ["devtools.fill_form", "devtools.fill"], ["devtools.click"])),
 ("qa", "every time I open the app in Firefox the console is full of red",
  alt([PW_NAV, "playwright.browser_console_messages"], ["devtools.navigate_page", "devtools.list_console_messages"])),
 ("qa", "the date picker bug I filed last week, did anybody pick it up?",
  alt(A + "jira_search", "github.search_issues", "github.list_issues")),
 ("qa", "please file a bug: the Export button on Reports opens a blank page. Attach a screenshot so the devs believe me.",
  prod([(PW_NAV, "playwright.browser_click", "playwright.browser_take_screenshot"),
        ("devtools.navigate_page", "devtools.click", "devtools.take_screenshot")],
       [A + "jira_create_issue", "github.create_issue"])),
 # 8 Sam, founder
 ("founder", "r we down??",
  alt("fetch.fetch", PW_NAV, "grafana.list_alert_groups", "grafana.list_incidents", "kubernetes.kubectl_get",
      "sentry.search_issues")),
 ("founder", "I want one paragraph on what everyone worked on this week for the investor update",
  alt("git.git_log", "github.list_commits", "github.list_pull_requests", A + "jira_search")),
 ("founder", "investors keep asking about uptime. What was it in November?",
  alt("grafana.query_prometheus", ["grafana.search_dashboards", "grafana.get_dashboard_summary"])),
 ("founder", "is our open-source repo getting any traction? stars, issues, that kind of thing",
  alt("github.search_repositories")),
 # 9 Ana, translator
 ("translator", "As strings novas do app ainda não estão no pt-BR.json. Dá pra ver o que está faltando em relação ao en.json?",
  alt("filesystem.read_multiple_files", "filesystem.read_text_file", "filesystem.read_file",
      "desktop.read_multiple_files", "desktop.read_file", "serena.read_file")),
 ("translator", "the German checkout button says Einkaufswagen but everywhere else we say Warenkorb, please make it consistent",
  alt(["filesystem.read_text_file", "filesystem.edit_file"], ["filesystem.read_file", "filesystem.edit_file"],
      ["desktop.read_file", "desktop.edit_block"], ["serena.search_for_pattern", "serena.replace_content"],
      "serena.replace_in_files")),
 ("translator", "Preciso entregar a tradução até sexta às 18h de Lisboa — que horas são isso em São Paulo?", CONV),
 ("translator", "what does idempotent mean in plain words? I have to translate it for the help center", []),
 # 10 Helen, on-call SRE's manager
 ("sre-mgr", "my on-call engineer got paged three times last night. What was going on?",
  alt("grafana.list_alert_groups", "grafana.list_incidents", ["grafana.list_alert_groups", "grafana.get_alert_group"])),
 ("sre-mgr", "the payments pods keep restarting, do I need to wake someone up?",
  alt(["kubernetes.kubectl_get", "kubernetes.kubectl_logs"], ["kubernetes.kubectl_describe", "kubernetes.kubectl_logs"],
      ["kubernetes.kubectl_get", "kubernetes.kubectl_describe"])),
 ("sre-mgr", "We need a postmortem page for Tuesday's outage with the timeline in it, the usual place for postmortems is Confluence.",
  prod(["grafana.list_incidents", "grafana.get_incident", "grafana.get_annotations"], [A + "confluence_create_page"])),
 ("sre-mgr", "who's on call this weekend?",
  alt(["grafana.list_oncall_schedules", "grafana.get_oncall_shift"])),
 # 11 Aino, customer success
 ("cs", "Asiakas kysyy, milloin CSV-viennin korjaus julkaistaan. Onko siitä tiketti Jirassa?",
  alt(A + "jira_search")),
 ("cs", "so our biggest customer, the logistics one, emailed again this morning saying the dashboard has been really slow ever since the last update, like ten seconds to load the shipments view, and their ops lead is getting impatient. No idea if it is their network or us, but I have a call with them at two and I would love to say something smarter than we are looking into it",
  alt("grafana.query_prometheus", "grafana.search_tempo_traces", "sentry.search_events",
      ["devtools.navigate_page", "devtools.performance_start_trace", "devtools.performance_stop_trace"])),
 ("cs", "Voitko tarkistaa, toimiiko kirjautumissivu nyt?",
  alt(PW_NAV, "devtools.navigate_page", "devtools.new_page", "fetch.fetch")),
 ("cs", "remember that the Nordea account prefers emails in Finnish, so we don't get it wrong again",
  alt("memory.create_entities", "memory.add_observations", ["memory.search_nodes", "memory.add_observations"])),
 # 12 Bence, finance
 ("finance", "A felhőszámla novemberben megugrott. Mi fut feleslegesen a clusterben?",
  alt("kubernetes.kubectl_get", "kubernetes.kubectl_generic")),
 ("finance", "i need a list of the paid tools we got, the invoces are PDFs in the Invoices folder",
  alt("filesystem.list_directory", "filesystem.search_files", "desktop.list_directory", "serena.list_dir",
      "filesystem.directory_tree")),
 ("finance", "Mennyi az idő most Budapesten és Szingapúrban?", NOW),
 ("finance", "update the budget table in Notion with the new AWS number, 4 120 EUR for November",
  alt(["notion.API-post-search", "notion.API-query-data-source", "notion.API-patch-page"],
      ["notion.API-post-search", "notion.API-get-block-children", "notion.API-update-a-block"],
      ["notion.API-post-search", "notion.API-update-page-markdown"])),
 # 13 Noa, legal
 ("legal", "אנחנו צריכים לדעת באילו רישיונות משתמשות הספריות בפרויקט, ובמיוחד אם יש משהו GPL",
  alt("serena.search_for_pattern", "desktop.start_search", "desktop.start_process", "serena.execute_shell_command",
      ["filesystem.search_files", "filesystem.read_multiple_files"])),
 ("legal", "is any customer email address ending up in our error tracker?",
  alt("sentry.search_events", "sentry.search_issues")),
 ("legal", "the privacy policy page — when was it last changed, and by whom?",
  alt("git.git_log", "github.list_commits")),
 ("legal", "copy our DPA template into a new Confluence page for the Contoso deal",
  prod(READ, [A + "confluence_create_page"])
  + alt([A + "confluence_search", A + "confluence_copy_page"],
        [A + "confluence_list_page_templates", A + "confluence_create_page_from_template"])),
 # 14 Somchai, marketing
 ("marketing", "หน้า landing page ใหม่โหลดช้ามากบนมือถือ ช่วยดูหน่อยว่าเพราะอะไร",
  prod(DT_NAV, ["devtools.emulate"], ["devtools.performance_start_trace"], ["devtools.performance_stop_trace"])),
 ("marketing", "the blog post about v3 has a broken link somewhere",
  alt("fetch.fetch", [PW_NAV, "playwright.browser_evaluate"], ["devtools.navigate_page", "devtools.evaluate_script"])),
 ("marketing", "what's the meta description on our homepage right now?",
  alt("fetch.fetch", [PW_NAV, "playwright.browser_evaluate"], ["devtools.navigate_page", "devtools.evaluate_script"])),
 ("marketing", "full-page screenshot of the new features page for the newsletter, please",
  prod([PW_NAV], ["playwright.browser_take_screenshot"]) + prod(DT_NAV, ["devtools.take_screenshot"])),
 # 15 Grace, technical writer
 ("writer", "the docs say client.connect(timeout) but I think that parameter got renamed. what's it called now in our code?",
  alt("serena.find_symbol", "serena.search_for_pattern", "desktop.start_search")),
 ("writer", "I want the official way to explain React Server Components for our tutorial, not some blog's version",
  alt(["context7.resolve-library-id", "context7.query-docs"], "fetch.fetch")),
 ("writer", "the changelog for 2.4 is missing. can you draft it from what got merged?",
  prod(["git.git_log", "github.list_pull_requests", "github.list_commits"], WRITE)),
 ("writer", "move the Getting started page from Notion over to Confluence, we're consolidating",
  prod([("notion.API-post-search", "notion.API-retrieve-page-markdown"),
        ("notion.API-post-search", "notion.API-get-block-children")], [A + "confluence_create_page"])),
 # 16 Marcus, recruiter
 ("recruiter", "I'm writing a job ad for a backend engineer. What frameworks does our backend actually use?",
  FIND_READ + alt("github.get_file_contents")),
 ("recruiter", "who were the most active contributors on the main repo this year? I want to nominate someone for the award",
  alt("git.git_log", "github.list_commits")),
 ("recruiter", "write me a warm two-line welcome message for new hires", []),
 ("recruiter", "onboarding checklist for the new QA hire: laptop, accounts, buddy, first-week demo. Put them as tasks in Jira under ONB.",
  alt(A + "jira_batch_create_issues", A + "jira_create_issue")),
 # 17 Inês, operations coordinator
 ("ops", "when did we last deploy to production?",
  alt("kubernetes.kubectl_rollout", "kubernetes.kubectl_describe", "sentry.find_releases", "grafana.get_annotations")),
 ("ops", "standup moves to 9:30 Helsinki time from Monday, tell me what that is for the people in Lisbon and Manila", CONV),
 ("ops", "the old SUPPORT board is full of tickets that were done but never closed. close them.",
  prod([A + "jira_search", A + "jira_get_project_issues"], [A + "jira_get_transitions"], [A + "jira_transition_issue"])),
 ("ops", "is the nightly build green?",
  alt("desktop.start_process", "serena.execute_shell_command")),
 # 18 Ben, community manager
 ("community", "someone on our Discord says the install command in the README doesn't work",
  prod(READ + ["github.get_file_contents"], ["desktop.start_process", "serena.execute_shell_command"])),
 ("community", "reply on the GitHub issue about the Windows installer and say the fix ships next week",
  prod(["github.search_issues", "github.list_issues"], ["github.add_issue_comment"])),
 ("community", "liste the good first isues so I can share them in the newsletter",
  alt("github.list_issues", "github.search_issues")),
 ("community", "explain what a pull request is like I'm five", []),
 # 19 Fatima, security officer
 ("security", "did anyone commit a password or an API key to the repo lately?",
  alt(["git.git_log", "git.git_show"], ["git.git_log", "git.git_diff"], "github.search_code", "serena.search_for_pattern")),
 ("security", "which of our services can be reached from the internet?",
  alt("kubernetes.kubectl_get", "kubernetes.kubectl_generic")),
 ("security", "For the audit I need a record of who approved the last three production deploys, the merges into main.",
  alt(["github.list_pull_requests", "github.get_pull_request_reviews"])),
 ("security", "when does the TLS certificate on staging expire?",
  alt("desktop.start_process", "serena.execute_shell_command", "kubernetes.kubectl_get", "kubernetes.kubectl_describe")),
 # 20 Jorge, account executive
 ("account-exec", "Acme's trial ends Friday and they say the SSO setup page errors out. I can't lose this one.",
  alt("sentry.search_issues", "sentry.search_events", [PW_NAV, "playwright.browser_console_messages"],
      ["devtools.navigate_page", "devtools.list_console_messages"])),
 ("account-exec", "send me the link to the latest release notes so I can forward them to the client",
  alt("fetch.fetch", "github.get_file_contents", A + "confluence_search")),
 ("account-exec", "the Osaka team proposed 4pm their time, what's that for me in Chicago?", CONV),
 ("account-exec", "The demo data on demo.ourapp.com looks wrong, every chart is empty",
  alt([PW_NAV, "playwright.browser_network_requests"], [PW_NAV, "playwright.browser_console_messages"],
      ["devtools.navigate_page", "devtools.list_network_requests"], ["devtools.navigate_page", "devtools.list_console_messages"])),
]

def main():
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "real-mcp-fresh12.jsonl"), "w", encoding="utf-8") as f:
        for n, (persona, text, gold) in enumerate(I, 1):
            f.write(json.dumps({"id": "rm12-%03d" % n, "intent": text, "gold_any": gold}, ensure_ascii=False) + "\n")
    print(len(I), "intents")

if __name__ == "__main__":
    main()
