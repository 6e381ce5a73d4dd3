"""Queries and negatives, written in a separate pass from the runbook entries only (not from the events).
Combines them with planted_N.json into journal-N.truth.json."""
import json

Q = {
 '23': [
  ("RUST-190: local builds take 12 minutes, set up a shared compile cache", 'j23-p1'),
  ("enable the compiler cache wrapper before the full workspace build", 'j23-p1'),
  ("how do we usually get sccache stats in the dev container?", 'j23-p1'),
  ("RUST-193: workspace tests won't compile the store crate on a laptop with no database", 'j23-p2'),
  ("run the full cargo test suite for the workspace before opening the PR", 'j23-p2'),
  ("Wie lassen wir die Workspace-Tests mit cargo laufen, wenn keine Datenbank da ist?", 'j23-p2'),
  ("RUST-195: enable serde derives for the generated types in the proto crate's build script", 'j23-p3'),
  ("patch build.rs to add a type_attribute for serde", 'j23-p3'),
  ("anything to watch out for when changing the tonic-build config in buld.rs?", 'j23-p3'),
  ("REL-1.0.0: cut the 1.0.0 release", 'j23-p4'),
  ("draft release notes and update the changelog for v0.9.3", 'j23-p4'),
  ("Comment prépare-t-on d'habitude le CHANGELOG et les notes de version avant un tag ?", 'j23-p4'),
  ("RUST-197: look up the reqwest ClientBuilder API docs online", 'j23-p5'),
  ("fetch the crate documentation page for serde_with from docs.rs", 'j23-p5'),
  ("is it reliable to read crate docs on docs.rs from the office network?", 'j23-p5'),
 ],
 '24': [
  ("INFRA-370: show the monthly cost impact of the new NAT gateways in the PR", 'j24-p1'),
  ("run the cost estimation tool on envs/prod", 'j24-p1'),
  ("¿Cómo sacamos normalmente la estimación de costes de un cambio de terraform?", 'j24-p1'),
  ("INFRA-372: find out which resources are tracked in the staging state", 'j24-p2'),
  ("open the prod state file to check the RDS instance attributes", 'j24-p2'),
  ("where do I look at the terraform state locally?", 'j24-p2'),
  ("INFRA-375: list the objects in the state bucket for prod", 'j24-p3'),
  ("use the aws cli to check the bucket lifecycle configuration", 'j24-p3'),
  ("Como a gente costuma autenticar o aws cli antes de mexer no bucket de state?", 'j24-p3'),
  ("INFRA-378: new terraform module for the ElastiCache redis cluster", 'j24-p4'),
  ("scaffold modules/waf/main.tf and format it", 'j24-p4'),
  ("what's our usual routine for starting a new modul?", 'j24-p4'),
  ("INFRA-380: download provider checksums for the lock file mirror", 'j24-p5'),
  ("fetch the index.json for the tls provider from hashicorp releases", 'j24-p5'),
  ("HashiCorpのリリースサイトからプロバイダを取得するのは安定していますか?", 'j24-p5'),
 ],
 '25': [
  ("GO-250: manually poke the GetOrder endpoint on staging", 'j25-p1'),
  ("list the services the local gRPC server exposes with grpcurl", 'j25-p1'),
  ("how do you usually call an RPC by hand against orders-svc?", 'j25-p1'),
  ("GO-252: regnerate Go stubs after pulling the new proto", 'j25-p2'),
  ("run buf generate in the fresh devcontainer", 'j25-p2'),
  ("新容器里用 buf 生成 protobuf 的 Go 代码要注意什么?", 'j25-p2'),
  ("GO-255: store integration tests need a local postgres", 'j25-p3'),
  ("bring up the compose postgres service before the integration tests", 'j25-p3'),
  ("why does docker compose up for postgres keep failing on my machine?", 'j25-p3'),
  ("GO-258: add a shipping_address field to Order", 'j25-p4'),
  ("change the orders.proto and regenerate, then stage the generated code", 'j25-p4'),
  ("proto에 API 필드를 추가할 때 보통 어떤 순서로 작업하나요?", 'j25-p4'),
  ("GO-260: commit the refactor of the pricing package", 'j25-p5'),
  ("commit the changes with a conventional commit message", 'j25-p5'),
  ("do commits usually go through on the first try here, or do the hooks block them?", 'j25-p5'),
 ],
 '26': [
  ("DS-120: re-execute the EDA notebook on the December snapshot", 'j26-p1'),
  ("run notebooks/05_drift.ipynb headless to regenerate the html report", 'j26-p1'),
  ("Как у нас обычно запускают Jupyter-ноутбуки без интерфейса на сервере?", 'j26-p1'),
  ("DS-122: add unit tests for the new tenure buckets", 'j26-p2'),
  ("run the pytest suite for the features module", 'j26-p2'),
  ("tests blow up before a single one runs in a fresh venv, what do we usually do?", 'j26-p2'),
  ("DS-125: try max_depth 8 for the xgb model", 'j26-p3'),
  ("change the hyperparamters in params.yaml, rerun the pipeline, then commit the experiment", 'j26-p3'),
  ("Quelle est la procédure habituelle pour lancer une nouvelle expérience avec d'autres hyperparamètres ?", 'j26-p3'),
  ("DS-127: is the pipeline up to date after the data refresh?", 'j26-p4'),
  ("check which dvc stage is stale before rebuilding", 'j26-p4'),
  ("how do you figure out which stage needs to rerun?", 'j26-p4'),
  ("DS-129: pull the val_auc history of the last run from the tracking server", 'j26-p5'),
  ("query the mlflow API for the latest registered model version", 'j26-p5'),
  ("Ist der MLflow-Server zuverlässig genug, um Metriken automatisch abzufragen?", 'j26-p5'),
 ],
}
NEG = {
 '23': [
  "add a new `metrics` crate to the workspace members list",          # trap: workspace / Cargo
  "RUST-201: write doc comments for the public API of the cursor module",  # trap: docs
  "update the release checklist wiki page with the new on-call rota",  # trap: release
  "book a room for the sprint retro",
  "what's the team's convention for naming feature branches?",
  "set up a Grafana dashboard for ingest lag",
  "RUST-205: reply to the customer asking about the export format in Zendesk",
  "rotate the on-call schedule for next week",
 ],
 '24': [
  "INFRA-390: agree the spelling of the cost-center tag with finance",  # trap: cost
  "write the module naming conventions into CONTRIBUTING.md",            # trap: module
  "silence the PagerDuty alarm noise about the state lock table",        # trap: state
  "update the team's holiday calendar",
  "INFRA-395: review the Q1 hiring plan for platform",
  "what timezone is the weekly sync in?",
  "order a new YubiKey for the contractor",
  "translate the incident postmortem template into German",
 ],
 '25': [
  "GO-270: write a design doc comparing a REST gateway with grpc-gateway",  # trap: grpc
  "GO-271: explain the Dockerfile's multi-stage build in the wiki",          # trap: docker
  "how many commits did we merge last sprint, for the status report?",      # trap: commit
  "schedule the architecture review meeting",
  "GO-275: update the on-call runbook link in the Slack channel topic",
  "what's the SLA for order confirmation emails?",
  "draft the Q3 OKRs for the orders team",
  "pick a name for the new payments service",
 ],
 '26': [
  "DS-140: write the notebook style guide for the team wiki",        # trap: notebook
  "explain to product what the AUC metric means in plain words",      # trap: metrics / mlflow
  "DS-141: rename the experiment tracking Confluence page",          # trap: experiment
  "plan the team offsite agenda",
  "what's the budget code for conference travel?",
  "DS-145: write interview feedback for the data engineer candidate",
  "set up the VPN on my new laptop",
  "choose a colour palette for the quarterly slides",
 ],
}
NOTES = {
 '23': "Rust cargo workspace. Planted: 1 pitfall (sccache), 2 rules (cargo test -> SQLX_OFFLINE=true; edit build.rs -> re-read, edit), 1 playbook (release prep, 3 sessions), 1 weak link (docs.rs host; http.get as a whole also < 70% because 9 of its 11 calls go there). Noise fix pairs in one session each: rustup, docker compose.",
 '24': "Terraform on AWS. Planted: 2 pitfalls (infracost without API key; reading local terraform.tfstate), 1 rule (aws ExpiredToken -> aws sso login), 1 playbook (new module, 3 sessions), 1 weak link (releases.hashicorp.com host; http.get overall also < 70%). Noise fix pairs in one session each: tflint, terraform validate.",
 '25': "Go gRPC microservice. Planted: 1 pitfall (grpcurl without server reflection), 2 rules (buf generate -> install protoc-gen-go-grpc; docker compose up -> down first), 1 playbook (proto change, 3 sessions), 1 weak link (git.commit ability, 4/10 ok, failed commits never followed by a successful commit in the same session). Noise fix pair in one session: go build -> go mod tidy.",
 '26': "Data science (Jupyter/pandas/DVC/MLflow). Planted: 1 pitfall (jupyter nbconvert --execute kernel death), 1 rule (pytest -> pip install -e .), 2 playbooks (params.yaml experiment; dvc status/dvc.lock staleness check, 3 sessions each), 1 weak link (MLflow tracking host; http.get overall also < 70%). Noise fix pair in one session: dvc push.",
}
for n in Q:
    planted = json.load(open(f'planted_{n}.json'))
    truth = {'planted': planted, 'queries': [{'q': q, 'planted_id': i} for q, i in Q[n]],
             'negatives': NEG[n], 'notes': NOTES[n]}
    with open(f'journal-{n}.truth.json', 'w') as f:
        json.dump(truth, f, ensure_ascii=False, indent=1)
    print(n, len(truth['queries']), 'queries', len(NEG[n]), 'negatives')
