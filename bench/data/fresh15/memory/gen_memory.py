#!/usr/bin/env python3
"""Regenerate journal-54..56.jsonl and their truth files (data inline, standard library only).

54: harborline-infra, a Terraform/AWS infrastructure repo (envs/, modules/, S3+DynamoDB state)
55: trailmix, an Android/Kotlin hiking app built with Gradle (AGP, ktlint, detekt, adb, a Nexus mirror)
56: ferrywake, a Go data pipeline for AIS ship positions (buf/protobuf, sqlc, Kafka, Parquet on an s3fs mount)
"""
import json
import os
import sys

sys.dont_write_bytecode = True
from jlib import E, GA, GC, GD, GL, GS, H, L, R, S, W, build, write

HERE = os.path.dirname(os.path.abspath(__file__))

# ----------------------------------------------------------------------------- journal 54
CHECKOV = "ModuleNotFoundError: No module named 'pkg_resources'\n(raised while importing checkov.common.util.banner)"
LOCK = ("Error: Error acquiring the state lock\n\nError message: ConditionalCheckFailedException: The conditional request failed\n"
        "Lock Info:\n  ID:        6f1c2a9e-0d4b-4c1e-9a7a-3e2f5b8d9c10\n  Path:      harborline-tfstate/prod/terraform.tfstate\n"
        "  Operation: OperationTypePlan\n  Who:       jenkins@ci-runner-3")
TFSTATE = "ENOENT: no such file or directory, open 'envs/prod/terraform.tfstate'"
REG = "https://registry.terraform.io/v1/"
SG = "modules/network/sg_rules.tf"


def sg_rule(name, port, src):
    return E(SG, "  # -- end of ingress rules --",
             '  ingress {\n    description = "%s"\n    from_port   = %d\n    to_port     = %d\n    protocol    = "tcp"\n'
             '    security_groups = [%s]\n  }\n  # -- end of ingress rules --' % (name, port, port, src))


J54 = [
    [  # s1 2026-11-30
        ("add an S3 gateway endpoint in staging so the batch jobs stop paying NAT for S3 traffic", [
            R("envs/staging/main.tf"), R("modules/network/endpoints.tf"),
            H(REG + "modules/terraform-aws-modules/vpc/aws/versions"),
            E("modules/network/endpoints.tf", "# endpoints", 'resource "aws_vpc_endpoint" "s3" {\n  vpc_id       = var.vpc_id\n  service_name = "com.amazonaws.${var.region}.s3"\n  vpc_endpoint_type = "Gateway"\n}'),
            S("terraform fmt -check -recursive modules/network"),
            S("tflint --chdir=modules/network",
              err='1 issue(s) found:\n\nWarning: Missing version constraint for provider "random" in `required_providers` (terraform_required_providers)'),
            E("modules/network/versions.tf", '    aws = { source = "hashicorp/aws", version = "~> 5.70" }',
              '    aws    = { source = "hashicorp/aws", version = "~> 5.70" }\n    random = { source = "hashicorp/random", version = "~> 3.6" }'),
            S("tflint --chdir=modules/network"),
            S("terraform -chdir=envs/staging plan -out=tfplan"),
        ]),
        ("open 8443 from the ALB to the payments service in staging", [
            sg_rule("alb to payments 8443", 8443, "aws_security_group.alb.id"),
            S("terraform -chdir=envs/staging validate"),
            GD(SG), GA(SG),
        ]),
        ("run the checkov scan on modules/network before opening the PR", [
            S("checkov -d modules/network --quiet", err=CHECKOV),
            S("pip show checkov"),
        ]),
        ("commit the endpoint and the 8443 rule", [
            GS(), GA("modules/network/endpoints.tf", "modules/network/versions.tf"), GS(),
            GC("network: S3 gateway endpoint, 8443 from ALB to payments (staging)"), GL(3),
        ]),
    ],
    [  # s2 2026-12-01
        ("the firewall vendor wants the elastic IP of the prod NAT gateway; find it", [
            R("envs/prod/terraform.tfstate", err=TFSTATE),
            S("terraform -chdir=envs/prod state list"),
            S("terraform -chdir=envs/prod state show 'aws_eip.nat[0]'"),
        ]),
        ("produce the prod plan for CHG-2231 (RDS storage autoscaling up to 500 GB)", [
            R("envs/prod/rds.tf"),
            E("envs/prod/rds.tf", "  max_allocated_storage = 200", "  max_allocated_storage = 500"),
            S("terraform -chdir=envs/prod plan -out=tfplan", err=LOCK),
            S("terraform -chdir=envs/prod plan -lock-timeout=5m -out=tfplan"),
            W("changes/CHG-2231-plan.md", "# CHG-2231\n\nPlan: 0 to add, 1 to change, 0 to destroy (aws_db_instance.main max_allocated_storage 200 -> 500).\n"),
        ]),
        ("bump the aws provider to 5.80 in staging", [
            H(REG + "providers/hashicorp/aws/versions"),
            H(REG + "providers/hashicorp/aws/5.80.0", err="HTTP 502 Bad Gateway"),
            E("envs/staging/versions.tf", 'version = "~> 5.70"', 'version = "~> 5.80"'),
            S("terraform -chdir=envs/staging init -upgrade"),
            S("terraform -chdir=envs/staging validate"),
        ]),
        ("commit the RDS change and the provider bump", [
            GS(), GD(staged=True), GA("envs/prod/rds.tf", "envs/staging/versions.tf", "changes/CHG-2231-plan.md"),
            GC("prod: RDS storage autoscaling to 500 GB; staging: aws provider 5.80"), GS(),
        ]),
    ],
    [  # s3 2026-12-02
        ("allow the bastion to reach Redis on 6379 in staging", [
            sg_rule("bastion to redis", 6379, "aws_security_group.bastion.id"),
            S("terraform -chdir=envs/staging validate"),
            GD(SG), GA(SG),
        ]),
        ("scan the new vpc endpoints code with checkov", [
            S("checkov -d modules/network --framework terraform", err=CHECKOV),
            R(".pre-commit-config.yaml"),
        ]),
        ("rename the logs bucket module input from bucket to bucket_name", [
            R("modules/storage/variables.tf"),
            E("modules/storage/variables.tf", 'variable "bucket" {\n  type = string', 'variable "bucket_name" {\n  type = string',
              err="Could not find exact match for edit:\nvariable \"bucket\" {\n  type = string"),
            R("modules/storage/variables.tf"),
            E("modules/storage/variables.tf", 'variable "bucket" {\n  description = "Name of the logs bucket"',
              'variable "bucket_name" {\n  description = "Name of the logs bucket"'),
            E("modules/storage/main.tf", "bucket = var.bucket", "bucket = var.bucket_name"),
            S("terraform fmt -recursive modules/storage"),
            S("terraform -chdir=envs/staging validate"),
        ]),
        ("look up the newest eks module for next week's cluster upgrade", [
            H(REG + "modules/terraform-aws-modules/eks/aws/versions",
              err="ETIMEDOUT: request to registry.terraform.io timed out after 30000 ms"),
            H(REG + "modules/terraform-aws-modules/eks/aws/versions"),
        ]),
        ("commit the bastion rule and the bucket_name rename", [
            GS(), GA("modules/storage/variables.tf", "modules/storage/main.tf"),
            GC("network: bastion to redis 6379; storage: rename bucket -> bucket_name"), GS(),
        ]),
    ],
    [  # s4 2026-12-03
        ("check that deletion protection is on for the prod RDS instance", [
            R("envs/prod/terraform.tfstate", err=TFSTATE),
            S("terraform -chdir=envs/prod state show aws_db_instance.main"),
            H("https://developer.hashicorp.com/terraform/cli/commands/state/show"),
            S("terraform -chdir=envs/prod state list"),
        ]),
        ("plan prod for CHG-2240 (a customer-managed KMS key for the backup vault)", [
            W("envs/prod/kms.tf", 'resource "aws_kms_key" "backup" {\n  description         = "backup vault"\n  enable_key_rotation = true\n}\n'),
            W("envs/prod/kms_outputs.tf", 'output "backup_kms_key_arn" {\n  value = aws_kms_key.backup.arn\n}\n'),
            S("terraform -chdir=envs/prod plan -out=tfplan", err=LOCK),
            S("terraform -chdir=envs/prod plan -lock-timeout=5m -out=tfplan"),
        ]),
        ("check the registry for the latest aws and random providers", [
            H(REG + "providers/hashicorp/aws/versions", err="HTTP 503 Service Unavailable"),
            H(REG + "providers/hashicorp/random/versions", err="ECONNRESET: socket hang up"),
        ]),
        ("write the runbook for rotating the backup KMS key", [
            W("docs/runbooks/kms-rotation.md", "# Rotating the backup KMS key\n\n1. ...\n"),
            R("docs/runbooks/README.md"),
            E("docs/runbooks/README.md", "- [RDS failover](rds-failover.md)", "- [RDS failover](rds-failover.md)\n- [KMS key rotation](kms-rotation.md)"),
        ]),
        ("commit CHG-2240 and the runbook", [
            GS(), GA("envs/prod/kms.tf", "envs/prod/kms_outputs.tf", "docs/runbooks/kms-rotation.md", "docs/runbooks/README.md"),
            GC("prod: KMS key for the backup vault (CHG-2240); runbook"), GL(2), GS(),
        ]),
    ],
    [  # s5 2026-12-04
        ("run checkov over modules/iam before the access review", [
            S("checkov -d modules/iam --quiet", err=CHECKOV),
            S("checkov -d modules/iam --quiet --skip-download", err=CHECKOV),
            S("python3 -c 'import setuptools; print(setuptools.__version__)'"),
        ]),
        ("add a read-only role for the external auditors", [
            R("modules/iam/roles.tf"),
            W("modules/iam/auditor.tf", 'resource "aws_iam_role" "auditor" {\n  name = "external-auditor-readonly"\n}\n'),
            S("terraform -chdir=envs/prod validate"),
            GD("modules/iam/auditor.tf"),
        ]),
        ("pin the terraform-aws-modules/iam version in prod", [
            H(REG + "modules/terraform-aws-modules/iam/aws/versions"),
            E("envs/prod/main.tf", 'source  = "terraform-aws-modules/iam/aws"\n  version = "~> 5.0"',
              'source  = "terraform-aws-modules/iam/aws"\n  version = "5.48.0"'),
        ]),
        ("commit the auditor role", [
            GS(),
            GC("iam: read-only auditor role; pin iam module 5.48.0",
               err='no changes added to commit (use "git add" and/or "git commit -a")'),
            GA("modules/iam/auditor.tf", "envs/prod/main.tf"),
            GC("iam: read-only auditor role; pin iam module 5.48.0"), GS(),
        ]),
    ],
    [  # s6 2026-12-05
        ("how much allocated storage does prod have for the RDS volume right now?", [
            R("envs/prod/terraform.tfstate", err=TFSTATE),
            S("terraform -chdir=envs/prod state show aws_db_instance.main"),
            S("terraform -chdir=envs/prod output -json"),
        ]),
        ("open 9090 from the monitoring subnet to the node exporters in staging", [
            sg_rule("prometheus scrape 9090", 9090, "aws_security_group.monitoring.id"),
            S("terraform -chdir=envs/staging validate"),
            GD(SG), GA(SG),
        ]),
        ("add a cost_center variable to modules/storage and pass it from staging", [
            R("modules/storage/variables.tf"),
            E("modules/storage/variables.tf", "# -- end of variables --", 'variable "cost_center" {\n  type = string\n}\n# -- end of variables --'),
            E("modules/storage/main.tf", "tags = local.tags", "tags = merge(local.tags, { CostCenter = var.cost_center })"),
            S("terraform -chdir=envs/staging validate",
              err='Error: Reference to undeclared input variable\n\n  on storage.tf line 7, in module "logs":\n   7:   cost_center = var.cost_centre'),
            E("envs/staging/storage.tf", "cost_center = var.cost_centre", 'cost_center = "platform"'),
            S("terraform -chdir=envs/staging validate"),
            S("terraform -chdir=envs/staging plan -out=tfplan"),
        ]),
        ("check the newest version of the s3-bucket module", [
            H(REG + "modules/terraform-aws-modules/s3-bucket/aws/versions", err="TLS handshake timeout"),
        ]),
        ("commit the 9090 rule and cost_center", [
            GS(), GA("modules/storage/variables.tf", "modules/storage/main.tf", "envs/staging/storage.tf"),
            GC("network: 9090 for node exporters; storage: cost_center tag"), GS(),
        ]),
    ],
]

# ----------------------------------------------------------------------------- journal 55
ADB = "adb: no devices/emulators found"
JDK = "BUG! exception in phase 'semantic analysis' in source unit '_BuildScript_' Unsupported class file major version 65"
NX = "https://maven.trailmix.internal/repository/maven-public/"
EN = "app/src/main/res/values/strings.xml"
DE = "app/src/main/res/values-de/strings.xml"
KTS = "app/build.gradle.kts"
SRC = "app/src/main/java/dev/trailmix/"


def de_string(key, text):
    return E(DE, "</resources>", '    <string name="%s">%s</string>\n</resources>' % (key, text))


def bump(old, new, name):
    return E(KTS, 'versionCode = %d\n        versionName = "%s"' % (old[0], old[1]),
             'versionCode = %d\n        versionName = "%s"' % (new[0], new[1]))


J55 = [
    [  # s1 2026-11-23
        ("add an offline-save button to the trail detail screen", [
            R(SRC + "trail/TrailDetailScreen.kt"),
            E(SRC + "trail/TrailDetailScreen.kt", "        TrailHeader(trail)", "        TrailHeader(trail)\n        OfflineSaveButton(trail.id)"),
            W(SRC + "trail/OfflineSaveButton.kt", "package dev.trailmix.trail\n\n@Composable\nfun OfflineSaveButton(id: TrailId) { /* ... */ }\n"),
            S("./gradlew :app:compileDebugKotlin"),
            S("./gradlew ktlintCheck", err="> Task :app:ktlintMainSourceSetCheck FAILED\nOfflineSaveButton.kt:3:1 Wildcard import (standard:no-wildcard-imports)"),
            S("./gradlew ktlintFormat"),
            S("./gradlew :app:testDebugUnitTest"),
        ]),
        ("German string for the offline-save button", [
            R(EN), de_string("trail_save_offline", "Offline speichern"), S("./gradlew :app:lintDebug"), GA(DE),
        ]),
        ("put the debug build on the emulator to look at the button", [
            S("./gradlew :app:assembleDebug"),
            S("adb install -r app/build/outputs/apk/debug/app-debug.apk", err=ADB),
            S("emulator -list-avds"),
        ]),
        ("is coil 3.0.4 on our maven mirror yet?", [
            H(NX + "io/coil-kt/coil3/coil-compose/maven-metadata.xml"),
            H(NX + "io/coil-kt/coil3/coil-network-okhttp/maven-metadata.xml", err="HTTP 504 Gateway Time-out"),
        ]),
        ("commit the offline-save button", [
            GS(), GA(SRC + "trail/TrailDetailScreen.kt", SRC + "trail/OfflineSaveButton.kt", EN), GC("trail: offline-save button"), GS(),
        ]),
    ],
    [  # s2 2026-11-24
        ("build the debug APK after the AGP 8.7 bump", [
            S("./gradlew --version"),
            S("./gradlew :app:assembleDebug", err=JDK),
            S("JAVA_HOME=/usr/lib/jvm/temurin-17 ./gradlew :app:assembleDebug"),
        ]),
        ("release 3.4.0: bump the version and build the Play bundle", [
            bump((339, "3.3.2"), (340, "3.4.0"), "3.4.0"), S("JAVA_HOME=/usr/lib/jvm/temurin-17 ./gradlew :app:bundleRelease"),
            GA(KTS), GC("release: 3.4.0 (340)"),
        ]),
        ("does the mirror have room 2.7.0?", [
            H(NX + "androidx/room/room-runtime/maven-metadata.xml", err="ECONNREFUSED 10.20.0.14:8081"),
            H("https://developer.android.com/jetpack/androidx/releases/room"),
        ]),
        ("fix the distance formatter test that rounds the wrong way", [
            R("app/src/test/java/dev/trailmix/format/TrailDistanceFormatterTest.kt"),
            S("JAVA_HOME=/usr/lib/jvm/temurin-17 ./gradlew :app:testDebugUnitTest",
              err="TrailDistanceFormatterTest > formatsHalfMilesUp FAILED\n    org.junit.ComparisonFailure: expected:<1.[5] mi> but was:<1.[4] mi>"),
            E(SRC + "format/TrailDistanceFormatter.kt", "RoundingMode.HALF_EVEN", "RoundingMode.HALF_UP"),
            S("JAVA_HOME=/usr/lib/jvm/temurin-17 ./gradlew :app:testDebugUnitTest"),
            S("JAVA_HOME=/usr/lib/jvm/temurin-17 ./gradlew :app:assembleDebug"),
        ]),
        ("commit the rounding fix", [
            GS(), GA(SRC + "format/TrailDistanceFormatter.kt"), GC("format: round distances half-up"), GL(3), GS(),
        ]),
    ],
    [  # s3 2026-11-25
        ("German translation for the 'Trail closed' banner", [
            R(EN), de_string("trail_closed_banner", "Weg gesperrt"), S("./gradlew :app:lintDebug"), GA(DE),
        ]),
        ("sideload the QA build on the test phone and check the trailmix://trail/42 deep link", [
            S("adb install -r app/build/outputs/apk/qa/app-qa.apk", err=ADB),
            S("emulator -list-avds"),
            R("docs/testing.md"),
        ]),
        ("add the elevation chart under the trail header", [
            R(SRC + "trail/TrailDetailScreen.kt"),
            E(SRC + "trail/TrailDetailScreen.kt", "        TrailHeader(trail)\n        TrailStats(trail)", "        TrailHeader(trail)\n        ElevationChart(trail.profile)\n        TrailStats(trail)",
              err="Could not find exact match for edit:\n        TrailHeader(trail)\n        TrailStats(trail)"),
            R(SRC + "trail/TrailDetailScreen.kt"),
            E(SRC + "trail/TrailDetailScreen.kt", "        OfflineSaveButton(trail.id)", "        OfflineSaveButton(trail.id)\n        ElevationChart(trail.profile)"),
            W(SRC + "trail/ElevationChart.kt", "package dev.trailmix.trail\n\n@Composable\nfun ElevationChart(profile: ElevationProfile) { /* ... */ }\n"),
            S("./gradlew :app:compileDebugKotlin"),
            S("./gradlew :app:testDebugUnitTest"),
        ]),
        ("is okhttp 5.0.0 on the mirror?", [
            H(NX + "com/squareup/okhttp3/okhttp/maven-metadata.xml"),
            H(NX + "com/squareup/okhttp3/okhttp/5.0.0/okhttp-5.0.0.pom", err="HTTP 500 Internal Server Error"),
        ]),
        ("commit the elevation chart", [
            GS(), GA(SRC + "trail/TrailDetailScreen.kt", SRC + "trail/ElevationChart.kt"), GC("trail: elevation chart"), GS(),
        ]),
    ],
    [  # s4 2026-11-26
        ("3.4.1 hotfix bundle for the internal track", [
            bump((340, "3.4.0"), (341, "3.4.1"), "3.4.1"), S("./gradlew :app:bundleRelease"), GA(KTS), GC("release: 3.4.1 (341)"),
        ]),
        ("detekt clean-up in the map module", [
            S("./gradlew :map:detekt", err="> Task :map:detekt FAILED\nLongMethod: The function render is too long (74)"),
            E("map/src/main/java/dev/trailmix/map/MapView.kt", "    fun render(", "    private fun renderMarkers("),
            E("map/src/main/java/dev/trailmix/map/Clusterer.kt", "val radius = 48", "val radius = CLUSTER_RADIUS_DP"),
            S("./gradlew :map:detekt"),
            S("./gradlew :map:testDebugUnitTest"),
        ]),
        ("check the mirror for compose BOM 2024.12.01", [
            H(NX + "androidx/compose/compose-bom/maven-metadata.xml", err="ETIMEDOUT: maven.trailmix.internal timed out after 20000 ms"),
            H(NX + "androidx/compose/compose-bom/maven-metadata.xml"),
        ]),
        ("README build section: say JDK 17", [
            R("README.md"), E("README.md", "Requires JDK 11 or newer.", "Requires JDK 17 (AGP 8.7 does not build on 21 yet)."),
        ]),
        ("commit detekt clean-up and README", [
            GS(), GA("map/src/main/java/dev/trailmix/map/MapView.kt", "map/src/main/java/dev/trailmix/map/Clusterer.kt", "README.md"),
            GC("map: detekt clean-up; README: JDK 17"), GS(),
        ]),
    ],
    [  # s5 2026-11-27
        ("assemble the QA variant for Friday's test session", [
            S("./gradlew --version"),
            S("./gradlew :app:assembleQa", err=JDK),
            S("JAVA_HOME=/usr/lib/jvm/temurin-17 ./gradlew :app:assembleQa"),
        ]),
        ("install the QA build on the emulator and click through onboarding", [
            S("adb install -r app/build/outputs/apk/qa/app-qa.apk", err=ADB),
            S("adb -s emulator-5554 install -r app/build/outputs/apk/qa/app-qa.apk", err="adb: device 'emulator-5554' not found"),
            W("docs/qa/2026-11-27.md", "# QA 2026-11-27\n\nOnboarding walkthrough not done (no device).\n"),
        ]),
        ("mirror check: kotlinx-serialization 1.7.3", [
            H(NX + "org/jetbrains/kotlinx/kotlinx-serialization-json/maven-metadata.xml"),
        ]),
        ("add a unit test for the elevation formatter", [
            W("app/src/test/java/dev/trailmix/format/ElevationFormatterTest.kt", "class ElevationFormatterTest { /* ... */ }\n"),
            S("JAVA_HOME=/usr/lib/jvm/temurin-17 ./gradlew :app:testDebugUnitTest"),
            S("JAVA_HOME=/usr/lib/jvm/temurin-17 ./gradlew :app:lintDebug"),
        ]),
        ("commit the test and the QA note", [
            GS(), GA("app/src/test/java/dev/trailmix/format/ElevationFormatterTest.kt", "docs/qa/2026-11-27.md"), GC("test: elevation formatter"), GS(),
        ]),
    ],
    [  # s6 2026-11-28
        ("cut the 3.5.0 beta bundle", [
            bump((341, "3.4.1"), (350, "3.5.0"), "3.5.0"), S("./gradlew :app:bundleRelease"), GA(KTS), GC("release: 3.5.0 beta (350)"),
        ]),
        ("German string for the empty-state screen", [
            R(EN), de_string("trails_empty_state", "Noch keine Wege gespeichert"), S("./gradlew :app:lintDebug"), GA(DE),
        ]),
        ("does the mirror have play-services-maps 19.0.0?", [
            H(NX + "com/google/android/gms/play-services-maps/maven-metadata.xml", err="HTTP 401 Unauthorized"),
        ]),
        ("ktlint and detekt over everything before the weekend", [
            S("./gradlew ktlintCheck"), S("./gradlew detekt"),
        ]),
        ("wrap up", [GS()]),
    ],
]

# ----------------------------------------------------------------------------- journal 56
RACE = "go: -race requires cgo; enable cgo by setting CGO_ENABLED=1"
SQLC = "error parsing configuration files. sqlc.(yaml|yml) or sqlc.json: file does not exist"
LINT = ('Error: can\'t load config: unsupported version of the configuration: "" '
        "See https://golangci-lint.run/product/migration-guide for migration instructions")
PROTO = "proto/ferrywake/v1/position.proto"
PBGO = "gen/ferrywake/v1/position.pb.go"


def proto_edit(old, new):
    return E(PROTO, old, new)


J56 = [
    [  # s1 2026-11-16
        ("make the decoder worker pool size configurable", [
            R("internal/decode/pool.go"),
            E("internal/decode/pool.go", "const workers = 8", "var workers = envInt(\"FERRYWAKE_DECODE_WORKERS\", 8)"),
            E("cmd/ferrywake/main.go", "decode.Start(ctx, in, out)", "decode.Start(ctx, in, out, cfg.DecodeWorkers)"),
            S("go build ./..."),
            S("go test ./internal/decode/..."),
        ]),
        ("race-test the pool change", [
            S("go test -race ./internal/...", err=RACE),
            S("CGO_ENABLED=1 go test -race ./internal/..."),
            S("CGO_ENABLED=1 go test -race ./cmd/..."),
        ]),
        ("lint before pushing", [
            S("golangci-lint run ./...", err=LINT),
            R(".golangci.yml"),
            H("https://golangci-lint.run/product/migration-guide/"),
        ]),
        ("did yesterday's AIS partition land?", [
            L("/mnt/landing/ais/2026-11-15"),
            L("/mnt/landing/ais/2026-11-16", err="EIO: i/o error, scandir '/mnt/landing/ais/2026-11-16'"),
            S("go run ./cmd/landingcheck --date 2026-11-15"),
        ]),
        ("commit the pool change", [
            GS(), GA("internal/decode/pool.go", "cmd/ferrywake/main.go"), GC("decode: configurable worker pool"), GS(),
        ]),
    ],
    [  # s2 2026-11-17
        ("add a heading field to the Position message", [
            proto_edit("  double cog = 5;", "  double cog = 5;\n  optional uint32 heading = 6;"),
            S("buf generate"), GS(), GA(PROTO, PBGO),
        ]),
        ("regenerate the DB code for the new vessel_tracks query", [
            W("db/queries/vessel_tracks.sql", "-- name: VesselTrack :many\nSELECT * FROM positions WHERE mmsi = $1 ORDER BY ts;\n"),
            S("sqlc generate", err=SQLC),
            S("sqlc generate -f db/sqlc.yaml"),
            S("go build ./..."),
        ]),
        ("fix the static-voyage decoder test", [
            S("go test ./internal/decode/...", err="--- FAIL: TestDecodeStaticVoyage (0.01s)\n    type5_test.go:41: eta month = 13, want 12"),
            R("internal/decode/type5.go"), R("internal/decode/type5_test.go"),
            E("internal/decode/type5.go", "month := int(bits(v, 274, 4)) + 1", "month := int(bits(v, 274, 4))"),
            S("go test ./internal/decode/..."),
            S("go test ./..."),
        ]),
        ("landing check for today", [
            L("/mnt/landing/ais/2026-11-17", err="ENOTCONN: socket is not connected, scandir '/mnt/landing/ais/2026-11-17'"),
        ]),
        ("commit heading, vessel_tracks and the decoder fix", [
            GS(), GA("db/queries/vessel_tracks.sql", "internal/db/vessel_tracks.sql.go", "internal/decode/type5.go"),
            GC("proto: heading; db: vessel_tracks; decode: ETA month off by one"), GS(),
        ]),
    ],
    [  # s3 2026-11-18
        ("lint the sink package before pushing", [
            S("golangci-lint run ./internal/...", err=LINT),
            S("go vet ./...", err="# github.com/ferrywake/ferrywake/internal/sink\ninternal/sink/parquet.go:88:2: unreachable code"),
            E("internal/sink/parquet.go", "\treturn nil\n\tw.Flush()", "\tw.Flush()\n\treturn nil"),
            S("go vet ./..."),
            S("go build ./..."),
        ]),
        ("count the parquet files for 2026-11-17 before the compactor runs", [
            L("/mnt/landing/parquet/2026-11-17"),
            L("/mnt/landing/parquet/2026-11-17/hour=23", err="ETIMEDOUT: connection timed out, scandir '/mnt/landing/parquet/2026-11-17/hour=23'"),
        ]),
        ("dedupe positions on (mmsi, ts) in the sink", [
            R("internal/sink/dedupe.go"),
            E("internal/sink/dedupe.go", "key := p.MMSI", "key := dedupeKey{p.MMSI, p.TS}"),
            W("internal/sink/dedupe_test.go", "package sink\n\nfunc TestDedupeSameTimestamp(t *testing.T) { /* ... */ }\n"),
            S("go test ./internal/sink/..."),
            S("go test -run TestDedupe -count=1 ./internal/sink/..."),
        ]),
        ("commit the sink fixes", [
            GS(), GA("internal/sink/parquet.go", "internal/sink/dedupe.go", "internal/sink/dedupe_test.go"), GC("sink: dedupe on (mmsi, ts); flush before return"), GL(3), GS(),
        ]),
    ],
    [  # s4 2026-11-19
        ("add a source enum (terrestrial / satellite) to the AIS proto", [
            proto_edit("message Position {", "enum Source {\n  SOURCE_UNSPECIFIED = 0;\n  SOURCE_TERRESTRIAL = 1;\n  SOURCE_SATELLITE = 2;\n}\n\nmessage Position {"),
            S("buf generate"), GS(), GA(PROTO, PBGO),
        ]),
        ("race-check the new batcher", [
            W("internal/batch/batcher_test.go", "package batch\n\nfunc TestBatcherConcurrentAdd(t *testing.T) { /* ... */ }\n"),
            E("internal/batch/batcher.go", "b.items = append(b.items, p)", "b.mu.Lock()\n\tb.items = append(b.items, p)\n\tb.mu.Unlock()"),
            S("go test -race ./internal/batch/...", err=RACE),
            S("CGO_ENABLED=1 go test -race ./internal/batch/..."),
            S("go build ./..."),
        ]),
        ("is today's partition there?", [
            L("/mnt/landing/ais/2026-11-19"),
            L("/mnt/landing/ais/2026-11-19/hour=09"),
            S("go run ./cmd/compactor --dry-run --date 2026-11-19"),
        ]),
        ("commit the source enum and the batcher lock", [
            GS(), GA("internal/batch/batcher.go", "internal/batch/batcher_test.go"),
            GC("batch: lock around append; proto: source enum", err="Author identity unknown\n\n*** Please tell me who you are."),
            S("git config user.email dev@ferrywake.io"),
            GC("batch: lock around append; proto: source enum"),
        ]),
    ],
    [  # s5 2026-11-20
        ("regenerate the DB code for the dedupe query", [
            R("db/queries/positions.sql"),
            E("db/queries/positions.sql", "-- name: InsertPosition :exec", "-- name: InsertPosition :exec\n-- ON CONFLICT (mmsi, ts) DO NOTHING"),
            S("sqlc generate", err=SQLC),
            S("sqlc generate -f db/sqlc.yaml"),
            S("go build ./..."),
        ]),
        ("landing: yesterday's AIS files", [
            L("/mnt/landing/ais/2026-11-20", err="EIO: i/o error, scandir '/mnt/landing/ais/2026-11-20'"),
        ]),
        ("add a retry to the kafka producer", [
            R("internal/kafka/producer.go"),
            E("internal/kafka/producer.go", "\treturn p.w.WriteMessages(ctx, msgs...)", "\treturn retry(ctx, 3, func() error { return p.w.WriteMessages(ctx, msgs...) })",
              err="Could not find exact match for edit:\n\treturn p.w.WriteMessages(ctx, msgs...)"),
            R("internal/kafka/producer.go"),
            E("internal/kafka/producer.go", "\terr := p.w.WriteMessages(ctx, msgs...)", "\terr := retry(ctx, 3, func() error { return p.w.WriteMessages(ctx, msgs...) })"),
            S("go test ./internal/kafka/..."),
            S("go vet ./..."),
        ]),
        ("commit the dedupe query and the retry", [
            GS(), GA("db/queries/positions.sql", "internal/db/positions.sql.go", "internal/kafka/producer.go"), GC("db: ignore duplicate positions; kafka: retry writes"), GS(),
        ]),
    ],
    [  # s6 2026-11-21
        ("deprecate the cog field", [
            proto_edit("  double cog = 5;", "  double cog = 5 [deprecated = true];"),
            S("buf generate"), GS(), GA(PROTO, PBGO),
        ]),
        ("static analysis on ./cmd/... before the release PR", [
            S("golangci-lint run ./cmd/...", err=LINT),
            S("golangci-lint run --config .golangci.yml ./cmd/...", err=LINT),
            S("go vet ./..."),
            S("go test ./cmd/..."),
        ]),
        ("landing check for the compactor", [
            L("/mnt/landing/parquet/2026-11-20", err="ENOTCONN: socket is not connected, scandir '/mnt/landing/parquet/2026-11-20'"),
            L("/mnt/landing/ais/2026-11-21"),
        ]),
        ("changelog for 0.9.0", [
            GL(20), E("CHANGELOG.md", "## Unreleased", "## 0.9.0 (2026-11-21)"), S("go build ./..."), GA("CHANGELOG.md"), GC("release: 0.9.0"),
        ]),
    ],
]

JOURNALS = {
    54: (["2026-11-30", "2026-12-01", "2026-12-02", "2026-12-03", "2026-12-04", "2026-12-05"], J54),
    55: (["2026-11-23", "2026-11-24", "2026-11-25", "2026-11-26", "2026-11-27", "2026-11-28"], J55),
    56: (["2026-11-16", "2026-11-17", "2026-11-18", "2026-11-19", "2026-11-20", "2026-11-21"], J56),
}

if __name__ == "__main__":
    import truth
    for n, (days, sessions) in JOURNALS.items():
        ev = build(days, sessions, seed=1500 + n)
        write(os.path.join(HERE, "journal-%d.jsonl" % n), ev)
        with open(os.path.join(HERE, "journal-%d.truth.json" % n), "w", encoding="utf-8") as f:
            json.dump(truth.TRUTH[n], f, ensure_ascii=False, indent=2)
            f.write("\n")
        print("journal-%d: %d events, last ts %s" % (n, len(ev), ev[-1]["ts"]))
