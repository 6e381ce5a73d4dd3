"""Journal 33: 'backup-operator', a Kubernetes operator in Python (kopf + pydantic) managing BackupPolicy custom resources, tested on a kind cluster."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from jlib import *

CRD = "config/crd/backuppolicies.yaml"
TOOLONG = ('The CustomResourceDefinition "backuppolicies.ops.example.io" is invalid: metadata.annotations: '
           'Too long: must have at most 262144 bytes')
def RATE(tag, digest):  # tag kept for readability of the data; the daemon does not echo it
    return (f"ERROR: failed to solve: python:3.12-slim: failed to resolve source metadata for docker.io/library/python:3.12-slim: "
            f"failed to copy: httpReadSeeker: failed open: unexpected status code https://registry-1.docker.io/v2/library/python/manifests/sha256:{digest}: "
            f"429 Too Many Requests - Server message: toomanyrequests: You have reached your pull rate limit.")
KOPF = "nohup kopf run --standalone --liveness=http://0.0.0.0:8080/healthz -n backup-demo src/backup_operator/main.py > logs/operator.log 2>&1 &"
EX = "examples/nightly-policy.yaml"
APPLY_EX = f"kubectl apply -f {EX} -n backup-demo"
HZ = "http://127.0.0.1:8080/healthz"
QUAY = "https://quay.io/api/v1/repository/acme/backup-operator/tag/?limit=10&onlyActiveTags=true"

S = {}
S["s1"] = [
    P("set up local dev: kind cluster, install the CRD, get the operator running"),
    L("."), R("pyproject.toml"), SH("pip install -e '.[dev]'", ms=23100),
    SH("kind create cluster --name dev --config hack/kind.yaml", ms=41200),
    P("install the BackupPolicy CRD"),
    SH(f"kubectl apply -f {CRD}", err=TOOLONG, ms=1300), R(CRD),
    SH(f"kubectl apply --server-side -f {CRD}", ms=1500),
    SH("kubectl get crd backuppolicies.ops.example.io", ms=400),
    P("build the operator image and load it into kind"),
    R("Dockerfile"), SH("docker build -t backup-operator:dev .", err=RATE("backup-operator:dev", "4b2c9e1f0a77d3c56e8a9b01f2d4c6e8a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5"), ms=6400),
    P("no image then; run the operator locally against kind"),
    SH("kubectl create namespace backup-demo", ms=300), SH(KOPF, ms=200),
    P("apply the example policy and check the operator is healthy"),
    R(EX), SH(APPLY_EX, ms=900), GET(HZ, ms=12),
    P("which tags are already published?"),
    GET(QUAY, ms=700),
    P("write down the dev setup in the README and commit"),
    E("README.md"), E("hack/kind.yaml"), ADD("README.md", "hack/kind.yaml"), CM("Document local kind setup"),
]
S["s2"] = [
    P("BKP-7: reject BackupPolicy objects with an invalid cron schedule"),
    R("src/backup_operator/handlers.py"), R("src/backup_operator/models.py"), E("src/backup_operator/models.py"),
    W("tests/unit/test_schedule.py"),
    SH("pytest tests/unit -q", err="FAILED tests/unit/test_schedule.py::test_rejects_sixty_minutes - AssertionError: assert None is not None\n1 failed, 23 passed in 1.84s", ms=3900),
    E("src/backup_operator/models.py"), SH("pytest tests/unit -q", ms=3700),
    P("restart the local operator with the change"),
    SH(KOPF, ms=190), GET(QUAY, err="HTTP 502 Bad Gateway", ms=1900),
    P("smoke test: example policy + health endpoint"),
    R(EX), SH(APPLY_EX, ms=850), GET(HZ, ms=10),
    P("commit BKP-7"),
    ST(), DF("src/backup_operator/models.py"), DF("tests/unit/test_schedule.py"), ADD("src", "tests"), CM("BKP-7 validate cron schedule"),
    P("changelog entry for BKP-7"),
    R("CHANGELOG.md"), E("CHANGELOG.md"), ADD("CHANGELOG.md"), CM("changelog: BKP-7"),
]
S["s3"] = [
    P("BKP-9: create one CronJob per BackupPolicy"),
    R("src/backup_operator/handlers.py"), E("src/backup_operator/handlers.py"),
    W("src/backup_operator/cronjob.py"), W("tests/unit/test_cronjob.py"),
    SH("pytest tests/unit -q", ms=4100),
    SH("ruff check src tests", err="src/backup_operator/cronjob.py:14:5: F841 Local variable `ns` is assigned to but never used\nFound 1 error.", ms=600),
    E("src/backup_operator/cronjob.py"), SH("ruff check src tests", ms=550), SH("mypy src", ms=7800),
    P("the operator needs RBAC to manage cronjobs"),
    R("config/rbac/role.yaml"), E("config/rbac/role.yaml"),
    SH("kubectl apply -f config/rbac/role.yaml", err='error: error validating "config/rbac/role.yaml": error validating data: ValidationError(ClusterRole.rules[2]): unknown field "verb" in io.k8s.api.rbac.v1.PolicyRule', ms=700),
    E("config/rbac/role.yaml"), SH("kubectl apply -f config/rbac/role.yaml", ms=650),
    P("try building the image again to test in-cluster"),
    SH("docker build -t backup-operator:dev .", err=RATE("backup-operator:dev", "9d0e1f2a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6"), ms=5900),
    GET(QUAY, err="HTTP 401 UNAUTHORIZED: {\"error\": \"Invalid bearer token format\"}", ms=500),
    GET(QUAY, ms=650),
    P("check it locally instead: restart operator, see the cronjob appear"),
    SH(KOPF, ms=210), SH("kubectl get cronjobs -n backup-demo", ms=420), GET(HZ, ms=11),
    SH("kubectl describe cronjob nightly-backup -n backup-demo", ms=480),
    P("commit BKP-9"),
    ST(), ADD("src", "tests", "config/rbac/role.yaml"), CM("BKP-9 CronJob per BackupPolicy"),
]
S["s4"] = [
    P("BKP-12: add a retention field (days) to the CRD schema"),
    R("src/backup_operator/models.py"), E("src/backup_operator/models.py"),
    SH(f"python hack/gen_crd.py > {CRD}", ms=1200), DF(CRD),
    P("install the updated CRD in kind"),
    SH(f"kubectl apply -f {CRD}", err=TOOLONG, ms=1250),
    SH(f"kubectl apply --server-side --force-conflicts -f {CRD}", ms=1600),
    SH("kubectl explain backuppolicy.spec.retentionDays", ms=700),
    P("tests for retention defaults"),
    W("tests/unit/test_retention.py"), SH("pytest tests/unit -q", ms=4300),
    GET(QUAY, err="ReadTimeout: HTTPSConnectionPool(host='quay.io', port=443): Read timed out. (read timeout=15)", ms=15000),
    GET(QUAY, err="HTTP 429 Too Many Requests: rate limit exceeded for anonymous access", ms=300),
    P("commit BKP-12"),
    ST(), DF(), ADD("src", "tests", CRD), CM("BKP-12 retentionDays in BackupPolicy"),
    P("changelog entry for BKP-12"),
    R("CHANGELOG.md"), E("CHANGELOG.md"), ADD("CHANGELOG.md"), CM("changelog: BKP-12"),
]
S["s5"] = [
    P("cut 0.6.0: build and push the release image"),
    R("pyproject.toml"), E("pyproject.toml"),
    SH("docker build -t quay.io/acme/backup-operator:0.6.0 .", err=RATE("quay.io/acme/backup-operator:0.6.0", "1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c2d"), ms=7100),
    GET(QUAY, ms=600),
    GET("https://quay.io/api/v1/repository/acme/backup-operator", err="SSLError: x509: certificate signed by unknown authority (proxy MITM?)", ms=200),
    P("release blocked on the image; at least smoke test the tagged code locally"),
    SH(KOPF, ms=200), SH("kubectl get pods -A", ms=500),
    P("example policy + health check"),
    R(EX), SH(APPLY_EX, ms=880), GET(HZ, ms=9),
    P("look at recent events for the example policy"),
    SH("kubectl get events -n backup-demo --sort-by=.lastTimestamp", ms=600),
    SH("kubectl get backuppolicy nightly -n backup-demo -o jsonpath='{.status}'", ms=450),
    R("logs/operator.log"),
    P("commit the version bump"),
    DF("pyproject.toml"), ST(), ADD("pyproject.toml"), CM("Release 0.6.0"),
]
S["s6"] = [
    P("BKP-15: report status conditions (Ready, LastBackupSucceeded) on the policy"),
    R("src/backup_operator/handlers.py"), W("src/backup_operator/conditions.py"), E("src/backup_operator/handlers.py"),
    W("tests/unit/test_conditions.py"),
    SH("pytest tests/unit -q", err="FAILED tests/unit/test_conditions.py::test_ready_true_after_first_run - KeyError: 'lastTransitionTime'\n1 failed, 31 passed in 2.02s", ms=4000),
    E("src/backup_operator/conditions.py"), SH("pytest tests/unit -q", ms=3900),
    SH("docker build -t backup-operator:dev .", err=RATE("backup-operator:dev", "7e8f9a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f"), ms=6000),
    GET(QUAY, err="NameResolutionError: Failed to resolve 'quay.io' ([Errno -3] Temporary failure in name resolution)", ms=80),
    P("commit BKP-15"),
    ST(), DF(), DF("tests/unit/test_conditions.py"), ADD("src", "tests"), CM("BKP-15 status conditions"),
    P("changelog entry for BKP-15"),
    R("CHANGELOG.md"), E("CHANGELOG.md"), ADD("CHANGELOG.md"), CM("changelog: BKP-15"),
]

TRUTH = {
  "planted": [
    {"id": "j33-p1", "kind": "pitfall", "ability": "shell.run", "anchor": "docker",
     "description": "Every `docker build` of the operator image fails pulling python:3.12-slim from Docker Hub with 429 toomanyrequests (anonymous pull rate limit); never fixed, the image is never built (s1, s3, s5, s6)."},
    {"id": "j33-p2", "kind": "rule", "ability": "shell.run", "anchor": "backuppolicies.yaml",
     "description": "Client-side `kubectl apply -f config/crd/backuppolicies.yaml` fails: the CRD exceeds the 262144-byte last-applied annotation; `kubectl apply --server-side` works (s1, s4)."},
    {"id": "j33-p3", "kind": "playbook", "ability": "shell.run", "anchor": "nightly-policy.yaml",
     "description": "Smoke test after a change: fs.read_file examples/nightly-policy.yaml -> shell.run `kubectl apply -f examples/nightly-policy.yaml -n backup-demo` -> http.get http://127.0.0.1:8080/healthz (s1, s2, s5)."},
    {"id": "j33-p4", "kind": "playbook", "ability": "fs.edit_file", "anchor": "CHANGELOG.md",
     "description": "Changelog per ticket: fs.read_file CHANGELOG.md -> fs.edit_file CHANGELOG.md -> git.add CHANGELOG.md -> git.commit 'changelog: BKP-N' (s2, s4, s6)."},
    {"id": "j33-p5", "kind": "weak_link", "ability": "http.get", "anchor": "quay.io",
     "description": "http.get to the quay.io API is unreliable, failing a different way each time (502, 401, read timeout, 429, x509 proxy, DNS); 9 calls, 3 ok."},
  ],
  "queries": [
    {"q": "build the operator container image for testing in kind", "planted_id": "j33-p1"},
    {"q": "release 0.7.0: produce and push the image", "planted_id": "j33-p1"},
    {"q": "operator の Docker イメージをビルドしてクラスタに入れる", "planted_id": "j33-p1"},
    {"q": "install the updated BackupPolicy CRD after regenerating the schema", "planted_id": "j33-p2"},
    {"q": "BKP-20 add a 'suspend' flag to the custom resource definition and roll it out to the dev cluster", "planted_id": "j33-p2"},
    {"q": "how do I get the new crd into kind?", "planted_id": "j33-p2"},
    {"q": "smoke test the operator after changing the handlers", "planted_id": "j33-p3"},
    {"q": "verify the reconcile loop still works end to end with the sample policy", "planted_id": "j33-p3"},
    {"q": "probar el operador con la política de ejemplo y ver si está sano", "planted_id": "j33-p3"},
    {"q": "BKP-18 is done, write it up for the next release notes", "planted_id": "j33-p4"},
    {"q": "add an entry to the changelog for the retention fix", "planted_id": "j33-p4"},
    {"q": "what do we do after closing a BKP ticket?", "planted_id": "j33-p4"},
    {"q": "which backup-operator tags are published on the registry?", "planted_id": "j33-p5"},
    {"q": "check whether 0.6.0 image exists in quay", "planted_id": "j33-p5"},
    {"q": "list teh active image tags for acme/backup-operator", "planted_id": "j33-p5"},
  ],
  "negatives": [
    "write a docker-compose file for the docs site preview",
    "delete the old test BackupPolicy objects from the demo namespace",
    "add a section about the CHANGELOG format to CONTRIBUTING.md",
    "add a pydantic validator for the bucket name",
    "write the Grafana dashboard JSON for backup durations",
    "bump ruff and mypy versions in pyproject",
    "document the BackupPolicy fields in the README",
    "explain how kopf handles finalizers on deletion",
  ],
  "notes": "Traps: negative 1 shares 'docker' but needs no image pull/build; 2 shares kubectl/BackupPolicy words but is a delete, not the CRD or smoke test; 3 shares CHANGELOG but edits a different doc. The CRD-apply failure occurs twice (one signature, under pitfall threshold); RBAC/ruff/pytest failures are one-offs fixed by a same-args rerun.",
}

if __name__ == "__main__":
    here = os.path.dirname(os.path.abspath(__file__))
    ev = write(os.path.join(here, "journal-33.jsonl"), S, base_ts=1764522000.0, seed=33)
    write_truth(os.path.join(here, "journal-33.truth.json"), TRUTH)
    print("journal-33:", len(ev), "events")
