"""Step 3: the plans (queries and negatives), written in a separate sitting from lessons.md alone.

Each line is what a coding agent writes to itself in its private plan just before a step: two to five
sentences with the context it carries (the user's request, what is done, what comes next, sometimes a
doubt), often mentioning other work in passing. Queries: 3 per planted lesson, for which that lesson's
card must be recalled. Negatives: 8 per journal, other work of the same project; the first 3 are close
in topic to a lesson (same files or tools, another purpose). 5 of the 23 lines per journal are not in
English (the language is noted in the comment at the end of the line).
"""

QUERIES = {
    73: [
        ("j73-p1", "User asked for a regression test around double bookings on the same slot. The test class in "
                   "tests/integration is written and extends WP_UnitTestCase; now I launch the integration tests "
                   "and watch them go green. After that, back to the admin list-table pagination they mentioned in passing."),
        ("j73-p1", "The REST controller for cancellations is done and the unit tests pass. Before I call it "
                   "finished I should also run the PHPUnit tests that boot WordPress itself, since the controller "
                   "registers its routes on rest_api_init."),
        ("j73-p1", "Der Nutzer will, dass die Integrationstests vor dem Merge von PR #97 laufen. Ich habe den "
                   "Branch ausgecheckt und composer install gemacht; als Nächstes starte ich phpunit mit der "
                   "Integration-Suite und schaue mir danach die Kommentare zum Kalender-Block an."),  # de
        ("j73-p2", "Version 2.5.0 is bumped in the plugin header and readme.txt, and the zip is built. Remaining "
                   "step on the user's checklist: push trunk and the new tag to the plugin directory on "
                   "wordpress.org so sites get the update. Then I'll close the milestone on GitHub."),
        ("j73-p2", "The user wants the timezone hotfix live for everyone today. The fix is committed and the build "
                   "is synced into the svn working copy; next I send it to the wordpress.org repository and create "
                   "tags/2.4.1 there."),
        ("j73-p2", "El usuario pidió publicar la versión 2.5.1 en el directorio de plugins de WordPress. Ya "
                   "actualicé el changelog y el Stable tag; ahora toca subir trunk y la etiqueta al repositorio SVN "
                   "de wordpress.org, y después avisar en el foro de soporte."),  # es
        ("j73-p3", "Renaming 'Cancel booking' to 'Cancel reservation' in the customer dashboard template, as the "
                   "user asked. The PHP edit is trivial; after it the translators need to see the new msgid, so I'll "
                   "take care of the translation template and then stage. The button CSS tweak can wait."),
        ("j73-p3", "Three validation messages in class-validator.php were reworded from the support team's list. "
                   "Next: make sure the changed strings will reach translate.wordpress.org before I commit, then on "
                   "to the calendar block."),
        ("j73-p3", "Użytkownik poprosił o zmianę tekstu w e-mailu z przypomnieniem („See you soon” → „We look "
                   "forward to seeing you”). Zmieniam szablon templates/emails/reminder.php, potem trzeba odświeżyć "
                   "plik .pot i dodać wszystko do commita."),  # pl
        ("j73-p4", "I deployed the build to the QA site with the user's deploy script. Now I'll call the plugin's "
                   "REST health route on qa.larkspur-bookings.com to confirm the new version is active, then report "
                   "back."),
        ("j73-p4", "The user says the slots endpoint on QA returned nothing for form 12 this morning. I'll request "
                   "it myself to see whether it's a plugin bug, then compare with what my local install returns."),
        ("j73-p4", "Before answering the customer ticket about bookings that never arrive, let me check the QA "
                   "install's ajax ping and the bookings REST route, so I know how the latest release behaves there. The refund "
                   "question in the same ticket I'll answer afterwards."),
        ("j73-p5", "Done with the refactor of the bookings repository class (prepared statements everywhere). Next "
                   "is the WordPress coding-standards check over includes/ before I open the PR; the user also "
                   "wants a short summary of the SQL changes."),
        ("j73-p5", "The user pasted a CI annotation about unescaped output in templates/booking-summary.php. I've "
                   "wrapped it in esc_html; now I'll run the code sniffer on that file locally to be sure nothing "
                   "else is flagged."),
        ("j73-p5", "Plan for the new settings tab: write the class, register it in the main plugin class, then lint it "
                   "against WPCS. I'm not sure which ruleset the project uses, so I'll glance at phpcs.xml.dist "
                   "first."),
    ],
    74: [
        ("j74-p1", "The user wants the PNG chunk parser to reject oversized iCCP chunks. I added the length check "
                   "in the PNG module; now build and run the test step to make sure the existing fixtures still "
                   "decode. After that I'll answer their question about the CLI flags."),
        ("j74-p1", "Fresh clone in the container for the user's review request. First thing: compile the library "
                   "and the CLI with zig build, then run the tests, then read the PR diff."),
        ("j74-p1", "ユーザーは zig fmt で整形してからテストを回してほしいとのこと。src/ 以下を整形して、そのあと "
                   "zig build test を実行する。終わったらベンチマークの話に戻る。"),  # ja
        ("j74-p2", "The user asked how well the QOI decoder is covered by tests, line by line. I'll produce a "
                   "coverage report for the test binary and summarise the uncovered branches; the decoder refactor "
                   "itself comes later."),
        ("j74-p2", "Tests for the new PNG filter code pass. The reviewer wants proof that the Sub and Up filter branches are "
                   "exercised, so next I'll collect line coverage for the PNG module and attach the numbers to the PR."),
        ("j74-p2", "L'utente vuole sapere quali righe del decoder PNG non vengono mai eseguite dai test. Piano: "
                   "generare un report di copertura del binario di test con kcov e poi elencare le funzioni "
                   "scoperte."),  # it
        ("j74-p3", "Adding brindle_free_image() to the C API so the Python bindings can release buffers. The Zig "
                   "side in src/capi.zig is a small export; then the public header has to match before I stage "
                   "anything. The bindings repo comes later."),
        ("j74-p3", "The user wants the info struct to expose bit depth to C callers. Plan: add the field to the "
                   "extern struct in capi.zig, regenerate the header, check the C declaration looks right, stage."),
        ("j74-p3", "Uživatel chce v C rozhraní přejmenovat brindle_decode_rgba na brindle_decode_pixels. "
                   "Upravím export v src/capi.zig, pak znovu vygeneruji hlavičku include/brindle.h a zkontroluji "
                   "ji, než to přidám do commitu."),  # cs
        ("j74-p4", "The user wonders whether last night's benchmark run shows a regression in PNG decode. I'll "
                   "fetch the latest run from the benchmark dashboard's JSON API and compare it with the previous "
                   "tag."),
        ("j74-p4", "Writing the release notes for the user; they want decode throughput numbers in them. Next: get "
                   "the per-codec results for the new tag from bench.brindle.dev, then paste them into the notes."),
        ("j74-p4", "Before I claim the QOI speedup is real, let me pull the dashboard's recent runs for main and see "
                   "whether the trend holds; my local timing numbers are already in my notes."),
        ("j74-p5", "The fix for the oversized-header crash is committed. The user wants a patch release for it, so: "
                   "set the package version in the manifest, commit that as the release, and create the version "
                   "tag."),
        ("j74-p5", "User: 'ship 1.0.0'. The changelog section is written and committed. Now the version bump in "
                   "the zon manifest, the release commit and the annotated v1.0.0 tag; pushing comes after they "
                   "confirm."),
        ("j74-p5", "Plan: cut 0.9.1 today as the user asked, since the header fix should reach the bindings. Version "
                   "field, stage, commit 'Release 0.9.1', tag it. Then tell the bindings maintainer."),
    ],
    75: [
        ("j75-p1", "The user wants the detection notebook run for station BRK2 with a lower STA/LTA threshold. I'll "
                   "execute it with papermill, passing station and threshold as "
                   "parameters, then summarise detections per day."),
        ("j75-p1", "Parameter sweep requested: execute the spectra notebook headless for window lengths of 20, 30 "
                   "and 60 s and keep each executed copy under out/. Afterwards I'll compare the peaks and reply."),
        ("j75-p1", "L'utilisateur veut relancer le notebook de localisation avec la nouvelle grille de vitesses. Je "
                   "vais l'exécuter avec papermill en passant le paramètre velocity_model, puis vérifier les résidus "
                   "dans la sortie."),  # fr
        ("j75-p2", "The user wants station maps, and those need pygmt. Plan: add it to environment.yml and update "
                   "the tremorlab environment, then import it in the map notebook."),
        ("j75-p2", "mtuq would make the moment-tensor part much simpler. I'll install it from conda-forge into "
                   "the project's environment and try the example from its docs."),
        ("j75-p2", "O usuário pediu para atualizar o ObsPy para a versão 1.5 porque precisa de um leitor novo. Vou "
                   "atualizar o pacote no ambiente conda do projeto e depois rodar os testes."),  # pt
        ("j75-p3", "The user wants the bandpass in the beamforming notebook changed to 1–4 Hz. I'll make the change "
                   "in the paired percent script, bring the .ipynb in line, glance at the diff and stage both files."),
        ("j75-p3", "Reviewer comment: the spectra notebook's axis labels have no units. Fixing the labels in "
                   "its paired script, then syncing the notebook pair so the ipynb matches before I stage."),
        ("j75-p3", "Користувач просить змінити частоту дискретизації в ноутбуці 04_noise.py зі 100 на 50 Гц. Я "
                   "редагую парний .py файл, потім синхронізую його з .ipynb через jupytext і додаю обидва файли "
                   "в індекс."),  # uk
        ("j75-p4", "To check the gap the user noticed, I'll request GLN1's vertical-component waveforms for 2026-11-10 from the "
                   "regional dataselect service and look at how long the returned miniSEED is. If it's short, "
                   "I'll compare with our local archive."),
        ("j75-p4", "The user asks whether the network catalogue has the swarm near the fault on the 12th. Next: "
                   "query the FDSN event endpoint for that day with a low magnitude cut, then compare with our detections."),
        ("j75-p4", "Before updating the instrument correction, let me fetch BRK2's response-level StationXML from "
                   "fdsn.hollin-seis.org and confirm the date of the sensor swap. The "
                   "spectra work waits until that's settled."),
        ("j75-p5", "The co-author wants figure 5 updated now that the catalogue changed. Plan: execute the fig05 "
                   "notebook with papermill, make sure the PDF and PNG landed in figures/, then stage and commit "
                   "them."),
        ("j75-p5", "The supplementary figure S2 has to be regenerated with the corrected magnitudes. I'll run its "
                   "notebook headless, check which output files it wrote and commit them as 'figS2: corrected "
                   "magnitudes'."),
        ("j75-p5", "All paper figures should come from the final catalogue before submission, the user says. I'll "
                   "rebuild fig02 first, see what it produced, commit, and then repeat for the others."),
    ],
    76: [
        ("j76-p1", "1.5.0 is tagged and its rockspec is written. The user wants it available today to people "
                   "who install through luarocks, so next I publish the rock, then announce it in the discussions "
                   "thread."),
        ("j76-p1", "The user noticed luarocks.org still lists an old version. Plan: upload the newest rockspec "
                   "myself from here so the module page shows the current release."),
        ("j76-p1", "사용자가 새 버전을 luarocks.org에 올려 달라고 했다. rockspec은 이미 만들었으니 이제 luarocks "
                   "upload를 실행하고, 끝나면 CHANGELOG를 정리하겠다."),  # ko
        ("j76-p2", "The user added a spec for the jump-to-mark command and wants to know whether it passes. I'll run "
                   "the plenary test directory in headless Neovim and report, then look at their question about "
                   "extmark priorities."),
        ("j76-p2", "Refactor of the persistence module is done. Next step: the whole busted suite inside nvim --headless, since "
                   "the persistence specs touch the file layout; then the README section."),
        ("j76-p2", "Kullanıcı testlerin Neovim 0.10 ile geçip geçmediğini soruyor. Plenary testlerini headless "
                   "nvim ile çalıştıracağım, sonra sonuçları ve varsa hataları özetleyeceğim."),  # tr
        ("j76-p3", "The user wants :help driftmark to describe the new `max_marks` option. Plan: add the annotation "
                   "on the config class, regenerate the vimdoc, check that the generated section reads right, stage "
                   "both."),
        ("j76-p3", "I documented the public functions of the main module with ---@ comments as asked. Now the "
                   "help file has to follow: regenerate doc/driftmark.txt and read it before staging."),
        ("j76-p3", "Doc fix from an issue: the usage example for :DriftmarkJump is wrong. I'll correct the ---@usage "
                   "block in the commands module, rebuild the help file from the annotations and review it."),
        ("j76-p4", "The user asks whether the tag workflow for 1.5.1 succeeded. I'll read the latest workflow runs "
                   "for the repository from the GitHub REST API and report the conclusion."),
        ("j76-p4", "Before rebasing the user's branch, let me check the status of the open PR's checks through "
                   "api.github.com, so I know whether the red build is theirs or main's. "
                   "The rebase itself should be quick."),
        ("j76-p4", "L'utente vuole sapere se la release 1.5.1 è stata pubblicata su GitHub con le note giuste. "
                   "Leggo /releases/latest dall'API di GitHub e la confronto con il CHANGELOG."),  # it
        ("j76-p5", "The new import command is written and its spec passes. Next: format the code with stylua before "
                   "committing, then the luacheck run; the commit message should reference the issue."),
        ("j76-p5", "The user says CI's style job failed on formatting. I'll run the formatter across the project "
                   "locally, then look at git diff to see what it changed."),
        ("j76-p5", "The user asked to switch column_width to 100 in .stylua.toml; that edit is done. Plan: reformat "
                   "everything, then commit the formatting separately from the logic changes."),
    ],
}

NEGATIVES = {
    73: [
        "The user asked what the difference between trunk and tags is in the wordpress.org SVN layout, for the "
        "contributor guide. I'll write a paragraph in CONTRIBUTING.md explaining it; nothing to run.",
        "The user wants the Norwegian translation reviewed: I'll read languages/larkspur-bookings-nb_NO.po and list "
        "the untranslated entries. No source string changes in this one.",
        "User asked me to explain what phpunit.xml.dist configures (the two suites, the coverage filter). I'll read "
        "it and write the explanation in the chat; no test run needed.",
        "The user wants the block sidebar to use a ToggleControl instead of a CheckboxControl for 'require phone'. "
        "I'll edit src/blocks/booking-form/inspector.js and rebuild the assets with npm run build.",
        "O usuário quer um filtro novo, larkspur_booking_email_recipients, para adicionar destinatários em cópia. "
        "Vou adicionar o apply_filters em includes/class-notifications.php e documentar o hook no README.",  # pt
        "Composer reports an outdated dev dependency (yoast/phpunit-polyfills). Plan: read its changelog, bump it in "
        "composer.json, update that package only, and mention it in the PR description.",
        "De gebruiker wil een uninstall.php die alle opties en de tabel wp_larkspur_bookings verwijdert. Ik schrijf "
        "het bestand met een controle op WP_UNINSTALL_PLUGIN en leg daarna uit wat er bij verwijderen gebeurt.",  # nl
        "The user asked for a GitHub issue template for bug reports that asks for the WordPress and PHP versions. "
        "I'll write .github/ISSUE_TEMPLATE/bug_report.md and then return to the export feature.",
    ],
    74: [
        "The user asked what the options in build.zig do (-Dfuzz, -Dstrip). I'll read build.zig and explain each "
        "one in the reply; nothing to compile.",
        "The user wants a short usage example for the C header in the README. I'll open include/brindle.h to copy "
        "the exact signatures, then write the example section; no API change.",
        "Adding a zlib dependency would need a new entry with its hash in the zon manifest's dependencies. The "
        "user only wants to know which fields that takes, so I'll read the file and explain.",
        "The user wants the CLI's help text to list the supported formats. I'll edit the usage string in src/cli.zig; "
        "they want to review the wording before anything gets built.",
        "Användaren vill ha en CONTRIBUTING-fil som beskriver hur man rapporterar fuzz-krascher. Jag skriver "
        "CONTRIBUTING.md med en kort mall och länkar den från README.",  # sv
        "The user asked for a CI badge and a license badge at the top of the README. A small edit to README.md, then "
        "stage it.",
        "用户想知道 QOI 格式里 QOI_OP_RUN 是怎么编码的。我先读 QOI 解码器里相关的函数，然后用中文解释给他，不需要改代码。",  # zh
        "The user wants stale local branches cleaned up. Plan: list the merged branches with git, delete the ones "
        "already in main, leave the fuzz-* branches alone.",
    ],
    75: [
        "The user asked which packages the project depends on, for the methods section of the paper. I'll read "
        "environment.yml and list the main ones with versions in the reply; nothing to install.",
        "The user wants to know why every notebook has a .py twin. I'll explain the jupytext pairing and point to "
        "the jupytext.toml in the repo; no files change.",
        "Write a short section in README.md on how the figures are produced (which notebook makes which figure), as "
        "the user asked. Documentation only, no runs.",
        "Der Nutzer möchte eine Funktion für die Umrechnung ML → Mw in src/tremorlab/magnitude.py. Ich schreibe die "
        "Funktion mit Docstring und einem kleinen pytest-Test dazu.",  # de
        "The user wants .gitattributes to mark out/*.csv so diffs stay quiet, and a .gitignore entry for scratch/. "
        "Small edits, then stage.",
        "El usuario quiere un resumen de la reunión de ayer en notes/, con las tareas asignadas. Escribo "
        "notes/2026-11-19-meeting.md con la lista y lo añado al repositorio.",  # es
        "The co-author asked for the BibTeX entry of the ObsPy paper to be added to paper/refs.bib. I'll add it and "
        "fix the citation key in the methods section.",
        "The user wants the picker's STA/LTA function to take window lengths in seconds instead of samples. I'll "
        "change the signature in the picker module and update its unit tests.",
    ],
    76: [
        "The user asked what the rockspec's build section (type builtin, modules) means. I'll read the latest "
        "rockspec and explain it; no publishing involved.",
        "The user wants comments in tests/minimal_init.lua explaining each line (runtimepath, plenary path). I'll "
        "add the comments; no test run needed for that.",
        "The user asked what the options in .stylua.toml mean (indent_type, quote_style). I'll explain them in chat "
        "from the file; no formatting run.",
        "The user wants a health check, :checkhealth driftmark, that reports the persist dir and whether the data "
        "directory is writable. I'll write lua/driftmark/health.lua.",
        "Käyttäjä haluaa README:hen paikan GIF-demolle ja lyhyen asennusohjeen lazy.nvim-käyttäjille. Muokkaan "
        "README.md:tä ja jätän kuvalinkin paikalleen.",  # fi
        "Пользователь просит добавить команду :DriftmarkClear, которая удаляет все метки текущего проекта. Добавлю "
        "команду в plugin/driftmark.lua и функцию clear в модуль хранения.",  # ru
        "The user wants the default keymaps listed in the README table and the <leader>m prefix changed to "
        "<leader>d. Edit lua/driftmark/keymaps.lua and the README.",
        "The user asked me to close issue #102 as a duplicate of #97 with a short comment. I'll draft the comment for "
        "them to post, since I have no write access to issues.",
    ],
}
