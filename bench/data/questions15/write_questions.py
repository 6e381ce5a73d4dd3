"""Write `journal-N.questions.json` beside each dev journal (round 15): questions asked before the work.

Run from anywhere: `python bench/data/questions15/write_questions.py`. See README.md for how they were written."""

import json
from pathlib import Path

from questions_a import Q as QA
from questions_b import Q as QB

HERE = Path(__file__).resolve().parent
DATA = HERE.parent
SETS = {"fresh": range(1, 7), "fresh2": range(7, 11), "fresh3": range(11, 15), "fresh4": range(15, 19),
        "fresh5": range(19, 23), "fresh6": range(23, 27), "fresh8": range(31, 35), "fresh9": range(35, 39)}

# about one question in eight in another language, as a developer on a mixed team asks it (written with the rest)
OTHER_LANGUAGE = {
    "j2-playwright": "¿Hay algo que saber antes de lanzar los tests end-to-end de Playwright de la tienda?",
    "j5-helm": "Gibt es ein bekanntes Problem beim Upgrade des Helm-Releases web im Namespace shop?",
    "j9-p2": "Avant de lancer les specs RSpec après avoir récupéré main, y a-t-il une étape à ne pas oublier ?",
    "j13-w1": "A API do hex.pm é confiável para consultar versões de pacotes Elixir daqui?",
    "j19-p5": "ここから Maven Central で最新のライブラリのバージョンを調べても大丈夫？",
    "j22-p3": "Bevor ich die Offsets der Billing-Consumer-Gruppe zurücksetze: gibt es einen bekannten Haken?",
    "j26-p2": "Antes de correr los tests del paquete churn por primera vez, ¿hay que preparar algo?",
    "j33-p1": "Je dois construire l'image Docker de l'opérateur : est-ce que ça marche d'ici ?",
    "j36-w1": "¿Puedo fiarme de buscar DOIs y entradas BibTeX en Crossref desde aquí?",
}

# near misses: work in the project's own area, asked with the same "before I start" form, that no lesson is about
NEAR_MISS = {
    1: "Anything I should know before I add a pagination parameter to the orders list endpoint?",
    2: "Is there anything to watch out for when I add a new route for the wishlist page?",
    3: "Before I add a not-null test on the customer_id column, anything I should know?",
    4: "Anything to know before I add a --since flag to the slice command?",
    5: "Is there a catch to adding a new label to every Deployment manifest?",
    6: "Before I rewrite the troubleshooting page's introduction, anything I should know?",
    7: "Anything I should know before I add footnote support to the markdown parser?",
    8: "Before I add a confusion-matrix plot to the notebook, anything I should know?",
    9: "Is there a catch to adding a due-date column to the loans index page?",
    10: "Anything to know before I add anti-aliasing to the line drawing code?",
    11: "Before I add a search bar to the notes list screen, anything I should know?",
    12: "Anything I should know before I add a rating field to the Book model?",
    13: "Is there anything to watch out for when I add drag-and-drop to the board view?",
    14: "Before I add a low-battery warning to the display task, anything I should know?",
    15: "Anything to know before I add a pretty-printer for the AST?",
    16: "Before I add Face ID to the wallet's unlock screen, anything I should know?",
    17: "Anything I should know before I add a discount code field to the checkout controller?",
    18: "Is there a catch to adding a new user account role to the common role?",
    19: "Before I add validation to the order request DTO, anything I should know?",
    20: "Anything to know before I add a weekly summary screen to the habit app?",
    21: "Before I add an index on orders.created_at, anything I should know?",
    22: "Anything I should know before I write a consumer for the shipments topic in Python?",
    23: "Is there a catch to adding a new field to the store crate's Item struct?",
    24: "Before I add an S3 lifecycle rule for old logs, anything I should know?",
    25: "Anything to know before I add a cancel-order handler in the service?",
    26: "Before I add a new feature for days since last login, anything I should know?",
    31: "Is there a catch to adding a search box to the books index page?",
    32: "Anything I should know before I add a debounce to the button interrupt handler?",
    33: "Before I add a status condition to the BackupPolicy controller, anything I should know?",
    34: "Anything to know before I add a drift mechanic to the car controller script?",
    35: "Before I add a balance endpoint to the ledger's Phoenix router, anything I should know?",
    36: "Anything I should know before I rewrite the abstract of the thesis?",
    37: "Is there a catch to adding a pause menu to the game?",
    38: "Before I add a DNS record for the media server, anything I should know?",
}


def main() -> None:
    notes = ("Questions a developer asks before starting the work (round 15, dev): one per planted lesson, "
             "written from the lesson's kind, ability, anchor and description and the journal's theme, never from "
             "the card's title or the truth file's queries; negatives: three about the project's area that no "
             "lesson is about, one unrelated, one near miss in the 'before I start' form. See "
             "bench/data/questions15/README.md.")
    for name, numbers in SETS.items():
        for n in numbers:
            positives, negatives = {**QA, **QB}[n]
            truth = json.loads((DATA / name / "memory" / f"journal-{n}.truth.json").read_text())
            assert set(positives) == {p["id"] for p in truth["planted"]}, n
            queries = [{"q": OTHER_LANGUAGE.get(pid, q), "planted_id": pid} for pid, q in positives.items()]
            out = {"notes": notes, "queries": queries, "negatives": [*negatives[:4], NEAR_MISS[n]]}
            path = DATA / name / "memory" / f"journal-{n}.questions.json"
            path.write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
