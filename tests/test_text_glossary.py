"""The words of work in other languages read as their English (broker/text/glossary.py, data/work-glossary.txt)."""

from __future__ import annotations

import bisect
import gzip
import time
from importlib import resources

import pytest

import broker.text as text
from actors.memory import recall
from broker.text import glossary


@pytest.mark.parametrize("query, expected", [
    ("despliega el servicio de pagos en staging", "despliega deploy el servicio service de pagos en staging"),
    ("Führe die Tests aus und lösche den Cache", "Führe run die Tests aus und lösche delete den Cache"),
    ("redémarrer le conteneur nginx", "redémarrer restart le conteneur container nginx"),
    ("instalar as dependências do projeto", "instalar install as dependências dependencies do projeto project"),
    ("aggiorna la libreria", "aggiorna update la libreria library"),
    ("почини сборку", "почини fix сборку build"),
])
def test_a_word_of_work_in_a_latin_or_cyrillic_script_is_followed_by_its_english(query, expected):
    assert text.gloss(query) == expected


@pytest.mark.parametrize("query, english", [
    ("テストを実行して", ["test", "run"]),
    ("修复登录页面的错误", ["fix", "login", "page", "error"]),
    ("배포를 롤백해줘", ["publish", "deploy", "rollback"]),
    ("依存関係を更新", ["dependency", "update"]),
])
def test_a_cjk_or_hangul_word_of_work_is_found_inside_its_run(query, english):
    glossed = text.gloss(query)
    assert [w for w in text.words(glossed) if not text.is_cjk(w)] == english
    assert "".join(w for w in text.words(glossed) if text.is_cjk(w)) == "".join(text.runs(query))


def test_the_longest_cjk_form_wins():
    assert text.gloss("依存関係").split() == ["依存関係", "dependency"]


def test_a_phrase_reads_as_one_english_word():
    assert text.gloss("migra la base de datos") == "migra migrate la base de datos database"
    assert text.gloss("mettez à jour le mot de passe") == "mettez à jour update le mot de passe password"


def test_a_form_written_without_its_accents_is_still_read():
    assert text.gloss("migracion del esquema") == "migracion migration del esquema schema"
    assert text.gloss("migración del esquema") == "migración migration del esquema schema"


@pytest.mark.parametrize("query", [
    "Run the tests, then deploy the build to staging",
    "prueba.py fails on import",
    "push feature/despliegue to origin",
    "open despliegue_v2 and fix it",
    "",
])
def test_english_paths_and_names_are_left_as_written(query):
    assert text.gloss(query) == query


def test_a_word_that_only_looks_foreign_still_says_what_it_said():
    assert text.gloss("apply the tuning to all prod hosts") == "apply the tuning to all prod production hosts"


def test_a_query_in_another_language_holds_the_english_terms_of_its_work():
    q = recall.parse_query("despliega el servicio de pagos y ejecuta las pruebas")
    assert {text.stem("deploy"), text.stem("test"), text.stem("run"), "despliega"} <= q.terms
    assert text.stem("deploy") in q.said


def test_every_english_word_of_the_glossary_is_a_word_of_work():
    work = text.load_words("work-words")
    for form, english in text.load_pairs("work-glossary").items():
        assert set(english) <= work, form


def _packages() -> set[str]:
    raw = resources.files("broker.text").joinpath("data", "packages.tsv.gz").read_bytes()
    return {line.split("\t")[0].lower() for line in gzip.decompress(raw).decode("utf-8").splitlines()}


def _english_lists() -> set[str]:
    found = {w.lower() for name in ("work-words", "generic", "memory-subcommands", "memory-installs")
             for w in text.load_words(name)}
    for word, programs in text.load_pairs("related").items():
        found.update((word.lower(), *map(str.lower, programs)))
    for name in ("memory-tools", "launchers"):
        found.update(key.split()[0].lower() for key in text.load_pairs(name))
    return found


def _word_pieces() -> set[str]:
    return set(resources.files("broker.text").joinpath("data", "wordpiece-uncased.vocab").read_text("utf-8").split())


def test_no_form_is_an_english_word_a_word_of_the_project_or_a_package_name():
    packages, english, pieces = _packages(), _english_lists(), _word_pieces()
    for form in text.load_pairs("work-glossary"):
        if glossary.is_unspaced(form) or " " in form or form.endswith(glossary.STEM):
            continue
        folded = glossary.fold(form)
        assert len(folded) >= 3, form
        assert folded not in text.everyday(), form
        assert not text.common_in_english(text.stem(folded)), form
        assert folded not in english, form
        assert folded not in packages, form
        assert folded not in pieces, form


def test_no_phrase_is_longer_than_the_glossary_reads():
    for form in text.load_pairs("work-glossary"):
        assert len(form.replace("'", " ").split()) <= glossary.MAX_PHRASE, form


def test_a_stem_is_one_word_long_enough_that_begins_no_english_word_no_word_of_the_project_and_no_package():
    known = sorted(_packages() | _english_lists() | text.everyday()
                   | {w for w in _word_pieces() if not w.startswith("##")})
    for form in text.load_pairs("work-glossary"):
        if not form.endswith(glossary.STEM):
            continue
        stem = glossary.fold(form[:-1])
        assert " " not in form and len(stem) >= glossary.MIN_STEM, form
        at = bisect.bisect_left(known, stem)
        assert at == len(known) or not known[at].startswith(stem), (form, known[at])


@pytest.mark.parametrize("query, english", [
    ("oprav chybu v souboru", ["fix", "error", "file"]),
    ("napraw błąd w pliku konfiguracji", ["fix", "repair", "error", "bug", "file", "config"]),
    ("виправ помилку в тесті", ["fix", "error"]),
    ("voer de tests uit en herstart de dienst", ["run", "execute", "restart"]),
    ("kør testene og genstart", ["run", "restart"]),
    ("uppdatera beroenden", ["update", "dependencies"]),
    ("jalankan pengujian lalu perbarui dokumentasi", ["run", "test", "update", "documentation"]),
    ("desplega el servei", ["deploy", "service"]),
    ("διόρθωσε το σφάλμα", ["fix", "error", "bug"]),
    ("çalıştırın ve dosyayı silin", ["run", "execute", "file", "delete"]),
    ("sửa lỗi đăng nhập", ["fix", "login"]),
    ("repornește serviciul", ["restart", "service"]),
])
def test_a_word_of_work_in_the_seventeen_languages_of_round_29_is_followed_by_its_english(query, english):
    assert [w for w in text.words(text.gloss(query)) if w in set(english)] == english


def test_a_stem_reads_the_endings_of_its_word():
    assert text.gloss("korjaa virheet tiedostoissa") == "korjaa fix repair virheet error tiedostoissa file"
    assert text.gloss("telepítsd a csomagokat") == "telepítsd install deploy a csomagokat package"


def test_a_stem_is_read_only_at_the_beginning_of_a_word():
    assert text.gloss("tämävirhe") == "tämävirhe"


def test_a_hebrew_word_is_read_without_the_letters_joined_before_it():
    assert text.gloss("מחק את הקובץ") == "מחק delete את הקובץ file"
    assert text.gloss("ובקובץ") == "ובקובץ file"


def test_a_thai_form_is_found_inside_its_run():
    glossed = text.gloss("ติดตั้งแพ็กเกจแล้วรันเทสต์")
    assert [w for w in glossed.split() if w.isascii()] == ["install", "package", "run", "test"]


def test_a_thai_form_is_not_read_from_the_middle_of_a_syllable():
    assert text.gloss("เปิดไฟล์").split() == ["เปิด", "open", "ไฟล์", "file"]


def test_a_catalan_word_is_read_across_its_middle_dot():
    assert text.gloss("instal·la les dependències") == "instal·la install les dependències"


def test_a_word_beginning_with_a_stem_is_looked_up_in_time_that_does_not_grow_with_its_length():
    stem = min(glossary._entries().stems)
    started = time.process_time()
    assert glossary._stem(stem + "a" * 200_000) == glossary._entries().stems[stem]  # 80,000 letters took 0.9 s
    assert time.process_time() - started < 0.5
