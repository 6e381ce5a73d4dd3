"""Writes livemcpbench-fresh8.jsonl. Data written by hand from imagined user situations (see README.md)."""
import json, os
YF, YF2, INV = "mcp-yahoo-finance.", "yahoo-finance-mcp-server.", "investor-agent-a-financial-analysis-mcp-server."
NPM, OP, COOK, RAIL = "npm-sentinel-mcp.", "op-gg-mcp-server.", "howtocook-mcp-server.", "12306-mcp."
OSM, BIO, DOC, PPT = "openstreetmap-osm-mcp-server.", "biomcp-biomedical-model-context-protocol.", "simple-document-processing-mcp-server.", "office-powerpoint-mcp-server."
WORD, CH, GIT, TR = "office-word-mcp-server.", "mcp-server-chart.", "mcp-server-git-a-git-mcp-server.", "trends-hub."
I = [
 ("what's in this chart image? https://i.imgur.com/q3rev.png — the CFO sent it without any context", [["mcp-image-extractor.extract_image_from_url"]]),
 ("how did Nvidia's stock do between March 1 and March 31 2024", [[YF+"get_stock_price_date_range"], [YF+"get_historical_stock_prices"], [YF2+"get_price_history"], [INV+"get_price_history"]]),
 ("gold and silver spot prices right now? my dad keeps asking", [["asset-price-mcp-server-asset-price-mcp.get_asset_price"]]),
 ("quick: 12000 * 1.07^15, checking a compounding number", [["calculator-mcp-server.calculate"]]),
 ("what's Samsung Electronics worth right now on the Korean exchange? market cap please", [["kospi-kosdaq-stock-server.get_stock_market_cap"], ["kospi-kosdaq-stock-server.load_all_tickers", "kospi-kosdaq-stock-server.get_stock_market_cap"]]),
 ("roughly how big is docs.stripe.com? how many urls in its sitemap, just the stats", [["sitemap-mcp-server.get_sitemap_stats"]]),
 ("convert 250 EUR to JPY", [["exchange-rate-mcp-server.exchange_rate"]]),
 ("bitcoin prise now and a quick read on where the market is heading", [["crypto-price-market-analysis-mcp-server.get-crypto-price", "crypto-price-market-analysis-mcp-server.get-market-analysis"]]),
 ("init a git repo in ~/scratch/notes and make a first commit with everything in there", [[GIT+"git_init", GIT+"git_add", GIT+"git_commit"]]),
 ("is left-pad even maintained anymore? if not, what should I use", [[NPM+"npmMaintenance", NPM+"npmAlternatives"], [NPM+"npmDeprecated", NPM+"npmAlternatives"]]),
 ("tag IMG_2231.jpg with the description 'team offsite, Lake Bled' and location Slovenia", [["metatag-genie.writeImageMetadata"]]),
 ("take a screenshot of https://example.org/pricing in a headless browser", [["playwright-mcp-server.playwright_navigate", "playwright-mcp-server.playwright_screenshot"], ["puppeteer.puppeteer_navigate", "puppeteer.puppeteer_screenshot"]]),
 ("latest jackson-databind release? bumping our pom", [["maven-dependencies-mcp-server.get_latest_release"]]),
 ("what python repos are trending on github today", [["mcp-github-trending-mcp-server.get_github_trending_repositories"]]),
 ("best Jinx build this patch and how's her win rate", [[OP+"lol-champion-analysis"]]),
 ("look up Hide on bush on KR and pull his recent games", [[OP+"lol-summoner-search", OP+"lol-summoner-game-history"], [OP+"lol-summoner-game-history"]]),
 ("鸣潮的今汐怎么养成？技能和培养攻略发我一下", [["mcp-server.get_character_info"]]),
 ("which agents should we run on Ascent?", [[OP+"valorant-agents-composition-with-map"]]),
 ("what does deepwiki say about how vercel/swr does cache revalidation", [["deepwiki-mcp-server.deepwiki_fetch"]]),
 ("今天吃什么？三个人的晚饭，帮我搭配一下", [[COOK+"mcp_howtocook_whatToEat"], [COOK+"mcp_howtocook_recommendMeals"]]),
 ("deep-dive the ARB token for me: tokenomics, unlock schedule, what people are saying about it", [["web3-research-mcp.research-token"], ["web3-research-mcp.create-research-plan", "web3-research-mcp.research-with-keywords"]]),
 ("明天北京到上海的高铁还有票吗", [[RAIL+"get-station-code-of-citys", RAIL+"get-tickets"], [RAIL+"get-current-date", RAIL+"get-station-code-of-citys", RAIL+"get-tickets"], [RAIL+"get-stations-code-in-city", RAIL+"get-tickets"]]),
 ("airbnb in Lisbon for 2 adults, 12-15 June, ideally under 150 a night", [["airbnb-mcp-server.airbnb_search"]]),
 ("wether in Reykjavik this weekend? deciding whether to pack the big coat", [["mcp-weather-free.get_weather_by_city"], ["mcp-weather-free.get_weather"]]),
 ("Wie spät ist es gerade in Sydney?", [["time-mcp-server.get_current_time"]]),
 ("EV chargers near Alexanderplatz", [[OSM+"find_ev_charging_stations"], [OSM+"geocode_address", OSM+"find_ev_charging_stations"]]),
 ("three of us are at Montmartre, Bastille and La Défense — where's a fair spot to meet up for dinner", [[OSM+"suggest_meeting_point"]]),
 ("搜一下最近关于 DeepSeek 的新闻", [["bing-cn-mcp.bing_search"], ["duckduckgo-search-mcp-server.duckduckgo_web_search"]]),
 ("find 2024 papers on speculative decoding and download the most relevant one so we can read it", [["arxiv-mcp-server.search_papers", "arxiv-mcp-server.download_paper"]]),
 ("save a note 'vendor call 2025-03-04' with the decisions we just made so I can find it later", [["basic-memory.write_note"]]),
 ("any trials recruiting for GLP-1 drugs in obesity around Boston?", [[BIO+"trial_searcher"], [BIO+"search"]]),
 ("break the website redesign down into tasks and let's work through them one at a time", [["mcp-taskmanager.request_planning", "mcp-taskmanager.get_next_task"]]),
 ("short wikipedia summary of the Peace of Westphalia", [["wikipedia-mcp-server.get_summary"]]),
 ("what's at the top of hacker news right now, and what are people saying on the first one", [["hacker-news-mcp-server.getStories", "hacker-news-mcp-server.getStoryWithComments"]]),
 ("微博热搜看一下", [[TR+"get-weibo-trending"]]),
 ("make me a 200x100 canvas, fill the left half red and give me the png", [["drawing-mcp-server.drawing_generateCanvas", "drawing-mcp-server.drawing_fillRectangle", "drawing-mcp-server.drawing_getCanvasPng"]]),
 ("summarize this talk for me https://www.youtube.com/watch?v=8pDqJVdNa44", [["youtube-transcript-server.get_transcript"]]),
 ("what's the BPM of ~/Music/demo_v3.wav", [["mcp-music-analysis.load", "mcp-music-analysis.tempo"], ["mcp-music-analysis.load", "mcp-music-analysis.beat_track"]]),
 ("read contract.pdf in Downloads and list the termination clauses", [["pdf-reader-mcp-server.read_pdf"], [DOC+"document_reader"]]),
 ("combine invoice_jan.pdf, invoice_feb.pdf and invoice_mar.pdf into q1.pdf", [[DOC+"pdf_merger"]]),
 ("turn report.docx into a PDF", [[DOC+"docx_to_pdf"], [WORD+"convert_to_pdf"]]),
 ("make a Word doc 'Onboarding Guide' with a heading and a table for the first-week schedule", [[WORD+"create_document", WORD+"add_heading", WORD+"add_table"]]),
 ("give me https://docs.python.org/3/whatsnew/3.13.html as markdown", [["mcp-npx-fetch.fetch_markdown"], ["fetch-mcp-server.fetch"]]),
 ("build a 5-slide deck on our Q3 results, bar chart on slide 3, save it as q3.pptx", [[PPT+"create_presentation", PPT+"add_slide", PPT+"add_chart", PPT+"save_presentation"]]),
 ("pie chart of traffic sources: organic 45, paid 25, social 20, referral 10", [[CH+"generate_pie_chart"]]),
 ("are there US government open datasets on wildfire smoke?", [["data-gov-mcp-server.package_search"]]),
 ("is this mermaid valid? graph TD; A-->B; B-->", [["mcp-server-mermaid-validator.validateMermaid"]]),
 ("turn my notes.md outline into a mind map", [["mindmap-mcp-server.convert_markdown_to_mindmap"], [CH+"generate_mind_map"]]),
 ("open sales.xlsx, sheet Q2, which 5 regions sold the most", [["excel-mcp-server.excel_read_sheet"], [DOC+"excel_read"]]),
 ("who owns example-startup.io and when does it expire", [["whois-mcp.whois_domain"]]),
 ("spin up a redis container and show me its logs", [["docker-mcp.create-container", "docker-mcp.get-logs"]]),
 ("shadcn date picker — how do I wire it up? show an example", [["shadcn-ui-mcp-server.get_component_examples"], ["shadcn-ui-mcp-server.get_component_details", "shadcn-ui-mcp-server.get_component_examples"]]),
 ("antd 的 Table 组件有哪些用法示例？", [["ant-design-components-mcp-service.list-component-examples"], ["ant-design-components-mcp-service.get-component-docs"]]),
 ("I want one of those shiny animated buttons from magic ui for the hero section", [["magicuidesign-mcp.getButtons"]]),
 ("today's leetcode daily?", [["mcp-server-leetcode.get-daily-challenge"]]),
 ("new chess game, I'm white, e4", [["mcp-chess-server.new_game", "mcp-chess-server.make_move"]]),
 ("ブルーアイズ・ホワイト・ドラゴンのカード効果を調べて", [["baige-ygocdb-com-mcp-server.search_cards"]]),
 ("1990年5月12日早上8点出生的男生，帮我排个八字", [["bazi-mcp-mcp-by-cantian-ai.buildBaziFromSolarDatetime"], ["bazi-mcp-mcp-by-cantian-ai.getBaziDetail"]]),
 ("find some Monet paintings at the Met and tell me more about one of them", [["met-museum-mcp-server.search-museum-objects", "met-museum-mcp-server.get-museum-object"]]),
 ("pick 3 random wnners from these 40 names, has to be fair", [["random-number-mcp.random_sample"], ["random-number-mcp.random_choices"]]),
]
assert len(I) == 60, len(I)
out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "livemcpbench-fresh8.jsonl")
with open(out, "w") as f:
    for n, (intent, gold) in enumerate(I, 1):
        f.write(json.dumps({"id": f"lmb8-{n:03d}", "intent": intent, "gold_any": gold}, ensure_ascii=False) + "\n")
print("wrote", out, len(I))
