"""journal-81: quernstone, a Clojure 1.12 service (Clojure CLI + deps.edn, kaocha, migratus, clj-kondo, Unleash).
Developers: Ada Kowalczyk (en), Tomás Ferreira (pt, en). Written in step 3, after profiles.md and queries.py."""
from jlib import P, sh, rd, wr, ed, gst, gdf, gadd, gcm, glog, get

SEED = 810081
BB = "bash: line 1: bb: command not found"
KAOCHA = ("Execution error (FileNotFoundException) at kaocha.runner/-main (REPL:1).\n"
          "Could not locate quernstone/test_system__init.class, quernstone/test_system.clj or "
          "quernstone/test_system.cljc on classpath.")
NREPL = "ENOENT: no such file or directory, open '/home/dev/quernstone/.nrepl-port'"
U = "https://unleash.quern.internal/api"

S1 = [
    P("morning. QS-112 sieve batches get their own table: id, lot_id fk to grain_lots, mesh_um int, created_at"),
    rd("src/quernstone/db.clj"),
    rd("resources/migrations/20261118093000-add-grain-lots.up.sql"),
    P("ok, write it and apply it locally"),
    wr("resources/migrations/20261130091500-add-sieve-batches.up.sql",
       "CREATE TABLE sieve_batches (id bigserial PRIMARY KEY, lot_id bigint NOT NULL REFERENCES grain_lots(id), mesh_um int NOT NULL, created_at timestamptz NOT NULL DEFAULT now());"),
    sh("clojure -M:dev:migrate up"),
    gadd("resources/migrations/20261130091500-add-sieve-batches.up.sql"),
    P("QS-115: GET /orders/:id/split 500s when the lot was deleted. have a look"),
    rd("src/quernstone/routes/orders.clj"),
    rd("src/quernstone/orders.clj"),
    ed("src/quernstone/orders.clj", "(let [lot (lots/by-id db lot-id)]", "(if-let [lot (lots/by-id db lot-id)]"),
    sh("clojure -M:dev:test --focus quernstone.orders-test"),
    P("lint before I push pls, there's a bb task for it"),
    sh("bb lint", BB),
    sh("clojure -M:lint"),
    P("is sieve-report enabled on staging?"),
    get(U + "/client/features/sieve-report", "502 Bad Gateway"),
    get(U + "/client/features/sieve-report"),
    P("commit: QS-112 + QS-115"),
    gst(),
    gcm("QS-112 sieve_batches table; QS-115 404 instead of 500 for a deleted lot"),
    P("thanks, done for today"),
]

S2 = [
    P("bom dia. QS-118: o frete por saca está arredondando errado, olha o pricing.clj"),
    rd("src/quernstone/pricing.clj"),
    rd("test/quernstone/pricing_test.clj"),
    P("pode corrigir, usa bigdec"),
    ed("src/quernstone/pricing.clj", "(Math/round (* rate sacks))", "(with-precision 10 (* (bigdec rate) sacks))"),
    ed("test/quernstone/pricing_test.clj", "(is (= 42 (freight 12 3.5)))", "(is (= 42.0M (freight 12 3.5M)))"),
    P("agora a suíte toda"),
    sh("clojure -M:test", KAOCHA),
    sh("clojure -M:dev:test"),
    P("testa (pricing/freight 12 3.5M) naquele nrepl que deixei rodando"),
    rd(".nrepl-port", NREPL),
    sh('clojure -M -e "(require (quote quernstone.pricing)) (println (quernstone.pricing/freight 12 3.5M))"'),
    P("check the bigdec-pricing toggle before we merge"),
    get(U + "/client/features/bigdec-pricing"),
    P("ok commita"),
    gdf(),
    gcm("QS-118 freight per sack with bigdec"),
]

S3 = [
    P("QS-121 orders need a free-text note, nullable"),
    wr("resources/migrations/20261202102000-add-order-note.up.sql", "ALTER TABLE orders ADD COLUMN note text;"),
    sh("clojure -M:dev:migrate up"),
    gadd("resources/migrations/20261202102000-add-order-note.up.sql"),
    P("and the spec + handler should accept it"),
    rd("src/quernstone/specs.clj"),
    ed("src/quernstone/specs.clj", "(s/keys :req-un [::mill-id ::lot-id ::sacks])",
       "(s/keys :req-un [::mill-id ::lot-id ::sacks] :opt-un [::note])"),
    ed("src/quernstone/routes/orders.clj", "(select-keys body [:mill-id :lot-id :sacks])",
       "(select-keys body [:mill-id :lot-id :sacks :note])"),
    P("cljfmt check via bb"),
    sh("bb fmt:check", BB),
    sh("clojure -M:fmt check"),
    P("build the uberjar, Lena wants it on the test vm"),
    sh("clojure -T:build uber", "Syntax error compiling at (quernstone/routes/orders.clj:57:9)."),
    rd("src/quernstone/routes/orders.clj"),
    ed("src/quernstone/routes/orders.clj", "(:note body", "(:note body)"),
    sh("clojure -T:build uber"),
    P("quick sanity: push the /health request through the nrepl instead of starting a server"),
    rd(".nrepl-port", NREPL),
    sh('clojure -M:dev -e "(require (quote quernstone.routes)) (println ((quernstone.routes/app) {:request-method :get :uri \\"/health\\"}))"'),
    P("commit"),
    gst(),
    gdf(),
    gcm("QS-121 optional note on orders"),
]

S4 = [
    P("o flag partial-pickup tá ligado em produção? vê no unleash"),
    get(U + "/admin/projects/default/features/partial-pickup", "timed out after 10000 ms"),
    get(U + "/admin/projects/default/features/partial-pickup", "503 Service Unavailable"),
    get(U + "/admin/projects/default/features/partial-pickup"),
    P("beleza. roda o kondo pela task do bb"),
    sh("bb lint", BB),
    sh("clojure -M:lint", "src/quernstone/pickup.clj:33:7: warning: unused binding opts"),
    ed("src/quernstone/pickup.clj", "[db opts day]", "[db _opts day]"),
    sh("clojure -M:lint"),
    P("escreve um teste pra pickup/window-open? cobrindo domingo"),
    wr("test/quernstone/pickup_test.clj",
       "(deftest sunday-closed (is (false? (pickup/window-open? (t/date \"2026-12-06\")))))"),
    sh("clojure -M:dev:test --focus quernstone.pickup-test"),
    P("QS-124 manda pro git"),
    gcm("QS-124 pickup window tests, unused binding"),
    P("valeu"),
]

S5 = [
    P("QS-130 route lookups per mill are slow; index routes on (mill_id, day)"),
    wr("resources/migrations/20261204134000-index-routes-mill-day.up.sql",
       "CREATE INDEX routes_mill_day_idx ON routes (mill_id, day);"),
    sh("clojure -M:dev:migrate up"),
    gadd("resources/migrations/20261204134000-index-routes-mill-day.up.sql"),
    P("run just the mill schedule tests"),
    sh("clojure -M:test --focus quernstone.schedule-test", KAOCHA),
    sh("clojure -M:dev:test --focus quernstone.schedule-test"),
    P("mill-calendar flag - on or off?"),
    get(U + "/client/features/mill-calendar", "read ECONNRESET"),
    get(U + "/client/features/mill-calendar"),
    P("what does (schedule/next-slot 7) give? use the repl if one's open"),
    rd(".nrepl-port", NREPL),
    sh('clojure -M:dev -e "(require (quote quernstone.schedule)) (prn (quernstone.schedule/next-slot 7))"'),
    P("commit, then show me the last few commits"),
    gcm("QS-130 index routes (mill_id, day)"),
    glog(5),
]

S6 = [
    P("bom dia. quero o relatório de cobertura, tem task no bb"),
    sh("bb coverage", BB),
    sh("clojure -M:dev:test:coverage"),
    rd("target/coverage/index.txt"),
    P("partial-pickup de novo, continua desligado?"),
    get(U + "/admin/projects/default/features/partial-pickup", "502 Bad Gateway"),
    get(U + "/admin/projects/default/features/partial-pickup"),
    P("QS-133 blend-ratio tem que ignorar lotes com peso zero"),
    ed("src/quernstone/lots.clj", "(map :weight lots)", "(keep #(when (pos? (:weight %)) (:weight %)) lots)"),
    ed("test/quernstone/lots_test.clj", "(deftest blend", "(deftest blend-skips-empty (is (= 1/2 (blend-ratio [{:weight 0} {:weight 2} {:weight 2}]))))\n(deftest blend"),
    sh("clojure -M:dev:test --focus quernstone.lots-test"),
    P("confere (lots/blend-ratio ...) no nrepl com os lotes do ticket"),
    rd(".nrepl-port", NREPL),
    sh('clojure -M:dev -e "(require (quote quernstone.lots)) (prn (quernstone.lots/blend-ratio [{:weight 0} {:weight 3}]))"'),
    P("commita e dá push"),
    gst(),
    gcm("QS-133 blend ratio skips zero-weight lots"),
    sh("git push origin main"),
]

SESSIONS = [
    ("s1", "2026-11-30", "09:05", S1),
    ("s2", "2026-12-01", "09:40", S2),
    ("s3", "2026-12-02", "10:10", S3),
    ("s4", "2026-12-03", "09:20", S4),
    ("s5", "2026-12-04", "13:30", S5),
    ("s6", "2026-12-05", "09:50", S6),
]
