"""Planted lessons, queries and negatives of journals 109-112 (fresh29), inline.

Step 1 (profile and lessons) and step 2 (queries and negatives, typed on a phone) were written
before any journal line existed; `evidence` and `notes` were added last, from check.py's output.
"""

PROJECTS = {}
PLANTED = {}
QUERIES = {}
NEGATIVES = {}
NOTES = {}

# ---------------------------------------------------------------------------------------------
PROJECTS[109] = (
    "moorline: a SWI-Prolog 9.2 timetable and vehicle-block solver (CLP(FD)) for Dales Rides, a rural "
    "community bus co-op; route and stop facts in data/*.pl, plunit tests in tests/, the public GTFS feed "
    "exported into feed/ by scripts/export_feed.pl and sent to the county, the MobilityData GTFS validator jar "
    "in tools/, printed stop notices made with Typst from print/notice.typ, the county's stop register API "
    "(stops.dalescounty.gov.uk); the shared dev box has Java 11 only; developers Ailsa, Tomasz (writes Polish "
    "now and then) and Femi")
PLANTED[109] = [
    dict(id="j109-p1", kind="pitfall", ability="shell.run", anchor="gtfs-validator",
         description="The MobilityData GTFS validator (`java -jar tools/gtfs-validator-cli.jar ...`) needs Java 17 "
                     "and the dev box has Java 11, so it dies with UnsupportedClassVersionError. Don't try to "
                     "validate the feed here; the CI job on the feed branch runs the validator."),
    dict(id="j109-p2", kind="rule", ability="shell.run", anchor="swipl",
         description="The full plunit suite (`swipl -g run_tests -t halt tests/test_all.pl`) runs out of "
                     "SWI-Prolog's default 1 GB stack in the solver tests. Run it as "
                     "`swipl --stack-limit=4g -g run_tests -t halt tests/test_all.pl`; single units "
                     "(`run_tests(headways)`) are fine."),
    dict(id="j109-p3", kind="playbook", ability="shell.run", anchor="export_feed",
         sequence=["fs.edit_file", "shell.run", "git.diff", "git.add"],
         description="Changing a stop or a route: edit data/stops.pl (or data/routes.pl), regenerate the GTFS "
                     "feed with `swipl scripts/export_feed.pl --out feed`, git diff the regenerated feed/, "
                     "stage the data file and feed/."),
    dict(id="j109-p4", kind="weak_link", ability="http.get", anchor="stops.dalescounty.gov.uk",
         description="The county's stop register API (stops.dalescounty.gov.uk) is flaky: 502/503, timeouts, "
                     "resets; retry before concluding a stop is gone."),
    dict(id="j109-p5", kind="playbook", ability="shell.run", anchor="typst",
         sequence=["fs.edit_file", "shell.run", "fs.list_directory", "git.add"],
         description="Printed stop notices: edit print/notice.typ, `typst compile print/notice.typ "
                     "build/print/notice-<route>.pdf --input route=<route>`, list build/print to see the PDF, "
                     "stage the template."),
]
QUERIES[109] = [
    ("j109-p1", "en", "can u chek the feed w the mobilitydata validatr b4 i send it to the county pls"),
    ("j109-p1", "en", "validate the gtfs zip, want the html reprot asap \U0001f64f"),
    ("j109-p1", "pl", "sprawdz feed gtfs walidatorem zanim wyslemy do powiatu"),
    ("j109-p2", "en", "run all the plum it tests b4 i merge, whole suite not just headways"),
    ("j109-p2", "en", "reviewer wants evry test green, run the full sweet pls"),
    ("j109-p2", "en", "full test run on main after femis solver chnage?? pls"),
    ("j109-p3", "en", "new stop at hawes market place, add it + regen the feed"),
    ("j109-p3", "en", "move askrigg stop coords abit north, data and feed pls"),
    ("j109-p3", "pl", "zmien nazwe przystanku bainbridge green i wygeneruj feed od nowa"),
    ("j109-p4", "en", "pull the naptan codes for our stops from the county api"),
    ("j109-p4", "en", "is stop 45 still active in the county registr? chek it"),
    ("j109-p4", "en", "get latest stop list frm dales county endpoint n compare w ours"),
    ("j109-p5", "en", "make the printed notice for route 72 w the new times"),
    ("j109-p5", "en", "need bus stop posters pdf for the 156, header colur darker"),
    ("j109-p5", "pl", "zrob plakat pdf z rozkladem dla linii 30 prosze"),
]
NEGATIVES[109] = [
    ("en", "explain wat the validator warnings in ci mean, no need to run anything"),
    ("en", "write a short doc on how the plunit tests r organised"),
    ("en", "explain the stops.pl fact format to femi, dont change it"),
    ("en", "rename vehicle_block/3 to duty/3 evrywhere"),
    ("en", "fix typo in licence header of solver.pl"),
    ("en", "add a sunday headway constraint, 2h max gap"),
    ("en", "reply to the driver rota q in issue 41 pls"),
    ("pl", "dodaj do changeloga wpis o nowych przystankach"),
]

# ---------------------------------------------------------------------------------------------
PROJECTS[110] = (
    "seedkeep: an Elm 0.19.1 single-page app for Zadenbieb, a community seed library in Utrecht (catalogue, "
    "loans, seed returns); elm-format, elm-review (rules in review/src), elm-test, nl/en translations in "
    "translations/*.json generated into src/Generated/ by travelm-agency, pa11y-ci accessibility checks, "
    "deploys by rsync to the library's Raspberry Pi (seedpi.zadenbieb.lan, deploy key only on CI), the "
    "loans/catalogue API (api.zadenbieb.nl) run by a volunteer on a home server; developers Sanne, Joost and "
    "Ilse (who write Dutch now and then)")
PLANTED[110] = [
    dict(id="j110-p1", kind="rule", ability="shell.run", anchor="elm-review",
         description="A whole-project `elm-review` stops on the generated translation module "
                     "(src/Generated/Translations.elm). Run it as `elm-review --ignore-dirs src/Generated`; "
                     "reviews of single folders are fine."),
    dict(id="j110-p2", kind="pitfall", ability="shell.run", anchor="rsync",
         description="Deploying by rsync to the library's Pi (deploy@seedpi.zadenbieb.lan) fails with "
                     "`Permission denied (publickey)`: only the CI deploy job holds the key. Don't deploy from "
                     "here; merge to main and let CI do it."),
    dict(id="j110-p3", kind="playbook", ability="shell.run", anchor="travelm-agency",
         sequence=["fs.edit_file", "shell.run", "git.status", "git.add"],
         description="Adding or changing UI text: edit translations/messages.nl.json (and .en), regenerate "
                     "with `./node_modules/.bin/travelm-agency translations --elm_path=src/Generated/Translations.elm`, "
                     "git status, stage the JSON and the generated module."),
    dict(id="j110-p4", kind="weak_link", ability="http.get", anchor="api.zadenbieb.nl",
         description="The loans/catalogue API (api.zadenbieb.nl, a volunteer's home server) is flaky: 502, "
                     "timeouts, resets, TLS errors; retry before concluding anything."),
    dict(id="j110-p5", kind="pitfall", ability="shell.run", anchor="pa11y-ci",
         description="pa11y-ci cannot start headless Chrome on this box (libnss3 missing), so "
                     "accessibility runs never work here; the CI job runs them."),
]
QUERIES[110] = [
    ("j110-p1", "en", "run elm reveiw over the whole project b4 i open the PR"),
    ("j110-p1", "en", "full lint pass pls, all modules, the elm review thing"),
    ("j110-p1", "nl", "kun je elm-review over alles draaien voor de merge"),
    ("j110-p2", "en", "push the new build to the pi at the library, they open at 10"),
    ("j110-p2", "en", "deploy to seedpie asap pls volunteer is waiting"),
    ("j110-p2", "en", "ship latest main to the raspberry in the libary \U0001f331"),
    ("j110-p3", "en", "add dutch text for the new returns buton"),
    ("j110-p3", "en", "translation for seed swap saturday banner, nl + en pls"),
    ("j110-p3", "nl", "vertaling toevoegen voor de uitleen knop, engels en nederlands"),
    ("j110-p4", "en", "chek if the loans api gives overdue loans for member 88"),
    ("j110-p4", "en", "what does the catalogue endpoint return now? fetch it"),
    ("j110-p4", "en", "is the loan api up? get open loans"),
    ("j110-p5", "en", "run the accesibility check on catalogue + loans pages"),
    ("j110-p5", "en", "do an a11y pass w pally on the new signup form"),
    ("j110-p5", "nl", "toegankelijkheid checken op de site voor het gemeente bezoek"),
]
NEGATIVES[110] = [
    ("en", "explain which elm review rules we have in review/src, no run"),
    ("en", "write the deploy steps in the readme for new volunteers"),
    ("en", "what does travelm agency generate? just explain"),
    ("en", "date format on loans page shows us style, fix pls"),
    ("en", "add a search box to the catalouge page"),
    ("en", "footer needs link to privacy page"),
    ("en", "rename msg GotSeeds to SeedsLoaded"),
    ("nl", "beantwoord ilse haar vraag over zaadcategorieen in het issue"),
]

# ---------------------------------------------------------------------------------------------
PROJECTS[111] = (
    "lanternhall: a Haxe 4.3 / Heaps touch-screen kiosk app for Lantern Hall, a mining-heritage museum in "
    "South Wales; builds with hxml files (build-hl.hxml for HashLink, build-js.hxml for the web preview), utest "
    "via `haxe test.hxml` on the interpreter, English and Welsh strings in assets/lang/*.json checked by "
    "tools.CheckStrings, exhibit videos transcoded with ffmpeg (the team preset uses NVENC), exhibit records "
    "from the collections CMS API (collections.lanternhall.org.uk); the build box is headless with no GPU; "
    "developers Rhys, Carys (writes Welsh now and then) and Devika")
PLANTED[111] = [
    dict(id="j111-p1", kind="pitfall", ability="shell.run", anchor="hl",
         description="HashLink cannot run the app on the headless build box (`hl bin/kiosk.hl` fails to load "
                     "libSDL2); don't try to run it here; use the web preview or the kiosk in the office."),
    dict(id="j111-p2", kind="rule", ability="shell.run", anchor="haxe",
         description="The documented build command `haxe --connect 6000 build-*.hxml` needs a running compile "
                     "server, which only exists in a developer's editor; on the box build with plain "
                     "`haxe build-hl.hxml` / `haxe build-js.hxml`."),
    dict(id="j111-p3", kind="playbook", ability="shell.run", anchor="CheckStrings",
         sequence=["fs.read_file", "fs.edit_file", "shell.run", "git.add"],
         description="Adding Welsh text: read assets/lang/en.json for the keys, edit assets/lang/cy.json, "
                     "`haxe --run tools.CheckStrings assets/lang`, stage cy.json."),
    dict(id="j111-p4", kind="weak_link", ability="http.get", anchor="collections.lanternhall.org.uk",
         description="The collections CMS API (collections.lanternhall.org.uk) is flaky: 502/504, timeouts, "
                     "resets; retry before concluding a record is missing."),
    dict(id="j111-p5", kind="pitfall", ability="shell.run", anchor="ffmpeg",
         description="The team's ffmpeg preset encodes with h264_nvenc and the build box has no NVIDIA GPU, so "
                     "every transcode fails (libnvidia-encode missing); videos are transcoded on the media PC."),
]
QUERIES[111] = [
    ("j111-p1", "en", "run the hash link build so i can see the new map screen"),
    ("j111-p1", "en", "start the kiosk app on hl n check the intro anim"),
    ("j111-p1", "cy", "rheda'r ap ar hashlink i mi plis, isio gweld y sgrin map"),
    ("j111-p2", "en", "build the web version so carys can preveiw it"),
    ("j111-p2", "en", "rebuild both targets after the merge pls"),
    ("j111-p2", "en", "compile the app, just wanna know it bulids \U0001f91e"),
    ("j111-p3", "en", "add the welsh text for the new lamp room panel"),
    ("j111-p3", "en", "cymraeg strings for the tram exhibit, carys sent them on slack"),
    ("j111-p3", "cy", "ychwanega'r testun cymraeg ar gyfer y panel newydd"),
    ("j111-p4", "en", "fetch object record 1987.44 from the collections api"),
    ("j111-p4", "en", "pull the new exhibit items list frm the cms"),
    ("j111-p4", "en", "chek if collections endpoint has the updated photo credits"),
    ("j111-p5", "en", "transcode the new miners interveiw video for the kiosk"),
    ("j111-p5", "en", "shrink the lamp room mp4 its 2gb, kiosk chokes"),
    ("j111-p5", "cy", "gwna'r fideo newydd yn barod i'r ciosg plis"),
]
NEGATIVES[111] = [
    ("en", "explain to the new volunteer dev what hashlink is, no code"),
    ("en", "document the ffmpeg preset settings in docs/media.md"),
    ("en", "what does checkstrings check exactly? explain"),
    ("en", "back button touch target too small, fix"),
    ("en", "rename ExhibitScene to GalleryScene"),
    ("en", "add 90s idle timeout back to home screen"),
    ("en", "reply to museum email abt the opening hours screen"),
    ("cy", "taclusa enwau'r ffolderi asedau plis"),
]

# ---------------------------------------------------------------------------------------------
PROJECTS[112] = (
    "hutlink: a Nim 2.0 LoRaWAN gateway daemon for a network of Swiss alpine huts (snow depth, water tank and "
    "solar battery sensors); nimble, testament for the decoder tests with payload fixtures, cross-compiled for "
    "the ARMv7 gateways with `nim c --cpu:arm --os:linux`, publishes to the huts' MQTT broker (TLS only, port "
    "8883), the club's status dashboard API (status.huettennetz.ch); the dev box has qemu-user but no armhf "
    "sysroot; developers Lukas (German), Chiara (Italian) and Noe (French)")
PLANTED[112] = [
    dict(id="j112-p1", kind="pitfall", ability="shell.run", anchor="qemu-arm",
         description="The cross-built gateway binary cannot be run under `qemu-arm` on the dev box: there is no "
                     "armhf sysroot (ld-linux-armhf.so.3 missing). Don't try; test on the spare gateway."),
    dict(id="j112-p2", kind="rule", ability="shell.run", anchor="nim",
         description="`nim c --cpu:arm --os:linux ...` calls the host gcc and fails; the cross build needs "
                     "`--arm.linux.gcc.exe:arm-linux-gnueabihf-gcc --arm.linux.gcc.linkerexe:arm-linux-gnueabihf-gcc`."),
    dict(id="j112-p3", kind="playbook", ability="shell.run", anchor="testament",
         sequence=["fs.write_file", "fs.edit_file", "shell.run", "git.add"],
         description="A new sensor decoder: write the sample payloads to tests/fixtures/<sensor>.hex, edit "
                     "src/decoders.nim, `testament pattern \"tests/decoders/*.nim\"`, stage both."),
    dict(id="j112-p4", kind="weak_link", ability="http.get", anchor="status.huettennetz.ch",
         description="The club's status dashboard API (status.huettennetz.ch) is flaky: 502/503, timeouts, "
                     "resets; retry before concluding a hut is offline."),
    dict(id="j112-p5", kind="rule", ability="shell.run", anchor="mosquitto_pub",
         description="The huts' MQTT broker only accepts TLS: `mosquitto_pub -h broker.huettennetz.ch ...` on "
                     "1883 is refused; use `-p 8883 --cafile certs/hutnet-ca.pem`."),
]
QUERIES[112] = [
    ("j112-p1", "en", "try the arm binary under emulation b4 we flash the hut gateway"),
    ("j112-p1", "en", "run the gateway build locally in q emu, chek it starts up"),
    ("j112-p1", "it", "prova il binario arm in emulazione prima di caricarlo sul gateway"),
    ("j112-p2", "en", "build the gateway binary for the raspis armv7"),
    ("j112-p2", "en", "cross compile hut link for the arm boxes pls"),
    ("j112-p2", "de", "bau mal das arm binary f\u00fcrs gateway bitte"),
    ("j112-p3", "en", "add decoder for the new snow depth sensor, lukas has sample payloads"),
    ("j112-p3", "en", "decoder for water tank sensor v2 + fixtures pls"),
    ("j112-p3", "fr", "ajoute le decodeur pour le capteur solaire, jai les trames"),
    ("j112-p4", "en", "check dashbaord api which huts reported last nite"),
    ("j112-p4", "en", "pull battery levels from status api for lidernen hut"),
    ("j112-p4", "en", "see if the status endpoint shows the new gateway yet"),
    ("j112-p5", "en", "send a test msg to the broker on huts/test"),
    ("j112-p5", "en", "publish fake snow reading to mqtt so dashboard shows it"),
    ("j112-p5", "en", "poke the mosquito broker w a test payload pls"),
]
NEGATIVES[112] = [
    ("en", "write docs on how we cross compile, no build needed"),
    ("en", "explain the mqtt topic layout in docs/topics.md"),
    ("en", "document the payload fixture format for new sensors"),
    ("en", "bump version to 0.9.3 in the nimble file"),
    ("en", "rename hutId to hutCode evrywhere"),
    ("en", "uplink handler logs too much, tone it down"),
    ("de", "antwort an chiara wegen der batterie alarm schwellen"),
    ("en", "add changelog entry for tank sensor"),
]

# ---------------------------------------------------------------------------------------------
# added last, from check.py's output
EVIDENCE = {
    "j109-p1": "4 failures in s1, s3, s5 (two in s5), one signature (UnsupportedClassVersionError); no java call ever succeeds",
    "j109-p2": "full suite fails with 'Stack limit (1.0Gb) exceeded', then `swipl --stack-limit=4g ...` passes; s2, s4",
    "j109-p3": "same 4-call segment in s1 (Gayle Lane), s3 (Thoralby), s6 (Carperby)",
    "j109-p4": "10 calls, 5 ok (50%), four different errors (502 twice, timeout, reset, 503)",
    "j109-p5": "same 4-call segment in s2 (156 winter), s4 (route 30), s5 (156 Sunday)",
    "j110-p1": "whole-project elm-review stops on src/Generated/Translations.elm, then `--ignore-dirs src/Generated` passes; s1, s4",
    "j110-p2": "4 failures in s2, s3, s5, s6, one signature (Permission denied (publickey)); no rsync success",
    "j110-p3": "same 4-call segment in s1 (returnSeedsButton), s3 (swapDayBanner), s5 (returnPacketCount)",
    "j110-p4": "11 calls, 6 ok (55%), four different errors (502 twice, timeout, reset, expired certificate)",
    "j110-p5": "3 failures in s1, s3, s6, one signature (Failed to launch the browser process!); no pa11y-ci success",
    "j111-p1": "4 failures in s1, s3, s5, s6, one signature (libSDL2 not loadable); no hl success",
    "j111-p2": "`haxe --connect 6000 build-*.hxml` cannot connect, then plain `haxe build-*.hxml` builds; s2, s4",
    "j111-p3": "same 4-call segment in s1 (lamproom), s3 (tram), s5 (lamp gallery)",
    "j111-p4": "10 calls, 5 ok (50%), four different errors (504 twice, timeout, 502, reset)",
    "j111-p5": "3 failures in s2, s4, s6, one signature (Cannot load libnvidia-encode); no ffmpeg success",
    "j112-p1": "4 failures in s1, s2, s4, s6, one signature (ld-linux-armhf.so.3 missing); no qemu-arm success",
    "j112-p2": "cross build with the host gcc fails, then the `--arm.linux.gcc.exe/linkerexe` flags build it; s2, s4",
    "j112-p3": "same 4-call segment in s1 (SH-40), s3 (WT-2), s6 (SP-1)",
    "j112-p4": "10 calls, 5 ok (50%), four different errors (502 twice, timeout, reset, 503)",
    "j112-p5": "plain mosquitto_pub is refused, then `-p 8883 --cafile certs/hutnet-ca.pem` publishes; s3, s5",
}

NOTES = {
    109: [
        "Queries and negatives are typed on a phone (typos, autocorrect: 'plum it' for plunit, 'full sweet' for full suite); "
        "3 of 15 queries and 1 of 8 negatives are Polish.",
        "j109-p2, j109-p3 share `swipl` (the rule keys on swipl; the feed export and single test units also run swipl and succeed).",
        "j109-p3 and j109-p5 both start with fs.edit_file and end with git.add; they differ in the middle (git.diff vs fs.list_directory).",
        "Negatives 1-3 sit next to a lesson: validator warnings explained (p1), plunit layout documented (p2), stops.pl format explained (p3).",
    ],
    110: [
        "Queries and negatives are typed on a phone ('elm reveiw', 'seedpie', 'pally' for pa11y); 3 of 15 queries and 1 of 8 negatives are Dutch.",
        "Two pitfalls (rsync deploy, pa11y-ci) are both 'CI only'; queries for one must not pull in the other.",
        "Negatives 1-3 sit next to a lesson: elm-review rules explained (p1), deploy steps documented (p2), travelm-agency explained (p3).",
    ],
    111: [
        "Queries and negatives are typed on a phone ('hash link', 'bulids', 'interveiw'); 3 of 15 queries and 1 of 8 negatives are Welsh.",
        "j111-p1 (running on HashLink) and j111-p2 (building with haxe) are neighbours: a build request needs p2, a run request needs p1; "
        "the journal builds build-hl.hxml successfully before each failed hl run.",
        "j111-p1's anchor `hl` is the program name (the work key), not a substring search target.",
        "Negatives 1-3 sit next to a lesson: HashLink explained (p1), ffmpeg preset documented (p5), CheckStrings explained (p3).",
    ],
    112: [
        "Queries and negatives are typed on a phone ('q emu', 'mosquito broker', 'dashbaord'); 3 of 15 queries are Italian, German, French, and 1 of 8 negatives is German.",
        "j112-p1 (qemu-arm) and j112-p2 (nim cross build) are neighbours: both are about the ARM binary; a request to build needs p2, a request to try it locally needs p1.",
        "j112-p2's anchor `nim` is also a substring of `nimble`, which the journal uses successfully (one nimble test failure fixed at once in s4).",
        "Negatives 1-3 sit next to a lesson: cross compiling documented (p2), MQTT topics explained (p5), fixture format documented (p3).",
    ],
}
