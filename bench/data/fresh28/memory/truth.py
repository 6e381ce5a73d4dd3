# -*- coding: utf-8 -*-
"""Planted lessons, queries (TODO/FIXME/XXX comments left in the code) and negatives, inline.

Written before any journal line existed (profile and lessons first, then queries and negatives);
the `evidence` strings were filled in afterwards from check.py's output.
"""

TRUTH = {}

# ---------------------------------------------------------------- 105: Lean 4 / Mathlib
TRUTH[105] = {
    "project": "tessellate: a Lean 4 / Mathlib formalization of a colouring theorem for periodic tilings, kept by a "
               "university maths group (Lake with a lakefile.toml, the Mathlib olean cache via `lake exe cache get`, a "
               "leanblueprint blueprint checked with checkdecls, doc-gen4, Loogle for lemma search, a GitHub Pages site); "
               "the shared VM the agent runs on has 8 GB of RAM",
    "planted": [
        {"id": "j105-p1", "kind": "pitfall", "ability": "fs.read_file", "anchor": "lakefile.lean",
         "description": "The Lake configuration of this repo is `lakefile.toml`; there is no `lakefile.lean` (reading it "
                        "fails with ENOENT every time). Read and edit lakefile.toml for the mathlib require, lean_lib "
                        "targets and leanOptions.",
         "evidence": "3 ENOENT failures on lakefile.lean in s1, s3, s5, one signature; never read successfully; lakefile.toml read right after each time"},
        {"id": "j105-p2", "kind": "rule", "ability": "shell.run", "anchor": "lake",
         "description": "After Mathlib moves (`lake update`, a toolchain bump), a plain `lake build` starts compiling Mathlib "
                        "from source and lean is killed (exit 137, out of memory) on the 8 GB VM. Fetch the prebuilt "
                        "oleans first: `lake exe cache get && lake build`.",
         "evidence": "`lake build` / `lake build Tessellate` killed (exit 137) after `lake update` in s2 and s5; `lake exe cache get && lake build ...` succeeds right after"},
        {"id": "j105-p3", "kind": "playbook", "ability": "shell.run", "anchor": "checkdecls",
         "sequence": ["fs.edit_file", "shell.run", "git.diff"],
         "description": "Updating the blueprint: edit the \\lean{...}/\\leanok entries in blueprint/src/content.tex, run "
                        "`leanblueprint checkdecls` so every referenced declaration exists, then review the git diff.",
         "evidence": "same 3-call segment in s1 (lemmas 2.3/2.5), s3 (3.1/3.2), s6 (chapter 4)"},
        {"id": "j105-p4", "kind": "weak_link", "ability": "http.get", "anchor": "loogle.lean-lang.org",
         "description": "Loogle (loogle.lean-lang.org/json?q=...) is unreliable from this VM: 502s, timeouts, rate limits. "
                        "Retry with a pause, or grep .lake/packages/mathlib instead of concluding a lemma is missing.",
         "evidence": "13 calls, 7 ok (54%), five different errors (502 x2, timeout, 429, reset, 503)"},
        {"id": "j105-p5", "kind": "playbook", "ability": "fs.write_file", "anchor": "Tessellate.lean",
         "sequence": ["fs.write_file", "fs.edit_file", "shell.run", "git.add"],
         "description": "Adding a module: write Tessellate/<Name>.lean, add `import Tessellate.<Name>` to the root "
                        "Tessellate.lean, build just that module with `lake build Tessellate.<Name>`, git add both files.",
         "evidence": "same 4-call segment in s2 (Strip), s4 (P6), s6 (Lattice)"},
    ],
    "queries": [
        {"q": "Tessellate/Periodic.lean: -- TODO(ines): drop the per-file `set_option autoImplicit false`, set it once for the whole lib in the Lake config (leanOptions)", "planted_id": "j105-p1"},
        {"q": "-- FIXME(tomasz): we still require mathlib from `master`; pin it to a tagged rev in the package config. TSL-88", "planted_id": "j105-p1"},
        {"q": "-- TODO: neues lean_lib-Target `Tessellate.Experimental` in der Lake-Konfiguration anlegen, damit die Skizzen nicht mehr im Haupt-Target liegen", "planted_id": "j105-p1"},
        {"q": "Tessellate/Colouring.lean: -- TODO: move to the newest Mathlib once #19234 is merged, then rebuild everything", "planted_id": "j105-p2"},
        {"q": "lean-toolchain: # XXX toolchain bumped to v4.15.0 but nobody rebuilt locally; do a full build before we merge", "planted_id": "j105-p2"},
        {"q": "-- TODO(tomasz): pull in the new Finset lemmas with `lake update` and check the whole project still compiles", "planted_id": "j105-p2"},
        {"q": "blueprint/src/content.tex: % TODO(ines): lemma 3.4 is proved now -- add its \\lean{} name and mark it \\leanok", "planted_id": "j105-p3"},
        {"q": "% FIXME blueprint still references Tessellate.colour_bound; it was renamed to colouring_bound_le", "planted_id": "j105-p3"},
        {"q": "% TODO: añadir al blueprint la definición de teselación periódica con su \\lean{} correspondiente (TSL-97)", "planted_id": "j105-p3"},
        {"q": "-- TODO: surely Mathlib has this card bound for injective maps on finsets already, look it up and use it instead of ours", "planted_id": "j105-p4"},
        {"q": "-- XXX we reprove `Nat.sub_dvd` style lemma by hand here; find out what Mathlib calls it nowadays", "planted_id": "j105-p4"},
        {"q": "Tessellate/Periodic.lean: -- TODO(aiko): search for an existing lemma of shape `Function.Periodic f c → Function.Periodic (g ∘ f) c` before writing ours", "planted_id": "j105-p4"},
        {"q": "-- TODO: the wallpaper-group lemmas deserve their own file, Tessellate/Wallpaper.lean", "planted_id": "j105-p5"},
        {"q": "Tessellate/Colouring.lean: -- TODO(tomasz): this is 900 lines now; split the hex grid section out into a separate module", "planted_id": "j105-p5"},
        {"q": "-- TODO: wydzielić lematy o kratach do osobnego modułu Tessellate/Lattice.lean", "planted_id": "j105-p5"},
    ],
    "negatives": [
        "README.md: <!-- TODO: explain for newcomers how the precompiled Mathlib oleans are fetched on a first checkout -->",
        "blueprint/src/print.tex: % TODO fix the author order on the title page (alphabetical)",
        "-- TODO: add a docstring to `periodic_colouring_exists` saying what the statement means in words",
        "-- TODO(ines): golf this proof, `omega` should close the goal directly after the `simp`",
        ".github/workflows/docs.yml: # TODO publish the doc-gen4 output only from main, not from PR builds",
        "-- FIXME: rename the hypothesis `hcol` to `h_colour` throughout this file",
        "CONTRIBUTING.md: <!-- TODO: add a section on naming conventions (snake_case lemmas, UpperCamel structures) -->",
        "-- TODO: この定理の証明の流れを冒頭のコメントで説明する",
    ],
    "notes": "Six sessions by Ines (s1, s4), Tomasz (s2, s5) and Aiko (s3, s6). The pitfall is planted under three differently worded tasks (heartbeat limit, where global options live, a library-wide option). The rule's two failures follow a `lake update`; other lake builds (single modules, incremental) succeed throughout. Noise: one unsolved-goals error fixed by an edit, one leanblueprint web failure fixed by a pip install, both once. Two queries share one word trigram with a progress text ('for the whole', 'the new finset'); none shares one with error text.",
}

# ---------------------------------------------------------------- 106: Elm SPA
TRUTH[106] = {
    "project": "binday: an Elm 0.19.1 single-page app for Harrowdene District Council's bin-collection calendar and "
               "missed-bin reports (elm make, elm-test, elm-review with its configuration in tools/review, elm-format, "
               "elm-watch, Cypress e2e specs that CI runs, a Caddy dev proxy, the council's UAT collections API at "
               "uat.collections.harrowdene.gov.uk); the agent's box is a headless Linux VM where ~/.elm was once "
               "created by root",
    "planted": [
        {"id": "j106-p1", "kind": "pitfall", "ability": "shell.run", "anchor": "cypress",
         "description": "Cypress cannot start on this headless VM (Xvfb is missing): `npx cypress run ...` fails every "
                        "time. Don't try to run the e2e specs here; CI runs them on every push.",
         "evidence": "3 failures in s1, s3, s5, one signature; no npx success anywhere"},
        {"id": "j106-p2", "kind": "rule", "ability": "shell.run", "anchor": "elm",
         "description": "~/.elm on this box is owned by root, so `elm make` fails with permission denied on the package "
                        "cache. Prefix it with `ELM_HOME=.elm-home` (the directory is gitignored).",
         "evidence": "`elm make ...` fails with permission denied on ~/.elm in s2 and s4; the same build with `ELM_HOME=.elm-home` succeeds right after"},
        {"id": "j106-p3", "kind": "rule", "ability": "shell.run", "anchor": "elm-review",
         "description": "The elm-review configuration lives in tools/review, not review/; a bare `elm-review` fails to "
                        "find it. Run `elm-review --config tools/review` (with `--fix-all` to apply fixes).",
         "evidence": "bare `elm-review` fails to find its configuration in s1 and s6; `elm-review --config tools/review ...` succeeds right after"},
        {"id": "j106-p4", "kind": "playbook", "ability": "fs.edit_file", "anchor": "openapi",
         "sequence": ["fs.read_file", "fs.edit_file", "shell.run", "git.diff"],
         "description": "When the council API changes: read api/collections.openapi.yaml, edit the decoders in "
                        "src/Api/Decode.elm, run `elm-test tests/Api/DecodeTest.elm`, review the git diff.",
         "evidence": "same 4-call segment in s1 (crewId), s4 (assistedCollection), s6 (rename to assisted)"},
        {"id": "j106-p5", "kind": "weak_link", "ability": "http.get", "anchor": "uat.collections.harrowdene.gov.uk",
         "description": "The council's UAT collections API is flaky: 502/503, gateway timeouts, resets. Retry before "
                        "drawing conclusions from a failed call.",
         "evidence": "12 calls, 7 ok (58%), five different errors (502, timeout, 503, 504, reset)"},
    ],
    "queries": [
        {"q": "cypress/e2e/report.cy.js: // TODO(callum): run this spec after the address-lookup change, make sure it's still green", "planted_id": "j106-p1"},
        {"q": "// FIXME flaky on CI? rerun the missed-bin e2e spec locally a few times to see (BIN-311)", "planted_id": "j106-p1"},
        {"q": "// TODO : lancer les tests de bout en bout du calendrier avant la démo de jeudi", "planted_id": "j106-p1"},
        {"q": "src/Page/Calendar.elm: -- TODO(priya): build with --optimize and compare the bundle size after the iCal export went in", "planted_id": "j106-p2"},
        {"q": "-- TODO: перевірити, що застосунок ще компілюється після переносу Route.elm у src/App/", "planted_id": "j106-p2"},
        {"q": "Makefile: # TODO produce public/widget.js from src/Widget.elm for the parish-council embed", "planted_id": "j106-p2"},
        {"q": "-- TODO: get rid of the unused imports and dead code the linter flags in this module", "planted_id": "j106-p3"},
        {"q": "src/Page/Report.elm: -- FIXME(sofie): NoUnused.Variables is unhappy about this file, clean it up", "planted_id": "j106-p3"},
        {"q": "-- TODO: rodar o elm-review no módulo de Endereços e corrigir os avisos", "planted_id": "j106-p3"},
        {"q": "src/Api/Decode.elm: -- TODO: API now sends `containerType` with each collection, decode it", "planted_id": "j106-p4"},
        {"q": "-- TODO(callum): garden waste rounds come back with a `suspended` flag since API v2.3 -- handle it in the decoder", "planted_id": "j106-p4"},
        {"q": "-- XXX decoding blows up when `nextCollection` is null for new builds; the spec says it's nullable", "planted_id": "j106-p4"},
        {"q": "-- TODO: check what UAT returns for UPRN 100061234567 in the bank holiday week", "planted_id": "j106-p5"},
        {"q": "tests/Api/DecodeTest.elm: -- TODO grab a fresh sample response from the UAT API for a block of flats", "planted_id": "j106-p5"},
        {"q": "-- FIXME(priya): does UAT really answer 204 for addresses with no service? hit it and see", "planted_id": "j106-p5"},
    ],
    "negatives": [
        "cypress/README.md: <!-- TODO: explain how the e2e specs and fixtures are organised -->",
        "tools/review/src/ReviewConfig.elm: -- TODO say in a comment why NoMissingTypeAnnotation is off for generated code",
        "api/collections.openapi.yaml: # TODO add a description for the reportId field",
        "src/View/Footer.elm: -- TODO: add the Welsh language toggle link to the footer",
        "public/index.html: <!-- TODO: council favicon + theme-color meta tag -->",
        "Caddyfile: # TODO compress static assets with zstd and gzip",
        "-- TODO(sofie): rename the Msg constructors in Page.Report to past tense (GotAddress, SubmittedReport)",
        "src/Date/Format.elm: -- TODO: Kommentar ergänzen, warum die Wochentage hier montags beginnen",
    ],
    "notes": 'Six sessions by Callum (s1, s5), Priya (s2, s4) and Sofie (s3, s6). Two rules on related programs: anchor `elm` (workkey elm) and `elm-review` (workkey elm-review); check.py matches the rule anchor as a substring of the work key, so `elm` also matches elm-review, and the elm-review fail->fix is placed first (s1) so that the check resolves j106-p2 to the elm key. Every later `elm make`/`elm-test` carries `ELM_HOME=.elm-home`. Noise: one elm-test failure fixed by an edit in s2. One query shares one word trigram with a progress text (\'flaky on ci\'). The first 3 negatives are traps next to p1 (e2e docs), p3 (review config comment) and p4 (the OpenAPI file itself).',
}

# ---------------------------------------------------------------- 107: Puppet control repo
TRUTH[107] = {
    "project": "vetstack-puppet: the Puppet 8 control repo of Brackenford Vets, 14 veterinary clinics (roles and "
               "profiles, Hiera 5 with hiera-eyaml, Puppetfile deployed by r10k, PDK with rspec-puppet, puppet-lint, "
               "Bolt, the PuppetDB query API at puppetdb.vetstack.lan); the team and its agent work from an admin VM "
               "that is neither the Puppet server nor on the clinic network",
    "planted": [
        {"id": "j107-p1", "kind": "pitfall", "ability": "shell.run", "anchor": "r10k",
         "description": "r10k only works on the Puppet server: on the admin VM `r10k deploy environment ...` fails with "
                        "permission denied under /etc/puppetlabs/code/environments. Push the branch; the server's "
                        "webhook deploys it.",
         "evidence": "3 failures in s1, s3, s5 (three environments), one signature; no r10k success anywhere"},
        {"id": "j107-p2", "kind": "rule", "ability": "shell.run", "anchor": "pdk",
         "description": "PDK on the admin VM defaults to Puppet 7 and finds no matching gem; run unit tests as "
                        "`pdk test unit --puppet-version 8` (filters with --tests as usual).",
         "evidence": "`pdk test unit` fails without --puppet-version in s2 and s4; `--puppet-version 8` succeeds right after"},
        {"id": "j107-p3", "kind": "playbook", "ability": "shell.run", "anchor": "eyaml",
         "sequence": ["shell.run", "fs.edit_file", "git.diff", "git.commit"],
         "description": "Adding or rotating a secret: `eyaml encrypt -l <key> -s <value>` (public key only), put the "
                        "ENC[PKCS7,...] block into the Hiera file, git diff to see that only that key changed, commit.",
         "evidence": "same 4-call segment in s1 (smtp relay), s3 (borg passphrase), s6 (PACS db)"},
        {"id": "j107-p4", "kind": "weak_link", "ability": "http.get", "anchor": "puppetdb.vetstack.lan",
         "description": "The PuppetDB query API (puppetdb.vetstack.lan:8081) is unreliable from the admin VM: 502s, "
                        "resets, timeouts. Retry before concluding that a node or fact is missing.",
         "evidence": "12 calls, 7 ok (58%), four different errors (502 x2, timeout, 503, reset)"},
        {"id": "j107-p5", "kind": "pitfall", "ability": "shell.run", "anchor": "bolt",
         "description": "The admin VM is not on the clinic network, so `bolt command run` / `bolt plan run` against "
                        "clinic nodes always fails to connect. Ask someone on the bastion to run it.",
         "evidence": "3 failures in s2, s4, s6 (three targets), one signature; no bolt success anywhere"},
    ],
    "queries": [
        {"q": "Puppetfile: # TODO(hannah): bump puppetlabs-apt to 9.4 and deploy the env to try it", "planted_id": "j107-p1"},
        {"q": "# TODO roll out the feature_ntp_rework environment so clinic-ashford can run against it (VS-214)", "planted_id": "j107-p1"},
        {"q": "# TODO: production-omgeving opnieuw uitrollen nadat de Puppetfile is bijgewerkt", "planted_id": "j107-p1"},
        {"q": "site-modules/profile/manifests/pharmacy_fridge.pp: # TODO rspec for the alarm_threshold param + run the unit tests", "planted_id": "j107-p2"},
        {"q": "# FIXME(dele): spec for profile::xray_share red since the samba refactor?", "planted_id": "j107-p2"},
        {"q": "# TODO: run the specs of all role classes before Friday's change window", "planted_id": "j107-p2"},
        {"q": "data/nodes/clinic-ashford.yaml: # TODO add the new PACS db password for this clinic (encrypted!)", "planted_id": "j107-p3"},
        {"q": "# TODO(marek): rotate the SMTP relay password in hiera, new value is in vault entry VS-230", "planted_id": "j107-p3"},
        {"q": "# TODO: přidat zašifrované heslo pro zálohovací účet do hiery", "planted_id": "j107-p3"},
        {"q": "# TODO: which nodes still report os.release.major 11? need the list before we drop bullseye", "planted_id": "j107-p4"},
        {"q": "# XXX which clinics had failed puppet runs last night? look at the reports before touching profile::backup", "planted_id": "j107-p4"},
        {"q": "# TODO: role::reception sınıfı uygulanmış bütün node'ları listele", "planted_id": "j107-p4"},
        {"q": "# TODO run puppet agent --noop on clinic-marsh to preview the ntp change", "planted_id": "j107-p5"},
        {"q": "# TODO(dele): restart dicom-forwarder on the Ashford box once the config change is in", "planted_id": "j107-p5"},
        {"q": "# FIXME: clear the apt cache by hand on the reception PCs, the backup job filled /var on two of them", "planted_id": "j107-p5"},
    ],
    "negatives": [
        "Puppetfile: # TODO comment why puppet-archive stays pinned to 7.x",
        "data/common.eyaml: # TODO document which keys are encrypted and who holds the private key",
        "bolt-project.yaml: # TODO explain the inventory groups (reception, surgery, imaging) in a comment",
        "templates/motd.epp: <%# TODO: add the on-call phone number to the motd %>",
        ".gitlab-ci.yml: # TODO cache vendor/bundle between pipeline jobs",
        "site-modules/role/manifests/surgery.pp: # TODO typo in the class docs: \"anaesthsia\"",
        "CODEOWNERS: # TODO make Dele an owner of site-modules/profile/manifests/backup*",
        "# TODO: skriv om kommentaren om brandväggsreglerna så att den stämmer med verkligheten",
    ],
    "notes": "Six sessions by Marek (s1, s4), Hannah (s2, s5) and Dele (s3, s6). Two pitfalls on shell.run (r10k, bolt) with different signatures; no r10k or bolt call ever succeeds. The eyaml playbook commits with all=true after the diff (no git.add in the segment). Noise: one puppet-lint warning fixed with --fix in s1. Every later `pdk` call carries --puppet-version 8. One query shares one word trigram with a progress text ('to try it').",
}

# ---------------------------------------------------------------- 108: MicroPython on Pico W
TRUTH[108] = {
    "project": "hivescale: MicroPython 1.24 firmware for the Raspberry Pi Pico W beehive scale nodes of the Wealdmoor "
               "Beekeepers' Association (HX711 load cells, DS18B20 probes, LoRaWAN through an RFM95 to a ChirpStack v4 "
               "server at chirpstack.hivescale.org, mpy-cross for viper code, host tests on the unix port, OTA "
               "manifests signed by a script); the agent's VM has no Pico attached, the board sits on the bench PC",
    "planted": [
        {"id": "j108-p1", "kind": "pitfall", "ability": "shell.run", "anchor": "mpremote",
         "description": "No Pico is attached to this VM: every `mpremote ...` (cp, run, exec, reset) fails with no device "
                        "found. Don't try to deploy or run on hardware here; hand it to whoever is at the bench PC.",
         "evidence": "3 failures in s1, s3, s5 (cp, fs cp, run), one signature; no mpremote success anywhere"},
        {"id": "j108-p2", "kind": "rule", "ability": "shell.run", "anchor": "mpy-cross",
         "description": "Modules with @micropython.viper/native code (lib/hx711.py, lib/filters.py) need an architecture: "
                        "compile with `mpy-cross -march=armv6m ...`; without -march it fails.",
         "evidence": "`mpy-cross lib/hx711.py` (s2) and `mpy-cross lib/filters.py` (s5) fail; `-march=armv6m` succeeds right after"},
        {"id": "j108-p3", "kind": "playbook", "ability": "fs.edit_file", "anchor": "calib",
         "sequence": ["fs.read_file", "fs.edit_file", "shell.run", "git.add"],
         "description": "New load-cell calibration: read calib/hive-NN.json, copy tare/scale into lib/calib_table.py, run "
                        "`micropython tests/test_calib.py` on the unix port, git add.",
         "evidence": "same 4-call segment in s1 (hive-07), s3 (hive-11), s6 (hive-03)"},
        {"id": "j108-p4", "kind": "weak_link", "ability": "http.get", "anchor": "chirpstack.hivescale.org",
         "description": "The association's ChirpStack API is flaky (it runs on a small VPS): 502s, timeouts, resets. Retry "
                        "before concluding a node is silent.",
         "evidence": "12 calls, 7 ok (58%), five different errors (502, timeout, 504, reset, 503)"},
        {"id": "j108-p5", "kind": "playbook", "ability": "shell.run", "anchor": "manifest",
         "sequence": ["fs.edit_file", "shell.run", "git.add", "git.commit"],
         "description": "Publishing an OTA release: edit ota/manifest.json (version, files, channel), sign it with "
                        "`python3 tools/sign_manifest.py ota/manifest.json`, git add the manifest and its .sig, commit.",
         "evidence": "same 4-call segment in s2 (1.4.0 beta), s4 (1.4.1 beta), s6 (1.4.2 stable)"},
    ],
    "queries": [
        {"q": "main.py: # TODO(jakub): copy the new lib/ds18x20.py onto the bench node and soft-reset it", "planted_id": "j108-p1"},
        {"q": "# TODO check free RAM on the board after boot (gc.mem_free) with the LoRa stack loaded", "planted_id": "j108-p1"},
        {"q": "# TODO: caricare il nuovo firmware sulla scheda e verificare la lettura del peso", "planted_id": "j108-p1"},
        {"q": "lib/hx711.py: # TODO precompile to .mpy, importing from source is too slow at boot", "planted_id": "j108-p2"},
        {"q": "# FIXME(wen): lib/filters.mpy is stale after the viper change, rebuild it", "planted_id": "j108-p2"},
        {"q": "tools/build.sh: # TODO emit .mpy files for everything in lib/ in one go", "planted_id": "j108-p2"},
        {"q": "lib/calib_table.py: # TODO hive-12 got a new load cell on Saturday, its calibration file is in -- update the table", "planted_id": "j108-p3"},
        {"q": "# TODO(ana): put the re-measured tare/scale of hives 3 and 5 into the firmware table", "planted_id": "j108-p3"},
        {"q": "# TODO: 把 hive-09 新的称重校准系数更新到固件里", "planted_id": "j108-p3"},
        {"q": "# TODO: pull last week's uplinks for dev EUI 70B3D57ED005A1C2 and look for frame counter gaps", "planted_id": "j108-p4"},
        {"q": "# XXX hive-04 ble stille tirsdag; sjekk i ChirpStack når siste uplink kom", "planted_id": "j108-p4"},
        {"q": "lora.py: # TODO confirm the device profile on the LNS has the same uplink interval as CONF_PERIOD", "planted_id": "j108-p4"},
        {"q": "version.py: # TODO bump to 1.4.3 and publish it for OTA (HS-77)", "planted_id": "j108-p5"},
        {"q": "# TODO(wen): point the OTA \"beta\" channel at the build with the fixed lora.py", "planted_id": "j108-p5"},
        {"q": "# FIXME: nodes in group \"north\" are still on 1.3.9; ship them the current release over the air", "planted_id": "j108-p5"},
    ],
    "negatives": [
        "docs/bench.md: <!-- TODO document how to flash a node from the bench PC -->",
        "lib/hx711.py: # TODO explain in a comment why read_raw is written with viper",
        "calib/README.md: <!-- TODO: describe the calibration JSON fields (tare, scale, temp_coeff) -->",
        "lib/ds18x20.py: # TODO return None on CRC errors instead of raising",
        "boot.py: # TODO switch the onboard LED off once wifi is up",
        ".github/workflows/host-tests.yml: # TODO run the host tests on pushes to any branch",
        "lora.py: # TODO(ana): make the spreading factor configurable from config.py",
        "# TODO: 배터리 전압 읽는 함수 이름을 read_vbat 로 바꾸기",
    ],
    "notes": "Six sessions by Ana (s1, s4), Jakub (s2, s5) and Wen (s3, s6). The rule's error is a Python-style traceback whose first line is generic; the signature is therefore 'Traceback (most recent call last):' and the file name sits on the second line. Noise: a ruff F401 fixed with --fix (s1), a host-test assertion fixed by an edit (s3). http.get also has one open-meteo call (ok). One query shares one word trigram with a progress text ('the bench node').",
}
