"""Journal 127: tollgate-policies, Rego/OPA policies of a freight platform (Kasia, Joost, Priyanka), 2026-11-16 .. 21."""
from jlib import Journal

OPA = "http://opa.stg.tollgate.internal:8181"
PARSE = ("1 error occurred: policies/legacy/ingress_tls.rego:14: rego_parse_error: `if` keyword is required before rule body\n"
         "\tdeny[msg] {\n\t          ^")
REGAL = "bash: line 1: /home/%s/.local/bin/regal: cannot execute binary file: Exec format error"
TF = "conftest test fixtures/tfplan/%s.json -p policies/terraform --data data/exceptions.yaml"


def rule_test(j, example, rule, body, extra):
    j.rd("examples/admission/%s.json" % example)
    j.wr("policies/k8s/%s_test.rego" % rule, body)
    j.sh("opa test policies/k8s -r %s -v" % rule.replace("_cronjob", ""), dur=900 + extra)
    j.gadd("policies/k8s/%s_test.rego" % rule)


def exception(j, old, new, plan):
    j.ed("data/exceptions.yaml", old, new)
    j.sh(TF % plan, dur=1400)
    j.gdiff("data/exceptions.yaml")
    j.gadd("data/exceptions.yaml")


def build(seed=127):
    j = Journal(seed)

    # s1 Mon, Kasia
    j.session("s1", "2026-11-16", 8, 33)
    j.p("[PLAT-405] reguła hostNetwork: odrzucaj pody z hostNetwork: true poza kube-system i monitoring")
    j.rd("policies/k8s/host_network.rego")
    j.ed("policies/k8s/host_network.rego", "deny contains msg if {\n\tinput.request.object.spec.hostNetwork\n",
         "deny contains msg if {\n\tinput.request.object.spec.hostNetwork\n\tnot input.request.namespace in system_namespaces\n")
    j.sh("opa fmt --diff policies/k8s/host_network.rego")
    j.sh("opa test policies/k8s -v", dur=1100)
    j.p("dopisz testy, weź przykład z examples")
    rule_test(j, "pod-hostnetwork", "host_network",
              "package k8s_test\n\nimport data.k8s\n\ntest_host_network_denied if {\n\tsome msg in k8s.deny with input as data.examples.pod_hostnetwork\n}\n", 100)
    j.p("puść regala na policies/k8s")
    j.sh("regal lint policies/k8s", err=REGAL % "kasia")
    j.p("dziwne. ok, CI to złapie. commit")
    j.gadd("policies/k8s/host_network.rego")
    j.gcommit("[PLAT-405] Deny hostNetwork outside system namespaces")
    j.p("czy OPA na stagingu w ogóle żyje?")
    j.get(OPA + "/health")

    # s2 Tue, Joost
    j.session("s2", "2026-11-17", 9, 2)
    j.p("[PLAT-410] alles testen, legacy ook, voor de release van vrijdag")
    j.sh("opa test policies/ -v", err=PARSE)
    j.sh("opa test --v0-compatible policies/ -v", dur=2600)
    j.p("[PLAT-413] billing wil een publieke S3-bucket voor exports. wat zegt conftest nu over hun plan?")
    j.sh("conftest test fixtures/tfplan/billing-exports.json -p policies/terraform",
         err="FAIL - fixtures/tfplan/billing-exports.json - terraform.s3 - bucket \"billing-exports\" must not be public")
    j.p("geef ze 30 dagen, tot 17 december, ticket erbij")
    exception(j, "exceptions:\n", "exceptions:\n  - policy: terraform.s3.public_bucket\n    resource: aws_s3_bucket.billing_exports\n    ticket: PLAT-413\n    expires: 2026-12-17\n", "billing-exports")
    j.p("commit")
    j.gcommit("[PLAT-413] Time-boxed exception for the billing-exports bucket")
    j.p("push")
    j.sh("git push origin main", dur=1800)
    j.p("bundle status op staging?")
    j.get(OPA + "/v1/status", err="HTTP 502 Bad Gateway")
    j.get(OPA + "/v1/status")

    # s3 Wed, Priyanka
    j.session("s3", "2026-11-18", 8, 48)
    j.p("[PLAT-417] new rule: containers should set readOnlyRootFilesystem; warn only for now, no deny")
    j.rd("policies/k8s/lib.rego")
    j.wr("policies/k8s/readonly_rootfs.rego", "package k8s\n\nwarn contains msg if {\n\tsome c in input_containers\n\tnot c.securityContext.readOnlyRootFilesystem\n\tmsg := sprintf(\"container %s: set readOnlyRootFilesystem\", [c.name])\n}\n")
    j.ed("policies/k8s/main.rego", "import data.k8s.rules", "import data.k8s.rules\nimport data.k8s.readonly_rootfs",
         err="old_string not found in policies/k8s/main.rego")
    j.rd("policies/k8s/main.rego")
    j.ed("policies/k8s/main.rego", "warnings := k8s.warn", "warnings := k8s.warn | k8s.readonly_warn")
    j.sh("opa fmt -w policies/k8s/readonly_rootfs.rego")
    j.sh("opa test policies/k8s -v", dur=1200)
    j.p("tests for it, use the web deployment example")
    rule_test(j, "deployment-web", "readonly_rootfs",
              "package k8s_test\n\nimport data.k8s\n\ntest_warns_without_readonly_rootfs if {\n\tcount(k8s.warn) == 1 with input as data.examples.deployment_web\n}\n", 300)
    j.p("regal lint the new file")
    j.sh("regal lint policies/k8s/readonly_rootfs.rego", err=REGAL % "priyanka")
    j.p("ugh, skip. what's under /v1/data/k8s/config on staging?")
    j.get(OPA + "/v1/data/k8s/config", err="timeout after 15000 ms")
    j.get(OPA + "/v1/data/k8s/config")
    j.p("ok. commit")
    j.gst()
    j.gadd("policies/k8s/readonly_rootfs.rego", "policies/k8s/main.rego")
    j.gcommit("[PLAT-417] Warn when readOnlyRootFilesystem is unset")

    # s4 Thu, Kasia
    j.session("s4", "2026-11-19", 9, 25)
    j.p("[PLAT-420] regal ma nową regułę prefer-snake-case, sprawdź ile tego jest")
    j.sh("regal lint --enable prefer-snake-case policies/", err=REGAL % "kasia")
    j.p("trudno. [PLAT-422] data-platform: nieotagowane wolumeny EBS dopuszczalne do 30 listopada")
    exception(j, "exceptions:\n", "exceptions:\n  - policy: terraform.tags.required\n    resource: aws_ebs_volume.*\n    owner: data-platform\n    ticket: PLAT-422\n    expires: 2026-11-30\n", "data-platform")
    j.p("commit")
    j.gcommit("[PLAT-422] Exception for untagged data-platform volumes")
    j.p("ile mamy reguł deny w k8s?")
    j.sh("grep -c '^deny contains' policies/k8s/*.rego")
    j.p("bundle 2026.11.2 już aktywny na stagingu?")
    j.get(OPA + "/v1/status", err="HTTP 503 Service Unavailable")
    j.get(OPA + "/v1/status", err="HTTP 502 Bad Gateway")
    j.p("spróbuj za chwilę jeszcze raz")
    j.get(OPA + "/v1/status")
    j.p("regal jeszcze raz, może chwilowe")
    j.sh("regal lint policies/", err=REGAL % "kasia")

    # s5 Fri, Joost
    j.session("s5", "2026-11-20", 8, 30)
    j.p("release vandaag: eerst de volledige suite")
    j.sh("opa test policies/", err=PARSE)
    j.sh("opa test --v0-compatible policies/", dur=2400)
    j.sh("opa test --v0-compatible policies/ --coverage --format=json > build/coverage.json", dur=3100)
    j.p("[PLAT-424] oude RDS-instantie zonder encryptie: 14 dagen uitzondering")
    exception(j, "exceptions:\n", "exceptions:\n  - policy: terraform.rds.encrypted\n    resource: aws_db_instance.legacy_ledger\n    ticket: PLAT-424\n    expires: 2026-12-04\n", "ledger-rds")
    j.p("bundel bouwen")
    j.sh("opa build --v0-compatible -b policies/ -o build/bundle.tar.gz", dur=2000)
    j.p("staging-OPA gezond?")
    j.get(OPA + "/health", err="connect ECONNREFUSED 10.20.4.8:8181")
    j.get(OPA + "/health")
    j.p("commit, tag release-2026.11.3, push")
    j.gcommit("[PLAT-424] RDS encryption exception; release 2026.11.3")
    j.sh("git tag release-2026.11.3")
    j.sh("git push origin main release-2026.11.3", dur=2000)

    # s6 Sat, Priyanka
    j.session("s6", "2026-11-21", 10, 11)
    j.p("[PLAT-428] registry allowlist must look at CronJobs too, spec.jobTemplate.spec.template path")
    j.rd("policies/k8s/image_registry.rego")
    j.ed("policies/k8s/image_registry.rego", "input_containers contains c if {\n\tsome c in input.request.object.spec.template.spec.containers\n}",
         "input_containers contains c if {\n\tsome c in input.request.object.spec.template.spec.containers\n}\n\ninput_containers contains c if {\n\tsome c in input.request.object.spec.jobTemplate.spec.template.spec.containers\n}")
    j.ed("policies/k8s/image_registry.rego", "# kinds: Deployment, StatefulSet, DaemonSet", "# kinds: Deployment, StatefulSet, DaemonSet, CronJob")
    j.sh("opa fmt --diff policies/k8s/image_registry.rego")
    j.sh("opa test policies/k8s -v", dur=1150)
    j.p("and tests from the cronjob example")
    rule_test(j, "cronjob-report", "image_registry_cronjob",
              "package k8s_test\n\nimport data.k8s\n\ntest_cronjob_foreign_registry_denied if {\n\tsome msg in k8s.deny with input as data.examples.cronjob_report\n}\n", 200)
    j.p("regal before I push")
    j.sh("regal lint policies/k8s/image_registry.rego", err=REGAL % "priyanka")
    j.p("fine. staging: /v1/data/k8s/allowed_registries")
    j.get(OPA + "/v1/data/k8s/allowed_registries", err="timeout after 15000 ms")
    j.p("again")
    j.get(OPA + "/v1/data/k8s/allowed_registries")
    j.p("commit")
    j.gdiff()
    j.gadd("policies/k8s/image_registry.rego")
    j.gadd("policies/k8s/image_registry_cronjob_test.rego")
    j.gcommit("[PLAT-428] Registry allowlist covers CronJobs")
    return j
