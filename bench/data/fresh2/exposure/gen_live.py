"""Hand-written intents over livemcpbench.json (fresh-eval2). Personas first, then requests, then gold labels."""
from gold_helpers import S, A, prod, alt, write
import json

def T(server, *tools): return [[f"{server}.{t}" for t in tools]]

BING, DDG = "bing-cn-mcp", "duckduckgo-search-mcp-server"
SEARCH = A(f"{BING}.bing_search", f"{DDG}.duckduckgo_web_search")
FETCH  = alt(A("fetch-mcp-server.fetch", "mcp-npx-fetch.fetch_markdown", "mcp-npx-fetch.fetch_html",
               "mcp-npx-fetch.fetch_txt", "desktop-commander-mcp.read_file"),
             T("playwright-mcp-server", "playwright_navigate", "playwright_get_visible_text"))
SEARCH_READ = alt(T(BING, "bing_search", "fetch_webpage"), prod(SEARCH, FETCH))
YF, YF2, INV = "mcp-yahoo-finance", "yahoo-finance-mcp-server", "investor-agent-a-financial-analysis-mcp-server"
PRICE = A(f"{YF}.get_current_stock_price", f"{YF2}.get_ticker_info", f"{INV}.get_ticker_data")
HIST  = A(f"{YF}.get_stock_price_date_range", f"{YF}.get_historical_stock_prices", f"{YF2}.get_price_history", f"{INV}.get_price_history")
OSM = "openstreetmap-osm-mcp-server"
WEATHER = alt(T("mcp-weather-free", "get_weather_by_city"), [[f"{OSM}.geocode_address", "mcp-weather-free.get_weather"]])
TIME = "time-mcp-server"
READ_TXT = A("filesystem-mcp-server.read_file", "desktop-commander-mcp.read_file",
             "mcp-text-editor-server.get_text_file_contents", "simple-document-processing-mcp-server.document_reader")
XLSX_READ = alt(T("excel-mcp-server", "excel_describe_sheets", "excel_read_sheet"), T("simple-document-processing-mcp-server", "excel_read"))
PDF_READ = A("pdf-reader-mcp-server.read_pdf", "simple-document-processing-mcp-server.document_reader")
MEM_WRITE = A("knowledge-graph-memory-server.create_entities", "knowledge-graph-memory-server.add_observations", "basic-memory.write_note")
ARXIV_SEARCH = A("arxiv-mcp-server.search_papers", "mcp-simple-arxiv.search_papers")
CHART = "mcp-server-chart"
WORD = "office-word-mcp-server"
R12306 = "12306-mcp"

P, R = {}, []
def persona(k, d): P[k] = d
def r(p, tags, intent, gold): R.append((p, tags, intent, gold))

persona("travel", "Lucía, planning a week in Lisbon from Madrid")
r("travel", "", "Find me an Airbnb in Lisbon for 2 adults from June 10 to June 15, under 120 euros a night",
  T("airbnb-mcp-server", "airbnb_search"))
r("travel", "multi", "we might do Kyoto instead: find an Airbnb there for Oct 3-6 for two, tell me what the weather looks like, and how much 100,000 yen is in euros",
  prod(T("airbnb-mcp-server", "airbnb_search"), WEATHER, T("exchange-rate-mcp-server", "exchange_rate")))
r("travel", "lang", "¿Qué tiempo va a hacer en Lisboa esta semana?",
  WEATHER)
r("travel", "", "how much is 500 euros in US dollars today?",
  T("exchange-rate-mcp-server", "exchange_rate"))
r("travel", "multi long", "so we're staying somewhere near Praça do Comércio, I don't know the area at all, and my husband needs a pharmacy and I need coffee every morning, can you find cafés and pharmacies within like 500 m of it?",
  prod(T(OSM, "geocode_address"), A(f"{OSM}.find_nearby_places", f"{OSM}.search_category", f"{OSM}.explore_area")))
r("travel", "multi world", "what time is it in Lisbon now, and if I call my mom at 8pm Lisbon time what time is it for her in Buenos Aires?",
  T(TIME, "get_current_time", "convert_time"))
r("travel", "notool world", "do I need a power adapter in Portugal if I'm coming from the US?",
  [])

persona("rail", "Mr. Wang, commuter in China booking high-speed trains (writes in Chinese)")
r("rail", "lang multi", "帮我查一下明天从北京到上海的高铁余票",
  T(R12306, "get-current-date", "get-station-code-of-citys", "get-tickets"))
r("rail", "lang multi", "6月18日 G1 次列车从北京南到南京南经停哪些站？几点到？",
  T(R12306, "get-station-code-by-names", "get-train-route-stations"))
r("rail", "lang", "上海明天会下雨吗？",
  WEATHER)
r("rail", "lang", "今天的黄历怎么样，适合搬家吗",
  T("bazi-mcp-mcp-by-cantian-ai", "getChineseCalendar"))

persona("invest", "Mike, retail investor checking his portfolio in the evening")
r("invest", "typo short", "whats nvdia trading at rn",
  PRICE)
r("invest", "multi", "pull AAPL daily closing prices for Q1 2024 and draw them as a line chart",
  prod(HIST, T(CHART, "generate_line_chart")))
r("invest", "multi long", "for my investment club I need a little report: get Tesla's daily prices for 2023, make a line chart of the close, and put the chart into a new Word document called tsla_2023.docx",
  prod(HIST, T(CHART, "generate_line_chart"), T(WORD, "create_document", "add_picture")))
r("invest", "multi", "when is Microsoft's next earnings date and what do analysts recommend?",
  alt(T(YF, "get_earning_dates", "get_recommendations"), T(INV, "get_ticker_data")))
r("invest", "lang", "삼성전자(005930) 최근 한 달 주가 보여줘",
  alt(T("kospi-kosdaq-stock-server", "get_stock_ohlcv"), HIST))
r("invest", "multi", "if I had put $10,000 into TSLA on the first trading day of 2020, what would it be worth today?",
  alt(T(YF, "get_stock_price_by_date", "get_current_stock_price"), HIST))
r("invest", "notool", "in simple terms, what's the difference between a Roth IRA and a traditional IRA?",
  [])

persona("crypto", "Dani, crypto hobbyist")
r("crypto", "short", "price of bitcoin and ethereum right now",
  A("crypto-price-market-analysis-mcp-server.get-crypto-price", "asset-price-mcp-server-asset-price-mcp.get_asset_price"))
r("crypto", "", "research the token Arbitrum (ARB): what it is, tokenomics, recent news",
  alt(T("web3-research-mcp", "research-token"), T("web3-research-mcp", "search")))
persona("research", "Wei, graduate student in ML and biomedicine")
r("research", "", "find recent arXiv papers on speculative decoding for LLMs from 2024",
  ARXIV_SEARCH)
r("research", "multi", "read arXiv 2305.10601 and summarize the method section",
  alt(T("arxiv-mcp-server", "download_paper", "read_paper"), A("pdf-reader-mcp-server.read_pdf"), FETCH))
r("research", "multi", "what clinical trials are currently recruiting for GLP-1 agonists in Alzheimer's disease?",
  alt(T("biomcp-biomedical-model-context-protocol", "think", "trial_searcher"),
      T("biomcp-biomedical-model-context-protocol", "think", "search")))
r("research", "", "give me the Wikipedia summary of the Transformer (deep learning) article",
  A("wikipedia-mcp-server.get_summary", "wikipedia-mcp-server.summarize_article_for_query", "wikipedia-mcp-server.get_article"))
r("research", "multi", "search arxiv for surveys on retrieval augmented generation and save the titles and ids to my notes",
  prod(ARXIV_SEARCH, MEM_WRITE))
r("research", "", "save a note: thesis deadline is March 3, committee is Prof. Kim and Dr. Osei",
  MEM_WRITE)
r("research", "", "make a mind map of my lit review: decoding (speculative, beam search), efficiency (quantization, pruning), evaluation",
  A("mindmap-mcp-server.convert_markdown_to_mindmap", f"{CHART}.generate_mind_map"))

persona("office", "Grace, office manager handling spreadsheets, Word files and PDFs")
r("office", "multi", "read the Q3 expenses spreadsheet /home/grace/finance/q3.xlsx and tell me the total per department",
  XLSX_READ)
r("office", "", "merge invoice_jan.pdf, invoice_feb.pdf and invoice_mar.pdf into q1_invoices.pdf",
  T("simple-document-processing-mcp-server", "pdf_merger"))
r("office", "lang multi", "Erstelle ein Word-Dokument 'Protokoll 12. Mai' mit einer Überschrift und einer Tabelle mit 3 Spalten für die Aufgaben",
  T(WORD, "create_document", "add_heading", "add_table"))
r("office", "short", "convert /docs/policy.docx to pdf",
  A(f"{WORD}.convert_to_pdf", "simple-document-processing-mcp-server.docx_to_pdf"))
r("office", "multi", "in contract.docx replace every 'ACME Ltd' with 'ACME GmbH', then password-protect the file",
  T(WORD, "search_and_replace", "protect_document"))
r("office", "", "what does /home/grace/terms.pdf say about the refund period?",
  PDF_READ)
r("office", "multi", "put the names from attendees.txt into a new sheet 'Attendees' in events.xlsx",
  prod(READ_TXT, T("excel-mcp-server", "excel_write_to_sheet")))

persona("mkt", "Jonas, marketing lead preparing a campaign review")
r("mkt", "typo", "pie chart of our trafic sources: organic 45%, paid 25%, social 20%, email 10%",
  T(CHART, "generate_pie_chart"))
r("mkt", "multi", "create a 5-slide PowerPoint about our spring campaign and save it as spring.pptx",
  alt(T("office-powerpoint-mcp-server", "create_presentation", "add_slide", "save_presentation"),
      T("office-powerpoint-mcp-server", "create_presentation", "auto_generate_presentation", "save_presentation")))
r("mkt", "multi lang", "抖音和B站今天都在火什么？我想找点短视频选题",
  T("trends-hub", "get-douyin-trending", "get-bilibili-rank"))
r("mkt", "multi", "get the transcript of https://www.youtube.com/watch?v=dQw4w9WgXcQ and put the key points into a new Word doc",
  prod(T("youtube-transcript-server", "get_transcript"), T(WORD, "create_document"), A(f"{WORD}.add_paragraph", f"{WORD}.add_heading")))
r("mkt", "notool", "write me three catchy slogans for a reusable water bottle",
  [])

persona("home", "the Chen family, cooking and small household things")
r("home", "lang", "今晚三个人吃饭，不知道吃什么，推荐几个菜吧",
  T("howtocook-mcp-server", "mcp_howtocook_whatToEat"))
r("home", "lang", "红烧肉怎么做？给我完整的步骤和用料",
  T("howtocook-mcp-server", "mcp_howtocook_getRecipeById"))
r("home", "lang", "帮我们一家四口安排一周的菜单，有人对花生过敏，顺便列个购物清单",
  T("howtocook-mcp-server", "mcp_howtocook_recommendMeals"))
r("home", "notool world", "roughly how many grams is a cup of flour?",
  [])

persona("game", "Kai, gamer")
r("game", "", "best build and runes for Ahri mid right now?",
  T("op-gg-mcp-server", "lol-champion-analysis"))
r("game", "multi", "start a new chess game, I'm white, play e4 and show me the board",
  T("mcp-chess-server", "new_game", "make_move", "get_board_visualization"))
r("game", "lang multi", "查一下游戏王「青眼白龙」的卡片效果，再给我看看卡图",
  T("baige-ygocdb-com-mcp-server", "search_cards", "get_card_image"))
r("game", "lang", "鸣潮 今汐 的技能和养成攻略",
  T("mcp-server", "get_character_info"))
r("game", "short", "today's leetcode daily?",
  T("mcp-server-leetcode", "get-daily-challenge"))

persona("dev", "Rosa, developer choosing dependencies")
r("dev", "", "compare zod vs yup vs valibot on weekly downloads and bundle size",
  alt(T("npm-sentinel-mcp", "npmCompare"), T("npm-sentinel-mcp", "npmTrends", "npmSize")))
r("dev", "", "latest release of com.fasterxml.jackson.core:jackson-databind?",
  T("maven-dependencies-mcp-server", "get_latest_release"))
r("dev", "", "what's trending on github this week in Rust?",
  T("mcp-github-trending-mcp-server", "get_github_trending_repositories"))
persona("news", "Femi, newsletter writer")
r("news", "", "top 5 stories on Hacker News right now",
  T("hacker-news-mcp-server", "getStories"))
r("news", "multi", "find recent coverage of the EU AI Act enforcement and summarize the first article you find",
  SEARCH_READ)

persona("it", "Tariq, IT admin for a small company")
r("it", "typo", "who owns example-shop.io and wehn does the domian expire?",
  T("whois-mcp", "whois_domain"))
r("it", "multi", "list the docker containers and show me the latest logs of the one called web",
  T("docker-mcp", "list-containers", "get-logs"))
persona("misc", "assorted non-developers")
r("misc", "multi", "what's the tempo in BPM of /music/demo.wav?",
  T("mcp-music-analysis", "load", "tempo"))
r("misc", "multi", "search the Met Museum for Van Gogh's sunflowers and show me the details of one object",
  T("met-museum-mcp-server", "search-museum-objects", "get-museum-object"))
r("misc", "multi", "look at /photos/beach.jpg, describe what's in it and write those keywords into the image's metadata tags",
  [["mcp-image-extractor.extract_image_from_file", "metatag-genie.writeImageMetadata"]])
r("misc", "notool short", "thanks, that helped a lot!",
  [])
r("misc", "notool lang", "how do you say 'good morning' in Japanese?",
  [])

if __name__ == "__main__":
    write("livemcpbench-fresh.jsonl", "lmb2", [(i, g) for _, _, i, g in R])
    with open("livemcpbench-fresh.meta.jsonl", "w") as f:
        for k, (p, t, i, g) in enumerate(R, 1):
            f.write(json.dumps({"id": f"lmb2-{k:03d}", "persona": p, "tags": t.split()}, ensure_ascii=False) + "\n")
    json.dump(P, open("livemcpbench-fresh.personas.json", "w"), indent=1, ensure_ascii=False)
