"""journal-85: quarrylight (Clojure service), Ines / Tomasz / Ruth, 2026-11-30 .. 12-05."""
from jlib import R, W, E, L, SH, H, GS, GD, GA, GC, GL, X

DOCKER = ("permission denied while trying to connect to the Docker daemon socket at unix:///var/run/docker.sock: "
          "Get \"http://%2Fvar%2Frun%2Fdocker.sock/v1.45/containers/json\": dial unix /var/run/docker.sock: connect: permission denied")
KAOCHA = ("Execution error (FileNotFoundException) at quarrylight.test-fixtures/eval2214 (test_fixtures.clj:1).\n"
          "Could not locate integrant/repl__init.class, integrant/repl.clj or integrant/repl.cljc on classpath.")
ENOENT = "ENOENT: no such file or directory, open 'resources/config.edn'"
GW = "http://scales.quarry.lan/api"

DAYS = ["2026-11-30 08:40", "2026-12-01 09:05", "2026-12-02 08:20", "2026-12-03 13:10", "2026-12-04 08:55",
        "2026-12-05 09:30"]

S1 = [
    "morning. QL-412: the weighbridge ticket needs the trailer plate. start with the model and the SQL",
    R("src/quarrylight/tickets.clj"), R("resources/sql/tickets.sql"), E("src/quarrylight/tickets.clj",
      "(s/def ::ticket (s/keys :req-un [::id ::site ::gross ::tare]))",
      "(s/def ::ticket (s/keys :req-un [::id ::site ::gross ::tare] :opt-un [::trailer-plate]))"),
    SH("clojure -M:test --focus quarrylight.tickets-test"),
    "I'd like my own postgres for this, bring one up locally",
    X(SH("docker compose -f dev/compose.yml up -d db"), DOCKER),
    "fine, forget it. write the migration and apply it on the dev db",
    W("resources/migrations/20261130094500-add-trailer-plate.up.sql",
      "ALTER TABLE tickets ADD COLUMN trailer_plate text;"),
    W("resources/migrations/20261130094500-add-trailer-plate.down.sql",
      "ALTER TABLE tickets DROP COLUMN trailer_plate;"),
    SH("clojure -X:migrate :env :dev"),
    "finance pinged: yesterday's tonnage. run the recon for the 29th",
    SH("clojure -X:recon :date '\"2026-11-29\"'"), R("out/recon/2026-11-29.csv"),
    W("reports/recon/2026-11-29.md", "# Recon 2026-11-29\n\nAll three sites agree with the ledger within 0.2 t. No action."),
    "is Northpit bridge 1 talking to us? driver says the screen is stuck",
    X(H(GW + "/bridges/northpit-1/status"), "HTTP 502 Bad Gateway"), H(GW + "/bridges/northpit-1/status"),
    "ok it's alive. now the ticket PDF: print the plate under the haulier name",
    R("resources/templates/ticket.html"), E("resources/templates/ticket.html",
      "<p class=\"haulier\">{{haulier}}</p>", "<p class=\"haulier\">{{haulier}}</p>\n<p class=\"plate\">{{trailer-plate}}</p>"),
    R("src/quarrylight/pdf.clj"), SH("clojure -M:test --focus quarrylight.pdf-test"),
    GS(),
    "commit that, message 'QL-412 trailer plate on tickets'",
    GA("src/quarrylight/tickets.clj", "resources/templates/ticket.html"), GA("resources/migrations"),
    GC("QL-412 trailer plate on tickets"),
]

S2 = [
    "[QL-418] haulier rates: discount tiers above 2000 t a month. Tomasz here, picking up from Ines",
    R("src/quarrylight/rates.clj"), R("test/quarrylight/rates_test.clj"),
    E("src/quarrylight/rates.clj", "(defn price [rate tonnes] (* rate tonnes))",
      "(defn price [rate tonnes tiers] (* (tiered-rate rate tonnes tiers) tonnes))"),
    "where do the tier thresholds come from? they should be config, not code",
    X(R("resources/config.edn"), ENOENT), R("resources/quarrylight/config.edn"), R("src/quarrylight/system.clj"),
    E("resources/quarrylight/config.edn", ":quarrylight/rates {:vat 0.2}",
      ":quarrylight/rates {:vat 0.2 :tiers [[2000 0.05] [5000 0.08]]}"),
    "tests for the tiers, then run everything before I push",
    W("test/quarrylight/rates_tiers_test.clj", "(deftest tiers-apply-above-2000 ...)"),
    X(SH("clojure -M:test"), KAOCHA), SH("clojure -M:dev:test"),
    "lint it",
    X(SH("clj-kondo --lint src test"), "src/quarrylight/rates.clj:52:9: warning: unused binding tonnes-left"),
    E("src/quarrylight/rates.clj", "(let [tonnes-left (- tonnes t)]", "(let [_ (- tonnes t)]"),
    E("src/quarrylight/rates.clj", "(let [_ (- tonnes t)]", ""),
    SH("clj-kondo --lint src test"),
    "how many weighings did Eastfield send yesterday?",
    H(GW + "/sites/eastfield/weighings?date=2026-11-30"),
    "good, commit and push",
    GA("src/quarrylight/rates.clj", "resources/quarrylight/config.edn"), GA("test/quarrylight/rates_tiers_test.clj"),
    GC("QL-418 tiered haulier rates"), SH("git push origin ql-418-tiers"),
]

S3 = [
    "Ruth. Recon for Dec 1 please, finance wants it before 10",
    SH("clojure -X:recon :date '\"2026-12-01\"'"), R("out/recon/2026-12-01.csv"),
    W("reports/recon/2026-12-01.md",
      "# Recon 2026-12-01\n\nEastfield is 14.6 t short against the ledger: two tickets voided after the ledger export (T-88120, T-88131)."),
    "why were those two voided? show me who did it",
    SH("psql \"$DATABASE_URL\" -c \"select id, voided_by, voided_at from tickets where id in (88120, 88131)\""),
    "repro of the void race needs a private postgres, start one",
    X(SH("docker run --rm -d -p 5433:5432 -e POSTGRES_PASSWORD=dev postgres:16"), DOCKER),
    "never mind. read the void handler and the audit log code",
    R("src/quarrylight/tickets/void.clj"), R("src/quarrylight/audit.clj"), L("src/quarrylight/tickets"),
    R("src/quarrylight/tickets/handlers.clj"),
    "fix: void must take a row lock, select ... for update",
    E("src/quarrylight/tickets/void.clj", "(jdbc/execute-one! tx [\"select * from tickets where id = ?\" id])",
      "(jdbc/execute-one! tx [\"select * from tickets where id = ? for update\" id])"),
    SH("clojure -M:test --focus quarrylight.tickets.void-test"), SH("clj-kondo --lint src/quarrylight/tickets"),
    "weighbridge feed for Eastfield, today so far",
    X(H(GW + "/sites/eastfield/weighings?date=2026-12-02"), "ECONNRESET: socket hang up"),
    "hm. leave it, I'll ask site. commit the lock fix",
    GD("src/quarrylight/tickets/void.clj"), GA("src/quarrylight/tickets/void.clj"),
    GC("Row lock when voiding a ticket"), GL(3),
]

S4 = [
    "QL-420 invoices: round line totals half-up to 2dp, finance found a penny drift",
    R("src/quarrylight/invoices.clj"), R("src/quarrylight/money.clj"),
    E("src/quarrylight/money.clj", "(.setScale x 2 RoundingMode/HALF_EVEN)", "(.setScale x 2 RoundingMode/HALF_UP)"),
    E("test/quarrylight/money_test.clj", "(is (= 10.12M (round2 10.125M)))", "(is (= 10.13M (round2 10.125M)))"),
    SH("clojure -M:test --focus quarrylight.money-test"),
    "this touches everything money-related, so run the full suite",
    X(SH("clojure -M:test"), KAOCHA), SH("clojure -M:dev:test"),
    "is bridge 2 at Northpit reporting since the power cut?",
    X(H(GW + "/bridges/northpit-2/status"), "ETIMEDOUT: request timed out after 30000 ms"),
    "ok, note it in the ops channel file and move on",
    E("ops/incidents.md", "## Open", "## Open\n- 2026-12-03 Northpit bridge 2 status endpoint not answering"),
    "build the uberjar so ops can take it to staging",
    SH("clojure -T:build uber"), L("target"),
    "which commits since the last release?",
    GL(20), GD(),
    "commit",
    GA("src/quarrylight/money.clj", "test/quarrylight/money_test.clj"), GA("ops/incidents.md"),
    GC("QL-420 half-up rounding on invoice lines"),
]

S5 = [
    "Tomasz: driver app logs the night shift out around 2am (QL-423). bump the session ttl to 720 min",
    X(R("resources/config.edn"), ENOENT), R("resources/quarrylight/config.edn"), R("src/quarrylight/auth.clj"),
    E("resources/quarrylight/config.edn", ":quarrylight/session {:ttl-minutes 480}",
      ":quarrylight/session {:ttl-minutes 720}"),
    "and the session cleanup job: try it on a disposable postgres first",
    X(SH("docker compose -f dev/compose.yml up -d db"), DOCKER),
    X(SH("docker compose -f dev/compose.yml up -d db"), DOCKER),
    "ok no docker. use a scratch schema on the dev db",
    SH("psql \"$DATABASE_URL\" -c \"create schema scratch_tk\""),
    SH("psql \"$DATABASE_URL\" -c \"set search_path=scratch_tk\" -f resources/sql/sessions.sql"),
    "did the overnight weighings from both Northpit bridges arrive?",
    H(GW + "/sites/northpit/weighings?date=2026-12-03"),
    X(H(GW + "/sites/northpit/weighings?date=2026-12-04"), "HTTP 502 Bad Gateway"),
    H(GW + "/sites/northpit/weighings?date=2026-12-04"),
    "drop the scratch schema, then commit the ttl change",
    SH("psql \"$DATABASE_URL\" -c \"drop schema scratch_tk cascade\""),
    GA("resources/quarrylight/config.edn"), GC("Sessions last a 12h shift"),
]

S6 = [
    "Ines. Saturday recon for Dec 4, quick",
    SH("clojure -X:recon :date '\"2026-12-04\"'"), R("out/recon/2026-12-04.csv"),
    W("reports/recon/2026-12-04.md", "# Recon 2026-12-04\n\nNorthpit +3.1 t vs ledger: one ticket re-weighed after export (T-88407)."),
    "check bridge 2's status again, ops asked, and whether Eastfield's Friday weighings are all there",
    H(GW + "/bridges/northpit-2/status"), H(GW + "/sites/eastfield/weighings?date=2026-12-04"),
    "ok. small thing: the kiosk shows tonnes with 3 decimals, 2 is enough",
    R("src/quarrylight/kiosk/views.clj"), E("src/quarrylight/kiosk/views.clj", "(format \"%.3f t\" t)", "(format \"%.2f t\" t)"),
    SH("clojure -M:test --focus quarrylight.kiosk.views-test"), GA("src/quarrylight/kiosk/views.clj"),
    GC("Kiosk: two decimals for tonnes"), GS(),
    "last: what does cljdoc say about next.jdbc's plan vs execute! for the report query?",
    H("https://cljdoc.org/d/com.github.seancorfield/next.jdbc/1.3.955/doc/getting-started"),
]

SESSIONS = [S1, S2, S3, S4, S5, S6]
SEED = 85023
