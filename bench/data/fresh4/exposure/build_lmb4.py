#!/usr/bin/env python3
# Hand-written chat-thread messages for livemcpbench.json; gold labelled from the catalogue.
import json, itertools
YF="mcp-yahoo-finance."; YF2="yahoo-finance-mcp-server."; INV="investor-agent-a-financial-analysis-mcp-server."
OSM="openstreetmap-osm-mcp-server."; W="mcp-weather-free."; T="time-mcp-server."; FS="filesystem-mcp-server."; DC="desktop-commander-mcp."
WD="office-word-mcp-server."; PPT="office-powerpoint-mcp-server."; XL="excel-mcp-server."; DOC="simple-document-processing-mcp-server."
CH="mcp-server-chart."; WIKI="wikipedia-mcp-server."; AX="arxiv-mcp-server."; AX2="mcp-simple-arxiv."; NPM="npm-sentinel-mcp."
HN="hacker-news-mcp-server."; TR="trends-hub."; KG="knowledge-graph-memory-server."; BM="basic-memory."; GIT="mcp-server-git-a-git-mcp-server."
PW="playwright-mcp-server."; PUP="puppeteer."; C7="context7-mcp-up-to-date-code-docs-for-any-prompt."; TM="mcp-taskmanager."
def S(*a): return [list(a)]
def X(*groups):
    out = []
    for combo in itertools.product(*groups):
        s = []
        for part in combo:
            for t in part:
                if t not in s: s.append(t)
        out.append(s)
    return out
SEARCH = [["duckduckgo-search-mcp-server.duckduckgo_web_search"], ["bing-cn-mcp.bing_search"]]
FETCH = [["fetch-mcp-server.fetch"], ["mcp-npx-fetch.fetch_markdown"], ["mcp-npx-fetch.fetch_txt"], ["mcp-npx-fetch.fetch_html"]]
PRICE = [[YF+"get_current_stock_price"], [YF2+"get_ticker_info"], [INV+"get_ticker_data"]]
HIST = [[YF+"get_historical_stock_prices"], [YF+"get_stock_price_date_range"], [YF2+"get_price_history"], [INV+"get_price_history"]]
NEWS = [[YF+"get_news"], [YF2+"get_ticker_news"]]
WEATHER = [[W+"get_weather_by_city"], [OSM+"geocode_address", W+"get_weather"]]
READF = [[FS+"read_file"], [DC+"read_file"]]
WRITEF = [[FS+"write_file"], [DC+"write_file"]]
ARX = [[AX+"search_papers"], [AX2+"search_papers"]]
MEM = [[KG+"create_entities"], [KG+"add_observations"], [BM+"write_note"]]
I = [
# travel
("can u check the weather in Lisbon this weekend, thinking of going to the beach", WEATHER),
("find me an airbnb in Kyoto for 2 adults, 12–16 april, under $150/night", S("airbnb-mcp-server.airbnb_search")),
("that 2nd listing looks nice — does it have a washing machine? listing id 43128876", S("airbnb-mcp-server.airbnb_listing_details")),
("how long is the drive from the Eiffel Tower to Versailles palace?", S(OSM+"geocode_address", OSM+"get_route_directions")),
("any EV chargers near Alexanderplatz? battery at 12% lol", S(OSM+"geocode_address", OSM+"find_ev_charging_stations")),
("me and 2 friends are in Camden, Shoreditch and Brixton — where should we meet for a drink?", S(OSM+"geocode_address", OSM+"suggest_meeting_point")),
("where can I park near Madison Square Garden tonight", S(OSM+"geocode_address", OSM+"find_parking_facilities")),
("my flight lands in Singapore 6:40am local, what time is that back home in Chicago?", S(T+"convert_time")),
("whats the weather in Reykjavik and what time is it there right now", X(WEATHER, [[T+"get_current_time"]])),
("明天上海到杭州的高铁还有票吗？", [["12306-mcp.get-current-date", "12306-mcp.get-station-code-of-citys", "12306-mcp.get-tickets"], ["12306-mcp.get-station-code-of-citys", "12306-mcp.get-tickets"]]),
("i'm moving to Zurich for work, is the Oerlikon area any good for families? schools nearby?", S(OSM+"geocode_address", OSM+"analyze_neighborhood", OSM+"find_schools_nearby")),
# finance
("how's NVDA doing today", PRICE),
("pull Tesla's price over the last 6 months and chart it", X(HIST, [[CH+"generate_line_chart"], [CH+"generate_area_chart"]])),
("what are analysts saying about Apple? buy or sell", [[YF+"get_recommendations"], [YF2+"get_ticker_info"], [INV+"get_ticker_data"]]),
("when does Microsoft report earnings next?", [[YF+"get_earning_dates"], [INV+"get_earnings_history"], [INV+"get_ticker_data"]]),
("how much is 2500 NOK in euros today", S("exchange-rate-mcp-server.exchange_rate")),
("btc price + 24h change?", [["crypto-price-market-analysis-mcp-server.get-crypto-price"], ["asset-price-mcp-server-asset-price-mcp.get_asset_price"]]),
("is the market fearful or greedy rn? the CNN index", S(INV+"get_cnn_fear_greed_index")),
("삼성전자 시가총액 얼마야?", [["kospi-kosdaq-stock-server.get_stock_market_cap"], ["kospi-kosdaq-stock-server.load_all_tickers", "kospi-kosdaq-stock-server.get_stock_market_cap"]]),
("any news on Nike stock this week? and what's the dividend", X(NEWS, [[YF+"get_dividends"], [YF2+"get_ticker_info"]])),
("who are the biggest institutional holders of Palantir", S(INV+"get_institutional_holders")),
("ok nvm, i'll just book it myself tmrw. ttyl", []),
("gold price per ounce today?", S("asset-price-mcp-server-asset-price-mcp.get_asset_price")),
# office
("read Q3_report.docx on my desktop and give me the key numbers", [[WD+"get_document_text"], [DOC+"document_reader"]]),
("in proposal.docx replace 'Acme Ltd' with 'Acme GmbH' everywhere, then export a pdf", [[WD+"search_and_replace", WD+"convert_to_pdf"]]),
("make a new word doc meeting-notes.docx with a heading 'Kickoff w/ Siemens' and a 3x4 table", S(WD+"create_document", WD+"add_heading", WD+"add_table")),
("whats in sales_2024.xlsx? which sheets are there", S(XL+"excel_describe_sheets")),
("read the 'Jan' sheet of budget.xlsx and make a pie chart of spend by category", [[XL+"excel_read_sheet", CH+"generate_pie_chart"], [DOC+"excel_read", CH+"generate_pie_chart"]]),
("merge invoice_march.pdf and invoice_april.pdf into one file", S(DOC+"pdf_merger")),
("quick 5 slide deck on our Berlin offsite agenda pls, save as offsite.pptx", [[PPT+"create_presentation", PPT+"add_slide", PPT+"save_presentation"], [PPT+"auto_generate_presentation", PPT+"save_presentation"]]),
("summarize this pdf: https://arxiv.org/pdf/1706.03762", [["pdf-reader-mcp-server.read_pdf"], [AX+"download_paper", AX+"read_paper"]]),
("turn these notes into a mind map: # Launch\n## Marketing\n- Ads\n## Eng\n- API", S("mindmap-mcp-server.convert_markdown_to_mindmap")),
("draw me an org chart: Ana CEO, under her Ben CTO and Caro CFO, Dev reports to Ben", S(CH+"generate_organization_chart")),
("compare contract_v1.txt with contract_v2.txt, what changed?", S(DOC+"text_diff")),
("salve esse texto num arquivo notas.txt na pasta Documentos: 'ligar pro contador segunda'", WRITEF),
# research
("what's on the Hacker News front page rn", S(HN+"getStories")),
("find recent arxiv papers on speculative decoding and read me the best one", X(ARX, [[AX+"download_paper", AX+"read_paper"]])),
("who was Ada Lovelace, short version", [[WIKI+"get_summary"], [WIKI+"search_wikipedia", WIKI+"get_summary"]]),
("any clinical trials recruiting for long covid in Germany?", S("biomcp-biomedical-model-context-protocol.trial_searcher")),
("look up pubmed stuff on GLP-1 and alzheimers", S("biomcp-biomedical-model-context-protocol.article_searcher")),
("get the transcript of https://youtu.be/dQw4w9WgXcQ and give me 3 bullet points", S("youtube-transcript-server.get_transcript")),
("what's trending on weibo today? 微博热搜", S(TR+"get-weibo-trending")),
("find Monet paintings at the Met", S("met-museum-mcp-server.search-museum-objects")),
("search the web for the best ramen in Osaka and open the top result", X(SEARCH, FETCH)),
("who owns the domain openai.com, when does it expire", S("whois-mcp.whois_domain")),
# dev-ish
("is left-pad deprecated? and what should i use instead", S(NPM+"npmDeprecated", NPM+"npmAlternatives")),
("zod vs yup vs valibot, downloads & bundle size", [[NPM+"npmCompare"], [NPM+"npmTrends", NPM+"npmSize"]]),
("latest version of jackson-databind on maven central?", S("maven-dependencies-mcp-server.get_latest_release")),
("what's trending on github this week in python", S("mcp-github-trending-mcp-server.get_github_trending_repositories")),
("commit my changes in ~/blog with message 'new post: Lisbon trip'", S(GIT+"git_add", GIT+"git_commit")),
("what containers are running on my machine? get me the logs of the nginx one", S("docker-mcp.list-containers", "docker-mcp.get-logs")),
("today's leetcode daily?", S("mcp-server-leetcode.get-daily-challenge")),
("remember my passport expires in march 2027 and my KLM flyer no is 1234567", MEM),
# no tool
("haha thanks, ur the best", []),
("what's a good name for a golden retriever puppy", []),
("is it 'affect' or 'effect' in 'this will ___ our Q3 numbers'?", []),
("how many ounces in a pound again", []),
("kannst du mir kurz erklären, was ein ETF ist?", []),
("write a polite email declining a meeting on friday, 3 sentences max", []),
("c'est quoi la capitale de l'Australie ? Sydney non ?", []),
]
with open("/work/fresh-eval4/exposure/livemcpbench-fresh4.jsonl", "w", encoding="utf-8") as f:
    for n, (intent, gold) in enumerate(I, 1):
        f.write(json.dumps({"id": f"lmb4-{n:03d}", "intent": intent, "gold_any": gold}, ensure_ascii=False) + "\n")
print(len(I))
