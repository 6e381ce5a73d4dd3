"""Journal 159: oarlock-gas, a TypeScript Google Apps Script project (clasp) for a rowing club.
Sessions s1..s6 = 2026-11-16 .. 2026-11-21; Hamish, Nneka, Yusuf."""
from jlib import Journal

EA = "https://environment.data.gov.uk/flood-monitoring"
GAUGE = EA + "/id/stations/2093TH/readings?_sorted&_limit=%d"
WEBAPP = "https://script.google.com/macros/s/AKfycbzQ7rowLk2v9TtGm1oarlock/exec"
DEP = "AKfycbzQ7rowLk2v9TtGm1oarlock"
WEB_ERR = "HTTP 401 Unauthorized\nweb app access is restricted to oarlock-rc.org.uk accounts"


def testfail(f, case, exp, got):
    return "FAIL %s\n  \u25cf %s\n    Expected: \"%s\"\n    Received: \"%s\"" % (f, case, exp, got)


def build():
    j = Journal(0x159B0A75, "2026-11-16")

    # ---- s1 Mon: Hamish, Nneka
    j.day(1, (8, 35))
    j.p("hamish. the form handler drops the 'Notes' answer when a member books a single scull. sort it")
    j.rd("src/bookings.ts")
    j.rd("src/formFields.ts")
    j.p("yeah the field title changed on the form to 'Notes (optional)'. match on prefix")
    j.ed("src/formFields.ts", "NOTES: 'Notes',", "NOTES: 'Notes', // matched by prefix, title is 'Notes (optional)'")
    j.ed("src/bookings.ts", "r.getItem().getTitle() === FIELDS.NOTES",
         "r.getItem().getTitle().startsWith(FIELDS.NOTES)")
    j.p("put it up to the script and commit")
    j.ed("src/bookings.ts", "// TODO notes", "")
    j.sh("npm run build && clasp push", ms=9800)
    j.add("src/bookings.ts", "src/formFields.ts")
    j.cm("bookings: match Notes field by prefix")
    j.p("nneka: does the bookings page show my booking for wed? open the live url")
    j.get(WEBAPP + "?view=week", WEB_ERR)
    j.p("oh it's members only. fine, I'll look myself")
    j.p("can we row tomorrow early? how's the river")
    j.get(GAUGE % 4)
    j.get(EA + "/id/floods?lat=51.46&long=-0.98&dist=5")
    j.p("cool ta")

    # ---- s2 Tue: Yusuf
    j.day(2, (9, 10))
    j.p("yusuf: committee approved the notes fix. make it a proper release so the members' link gets it")
    j.log({"max_count": 8, "since": "v11"})
    j.ed("CHANGELOG.md", "# Changelog\n", "# Changelog\n\n## v12 (2026-11-17)\n- Booking notes kept for single sculls\n")
    j.sh("clasp deploy -i %s -d 'v12 booking notes fix'" % DEP, ms=6100)
    j.cm("release v12")
    j.p("and double check the web page is serving v12")
    j.get(WEBAPP + "?version", WEB_ERR)
    j.get(WEBAPP + "?version", WEB_ERR)
    j.p("ok not from here. look at the deployments list instead")
    j.sh("clasp deployments", ms=2300)
    j.sh("clasp logs --simplified | head -n 20", ms=3100)
    j.p("one more: juniors session sat 9am, level ok?")
    j.get(GAUGE % 1, "HTTP 503 Service Unavailable")
    j.get(GAUGE % 1)
    j.p("grand")

    # ---- s3 Wed: Nneka, Hamish
    j.day(3, (8, 20))
    j.p("nneka: the rota emails say 'Sunday' for saturday outings after the clocks went back. look at the date code + run the tests")
    j.rd("src/rota.ts")
    j.rd("test/rota.test.ts")
    j.sh("npm test", testfail("test/rota.test.ts", "nextOutingDate \u203a rolls to Saturday 07:00 local",
                              "2026-11-21T07:00:00.000Z", "2026-11-22T07:00:00.000Z"), ms=7400)
    j.sh("TZ=Europe/London npm test", ms=7900)
    j.p("so the code is fine in london time and the tests just need TZ. but the email uses toDateString — use Utilities.formatDate with the sheet tz")
    j.ed("src/rota.ts", "d.toDateString()", "Utilities.formatDate(d, SHEET_TZ, 'EEEE d MMM')")
    j.ed("src/rota.ts", "import { FIELDS } from './formFields';",
         "import { FIELDS } from './formFields';\nimport { SHEET_TZ } from './config';")
    j.sh("TZ=Europe/London npm test", ms=8100)
    j.sh("npx eslint src", "src/rota.ts\n  14:7  error  'tz' is assigned a value but never used  no-unused-vars", ms=4100)
    j.ed("src/rota.ts", "const tz = SHEET_TZ;\n", "")
    j.sh("npx eslint src", ms=3900)
    j.p("hamish: ok send the email fix up")
    j.ed("src/config.ts", "export const SHEET_TZ = 'GMT';", "export const SHEET_TZ = 'Europe/London';")
    j.sh("npm run build && clasp push", ms=10400)
    j.add("src/rota.ts", "src/config.ts")
    j.cm("rota: format outing day in Europe/London")
    j.p("river for the head race thurs?")
    j.get(GAUGE % 96, "timed out after 20s", ms=20000)
    j.get(GAUGE % 96, "HTTP 429 Too Many Requests")
    j.p("leave it, try tomorrow")

    # ---- s4 Thu: Yusuf, Nneka
    j.day(4, (8, 5))
    j.p("yusuf: release the rota email fix, v13")
    j.log({"max_count": 10, "since": "v12"})
    j.ed("CHANGELOG.md", "# Changelog\n", "# Changelog\n\n## v13 (2026-11-19)\n- Rota e-mails name the right day after DST\n")
    j.sh("clasp deploy -i %s -d 'v13 rota day fix'" % DEP, ms=5800)
    j.cm("release v13")
    j.p("quick check the page loads for the rota tab")
    j.get(WEBAPP + "?view=rota", WEB_ERR)
    j.p("ah right. never mind")
    j.p("nneka: add a test for bookings crossing midnight, then run everything")
    j.rd("test/bookings.test.ts")
    j.ed("test/bookings.test.ts", "describe('overlaps', () => {",
         "describe('overlaps', () => {\n  it('treats 23:30-00:30 as overlapping 00:00-01:00', () => { ... });")
    j.sh("npm test", testfail("test/bookings.test.ts", "overlaps \u203a treats 23:30-00:30 as overlapping 00:00-01:00",
                              "true", "false"), ms=7100)
    j.sh("TZ=Europe/London npm test", ms=7600)
    j.p("commit the test")
    j.st()
    j.add("test/bookings.test.ts")
    j.cm("test: overlap across midnight")
    j.log({"max_count": 1})
    j.df("HEAD~1")
    j.p("water level for sat pls")
    j.get(GAUGE % 4)
    j.get(GAUGE % 4)

    # ---- s5 Fri: Hamish
    j.day(5, (9, 0))
    j.p("hamish: add the boat's rigging to the crew email (bow/stroke side) — column F of Fleet")
    j.rd("src/crewEmail.ts")
    j.rd("src/sheets.ts")
    j.p("build it first, just to see it compiles")
    j.ed("src/sheets.ts", "export function boatRow(", "export function boatRig(name: string): string { ... }\n\nexport function boatRow(")
    j.sh("npm run build", "\u2718 [ERROR] No matching export in \"src/sheets.ts\" for import \"rigFor\"", ms=1900)
    j.ed("src/crewEmail.ts", "import { rigFor } from './sheets';", "import { boatRig } from './sheets';")
    j.sh("npm run build", ms=2100)
    j.p("good. now the template line")
    j.ed("src/crewEmail.ts", "`Boat: ${b.name}`", "`Boat: ${b.name} (${boatRig(b.name)})`")
    j.sh("npm run build && clasp push", ms=9900)
    j.add("src/crewEmail.ts", "src/sheets.ts")
    j.cm("crew email: show rigging")
    j.p("river trend over the last day?")
    j.get(GAUGE % 96, "HTTP 503 Service Unavailable")
    j.get(GAUGE % 96, "timed out after 20s", ms=20000)
    j.get(GAUGE % 96)
    j.p("fine, falling. done for today")

    # ---- s6 Sat: Nneka, Yusuf
    j.day(6, (8, 40))
    j.p("nneka: before the release, make sure everything is green")
    j.sh("TZ=Europe/London npm test", ms=7700)
    j.sh("npx eslint src", ms=3800)
    j.p("yusuf: ok, v14 with the rigging change")
    j.log({"max_count": 6, "since": "v13"})
    j.ed("CHANGELOG.md", "# Changelog\n", "# Changelog\n\n## v14 (2026-11-21)\n- Crew e-mail shows boat rigging\n")
    j.sh("clasp deploy -i %s -d 'v14 rigging in crew email'" % DEP, ms=6000)
    j.cm("release v14")
    j.p("which deployments exist now? anything stale to archive?")
    j.sh("clasp deployments", ms=2200)
    j.sh("clasp versions | tail -n 5", ms=2000)
    j.p("leave them. thanks all")
    return j
