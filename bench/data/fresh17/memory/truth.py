"""Planted lessons, first-message queries and negatives for journals 61-64 (fresh17), inline."""

T = {}

T[61] = {
    "project": "tallyroom: a Laravel 11 / PHP 8.3 SaaS for climbing gyms (memberships, check-ins, invoices); Pest/PHPUnit "
               "via `php artisan test`, Scribe API docs, Vite + Tailwind assets, Horizon queues, a staging site "
               "(staging.tallyroom.app); the dev box is an arm64 machine where the scheduler and queue worker run as www-data",
    "planted": [
        {"id": "j61-p1", "kind": "pitfall", "ability": "shell.run", "anchor": "npm",
         "description": "Vite cannot run on this arm64 dev box: `npm run build` and `npm run dev` die because rollup's native "
                        "package for linux-arm64 is missing from the lockfile (made on macOS, pinned by CI policy). Don't try to "
                        "build or serve the frontend assets here; the Forge deploy builds them.",
         "evidence": "4 failures in s1, s3, s5 (two in s5), one signature; no npm success anywhere"},
        {"id": "j61-p2", "kind": "rule", "ability": "shell.run", "anchor": "php",
         "description": "The full test suite (`php artisan test`, or all of tests/Feature) exhausts PHP's default 128 MB "
                        "memory_limit on this box. Run it as `php -d memory_limit=1G artisan test ...`; filtered runs are fine.",
         "evidence": "fail then fix with `php -d memory_limit=1G` in s2 (php artisan test) and s4 (php artisan test tests/Feature)"},
        {"id": "j61-p3", "kind": "playbook", "ability": "shell.run", "anchor": "scribe",
         "sequence": ["fs.edit_file", "shell.run", "git.add", "git.commit"],
         "description": "Updating the public API docs: edit the @response/@queryParam docblock of the API controller, "
                        "`php artisan scribe:generate`, stage the controller with public/docs and .scribe, commit.",
         "evidence": "same 4-call segment in s1 (subscriptions), s3 (check-ins), s6 (members)"},
        {"id": "j61-p4", "kind": "weak_link", "ability": "http.get", "anchor": "staging.tallyroom.app",
         "description": "The staging site (health, API, Horizon API at staging.tallyroom.app) is flaky: 502/503, timeouts; "
                        "retry before concluding anything.",
         "evidence": "11 calls, 6 ok (55%), three different errors"},
        {"id": "j61-p5", "kind": "pitfall", "ability": "fs.read_file", "anchor": "laravel.log",
         "description": "storage/logs/laravel.log is owned by www-data (the local scheduler and queue worker write it) and "
                        "cannot be read directly; use `sudo -u www-data tail -n 200 storage/logs/laravel.log`.",
         "evidence": "EACCES in s2, s4, s5, one signature, never read with fs.read_file"},
    ],
    "queries": [
        {"q": "can you rebuild the frontend assets? marketing swapped the hero image on the signup page", "planted_id": "j61-p1"},
        {"q": "el botón de 'pausar membresía' se ve fatal en el dashboard, arregla el CSS y compila para que lo pueda ver", "planted_id": "j61-p1"},
        {"q": "hot reload for the member dashboard please, I want to tweak the tailwind classes live", "planted_id": "j61-p1"},
        {"q": "run the whole test suite and tell me what's red before I open the PR", "planted_id": "j61-p2"},
        {"q": "Przed mergem puść proszę wszystkie testy, dzięki", "planted_id": "j61-p2"},
        {"q": "TR-260: move invoice numbering into its own InvoiceNumberer service. Finance wants the format configurable per gym "
              "later, so keep it injectable. Make sure everything still passes afterwards, all of it, not just the invoice tests.",
         "planted_id": "j61-p2"},
        {"q": "the /api/v1/invoices endpoint takes a `status` filter now but the public API docs don't mention it, fix that", "planted_id": "j61-p3"},
        {"q": "update api docs for the gyms endpoint", "planted_id": "j61-p3"},
        {"q": "Partner integrators keep asking what a check-in looks like over the API. Could you put a proper example response "
              "in the CheckinController docblocks and publish it in the generated docs?", "planted_id": "j61-p3"},
        {"q": "is staging up? members say the app hangs on login", "planted_id": "j61-p4"},
        {"q": "check the horizon dashboard on staging, are jobs piling up again?", "planted_id": "j61-p4"},
        {"q": "depois do deploy de hoje, confere se o staging responde e se a API de planos funciona", "planted_id": "j61-p4"},
        {"q": "the scheduler sent the dunning emails twice last night on my machine, dig through the app log and see why", "planted_id": "j61-p5"},
        {"q": "something threw a 500 when I uploaded a gym logo locally. check the log", "planted_id": "j61-p5"},
        {"q": "my local queue worker is swallowing jobs without a trace, what does the laravel log say?", "planted_id": "j61-p5"},
    ],
    "negatives": [
        "explain what the aliases in vite.config.js are for, I'm new here. don't change anything",
        "write a Pest test for VatCalculator rounding on 0.005 amounts, just the test file, I'll run it myself",
        "rename the 'slack_alerts' log channel to 'ops_alerts' in config/logging.php",
        "add German translations for the member welcome email",
        "TR-270 Gyms should be soft-deletable",
        "write a seeder that creates 50 fake members with some check-ins, for the sales demo",
        "the Stripe webhook secret moved to STRIPE_WEBHOOK_SECRET_V2, update config/services.php accordingly",
        "pls tidy up the README setup section, it still talks about Sail",
    ],
    "notes": [
        "Sessions are different developers' first messages and follow-ups: s1/s6 Sana (short English), s2 Tomasz (Polish), "
        "s3 Lucia (Spanish), s4 Dev (long paragraphs), s5 Kofi (two or three words).",
        "The npm pitfall happens under three differently worded tasks (a badge check, npm run dev, a staging asset build); "
        "the php rule under a VAT fix and a proration fix.",
        "Queries for j61-p2 ask for a full test run; filtered runs succeed in the journal, so the lesson is about the full suite.",
        "j61-p3 and the php rule share the program `php`; queries for the docs playbook should not pull the memory rule only by it.",
        "shell.run as a whole: 21 of 29 ok (72%). Ability-level http.get is below 70% only because of the staging host.",
        "Negatives 1-3 are traps: vite.config.js without building, a test file without running the suite, the logging config "
        "without reading the log.",
    ],
}

T[62] = {
    "project": "wrenbeacon: Zephyr 3.7 firmware (sysbuild, west) for a BLE environmental sensor on the nRF52840 DK; twister "
               "tests on native_sim, board overlays, MCUboot, a hardware-in-the-loop rig whose share is mounted at /mnt/hilrig; "
               "no debug probe is attached to this machine",
    "planted": [
        {"id": "j62-p1", "kind": "pitfall", "ability": "shell.run", "anchor": "nrfjprog",
         "description": "nrfjprog cannot reach any board from this machine (no J-Link probe is attached here; the DK on the "
                        "desk is not connected to it). Flashing, recover and reset all fail; submit the image to the HIL rig "
                        "(/mnt/hilrig/queue) instead.",
         "evidence": "4 failures in s1, s3, s5 (two in s5), one signature; no nrfjprog success anywhere"},
        {"id": "j62-p2", "kind": "rule", "ability": "shell.run", "anchor": "west",
         "description": "Since Zephyr 3.7 (hardware model v2) the board is `nrf52840dk/nrf52840`; the old name "
                        "`nrf52840dk_nrf52840` is rejected on pristine builds. Use `west build -p always -b nrf52840dk/nrf52840 app`.",
         "evidence": "fail then fix with `-b nrf52840dk/nrf52840` in s2 (clean build for the port) and s4 (debug overlay)"},
        {"id": "j62-p3", "kind": "rule", "ability": "fs.read_file", "anchor": ".config",
         "description": "With sysbuild the application's build directory is build/app: the merged Kconfig is "
                        "build/app/zephyr/.config, not build/zephyr/.config (same for zephyr.dts and zephyr.stat).",
         "evidence": "ENOENT on build/zephyr/.config then build/app/zephyr/.config read in s4 and s6"},
        {"id": "j62-p4", "kind": "playbook", "ability": "fs.edit_file", "anchor": "overlay",
         "sequence": ["fs.edit_file", "shell.run", "fs.read_file", "git.add"],
         "description": "Changing pins or peripherals: edit app/boards/nrf52840dk_nrf52840.overlay, `west build -d build app`, "
                        "read build/app/zephyr/zephyr.dts to confirm the node, stage the overlay.",
         "evidence": "same 4-call segment in s1 (LED pin), s3 (i2c1 400k), s5 (button on rev B)"},
        {"id": "j62-p5", "kind": "weak_link", "ability": "fs.list_directory", "anchor": "hilrig",
         "description": "Listings of the HIL rig's network share (/mnt/hilrig/queue, results, captures) are unreliable: EIO, "
                        "stale handles, timeouts, disconnected transport. Retry, and don't conclude that a job is missing.",
         "evidence": "10 fs.list_directory calls, all on /mnt/hilrig, 5 ok (50%), four different errors"},
    ],
    "queries": [
        {"q": "flash the latest build onto the DK, I want to watch the LEDs", "planted_id": "j62-p1"},
        {"q": "can you wipe the board and put the v0.8.2 hex back on it? the rc misbehaves", "planted_id": "j62-p1"},
        {"q": "Bitte die aktuelle Firmware aufs Devkit spielen und resetten", "planted_id": "j62-p1"},
        {"q": "do a pristine build for the DK with the default config, I need a clean baseline size", "planted_id": "j62-p2"},
        {"q": "from-scratch build of the debug variant for the dk please", "planted_id": "j62-p2"},
        {"q": "清一下 build 目录，从头编一个 nRF52840 DK 的版本", "planted_id": "j62-p2"},
        {"q": "is CONFIG_BT_EXT_ADV actually enabled in the current build? check the generated config", "planted_id": "j62-p3"},
        {"q": "what does CONFIG_MAIN_STACK_SIZE end up as after all the conf files are merged?", "planted_id": "j62-p3"},
        {"q": "Sjekk om logging faktisk er slått av i release-bygget, se i den genererte Kconfig-en", "planted_id": "j62-p3"},
        {"q": "move the buzzer to P0.28 in the devicetree overlay", "planted_id": "j62-p4"},
        {"q": "enable spi2 at 8 MHz in the board overlay, we're adding the external flash", "planted_id": "j62-p4"},
        {"q": "The rev C boards came back from the fab and the status LED is active-high on them now. Can you update the "
              "board overlay and make sure the devicetree comes out right?", "planted_id": "j62-p4"},
        {"q": "any results from the HIL rig for last night's job?", "planted_id": "j62-p5"},
        {"q": "is anything queued on the rig right now? I want to submit the power suite", "planted_id": "j62-p5"},
        {"q": "grab the BLE sniffer captures the rig made this morning", "planted_id": "j62-p5"},
    ],
    "negatives": [
        "write a README section on installing nrfjprog and the J-Link drivers on macOS for new hires",
        "explain the difference between prj.conf and overlay-debug.conf to me",
        "document the fields of the HIL rig job JSON in docs/hil.md",
        "the BLE device name should be 'Wren-' plus the last four hex digits of the MAC",
        "add a unit test for the crc8 helper",
        "write the v0.9.0 blurb for the website, two sentences, no jargon",
        "bump the copyright headers to 2026",
        "how are the sensor calibration offsets stored in NVS? explain, don't change code",
    ],
    "notes": [
        "Sessions: s1/s5 Ingrid, s2/s6 Raj (long, precise), s3 Mei (Chinese), s4 Felix (terse German).",
        "The pitfall happens under 'flash it for the power profiler', a Chinese request and a release-candidate check.",
        "j62-p2 and j62-p4 both run west; the playbook uses an incremental `west build -d build app` without -b.",
        "j62-p5 is an ability-wide weak link: every fs.list_directory call is on the rig share; the anchor is a path "
        "component, not a host or base name.",
        "shell.run as a whole: 21 of 28 ok (75%).",
        "Negatives 1-3 are traps: nrfjprog documentation, conf files explained without a build, rig documentation.",
    ],
}

T[63] = {
    "project": "pebbleride: a Flutter 3.24 bike-share app (Riverpod, freezed/json_serializable through build_runner, ARB "
               "localisation with gen-l10n, golden tests generated on the macOS CI runner, Firebase App Distribution for QA "
               "builds, a staging API at api.staging.pebbleride.app); this dev box is Linux",
    "planted": [
        {"id": "j63-p1", "kind": "playbook", "ability": "shell.run", "anchor": "build_runner",
         "sequence": ["fs.edit_file", "shell.run", "git.status", "git.add"],
         "description": "Adding a field to a freezed model: edit lib/data/models/<model>.dart (with @JsonKey for the API "
                        "name), `dart run build_runner build --delete-conflicting-outputs`, git status to see the generated "
                        ".freezed.dart/.g.dart, stage the model with them.",
         "evidence": "same 4-call segment in s1 (Station.isElectric), s3 (Ride.co2SavedGrams), s5 (Plan.pricePerMinuteCents)"},
        {"id": "j63-p2", "kind": "rule", "ability": "shell.run", "anchor": "flutter",
         "description": "On this Linux box the full `flutter test` fails on the golden tests (goldens are rendered on the macOS "
                        "CI runner). Run `flutter test --exclude-tags golden` locally; goldens are checked in CI.",
         "evidence": "fail then fix with `--exclude-tags golden` in s2 and s4"},
        {"id": "j63-p3", "kind": "pitfall", "ability": "shell.run", "anchor": "firebase",
         "description": "`firebase appdistribution:distribute` never works from this machine (no Firebase login or service "
                        "account here). Build the APK if asked, but QA builds are distributed by the CI release job.",
         "evidence": "4 failures in s2, s4, s6 (two in s6), one signature; no firebase success anywhere"},
        {"id": "j63-p4", "kind": "weak_link", "ability": "http.get", "anchor": "api.staging.pebbleride.app",
         "description": "The staging API is unreliable (502/503/504, resets, timeouts); retry before blaming the app.",
         "evidence": "11 calls, 5 ok (45%), five different errors"},
        {"id": "j63-p5", "kind": "playbook", "ability": "fs.edit_file", "anchor": "arb",
         "sequence": ["fs.read_file", "fs.edit_file", "shell.run", "git.diff"],
         "description": "Translations: read lib/l10n/app_en.arb for the keys and wording, edit lib/l10n/app_<lang>.arb, "
                        "`flutter gen-l10n`, git diff lib/l10n.",
         "evidence": "same 4-call segment in s2 (it), s4 (de), s6 (es)"},
    ],
    "queries": [
        {"q": "Add `lastServiceAt` (nullable DateTime) to the Bike model, the API sends last_service_at", "planted_id": "j63-p1"},
        {"q": "station parsing blows up when address is null, make address nullable in the model", "planted_id": "j63-p1"},
        {"q": "Bike モデルに batteryLevel を追加してください。API のフィールド名は battery_level です", "planted_id": "j63-p1"},
        {"q": "run the full test suite before I cut the release branch", "planted_id": "j63-p2"},
        {"q": "make sure all the tests are green after the riverpod upgrade", "planted_id": "j63-p2"},
        {"q": "tutti i test, per favore, prima di aprire la PR", "planted_id": "j63-p2"},
        {"q": "send a QA build to the testers, they're waiting", "planted_id": "j63-p3"},
        {"q": "distribute 2.7.1 to the design group on App Distribution", "planted_id": "j63-p3"},
        {"q": "Kannst du einen Testbuild an die QA-Gruppe verteilen?", "planted_id": "j63-p3"},
        {"q": "the app shows an empty map against staging, is the API even up?", "planted_id": "j63-p4"},
        {"q": "does staging return the new surge field on /v2/plans yet?", "planted_id": "j63-p4"},
        {"q": "staging api health check pls", "planted_id": "j63-p4"},
        {"q": "we need French strings for the payment screen", "planted_id": "j63-p5"},
        {"q": "the Spanish copy calls a dock 'muelle', it should be 'anclaje' everywhere, fix it", "planted_id": "j63-p5"},
        {"q": "Could you add pt-BR translations for the onboarding flow? Check how the English copy is phrased first, the PM "
              "was picky about the tone.", "planted_id": "j63-p5"},
    ],
    "negatives": [
        "document in CONTRIBUTING.md how the golden images get regenerated on the macOS CI runner",
        "explain what the Crashlytics setup in main.dart does, no changes",
        "write a short glossary for translators (dock, station, ride, pass) in docs/translators.md",
        "add a dark mode toggle to the settings screen",
        "the ride timer drifts when the app is backgrounded, look into it",
        "add a semantics label to the unlock button for TalkBack",
        "replace the deprecated WillPopScope with PopScope",
        "bump minSdk to 23 and tell me what we lose",
    ],
    "notes": [
        "Sessions: s1/s5 Amara (pasted PR title, then short), s2 Chiara (Italian), s3 Hiroshi (Japanese), s4 Jonas (German), "
        "s6 Priya.",
        "The firebase pitfall happens under an Italian, a German and an English request; the flutter rule under 'run everything "
        "before commit' in two languages.",
        "j63-p2's program `flutter` is also the program of j63-p5's gen-l10n step; filtered `flutter test <file>` runs succeed.",
        "shell.run as a whole: 26 of 33 ok (79%). Ability-level http.get is below 70% only because of the staging host "
        "(one other host, 1 call).",
        "Negatives 1-3 are traps: goldens documented, Firebase Crashlytics explained, a translators' glossary without ARB work.",
    ],
}

T[64] = {
    "project": "kestrel-seg: a PyTorch Lightning + Hydra repo training segmentation models on aerial tiles; uv, DVC with a "
               "shared cache at /mnt/dvc-cache, a two-GPU workstation whose GPU 0 also hosts the team's notebooks, a "
               "self-hosted W&B server (wandb.kestrel.lab)",
    "planted": [
        {"id": "j64-p1", "kind": "pitfall", "ability": "shell.run", "anchor": "dvc",
         "description": "DVC cannot pull, fetch or check out on this workstation: the shared cache /mnt/dvc-cache is not "
                        "writable for this user. The datasets are already mounted read-only under /data; don't dvc pull.",
         "evidence": "4 failures in s1, s3, s4, s6, one signature; no dvc success anywhere"},
        {"id": "j64-p2", "kind": "rule", "ability": "shell.run", "anchor": "uv",
         "description": "Full training runs go out of memory on GPU 0 (the shared notebooks hold most of it). Run them on "
                        "GPU 1: `CUDA_VISIBLE_DEVICES=1 uv run python train.py ...`. fast_dev_run smoke tests fit on GPU 0.",
         "evidence": "fail then fix with the CUDA_VISIBLE_DEVICES=1 prefix in s2 (full run) and s5 (fine-tune)"},
        {"id": "j64-p3", "kind": "playbook", "ability": "fs.write_file", "anchor": "experiment",
         "sequence": ["fs.write_file", "shell.run", "git.add", "git.commit"],
         "description": "New experiment: write configs/experiment/<name>.yaml, smoke-test with `uv run python train.py "
                        "experiment=<name> trainer.fast_dev_run=true`, stage and commit the config.",
         "evidence": "same 4-call segment in s1 (unet_convnext_t), s3 (dlv3p_r50), s6 (segformer_b2)"},
        {"id": "j64-p4", "kind": "weak_link", "ability": "http.get", "anchor": "wandb.kestrel.lab",
         "description": "The self-hosted W&B server is flaky (502/503, timeouts, resets); retry, or read the local "
                        "outputs/ and reports/ instead.",
         "evidence": "9 calls, 4 ok (44%), four different errors"},
        {"id": "j64-p5", "kind": "playbook", "ability": "shell.run", "anchor": "eval.py",
         "sequence": ["shell.run", "fs.read_file", "fs.write_file"],
         "description": "Evaluating a checkpoint: `uv run python eval.py ckpt=<ckpt> split=test`, read "
                        "outputs/eval/<run>/metrics.json, write reports/evals/<date>-<run>.md.",
         "evidence": "same 3-call segment in s2 (r34-1103), s4 (unet_convnext_t-1110), s5 (the fine-tune)"},
    ],
    "queries": [
        {"q": "get the 2023 tiles onto this machine, I want to compare years", "planted_id": "j64-p1"},
        {"q": "someone pushed new masks, sync the data with the remote", "planted_id": "j64-p1"},
        {"q": "baixa os dados novos de validação pra essa máquina, por favor", "planted_id": "j64-p1"},
        {"q": "kick off the full 50-epoch segformer_b2 training run", "planted_id": "j64-p2"},
        {"q": "retrain dlv3p_r50 with seed 11, full schedule, and ping me when it's past epoch 5", "planted_id": "j64-p2"},
        {"q": "Запусти повне навчання unet_convnext_t з lr 2e-4", "planted_id": "j64-p2"},
        {"q": "make an experiment config for unet with an efficientnet-b3 encoder and check it starts", "planted_id": "j64-p3"},
        {"q": "new config: segformer b0, lr 1e-4, 20 epochs. smoke test + commit", "planted_id": "j64-p3"},
        {"q": "I'd like to try Mask2Former with a Swin-T backbone next week. Can you set up the experiment yaml so it's ready "
              "to go, nothing fancy, same data as the convnext run?", "planted_id": "j64-p3"},
        {"q": "pull the val/miou curve for the fine-tune run from wandb", "planted_id": "j64-p4"},
        {"q": "is the W&B server reachable? the dashboard won't load for me", "planted_id": "j64-p4"},
        {"q": "compare the last three runs' loss curves on wandb", "planted_id": "j64-p4"},
        {"q": "evaluate checkpoints/dlv3p_r50-1111/best.ckpt on test and write the report", "planted_id": "j64-p5"},
        {"q": "how did the segformer run do on the test split? write it up", "planted_id": "j64-p5"},
        {"q": "avalia o checkpoint novo e escreve o relatório como sempre", "planted_id": "j64-p5"},
    ],
    "negatives": [
        "explain which stages dvc.yaml defines, don't run anything",
        "write a docstring for train.py's main() explaining the Hydra overrides we use",
        "move the W&B project and entity names into configs/logger/wandb.yaml",
        "add a dice loss option next to the cross-entropy",
        "type hints for src/kestrel/data/tiles.py please",
        "the README install section still says pip install -e ., switch it to uv",
        "rename the `kestrel` logger to `kestrel.seg` everywhere",
        "what's a sensible learning-rate warmup for AdamW on a 40-epoch run? just advice",
    ],
    "notes": [
        "Sessions: s1/s6 Noor, s2 Mateus (Portuguese), s3 Olena (Ukrainian), s4/s5 Ben (terse).",
        "The dvc pitfall happens under 'pull the 2025 tiles', 'masks for 2024', 'val tiles' and a plain 'latest data'.",
        "j64-p2's program `uv` also runs pytest, ruff, eval.py and the smoke tests; only full training needs GPU 1.",
        "j64-p3 and j64-p5 both involve fs.write_file and shell.run, in different orders.",
        "shell.run as a whole: 23 of 31 ok (74%). Ability-level http.get is below 70% only because of the W&B host "
        "(one other host, 1 call).",
        "Negatives 1-3 are traps: dvc.yaml explained, train.py documented, W&B config moved without calling the server.",
    ],
}
