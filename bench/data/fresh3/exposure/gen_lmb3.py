# Hand-written intents over livemcpbench.json (fresh-eval3). Gold labelled by hand from the catalogue.
import json
SEARCH = ["bing-cn-mcp.bing_search", "duckduckgo-search-mcp-server.duckduckgo_web_search"]
FETCH = ["fetch-mcp-server.fetch", "mcp-npx-fetch.fetch_markdown", "mcp-npx-fetch.fetch_txt", "mcp-npx-fetch.fetch_html"]
def any_of(*groups):
    """cartesian product of alternative groups -> list of sets"""
    sets = [[]]
    for g in groups:
        if isinstance(g, str): g = [g]
        sets = [s + [x] for s in sets for x in g]
    return sets
WEATHER = ["mcp-weather-free.get_weather_by_city"]
PRICE = ["mcp-yahoo-finance.get_current_stock_price", "yahoo-finance-mcp-server.get_ticker_info", "investor-agent-a-financial-analysis-mcp-server.get_ticker_data"]
HIST = ["mcp-yahoo-finance.get_historical_stock_prices", "mcp-yahoo-finance.get_stock_price_date_range", "yahoo-finance-mcp-server.get_price_history", "investor-agent-a-financial-analysis-mcp-server.get_price_history"]
NEWS_STOCK = ["mcp-yahoo-finance.get_news", "yahoo-finance-mcp-server.get_ticker_news"]
READFILE = ["filesystem-mcp-server.read_file", "desktop-commander-mcp.read_file", "mcp-text-editor-server.get_text_file_contents"]
WRITEFILE = ["filesystem-mcp-server.write_file", "desktop-commander-mcp.write_file"]
ARXIV_SEARCH = ["arxiv-mcp-server.search_papers", "mcp-simple-arxiv.search_papers"]
I = [
# travel / places
("Do I need an umbrella in Milan tomorrow?", any_of(WEATHER)),
("wether Reykjavik", any_of(WEATHER)),
("Cherche-moi un Airbnb à Lyon pour 2 adultes du 12 au 15 mars, et dis-moi le temps prévu là-bas", any_of("airbnb-mcp-server.airbnb_search", WEATHER)),
("I land in Lisbon at 7am local on Friday — what time is that in Chicago, and what weather should I expect?", any_of("time-mcp-server.convert_time", WEATHER)),
("明天从北京到上海的高铁还有票吗？", [["12306-mcp.get-current-date", "12306-mcp.get-station-code-of-citys", "12306-mcp.get-tickets"], ["12306-mcp.get-station-code-of-citys", "12306-mcp.get-tickets"]]),
("walking directions from the Colosseum to Trastevere", [["openstreetmap-osm-mcp-server.geocode_address", "openstreetmap-osm-mcp-server.get_route_directions"]]),
("three of us live in Brooklyn, Hoboken and Astoria — where should we meet for dinner?", any_of("openstreetmap-osm-mcp-server.suggest_meeting_point")),
("is there a place to charge my Tesla near Gare de Lyon?", [["openstreetmap-osm-mcp-server.geocode_address", "openstreetmap-osm-mcp-server.find_ev_charging_stations"], ["openstreetmap-osm-mcp-server.find_ev_charging_stations"]]),
("we're thinking of moving to Utrecht Oost with kids — how's the neighbourhood and what schools are near?", [["openstreetmap-osm-mcp-server.analyze_neighborhood", "openstreetmap-osm-mcp-server.find_schools_nearby"]]),
("parkeggio vicino al Duomo di Firenze?", [["openstreetmap-osm-mcp-server.find_parking_facilities"], ["openstreetmap-osm-mcp-server.geocode_address", "openstreetmap-osm-mcp-server.find_parking_facilities"]]),
# finance
("how's Nvidia doing today?", any_of(PRICE)),
("AAPL vs MSFT over the last year, as a line chart", any_of(HIST, "mcp-server-chart.generate_line_chart")),
("any news on Tesla stock this week? put the headlines in a Word doc for my dad", any_of(NEWS_STOCK, "office-word-mcp-server.create_document", "office-word-mcp-server.add_paragraph")),
("when does Costco report earnings next?", [["mcp-yahoo-finance.get_earning_dates"], ["investor-agent-a-financial-analysis-mcp-server.get_earnings_history"]]),
("are insiders selling Palantir?", any_of("investor-agent-a-financial-analysis-mcp-server.get_insider_trades")),
("quanto está o ouro hoje, por onça?", any_of("asset-price-mcp-server-asset-price-mcp.get_asset_price")),
("quanto vale 1 bitcoin adesso e com'è andato nell'ultimo mese?", any_of("crypto-price-market-analysis-mcp-server.get-crypto-price", "crypto-price-market-analysis-mcp-server.get-historical-analysis")),
("ユーロからノルウェー・クローネの為替レートは？1,250ユーロだといくら？", [["exchange-rate-mcp-server.exchange_rate"], ["exchange-rate-mcp-server.exchange_rate", "calculator-mcp-server.calculate"]]),
("삼성전자 시가총액 알려줘", [["kospi-kosdaq-stock-server.load_all_tickers", "kospi-kosdaq-stock-server.get_stock_market_cap"], ["kospi-kosdaq-stock-server.get_stock_market_cap"]]),
("what is 17.5% of 48,320 plus 2,150?", any_of("calculator-mcp-server.calculate")),
# office files
("turn contract.docx into a PDF for the client", [["office-word-mcp-server.convert_to_pdf"], ["simple-document-processing-mcp-server.docx_to_pdf"]]),
("merge invoice_jan.pdf, invoice_feb.pdf and invoice_mar.pdf into one", any_of("simple-document-processing-mcp-server.pdf_merger")),
("what does the lease PDF say about pets?", [["pdf-reader-mcp-server.read_pdf"], ["simple-document-processing-mcp-server.document_reader"]]),
("read sales.xlsx and make a pie chart of revenue by region", [["excel-mcp-server.excel_read_sheet", "mcp-server-chart.generate_pie_chart"], ["simple-document-processing-mcp-server.excel_read", "mcp-server-chart.generate_pie_chart"]]),
("add a 'Q3 totals' sheet to budget.xlsx with these numbers: rent 3200, payroll 41000, software 2300", [["excel-mcp-server.excel_write_to_sheet"], ["excel-mcp-server.excel_describe_sheets", "excel-mcp-server.excel_write_to_sheet"]]),
("in report.docx replace every 'ACME Ltd' with 'ACME Group' and add a heading 'Appendix' at the end", any_of("office-word-mcp-server.search_and_replace", "office-word-mcp-server.add_heading")),
("make me a 5-slide deck on our Q2 results and save it as q2.pptx", [["office-powerpoint-mcp-server.create_presentation", "office-powerpoint-mcp-server.add_slide", "office-powerpoint-mcp-server.save_presentation"], ["office-powerpoint-mcp-server.auto_generate_presentation", "office-powerpoint-mcp-server.save_presentation"]]),
("org chart: Ana is CEO, Ben and Chloé report to her, Dev reports to Ben", any_of("mcp-server-chart.generate_organization_chart")),
("turn this outline into a mind map:\n# Launch\n## Marketing\n## Sales\n## Support", [["mindmap-mcp-server.convert_markdown_to_mindmap"], ["mcp-server-chart.generate_mind_map"]]),
("fishbone for why our deliveries are late: suppliers, staffing, weather, software", any_of("mcp-server-chart.generate_fishbone_diagram")),
# research / reading
("find recent papers on retrieval-augmented generation for code and read me the best one", [["arxiv-mcp-server.search_papers", "arxiv-mcp-server.download_paper", "arxiv-mcp-server.read_paper"], ["mcp-simple-arxiv.search_papers", "mcp-simple-arxiv.get_paper_data"]]),
("who was Hedy Lamarr? short version", [["wikipedia-mcp-server.get_summary"], ["wikipedia-mcp-server.search_wikipedia", "wikipedia-mcp-server.get_summary"], ["wikipedia-mcp-server.get_article"]]),
("summarise this talk and keep the summary as a note in my Basic Memory: https://www.youtube.com/watch?v=dQw4w9WgXcQ", any_of("youtube-transcript-server.get_transcript", "basic-memory.write_note")),
("clinical trials recruiting for type 1 diabetes in Boston", [["biomcp-biomedical-model-context-protocol.trial_searcher"], ["biomcp-biomedical-model-context-protocol.trial_searcher", "biomcp-biomedical-model-context-protocol.trial_locations_getter"]]),
("what's known about the BRAF V600E variant?", [["biomcp-biomedical-model-context-protocol.variant_searcher"], ["biomcp-biomedical-model-context-protocol.variant_getter"], ["biomcp-biomedical-model-context-protocol.search"]]),
("Van Gogh paintings at the Met", any_of("met-museum-mcp-server.search-museum-objects")),
("top story on Hacker News right now and what people say about it", [["hacker-news-mcp-server.getStories", "hacker-news-mcp-server.getStoryWithComments"], ["hacker-news-mcp-server.getStories", "hacker-news-mcp-server.getComments"]]),
("微博热搜", any_of("trends-hub.get-weibo-trending")),
("what's The Verge writing about today", any_of("trends-hub.get-theverge-news")),
("look up who won the 2024 Tour de France", any_of(SEARCH) + [["wikipedia-mcp-server.search_wikipedia"]]),
("pull the text from https://example.org/pricing and put it in pricing.md", any_of(FETCH, WRITEFILE)),
("who owns examplecorp.io and what do they sell? check their homepage", any_of("whois-mcp.whois_domain", FETCH)),
("US government datasets about wildfires", any_of("data-gov-mcp-server.package_search")),
("trending GitHub repos this week in Rust — take the top one and explain its architecture from deepwiki", any_of("mcp-github-trending-mcp-server.get_github_trending_repositories", "deepwiki-mcp-server.deepwiki_fetch")),
("how do I declare a dynamic route in the Next.js app router? up-to-date docs please", [["context7-mcp-up-to-date-code-docs-for-any-prompt.resolve-library-id", "context7-mcp-up-to-date-code-docs-for-any-prompt.get-library-docs"], ["context7-mcp-up-to-date-code-docs-for-any-prompt.get-library-docs"]]),
# dev-ish but light
("is lodash still maintained, and any known vulns?", [["npm-sentinel-mcp.npmMaintenance", "npm-sentinel-mcp.npmVulnerabilities"], ["npm-sentinel-mcp.npmQuality", "npm-sentinel-mcp.npmVulnerabilities"]]),
("latest version of jackson-databind on maven central?", any_of("maven-dependencies-mcp-server.get_latest_release")),
("today's leetcode", any_of("mcp-server-leetcode.get-daily-challenge")),
("what's the BPM of song.mp3?", any_of("mcp-music-analysis.load", "mcp-music-analysis.tempo")),
("what's in holiday.jpg? tag it with what you see plus 'Kyoto 2025' so Photos can find it", any_of("mcp-image-extractor.extract_image_from_file", "metatag-genie.writeImageMetadata")),
("best Jinx bulid rn?", any_of("op-gg-mcp-server.lol-champion-analysis")),
("今晚吃什么？家里有鸡蛋和西红柿", [["howtocook-mcp-server.mcp_howtocook_whatToEat"], ["howtocook-mcp-server.mcp_howtocook_recommendMeals"], ["howtocook-mcp-server.mcp_howtocook_getAllRecipes"]]),
# no tool
("thank you so much!", []),
("what's the capital of Australia?", []),
("how many days are there in a leap year?", []),
("bom dia! tudo bem?", []),
("tell me a joke about accountants", []),
("what does 'per diem' mean?", []),
("Wie sagt man 'Rechnung' auf Englisch?", []),
("recommend a good book on stoicism", []),
]
out = open("/work/fresh-eval3/exposure/livemcpbench-fresh3.jsonl", "w")
for i, (intent, gold) in enumerate(I, 1):
    out.write(json.dumps({"id": f"lmb3-{i:03d}", "intent": intent, "gold_any": gold}, ensure_ascii=False) + "\n")
out.close()
print(len(I))
