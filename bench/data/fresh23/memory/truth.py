"""fresh23 truth: project profiles, planted lessons, outcome queries and negatives, inline.

Written first, from the profile and the lessons alone (before any journal line existed); the `evidence`
strings were filled in afterwards from check.py's figures.
"""

TRUTH = {}

# ---------------------------------------------------------------- journal 85
TRUTH[85] = {
    "project": "quarrylight: a Clojure 1.12 service for aggregate quarries (weighbridge tickets, hauliers, invoices, "
               "a nightly tonnage reconciliation for finance); deps.edn with Clojure CLI aliases (:dev, :test with "
               "kaocha, :recon, :migrate), next.jdbc on PostgreSQL with migratus migrations, an Integrant system "
               "configured in resources/quarrylight/config.edn, clj-kondo, an uberjar built by tools.build; live "
               "weighings come from the weighbridge gateway scales.quarry.lan over a site VPN; developers Ines, "
               "Tomasz and Ruth share one Linux dev box on which their user is not in the docker group",
    "planted": [
        {"id": "j85-p1", "kind": "pitfall", "ability": "shell.run", "anchor": "docker",
         "description": "Docker is unusable on the shared dev box (the user is not in the docker group): `docker compose up -d db` "
                        "and every other docker command fail on the daemon socket. Don't try to start a local PostgreSQL; "
                        "use the shared development database (db-dev.quarry.lan, DATABASE_URL in .env.dev), with a schema of your own if needed.",
         "evidence": "4 failures in s1, s3, s5 (two in s5), one signature; docker never succeeds"},
        {"id": "j85-p2", "kind": "rule", "ability": "shell.run", "anchor": "clojure",
         "description": "The full test suite fails under `clojure -M:test` alone because the shared fixtures need integrant.repl "
                        "from the :dev alias; run the whole suite as `clojure -M:dev:test`. Focused runs of pure namespaces work with :test.",
         "evidence": "fail then fix with `clojure -M:dev:test` in s2 and s4, one signature"},
        {"id": "j85-p3", "kind": "playbook", "ability": "shell.run", "anchor": "recon",
         "sequence": ["shell.run", "fs.read_file", "fs.write_file"],
         "description": "Reconciling the nightly tonnage with finance: `clojure -X:recon :date '\"YYYY-MM-DD\"'`, read "
                        "out/recon/<date>.csv (site-by-site differences), write reports/recon/<date>.md for finance.",
         "evidence": "same 3-call segment in s1, s3, s6"},
        {"id": "j85-p4", "kind": "weak_link", "ability": "http.get", "anchor": "scales.quarry.lan",
         "description": "The weighbridge gateway (scales.quarry.lan, reached over the site VPN) is flaky: 502s, connection resets "
                        "and timeouts. Retry the same request before concluding that weighings are missing or a bridge is down.",
         "evidence": "10 calls, 6 ok (60%), three different errors"},
        {"id": "j85-p5", "kind": "rule", "ability": "fs.read_file", "anchor": "config.edn",
         "description": "The Integrant system config is resources/quarrylight/config.edn (moved when the namespace prefix was "
                        "added); resources/config.edn no longer exists. Session lifetimes, the billing endpoint and retention live there.",
         "evidence": "ENOENT on resources/config.edn, then resources/quarrylight/config.edn read, in s2 and s5"},
    ],
    "queries": [
        {"planted_id": "j85-p1", "q": "I want to try the new haulier-rates migration against a throwaway database of my own before it goes anywhere near shared data"},
        {"planted_id": "j85-p1", "q": "Tomasz needs an empty database on this box to reproduce the duplicate-ticket bug from scratch, set one up for him"},
        {"planted_id": "j85-p1", "q": "Potrzebuję czystej, lokalnej bazy, żeby sprawdzić nowe migracje od zera — przygotuj ją, proszę."},
        {"planted_id": "j85-p2", "q": "Friday's release needs the whole test suite green; make sure it is and tell me what's failing if anything"},
        {"planted_id": "j85-p2", "q": "after the ticket refactor I want proof that nothing else in the service broke - every test, not just the ticket ones"},
        {"planted_id": "j85-p2", "q": "Bevor ich den Branch merge, soll die komplette Testsuite grün sein – bitte einmal alles laufen lassen und berichten."},
        {"planted_id": "j85-p3", "q": "the nightly tonnage numbers should match finance's again, yesterday's are off"},
        {"planted_id": "j85-p3", "q": "Finance says Northpit's totals for 30 November don't agree with their ledger. I want the two to line up, and a note they can read."},
        {"planted_id": "j85-p3", "q": "Finanzas dice que las toneladas de anoche no cuadran con las suyas; quiero que cuadren y una nota que explique la diferencia."},
        {"planted_id": "j85-p4", "q": "operators at Eastfield say this morning's weighings never showed up in the office - find out whether they ever left the scales"},
        {"planted_id": "j85-p4", "q": "the live weight on the ticket screen froze for Northpit bridge 2. is the bridge still reporting?"},
        {"planted_id": "j85-p4", "q": "I want to be sure the new tare weight really comes through from the weighbridge before we show it to drivers"},
        {"planted_id": "j85-p5", "q": "night-shift operators get logged out halfway through; their sessions should last the whole twelve hours"},
        {"planted_id": "j85-p5", "q": "From Monday the service should send invoices to finance's new billing endpoint instead of the old one."},
        {"planted_id": "j85-p5", "q": "Ruth wants tickets kept for 18 months instead of 36 to satisfy the auditors - make that the setting"},
    ],
    "negatives": [
        "Ops want to understand how the production image gets built; a paragraph in the README would do",
        "Finance would like the haulier's VAT number printed on the monthly invoice PDF",
        "the clj-kondo warnings in the ticket namespace should be gone before review",
        "Drivers should see the quarry's opening hours on the self-service kiosk screen",
        "The changelog for 2.14 should mention the new trailer-plate field",
        "hauliers keep asking for a CSV of their own tickets; sketch an endpoint for that",
        "Quero que os nomes dos motoristas apareçam em maiúsculas nos talões impressos.",
        "Lägg till en enkel hälsokontroll så att lastbalanseraren vet att tjänsten lever.",
    ],
    "notes": "Outcome queries: each names what should be true afterwards (a database to try things on, a green suite, "
             "numbers that agree with finance, weighings that arrived, a changed setting), never the command, tool or file. "
             "j85-p2 and j85-p3 share the program `clojure`; j85-p5 queries ask for a setting change, for which the config "
             "must be found. Negatives 1-3 are close in topic (the image build, finance, linting); 4-8 are other work.",
}

# ---------------------------------------------------------------- journal 86
TRUTH[86] = {
    "project": "hollyhock-theme: the Shopify Online Store 2.0 theme of Hollyhock Tea, a loose-leaf tea shop (Liquid sections "
               "and snippets, JSON templates, locales/*.json for en, fr and de, Shopify CLI 3 with Theme Check, a Lighthouse "
               "CI config, a password-protected dev store hollyhock-dev.myshopify.com with a staging theme the client reviews); "
               "developers Amara and Jules work on a headless Linux box that has no Chrome",
    "planted": [
        {"id": "j86-p1", "kind": "weak_link", "ability": "http.get", "anchor": "hollyhock-dev.myshopify.com",
         "description": "The dev store's storefront (hollyhock-dev.myshopify.com, behind the password page and storefront rate "
                        "limits) is flaky: 429, 502, timeouts. Retry the same page before concluding it is broken.",
         "evidence": "11 calls, 6 ok (55%), four different errors"},
        {"id": "j86-p2", "kind": "pitfall", "ability": "shell.run", "anchor": "lhci",
         "description": "Lighthouse CI cannot run on this box: there is no Chrome or Chromium, so `lhci autorun` (and `lhci collect`) "
                        "die on CHROME_PATH. Performance scores come from the `lighthouse` GitHub Actions job on the pull request.",
         "evidence": "4 failures in s1, s3, s4, s6, one signature; lhci never succeeds"},
        {"id": "j86-p3", "kind": "rule", "ability": "shell.run", "anchor": "shopify",
         "description": "`shopify theme push` runs non-interactively here and fails without a store; push to the client's review "
                        "(staging) theme with `shopify theme push --store hollyhock-dev --theme 141273006321`.",
         "evidence": "fail then fix with `--store hollyhock-dev --theme 141273006321` in s2 and s5"},
        {"id": "j86-p4", "kind": "playbook", "ability": "fs.write_file", "anchor": "sections",
         "sequence": ["fs.write_file", "fs.edit_file", "shell.run", "git.add"],
         "description": "A new storefront block: write sections/<name>.liquid with its schema, add it to the JSON template "
                        "(templates/*.json), `shopify theme check`, git add both.",
         "evidence": "same 4-call segment in s1, s3, s5"},
        {"id": "j86-p5", "kind": "playbook", "ability": "fs.edit_file", "anchor": "locales",
         "sequence": ["fs.read_file", "fs.edit_file", "git.diff"],
         "description": "Translation fixes: read locales/en.default.json for the key, edit locales/<lang>.json, review with git diff.",
         "evidence": "same 3-call segment in s2, s4, s6"},
    ],
    "queries": [
        {"planted_id": "j86-p1", "q": "the client says the new gift-box page on the preview store is broken. is it really?"},
        {"planted_id": "j86-p1", "q": "Check that the preview store's product pages all open fine after this morning's changes."},
        {"planted_id": "j86-p1", "q": "La cliente dit que la page panier de la boutique de test ne s'affiche plus, tu peux vérifier ce qu'il en est ?"},
        {"planted_id": "j86-p2", "q": "the product page loads slowly again, make it fast and show me the before-and-after score"},
        {"planted_id": "j86-p2", "q": "Our collection pages have to get back to a green performance score before the Black Friday push."},
        {"planted_id": "j86-p2", "q": "prove that lazy-loading the images actually made the home page faster"},
        {"planted_id": "j86-p3", "q": "the client wants to click through the new gift-box section on her review link tonight"},
        {"planted_id": "j86-p3", "q": "Get today's header fixes in front of the client so she can approve them."},
        {"planted_id": "j86-p3", "q": "今日直したカートドロワーを、クライアントが確認用のテーマで見られるようにしてください。"},
        {"planted_id": "j86-p4", "q": "shoppers should see a 'pairs well with' strip of teas under each product description"},
        {"planted_id": "j86-p4", "q": "Customers should be able to read a brewing guide right on the product page, with water temperature and steep time."},
        {"planted_id": "j86-p4", "q": "the home page needs a band with three customer quotes that the client can edit herself"},
        {"planted_id": "j86-p5", "q": "German customers still see English on the cart drawer buttons; they should see German"},
        {"planted_id": "j86-p5", "q": "the French cart note says 'livraison gratuit' - French shoppers should read it spelled properly"},
        {"planted_id": "j86-p5", "q": "Auf der deutschen Seite steht beim Newsletter-Formular noch englischer Text – das soll auf Deutsch sein."},
    ],
    "negatives": [
        "New developers should understand what the theme linter checks for; write it up in CONTRIBUTING",
        "The performance budget file is confusing - explain in a comment what each number means",
        "explain how the theme decides which language a visitor gets",
        "The favicon should be the new hollyhock flower logo",
        "product cards should say 'Sold out' instead of hiding the price when a tea is out of stock",
        "Put a short note in the README on how we name theme branches.",
        "Il pulsante 'Iscriviti' della newsletter nel footer dovrebbe avere lo stesso verde del resto del sito.",
        "Jules wants a summary of everything changed in the cart drawer since October, for the client invoice",
    ],
    "notes": "Outcome queries name what the client or shopper should see (a page that works, a fast page with a score, "
             "a review link, a new block, text in the right language). j86-p3 and j86-p4 share `shopify`; j86-p4 and "
             "j86-p5 both edit theme files. Negatives 1-3 are close in topic (linting, the Lighthouse budget, languages); "
             "4-8 are other work.",
}

# ---------------------------------------------------------------- journal 87
TRUTH[87] = {
    "project": "fenwick-desk: a Qt 6.7 / C++20 desktop app for public-library circulation desks (loans, renewals, holds; "
               "a QML UI over a C++ core), built with CMake presets (dev, asan, release) and Conan 2 lockfiles, tested with "
               "ctest (core and gui labels), clang-tidy, Qt Linguist translations in i18n/*.ts (fr, cy, pl), Windows "
               "installers signed by the signing service sign.fenwick.lan; developers Olu, Marta and Sven on a headless "
               "Linux dev box without valgrind and outside the artifact network",
    "planted": [
        {"id": "j87-p1", "kind": "pitfall", "ability": "shell.run", "anchor": "valgrind",
         "description": "valgrind is not installed on the dev box. For leaks and memory errors build and run the `asan` preset "
                        "(`cmake --preset asan && cmake --build --preset asan && ctest --preset asan`) instead.",
         "evidence": "3 failures in s1, s3, s5, one signature; valgrind never succeeds"},
        {"id": "j87-p2", "kind": "rule", "ability": "shell.run", "anchor": "ctest",
         "description": "The GUI-labelled tests need a display; on this headless box a full `ctest --preset dev` (or `-L gui`) "
                        "aborts in qt.qpa.xcb. Run them as `QT_QPA_PLATFORM=offscreen ctest ...`; core-only runs are fine.",
         "evidence": "fail then fix with the QT_QPA_PLATFORM=offscreen prefix in s2 and s4"},
        {"id": "j87-p3", "kind": "playbook", "ability": "fs.edit_file", "anchor": "i18n",
         "sequence": ["fs.edit_file", "shell.run", "git.add"],
         "description": "Translation updates: edit the strings in i18n/fenwick_<lang>.ts, `cmake --build --preset dev --target "
                        "release_translations` to compile the .qm files, git add the .ts file.",
         "evidence": "same 3-call segment in s1, s3, s6"},
        {"id": "j87-p4", "kind": "weak_link", "ability": "http.get", "anchor": "sign.fenwick.lan",
         "description": "The code-signing service (sign.fenwick.lan: job status and signed-installer downloads) is flaky: 503, "
                        "resets, timeouts. Retry the same request; a failed poll does not mean the signing failed.",
         "evidence": "10 calls, 5 ok (50%), four different errors"},
        {"id": "j87-p5", "kind": "pitfall", "ability": "shell.run", "anchor": "conan",
         "description": "The Conan remote (conan.fenwick.lan) is not reachable from the dev box: `conan install` and `conan lock "
                        "create` fail on the connection. Dependency bumps go through the `deps-bump` CI job; build here with the existing lockfile.",
         "evidence": "3 failures in s2, s4, s6, one signature; conan never succeeds"},
    ],
    "queries": [
        {"planted_id": "j87-p1", "q": "the desk app's memory keeps growing when it's left open overnight; I want to know where it leaks"},
        {"planted_id": "j87-p1", "q": "Marta's renewals screen crashes now and then with garbage in the due date. Find the memory corruption."},
        {"planted_id": "j87-p1", "q": "Aplikace na výpůjčním pultu po celém dni zabírá přes 2 GB paměti; zjisti, kde uniká."},
        {"planted_id": "j87-p2", "q": "before I tag 3.8 I want every test passing, the screen ones included"},
        {"planted_id": "j87-p2", "q": "Make sure the new holds dialog didn't break any of the UI tests."},
        {"planted_id": "j87-p2", "q": "the whole test run should be clean on this branch, GUI bits and all"},
        {"planted_id": "j87-p3", "q": "Welsh-speaking branches should see the new renewal dialog in Welsh: 'Renew' is 'Adnewyddu', 'Due back' is 'I'w dychwelyd erbyn'"},
        {"planted_id": "j87-p3", "q": "French libraries complain that the holds screen still says 'Pick up by'; they should see proper French there"},
        {"planted_id": "j87-p3", "q": "Les bibliothèques francophones voient encore « Overdue » dans la liste des prêts, il faut que ce soit en français."},
        {"planted_id": "j87-p4", "q": "branch staff should be able to install tonight's build without Windows warning about an unknown publisher"},
        {"planted_id": "j87-p4", "q": "IT at Harwood library wants a signed installer of 3.7.2 by this afternoon - make sure it's ready"},
        {"planted_id": "j87-p4", "q": "Il pacchetto 3.8 per Windows deve arrivare alle biblioteche firmato: controlla che la firma sia andata a buon fine."},
        {"planted_id": "j87-p5", "q": "The security scanner flags our bundled OpenSSL; the desk app should ship with the patched version."},
        {"planted_id": "j87-p5", "q": "we need the newer libpq in the app so the connections to the branch database stop dropping"},
        {"planted_id": "j87-p5", "q": "bring our third-party libraries up to date for the spring release"},
    ],
    "negatives": [
        "Explain in docs/building.md what each CMake preset is for",
        "The holds dialog has no test for expired holds; write one, I'll run it myself later",
        "translators want a glossary of the library terms we use (loan, hold, renewal) in the wiki folder",
        "the patron card should show how many items the patron has on loan right now",
        "Add a keyboard shortcut (F5) that refreshes the patron record.",
        "summarise what changed in the QML tree since 3.7 for the release notes",
        "De knop 'Lener zoeken' moet ook op Enter reageren, niet alleen op een muisklik.",
        "Vis bibliotekets navn i tittellinjen i stedet for bare «Fenwick Desk».",
    ],
    "notes": "Outcome queries name the symptom or the goal (memory growth, a clean test run, a translated screen, an "
             "installer without a publisher warning, a patched dependency). j87-p1 and j87-p2 both concern tests and "
             "builds; j87-p3 and negative 3 both concern translators. Negatives 1-3 are close in topic; 4-8 are other work.",
}

# ---------------------------------------------------------------- journal 88
TRUTH[88] = {
    "project": "wardenhill-volunteers: the Salesforce DX project of Wardenhill Hospice's volunteer programme (Apex services "
               "and triggers, Lightning Web Components tested with Jest via npm, custom objects Volunteer__c and Shift__c, "
               "permission sets, sf CLI v2, a dev sandbox wh-dev and a UAT sandbox wh-uat where the coordinators test), plus "
               "a nightly sync from the old rota system's JSON API at rota.wardenhill.org.uk; developers Harriet, Dmitri "
               "and Yusuf; the dev box has no Java",
    "planted": [
        {"id": "j88-p1", "kind": "weak_link", "ability": "http.get", "anchor": "rota.wardenhill.org.uk",
         "description": "The old rota system's API (rota.wardenhill.org.uk) is flaky: 502, 504, resets, timeouts. Retry the same "
                        "request before concluding that shifts are missing from the sync.",
         "evidence": "10 calls, 6 ok (60%), four different errors"},
        {"id": "j88-p2", "kind": "pitfall", "ability": "shell.run", "anchor": "pmd",
         "description": "PMD cannot run on the dev box (there is no Java; `pmd check ...` dies looking for java). Apex static "
                        "analysis comes from the Code Analyzer job in CI; read its report on the pull request instead.",
         "evidence": "3 failures in s1, s3, s5, one signature; pmd never succeeds"},
        {"id": "j88-p3", "kind": "rule", "ability": "shell.run", "anchor": "sf",
         "description": "No default org is set in this project, so `sf project deploy start` without a target fails; deploy to "
                        "UAT with `-o wh-uat` (to the dev sandbox with `-o wh-dev`).",
         "evidence": "fail then fix with `-o wh-uat` in s2 and s4"},
        {"id": "j88-p4", "kind": "playbook", "ability": "fs.write_file", "anchor": "permissionsets",
         "sequence": ["fs.write_file", "fs.edit_file", "git.add"],
         "description": "A new field: write its metadata under objects/<Object>/fields/, add the field permission to "
                        "permissionsets/Volunteer_Coordinator.permissionset-meta.xml (else coordinators cannot see it), git add both.",
         "evidence": "same 3-call segment in s1, s3, s6"},
        {"id": "j88-p5", "kind": "playbook", "ability": "fs.edit_file", "anchor": "lwc",
         "sequence": ["fs.edit_file", "shell.run", "git.diff", "git.commit"],
         "description": "Changing a Lightning Web Component: edit lwc/<cmp>/<cmp>.js or .html, `npm run test:unit -- <cmp>`, "
                        "git diff, commit.",
         "evidence": "same 4-call segment in s2, s4, s5"},
    ],
    "queries": [
        {"planted_id": "j88-p1", "q": "coordinators say Saturday's shifts booked in the old rota never made it into Salesforce - check whether they're really missing"},
        {"planted_id": "j88-p1", "q": "I want to be sure last week's rota bookings all came across before we switch the old system off."},
        {"planted_id": "j88-p1", "q": "Os turnos marcados ontem à noite no sistema antigo não aparecem no Salesforce; vê se eles existem mesmo lá."},
        {"planted_id": "j88-p2", "q": "the security review wants zero static-analysis findings on our Apex before Friday"},
        {"planted_id": "j88-p2", "q": "Make sure the new shift service code has no obvious code-quality problems before Dmitri reviews it."},
        {"planted_id": "j88-p2", "q": "our Apex has to meet the hospice's code-quality bar before the partner audit next week"},
        {"planted_id": "j88-p3", "q": "the volunteer coordinators should be able to try the new shift-swap screen in UAT tomorrow morning"},
        {"planted_id": "j88-p3", "q": "Get the reminder-email fix to where the coordinators test things, they're waiting."},
        {"planted_id": "j88-p3", "q": "Zorg dat de coördinatoren de nieuwe beschikbaarheidskalender morgen in de testomgeving kunnen uitproberen."},
        {"planted_id": "j88-p4", "q": "coordinators should be able to record when a volunteer's DBS check expires"},
        {"planted_id": "j88-p4", "q": "We need each volunteer's preferred ward on their record, and the coordinators have to see it."},
        {"planted_id": "j88-p4", "q": "Koordinatorerna vill kunna notera om en volontär har körkort, lägg till det på volontärens post."},
        {"planted_id": "j88-p5", "q": "the shift calendar should grey out weekends and bank holidays"},
        {"planted_id": "j88-p5", "q": "Volunteers keep double-booking because the calendar doesn't make their existing shifts stand out. Make it obvious."},
        {"planted_id": "j88-p5", "q": "the sign-up button on a shift card should say 'Full' and be disabled once the shift has enough people"},
    ],
    "negatives": [
        "write a page for the new admin explaining what each permission set is for",
        "Explain to me how the nightly rota sync decides which shifts to import; don't change anything",
        "The Jest config has grown messy, describe what each setting does in a comment",
        "the volunteer welcome email should be signed by the volunteer manager, not 'Admin'",
        "Add the hospice's charity number to the footer of the generated certificates.",
        "summarise this week's commits for Thursday's trustees update",
        "Gönüllülerin doğum günlerini listeleyen rapor ay sırasına göre sıralansın.",
        "rename the 'Misc' shift type to 'General support' in every label coordinators see",
    ],
    "notes": "Outcome queries name what coordinators or reviewers should get (shifts accounted for, a clean code-quality "
             "report, a feature to try in UAT, a new field they can see, a calendar that behaves). j88-p3 and j88-p5 both "
             "touch the front end; j88-p4 and negative 1 both concern permission sets. Negatives 1-3 are close in topic; "
             "4-8 are other work.",
}
