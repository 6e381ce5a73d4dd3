"""Journal 156: curdtrace (Neo4j / Cypher lot traceability), sessions s1..s6, 2026-11-09..14."""
from jlib import S, R, W, E, L, H, GS, GD, GA, GC, GL

SEED = 156156
LAB = "https://portal.dairylabs.ie/api/v1/"
CS = "cypher-shell -a neo4j://localhost:7688 -u neo4j -d curdtrace"
CSBARE = "cypher-shell -u neo4j -d curdtrace"
AUTH = "The client is unauthorized due to authentication failure."
LOAD = ("Failed to load database 'curdtrace': the dump uses store format 'block', which is not available in "
        "Neo4j Community Edition 5.20.0")
MIG = "neo4j-migrations -a neo4j://localhost:7688 -u neo4j -p $NEO4J_PASSWORD --location file:migrations apply"
VL = "/mnt/vatlogs/"


def load(day, extra=""):
    return S("neo4j-admin database load curdtrace --from-path=dumps/%s --overwrite-destination=true%s" % (day, extra),
             LOAD)


def migration(name, body):
    return [
        W("migrations/%s.cypher" % name, body),
        S(MIG),
        GA("migrations/%s.cypher" % name),
    ]


SESSIONS = [
    ("s1", "2026-11-09", "08:50", [
        ("nuala: recall drill friday, want prod-ish data locally. load sunday's dump", [
            load("2026-11-08"),
        ]),
        ("fixture graph it is then. trace lot 241102 forward to the shops", [
            S("docker compose ps"),
            R("cypher/queries/recall-trace.cypher"),
            S(CS + " -f cypher/queries/recall-trace.cypher -P 'lot => \"241102\"'"),
        ]),
        ("vat 2 temps during cutting, last week", [
            L(VL + "vat2"),
            L(VL + "vat2/2026-W45"),
            R(VL + "vat2/2026-W45/2026-11-04.csv"),
        ]),
        ("lab results for the nov 2 + 3 collections", [
            H(LAB + "results?collected=2026-11-02"),
            H(LAB + "results?collected=2026-11-03"),
        ]),
        ("where is the trace slow? PROFILE it, don't change anything", [
            S(CS + " -c \"PROFILE MATCH (l:Lot {id:'241102'})<-[:MADE_FROM*1..4]-(x) RETURN count(x)\""),
        ]),
        ("compose: give neo4j a 2g heap", [
            R("docker-compose.yml"),
            E("docker-compose.yml", "NEO4J_server_memory_heap_max__size: 1G", "NEO4J_server_memory_heap_max__size: 2G"),
            S("docker compose up -d neo4j"),
        ]),
    ]),
    ("s2", "2026-11-10", "09:30", [
        ("padraig: every Cut needs a unique barcode, constraint pls", migration(
            "V014__cut_barcode_unique",
            "CREATE CONSTRAINT cut_barcode IF NOT EXISTS FOR (c:Cut) REQUIRE c.barcode IS UNIQUE;\n")),
        ("mass balance for week 45, local", [
            S(CSBARE + " -f cypher/queries/mass-balance.cypher -P 'week => 45'", AUTH),
            S(CS + " -f cypher/queries/mass-balance.cypher -P 'week => 45'"),
        ]),
        ("lab api: tbc (bacto) for supplier 0117 this month", [
            H(LAB + "results?supplier=0117&test=tbc&from=2026-11-01", "HTTP 503 Service Unavailable"),
        ]),
        ("vat 1 pH log from yesterday", [
            L(VL + "vat1", "ESTALE: stale file handle, scandir '/mnt/vatlogs/vat1'"),
        ]),
        ("hyun-woo: fixture for a split vat (one vat into two wheel batches)", [
            R("fixtures/graph.cypher"),
            E("fixtures/graph.cypher", "// vats", "// vats\nCREATE (v9:Vat {id:'V9'})-[:FILLED]->(:Batch {id:'B9a'}), (v9)-[:FILLED]->(:Batch {id:'B9b'});"),
            E("expected/recall-trace.csv", "241102,V7,", "241102,V7,\n241109,V9,"),
            S("scripts/test-queries.sh"),
        ]),
        ("queries all green? then commit everything", [
            S("scripts/test-queries.sh --verbose"),
            GA("fixtures/graph.cypher"),
            GA("expected/recall-trace.csv"),
            GC("unique cut barcode; split-vat fixture"),
        ]),
    ]),
    ("s3", "2026-11-11", "09:05", [
        ("hyun-woo: try the dump again, nuala says it's from the new backup job", [
            load("2026-11-10"),
        ]),
        ("lab results supplier 0042, last two weeks", [
            H(LAB + "results?supplier=0042&from=2026-10-28"),
            H(LAB + "results?supplier=0042&from=2026-10-28&page=2"),
        ]),
        ("whats on the vatlogs share for november", [
            L(VL),
            L(VL + "vat1/2026-11"),
            L(VL + "vat2/2026-11", "ETIMEDOUT: connection timed out, scandir '/mnt/vatlogs/vat2/2026-11'"),
        ]),
        ("recall-trace.cypher should return the shop name too", [
            R("cypher/queries/recall-trace.cypher"),
            E("cypher/queries/recall-trace.cypher", "RETURN l.id, v.id, w.serial", "RETURN l.id, v.id, w.serial, s.name"),
            S("scripts/test-queries.sh", "FAIL recall-trace: expected/recall-trace.csv differs (3 columns vs 4)"),
            E("expected/recall-trace.csv", "lot,vat,wheel", "lot,vat,wheel,shop"),
            S("scripts/test-queries.sh"),
        ]),
        ("commit", [
            GS(),
            GA("cypher/queries/recall-trace.cypher"),
            GA("expected/recall-trace.csv"),
            GC("recall trace: include shop name"),
        ]),
        ("and the wk45 mass balance again with the shop change", [
            S(CS + " -f cypher/queries/mass-balance.cypher -P 'week => 45'"),
        ]),
    ]),
    ("s4", "2026-11-12", "09:15", [
        ("padraig: index on Wheel(made_on) for the ageing report", migration(
            "V015__wheel_made_on_index",
            "CREATE INDEX wheel_made_on IF NOT EXISTS FOR (w:Wheel) ON (w.made_on);\n")),
        ("ageing report: wheels older than 9 months, by vat", [
            W("cypher/queries/ageing.cypher",
              "MATCH (v:Vat)-[:FILLED]->(:Batch)-[:PRESSED_INTO]->(w:Wheel)\nWHERE w.made_on < date() - duration('P9M')\nRETURN v.id, count(w) ORDER BY v.id;\n"),
            S(CSBARE + " -f cypher/queries/ageing.cypher", AUTH),
            S(CS + " -f cypher/queries/ageing.cypher"),
            S("scripts/test-queries.sh"),
        ]),
        ("nuala: lab api, everything since monday for the drill", [
            H(LAB + "results?from=2026-11-09", "timed out after 30s"),
        ]),
        ("vat 2 logs again?", [
            L(VL + "vat2/2026-11"),
            R(VL + "vat2/2026-11/2026-11-06.csv"),
        ]),
        ("commit ageing query", [
            GA("cypher/queries/ageing.cypher"),
            GC("ageing report + wheel made_on index"),
        ]),
    ]),
    ("s5", "2026-11-13", "08:55", [
        ("nuala: recall drill today. dump from last night into local pls", [
            load("2026-11-12"),
            load("2026-11-12", " --verbose"),
        ]),
        ("ok fixture then. trace lot 241107 to the shops, and 241108", [
            S(CS + " -f cypher/queries/recall-trace.cypher -P 'lot => \"241107\"'"),
            S(CS + " -f cypher/queries/recall-trace.cypher -P 'lot => \"241108\"'"),
        ]),
        ("lab results for that milk (collections 11-04, 11-05)", [
            H(LAB + "results?collected=2026-11-04"),
            H(LAB + "results?collected=2026-11-05", "HTTP 502 Bad Gateway"),
        ]),
        ("vat 3 logs for those two days", [
            L(VL + "vat3/2026-11", "EHOSTDOWN: host is down, scandir '/mnt/vatlogs/vat3/2026-11'"),
        ]),
        ("hyun-woo: drill write-up in docs/recall-drill-2026-11.md + a pdf for the auditor", [
            W("docs/recall-drill-2026-11.md", "# Recall drill 13 Nov\n\nLots 241107, 241108 traced to 11 shops in 14 min.\n"),
            S("pandoc docs/recall-drill-2026-11.md -o out/recall-drill-2026-11.pdf"),
            GA("docs/recall-drill-2026-11.md"),
            GC("docs: recall drill write-up"),
        ]),
    ]),
    ("s6", "2026-11-14", "10:10", [
        ("hyun-woo: backfill Vat.capacity_l = 1200 where it's missing", migration(
            "V016__vat_capacity_backfill",
            "MATCH (v:Vat) WHERE v.capacity_l IS NULL SET v.capacity_l = 1200;\n")),
        ("queries still pass?", [
            S("scripts/test-queries.sh"),
            S(CS + " -c 'SHOW CONSTRAINTS'"),
        ]),
        ("padraig: lab results this week, suppliers 0042 0117 0099", [
            H(LAB + "results?supplier=0042&from=2026-11-09"),
            H(LAB + "results?supplier=0117&from=2026-11-09"),
            H(LAB + "results?supplier=0099&from=2026-11-09", "HTTP 429 Too Many Requests"),
        ]),
        ("vat 1 logs this week", [
            L(VL + "vat1/2026-11"),
            L(VL + "vat1/2026-11/2026-11-13", "EIO: i/o error, scandir '/mnt/vatlogs/vat1/2026-11/2026-11-13'"),
        ]),
        ("commit + push", [
            GC("migrations: backfill vat capacity"),
            S("git push origin main"),
        ]),
    ]),
]
