"""Knowledge from structure and standard data: companions, time-zone places, media types, acronyms, numeronyms."""

from __future__ import annotations

import sys

import pytest

from broker.exposure import Source, catalogue_from_mcp, knowledge, lexicon, select, selection
from broker.exposure.companions import Rule, Sibling, companions
from broker.exposure.knowledge import Vocabulary
from broker.exposure.selection import query_terms, relevance, whole_organs


def tool(name: str, description: str = "", required: dict | None = None, **optional: str) -> dict:
    """An MCP tool: required and optional string parameters with their descriptions."""
    required = required or {}
    properties = {p: {"type": "string", "description": d} for p, d in {**required, **optional}.items()}
    return {"name": name, "description": description,
            "inputSchema": {"type": "object", "properties": properties, "required": list(required)}}


BROWSER = [
    tool("navigate_page", "Go to a URL.", {"pageId": "The page.", "url": "Where to go."}),
    tool("take_snapshot", "A text snapshot of the page: elements with a unique identifier (uid).", {"pageId": "The page."}),
    tool("take_screenshot", "A picture of the page.", {"pageId": "The page."}),
    tool("click", "Click an element.", {"pageId": "The page.", "uid": "The uid of an element from the page snapshot"}),
    tool("upload_file", "Upload a file through an element.", {"pageId": "The page.", "uid": "The uid of a file input"}),
    tool("list_console_messages", "Console messages of the page.", {"pageId": "The page."}),
    tool("new_page", "Open a new page.", {"url": "Where to go."}),
    tool("close_page", "Close a page.", {"pageId": "The page."}),
    tool("select_page", "Select a page for the next calls.", {"pageId": "The page."}),
]


def edges(entries: list[dict], rule: str, organ: str = "web", *also: str) -> set[tuple[str, str]]:
    members = [Sibling(e["name"], e) for e in entries]
    found = companions(organ, members, frozenset({rule, *also}))
    return {(members[i].name, members[j].name) for i, e in enumerate(found) for j in e}


def test_a_tool_that_needs_an_element_id_brings_the_sibling_that_gives_it_out():
    assert edges(BROWSER, Rule.PRODUCER) == {("click", "take_snapshot"), ("upload_file", "take_snapshot")}


def test_a_parameter_every_tool_of_the_organ_takes_is_context_not_an_object():
    # pageId is required by every tool: it links nothing, or every tool would bring every other
    assert all("take_screenshot" not in pair for pair in edges(BROWSER, Rule.PRODUCER))


def test_a_process_id_comes_from_the_sibling_whose_description_lists_it():
    entries = [tool("list_processes", "List running processes with their PID and command."),
               tool("kill_process", "Terminate a process.", {"pid": ""}),
               tool("read_process_output", "Read what a process printed.", {"pid": ""}),
               tool("write_file", "Write a file.", {"path": "Where"})]
    assert edges(entries, Rule.PRODUCER, "desktop") == {("kill_process", "list_processes"),
                                                         ("read_process_output", "list_processes")}


GEO = [tool("geocode_address", "Convert an address to coordinates. Returns latitude and longitude.", {"address": ""}),
       tool("reverse_geocode", "Describe the place at a latitude and longitude.", {"latitude": "", "longitude": ""}),
       tool("find_nearby_places", "Places near a point.", {"latitude": "", "longitude": ""}),
       tool("get_route_directions", "Directions between two points.",
            {"from_latitude": "", "from_longitude": "", "to_latitude": "", "to_longitude": ""}),
       tool("find_parking", "Parking near a point.", {"latitude": "", "longitude": ""})]


def test_coordinates_most_tools_take_come_from_the_sibling_that_takes_none_and_gives_them_out():
    # latitude is what most of the organ's tools take (its context by name), but the user brings an address:
    # the geocoder computes it; a tool taking a latitude itself (reverse_geocode) gives none out
    found = edges(GEO, Rule.PRODUCER, "osm", Rule.GIVER)
    assert {("find_nearby_places", "geocode_address"), ("get_route_directions", "geocode_address"),
            ("reverse_geocode", "geocode_address"), ("find_parking", "geocode_address")} == found
    assert edges(GEO, Rule.PRODUCER, "osm") == set()  # the giver rule left out


def test_a_value_most_tools_take_that_no_sibling_gives_out_stays_context():
    assert edges(BROWSER, Rule.PRODUCER, "web", Rule.GIVER) == {("click", "take_snapshot"),
                                                               ("upload_file", "take_snapshot")}
    assert edges([{**e, "description": e["description"].replace("Returns latitude and longitude.", "")}
                  for e in GEO], Rule.PRODUCER, "osm", Rule.GIVER) == set()


def test_tools_acting_on_the_same_object_are_companions_and_shared_context_is_not():
    entries = [tool("get_issue", "", {"owner": "", "repo": "", "issue_number": ""}),
               tool("update_issue", "", {"owner": "", "repo": "", "issue_number": ""}),
               tool("merge_pull_request", "", {"owner": "", "repo": "", "pull_number": ""}),
               tool("fork_repository", "", {"owner": "", "repo": ""})]
    found = edges(entries, Rule.OBJECT, "github")
    assert ("get_issue", "update_issue") in found and ("update_issue", "get_issue") in found
    assert not {pair for pair in found if "fork_repository" in pair}


def test_a_tool_that_changes_an_object_brings_the_sibling_that_reads_the_same_object():
    entries = [tool("read_file", "", {"path": ""}), tool("read_text_file", "", {"path": ""}),
               tool("edit_file", "", {"path": "", "edits": ""}), tool("write_file", "", {"path": "", "content": ""}),
               tool("move_file", "", {"source": "", "destination": ""}), tool("list_directory", "", {"path": ""})]
    assert edges(entries, Rule.READ, "filesystem") == {("edit_file", "read_file"), ("write_file", "read_file")}


def test_the_verb_of_a_prefixed_name_comes_after_the_prefix_its_siblings_share():
    entries = [tool("jira_get_issue"), tool("jira_update_issue"), tool("jira_get_board"), tool("confluence_get_page"),
               tool("confluence_update_page")]
    assert edges(entries, Rule.READ, "atlassian") == {("jira_update_issue", "jira_get_issue")}


def test_a_tool_that_takes_an_id_brings_the_sibling_that_lists_or_searches_that_object():
    entries = [tool("list_alert_groups"), tool("get_alert_group", "", {"alertGroupId": ""}),
               tool("search_dashboards", "", {"query": ""}), tool("get_dashboard_by_uid", "", {"uid": ""}),
               tool("list_incidents"), tool("create_annotation", "", {"text": ""})]
    assert edges(entries, Rule.LIST, "grafana") == {("get_alert_group", "list_alert_groups"),
                                                     ("get_dashboard_by_uid", "search_dashboards")}


def test_an_id_every_tool_of_the_organ_takes_is_context_and_brings_no_lister():
    entries = [tool("list_pages"), *(tool(f"act_{n}", "", {"pageId": ""}) for n in range(4))]
    assert edges(entries, Rule.LIST, "browser") == set()


def test_an_interaction_brings_the_snapshot_it_needs_into_the_exposure():
    catalogue = catalogue_from_mcp({"web": BROWSER, "other": [tool("send_mail", "Send an email.")]})
    assert {"web.click", "web.take_snapshot"} <= set(select("click the Buy button", catalogue).exposed)
    without = catalogue_from_mcp({"web": BROWSER, "other": [tool("send_mail", "Send an email.")]},
                                 without=frozenset({Source.PRODUCER, Source.ORGANS}))
    assert "web.take_snapshot" not in select("click the Buy button", without).exposed


def test_the_tool_that_opens_an_address_is_the_way_in_for_every_sibling_that_takes_none():
    found = edges(BROWSER, Rule.ENTRY)
    assert ("list_console_messages", "new_page") in found and ("click", "new_page") in found
    # navigate_page needs a page as well as the address: it is not the only way in
    assert all(pair[1] == "new_page" for pair in found)
    assert ("new_page", "new_page") not in found


def test_an_organ_where_many_tools_take_only_an_address_has_no_single_way_in():
    entries = [tool(f"fetch_{kind}", "Fetch a page.", {"url": "Where"}) for kind in ("html", "json", "txt")]
    assert edges([*entries, tool("list_cache")], Rule.ENTRY) == set()


def test_a_url_in_the_request_brings_the_tool_that_needs_only_an_address():
    organs = {"fetch": [tool("fetch", "Fetches content from the internet.", {"url": "URL to fetch"})],
              "files": [tool("read_file", "Read a file and summarise nothing.", {"path": "Which file"}),
                        tool("read_text_file", "Read a text file.", {"path": "Which file"}),
                        *(tool(f"read_{n}", f"Read {n} for me.", {"path": ""}) for n in ("logs", "notes"))]}
    intent = "read these notes for me: https://blog.example.org/vacuum"

    def fetch_share(catalogue) -> float:
        scores = relevance(intent, catalogue)
        return scores.get(catalogue.by_address["fetch.fetch"], 0.0) / max(scores.values())
    assert fetch_share(catalogue_from_mcp(organs, without=frozenset({Source.MEANING}))) >= 0.8 * 0.9
    assert fetch_share(catalogue_from_mcp(organs, without=frozenset({Source.FILLS, Source.MEANING}))) < 0.5


TIME = {"time": [tool("convert_time", "Convert time between timezones",
                      {"source_timezone": "IANA name", "time": "HH:MM", "target_timezone": "IANA name"}),
                 tool("get_current_time", "Get current time in a specific timezone", {"timezone": "IANA name"})],
        "notes": [tool("write_note", "Write a note to the notebook.", {"text": "The note"})]}


@pytest.mark.parametrize("intent", [
    "my standup is 9:30 in Lisbon, what is that for Auckland?",
    "when it's noon in São Paulo",
    "is it still morning in New York",
    "3pm CET for the team",
])
def test_a_place_of_the_time_zone_database_points_at_the_time_tools(intent):
    exposed = select(intent, catalogue_from_mcp(TIME)).exposed
    assert {"time.convert_time", "time.get_current_time"} <= set(exposed)


@pytest.mark.parametrize("intent", ["¿qué hora es ahora mismo en Ciudad de México?", "東京は今何時？",
                                    "quelle heure est-il à Moscou ?"])
def test_a_zone_city_named_in_another_language_points_at_the_time_tools(intent):
    assert "time.get_current_time" in select(intent, catalogue_from_mcp(TIME)).exposed


@pytest.mark.parametrize("intent, named", [
    ("¿Qué tiempo va a hacer en Lisboa esta semana?", True), ("上海明天会下雨吗？", True),
    ("should I tell them about it?", False),  # a city's name in some language, but not written as one
    ("Tell me a story", False),  # capitalised only because it starts the sentence
    ("ช่วยหาคุณแม่บ้านที่ให้บริการรีดผ้า", False),  # Thai, written without spaces: no substring is trusted
])
def test_cldr_city_names_count_as_places_only_where_written_as_names(intent, named):
    assert knowledge.names_place(intent, knowledge.world_places()) is named


@pytest.mark.parametrize("intent, named", [
    ("Mennyi az idő most Budapesten?", True),  # Hungarian: Budapest + en
    ("Paljonko kello on Tokiossa?", True),  # Finnish: Tokio + ssa
    ("Сколько сейчас времени в Берлине?", True),  # Russian, read as Latin: Berlin + e
    ("Nicely done, now deploy", False),  # a short name (Nice) does not claim the words it starts
])
def test_a_place_with_a_case_ending_is_a_place(intent, named):
    assert knowledge.names_place(intent, knowledge.world_places()) is named


def test_a_named_city_points_at_a_tool_that_takes_a_city():
    organs = {**TIME, "weather": [tool("get_weather_by_city", "Get the weather.", {"city": "Name of the city"})],
              "mail": [tool("send_mail", "Send an email.", {"to": "Recipient"})]}
    assert "weather.get_weather_by_city" in select("上海明天会下雨吗？", catalogue_from_mcp(organs)).exposed
    without = catalogue_from_mcp(organs, without=frozenset({Source.ZONES, Source.UNMATCHED}))
    assert "weather.get_weather_by_city" not in select("上海明天会下雨吗？", without).exposed


def test_a_zone_designation_beside_a_time_of_day_points_at_the_time_tools():
    catalogue = catalogue_from_mcp(TIME)
    assert "time.convert_time" in select("standup is 9am PST, what is that in IST?", catalogue).exposed
    assert {"PST", "PDT", "IST", "CEST", "JST"} <= knowledge.zone_designations()
    assert not knowledge.names_clock_time("walk the AST of the parser")  # no time of day: a tree, not a zone
    assert knowledge.names_clock_time("at 16:30") and knowledge.names_clock_time("4 p.m.")


def test_a_place_name_the_catalogue_uses_for_something_else_is_not_a_place():
    organs = {**TIME, "deploy": [tool("rollout", "Roll out to the central cluster.", {"name": "Deployment"})]}
    catalogue = catalogue_from_mcp(organs)
    assert ("central",) not in catalogue.places.folded and ("lisbon",) in catalogue.places.folded
    assert catalogue_from_mcp({"notes": TIME["notes"]}).places is None  # no time tools: no gazetteer


def test_zone_places_come_from_the_platform_database_with_accents_folded():
    places = knowledge.zone_places()
    assert places[("sao", "paulo")] == "America/Sao_Paulo"
    assert ("berlin",) in places and ("etc",) not in places
    assert "UTC" in knowledge.zone_abbreviations()


@pytest.mark.parametrize("extension, words", [("pdf", ("pdf",)), ("png", ("image", "png")),
                                              ("mp3", ("audio", "mpeg")), ("nosuchext", ())])
def test_a_file_extension_says_what_the_file_is_through_the_mime_table(extension, words):
    assert knowledge.media_words(extension) == words


def test_a_program_named_by_its_file_points_at_the_tool_that_runs_commands():
    if knowledge.PROGRAM not in knowledge.media_words("exe"):
        pytest.skip("the platform's MIME table does not know .exe as a program")
    organs = {"host": [tool("execute", "Execute a shell command on the machine.", {"command": "The command line."}),
                       tool("read_file", "Read the contents of a file.", {"path": "The file."}),
                       tool("stat_file", "Size and dates of a file.", {"path": "The file."})]}
    terms = query_terms("stop code.exe now", catalogue_from_mcp(organs))
    assert terms.get(lexicon.stem("command"), 0.0) > 0 and terms.get(lexicon.stem("execute"), 0.0) > 0
    assert lexicon.stem("command") not in query_terms("stop notes.txt now", catalogue_from_mcp(organs))


def test_acronyms_are_those_the_descriptions_define():
    vocabulary = Vocabulary(["service", "level", "agreement"],
                            ["Breach of the service level agreement (SLA) of an issue.", "JQL (Jira Query Language)"])
    assert vocabulary.acronym("sla") == ("service", "level", "agreement")
    assert vocabulary.acronym("jql") == ("jira", "query", "language")
    assert vocabulary.acronym("the") == () and vocabulary.acronym("xyz") == ()


@pytest.mark.parametrize("word, expected", [("k8s", ("kubernetes",)), ("msg", ("message",)),
                                            ("repo", ("repository",)), ("kubernetes", ()), ("zq", ())])
def test_numeronyms_truncations_and_skeletons_resolve_to_catalogue_words(word, expected):
    vocabulary = Vocabulary(["kubernetes", "message", "repository", "messages", "mess"], [])
    assert vocabulary.expanded(word) == expected


@pytest.mark.parametrize("term, expected", [("repo", ("repository",)), ("env", ("environment",)),
                                            ("page", ()), ("pages", ()), ("re", ()), ("repository", ())])
def test_a_short_term_completes_to_the_longer_catalogue_word_it_starts(term, expected):
    # not an inflection of itself (page -> pages), not a word too short to say anything, not a long one
    vocabulary = Vocabulary(["repo", "repository", "repository", "environment", "page", "pages", "paged"], [])
    assert vocabulary.completed(term) == expected


def test_a_cut_word_finds_the_tool_that_writes_it_in_full_though_a_parameter_uses_the_cut_form():
    code = {"code": [tool("search_repositories", "Search for repositories."),
                     tool("find_symbol", "Find a symbol."),
                     *[tool(f"get_thing_{n}", f"Get thing {n}.", {"repo": "Repository name", "owner": "Owner"})
                       for n in range(6)]]}
    catalogue, without = catalogue_from_mcp(code), catalogue_from_mcp(code, without=frozenset({Source.COMPLETIONS}))
    assert "repositori" in query_terms("find rust repos", catalogue)
    assert "repositori" not in query_terms("find rust repos", without)
    assert relevance("find rust repos", catalogue)[0] > relevance("find rust repos", without)[0]


def test_only_a_word_that_is_no_english_word_is_read_as_cut():
    assert selection.english("star") and selection.english("read")
    assert not selection.english("repos") and not selection.english("env")


VCS = {"vcs": [tool("commit", "Record changes to the repository.", {"message": "The commit message"}),
               tool("stage", "Put file contents in the index.", {"files": "What to put"}),
               tool("status", "The working tree's state.")],
       "tracker": [tool(f"change_{n}", f"Record change request {n} with its changes, in the tracker.",
                        {f"field_{k}": "A long description of a field of a change request" for k in range(8)})
                   for n in range(40)]}


def test_a_small_organ_the_intent_clearly_points_at_is_sent_whole():
    # staging shares no word with "commit my changes", but it is the commit's usual first step, and cheap
    exposed = set(select("commit my changes to the repository", catalogue_from_mcp(VCS)).exposed)
    assert {"vcs.commit", "vcs.stage", "vcs.status"} <= exposed
    without = catalogue_from_mcp(VCS, without=frozenset({Source.WHOLE}))
    assert "vcs.stage" not in select("commit my changes to the repository", without).exposed


def test_an_organ_too_big_for_its_share_of_the_budget_is_not_sent_whole():
    catalogue = catalogue_from_mcp(VCS)
    evidence = {k: 1.0 for k in range(len(catalogue.organs))}
    assert [catalogue.organ_names[k] for k in whole_organs(evidence, catalogue, 2000)] == ["vcs"]
    assert whole_organs({0: 0.2}, catalogue, 2000) == []  # a faint pointer is not enough


@pytest.mark.parametrize("intent, named", [
    ("how much 100,000 yen is in euros", True), ("is 250 dollars a lot there?", True), ("pay 50 € now", True),
    ("convert 20 USD to EUR", True), ("¥100,000 in pounds?", True),
    ("export $HOME first", False),  # a sign beside no number
    ("the yen fell today", False),  # a currency, but no amount of it
    ("the 3 files changed", False),
])
def test_an_amount_of_money_is_a_number_with_a_currency_word_code_or_sign(intent, named):
    assert knowledge.names_amount_of_money(intent, knowledge.cldr().currencies) is named


def test_the_word_most_languages_share_for_a_currency_is_what_it_is_called():
    assert {"yen", "euro", "euros", "dollar", "dollars", "rupee", "usd", "jpy"} <= knowledge.cldr().currencies


def test_an_amount_of_money_points_at_the_exchange_rate_tool():
    organs = {"fx": [tool("exchange_rate", "Retrieves rates: the base currency, target currency and the conversion rate.",
                          {"base": "Base currency"})],
              "notes": [tool("write_note", "Write a note to the notebook.", {"text": "The note"}),
                        tool("read_note", "Read how much is in the notebook.", {"name": "The note"})]}
    intent = "how much is 100,000 yen in euros"
    assert "fx.exchange_rate" in select(intent, catalogue_from_mcp(organs)).exposed
    assert "fx.exchange_rate" not in select(intent, catalogue_from_mcp(
        organs, without=frozenset({Source.CURRENCIES, Source.UNMATCHED}))).exposed
    assert catalogue_from_mcp({"notes": organs["notes"]}).currencies == frozenset()  # no such tools: not looked for


@pytest.mark.parametrize("intent, arithmetic", [
    ("what is 17.5% of 48,320 plus 2,150?", True),
    ("3×4 and then 12 + 5", True),
    ("p99 > 500 ms over 2 hours", False),
    ("release notes from 2.2 to 2.3", False),
    ("what is 42?", False),
])
def test_arithmetic_is_numbers_written_against_a_math_sign(intent, arithmetic):
    assert knowledge.names_arithmetic(intent) is arithmetic


def test_arithmetic_points_at_a_tool_named_for_calculating_and_not_at_one_merely_speaking_of_expressions():
    calculator = {"calc": [tool("calculate", "Evaluates the given expression.", {"expression": "The expression"})],
                  "notes": [tool("write_note", "Write a note to the notebook.", {"text": "The note"}),
                            tool("read_note", "Read a note of the notebook.", {"name": "The note"})]}
    intent = "what is 17.5% of 48,320 plus 2,150?"
    assert "calc.calculate" in select(intent, catalogue_from_mcp(calculator)).exposed
    assert "calc.calculate" not in select(intent, catalogue_from_mcp(
        calculator, without=frozenset({Source.ARITHMETIC, Source.MEANING, Source.UNMATCHED}))).exposed
    queries = {"prom": [tool("query", "Run a PromQL expression.", {"expr": "The expression"})]}
    assert not catalogue_from_mcp(queries).calculates


@pytest.mark.parametrize("intent, named", [
    ("ユーロからノルウェー・クローネの為替レートは？", True),  # two currencies, in katakana
    ("1,250ユーロだといくら", True),  # an amount: a number and the name
    ("100美元换成人民币", True),
    ("美元新闻", False),  # one currency named, no amount: news about it
    ("今晚吃什么？家里有鸡蛋和西红柿", False),
])
def test_a_currency_named_in_a_script_without_spaces_is_found_inside_its_run(intent, named):
    assert knowledge.names_amount_of_money(intent, knowledge.cldr().currencies) is named


@pytest.mark.parametrize("intent, symbol", [
    ("who calls parse_invoice?", True),
    ("list every call site of calculate_tax()", True),
    ("check the current useMutation docs", True),
    ("my iPhone and macOS laptop", False),
    ("who calls the billing team?", False),
])
def test_a_name_written_as_code_is_a_symbol(intent, symbol):
    assert lexicon.names_symbol(intent) is symbol


def test_a_symbol_in_the_request_points_at_the_tools_about_symbols():
    organs = {"code": [tool("find_referencing_symbols", "Finds the symbols that reference a given symbol.",
                            {"name_path": "Its name path"}),
                       tool("replace_content", "Replace text in a file.", {"path": "", "needle": ""})],
              "phone": [tool("call_number", "Place a phone call to a number or a contact.", {"to": "Who calls"})]}
    intent = "who calls parse_invoice?"
    assert "code.find_referencing_symbols" in select(intent, catalogue_from_mcp(organs), budget_tokens=200).exposed
    without = catalogue_from_mcp(organs, without=frozenset({Source.SYMBOLS, Source.MEANING, Source.EVERYDAY}))
    assert "code.find_referencing_symbols" not in select(intent, without, budget_tokens=200).exposed


@pytest.mark.parametrize("name, kind", [
    ("examplecorp.io", knowledge.Host.DOMAIN), ("apple.de", knowledge.Host.DOMAIN),
    ("amaz0n.com", knowledge.Host.EITHER),  # the system's MIME table also knows .com as a DOS program
    ("qa@example.com", knowledge.Host.EMAIL),
    ("README.md", knowledge.Host.FILE), ("run.sh", knowledge.Host.FILE), ("goods.xlsx", knowledge.Host.FILE),
    ("Main.java", knowledge.Host.FILE), ("docs/intro.io", knowledge.Host.FILE),
])
def test_a_dotted_name_ending_in_a_top_level_domain_is_a_host_unless_the_ending_is_a_kind_of_file(name, kind):
    if not knowledge.top_level_domains():
        pytest.skip("no Public Suffix List on this machine")
    assert knowledge.host_kind(name) == kind


@pytest.mark.parametrize("name", [".env.example", ".github.io", ".npmrc.dev"])
def test_a_dotted_name_that_starts_with_a_dot_is_a_hidden_file_never_a_host(name):
    assert knowledge.host_kind(name) == knowledge.Host.FILE


def test_a_bare_domain_points_at_the_domain_tools_and_is_all_an_address_taker_needs():
    if not knowledge.top_level_domains():
        pytest.skip("no Public Suffix List on this machine")
    organs = {"whois": [tool("whois_domain", "Look up the registration of a domain.", {"domain": "The domain"})],
              "fetch": [tool("fetch", "Fetches content from the internet.", {"url": "URL to fetch"})],
              "files": [tool("read_file", "Read a file from disk.", {"path": "Which file"}),
                        tool("write_file", "Write a file to disk.", {"path": "Which file"})]}
    intent = "who is behind examplecorp.io and what do they sell there?"
    on = select(intent, catalogue_from_mcp(organs, without=frozenset({Source.MEANING})), budget_tokens=250)
    off = select(intent, catalogue_from_mcp(organs, without=frozenset({Source.MEANING, Source.DOMAINS})),
                 budget_tokens=250)
    assert set(on.exposed[:2]) == {"whois.whois_domain", "fetch.fetch"}
    assert "files.read_file" in off.exposed[:2]


@pytest.mark.parametrize("intent", ["Do I need an umbrella in Milan tomorrow?", "weather for Bangalore this weekend",
                                    "parkeggio vicino al Duomo di Firenze?", "北京明天天气"])
def test_a_large_city_of_geonames_is_a_place_though_no_time_zone_is_named_for_it(intent):
    assert knowledge.names_place(intent, knowledge.world_places())
    assert not knowledge.names_place(intent, knowledge.world_places(cities=False))


@pytest.mark.parametrize("intent", ["ship it in March", "Reading the logs now", "a nice split of the work",
                                    "explain REST to me"])
def test_words_that_are_also_small_towns_or_start_a_sentence_are_not_places(intent):
    assert not knowledge.names_place(intent, knowledge.world_places())


def test_a_city_named_inside_a_path_is_a_file_name_not_a_place():
    catalogue = catalogue_from_mcp(TIME, without=frozenset({Source.MEANING}))
    zone = lexicon.stem("timezone")
    assert zone in query_terms("what is the hour in Rome now?", catalogue)
    assert zone not in query_terms("save the summary to /root/markdown/Rome.md", catalogue)


def test_without_the_cities_file_or_a_suffix_list_the_sources_fall_back_to_nothing(monkeypatch, tmp_path):
    monkeypatch.setattr(knowledge, "CITIES_FILE", tmp_path / "missing.tsv.gz")
    monkeypatch.setitem(sys.modules, "publicsuffixlist", None)
    monkeypatch.setattr(knowledge, "SUFFIX_LISTS", ())
    for cached in (knowledge.geonames_cities, knowledge.top_level_domains):
        cached.cache_clear()
    try:
        assert knowledge.geonames_cities() == ()
        assert knowledge.top_level_domains() == frozenset()
        assert knowledge.host_kind("examplecorp.io") == knowledge.Host.FILE
    finally:
        for cached in (knowledge.geonames_cities, knowledge.top_level_domains):
            cached.cache_clear()


def test_the_shipped_cities_gazetteer_is_sorted_tab_separated_names_with_real_zones():
    import zoneinfo
    rows = knowledge.geonames_cities()
    assert len(rows) > 10_000 and list(rows) == sorted(set(rows))
    zones = zoneinfo.available_timezones()
    assert all(len(row) == 2 and row[0] and row[1] in zones for row in rows)


@pytest.mark.parametrize("intent, named", [
    ("how much is one hundred euros in japanese yen right now", True),  # spoken, as dictation writes it
    ("i have two dollars left", True),
    ("convert euros to yen", True),  # two currencies named: an exchange
    ("mark the units of value", False),  # words that name old currencies or funds, and everyday words
    ("compare India and Kenya", False),  # a country's name is what most languages call its currency
])
def test_an_amount_may_be_spoken_and_two_currencies_named_are_an_exchange(intent, named):
    cldr = knowledge.cldr()
    assert knowledge.names_amount_of_money(intent, cldr.currencies, cldr.currency_names) is named


def test_number_words_are_read_from_unicodes_names_of_numeric_characters():
    assert {"one", "twelve", "twenty", "ninety", "hundred", "thousand"} <= knowledge.number_words()
    assert "comma" not in knowledge.number_words()  # DIGIT ONE COMMA is a digit and its punctuation


@pytest.mark.parametrize("intent, arithmetic", [
    ("what's seven hundred eighty nine times four hundred fifty six divided by twelve", True),
    ("How much is 394 times 213?", True),
    ("between five and ten", False),
    ("run it 3 times for 5 minutes", False),
])
def test_arithmetic_may_be_said_in_words(intent, arithmetic):
    assert knowledge.names_arithmetic(intent) is arithmetic


def test_a_page_named_without_its_scheme_is_a_url_and_an_image_reference_is_not():
    if not knowledge.top_level_domains():
        pytest.skip("no Public Suffix List on this machine")
    def kinds(intent):
        return [kind for kind, _ in selection.hosts(lexicon.references(intent)[1])]
    assert kinds("their status page is lufthansa.com/flightstatus") == ["url"]
    assert kinds("edit config.d/nginx.conf") == ["file"]
    assert "url" not in kinds("bump web to image registry.acme.io/web:1.8.2")


def test_a_place_of_several_words_counts_in_any_case_unless_they_are_everyday_english():
    places = knowledge.world_places()
    assert knowledge.names_place("oye qué hora es en ciudad de méxico ahorita", places)
    assert not knowledge.names_place("walk along the long beach path", places)


def test_a_word_of_another_language_reads_as_the_catalogue_word_it_shares_a_stem_with():
    vocabulary = Vocabulary(["commit", "changes", "documentation", "capture", "wikipedia"], [])
    assert vocabulary.cognate("committer") == ("commit",)
    assert vocabulary.cognate("documentación") == ("documentation",)
    assert vocabulary.cognate("wikipédia") == ("wikipedia",)
    assert vocabulary.cognate("changements") == ()  # chang- is under 60% of the word: a chance prefix


def test_wordnet_derivations_relate_a_verb_to_the_noun_a_catalogue_uses():
    from broker.text import derived
    assert "memory" in derived("remember")
    assert "storage" in derived("store")


def test_a_verb_the_catalogue_lacks_is_read_through_its_opposite_and_what_that_derives():
    organs = {"memory": [tool("delete_entities", "Delete entities from the knowledge graph.", {"names": "Their names"}),
                         tool("search_nodes", "Search the nodes of the knowledge graph.", {"query": "What to find"})],
              "billing": [tool("list_invoices", "List the invoices of the billing service.", {"service": "Which service"}),
                          tool("void_invoice", "Void an invoice of the billing service.", {"invoice": "Which invoice"})]}
    intent = "forget everything about the old vendor"
    on = catalogue_from_mcp(organs, without=frozenset({Source.MEANING, Source.UNMATCHED}))
    off = catalogue_from_mcp(organs, without=frozenset({Source.MEANING, Source.UNMATCHED, Source.OPPOSITES}))
    assert query_terms(intent, on).get("memori") == selection.W_DERIVED  # forget -> remember -> memory
    assert "memori" not in query_terms(intent, off)
    assert {"memory.delete_entities", "memory.search_nodes"} <= set(select(intent, on, budget_tokens=300).exposed)
    assert "memory.delete_entities" not in select(intent, off, budget_tokens=300).exposed
    # a stop word's opposite says nothing of the topic (have -> lack), and a word the catalogue holds is itself
    assert query_terms("what do you have on Priya?", on) == {}


def test_an_organ_called_by_its_name_or_a_word_derived_from_it_is_sent_whole():
    organs = {"memory": [tool("create_entities", "Create new entities in the knowledge graph.", {"entities": "The entities"}),
                         tool("search_nodes", "Search the nodes of the knowledge graph.", {"query": "What to find"})],
              "billing": [tool("list_invoices", "List the invoices of the billing service.", {"service": "Which service"}),
                          tool("email_invoice", "Email an invoice to its owner.", {"invoice": "Which invoice"}),
                          tool("void_invoice", "Void an invoice of the billing service.", {"invoice": "Which invoice"})]}
    intent = "remember that Priya owns the billing service"
    on = select(intent, catalogue_from_mcp(organs, without=frozenset({Source.MEANING})))
    off = select(intent, catalogue_from_mcp(organs, without=frozenset({Source.MEANING, Source.NAMED_ORGAN})))
    assert {"memory.create_entities", "memory.search_nodes"} <= set(on.exposed)
    assert "memory.create_entities" not in off.exposed


def _wiki_and_others() -> dict[str, list[dict]]:
    # a named organ whose tools' texts differ in length (BM25 weighs the name's term by it), and other organs
    return {"notion": [tool("get_self", "Retrieve your token's bot user."),
                       tool("append_block_children", "Append block children to a block of a page.",
                            {"block_id": "The block to append to", "children": "The blocks to append: paragraph, "
                             "heading, bulleted list item, numbered list item, quote, callout, code, divider"}),
                       tool("retrieve_comment", "Retrieve a comment, its author, its discussion and its rich text "
                            "as written on a page or a block, with the times it was created and edited.",
                            {"comment_id": "The comment", "discussion_id": "The discussion thread it belongs to",
                             "page_size": "How many comments to return at most, from one to one hundred",
                             "start_cursor": "Where the previous call stopped, to read the next ones"})],
            "billing": [tool("list_invoices", "List the invoices of the billing service.", {"service": "Which service"}),
                        tool("void_invoice", "Void an invoice of the billing service.", {"invoice": "Which invoice"})],
            "clock": [tool("now", "The current time in a time zone.", {"zone": "An IANA time zone"})]}


def test_a_named_organs_name_ranks_none_of_its_tools_above_another_and_the_rest_of_the_words_do():
    organs = _wiki_and_others()
    intent = "in notion, show me who I am"  # the rest of the words match none of notion's tools
    on = catalogue_from_mcp(organs, without=frozenset({Source.MEANING}))
    off = catalogue_from_mcp(organs, without=frozenset({Source.MEANING, Source.NAMED_EVENLY}))
    positions = [on.by_address[f"notion.{name}"] for name in ("get_self", "append_block_children", "retrieve_comment")]
    evened, raw = relevance(intent, on), relevance(intent, off)
    assert len({raw[i] for i in positions}) == 3  # without the rule, a tool's length ranks it by the name
    assert len({evened[i] for i in positions}) == 1
    # a word beside the name ranks the tool it matches first, though its text is longer than another's
    evened, raw = relevance("that notion thread", on), relevance("that notion thread", off)
    assert max(positions, key=lambda i: evened[i]) == on.by_address["notion.retrieve_comment"]
    assert max(positions, key=lambda i: raw[i]) == on.by_address["notion.get_self"]


def test_an_organ_not_named_keeps_its_tools_scores_as_bm25_gives_them():
    organs = _wiki_and_others()
    intent = "void the last invoice of the billing service"  # billing is named; notion is not
    on = catalogue_from_mcp(organs, without=frozenset({Source.MEANING}))
    off = catalogue_from_mcp(organs, without=frozenset({Source.MEANING, Source.NAMED_EVENLY}))
    assert relevance("show me a page and its comments", on) == relevance("show me a page and its comments", off)
    assert select(intent, on).exposed[0] == "billing.void_invoice"


def test_a_web_search_brings_the_fetcher_of_another_organ_to_open_what_it_finds():
    organs = {"search": [tool("web_search", "Performs a web search and returns the results.", {"query": "What to find"})],
              "fetch": [tool("fetch", "Fetches a URL from the internet.", {"url": "URL to fetch"})],
              "notes": [tool("list_notes", "List the notes of the notebook.", {"folder": "Which folder"})]}
    catalogue = catalogue_from_mcp(organs)
    search, fetch, notes = (catalogue.by_address[a] for a in ("search.web_search", "fetch.fetch", "notes.list_notes"))
    assert fetch in catalogue.companions[search]
    assert fetch not in catalogue.companions[notes]  # a listing that gives out no pages
    assert fetch not in catalogue_from_mcp(organs, without=frozenset({Source.OPENER})).companions[search]


def test_a_quotation_in_a_request_is_a_literal_and_a_file_inside_it_is_still_a_file():
    rest, found = lexicon.references("read the notion page 'Payments API spec' and /tmp/notes.md", quotes=True)
    assert ("quote", "'Payments API spec'") in found and ("file", "/tmp/notes.md") in found
    assert "Payments" not in rest
    assert lexicon.references("what's the status of it?", quotes=True)[1] == []  # an apostrophe is no quote


def test_a_long_unknown_word_reads_as_the_code_the_catalogue_writes_in_capitals_for_it():
    written = ['{"description":"Cryptocurrency symbol (e.g., BTC, ETH)","pptx":"A PPT deck"}']
    vocabulary = Vocabulary(["cryptocurrency", "symbol", "btc", "eth", "ppt", "deck"], [], written)
    assert vocabulary.code("bitcoin") == ("btc",)  # the start of its consonant skeleton, b-t-c-n
    assert vocabulary.code("ethereum") == ("eth",)  # its start cut short
    assert vocabulary.code("passport") == ()  # p-s-s-p-r-t: PPT's letters are in it, not at its start
    assert vocabulary.code("btc") == ()  # a word the catalogue knows is itself
    assert Vocabulary(["btc"], [], ["no capitals: btc"]).code("bitcoin") == ()


def test_a_coin_named_in_full_finds_the_tool_whose_schema_gives_its_ticker():
    organs = {"crypto": [tool("get_price", "Current price and 24h stats", {"symbol": "Cryptocurrency symbol (e.g., BTC, ETH)"}),
                         tool("get_news", "Latest market news headlines", {"topic": "What the news is about"})],
              "weather": [tool("get_forecast", "Weather forecast for a city", {"city": "The city"})]}
    catalogue = catalogue_from_mcp(organs)
    assert select("what's bitcoin doing", catalogue, budget_tokens=150).exposed[0] == "crypto.get_price"
    without = catalogue_from_mcp(organs, without={Source.CODES})
    assert "btc" not in query_terms("what's bitcoin doing", without)


@pytest.mark.parametrize(("request_text", "expected"), [
    ("checkout latency p99 over the last hour", True), ("p99.9 of the api", True), ("checkout 服务的p95是多少", True),
    ("P1 incident on checkout", False), ("获取阿迪达斯的p4工单", False), ("convert song.mp3 at p128", False),
])
def test_a_percentile_is_read_as_monitoring_writes_it_and_a_priority_is_not_one(request_text, expected):
    assert lexicon.names_percentile(request_text) is expected


def test_a_percentile_in_a_request_brings_the_tool_of_quantiles():
    organs = {"metrics": [tool("query_histogram", "Query histogram percentiles of a metric", {"metric": "The metric"}),
                          tool("query_range", "Query a metric over a time range", {"metric": "The metric"}),
                          tool("list_alerts", "List the alerts that fire", {})]}
    catalogue = catalogue_from_mcp(organs)
    assert "percentil" in query_terms("checkout latency p99 over the last hour", catalogue)
    assert "percentil" not in query_terms("checkout latency p99 over the last hour",
                                          catalogue_from_mcp(organs, without={Source.PERCENTILES}))


def test_an_amount_in_a_currencys_english_name_of_several_words_is_money():
    cldr = knowledge.cldr()
    def money(text):
        return knowledge.names_amount_of_money(text, cldr.currencies, cldr.currency_names, cldr.currency_phrases)
    assert cldr.currency_phrases[("us", "dollars")] == "USD"
    assert money("You have 5000 US dollars for the trip")  # a number, then the currency's whole name
    assert money("how much are US dollars in Japanese yen")  # two currencies by their names
    assert not money("the Japanese yen fell today")  # one currency named, and no amount


def test_a_measure_and_another_unit_of_its_quantity_is_a_conversion():
    units = knowledge.units()
    assert units[("centimeters",)] == "length"
    assert knowledge.names_unit_conversion("a vase 24 inches tall, how tall in centimeters?", units)
    assert not knowledge.names_unit_conversion("find parks within a 10 mile radius, 5 miles at most", units)
    assert not knowledge.names_unit_conversion("you weigh 75 kilograms on Earth", units)


def test_a_unit_conversion_brings_the_converter_only_in_a_catalogue_with_a_tool_named_for_it():
    organs = {"tools": [tool("unit_conversion.convert", "Convert a value from one unit to another", {"value": "The value"}),
                        tool("get_weather", "Weather of a city", {"city": "The city"})]}
    request = "a vase 24 inches tall, how tall in centimeters?"
    assert "convert" in query_terms(request, catalogue_from_mcp(organs))
    assert "convert" not in query_terms(request, catalogue_from_mcp(organs, without={Source.UNITS}))
    assert not catalogue_from_mcp({"tools": organs["tools"][1:]}).units


@pytest.mark.parametrize(("request_text", "expected"), [
    ("what is Imjin war", True), ("who is ji sung park?", True), ("Who was Hedy Lamarr? short version", True),
    ("what's in the config folder?", False), ("what is the forecast for tomorrow", False), ("whatever is left", False),
])
def test_a_question_of_who_or_what_something_is_is_told_from_other_questions(request_text, expected):
    assert lexicon.asks_identity(request_text) is expected


def test_a_question_of_identity_brings_the_tool_that_looks_things_up():
    organs = {"tools": [tool("web.search", "Retrieve up-to-date information by searching the web", {"keyword": "The term"}),
                        tool("get_weather", "Weather of a city", {"city": "The city"}),
                        tool("book_flight", "Book a flight between two airports", {"origin": "From where"})]}
    assert select("who is ji sung park?", catalogue_from_mcp(organs), budget_tokens=200).exposed[:1] == ("tools.web.search",)
    assert "search" not in query_terms("who is ji sung park?", catalogue_from_mcp(organs, without={Source.QUESTIONS}))


def test_a_number_is_a_port_only_beside_the_service_registered_on_it():
    services = {"5432": frozenset({"postgresql", "postgres"}), "22": frozenset({"ssh"})}
    assert knowledge.names_service_port("let me hit the postgres in staging from my laptop on 5432", services)
    assert knowledge.names_service_port("ssh on 22 is refused", services)
    assert not knowledge.names_service_port("I have 22 apples and a postgres dump", services)


def test_the_platforms_services_file_names_the_registered_ports(tmp_path, monkeypatch):
    services = tmp_path / "services"
    services.write_text("ssh\t\t22/tcp\t\t# SSH\npostgresql\t5432/tcp\tpostgres\t# PostgreSQL\n", encoding="utf-8")
    monkeypatch.setattr(knowledge, "SERVICES_FILE", str(services))
    knowledge.services.cache_clear()
    try:
        assert knowledge.services() == {"22": frozenset({"ssh"}), "5432": frozenset({"postgresql", "postgres"})}
    finally:
        knowledge.services.cache_clear()


def test_a_service_and_its_port_bring_the_tool_that_forwards_ports():
    organs = {"kubernetes": [tool("port_forward", "Forward a local port to a port on a resource", {"resourceName": "Name"}),
                             tool("get_logs", "Get the logs of a pod", {"pod": "The pod"}),
                             tool("scale_deployment", "Scale a deployment", {"name": "The deployment"})]}
    request = "let me hit the postgres in staging from my laptop on 5432"
    if "5432" not in knowledge.services():
        pytest.skip("the platform has no services file naming 5432")
    assert "port" in query_terms(request, catalogue_from_mcp(organs))
    assert "port" not in query_terms(request, catalogue_from_mcp(organs, without={Source.PORTS}))


def test_an_everyday_english_word_is_itself_and_not_an_abbreviation_of_a_catalogue_word():
    organs = {"web": [tool("send_payload", "Send a payload to a repository of messages"),
                      tool("reduce_motion", "Emulate the reduced-motion media feature")]}
    catalogue = catalogue_from_mcp(organs)
    assert "payload" not in query_terms("customers cant pay anymore", catalogue)  # pay (Zipf 5.5) is a word
    assert "reduc" not in query_terms("why is the build red again", catalogue)  # red (Zipf 5.3) too
    assert "repositori" in query_terms("open the repo", catalogue)  # abbreviations people type are rarer
    assert "messag" in query_terms("read the msg", catalogue)
    ablated = catalogue_from_mcp(organs, frozenset({Source.WHOLE_WORDS}))
    assert "payload" in query_terms("customers cant pay anymore", ablated)


DOCS = {"docs": [tool("resolve-library-id", "Resolves a package name to a library ID. Call it before querying the "
                      "documentation.", {"libraryName": "The library's name"}),
                 tool("query-docs", "Up-to-date documentation and code examples for any programming library.",
                      {"libraryId": "The library ID"})],
        "git": [tool("git_log", "Shows the commit logs", {"repo_path": "Repository"}),
                tool("git_diff", "Shows the changes of a commit", {"repo_path": "Repository"})],
        "books": [tool("find_book", "Find a book in the city library", {"title": "The title"})]}


def test_the_tools_answering_from_a_librarys_documentation_are_those_whose_descriptions_say_so():
    catalogue = catalogue_from_mcp(DOCS)
    # the book finder speaks of a library but not of documentation; a schema's words do not count
    assert [catalogue.tools[i].address for i in catalogue.documenters] == ["docs.resolve-library-id",
                                                                            "docs.query-docs"]
    assert catalogue_from_mcp(DOCS, without=frozenset({Source.PACKAGES})).documenters == ()


@pytest.mark.parametrize("intent, named", [
    ("how am I supposed to fetch reads with pysam's AlignmentFile these days?", True),  # no English word
    ("how do I configure retries on an httpx client?", True),
    ("Làm sao để dùng torch.compile với dynamic shapes?", True),  # an English word written as code
    ("is requests.get still the way to set a timeout?", True),
    ("pass the torch to the next runner", False),  # an English word written as one
    ("click the button and read the rich text", False),
    ("the CLI prints nothing", False),  # in capitals: an acronym
    ("I need a new PostgreSQL server", False),  # in mixed case: a product's name
    ("open localhost:3000 and look", False),  # part of an address
    ("save it as torch.py", False),  # a file: its ending is a media type
])
def test_a_library_is_named_by_a_name_that_is_no_english_word_or_by_one_written_as_code(intent, named):
    known = {"pysam": False, "httpx": False, "torch": True, "requests": True, "click": True, "rich": True,
             "cli": True, "postgresql": False, "localhost": False}
    assert knowledge.names_package(intent, known) is named


def test_a_named_library_brings_the_tools_that_answer_from_its_documentation():
    catalogue = catalogue_from_mcp(DOCS)
    if "pysam" not in catalogue.packages:
        pytest.skip("the package gazetteer is not shipped")
    request = "how am I supposed to fetch reads from a region with pysam's AlignmentFile these days?"
    found = relevance(request, catalogue)
    assert {"docs.resolve-library-id", "docs.query-docs"} <= {catalogue.tools[i].address for i in found}
    ablated = catalogue_from_mcp(DOCS, without=frozenset({Source.PACKAGES}))
    assert not {"docs.resolve-library-id", "docs.query-docs"} & {ablated.tools[i].address
                                                                  for i in relevance(request, ablated)}


def test_a_library_name_the_catalogue_uses_is_the_catalogues_word():
    catalogue = catalogue_from_mcp(DOCS)
    assert "git" in knowledge.packages() and "git" not in catalogue.packages  # python3-git: but git is the organ


def test_the_shipped_package_gazetteer_is_sorted_lower_case_names_with_english_words_and_languages_marked():
    import gzip
    with gzip.open(knowledge.PACKAGES_FILE, "rt", encoding="utf-8") as rows:
        lines = [line.rstrip("\n").split("\t") for line in rows]
    names = [line[0] for line in lines]
    assert len(names) > 5_000 and names == sorted(set(names)) and all(n == n.lower() for n in names)
    assert all(len(line) == 3 and line[1] in ("", "word") and line[2] for line in lines)
    assert {language for line in lines for language in line[2].split()} == {"python", "node", "rust", "ruby", "r"}
    known = knowledge.packages()
    assert known["pysam"] is False and known["requests"] is True and known["click"] is True


def test_without_the_package_gazetteer_no_word_is_a_library(monkeypatch, tmp_path):
    monkeypatch.setattr(knowledge, "PACKAGES_FILE", tmp_path / "missing.txt.gz")
    knowledge.packages.cache_clear()
    try:
        assert knowledge.packages() == {}
        assert catalogue_from_mcp(DOCS).packages == {}
    finally:
        knowledge.packages.cache_clear()
