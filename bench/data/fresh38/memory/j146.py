"""Journal 146: ringlog (Gleam 1.6 on the BEAM, Wisp/Mist + Lustre), 2026-11-23 .. 2026-11-28."""
from jlib import sh, rd, wr, ed, get, gstatus, gdiff, gadd, gcommit, glog, build

SEED = 146077
DBURL = "DATABASE_URL=postgres://ringlog@localhost:5433/ringlog_dev "
SQ_ERR = "Error: cannot connect to postgres://postgres@localhost:5432/ringlog: connection refused\nsquirrel needs a running database to type-check the queries in src/ringlog/sql"
DBM_ERR = "Error: could not find migrations directory: ./db/migrations"
RSYNC_ERR = ("ssh: Could not resolve hostname fieldbox.local: Name or service not known\n"
             "rsync: connection unexpectedly closed (0 bytes received so far) [sender]\n"
             "rsync error: unexplained error (code 255) at io.c(232) [sender=3.2.7]")
API = "https://api.ringscheme-nord.org/v1/"


def euring(month, site):
    psv = "build/exports/euring-%s-%s.psv" % (month, site)
    note = "exports/submissions/%s-%s.md" % (month, site)
    return [
        sh("gleam run -m ringlog/euring_export -- --month %s --site %s" % (month, site)),
        rd(psv),
        wr(note, "# EURING %s %s\n\nrecords: see %s\nchecked: ages, ring series, site codes\n" % (month, site, psv)),
        gadd(note),
    ]


S1 = [
    "maren: captures_by_day.sql now returns retrap_of too, regenerate the gleam side",
    rd("src/ringlog/sql/captures_by_day.sql"),
    ed("src/ringlog/sql/captures_by_day.sql", "select c.id, c.ring, c.taken_at", "select c.id, c.ring, c.taken_at, c.retrap_of"),
    sh("gleam run -m squirrel", error=SQ_ERR),
    sh(DBURL + "gleam run -m squirrel"),
    rd("src/ringlog/sql.gleam"),
    "build it",
    sh("gleam build", error="error: Type mismatch\n   src/ringlog/web/captures.gleam:41:18\nExpected type: Capture\nFound type: CapturesByDayRow"),
    rd("src/ringlog/web/captures.gleam"),
    rd("src/ringlog/capture.gleam"),
    ed("src/ringlog/web/captures.gleam", "fn row_to_capture(row: Capture)", "fn row_to_capture(row: sql.CapturesByDayRow)"),
    sh("gleam build"),
    "october EURING file for the main station pls",
] + euring("2026-10", "MAIN") + [
    "commit",
    gcommit("EURING 2026-10 MAIN"),
    "ollie: does the scheme know ring 8A41207? found dead near Skagen apparently",
    get(API + "rings/8A41207", error="HTTP 502 Bad Gateway"),
    get(API + "rings/8A41207"),
    "ha its ours, juvenile from 2024. nice",
]

S2 = [
    "sunniva: pulled main and my db is behind, bring it up to date",
    sh("dbmate up", error=DBM_ERR),
    sh("dbmate -d priv/migrations up"),
    sh("dbmate -d priv/migrations status"),
    "then put the latest build on the field laptop, they start at 5 tomorrow",
    sh("gleam export erlang-shipment"),
    sh("rsync -az build/erlang-shipment/ warden@fieldbox.local:/opt/ringlog/", error=RSYNC_ERR),
    "hm. they can pull it from dist/ then, tar it up",
    sh("tar czf dist/ringlog-2026-11-24.tgz -C build erlang-shipment"),
    sh("ls -lh dist/"),
    "ollie: CI says format check is red",
    sh("gleam format --check src test", error="error: Formatting required\n\n- src/ringlog/web/captures.gleam"),
    sh("gleam format src test"),
    sh("gleam format --check src test"),
    "wing length: reject anything over 400 mm, we dont ring swans",
    rd("src/ringlog/capture.gleam"),
    ed("src/ringlog/capture.gleam", "fn validate_wing(mm: Int) -> Result(Int, String) {", "fn validate_wing(mm: Int) -> Result(Int, String) {\n  use <- bool.guard(mm > 400, Error(\"wing > 400 mm\"))"),
    ed("test/capture_test.gleam", "pub fn wing_ok_test() {", "pub fn wing_too_long_test() {\n  capture.validate_wing(412) |> should.be_error\n}\n\npub fn wing_ok_test() {"),
    sh("gleam build"),
    sh("gleam test"),
    "commit both",
    gadd("src/ringlog/capture.gleam"),
    gadd("test/capture_test.gleam"),
    gcommit("Reject wing lengths over 400 mm"),
]

S3 = [
    "outstation october file as well, site OUT",
] + euring("2026-10", "OUT") + [
    "commit that",
    gcommit("EURING 2026-10 OUT"),
    "species list to fieldbox please, they still have the old Sylvia names",
    sh("rsync -av priv/species.csv warden@fieldbox.local:/opt/ringlog/priv/", error=RSYNC_ERR),
    "warden says its switched on. once more",
    sh("rsync -av priv/species.csv warden@fieldbox.local:/opt/ringlog/priv/", error=RSYNC_ERR),
    "never mind, I'll put it on a usb stick",
    "snapshot test broke after the fat score change",
    sh("gleam test", error="panic: birdie snapshot mismatch: capture_card_shows_fat_score (run gleam run -m birdie to review)"),
    sh("gleam run -m birdie accept"),
    sh("gleam test"),
    "ollie: controlled site codes for our region from the scheme into priv/sites.csv",
    get(API + "sites?region=N-VIKEN&controlled=true"),
    get(API + "sites?region=N-VIKEN&controlled=true&page=2", error="HTTP 504 Gateway Timeout"),
    get(API + "sites?region=N-VIKEN&controlled=true&page=2"),
    wr("priv/sites.csv", "code,name,lat,lon\nNO-VK-012,Akerøya,59.05,10.99\n..."),
]

S4 = [
    "sunniva: recaptures per mist-net ride, the .sql file is on my branch, do the codegen",
    rd("src/ringlog/sql/recaptures_per_ride.sql"),
    sh("gleam run -m squirrel", error=SQ_ERR),
    sh(DBURL + "gleam run -m squirrel"),
    "and a simple page that shows it as a table",
    wr("src/ringlog/web/rides.gleam", "import lustre/element/html\n..."),
    ed("src/ringlog/router.gleam", "[\"captures\"] -> captures.page(req, ctx)", "[\"captures\"] -> captures.page(req, ctx)\n    [\"rides\"] -> rides.page(req, ctx)"),
    sh("gleam build"),
    sh("gleam run -m lustre/dev build"),
    sh("gleam test"),
    "maren: scheme lookup for the foreign one from Falsterbo, SVS 2KT0914",
    get(API + "rings/SVS-2KT0914", error="ETIMEDOUT: connect timed out after 15000ms"),
    get(API + "rings/SVS-2KT0914", error="HTTP 502 Bad Gateway"),
    get(API + "rings/SVS-2KT0914"),
    "the access log on the dev box is 2GB already, where is it even written",
    rd("config/dev.toml"),
    rd("src/ringlog/web/log.gleam"),
    "ok later",
]

S5 = [
    "ollie: moult score on captures, 0 to 5. write the migration and run it",
    wr("priv/migrations/20261127091500_add_moult_score.sql", "-- migrate:up\nalter table captures add column moult_score smallint check (moult_score between 0 and 5);\n\n-- migrate:down\nalter table captures drop column moult_score;\n"),
    sh("dbmate up", error=DBM_ERR),
    sh("dbmate -d priv/migrations up"),
    sh("dbmate -d priv/migrations status"),
    sh("psql -p 5433 -U ringlog ringlog_dev -c '\\d captures'"),
    "corrected october file for MAIN, two birds had the wrong age code",
] + euring("2026-10", "MAIN-r2") + [
    "commit + push is fine",
    gcommit("EURING 2026-10 MAIN resubmission"),
    "sunniva: scheme api alive? they mentioned maintenance",
    get(API + "status", error="HTTP 503 Service Unavailable"),
    get(API + "status"),
    "hexdocs: which wisp has the new multipart stuff",
    get("https://hexdocs.pm/wisp/changelog.html"),
]

S6 = [
    "maren: field laptop again, push the fixed build. warden says its on the network now",
    sh("gleam export erlang-shipment"),
    sh("rsync -az build/erlang-shipment/ warden@fieldbox.local:/opt/ringlog/", error=RSYNC_ERR),
    "no. dist/ again then",
    sh("tar czf dist/ringlog-2026-11-28.tgz -C build erlang-shipment"),
    "recoveries of our rings reported last month, from the scheme",
    get(API + "recoveries?scheme=NOS&month=2026-10", error="ECONNRESET: socket hang up"),
    get(API + "recoveries?scheme=NOS&month=2026-10"),
    "ollie: dashboard lists a bird twice when its retrapped the same day",
    rd("src/ringlog/web/dashboard.gleam"),
    ed("src/ringlog/web/dashboard.gleam", "list.map(captures, card)", "captures |> list.unique |> list.map(card)",
       error="old_string not found in src/ringlog/web/dashboard.gleam"),
    rd("src/ringlog/web/dashboard.gleam"),
    ed("src/ringlog/web/dashboard.gleam", "list.map(rows, capture_card)", "rows |> dedupe_same_day |> list.map(capture_card)"),
    sh("gleam build"),
    sh("gleam test"),
    sh("gleam format --check src test"),
    "commit",
    gadd("src/ringlog/web/dashboard.gleam"),
    gadd("test/dashboard_test.gleam"),
    gcommit("Dashboard: one card per bird per day"),
]

SESSIONS = [
    ("s1", "2026-11-23", "07:48", S1),
    ("s2", "2026-11-24", "08:15", S2),
    ("s3", "2026-11-25", "07:56", S3),
    ("s4", "2026-11-26", "08:30", S4),
    ("s5", "2026-11-27", "08:02", S5),
    ("s6", "2026-11-28", "09:10", S6),
]


def events():
    return build(SESSIONS, SEED)
