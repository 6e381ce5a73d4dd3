#!/usr/bin/env python3
"""Regenerates livemcpbench-fresh12.jsonl byte-for-byte (data inline). Standard library only.
Same personas as gen_real_mcp.py, three requests each."""
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

FS = "filesystem-mcp-server."
DC = "desktop-commander-mcp."
TE = "mcp-text-editor-server."
SD = "simple-document-processing-mcp-server."
PPT = "office-powerpoint-mcp-server."
WORD = "office-word-mcp-server."
PW = "playwright-mcp-server."
PUP = "puppeteer."
CH = "mcp-server-chart."
KG = "knowledge-graph-memory-server."
NPM = "npm-sentinel-mcp."
C7 = "context7-mcp-up-to-date-code-docs-for-any-prompt."
TIME = "time-mcp-server."
OSM = "openstreetmap-osm-mcp-server."
RND = "random-number-mcp."
TXT_READ = [FS + "read_file", DC + "read_file", TE + "get_text_file_contents"]
XLS_READ = ["excel-mcp-server.excel_read_sheet", SD + "excel_read"]
CSV_READ = TXT_READ + [SD + "document_reader"]
DECK = (PPT + "create_presentation", PPT + "add_slide", PPT + "save_presentation")
EXCH = alt("exchange-rate-mcp-server.exchange_rate")

I = [
 # pm
 ("pm", "I present the Q4 roadmap on Monday and all I have is roadmap.xlsx. Can that become slides?",
  prod(XLS_READ, [DECK])),
 ("pm", "what are people on Hacker News saying about AI coding assistants this week? it's for the competitor section",
  alt(["hacker-news-mcp-server.search", "hacker-news-mcp-server.getStoryWithComments"],
      ["hacker-news-mcp-server.search", "hacker-news-mcp-server.getComments"])),
 ("pm", "the team wants the feature ideas from ideas.md as a mind map for the offsite wall",
  prod(TXT_READ, ["mindmap-mcp-server.convert_markdown_to_mindmap", CH + "generate_mind_map"])),
 # support
 ("support", "customer sent their invoice as a PDF and says the VAT number on page 2 is wrong",
  alt("pdf-reader-mcp-server.read_pdf", SD + "document_reader")),
 ("support", "a user in Madrid pays in euros, how much is our 49 dollar plan for her?", EXCH),
 ("support", "customer asks if acme-tools.io is really us or a phishing site", alt("whois-mcp.whois_domain")),
 # analyst
 ("analyst", "turn the monthly signups in signups.xlsx into a line chart for the board",
  prod(XLS_READ, [CH + "generate_line_chart"])),
 ("analyst", "I need last quarter's revenue for Datadog and Snowflake to put next to ours",
  alt("mcp-yahoo-finance.get_income_statement",
      "investor-agent-a-financial-analysis-mcp-server.get_financial_statements",
      "yahoo-finance-mcp-server.get_ticker_info")),
 ("analyst", "is there a public dataset on US broadband coverage I could join with our customer list?",
  alt("data-gov-mcp-server.package_search")),
 # designer
 ("designer", "need a calendar icon in the same style as the rest of our Hugeicons set",
  alt("hugeicons-mcp-server.search_icons")),
 ("designer", "what does the Ant Design date range picker look like out of the box? I want our mockup to match",
  alt("ant-design-components-mcp-service.get-component-docs", "ant-design-components-mcp-service.list-component-examples")),
 ("designer", "something with a shimmer for the launch banner, like those fancy animated headlines",
  alt("magicuidesign-mcp.getTextAnimations", "magicuidesign-mcp.getButtons", "magicuidesign-mcp.getSpecialEffects")),
 # sales engineer
 ("sales-eng", "the prospect runs Spring Boot 2.7, what's the newest spring-boot-starter-web they could move to?",
  alt("maven-dependencies-mcp-server.get_latest_release", "maven-dependencies-mcp-server.list_maven_versions")),
 ("sales-eng", "Is react-query still mantained? the client is nervous about picking it",
  alt(NPM + "npmMaintenance", NPM + "npmDeprecated", NPM + "npmRepoStats", NPM + "npmQuality", NPM + "npmScore",
      NPM + "npmMaintainers")),
 ("sales-eng", "customer's security team wants our architecture as a diagram, can you check that this mermaid one actually renders?",
  alt("mcp-server-mermaid-validator.validateMermaid")),
 # office manager
 ("office", "Нужно купить билеты на поезд из Пекина в Шанхай на 12 декабря для двух коллег. Какие есть поезда?",
  alt(["12306-mcp.get-station-code-of-citys", "12306-mcp.get-tickets"],
      ["12306-mcp.get-stations-code-in-city", "12306-mcp.get-tickets"])),
 ("office", "we're doing the offsite in Lisbon in March, find a place for 8 people with a proper kitchen",
  alt(["airbnb-mcp-server.airbnb_search", "airbnb-mcp-server.airbnb_listing_details"])),
 ("office", "Will it rain in Amsterdam on Thursday? we planned the team picnic",
  alt("mcp-weather-free.get_weather_by_city", ["openstreetmap-osm-mcp-server.geocode_address", "mcp-weather-free.get_weather"])),
 # qa
 ("qa", "Η σελίδα checkout στο staging βγάζει λευκή οθόνη. Μπορείς να τραβήξεις ένα screenshot για το ticket;",
  alt([PW + "playwright_navigate", PW + "playwright_screenshot"], [PUP + "puppeteer_navigate", PUP + "puppeteer_screenshot"])),
 ("qa", "we need 50 random birthdays between 1950 and 2008 for the signup form test data",
  alt(RND + "random_int", RND + "random_choices", RND + "random_sample")),
 ("qa", "does the sitemap of the marketing site list the new pages yet?",
  alt("sitemap-mcp-server.get_sitemap_pages", "sitemap-mcp-server.get_sitemap_tree")),
 # founder
 ("founder", "how is Atlassian doing this year? I'm thinking about valuation multiples for our round",
  alt("yahoo-finance-mcp-server.get_ticker_info", "investor-agent-a-financial-analysis-mcp-server.get_ticker_data")),
 ("founder", "what's trending on GitHub in Rust this week, anything that competes with us?",
  alt("mcp-github-trending-mcp-server.get_github_trending_repositories")),
 ("founder", "bitcoin vs eth this month, a few of our investors are crypto people",
  alt("crypto-price-market-analysis-mcp-server.get-historical-analysis")),
 # translator
 ("translator", "Tenho um contrato em .docx em inglês e preciso do texto pra traduzir.",
  alt(WORD + "get_document_text", SD + "document_reader")),
 ("translator", "what does mise en place mean exactly and where does it come from? it's for the recipe blog translation",
  alt("wikipedia-mcp-server.get_summary", "wikipedia-mcp-server.search_wikipedia", "wikipedia-mcp-server.get_article",
      "duckduckgo-search-mcp-server.duckduckgo_web_search")),
 ("translator", "how do you say good morning in Japanese, polite form?", []),
 # sre manager
 ("sre-mgr", "one of the containers on the build box is eating all the memory",
  alt("docker-mcp.list-containers", DC + "list_processes", DC + "start_process")),
 ("sre-mgr", "quick sanity check on the on-call budget: 3 engineers × 7 nights × 1.5 units × 42 EUR",
  alt("calculator-mcp-server.calculate")),
 ("sre-mgr", "I've been keeping an incident timeline in my head and in chat, I want it stored somewhere so next quarter's review can find it",
  alt("basic-memory.write_note", KG + "create_entities")),
 # customer success
 ("cs", "Asiakkaan sivun meta-kuvaus näkyy Googlessa väärin. Voitko tarkistaa mitä https://kauppa-esimerkki.fi sivulla oikeasti lukee?",
  alt("fetch-mcp-server.fetch", "mcp-npx-fetch.fetch_html", [PW + "playwright_navigate", PW + "playwright_get_visible_html"],
      [PUP + "puppeteer_navigate", PUP + "puppeteer_evaluate"])),
 ("cs", "remember that Kesko's contact is Liisa and she prefers Teams calls over email",
  alt(KG + "create_entities", KG + "add_observations", "basic-memory.write_note")),
 ("cs", "what time is it right now in Helsinki and in Vancouver?", alt(TIME + "get_current_time")),
 # finance
 ("finance", "Mennyi most 1000 euró forintban? A számlát HUF-ban kell kiállítani.", EXCH),
 ("finance", "I need Samsung Electronics' share price from KOSPI for the supplier review",
  alt("kospi-kosdaq-stock-server.get_stock_ohlcv", ["kospi-kosdaq-stock-server.load_all_tickers", "kospi-kosdaq-stock-server.get_stock_ohlcv"],
      "mcp-yahoo-finance.get_current_stock_price", "yahoo-finance-mcp-server.get_ticker_info")),
 ("finance", "put the vendor costs from costs.xlsx into a pie chart for the CFO",
  prod(XLS_READ, [CH + "generate_pie_chart"])),
 # legal
 ("legal", "האם החבילה lodash ברישיון MIT? אנחנו צריכים לאשר אותה",
  alt(NPM + "npmLicenseCompatibility", NPM + "npmLatest")),
 ("legal", "legal wants to know if LLM watermarking is a real research thing yet, find recent papers",
  alt("arxiv-mcp-server.search_papers", "mcp-simple-arxiv.search_papers")),
 ("legal", "turn our privacy-policy.md into a Word document for the outside lawyers",
  prod(TXT_READ, [(WORD + "create_document", WORD + "add_paragraph")])),
 # marketing
 ("marketing", "ช่วยสรุปวิดีโอเปิดตัวสินค้าของคู่แข่งให้หน่อย https://www.youtube.com/watch?v=8aGhZQkoFbQ",
  alt("youtube-transcript-server.get_transcript")),
 ("marketing", "whats hot on weibo n zhihu today? we launch in China next month",
  alt(["trends-hub.get-weibo-trending", "trends-hub.get-zhihu-trending"])),
 ("marketing", "grab all the images from the competitor's pricing page, I want to see how they present the tiers",
  prod(["mcp-npx-fetch.fetch_html", "fetch-mcp-server.fetch"], [SD + "html_extract_resources"])
  + alt([PW + "playwright_navigate", PW + "playwright_evaluate"], [PUP + "puppeteer_navigate", PUP + "puppeteer_evaluate"])),
 # writer
 ("writer", "how does caching in the Next.js app router work these days? our tutorial is from last year",
  alt([C7 + "resolve-library-id", C7 + "get-library-docs"], "deepwiki-mcp-server.deepwiki_fetch")),
 ("writer", "I need a diagram of the request flow for the docs: browser → API → queue → worker",
  alt(CH + "generate_flow_diagram", "mcp-server-mermaid-validator.validateMermaid")),
 ("writer", "what does the tokio repo say about graceful shutdown? I'm writing our guide on it",
  alt("deepwiki-mcp-server.deepwiki_fetch", [C7 + "resolve-library-id", C7 + "get-library-docs"])),
 # recruiter
 ("recruiter", "I need a few medium-level graph problems for the interview loop",
  alt("mcp-server-leetcode.search-problems")),
 ("recruiter", "the candidate lives in Potsdam, how long would the commute be to our office at Alexanderplatz?",
  prod([OSM + "geocode_address"], [OSM + "analyze_commute", OSM + "get_route_directions"])),
 ("recruiter", "turn the interview process for the new role into a task list so I don't skip a step",
  alt("mcp-taskmanager.request_planning")),
 # ops
 ("ops", "team dinner at the Chengdu offsite, what local dish could we cook together?",
  alt("howtocook-mcp-server.mcp_howtocook_getRecipeById", "howtocook-mcp-server.mcp_howtocook_getRecipesByCategory",
      "howtocook-mcp-server.mcp_howtocook_whatToEat", "howtocook-mcp-server.mcp_howtocook_getAllRecipes")),
 ("ops", "we need to pick a raffel winner out of 37 attendees, fairly",
  alt(RND + "random_int", RND + "secure_random_int", RND + "random_sample", RND + "random_choices")),
 ("ops", "in move.txt, mark 'book movers' as done, they confirmed for the 14th",
  alt([TE + "get_text_file_contents", TE + "edit_text_file_contents"], [FS + "read_file", FS + "edit_file"],
      [DC + "read_file", DC + "edit_block"])),
 # community
 ("community", "someone asked in our Discord which League of Legends champion is best for a total beginner, for our gaming night",
  alt("op-gg-mcp-server.lol-champion-meta-data", "op-gg-mcp-server.lol-champion-leader-board",
      "op-gg-mcp-server.lol-champion-analysis", "op-gg-mcp-server.lol-champion-positions-data")),
 ("community", "is Ash Blossom banned right now? for the community Yu-Gi-Oh tournament",
  alt("baige-ygocdb-com-mcp-server.search_cards")),
 ("community", "suggest a fun name for our lunchtime chess club", []),
 # security
 ("security", "who owns paypa1-billing.com? it keeps sending our finance team 'invoice' emails",
  alt("whois-mcp.whois_domain")),
 ("security", "explain what a CVE is so I can put it in one slide for the board", []),
 ("security", "what changed in the repository last week? the auditors want the log",
  alt("mcp-server-git-a-git-mcp-server.git_log")),
 # account exec
 ("account-exec", "a client in Seoul asked for a meeting Tuesday 10:00 their time, what is that in London?",
  alt(TIME + "convert_time")),
 ("account-exec", "Acme's QBR is next Thursday and I need a deck. Their usage numbers are in usage.csv that Dana exported: logins, active seats, API calls per month. Nothing fancy, a title slide, a slide with the numbers and a closing slide with next steps is plenty; I'll polish the wording myself.",
  prod(CSV_READ, [DECK])),
 ("account-exec", "look up any recent news on Acme Corp before my call at 3",
  alt("duckduckgo-search-mcp-server.duckduckgo_web_search", "bing-cn-mcp.bing_search")),
]

def main():
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "livemcpbench-fresh12.jsonl"), "w", encoding="utf-8") as f:
        for n, (persona, text, gold) in enumerate(I, 1):
            f.write(json.dumps({"id": "lmb12-%03d" % n, "intent": text, "gold_any": gold},
                               ensure_ascii=False) + "\n")
    print(len(I), "intents")

if __name__ == "__main__":
    main()
