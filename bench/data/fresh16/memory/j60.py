"""journal-60: kelpfield-platform, a Helm/Kubernetes platform repo: in-house charts (ingress-gw, tenant-quota,
log-shipper), helmfile environments (staging, prod), a kind cluster for smoke tests, kubeconform, Harbor chart repo."""
from jlib import P, sh, rd, wr, ed, ls, gst, gdf, gad, gcm, glg, get

UNAUTH = "error: You must be logged in to the server (Unauthorized)"
KC = ("Error: could not download schema: Get \"https://raw.githubusercontent.com/yannh/kubernetes-json-schema/master/"
      "v1.30.0-standalone-strict/deployment-apps-v1.json\": dial tcp: lookup raw.githubusercontent.com on 10.96.0.10:53: "
      "server misbehaving")
H = "https://harbor.kelpfield.io"
IDX = H + "/chartrepo/platform/index.yaml"
PROD = "environments/prod/values.yaml.gotmpl"
KIND = "kubectl --context kind-kelp "

S1 = [
    P("add proxy timeout annotations to the ingress-gw chart"),
    rd("charts/ingress-gw/values.yaml"),
    ed("charts/ingress-gw/values.yaml", "annotations: {}\n", "annotations: {}\nproxyTimeouts:\n  read: 60s\n  send: 60s\n"),
    ed("charts/ingress-gw/templates/ingress.yaml", "  annotations:\n", "  annotations:\n    gw.kelpfield.io/proxy-read-timeout: {{ .Values.proxyTimeouts.read | quote }}\n"),
    sh("helm template ingress-gw charts/ingress-gw -f charts/ingress-gw/ci/test-values.yaml"),
    P("bump ingress-gw to 1.8.0 and commit"),
    ed("charts/ingress-gw/Chart.yaml", "version: 1.7.4", "version: 1.8.0"),
    sh("helm lint charts/ingress-gw"),
    gad(["charts/ingress-gw/Chart.yaml", "charts/ingress-gw/values.yaml", "charts/ingress-gw/templates/ingress.yaml"]),
    gcm("ingress-gw 1.8.0: proxy timeout annotations"),
    P("try it on the kind cluster"),
    sh("kubectl get pods -n ingress", err=UNAUTH),
    sh("kubectl config get-contexts"),
    sh(KIND + "get pods -n ingress"),
    sh("helm --kube-context kind-kelp upgrade --install ingress-gw charts/ingress-gw -n ingress"),
    P("check the chart repo still has 1.7.x for a rollback"),
    get(IDX, err="502 Bad Gateway"),
    get(IDX),
]

S2 = [
    P("promote cert-manager 1.16 to prod: prod values, the diff, recent history"),
    rd(PROD),
    sh("helmfile -e prod diff --context 3 --selector name=cert-manager"),
    glg(10, "environments/prod"),
    P("validate the rendered cert-manager manifests"),
    sh("helmfile -e prod template --selector name=cert-manager --output-dir /tmp/render-cm"),
    sh("kubeconform -strict -summary /tmp/render-cm", err=KC),
    ls("/tmp/render-cm"),
    rd("/tmp/render-cm/cert-manager/templates/deployment.yaml"),
    P("external-dns txtOwnerId is wrong in staging"),
    rd("environments/staging/values.yaml.gotmpl"),
    ed("environments/staging/values.yaml.gotmpl", "txtOwnerId: kelp-prod", "txtOwnerId: kelp-staging"),
    sh("helmfile -e staging diff --selector name=external-dns"),
    sh("yq '.externalDns.txtOwnerId' environments/staging/values.yaml.gotmpl"),
    gad(["environments/staging/values.yaml.gotmpl"]),
    gcm("staging: external-dns owner id"),
    P("is cert-manager mirrored on harbor yet"),
    get(H + "/api/v2.0/projects/platform/repositories/cert-manager/artifacts"),
    get(IDX, err="timeout after 15000 ms"),
]

S3 = [
    P("tenant-quota: per-team GPU limits"),
    rd("charts/tenant-quota/values.yaml"),
    ed("charts/tenant-quota/values.yaml", "limits:\n  cpu: \"64\"\n", "limits:\n  cpu: \"64\"\n  gpu: 0\n"),
    ed("charts/tenant-quota/templates/resourcequota.yaml", "    limits.cpu:", "    requests.nvidia.com/gpu: {{ .Values.limits.gpu | quote }}\n    limits.cpu:"),
    sh("helm lint charts/tenant-quota",
       err="[ERROR] templates/: template: tenant-quota/templates/resourcequota.yaml:14:38: executing \"tenant-quota/templates/resourcequota.yaml\" at <.Values.limits.gpu>: nil pointer evaluating interface {}.gpu"),
    ed("charts/tenant-quota/ci/test-values.yaml", "limits:\n  cpu: \"8\"\n", "limits:\n  cpu: \"8\"\n  gpu: 1\n"),
    sh("helm template tq charts/tenant-quota -f charts/tenant-quota/ci/test-values.yaml"),
    P("bump tenant-quota to 0.4.0 and commit"),
    ed("charts/tenant-quota/Chart.yaml", "version: 0.3.2", "version: 0.4.0"),
    sh("helm lint charts/tenant-quota"),
    gad(["charts/tenant-quota"]),
    gcm("tenant-quota 0.4.0: gpu limits"),
    P("kubeconform the tenant-quota render"),
    sh("helm template tq charts/tenant-quota --output-dir /tmp/tq"),
    sh("kubeconform -strict -summary /tmp/tq", err=KC),
    P("harbor index for tenant-quota"),
    get(IDX, err="503 Service Unavailable"),
]

S4 = [
    P("roll the log-shipper change into kind and watch the pods"),
    sh("kubectl apply -k deploy/kind/log-shipper", err=UNAUTH),
    sh(KIND + "apply -k deploy/kind/log-shipper"),
    sh(KIND + "-n logging rollout status ds/log-shipper --timeout 120s"),
    P("promote log-shipper to prod: values, diff, history"),
    rd(PROD),
    sh("helmfile -e prod diff --context 3 --selector name=log-shipper"),
    glg(10, "environments/prod"),
    P("harbor check for log-shipper 2.3.1"),
    get(H + "/api/v2.0/projects/platform/repositories/log-shipper/artifacts"),
    get(IDX, err="ECONNRESET: connection reset by peer"),
    P("write the promotion note in docs/promotions.md"),
    rd("docs/promotions.md"),
    ed("docs/promotions.md", "## 2026-11\n", "## 2026-11\n\n- 11-12 log-shipper 2.3.1 to prod (buffer limits)\n\n"),
    gad(["docs/promotions.md"]),
    gcm("docs: log-shipper promotion", err="markdownlint....................................................Failed\n- hook id: markdownlint\ndocs/promotions.md:7 MD012/no-multiple-blanks"),
    ed("docs/promotions.md", "(buffer limits)\n\n\n", "(buffer limits)\n\n"),
    gad(["docs/promotions.md"]),
    gcm("docs: note the log-shipper 2.3.1 promotion"),
]

S5 = [
    P("ingress-gw: HTTP/2 to upstreams by default"),
    rd("charts/ingress-gw/templates/configmap.yaml"),
    ed("charts/ingress-gw/templates/configmap.yaml", "  upstream-protocol: http1", "  upstream-protocol: {{ .Values.upstreamProtocol }}"),
    ed("charts/ingress-gw/values.yaml", "proxyTimeouts:\n", "upstreamProtocol: h2\nproxyTimeouts:\n"),
    sh("helm template ingress-gw charts/ingress-gw -f charts/ingress-gw/ci/test-values.yaml"),
    P("bump ingress-gw to 1.8.1 and commit"),
    ed("charts/ingress-gw/Chart.yaml", "version: 1.8.0", "version: 1.8.1"),
    sh("helm lint charts/ingress-gw"),
    gad(["charts/ingress-gw"]),
    gcm("ingress-gw 1.8.1: h2 upstreams"),
    P("validate the ingress-gw render before review"),
    sh("helm template ingress-gw charts/ingress-gw --output-dir /tmp/igw"),
    sh("kubeconform -strict -summary /tmp/igw", err=KC),
    sh("kubeconform -strict -ignore-missing-schemas -summary /tmp/igw", err=KC),
    P("harbor"),
    get(IDX, err="504 Gateway Timeout"),
    get(IDX),
]

S6 = [
    P("prod promotion of ingress-gw 1.8.1"),
    rd(PROD),
    sh("helmfile -e prod diff --context 3 --selector name=ingress-gw"),
    glg(10, "environments/prod"),
    P("kind smoke test of 1.8.1"),
    sh(KIND + "-n ingress get pods"),
    sh("helm --kube-context kind-kelp upgrade --install ingress-gw charts/ingress-gw -n ingress"),
    sh("curl -sS -o /dev/null -w '%{http_code}' http://localhost:8080/healthz"),
    P("make sure 1.8.1 landed on harbor"),
    get(IDX, err="TLS handshake timeout"),
    get(IDX),
    P("write down the promotion"),
    rd("docs/promotions.md"),
    ed("docs/promotions.md", "## 2026-11\n", "## 2026-11\n\n- 11-14 ingress-gw 1.8.1 to prod (h2 upstreams)\n"),
    rd("CODEOWNERS"),
    gad(["docs/promotions.md"]),
    gcm("docs: ingress-gw 1.8.1 promotion"),
]

SESSIONS = [
    ("s1", "2026-11-09T08:30", S1),
    ("s2", "2026-11-10T09:10", S2),
    ("s3", "2026-11-11T08:45", S3),
    ("s4", "2026-11-12T09:20", S4),
    ("s5", "2026-11-13T08:55", S5),
    ("s6", "2026-11-14T09:30", S6),
]
