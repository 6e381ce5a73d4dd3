"""journal-87: fenwick-desk (Qt 6 / C++20 desktop app), Olu / Marta / Sven, 2026-11-16 .. 11-21."""
from jlib import R, W, E, L, SH, H, GS, GD, GA, GC, GL, X

NOVG = "/bin/sh: 1: valgrind: not found"
XCB = ("qt.qpa.xcb: could not connect to display \n"
       "qt.qpa.plugin: Could not load the Qt platform plugin \"xcb\" in \"\" even though it was found.")
CONAN = ("ERROR: HTTPSConnectionPool(host='conan.fenwick.lan', port=443): Max retries exceeded with url: "
         "/artifactory/api/conan/conan-local/v2/ping (Caused by ConnectTimeoutError(...))")
SIGN = "https://sign.fenwick.lan/api"
TR = "cmake --build --preset dev --target release_translations"

DAYS = ["2026-11-16 08:30", "2026-11-17 09:10", "2026-11-18 08:50", "2026-11-19 12:40", "2026-11-20 08:15",
        "2026-11-21 10:05"]

S1 = [
    "Olu. FD-301: RSS at 1.8 GB after a night on Harwood's desk PC. leak hunt",
    R("src/core/LoanModel.cpp"), R("src/core/PatronCache.cpp"), SH("cmake --build --preset dev"),
    "run the app's smoke test under valgrind with leak check",
    X(SH("valgrind --leak-check=full --error-exitcode=1 build/dev/tests/core/tst_patroncache"), NOVG),
    "ok then the sanitizer build",
    SH("cmake --preset asan"), SH("cmake --build --preset asan"),
    X(SH("ctest --preset asan -R tst_patroncache"), "ERROR: LeakSanitizer: detected memory leaks"),
    R("build/asan/Testing/Temporary/LastTest.log"),
    "the cache never evicts cover images. cap it",
    E("src/core/PatronCache.cpp", "m_covers.insert(id, img);",
      "m_covers.insert(id, img);\n    while (m_covers.size() > kMaxCovers) m_covers.erase(m_covers.begin());"),
    E("src/core/PatronCache.h", "QHash<QString, QImage> m_covers;",
      "QHash<QString, QImage> m_covers;\n    static constexpr int kMaxCovers = 200;"),
    SH("cmake --build --preset asan"), SH("ctest --preset asan -R tst_patroncache"),
    "Welsh strings for the renewal dialog came in from Cardiff, put them in",
    E("i18n/fenwick_cy.ts", "<source>Renew</source>\n        <translation type=\"unfinished\"></translation>",
      "<source>Renew</source>\n        <translation>Adnewyddu</translation>"),
    SH(TR), GA("i18n/fenwick_cy.ts"),
    "commit both",
    GA("src/core/PatronCache.cpp", "src/core/PatronCache.h"), GC("FD-301 cap the cover cache; Welsh renewal strings"),
    SH("git push origin fd-301-cover-cache"),
]

S2 = [
    "Marta. holds dialog FD-307: show pick-up deadline with weekday. then full test run",
    R("src/ui/qml/HoldsDialog.qml"), R("src/core/HoldsModel.cpp"),
    E("src/core/HoldsModel.cpp", "return hold.pickupBy.toString(Qt::ISODate);",
      "return QLocale().toString(hold.pickupBy, \"dddd d MMMM\");"),
    SH("cmake --build --preset dev"),
    X(SH("ctest --preset dev --output-on-failure"), XCB), SH("QT_QPA_PLATFORM=offscreen ctest --preset dev --output-on-failure"),
    "openssl 3.0.13 -> 3.0.15 per the CVE ticket FD-309",
    R("conanfile.py"), E("conanfile.py", "self.requires(\"openssl/3.0.13\")", "self.requires(\"openssl/3.0.15\")"),
    X(SH("conan lock create . --lockfile-out=conan.lock"), CONAN),
    "revert that for now, I'll raise it with build infra",
    SH("git checkout -- conanfile.py"), GS(),
    "is last night's 3.7.1 installer signed yet? job 5512",
    H(SIGN + "/jobs/5512"),
    "download link for it",
    X(H(SIGN + "/jobs/5512/artifact"), "HTTP 503 Service Unavailable"),
    X(H(SIGN + "/jobs/5512/artifact"), "ECONNRESET: socket hang up"),
    "ok later. commit the holds change",
    GA("src/core/HoldsModel.cpp"), GC("FD-307 pick-up deadline with weekday"), GL(3),
]

S3 = [
    "Sven. FD-311: due date renders as junk on renewals now and then, smells like use-after-free",
    R("src/ui/RenewalsController.cpp"), R("src/core/Loan.cpp"),
    X(SH("valgrind --tool=memcheck build/dev/fenwick-desk --selftest renewals"), NOVG),
    "sanitizers then",
    SH("cmake --build --preset asan"),
    X(SH("ctest --preset asan -R tst_renewals"), "ERROR: AddressSanitizer: heap-use-after-free on address 0x602000045a10"),
    "fix: the controller keeps a reference into a vector that gets reallocated",
    E("src/ui/RenewalsController.cpp", "const Loan &loan = m_loans[row];", "const Loan loan = m_loans.at(row);"),
    SH("cmake --build --preset asan"), SH("ctest --preset asan -R tst_renewals"),
    "fr.ts: 'Pick up by' untranslated",
    E("i18n/fenwick_fr.ts", "<source>Pick up by</source>\n        <translation type=\"unfinished\"></translation>",
      "<source>Pick up by</source>\n        <translation>À retirer avant le</translation>"),
    SH(TR), GA("i18n/fenwick_fr.ts"),
    "clang-tidy on what I touched",
    SH("clang-tidy -p build/dev src/ui/RenewalsController.cpp"),
    "commit",
    GA("src/ui/RenewalsController.cpp"), GC("FD-311 copy the loan, don't hold a reference"),
]

S4 = [
    "Marta again. 3.8 branch: full ctest incl. the gui label, then tag rc1",
    SH("cmake --build --preset dev"),
    X(SH("ctest --preset dev -L gui"), XCB), SH("QT_QPA_PLATFORM=offscreen ctest --preset dev -L gui"),
    SH("ctest --preset dev -L core"),
    "FD-316 libpq 15.5 -> 16.4",
    E("conanfile.py", "self.requires(\"libpq/15.5\")", "self.requires(\"libpq/16.4\")"),
    X(SH("conan install . --build=missing -pr:h profiles/linux-release"), CONAN),
    SH("git checkout -- conanfile.py"),
    "did signing job 5530 (3.8 rc1) finish?",
    X(H(SIGN + "/jobs/5530"), "ETIMEDOUT: request timed out after 30000 ms"), H(SIGN + "/jobs/5530"),
    "tag it",
    SH("git tag -a v3.8.0-rc1 -m '3.8.0 rc1'"), GL(1),
]

S5 = [
    "Olu. patron search leaks again? RSS climbs while typing fast in the search box",
    R("src/ui/PatronSearch.cpp"),
    X(SH("valgrind --leak-check=full build/dev/tests/ui/tst_patronsearch"), NOVG),
    "asan build, search tests",
    SH("cmake --build --preset asan"), SH("QT_QPA_PLATFORM=offscreen ctest --preset asan -R tst_patronsearch"),
    "no leak there. it's the QML model cache then, read it",
    R("src/ui/qml/PatronList.qml"), R("src/ui/PatronListModel.cpp"),
    E("src/ui/PatronListModel.cpp", "beginResetModel();", "beginResetModel();\n    qDeleteAll(m_rows);"),
    E("src/ui/PatronListModel.cpp", "m_rows.clear();", "m_rows.clear();\n    m_rows.squeeze();"),
    SH("cmake --build --preset dev"),
    "signing job 5541 (3.7.2 for Harwood): status and artefact",
    H(SIGN + "/jobs?status=done&limit=5"), H(SIGN + "/jobs/5541"), H(SIGN + "/jobs/5541/artifact"),
    "commit the model fix",
    GD("src/ui/PatronListModel.cpp"), GA("src/ui/PatronListModel.cpp"), GC("Free patron rows on model reset"),
]

S6 = [
    "Sven, Saturday. pl.ts: 'Overdue' untranslated in the loans list",
    E("i18n/fenwick_pl.ts", "<source>Overdue</source>\n        <translation type=\"unfinished\"></translation>",
      "<source>Overdue</source>\n        <translation>Po terminie</translation>"),
    SH(TR), GA("i18n/fenwick_pl.ts"),
    "also bring spdlog to 1.15 while I'm here",
    X(SH("conan install . --update -pr:h profiles/linux-release"), CONAN),
    "forget it. check signing of 3.8 rc1 installer download",
    X(H(SIGN + "/jobs/5530/artifact"), "HTTP 503 Service Unavailable"),
    X(H(SIGN + "/jobs/5530/artifact"), "HTTP 502 Bad Gateway"),
    "ok. last: due-date column sorts as text; make it sort by date",
    R("src/ui/LoansTableModel.cpp"),
    E("src/ui/LoansTableModel.cpp", "return loan.due.toString();", "return role == Qt::UserRole ? QVariant(loan.due) : loan.due.toString();"),
    E("src/ui/qml/LoansTable.qml", "sortRole: Qt.DisplayRole", "sortRole: Qt.UserRole"),
    SH("cmake --build --preset dev"), SH("ctest --preset dev -L core -R loans"),
    "commit",
    GS(), GA("src/ui/LoansTableModel.cpp", "src/ui/qml/LoansTable.qml"), GC("Loans: sort due dates as dates"),
]

SESSIONS = [S1, S2, S3, S4, S5, S6]
SEED = 87023
