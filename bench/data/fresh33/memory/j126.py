"""Journal 126: pressbook, an Emacs Lisp package for herbarium transcribers (Margaux, Lukas, Femi), 2026-11-23 .. 28."""
from jlib import Journal

API = "https://api.specimens.brackenridge.garden"
HELPER_ERR = "Cannot open load file: No such file or directory, pressbook-test-helper"
NO_TEXINFO = "bash: line 1: makeinfo: command not found"
ENOENT = "ENOENT: no such file or directory, open 'test/fixtures/sheet-0412.recorded.json'"
TEST = "emacs -Q --batch -L . -L test -l test/%s -f ert-run-tests-batch-and-exit"
TEST_NO_HELPER = "emacs -Q --batch -L . -l test/%s -f ert-run-tests-batch-and-exit"
COMPILE = "emacs -Q --batch -L . --eval '(setq byte-compile-error-on-warn t)' -f batch-byte-compile pressbook.el pressbook-capture.el pressbook-sync.el"


def release(j, old, new):
    j.ed("pressbook.el", ";; Version: %s" % old, ";; Version: %s" % new)
    j.gadd("pressbook.el")
    j.gcommit("🔖 Release %s" % new)
    j.sh("git tag -a v%s -m 'pressbook %s'" % (new, new), dur=300)


def build(seed=126):
    j = Journal(seed)

    # s1 Mon, Margaux
    j.session("s1", "2026-11-23", 8, 52)
    j.p("salut ! le nom du collecteur sort en MAJUSCULES dans la capture quand l'API renvoie 'SMITH, J.' — corrige pressbook--format-collector stp")
    j.rd("pressbook-capture.el")
    j.ed("pressbook-capture.el", "(upcase (car parts))", "(pressbook--titlecase (car parts))")
    j.rd("test/pressbook-capture-test.el")
    j.ed("test/pressbook-capture-test.el", "(ert-deftest pressbook-capture-format-collector ()",
         "(ert-deftest pressbook-capture-collector-keeps-case ()\n  (should (equal (pressbook--format-collector \"SMITH, J.\") \"Smith, J.\")))\n\n(ert-deftest pressbook-capture-format-collector ()")
    j.p("lance les tests de capture")
    j.sh(TEST_NO_HELPER % "pressbook-capture-test.el", err=HELPER_ERR)
    j.sh(TEST % "pressbook-capture-test.el")
    j.p("c'est quoi déjà la fiche 0412 côté API ? montre le JSON")
    j.get(API + "/v1/sheets/0412", err="HTTP 502 Bad Gateway")
    j.get(API + "/v1/sheets/0412")
    j.p("ok. byte-compile tout, warnings = erreurs")
    j.sh(COMPILE, err="pressbook-capture.el:88:12: Error: the function `pressbook--titlecase' is not known to be defined.")
    j.ed("pressbook-capture.el", "(require 'pressbook-sync)", "(require 'pressbook-sync)\n(require 'pressbook-util)")
    j.sh(COMPILE)
    j.p("parfait, commit")
    j.gadd("pressbook-capture.el", "test/pressbook-capture-test.el")
    j.gcommit("🐛 Keep the collector's case from the API")
    j.p("merci, à demain")

    # s2 Tue, Lukas
    j.session("s2", "2026-11-24", 9, 6)
    j.p("Moin. Handbuch: Kapitel Sync um den Offline-Modus erweitern, danach die Info-Datei bauen")
    j.rd("doc/pressbook.texi")
    j.rd("pressbook-sync.el")
    j.ed("doc/pressbook.texi", "@node Sync\n@chapter Sync\n", "@node Sync\n@chapter Sync\n\n@section Offline mode\nWhen the garden's network is down, @code{pressbook-sync} queues ...\n")
    j.sh("makeinfo doc/pressbook.texi -o doc/pressbook.info", err=NO_TEXINFO)
    j.p("hm, dann erstmal nur die texi-Änderung committen")
    j.gdiff("doc/pressbook.texi")
    j.gadd("doc/pressbook.texi")
    j.gcommit("📝 Sync chapter: offline mode")
    j.p("0.8.3 rausbringen bitte, nur der Offline-Fix seit 0.8.2")
    release(j, "0.8.2", "0.8.3")
    j.p("pushen, mit Tag")
    j.sh("git push origin main v0.8.3", dur=2100)
    j.p("läuft der Sync gegen die API noch? hol mal /v1/sheets?changed_since=2026-11-20")
    j.get(API + "/v1/sheets?changed_since=2026-11-20", err="timeout after 20000 ms")
    j.get(API + "/v1/sheets?changed_since=2026-11-20")
    j.p("checkdoc über pressbook-sync.el und pressbook-capture.el")
    j.sh("emacs -Q --batch --eval '(checkdoc-file \"pressbook-sync.el\")'")
    j.sh("emacs -Q --batch --eval '(checkdoc-file \"pressbook-capture.el\")'")

    # s3 Wed, Femi
    j.session("s3", "2026-11-25", 8, 37)
    j.p("writing a test for sheets with two collectors, base it on what 0412 looked like when we recorded it")
    j.rd("test/fixtures/sheet-0412.recorded.json", err=ENOENT)
    j.ls("test")
    j.rd("test/data/sheet-0412.recorded.json")
    j.wr("test/data/two-collectors.recorded.json", "{\"id\": \"0977\", \"collectors\": [\"Hart, M.\", \"Okafor, B.\"], ...}\n")
    j.ed("test/pressbook-sync-test.el", ";;; Sheets\n", ";;; Sheets\n\n(ert-deftest pressbook-sync-two-collectors ()\n  (pressbook-test-with-response \"two-collectors\" ...))\n")
    j.sh(TEST % "pressbook-sync-test.el")
    j.sh(COMPILE)
    j.p("also the manual has the capture keybinding wrong: it's C-c p c, not C-c c p. fix that and make the html version")
    j.ed("doc/pressbook.texi", "@kbd{C-c c p}", "@kbd{C-c p c}")
    j.sh("makeinfo --html --no-split doc/pressbook.texi -o doc/pressbook.html", err=NO_TEXINFO)
    j.p("no texinfo on this box, right. leave it to CI")
    j.p("cabinets list from the API — is BRK-C14 in there?")
    j.get(API + "/v1/cabinets", err="HTTP 503 Service Unavailable")
    j.get(API + "/v1/cabinets", err="ECONNRESET: socket hang up")
    j.p("try once more")
    j.get(API + "/v1/cabinets")
    j.p("commit the test + the keybinding fix")
    j.gst()
    j.gadd("test/data/two-collectors.recorded.json", "test/pressbook-sync-test.el", "doc/pressbook.texi")
    j.gcommit("✅ Two-collector sheets; 📝 fix capture key in manual")

    # s4 Thu, Margaux
    j.session("s4", "2026-11-26", 9, 18)
    j.p("les tests de sync plantent chez moi, lance-les ici")
    j.sh(TEST_NO_HELPER % "pressbook-sync-test.el", err=HELPER_ERR)
    j.sh(TEST % "pressbook-sync-test.el")
    j.p("bon, ça passe. on publie la 0.8.4 avec le correctif des deux collecteurs")
    release(j, "0.8.3", "0.8.4")
    j.p("push")
    j.sh("git push origin main v0.8.4", dur=1900)
    j.p("la fiche 1187 a des déterminations bizarres, regarde ce que renvoie l'API")
    j.get(API + "/v1/sheets/1187", err="HTTP 429 Too Many Requests")
    j.get(API + "/v1/sheets/1187")
    j.p("package-lint sur tout le paquet")
    j.sh("emacs -Q --batch --eval '(package-initialize)' -l package-lint -f package-lint-batch-and-exit pressbook.el pressbook-capture.el pressbook-sync.el")
    j.p("il veut org dans Package-Requires, mets 9.6")
    j.ed("pressbook.el", ";; Package-Requires: ((emacs \"29.1\"))", ";; Package-Requires: ((emacs \"29.1\") (org \"9.6\"))")

    # s5 Fri, Lukas
    j.session("s5", "2026-11-27", 8, 45)
    j.p("Ich brauch nochmal die aufgezeichnete Antwort von Bogen 0412, das barcode-Feld sieht komisch aus")
    j.rd("test/fixtures/sheet-0412.recorded.json", err=ENOENT)
    j.rd("test/data/sheet-0412.recorded.json")
    j.p("Barcode-Format 'BRK 0004120' mit Leerzeichen soll auch gehen")
    j.rd("pressbook-sync.el")
    j.ed("pressbook-sync.el", "\"^BRK[0-9]\\\\{7\\\\}$\"", "\"^BRK ?[0-9]\\\\{7\\\\}$\"")
    j.ed("test/pressbook-sync-test.el", ";;; Barcodes\n", ";;; Barcodes\n\n(ert-deftest pressbook-sync-barcode-with-space ()\n  (should (pressbook--barcode-p \"BRK 0004120\")))\n")
    j.sh(TEST % "pressbook-sync-test.el")
    j.sh(COMPILE)
    j.p("Handbuch: Abschnitt zu Barcodes ergänzen und pressbook.info neu erzeugen")
    j.ed("doc/pressbook.texi", "@node Barcodes\n", "@node Barcodes\nBarcodes may contain one space after the BRK prefix ...\n")
    j.sh("makeinfo doc/pressbook.texi -o doc/pressbook.info", err=NO_TEXINFO)
    j.p("na gut, stimmt ja")
    j.p("mal echt gegen die API: /v1/sheets?cabinet=BRK-C14")
    j.get(API + "/v1/sheets?cabinet=BRK-C14", err="timeout after 20000 ms")
    j.get(API + "/v1/sheets?cabinet=BRK-C14", err="HTTP 502 Bad Gateway")
    j.p("lass, später")
    j.p("commit")
    j.gdiff()
    j.gadd("pressbook-sync.el", "test/pressbook-sync-test.el")
    j.gadd("doc/pressbook.texi")
    j.gcommit("🐛 Accept a space in BRK barcodes")

    # s6 Sat, Femi
    j.session("s6", "2026-11-28", 10, 14)
    j.p("quick one: 0.9.0 please, the barcode work is in")
    release(j, "0.8.4", "0.9.0")
    j.p("push incl. tag")
    j.sh("git push origin main v0.9.0", dur=2300)
    j.p("does /v1/health say the nightly import finished?")
    j.get(API + "/v1/health")
    j.p("our MELPA recipe copy still says master? recipes/pressbook")
    j.rd("recipes/pressbook")
    j.ed("recipes/pressbook", ":branch \"master\"", ":branch \"main\"")
    j.p("git log since monday, for the volunteers' newsletter")
    j.glog(20)
    return j
