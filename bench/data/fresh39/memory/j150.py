"""Journal 150: stagelight, a PureScript/Halogen box-office front end (sessions s1..s6, 2026-11-23 .. 2026-11-28)."""
from jlib import Journal

BO = "https://boxoffice-test.quarryplayhouse.org.uk/api"
TIDY = "bash: line 1: purs-tidy: command not found"
NOPKG = "No package was selected for running. Please select (with -p) one of the following packages:\n  - app\n  - seatmap"
NOVENUE = "ENOENT: no such file or directory, open 'data/venues/main-house.json'"


def build():
    j = Journal(150150, (2026, 11, 23))

    # s1 Monday, Odile
    j.day("s1", 0, 8, 47)
    j.p("Odile. seat picker: shift-click should grab a run of seats in one row")
    j.rd("seatmap/src/Seatmap/Select.purs")
    j.ed("seatmap/src/Seatmap/Select.purs", "HandleClick seat -> toggle seat",
         "HandleClick seat mods\n      | mods.shift -> selectRun st.anchor seat\n      | otherwise -> toggle seat")
    j.sh("spago build")
    j.sh("spago test", NOPKG, 1840.2)
    j.sh("spago test -p seatmap", ms=14022.8)
    j.p("tidy before commit")
    j.sh("purs-tidy check seatmap/src", TIDY, 12.4)
    j.p("not there? fine, ci does it anyway")
    j.p("commit")
    j.status()
    j.add("seatmap/src/Seatmap/Select.purs")
    j.commit("seatmap: shift-click selects a run of seats in the row")
    j.p("box office test env still on last week's data?")
    j.get(BO + "/performances?from=2026-11-23")
    j.get(BO + "/performances/8812/availability", "HTTP 502 Bad Gateway")

    # s2 Tuesday, Marcus
    j.day("s2", 1, 9, 2)
    j.p("Marcus here. christmas concert: 3 perfs 18-20 dec 19:30, bands A 14.00 B 11.00 conc 8.00, new file pls")
    j.wr("app/static/shows/christmas-concert-2026.json",
         "{\"slug\": \"christmas-concert-2026\", \"title\": \"A Quarry Christmas\", \"performances\": [\"2026-12-18T19:30\", \"2026-12-19T19:30\", \"2026-12-20T19:30\"], \"bands\": {\"A\": 1400, \"B\": 1100, \"concession\": 800}}")
    j.sh("node scripts/check-shows.mjs app/static/shows/christmas-concert-2026.json")
    j.add("app/static/shows/christmas-concert-2026.json")
    j.commit("shows: A Quarry Christmas (18-20 Dec)")
    j.p("rows N and O lost the wheelchair spaces in the redesign, fix in the venue json")
    j.rd("data/venues/main-house.json", NOVENUE)
    j.rd("app/static/venues/main-house.json")
    j.ed("app/static/venues/main-house.json", "\"N\": {\"seats\": 22, \"access\": []}",
         "\"N\": {\"seats\": 20, \"access\": [\"N1\", \"N22\"]}")
    j.p("bundle it and make sure N renders")
    j.sh("spago bundle -p app --outfile dist/app.js --platform browser", ms=21044.0)
    j.sh("node scripts/smoke.mjs dist/app.js --venue main-house --row N")
    j.p("concert up on the test env yet?")
    j.get(BO + "/shows/christmas-concert-2026", "HTTP 504 Gateway Timeout")
    j.get(BO + "/shows/christmas-concert-2026", "ECONNRESET: socket hang up")
    j.p("ugh. commit the venue fix")
    j.diff()
    j.add("app/static/venues/main-house.json")
    j.commit("venue: wheelchair spaces back on rows N and O")

    # s3 Wednesday, Yusuf
    j.day("s3", 2, 8, 31)
    j.p("Yusuf. basket says 0.00 if you pick a concession first, then a full price")
    j.rd("app/src/Basket.purs")
    j.rd("app/src/Pricing.purs")
    j.ed("app/src/Pricing.purs", "foldl (\\acc t -> acc) zero tickets", "foldl (\\acc t -> acc + price t) zero tickets")
    j.sh("spago build")
    j.sh("spago test -p app", ms=9822.1)
    j.p("format my stuff pls")
    j.sh("purs-tidy format-in-place app/src/Pricing.purs app/src/Basket.purs", TIDY, 10.9)
    j.p("skip")
    j.p("panto prices ok on test api?")
    j.get(BO + "/shows/panto-2026/prices")
    j.get(BO + "/shows/panto-2026/availability", "ETIMEDOUT: connect timed out after 20000 ms")
    j.p("bump halogen to 7.0.1 across the workspace")
    j.rd("spago.yaml")
    j.ed("spago.yaml", "halogen: 7.0.0", "halogen: 7.0.1")
    j.sh("spago install", ms=33015.2)
    j.sh("spago build", ms=41009.9)
    j.p("commit")
    j.log(5)
    j.add("app/src/Pricing.purs", "spago.yaml", "spago.lock")
    j.commit("pricing: basket total with mixed concessions; halogen 7.0.1")

    # s4 Thursday, Odile
    j.day("s4", 3, 9, 14)
    j.p("tests for the shift-click thing, cases for aisle gaps and sold seats in the middle")
    j.rd("seatmap/test/Test/Select.purs")
    j.ed("seatmap/test/Test/Select.purs", "describe \"selectRun\" do",
         "describe \"selectRun\" do\n    it \"stops at an aisle gap\" do\n      selectRun a1 a9 `shouldEqual` [a1, a2, a3]")
    j.sh("spago test", NOPKG, 1710.4)
    j.sh("spago test -p seatmap", ms=15120.3)
    j.p("Winter's Tale: feb 10-15, 6 perfs, stalls 18 circle 14 under-26 6")
    j.wr("app/static/shows/winters-tale-2027.json",
         "{\"slug\": \"winters-tale-2027\", \"title\": \"The Winter's Tale\", \"performances\": [\"2027-02-10T19:30\", \"2027-02-11T19:30\", \"2027-02-12T19:30\", \"2027-02-13T14:30\", \"2027-02-13T19:30\", \"2027-02-15T19:30\"], \"bands\": {\"stalls\": 1800, \"circle\": 1400, \"under26\": 600}}")
    j.sh("node scripts/check-shows.mjs app/static/shows/winters-tale-2027.json")
    j.add("app/static/shows/winters-tale-2027.json")
    j.commit("shows: The Winter's Tale (Feb 2027)")
    j.p("test api showing it yet?")
    j.get(BO + "/shows/winters-tale-2027", "HTTP 502 Bad Gateway")
    j.get(BO + "/shows/winters-tale-2027")
    j.p("bundle got much bigger this week?")
    j.sh("spago bundle -p app --outfile dist/app.js --platform browser --minify", ms=24088.1)
    j.sh("ls -l dist/")
    j.p("fine, 212k. push the tests")
    j.add("seatmap/test/Test/Select.purs")
    j.add("seatmap/test/Test/Main.purs")
    j.commit("seatmap: tests for runs across aisle gaps")

    # s5 Friday, Marcus
    j.day("s5", 4, 8, 58)
    j.p("circle C12 doesnt exist in the building, someone typo'd the map")
    j.rd("data/venues/main-house.json", NOVENUE)
    j.rd("app/static/venues/main-house.json")
    j.rd("app/static/venues/studio.json")
    j.ed("app/static/venues/main-house.json", "\"C\": {\"seats\": 12", "\"C\": {\"seats\": 11")
    j.p("venue tests")
    j.sh("spago test -p seatmap", ms=14870.0)
    j.p("whats sold for saturday on the test system, want to compare with the map")
    j.get(BO + "/performances?date=2026-11-28")
    j.get(BO + "/performances/8840/availability", "HTTP 503 Service Unavailable")
    j.p("leave it. commit")
    j.status()
    j.diff("app/static/venues/main-house.json")
    j.add("app/static/venues/main-house.json")
    j.commit("venue: circle row C has 11 seats")

    # s6 Saturday, Yusuf
    j.day("s6", 5, 10, 12)
    j.p("jazz brunch series, 4 sundays in jan 11:30, one price 12.00")
    j.wr("app/static/shows/jazz-brunch-2027.json",
         "{\"slug\": \"jazz-brunch-2027\", \"title\": \"Jazz Brunch\", \"performances\": [\"2027-01-03T11:30\", \"2027-01-10T11:30\", \"2027-01-17T11:30\", \"2027-01-24T11:30\"], \"bands\": {\"single\": 1200}}")
    j.sh("node scripts/check-shows.mjs app/static/shows/jazz-brunch-2027.json")
    j.add("app/static/shows/jazz-brunch-2027.json")
    j.commit("shows: Jazz Brunch (Jan 2027 Sundays)")
    j.p("format check before the release?")
    j.sh("purs-tidy check app/src seatmap/src", TIDY, 11.2)
    j.p("ok no. changelog then")
    j.rd("CHANGELOG.md")
    j.ed("CHANGELOG.md", "## Unreleased", "## 1.8.0 - 2026-11-28")
    j.ed("CHANGELOG.md", "## 1.8.0 - 2026-11-28", "## Unreleased\n\n## 1.8.0 - 2026-11-28")
    j.p("commit + tag 1.8.0")
    j.commit("release 1.8.0")
    j.sh("git tag v1.8.0")
    j.p("brunch on the test api?")
    j.get(BO + "/shows/jazz-brunch-2027")
    return j
