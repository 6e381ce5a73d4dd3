#!/usr/bin/env python3
"""Generator for real-mcp-outcomes.jsonl (DEV set). Data inline; rewrites the file byte for byte."""
import itertools, json, os

def P(*blocks):
    """Cross product of alternative blocks: each result set is the union of one pick per block."""
    out = []
    for combo in itertools.product(*blocks):
        s = []
        for part in combo:
            for t in part:
                if t not in s:
                    s.append(t)
        if s not in out:
            out.append(s)
    return out

def U(*blocks):
    out = []
    for b in blocks:
        for s in b:
            if s not in out:
                out.append(list(s))
    return out

# building blocks (alternatives)
ERR = [["sentry.search_issues"]]
LOGS = [["grafana.query_loki_logs"], ["kubernetes.kubectl_logs"]]
ERR_OR_LOGS = [["sentry.search_issues"], ["grafana.query_loki_logs"], ["kubernetes.kubectl_logs"]]
CODEREAD = [["serena.search_for_pattern", "serena.read_file"],
            ["filesystem.search_files", "filesystem.read_text_file"],
            ["desktop.start_search", "desktop.read_file"]]
CODEFIX = [["serena.search_for_pattern", "serena.read_file", "serena.replace_content"],
           ["filesystem.search_files", "filesystem.read_text_file", "filesystem.edit_file"],
           ["desktop.start_search", "desktop.read_file", "desktop.edit_block"]]
BROWSE = [["playwright.browser_navigate", "playwright.browser_snapshot"],
          ["devtools.navigate_page", "devtools.take_snapshot"]]
BROWSE_NET = [["playwright.browser_navigate", "playwright.browser_network_requests"],
              ["devtools.navigate_page", "devtools.list_network_requests"]]
SCREENSHOT = [["playwright.browser_navigate", "playwright.browser_take_screenshot"],
              ["devtools.navigate_page", "devtools.take_screenshot"]]
MOBILE = [["playwright.browser_navigate", "playwright.browser_resize", "playwright.browser_take_screenshot"],
          ["devtools.navigate_page", "devtools.emulate", "devtools.take_screenshot"],
          ["devtools.navigate_page", "devtools.resize_page", "devtools.take_screenshot"]]
FETCH = U([["fetch.fetch"]], BROWSE)
HISTORY = [["git.git_log"], ["github.list_commits"]]
DOC_FIND = [["atlassian.confluence_search", "atlassian.confluence_get_page"],
            ["notion.API-post-search", "notion.API-retrieve-page-markdown"]]
DOC_EDIT = [["atlassian.confluence_search", "atlassian.confluence_get_page", "atlassian.confluence_update_page"],
            ["atlassian.confluence_search", "atlassian.confluence_get_page", "atlassian.confluence_update_page_section"],
            ["notion.API-post-search", "notion.API-retrieve-page-markdown", "notion.API-update-page-markdown"]]
DOC_CREATE = [["atlassian.confluence_create_page"], ["notion.API-post-page"]]
MEM_SAVE = [["memory.create_entities"], ["memory.add_observations"]]
WRITE = [["filesystem.write_file"], ["desktop.write_file"], ["serena.create_text_file"]]

# (person, intent, gold_any)
ITEMS = [
 # P01 Maria, customer of an online shop
 ("P01", "I never got the password reset email. Tried 3 times since this morning, checked spam too.", P(ERR, LOGS)),
 ("P01", "your checkout page just spins forever when I click Pay — https://shop.example.com/checkout", P(BROWSE_NET, ERR)),
 ("P01", "Why was I charged twice for order 55812??", LOGS),
 ("P01", "the site looks broken on my phone, the menu covers everything", MOBILE),
 # P02 Tom, finance controller
 ("P02", "The monthly revenue export for November is missing the last two days. Need it fixed before the board pack goes out Friday.", P(LOGS, CODEFIX)),
 ("P02", "Can someone tell me when the invoice numbering changed? Auditors are asking why we skipped from INV-2041 to INV-2100.",
  P([["serena.search_for_pattern"], ["desktop.start_search"], ["github.search_code"]], [["git.git_log", "git.git_show"], ["github.list_commits"]])),
 ("P02", "VAT shows 19% on Austrian customers, it should be 20%. Please correct.", CODEFIX),
 # P03 Aylin, HR manager
 ("P03", "Yeni başlayanlar için onboarding sayfası hâlâ geçen yılın izin politikasını gösteriyor, lütfen güncelleyin.", DOC_EDIT),
 ("P03", "Need a list of everyone who still has access to the payroll project even though they left the company last month.",
  [["atlassian.jira_search_assignable_users"], ["atlassian.confluence_get_space_permissions"]]),
 ("P03", "Please remember that Deniz from payroll is on parental leave until March, so don't assign her anything.", MEM_SAVE),
 ("P03", "When is 9am Istanbul time for our Vancouver colleagues? We're planning the all-hands.", [["time.convert_time"]]),
 # P04 Jens, marketing
 ("P04", "Die Landingpage für die Winteraktion lädt ewig, bitte bis Montag beheben.",
  [["devtools.navigate_page", "devtools.performance_start_trace", "devtools.performance_stop_trace"],
   ["devtools.navigate_page", "devtools.lighthouse_audit"],
   ["playwright.browser_navigate", "playwright.browser_network_requests"]]),
 ("P04", "The newsletter signup form says 'success' but nobody new shows up in our subscriber list.",
  P([["playwright.browser_navigate", "playwright.browser_fill_form", "playwright.browser_network_requests"],
     ["devtools.navigate_page", "devtools.fill_form", "devtools.list_network_requests"]], ERR_OR_LOGS)),
 ("P04", "Can you check what our competitor changed on their pricing page this week? acme-analytics.com/pricing", FETCH),
 ("P04", "Alle Bilder im Blog-Artikel von gestern sind kaputt.", BROWSE_NET),
 # P05 Sofia, legal counsel
 ("P05", "We need to know which open-source licenses our product ships with, before the acquisition due diligence on the 15th.",
  [["serena.find_file", "serena.read_file"], ["filesystem.search_files", "filesystem.read_multiple_files"],
   ["desktop.start_search", "desktop.read_multiple_files"], ["github.search_code", "github.get_file_contents"]]),
 ("P05", "The privacy policy link in the footer goes to a 404.", P(BROWSE, CODEFIX)),
 ("P05", "Please make sure the cookie banner really blocks tracking until someone clicks accept. A regulator has asked us.", BROWSE_NET),
 ("P05", "Who approved the change to the data-retention wording in our terms, and when?",
  [["git.git_log", "github.get_pull_request_reviews"], ["github.list_commits", "github.get_pull_request_reviews"],
   ["github.search_issues", "github.get_pull_request_reviews"]]),
 # P06 Raj, operations manager
 ("P06", "Orders are stuck in 'processing' since around 2am.", P(LOGS, ERR)),
 ("P06", "The warehouse dashboard has been showing zeros all morning.",
  [["grafana.search_dashboards", "grafana.get_dashboard_panel_queries", "grafana.query_prometheus"],
   ["grafana.search_dashboards", "grafana.check_datasources_health"]]),
 ("P06", "we keep getting paged about the payment service restarting, what's going on",
  [["kubernetes.kubectl_describe", "kubernetes.kubectl_logs"], ["kubernetes.kubectl_get", "kubernetes.kubectl_logs"]]),
 ("P06", "Is everything healthy before the Black Friday traffic? Need a yes/no by 4pm.",
  [["kubernetes.kubectl_get", "grafana.alerting_rules_read"], ["kubernetes.kubectl_get", "grafana.query_prometheus"],
   ["kubernetes.kubectl_get", "grafana.list_alert_groups"]]),
 # P07 Keiko, sales rep
 ("P07", "デモ環境にログインできません。明日の午前中に顧客デモがあります。",
  P([["playwright.browser_navigate", "playwright.browser_fill_form", "playwright.browser_click"],
     ["devtools.navigate_page", "devtools.fill_form", "devtools.click"]], ERR_OR_LOGS)),
 ("P07", "A prospect says the PDF quote they downloaded from us is completely blank.", P(ERR, CODEREAD)),
 ("P07", "Can I get a short summary of what shipped this quarter that I can tell customers?",
  [["git.git_log"], ["github.list_commits"], ["github.list_pull_requests"], ["atlassian.jira_search"], ["sentry.find_releases"]]),
 ("P07", "Customer in Sydney wants a call at 10am their time on Tuesday. What's that for me in Osaka?", [["time.convert_time"]]),
 # P08 Mr Okafor, teacher using the product
 ("P08", "My students can't submit their homework, the upload button is greyed out.", P(BROWSE, CODEREAD)),
 ("P08", "grades I entered yesterday disappeared", ERR_OR_LOGS),
 ("P08", "Could the class report list students by surname instead of first name? Parents' evening is Thursday.", CODEFIX),
 ("P08", "Kids in 7B can see the quiz answers of another class!! Please look at this urgently.", CODEREAD),
 # P09 Lucia, shop owner
 ("P09", "Mi tienda no muestra los precios con descuento aunque los configuré ayer.", P(BROWSE, CODEREAD)),
 ("P09", "customers say they cant pay with Apple Pay anymore", [["sentry.search_issues"], ["sentry.search_events"], ["grafana.query_loki_logs"]]),
 ("P09", "Shipping to the Canary Islands is charged at the mainland rate, that's wrong.", CODEFIX),
 ("P09", "¿Me pueden avisar cuando esté arreglado lo de los descuentos?",
  [["atlassian.jira_search", "atlassian.jira_add_watcher"], ["atlassian.jira_search", "atlassian.jira_add_comment"],
   ["github.search_issues", "github.add_issue_comment"]]),
 # P10 Dave, customer support lead
 ("P10", "We've had 40 tickets today about people getting logged out every few minutes.", P(ERR_OR_LOGS, CODEREAD)),
 ("P10", "Please turn this week's top 5 customer complaints into tasks for the dev team.",
  [["atlassian.jira_search", "atlassian.jira_batch_create_issues"], ["atlassian.jira_search", "atlassian.jira_create_issue"],
   ["atlassian.jira_get_queue_issues", "atlassian.jira_batch_create_issues"], ["github.search_issues", "github.create_issue"]]),
 ("P10", "Customers keep asking whether the mobile app works offline. Is there a proper answer I can give them?",
  U(DOC_FIND, [["serena.search_for_pattern"], ["github.search_code"]])),
 ("P10", "Thanks so much, that's all for today!", []),
 # P11 Priya, product manager
 ("P11", "What's blocking the mobile release? I need to tell leadership by end of day.", [["atlassian.jira_search"], ["github.search_issues"]]),
 ("P11", "Make a page for the Q1 roadmap with the epics we agreed on in planning.", P([["atlassian.jira_search"]], DOC_CREATE)),
 ("P11", "How many users actually used the new search since launch?",
  [["grafana.list_prometheus_metric_names", "grafana.query_prometheus"], ["grafana.search_dashboards", "grafana.get_dashboard_summary"],
   ["sentry.search_events"]]),
 ("P11", "Please split the 'Improve onboarding' story into smaller pieces the team can estimate.",
  [["atlassian.jira_search", "atlassian.jira_batch_create_issues"], ["atlassian.jira_get_issue", "atlassian.jira_batch_create_issues"],
   ["atlassian.jira_get_issue", "atlassian.jira_create_issue"]]),
 # P12 Nadia, app user
 ("P12", "app crashes every time I open my profile picture",
  [["sentry.search_issues", "sentry.search_issue_events"], ["sentry.search_issues", "sentry.analyze_issue_with_seer"],
   ["sentry.search_issues", "sentry.get_sentry_resource"]]),
 ("P12", "Notifications arrive hours late", [["grafana.query_prometheus"], ["grafana.query_loki_logs"], ["kubernetes.kubectl_logs"]]),
 ("P12", "I changed my email address but I still get mails at the old one", P(LOGS, CODEREAD)),
 ("P12", "login with google doesnt work", ERR_OR_LOGS),
 # P13 Olivier, CFO
 ("P13", "Nos coûts cloud ont doublé ce mois-ci. Je veux comprendre pourquoi avant le comité de jeudi.",
  [["kubernetes.kubectl_get", "grafana.query_prometheus"], ["kubernetes.kubectl_generic", "grafana.query_prometheus"]]),
 ("P13", "The currency conversion on invoices uses yesterday's exchange rate; it has to be the rate at the time of the invoice.", CODEFIX),
 ("P13", "Combien de temps le site a-t-il été indisponible le mois dernier ? Il me faut le chiffre pour le contrat SLA.",
  [["grafana.query_prometheus"], ["grafana.list_incidents"], ["grafana.get_annotations"]]),
 ("P13", "Bonjour, merci beaucoup pour votre aide d'hier, tout fonctionne.", []),
 # P14 Grace, office manager
 ("P14", "The meeting-room booking page shows Tuesday's bookings under Monday.", P(BROWSE, CODEFIX)),
 ("P14", "Could you put together a one-page guide for new starters on getting wifi and printer access?", DOC_CREATE),
 ("P14", "What does 'clear your cache' mean? IT told me to do it.", []),
 # P15 Ben, data analyst
 ("P15", "The numbers on the sales dashboard don't match the spreadsheet finance sent me. Which one is right?",
  P([["filesystem.read_text_file"], ["desktop.read_file"]],
    [["grafana.search_dashboards", "grafana.get_dashboard_panel_queries", "grafana.query_prometheus"]])),
 ("P15", "the nightly import job didn't run",
  [["kubernetes.kubectl_get", "kubernetes.kubectl_logs"], ["kubernetes.kubectl_describe", "kubernetes.kubectl_logs"]]),
 ("P15", "I need last week's signups by country as a CSV, by tomorrow.", P([["grafana.query_prometheus"], ["grafana.query_loki_logs"]], WRITE)),
 ("P15", "Why is the conversion rate on the dashboard over 100%?",
  [["grafana.search_dashboards", "grafana.get_dashboard_panel_queries"], ["grafana.search_dashboards", "grafana.get_dashboard_by_uid"]]),
 # P16 Hannah, student
 ("P16", "I can't see my course materials since the update", P(BROWSE, ERR_OR_LOGS)),
 ("P16", "sign up says 'email already in use' but I never made an account", P(ERR_OR_LOGS, CODEREAD)),
 ("P16", "dark mode makes the text unreadble on the quiz page",
  P([["playwright.browser_navigate", "playwright.browser_emulate_media", "playwright.browser_take_screenshot"],
     ["devtools.navigate_page", "devtools.emulate", "devtools.take_screenshot"]], CODEFIX)),
 # P17 Carlos, restaurant owner
 ("P17", "My online menu still shows the dishes I removed last week.", P(BROWSE, ERR_OR_LOGS)),
 ("P17", "Reservations for Saturday didn't come through to my tablet.", ERR_OR_LOGS),
 ("P17", "Could you add gluten-free labels to the menu items? I sent you the list last Tuesday.",
  P([["memory.search_nodes"], ["notion.API-post-search"], ["atlassian.jira_search"]], CODEFIX)),
 # P18 Wei, enterprise customer
 ("P18", "Since your update on Tuesday our reports export in the wrong timezone.", P(HISTORY, CODEFIX)),
 ("P18", "We were promised SSO by the end of the month. Is it on track?", [["atlassian.jira_search"], ["github.search_issues"]]),
 ("P18", "Your status page says all green but we can't load anything.",
  [["kubernetes.kubectl_get", "grafana.query_prometheus"], ["kubernetes.kubectl_get", "kubernetes.kubectl_logs"],
   ["grafana.query_loki_logs", "grafana.query_prometheus"]]),
 # P19 Emma, event planner
 ("P19", "Registration for the conference must close at midnight Lisbon time. Please make sure the form actually closes then.",
  P([["time.convert_time"], ["time.get_current_time"]], CODEFIX)),
 ("P19", "Attendees from Japan say the ticket page shows prices in dollars.", CODEFIX),
 ("P19", "Can you note on the event page that the venue changed to Hall B? Everyone keeps asking me.", DOC_EDIT),
 ("P19", "Thanks, the form closes correctly now 👍", []),
 # P20 Lars, journalist
 ("P20", "The article I scheduled for 8am went live at 7.", P(LOGS, CODEREAD)),
 ("P20", "Somebody changed my headline on the published story. I want to know who.", U(LOGS, [["git.git_log", "git.git_diff"]])),
 ("P20", "Artikeln visar fel författare.", P(BROWSE, CODEREAD)),
 # P21 Fatima, researcher uploading data
 ("P21", "My dataset upload fails at 99% every time. It's about 4 GB.", P(LOGS, [["kubernetes.kubectl_get"], ["kubernetes.kubectl_describe"]])),
 ("P21", "Where is it explained how the API rate limits work? My scripts keep getting blocked.",
  [["atlassian.confluence_search", "atlassian.confluence_get_page"], ["notion.API-post-search", "notion.API-retrieve-page-markdown"],
   ["serena.search_for_pattern", "serena.read_file"], ["github.search_code", "github.get_file_contents"]]),
 ("P21", "please keep a note that my project deadline is 30 January, so requests from my team get priority", MEM_SAVE),
 # P22 Kofi, parent using the school app
 ("P22", "I get two copies of every school newsletter email", P(LOGS, CODEREAD)),
 ("P22", "The app says my daughter was absent on Monday but she was there.",
  [["kubernetes.exec_in_pod"], ["grafana.query_loki_logs"], ["kubernetes.kubectl_logs"]]),
 ("P22", "Password reset link says expired even when I click it right away", P(LOGS, CODEFIX)),
 # P23 Ines, designer
 ("P23", "The new logo looks blurry on the homepage on retina screens.", P(SCREENSHOT, CODEFIX)),
 ("P23", "Buttons on the signup page still use the old brand colour, please switch them to #1E5EFF.",
  U(CODEFIX, [["serena.search_for_pattern", "serena.replace_in_files"]])),
 ("P23", "Can I see what the pricing page looks like on a small phone before we launch?", MOBILE),
 # P24 Sam, recruiter
 ("P24", "The careers page still lists the Berlin job we filled in October.", CODEFIX),
 ("P24", "Candidates say the apply button does nothing.",
  [["playwright.browser_navigate", "playwright.browser_click", "playwright.browser_console_messages"],
   ["devtools.navigate_page", "devtools.click", "devtools.list_console_messages"]]),
 ("P24", "Can you make a checklist in our team space for interviewing backend engineers?", DOC_CREATE),
 # P25 Yusuf, client services director
 ("P25", "Client says the weekly report email has last month's figures in it.",
  P([["kubernetes.kubectl_get", "kubernetes.kubectl_logs"], ["grafana.query_loki_logs"]], CODEREAD)),
 ("P25", "Need to know if we were affected by that big npm package compromise in the news this week.",
  P([["fetch.fetch"]], [["serena.search_for_pattern"], ["filesystem.search_files", "filesystem.read_text_file"],
                        ["desktop.start_search"], ["github.search_code"]])),
 ("P25", "what version is live right now?", [["kubernetes.kubectl_get"], ["kubernetes.kubectl_describe"], ["sentry.find_releases"]]),
 ("P25", "Make sure the on-call team sees the report problem on their board so it doesn't get lost.", [["atlassian.jira_create_issue"]]),
]

def main():
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "real-mcp-outcomes.jsonl"), "w", encoding="utf-8", newline="\n") as f:
        for i, (_, intent, gold) in enumerate(ITEMS, 1):
            f.write(json.dumps({"id": "rmo-%03d" % i, "intent": intent, "gold_any": gold}, ensure_ascii=False) + "\n")

if __name__ == "__main__":
    main()
