"""Truth for journal-54..56: planted lessons, runbook-step queries, negatives (used by gen_memory.py)."""


def q(pid, *texts):
    return [{"q": t, "planted_id": pid} for t in texts]


TRUTH = {
    54: {
        "project": "harborline-infra: Terraform/AWS infrastructure repo (envs/staging, envs/prod, modules/*), remote state in S3 with DynamoDB locking, Jenkins also plans prod",
        "planted": [
            {"id": "j54-p1", "kind": "pitfall", "ability": "shell.run", "anchor": "checkov",
             "description": "checkov cannot start in this environment: it imports pkg_resources, which the installed setuptools no longer ships. Retrying with other flags (--framework, --skip-download) fails the same way; the scan never ran.",
             "evidence": "4 failures in s1, s3, s5 (two in s5), one signature; no checkov success anywhere"},
            {"id": "j54-p2", "kind": "rule", "ability": "shell.run", "anchor": "terraform",
             "description": "terraform plan in envs/prod fails on the state lock (Jenkins plans prod at the same time); rerun with -lock-timeout=5m and it goes through.",
             "evidence": "fail then fix with -lock-timeout=5m in s2 (CHG-2231) and s4 (CHG-2240)"},
            {"id": "j54-p3", "kind": "playbook", "ability": "fs.edit_file", "anchor": "sg_rules.tf",
             "sequence": ["fs.edit_file", "shell.run", "git.diff", "git.add"],
             "description": "Opening a port between security groups in staging: add an ingress block to modules/network/sg_rules.tf, terraform -chdir=envs/staging validate, git diff the file, stage it.",
             "evidence": "same 4-call segment in s1 (8443), s3 (6379), s6 (9090)"},
            {"id": "j54-p4", "kind": "weak_link", "ability": "http.get", "anchor": "registry.terraform.io",
             "description": "The Terraform registry API is unreliable from this network: 502/503, timeouts, resets and TLS handshake timeouts on version look-ups.",
             "evidence": "9 calls, 4 ok (44%), five different errors"},
            {"id": "j54-p5", "kind": "pitfall", "ability": "fs.read_file", "anchor": "terraform.tfstate",
             "description": "There is no local envs/prod/terraform.tfstate: state is remote (S3). Reading the file fails every time; terraform state show / state list / output is what answered the question.",
             "evidence": "3 failures in s2, s4, s6, one signature; the file is never read successfully"},
        ],
        "queries": (
            q("j54-p1",
              "4. Run the static security scan over modules/ before you open the PR.",
              "Pre-merge checklist: the policy-as-code scan of the new endpoints module must come back clean.",
              "Paso 3: pasa el escáner de seguridad de IaC (checkov) sobre modules/iam antes de pedir revisión.")
            + q("j54-p2",
                "2. Produce a plan for prod and attach it to the change request.",
                "Before the 14:00 apply window: generate the prod plan file and save it as tfplan.",
                "After rebasing on main, plan envs/prod again and paste the summary line into CHG-2250.")
            + q("j54-p3",
                "- [ ] Open port 8443 from the ALB to the orders service security group (staging).",
                "Step 1: allow the VPN subnet to reach Postgres on 5432 in staging.",
                "Schritt 2: Ingress-Regel für Port 9100 (Node Exporter) in der Staging-Security-Group ergänzen.")
            + q("j54-p4",
                "3. Check which version of terraform-aws-modules/vpc is the newest before bumping.",
                "Look up the latest hashicorp/aws provider release so required_providers can be bumped.",
                "chek the registy for the newest eks module version and note it in the upgrade ticket")
            + q("j54-p5",
                "Find out what the current prod state says about the NAT gateway's elastic IP.",
                "5. Confirm the RDS instance in prod has deletion_protection set, according to the current state.",
                "Étape 1 : regarder dans l'état Terraform de prod quel ID a le bucket de logs.")
        ),
        "negatives": [
            "Write a short paragraph for docs/security.md on why we chose checkov over tfsec (no scanning needed).",
            "Explain in the onboarding doc how the state files are laid out, one S3 key per environment.",
            "Add the security-group naming convention to the style guide in docs/style.md.",
            "Draft the December on-call rotation in docs/oncall.md.",
            "Reply to the auditor's question about MFA on the root account.",
            "Add an .editorconfig so HCL files use two-space indentation.",
            "Update the team page with the new platform manager's name.",
            "Write the quarterly cost summary from the numbers finance sent.",
        ],
        "notes": "Queries are runbook/checklist steps (numbered, checkbox, 'Before ...:', 'Step N:'); one es, one de, one fr, one with typos. Negatives 1-3 are traps sharing words with p1 (checkov), p5 (state files) and p3 (security groups) but need no scan, no state and no rule change. Ordinary one-off failures: tflint missing provider constraint (s1, fixed by an edit and a rerun), an edit whose old text did not match (s3), a commit before git add (s5), an undeclared variable in validate (s6).",
    },
    55: {
        "project": "trailmix: Android/Kotlin hiking app (Jetpack Compose, AGP 8.7, Gradle wrapper, ktlint, detekt), dependencies through an internal Nexus mirror",
        "planted": [
            {"id": "j55-p1", "kind": "pitfall", "ability": "shell.run", "anchor": "adb",
             "description": "There is no device or running emulator on this machine: adb install fails every time (also with -s emulator-5554). emulator -list-avds works but nothing was ever started; installing never succeeded.",
             "evidence": "3 failures with one signature in s1, s3, s5 (plus a differently worded one in s5); no adb success anywhere"},
            {"id": "j55-p2", "kind": "rule", "ability": "shell.run", "anchor": "gradlew",
             "description": "./gradlew picks up JDK 21 (class file major version 65) and the build script fails to compile after the AGP 8.7 bump; prefix JAVA_HOME=/usr/lib/jvm/temurin-17 and it builds.",
             "evidence": "fail then fix with the JAVA_HOME prefix in s2 (assembleDebug) and s5 (assembleQa)"},
            {"id": "j55-p3", "kind": "playbook", "ability": "fs.edit_file", "anchor": "strings.xml",
             "sequence": ["fs.read_file", "fs.edit_file", "shell.run", "git.add"],
             "description": "Adding a German UI string: read values/strings.xml for the key, add it to values-de/strings.xml, ./gradlew :app:lintDebug, stage values-de/strings.xml.",
             "evidence": "same 4-call segment in s1, s3, s6"},
            {"id": "j55-p4", "kind": "playbook", "ability": "fs.edit_file", "anchor": "versionCode",
             "sequence": ["fs.edit_file", "shell.run", "git.add", "git.commit"],
             "description": "Cutting a release bundle: bump versionCode/versionName in app/build.gradle.kts, ./gradlew :app:bundleRelease, stage the build file, commit 'release: X.Y.Z (code)'.",
             "evidence": "same 4-call segment in s2 (3.4.0), s4 (3.4.1), s6 (3.5.0)"},
            {"id": "j55-p5", "kind": "weak_link", "ability": "http.get", "anchor": "maven.trailmix.internal",
             "description": "The internal Maven mirror (Nexus) is flaky: gateway timeouts, refused connections, 500s, timeouts and a spurious 401 on metadata look-ups.",
             "evidence": "9 calls, 4 ok (44%), five different errors"},
        ],
        "queries": (
            q("j55-p1",
              "5. Install the debug build on the emulator and click through onboarding.",
              "Sideload the QA build onto the test device and check that the deep link trailmix://trail/42 opens the trail.",
              "Stap 4: zet de debug-APK op de emulator en controleer het splash screen.")
            + q("j55-p2",
                "1. Build the debug APK from a clean checkout.",
                "After the Android Gradle Plugin bump, assemble the app once to make sure it still compiles.",
                "build teh staging variant after pulling main")
            + q("j55-p3",
                "Add the German translation for the new 'Download map' button.",
                "- [ ] New copy for the settings screen: add the string and its German version.",
                "Pas 3: afegeix la traducció alemanya del text 'Trail closed for maintenance'.")
            + q("j55-p4",
                "Release checklist, step 1: bump the version for 3.6.0 and build the bundle for Play.",
                "Prepare the 3.5.1 hotfix AAB for the internal testing track.",
                "Cut this week's beta: new version code, release bundle, commit.")
            + q("j55-p5",
                "Check whether our internal mirror already has okhttp 5.0.1.",
                "3. Confirm the new Room version is available from the company Maven mirror before bumping libs.versions.toml.",
                "see if the nexus mirorr has the latest compose BOM")
        ),
        "negatives": [
            "Write the logcat filtering tips section of the README (text only).",
            "Translate the Play Store listing description into German for the marketing team.",
            "Add the Gradle build scan link to the CI job summary template.",
            "Write the demo script for Thursday's sprint review.",
            "Reply to the designer's question about the dark-mode palette.",
            "Draft the incident note about last night's dip in the crash-free rate.",
            "Add the new contributor to CODEOWNERS.",
            "Update the bug-report issue template with a 'device model' field.",
        ],
        "notes": "Queries are runbook/checklist steps; one nl, one ca, two with typos. Negatives 1-3 are traps: logcat tips share 'debug/device' words with p1, a Play listing translation shares 'German translation' with p3 but is not strings.xml, a build-scan link shares 'Gradle build' with p2. Ordinary one-off failures: ktlint (s1, fixed by ktlintFormat), a failing unit test fixed by an edit (s2), an edit whose old text did not match (s3), detekt (s4, fixed by edits and a rerun).",
    },
    56: {
        "project": "ferrywake: Go data pipeline for AIS ship positions (decoder worker pool, Kafka producer, Parquet sink, compactor), protobuf with buf, sqlc for Postgres, landing bucket mounted with s3fs at /mnt/landing",
        "planted": [
            {"id": "j56-p1", "kind": "rule", "ability": "shell.run", "anchor": "go",
             "description": "go test -race fails because cgo is disabled on this machine; prefix CGO_ENABLED=1 and the race tests run.",
             "evidence": "fail then fix with CGO_ENABLED=1 in s1 (./internal/...) and s4 (./internal/batch/...)"},
            {"id": "j56-p2", "kind": "rule", "ability": "shell.run", "anchor": "sqlc",
             "description": "sqlc generate from the repo root finds no config; the config lives at db/sqlc.yaml, so run sqlc generate -f db/sqlc.yaml.",
             "evidence": "fail then fix with -f db/sqlc.yaml in s2 (vessel_tracks) and s5 (positions dedupe)"},
            {"id": "j56-p3", "kind": "pitfall", "ability": "shell.run", "anchor": "golangci-lint",
             "description": "golangci-lint refuses the repo's .golangci.yml (a v1 config under a v2 binary; the config needs migrating). Passing --config explicitly does not help; lint never ran. go vet was used instead.",
             "evidence": "4 failures in s1, s3, s6 (two in s6), one signature; no golangci-lint success anywhere"},
            {"id": "j56-p4", "kind": "playbook", "ability": "shell.run", "anchor": "buf",
             "sequence": ["fs.edit_file", "shell.run", "git.status", "git.add"],
             "description": "Changing the AIS protobuf: edit proto/ferrywake/v1/position.proto, buf generate, git status to see the regenerated gen/ files, stage the proto and position.pb.go.",
             "evidence": "same 4-call segment in s2 (heading), s4 (source enum), s6 (deprecate cog)"},
            {"id": "j56-p5", "kind": "weak_link", "ability": "fs.list_directory", "anchor": "landing",
             "description": "Listing the s3fs-mounted landing bucket (/mnt/landing/...) is unreliable: EIO, ENOTCONN (transport not connected) and timeouts; about half the listings fail.",
             "evidence": "10 listings, 5 ok (50%); every fs.list_directory call in the journal is on /mnt/landing"},
        ],
        "queries": (
            q("j56-p1",
              "3. Run the race detector over the internal packages before merging the worker-pool change.",
              "Check the new batching code for data races.",
              "Pasul 2: rulează testele cu race detector pe ./internal/... înainte de merge.")
            + q("j56-p2",
                "After adding the vessel_positions query, regenerate the typed database code.",
                "4. Regenerate the Go code for the new dedupe query in db/queries.",
                "regenarate the database query code after the schema chnage")
            + q("j56-p3",
                "Lint the whole module before you push.",
                "- [ ] Static analysis clean on ./internal/... (CI blocks the merge otherwise).",
                "Schritt 5: Linter über das Repo laufen lassen, bevor du den PR aufmachst.")
            + q("j56-p4",
                "Add a `nav_status` field to the Position message and regenerate the stubs.",
                "2. Add a `destination` string to the AIS protobuf schema and regenerate.",
                "Mark the old `sog` field deprecated in the proto and regenerate the Go code.")
            + q("j56-p5",
                "Check that yesterday's AIS files arrived in the landing bucket (partition 2026-11-21).",
                "7. Count how many parquet files landed for today's partition before kicking the compactor.",
                "手順3：landing バケットに昨日の AIS ファイルが届いているか確認する。")
        ),
        "negatives": [
            "Write the concurrency section of the design doc: why the decoder uses a worker pool (prose only).",
            "Document the protobuf versioning policy in CONTRIBUTING.md.",
            "Add a lint status badge to the README.",
            "Reply to the data consumer who asked what the mmsi column means.",
            "Update the Grafana dashboard link in the README.",
            "Add an MMSI entry to docs/glossary.md.",
            "Rename the Kafka topic in the architecture diagram's caption.",
            "Write next week's status update for the harbour authority.",
        ],
        "notes": "Queries are runbook/checklist steps; one ro, one de, one ja, one with typos. Negatives 1-3 are traps sharing words with p1 (concurrency/races), p4 (protobuf) and p3 (lint) that need no test run, no buf and no linter. Ordinary one-off failures: a decoder test fixed by an edit (s2), go vet unreachable code (s3), a commit without a git identity (s4), an edit whose old text did not match (s5).",
    },
}
