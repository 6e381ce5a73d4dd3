"""The shared text layer: words, identifiers, stems, stop words, CJK pairs and the word-list loader."""

from __future__ import annotations

import time

import pytest

import broker.text as text
from broker.text import lists


@pytest.mark.parametrize("name, expected", [
    ("PullRequest", ["pull", "request"]),
    ("pull_requests", ["pull", "requests"]),
    ("repo_path", ["repo", "path"]),
    ("kebab-case-name", ["kebab", "case", "name"]),
    ("HTTPServer", ["http", "server"]),
    ("getHTTPResponse", ["get", "http", "response"]),
    ("S3Bucket", ["s3", "bucket"]),
    ("listPRs", ["list", "prs"]),
])
def test_identifiers_split_on_snake_kebab_and_camel_case(name, expected):
    assert text.split_identifier(name) == expected
    assert text.words(name) == expected


@pytest.mark.parametrize("word", ["python3", "utf8", "k8s", "o200k", "sha256sum", "v2", "2xx", "404"])
def test_digits_stay_with_the_letters_they_are_written_with(word):
    assert text.words(word) == [word]


def test_words_are_lowercase_and_split_on_punctuation_keeping_cjk_runs_whole():
    assert text.words("Run `npm ci`, then 提交代码!") == ["run", "npm", "ci", "then", "提交代码"]


def test_other_alphabets_are_read_as_their_latin_transliteration_and_cjk_stays_as_written():
    assert text.words("сделай деплой на сервер") == ["sdelay", "deploy", "na", "server"]
    assert text.words("Η φόρμα στο staging") == ["i", "forma", "sto", "staging"]
    assert text.words("сколько") == ["skolko"], "a soft sign transliterates to an apostrophe: it goes, the word stays"
    assert text.words("สคริปต์") == ["skhript"], "vowel signs are marks, not letters: read with their word"
    assert text.words("デモ環境 서버") == ["デモ環境", "서버"]


def test_a_latin_word_with_letters_beyond_latin_1_is_one_word():
    assert text.words("felhőszámla Przełącz gałąź İstanbul") == ["felhoszámla", "przelacz", "galaz", "istanbul"]
    assert text.words("naïve café — “quoted”") == ["naïve", "café", "quoted"], "Latin-1 and punctuation unchanged"


@pytest.mark.parametrize("forms, stem", [
    (("failing", "failed", "fails", "fail"), "fail"),
    (("deleting", "delete", "deleted"), "delet"),
    (("running", "runs"), "run"),
    (("tests", "testing"), "test"),
])
def test_inflections_share_one_snowball_stem(forms, stem):
    assert {text.stem(f) for f in forms} == {stem}


def test_short_words_numbers_and_identifiers_with_digits_are_their_own_stems():
    assert [text.stem(w) for w in ("ls", "go", "404", "python3")] == ["ls", "go", "404", "python3"]


def test_terms_drop_stop_words_bare_numbers_and_single_letters():
    assert text.terms("Please fix the 3 failing tests in a minute") == ["fix", "fail", "test", "minut"]
    assert text.is_stopword("the") and not text.is_stopword("delete") and not text.is_stopword("show")


def test_cjk_text_becomes_character_pairs_without_stop_characters():
    assert text.cjk_bigrams("提交代码的时候") == ["提交", "交代", "代码", "时候"]
    assert text.terms("运行测试") == ["运行", "行测", "测试"]
    assert text.cjk_bigrams("我的") == []
    assert text.cjk_bigrams("测试测试", unique=False) == ["测试", "试测", "测试"]


def test_paths_and_file_names_are_found_in_a_text():
    assert text.paths("edit src/app.py and README.md, e.g. now") == ["src/app.py", "readme.md"]


@pytest.mark.parametrize("word", ["a" * 100_000, "1." * 50_000, "/" * 100_000, "~1" * 50_000, "1.." * 33_000])
def test_a_long_word_is_read_for_paths_in_time_that_grows_with_its_length_not_its_square(word):
    started = time.process_time()
    text.paths(f"see {word} and src/app.py")
    assert time.process_time() - started < 1.0  # 8,000 letters took 0.8 s; these 100,000 would take two minutes


@pytest.mark.parametrize("said, found", [
    ("edit ..env.local, ~notes.md and a/b/ then a.py+b.py", ["env.local", "notes.md", "a/b", "a.py+b.py"]),
    ("run ./scripts/release.sh -v 1.2.3 in ~/proj/", ["scripts/release.sh", "~/proj"]),
])
def test_paths_are_found_at_the_start_of_their_run_and_after_the_dots_before_a_name(said, found):
    assert text.paths(said) == found


def test_a_dotted_name_that_goes_on_or_is_called_is_no_file():
    assert text.paths("Unity -executeMethod Game.Tools.BuildScripts.BuildAddressables") == []
    assert text.paths("julia -e 'using Pkg; Pkg.test()' then read app.tar.gz") == ["app.tar.gz"]


def test_camelcase_names_are_read_whole_once_each():
    assert text.camel_names("using JuliaFormatter; JuliaFormatter.format(); GitHub iOS PR XMLHttp") == [
        "juliaformatter", "github"]


def test_a_file_name_with_a_long_extension_is_a_file_name():
    assert text.paths("xcodebuild -workspace App.xcworkspace") == ["app.xcworkspace"]
    assert text.paths("write local.properties then build") == ["local.properties"]
    assert text.basename("deploy/config/conf.yaml") == "conf.yaml"


def test_word_lists_are_data_files_with_comments():
    stop = text.load_words("stopwords")
    assert "the" in stop and "#" not in "".join(stop)
    assert "的" in "".join(text.load_words("cjk_stop_chars"))


def test_a_section_of_a_word_list_is_read_up_to_its_blank_line():
    openers = text.load_section("stopwords", "articles, pronouns, determiners")
    assert {"the", "my", "they", "something"} <= openers
    assert not openers & {"can", "would", "to", "please"}  # the next sections' words
    assert openers < text.load_words("stopwords")
    with pytest.raises(ValueError, match="no section 'nope'"):
        text.load_section("stopwords", "nope")


def test_a_missing_or_badly_named_word_list_is_a_precise_error():
    with pytest.raises(ValueError, match="no word list named 'nope'"):
        text.load_words("nope")
    with pytest.raises(ValueError, match="bad word-list name"):
        text.load_words("../stopwords")


def test_a_pairs_file_maps_keys_to_values_and_rejects_bad_lines(monkeypatch):
    files = {"good": "# synonyms\nrepo: repository\npr: pull request  # a comment\n",
             "bad": "repo repository\n", "twice": "a: b\na: c\n"}
    monkeypatch.setattr(lists, "_read", lambda name: files[name])
    lists.load_pairs.cache_clear()
    try:
        assert text.load_pairs("good") == {"repo": ("repository",), "pr": ("pull", "request")}
        with pytest.raises(ValueError, match=r"bad\.txt:1: expected `key: value"):
            text.load_pairs("bad")
        with pytest.raises(ValueError, match=r"twice\.txt:2: 'a' is already defined"):
            text.load_pairs("twice")
    finally:
        lists.load_pairs.cache_clear()


def test_a_word_of_work_relates_to_the_programs_that_do_it_after_stemming():
    assert {"pytest", "jest", "rspec"} <= set(text.related(text.stem("testing")))
    assert "pip" in text.related(text.stem("dependencies")) and "kubectl" in text.related(text.stem("pods"))
    assert text.related(text.stem("haiku")) == ()
    assert all(entry == entry.lower() for entries in text.load_pairs("related").values() for entry in entries)


@pytest.mark.parametrize("source, left", [
    ("RUST-190: local builds are slow", " : local builds are slow"),
    ("INFRA-372 and GO-25 then DS-1234", "  and   then  "),
    ("UTF-8, x86-64, ISO 8601, gpt-4o, v1.2-34", "UTF-8, x86-64, ISO 8601, gpt-4o, v1.2-34"),  # no ticket keys
])
def test_issue_tracker_keys_are_blanked_out_and_nothing_else(source, left):
    assert text.without_tickets(source) == left


def test_a_list_of_phrases_keeps_its_lines_in_order():
    assert lists.load_lines("memory-advice")[:3] == ("hint", "help", "note")


def test_wordnet_opposites_relate_a_verb_to_its_antonyms_and_nothing_else():
    from broker.text import opposites
    assert "remember" in opposites("forget")
    assert "lock" in opposites("unlock")
    assert opposites("night") == ()  # a noun's opposite (day) speaks of something else: verbs only
    assert opposites("zzzz") == ()


@pytest.mark.parametrize("source, named", [
    ("install pandas", ["pandas"]),
    ("pip install numpy", ["numpy"]),
    ("install pandas and matplotlib", ["pandas"]),  # `and` breaks the clause: matplotlib is another errand's
    ("install pandas and plot the forecast", ["pandas"]),  # forecast is a library too, but nothing installs it
    ("install pandas and plot the 10-day forecast to forecast.png", ["pandas"]),
    ("Upgrade httpx, then rerun the tests", ["httpx"]),
    ("install the new printer driver", []),
    ("upgrade the build server", []),  # build is a library's name too, and an everyday word
    ("add the forecast chart to the dashboard", []),  # `add` is as often any edit's
    ("plot the forecast with pandas", []),  # a library named, not installed
    ("install scikit-learn", ["scikit"]),  # the registry's name of Debian's python3-sklearn, as its words read it
    ("pip install Pillow and python-dateutil", ["pillow"]),
])
def test_a_library_is_named_where_an_install_verb_takes_it_as_its_operand(source, named):
    assert list(text.libraries(source)) == named


def test_a_library_reaches_the_package_managers_of_the_languages_it_is_published_for():
    assert {"pip", "uv"} <= set(text.library_managers("pandas")) and "npm" not in text.library_managers("pandas")
    assert set(text.library_managers("lodash")) == {"npm", "pnpm", "yarn"}
    assert {"pip", "npm", "cargo"} <= set(text.library_managers("yaml"))  # a name several languages publish
    assert text.library_managers("printer") == ()
