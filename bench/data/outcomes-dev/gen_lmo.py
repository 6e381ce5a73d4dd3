#!/usr/bin/env python3
"""Generator for livemcpbench-outcomes.jsonl (DEV set). Data inline; rewrites the file byte for byte."""
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

PPT = "office-powerpoint-mcp-server."
WORD = "office-word-mcp-server."
OSM = "openstreetmap-osm-mcp-server."
BIO = "biomcp-biomedical-model-context-protocol."
FIN = "mcp-yahoo-finance."
YF = "yahoo-finance-mcp-server."
INV = "investor-agent-a-financial-analysis-mcp-server."
CHART = "mcp-server-chart."

FETCH = [["fetch-mcp-server.fetch"], ["mcp-npx-fetch.fetch_markdown"], ["mcp-npx-fetch.fetch_html"], ["mcp-npx-fetch.fetch_txt"],
         ["bing-cn-mcp.fetch_webpage"],
         ["playwright-mcp-server.playwright_navigate", "playwright-mcp-server.playwright_get_visible_text"],
         ["puppeteer.puppeteer_navigate", "puppeteer.puppeteer_evaluate"]]
WEBSEARCH = [["duckduckgo-search-mcp-server.duckduckgo_web_search"], ["bing-cn-mcp.bing_search"]]
WORD_NEW = [[WORD + "create_document", WORD + "add_heading", WORD + "add_paragraph"]]
EXCEL_READ = [["excel-mcp-server.excel_describe_sheets", "excel-mcp-server.excel_read_sheet"],
              ["simple-document-processing-mcp-server.excel_read"]]
WEATHER = [["mcp-weather-free.get_weather_by_city"], ["mcp-weather-free.get_weather"]]
TRAIN = [["12306-mcp.get-station-code-of-citys", "12306-mcp.get-tickets"],
         ["12306-mcp.get-stations-code-in-city", "12306-mcp.get-tickets"]]
NEARBY = [[OSM + "geocode_address", OSM + "find_nearby_places"], [OSM + "geocode_address", OSM + "search_category"]]

ITEMS = [
 # P02 Tom, finance controller
 ("P02", "I need today's euro to dollar rate for the invoice run, and what 12,400 USD comes to in euros.",
  [["exchange-rate-mcp-server.exchange_rate", "calculator-mcp-server.calculate"]]),
 ("P02", "The board wants a bar chart of quarterly revenue on a slide: Q1 1.2M, Q2 1.5M, Q3 1.1M, Q4 1.9M.",
  [[PPT + "create_presentation", PPT + "add_slide", PPT + "add_chart", PPT + "save_presentation"],
   [CHART + "generate_column_chart", PPT + "create_presentation", PPT + "add_slide", PPT + "manage_image", PPT + "save_presentation"],
   [CHART + "generate_bar_chart", PPT + "create_presentation", PPT + "add_slide", PPT + "manage_image", PPT + "save_presentation"]]),
 ("P02", "The supplier sent their terms as a PDF, it's at /home/tom/contracts/supplier-terms.pdf. By when do we have to pay?",
  [["pdf-reader-mcp-server.read_pdf"], ["simple-document-processing-mcp-server.document_reader"], ["desktop-commander-mcp.read_file"]]),
 # P04 Jens, marketing
 ("P04", "Worüber reden die Leute in China gerade? Ich brauche Themen für unsere Social-Media-Kampagne.",
  [["trends-hub.get-weibo-trending"], ["trends-hub.get-douyin-trending"], ["trends-hub.get-zhihu-trending"],
   ["trends-hub.get-toutiao-trending"], ["trends-hub.get-bilibili-rank"]]),
 ("P04", "Is brightbrew.com still available? We like it for the new coffee brand.", [["whois-mcp.whois_domain"]]),
 ("P04", "Wir brauchen für die Präsentation am Montag eine Folie mit den drei größten Tech-Themen auf Hacker News diese Woche.",
  P([["hacker-news-mcp-server.getStories"], ["hacker-news-mcp-server.search"]],
    [[PPT + "create_presentation", PPT + "add_slide", PPT + "add_bullet_points", PPT + "save_presentation"]])),
 ("P04", "How does our homepage show up when someone shares it or googles it? https://brightbrew.example — I think the description text is outdated.", FETCH),
 # P07 Keiko, sales rep
 ("P07", "I have a client meeting in Shanghai tomorrow afternoon, can I still get a morning train from Beijing?",
  [["12306-mcp.get-current-date", "12306-mcp.get-station-code-of-citys", "12306-mcp.get-tickets"],
   ["12306-mcp.get-current-date", "12306-mcp.get-stations-code-in-city", "12306-mcp.get-tickets"]]),
 ("P07", "Calling Siemens tomorrow. What's their share price doing and anything in the news I should know?",
  [[FIN + "get_current_stock_price", FIN + "get_news"], [YF + "get_ticker_info", YF + "get_ticker_news"]]),
 ("P07", "明日の上海の天気は？傘が必要ですか？", WEATHER),
 # P09 Lucia, shop owner
 ("P09", "Necesito una receta fácil para el menú del día con lo que tengo: pollo, arroz y pimientos.",
  U([["howtocook-mcp-server.mcp_howtocook_getAllRecipes"], ["howtocook-mcp-server.mcp_howtocook_getRecipesByCategory"],
     ["howtocook-mcp-server.mcp_howtocook_whatToEat"]], WEBSEARCH)),
 ("P09", "I'm thinking of opening a second shop at Calle Mayor 10, Madrid. What's around there: cafés, schools, parking?",
  [[OSM + "geocode_address", OSM + "analyze_neighborhood"], [OSM + "geocode_address", OSM + "explore_area"],
   [OSM + "geocode_address", OSM + "find_nearby_places"]]),
 ("P09", "Make me a flyer for my summer sale, 20% off everything until 31 July, as a Word file I can print.", WORD_NEW),
 # P11 Priya, product manager
 ("P11", "Which JavaScript chart libraries are popular and still well looked after? Need to pick one by Thursday.",
  [["npm-sentinel-mcp.npmSearch", "npm-sentinel-mcp.npmCompare"], ["npm-sentinel-mcp.npmSearch", "npm-sentinel-mcp.npmTrends"],
   ["npm-sentinel-mcp.npmSearch", "npm-sentinel-mcp.npmMaintenance"]]),
 ("P11", "Turn this plan into a picture for the kick-off: design, build, test, launch, and if test fails it goes back to build.",
  [[CHART + "generate_flow_diagram"], ["mcp-server-mermaid-validator.validateMermaid"]]),
 ("P11", "Keep track of the launch to-dos for me: write release notes, brief support, update the pricing page.",
  [["mcp-taskmanager.request_planning"]]),
 ("P11", "The devs say we're behind on Spring Boot. What's the newest version we could move to?",
  [["maven-dependencies-mcp-server.get_latest_release"], ["maven-dependencies-mcp-server.list_maven_versions"]]),
 # P13 Olivier, CFO
 ("P13", "Quel est le cours de l'or et du bitcoin aujourd'hui ?",
  [["asset-price-mcp-server-asset-price-mcp.get_asset_price"],
   ["crypto-price-market-analysis-mcp-server.get-crypto-price", YF + "get_ticker_info"]]),
 ("P13", "For my memo I need Apple's and Microsoft's revenue over the last four quarters side by side.",
  [[FIN + "get_income_statement"], [INV + "get_financial_statements"]]),
 ("P13", "The budget is in /home/olivier/budget-2026.xlsx. I want a pie chart of spend by department.",
  P(EXCEL_READ, [[CHART + "generate_pie_chart"]])),
 # P14 Grace, office manager
 ("P14", "We need to pick a random winner from the 48 people in the raffle.",
  [["random-number-mcp.random_int"], ["random-number-mcp.secure_random_int"], ["random-number-mcp.random_choices"]]),
 ("P14", "Find a flat in Lisbon for 4 people from 3 to 7 June for the team offsite.", [["airbnb-mcp-server.airbnb_search"]]),
 ("P14", "Could you write up today's meeting minutes as a Word document? Attendees were Grace, Tom, Aylin and Raj. We decided to move the office party to 19 December and to switch cleaning companies in January. Next steps: Tom gets three quotes, Aylin sends the party invitation, Raj checks building access for the caterers.", WORD_NEW),
 ("P14", "Is it going to rain in Manchester on Saturday? It's the office picnic.", WEATHER),
 # P15 Ben, data analyst
 ("P15", "sales_2025.xlsx is in my Documents folder, I'd like a line chart of the monthly totals.",
  P(EXCEL_READ, [[CHART + "generate_line_chart"]])),
 ("P15", "Does the US government publish open data on air quality? Which datasets are there?",
  [["data-gov-mcp-server.package_search"]]),
 ("P15", "what is 17.5% of 2,384,950", [["calculator-mcp-server.calculate"]]),
 # P16 Hannah, student
 ("P16", "I have to write about recent research on AI for protein folding, can you find me a few papers from this year?",
  [["arxiv-mcp-server.search_papers"], ["mcp-simple-arxiv.search_papers"], [BIO + "article_searcher"]]),
 ("P16", "Can you get what the lecturer says in https://www.youtube.com/watch?v=abc123XYZ and summarise it? I missed the class.",
  [["youtube-transcript-server.get_transcript"]]),
 ("P16", "Mijn professor wil een mindmap van hoofdstuk 3 over fotosynthese.",
  [["mindmap-mcp-server.convert_markdown_to_mindmap"], [CHART + "generate_mind_map"]]),
 ("P16", "Can you explain what a p-value is in simple words? Exam tomorrow.", []),
 # P17 Carlos, restaurant owner
 ("P17", "I'd like to add a Sichuan dish to the menu. What's a good one and how is it made?",
  [["howtocook-mcp-server.mcp_howtocook_getRecipesByCategory", "howtocook-mcp-server.mcp_howtocook_getRecipeById"],
   ["howtocook-mcp-server.mcp_howtocook_getAllRecipes", "howtocook-mcp-server.mcp_howtocook_getRecipeById"]]),
 ("P17", "Find me Italian restaurants near Plaza Mayor in Madrid, I want to check out the competition.", NEARBY),
 ("P17", "My menu is in Word at /home/carlos/menu.docx, the print shop wants a PDF.",
  [[WORD + "convert_to_pdf"], ["simple-document-processing-mcp-server.docx_to_pdf"]]),
 # P18 Wei, private investor
 ("P18", "삼성전자 주가 요즘 어때요?",
  [["kospi-kosdaq-stock-server.get_stock_ohlcv"], [FIN + "get_historical_stock_prices"], [YF + "get_price_history"]]),
 ("P18", "Is the market fearful or greedy right now? Thinking about buying.", [[INV + "get_cnn_fear_greed_index"]]),
 ("P18", "What's Ethereum doing this week, and is anything going on with the project itself?",
  P([["crypto-price-market-analysis-mcp-server.get-crypto-price"], ["crypto-price-market-analysis-mcp-server.get-historical-analysis"]],
    [["web3-research-mcp.research-token"], ["web3-research-mcp.search"]])),
 ("P18", "any big insider selling at Nvidia lately?", [[INV + "get_insider_trades"]]),
 # P19 Emma, event planner
 ("P19", "Need train seats from Beijing to Xi'an for 12 people on 20 May.", TRAIN),
 ("P19", "Singapore time now?", [["time-mcp-server.get_current_time"]]),
 ("P19", "Make a slide deck with the seating plan for the gala, 10 tables of 8.",
  [[PPT + "create_presentation", PPT + "add_slide", PPT + "add_table", PPT + "save_presentation"],
   [PPT + "create_presentation", PPT + "add_slide", PPT + "add_shape", PPT + "save_presentation"]]),
 ("P19", "Find a few quiet spots for side meetings near the Lisbon Congress Centre.", NEARBY),
 # P20 Lars, journalist
 ("P20", "I need background on the history of the Vienna State Opera by noon.",
  [["wikipedia-mcp-server.get_article"], ["wikipedia-mcp-server.get_summary"], ["wikipedia-mcp-server.summarize_article_for_query"]]),
 ("P20", "Was wird heute auf Weibo und Zhihu am meisten diskutiert?",
  [["trends-hub.get-weibo-trending", "trends-hub.get-zhihu-trending"]]),
 ("P20", "Looking for old paintings of sailing ships at the Met to illustrate a piece.",
  [["met-museum-mcp-server.search-museum-objects", "met-museum-mcp-server.get-museum-object"]]),
 # P21 Fatima, biomedical researcher
 ("P21", "Are there trials recruiting for triple-negative breast cancer in Germany at the moment?",
  [[BIO + "trial_searcher"], [BIO + "search"]]),
 ("P21", "What's known about BRAF V600E? I need the clinical significance for a grant.",
  [[BIO + "variant_searcher"], [BIO + "variant_getter"], [BIO + "search"]]),
 ("P21", "Give me the newest preprints on CRISPR base editing.",
  [[BIO + "article_searcher"], ["arxiv-mcp-server.search_papers"], ["mcp-simple-arxiv.search_papers"]]),
 # P22 Kofi, parent
 ("P22", "My son wants to play chess against the computer, can you set up a game?",
  [["mcp-chess-server.new_game", "mcp-chess-server.make_move", "mcp-chess-server.get_board_visualization"]]),
 ("P22", "my kid wants the card Blue-Eyes White Dragon, what does it even do", [["baige-ygocdb-com-mcp-server.search_cards"]]),
 ("P22", "Which League of Legends champions are strong right now? My daughter keeps asking me.",
  [["op-gg-mcp-server.lol-champion-leader-board"], ["op-gg-mcp-server.lol-champion-positions-data"]]),
 # P23 Ines, designer
 ("P23", "I need a home icon and a settings icon for the app mockup.",
  [["hugeicons-mcp-server.search_icons"], ["hugeicons-mcp-server.list_icons"]]),
 ("P23", "Which animated backgrounds could we use on the landing page? Something with particles would be nice.",
  [["magicuidesign-mcp.getBackgrounds"], ["magicuidesign-mcp.getSpecialEffects"]]),
 ("P23", "What does a good date picker look like in Ant Design? I want to show the devs.",
  [["ant-design-components-mcp-service.get-component-docs"], ["ant-design-components-mcp-service.list-component-examples"]]),
 # P24 Sam, recruiter
 ("P24", "A candidate says he maintains github.com/tiangolo/fastapi. What is that project, in plain words?",
  U([["deepwiki-mcp-server.deepwiki_fetch"]], FETCH)),
 ("P24", "Pick three medium-difficulty coding questions for tomorrow's interviews.", [["mcp-server-leetcode.search-problems"]]),
 ("P24", "¿Qué hora es ahora en Ciudad de México? Tengo una entrevista a las 10 de su hora.",
  [["time-mcp-server.convert_time"], ["time-mcp-server.get_current_time"]]),
 # P25 Yusuf, client services director
 ("P25", "Summarise this story for me before my call: https://news.example.org/2026/12/05/port-strike", FETCH),
 ("P25", "For Thursday's client workshop I need a short deck, five slides, on AI in logistics: a title slide, two slides on where it is used today (route planning, warehouse robots, demand forecasting), one slide with a chart of adoption rates by year (2021 12%, 2022 18%, 2023 27%, 2024 35%, 2025 44%), and a closing slide with questions for the client.",
  [[PPT + "create_presentation", PPT + "add_slide", PPT + "add_chart", PPT + "save_presentation"],
   [PPT + "auto_generate_presentation", PPT + "add_chart", PPT + "save_presentation"]]),
 ("P25", "Thanks, that's perfect.", []),
]

def main():
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "livemcpbench-outcomes.jsonl"), "w", encoding="utf-8", newline="\n") as f:
        for i, (_, intent, gold) in enumerate(ITEMS, 1):
            f.write(json.dumps({"id": "lmo-%03d" % i, "intent": intent, "gold_any": gold}, ensure_ascii=False) + "\n")

if __name__ == "__main__":
    main()
