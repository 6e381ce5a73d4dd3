"""Journal 145: showring (CFML / Lucee 6 on CommandBox), 2026-11-30 .. 2026-12-05."""
from jlib import sh, rd, wr, ed, get, gstatus, gdiff, gadd, gcommit, glog, build

SEED = 145031
CLS = "resources/schedule/classes.json"
VALIDATE = "box task run build/ValidateSchedule"
RUNNER = "box testbox run runner=http://127.0.0.1:8521/tests/runner.cfm"
PED = "https://api.pedigreelink.org.uk/v2/animals/"
DUMP_ERR = "mariadb-dump: Got error: 2005: \"Unknown server host '%s' (-2)\" when trying to connect"
EROFS = "EROFS: read-only file system, open '%s'"
TB_ERR = "Error: could not reach TestBox runner [http://localhost:8520/tests/runner.cfm]: Connection refused"

S1 = [
    "morning. SHOW-398 junior stockperson class under section C, ages 12 to 16, same fees as the adult one",
    ed(CLS, '"C14": {"name": "Stockperson (adult)"', '"C14": {"name": "Stockperson (adult)"}, "C15": {"name": "Junior stockperson", "minAge": 12, "maxAge": 16'),
    sh(VALIDATE),
    gdiff(CLS),
    gadd(CLS),
    "commit pls",
    gcommit("SHOW-398 junior stockperson class in section C"),
    "can you get me last nights results off the replica? sheep section points look off",
    sh("mariadb-dump -h db-replica.showring.internal -u readonly --single-transaction showring > /tmp/replica.sql",
       error=DUMP_ERR % "db-replica.showring.internal"),
    "ugh. ok use the nightly in backups then",
    sh("ls -la backups/nightly | tail -3"),
    sh("gunzip -c backups/nightly/showring-2026-11-29.sql.gz | mariadb showring_dev"),
    sh("box task run build/RecalcPoints :section=sheep"),
    "why is ewe lamb total 14 pts higher than what got printed on the board",
    rd("models/PointsTally.cfc"),
    rd("tests/specs/unit/PointsTallySpec.cfc"),
    ed("models/PointsTally.cfc", "total += entry.points;", "if (!entry.isWithdrawn) total += entry.points;"),
    sh(RUNNER + " directory=tests.specs.unit"),
    sh("box run-script format:check", error="cfformat: 1 file(s) not formatted: models/PointsTally.cfc"),
    sh("box run-script format:fix"),
    sh("box run-script format:check"),
    "tomasz here - entry 2231 the breeder swears the herdbook number is right, check it",
    get(PED + "UK123456-700231", error="HTTP 502 Bad Gateway"),
    get(PED + "UK123456-700231"),
    "fine so its registered. I'll answer them",
    "whats changed so far",
    gstatus(),
]

S2 = [
    "priya: steward sheets for saturday, one page per ring. put them where the secretary sees them",
    rd("resources/schedule/rings.json"),
    sh("box task run build/StewardSheets :show=2026-winter"),
    rd("exports/stewards/ring-1.md"),
    wr("/mnt/showoffice/stewards/Ring 1 - stewards.md", "# Ring 1 stewards\n...",
       error=EROFS % "/mnt/showoffice/stewards/Ring 1 - stewards.md"),
    "read only from your end right? leave them in exports, I'll copy over",
    "run everything in testbox pls, the entries refactor just landed",
    sh("box testbox run", error=TB_ERR),
    sh(RUNNER),
    "tomasz: entry form has to refuse animals born after the class cutoff",
    rd("handlers/Entries.cfc"),
    rd("models/Entry.cfc"),
    ed("models/Entry.cfc", "function validate() {", "function validate() {\n\t\tcheckBornBefore( getShowClass().getCutoffDate() );"),
    ed("handlers/Entries.cfc", "prc.errors = entry.getErrors();", "prc.errors = entry.getErrors(); // incl. cutoff"),
    sh(RUNNER + " directory=tests.specs.integration"),
    "does pedigreelink give date of birth? would rather use that than what people type",
    get(PED + "UK704412-300118"),
    get("https://cfdocs.org/queryexecute"),
    "nice. wire it in",
    ed("models/Entry.cfc", "checkBornBefore( getShowClass().getCutoffDate() );", "checkBornBefore( getShowClass().getCutoffDate(), pedigree.dateOfBirth() );"),
    wr("models/PedigreeClient.cfc", "component singleton { ... }"),
    ed("config/ColdBox.cfc", "settings = {", "settings = {\n\t\t\tpedigreeBaseUrl: getSystemSetting( \"PEDIGREE_URL\" ),"),
    "commit, two commits if you can, client separate",
    gadd("models/PedigreeClient.cfc", "config/ColdBox.cfc"),
    gcommit("Pedigree API client"),
    gadd("models/Entry.cfc", "handlers/Entries.cfc"),
    gcommit("Refuse entries born after the class cutoff"),
]

S3 = [
    "SHOW-405 poultry: 'any other variety' becomes two classes, large fowl and bantam",
    ed(CLS, '"P22": {"name": "Any other variety"}', '"P22": {"name": "Any other variety, large fowl"}, "P23": {"name": "Any other variety, bantam"}'),
    sh(VALIDATE),
    gdiff(CLS),
    gadd(CLS),
    "and commit with the ticket number",
    gcommit("SHOW-405 split AOV poultry into large fowl and bantam"),
    "replica once more please, I want entries per section as of last night",
    sh("mariadb-dump -h db-replica.showring.internal -u readonly showring entries",
       error=DUMP_ERR % "db-replica.showring.internal"),
    "still nothing? forget it, count from the nightly",
    sh("gunzip -c backups/nightly/showring-2026-12-01.sql.gz | mariadb showring_dev"),
    sh("mariadb showring_dev -e 'select section, count(*) from entries group by section'"),
    "add a phone column for stewards, the office wants to text them on the day",
    wr("resources/database/migrations/2026_12_02_add_steward_phone.cfc", "component { function up( schema ) { ... } }"),
    sh("box migrate up", error="Migration failed [2026_12_02_add_steward_phone]: Duplicate column name 'phone'"),
    rd("resources/database/migrations/2026_11_12_stewards.cfc"),
    ed("resources/database/migrations/2026_12_02_add_steward_phone.cfc", 'table.string( "phone" )', 'table.string( "mobile" )'),
    sh("box migrate up"),
    sh("box migrate status"),
    "pedigreelink for the three late dairy ones, ids in the ticket",
    get(PED + "UK301177-500042"),
    get(PED + "UK301177-500057", error="HTTP 503 Service Unavailable"),
    get(PED + "UK301177-500057"),
    "gwen: thanks, thats it for today",
]

S4 = [
    "printer wants proofs of catalogue sections A to D, Jean collects them from the office folder",
    sh("box task run build/Catalogue :sections=A,B,C,D"),
    sh("box task run build/Catalogue :sections=A,B,C,D :format=pdf"),
    wr("/mnt/showoffice/catalogue/proofs A-D.pdf", "<binary>", error=EROFS % "/mnt/showoffice/catalogue/proofs A-D.pdf"),
    "same as tuesday. I'll move them myself",
    "tomasz: late entries closed yesterday, the pending one from the goat section, check it against the society",
    get(PED + "GT88213-004410", error="ECONNRESET: socket hang up"),
    get(PED + "GT88213-004410"),
    "changed the cutoff logic again, run just EntriesSpec",
    sh(RUNNER + " bundles=tests.specs.integration.EntriesSpec",
       error="TestBox: 1 failure(s), 0 error(s) in 14 specs: EntriesSpec > refuses animals born on the cutoff day"),
    rd("models/Entry.cfc"),
    ed("models/Entry.cfc", "dob > cutoff", "dob >= cutoff"),
    sh(RUNNER + " bundles=tests.specs.integration.EntriesSpec"),
    "forgebox - is there a newer qb that fixes the mariadb limit thing",
    get("https://www.forgebox.io/api/v1/entry/qb"),
    "not now then",
    "priya: commit both bits",
    gadd("models/Entry.cfc"),
    gadd("exports/.gitkeep"),
    gcommit("Cutoff day counts as too young"),
]

S5 = [
    "need sheep and goat results from the replica for the points appeal. whole db is fine",
    sh("mariadb-dump -h db-replica.showring.internal -u readonly --all-databases > /tmp/appeal.sql",
       error=DUMP_ERR % "db-replica.showring.internal"),
    "try the short name, db-replica.internal",
    sh("mariadb-dump -h db-replica.internal -u readonly showring > /tmp/appeal.sql",
       error=DUMP_ERR % "db-replica.internal"),
    "ok. nightly it is, appeal is only about ring 3 anyway",
    sh("gunzip -c backups/nightly/showring-2026-12-03.sql.gz | mariadb showring_dev"),
    sh("mariadb showring_dev -e 'select class_code, exhibitor_id, points from results where ring = 3'"),
    "everything through testbox before I merge the qb/quick bump",
    sh("box testbox run", error=TB_ERR),
    sh(RUNNER),
    "tomasz: pedigree for the two appeal animals",
    get(PED + "UK704412-300240", error="HTTP 502 Bad Gateway"),
    get(PED + "UK704412-300240", error="ETIMEDOUT: connect timed out after 10000ms"),
    get(PED + "UK704412-300240"),
    "thx. log for the appeal file please",
    glog(15),
]

S6 = [
    "judges list ring 2 into the office folder, final version",
    rd("resources/schedule/judges.json"),
    rd("resources/schedule/rings.json"),
    wr("/mnt/showoffice/judges/ring-2-final.md", "# Ring 2 judges\n...", error=EROFS % "/mnt/showoffice/judges/ring-2-final.md"),
    "right. exports/ then, call it judges-ring2-final",
    wr("exports/office/judges-ring2-final.md", "# Ring 2 judges\n..."),
    "gwen: class 31 is now 'Pair of bantams, any colour'",
    ed(CLS, '"P31": {"name": "Pair of bantams"}', '"P31": {"name": "Pair of bantams, any colour"}'),
    sh(VALIDATE),
    gdiff(CLS),
    gadd(CLS),
    "commit",
    gcommit("Rename P31", error="pre-commit hook failed: cfformat reports 1 unformatted file (handlers/Results.cfc)"),
    sh("box run-script format:fix"),
    sh("box run-script format:check"),
    gcommit("Rename P31"),
    "is pedigreelink even up? their health page",
    get("https://api.pedigreelink.org.uk/health", error="HTTP 504 Gateway Timeout"),
    get("https://api.pedigreelink.org.uk/health"),
]

SESSIONS = [
    ("s1", "2026-11-30", "08:37", S1),
    ("s2", "2026-12-01", "08:52", S2),
    ("s3", "2026-12-02", "09:05", S3),
    ("s4", "2026-12-03", "08:44", S4),
    ("s5", "2026-12-04", "09:12", S5),
    ("s6", "2026-12-05", "08:21", S6),
]


def events():
    return build(SESSIONS, SEED)
