"""Journal 143: bellfry, a Pharo 12 / Seaside app of a bell-ringers' association (Hamish, Agnieszka, Tunde),
2026-11-16 .. 21."""
from jlib import Journal

TL = "https://api.towerlist.ringing.org.uk/v1"
BASE = "src/BaselineOfBellfry/BaselineOfBellfry.class.st"
INSTALL = "./pharo Bellfry.image metacello install tonel://./src BaselineOfBellfry"
UI_ERR = ("pharo-ui: cannot open X display (DISPLAY is unset)\n"
          "vm-display-X11: failed to initialise, aborting")
HANG_ERR = "command timed out after 120 s (process killed)"


def build():
    j = Journal(seed=143043, first_day="2026-11-16")

    # s1 Monday, Hamish
    j.start("s1", 0, 8, 16)
    j.p("morning. you're on bf-dev1, we call it the loft - no screen. the image is Bellfry.image (the belfry)")
    j.sh("./pharo Bellfry.image eval \"SystemVersion current\"")
    j.p("which vm does ./pharo use here")
    j.sh("./pharo --version")
    j.p("BELL-40 baseline (%s): add NeoJSON" % BASE)
    j.ed(BASE, "spec baseline: 'Seaside3'",
         "spec baseline: 'NeoJSON' with: [ spec repository: 'github://svenvc/NeoJSON/repository' ].\n"
         "\t\tspec baseline: 'Seaside3'")
    j.sh(INSTALL)
    j.diff("src/BaselineOfBellfry")
    j.add(BASE)
    j.p("want to eyeball the tower page in the morphic world, pharo-ui")
    j.sh("./pharo-ui Bellfry.image", UI_ERR)
    j.p("right, the loft. never mind")
    j.p("tower list (api.towerlist.ringing.org.uk) - record for tower 1204")
    j.get(TL + "/towers/1204")
    j.p("save its bells into data/towers/1204.ston")
    j.wr("data/towers/1204.ston", "BfTower { #id : 1204, #bells : 8, ... }")
    j.rd("data/towers/1204.ston")
    j.p("commit")
    j.commit("BELL-40 NeoJSON; tower 1204 data")

    # s2 Tuesday, Agnieszka
    j.start("s2", 1, 8, 44)
    j.p("Agnieszka. October's peals please: scripts/export-peal-book.st gives exports/peal-book.csv (the peal book), "
        "then a summary in reports/peal-book/")
    j.sh("./pharo Bellfry.image st --quit scripts/export-peal-book.st 2026-10")
    j.rd("exports/peal-book.csv")
    j.wr("reports/peal-book/2026-10.md", "# Peal book, October 2026\n\n14 peals, 31 quarters ...")
    j.p("scripts/ (the clapper) has rebuild-tower-index.st - needs running after yesterday's import")
    j.sh("./pharo Bellfry.image st scripts/rebuild-tower-index.st", HANG_ERR)
    j.sh("./pharo Bellfry.image st --quit scripts/rebuild-tower-index.st")
    j.p("tower list: Sheffield Cathedral and its ringing times")
    j.get(TL + "/towers/search?name=Sheffield%20Cathedral")
    j.get(TL + "/towers/1377/practice", "502 Bad Gateway")
    j.p("ok. core tests, headless")
    j.sh("./pharo Bellfry.image test \"Bellfry-Core-Tests\"")
    j.sh("./pharo Bellfry.image test \"Bellfry-Model-Tests\"")
    j.p("commit the report")
    j.add("reports/peal-book/2026-10.md")
    j.commit("Peal book October 2026")

    # s3 Wednesday, Tunde
    j.start("s3", 2, 9, 8)
    j.p("Tunde here. baseline: Seaside pin 3.4.6 -> 3.4.7")
    j.ed(BASE, "'Seaside3' with: [ spec repository: 'github://SeasideSt/Seaside:v3.4.6/repository' ]",
         "'Seaside3' with: [ spec repository: 'github://SeasideSt/Seaside:v3.4.7/repository' ]")
    j.sh(INSTALL)
    j.diff("src/BaselineOfBellfry")
    j.add(BASE)
    j.p("tower list: Beverley Minster, all bells")
    j.get(TL + "/towers/212/bells", "ECONNRESET: socket hang up")
    j.get(TL + "/towers/212/bells")
    j.p("BfPeal: write the class comment, it has none")
    j.rd("src/Bellfry-Core/BfPeal.class.st")
    j.ed("src/Bellfry-Core/BfPeal.class.st", "Class {\n\t#name : 'BfPeal',",
         "\"\nI am one peal or quarter: date, tower, method, changes, band.\n\"\nClass {\n\t#name : 'BfPeal',")
    j.rd("src/Bellfry-Core/BfPeal.class.st")
    j.p("I'd like Spotter on the belfry, try pharo-ui once")
    j.sh("./pharo-ui Bellfry.image --interactive", UI_ERR)
    j.p("ok Hamish was right. how big are the image and changes file now")
    j.sh("du -h Bellfry.image Bellfry.changes")
    j.p("commit")
    j.commit("Seaside 3.4.7; BfPeal comment")

    # s4 Thursday, Hamish
    j.start("s4", 3, 8, 22)
    j.p("peal book for October again, Tunde corrected two peals")
    j.sh("./pharo Bellfry.image st --quit scripts/export-peal-book.st 2026-10")
    j.rd("exports/peal-book.csv")
    j.wr("reports/peal-book/2026-10.md", "# Peal book, October 2026\n\n15 peals, 31 quarters ...")
    j.p("tower list, tower 880 please")
    j.get(TL + "/towers/880")
    j.p("BELL-44 booking form must reject practice nights starting before 18:00")
    j.rd("src/Bellfry-Web/BfBookingForm.class.st")
    j.ed("src/Bellfry-Web/BfBookingForm.class.st", "validateStart: aTime\n\t^ true",
         "validateStart: aTime\n\t^ aTime >= (Time hour: 18 minute: 0)")
    j.sh("./pharo Bellfry.image test \"Bellfry-Web-Tests\"",
         "1 run, 0 passes, 1 failure: BfBookingFormTest>>#testEarlySlotRejected (expected false, got true)")
    j.ed("src/Bellfry-Web/BfBookingForm.class.st", "renderStartOn: html",
         "renderStartOn: html\n\t\"calls validateStart: before accepting\"")
    j.sh("./pharo Bellfry.image test \"Bellfry-Web-Tests\"")
    j.p("any TODOs left in Bellfry-Web?")
    j.sh("grep -rn TODO src/Bellfry-Web")
    j.p("commit")
    j.status()
    j.commit("BELL-44 no practice bookings before 18:00")

    # s5 Friday, Agnieszka
    j.start("s5", 4, 8, 51)
    j.p("clapper: purge-stale-sessions.st, the session table is huge")
    j.sh("./pharo Bellfry.image st scripts/purge-stale-sessions.st", HANG_ERR)
    j.sh("./pharo Bellfry.image st --quit scripts/purge-stale-sessions.st")
    j.p("can you show me the booking form layout in pharo-ui")
    j.sh("./pharo-ui Bellfry.image", UI_ERR)
    j.p("tower list: rings of 12 in Yorkshire")
    j.get(TL + "/towers?bells=12&county=Yorkshire", "504 Gateway Timeout")
    j.get(TL + "/towers?bells=12&region=YKS", "timeout after 30000 ms")
    j.p("README: a section on running tests on the loft headless")
    j.rd("README.md")
    j.ed("README.md", "## Tests", "## Tests\n\n    ./pharo Bellfry.image test \"Bellfry-.*\"")
    j.rd("README.md")
    j.sh("./pharo Bellfry.image test \"Bellfry-.*\"")
    j.p("log and commit")
    j.log(n=5)
    j.add("README.md")
    j.commit("README: headless tests")

    # s6 Saturday, Tunde
    j.start("s6", 5, 9, 34)
    j.p("baseline: add ZTimestamp, the peal dates need it")
    j.ed(BASE, "spec baseline: 'NeoJSON'",
         "spec baseline: 'ZTimestamp' with: [ spec repository: 'github://svenvc/ztimestamp/repository' ].\n"
         "\t\tspec baseline: 'NeoJSON'")
    j.sh(INSTALL)
    j.diff("src/BaselineOfBellfry")
    j.add(BASE)
    j.p("September's peal book too, for the ringers' magazine")
    j.sh("./pharo Bellfry.image st --quit scripts/export-peal-book.st 2026-09")
    j.rd("exports/peal-book.csv")
    j.wr("reports/peal-book/2026-09.md", "# Peal book, September 2026\n\n11 peals, 27 quarters ...")
    j.p("tower list: 1204 again, did they fix the tenor weight? and its bells page")
    j.get(TL + "/towers/1204?v=2")
    j.get(TL + "/towers/1204/bells", "502 Bad Gateway")
    j.p("copy the belfry to backups/ before the weekend, dated")
    j.sh("cp Bellfry.image backups/Bellfry-2026-11-21.image && cp Bellfry.changes backups/Bellfry-2026-11-21.changes")
    j.p("and how big is .git")
    j.sh("du -sh .git")
    j.p("commit everything")
    j.add("reports/peal-book/2026-09.md")
    j.add("data/towers/1204.ston")
    j.commit("ZTimestamp; peal book September")
    return j
