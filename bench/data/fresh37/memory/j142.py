"""Journal 142: snowline-nomad, Nomad/Consul jobs of a ski resort (Ingrid, Marco, Saoirse), 2026-11-23 .. 28."""
from jlib import Journal

TOLL = "https://api.tessera-gates.eu/v2"
STG = "NOMAD_ADDR=https://nomad-stg.snowline.internal:4646 NOMAD_CACERT=certs/chalet-ca.pem "
PROD = "NOMAD_ADDR=https://nomad.snowline.internal:4646 NOMAD_CACERT=certs/summit-ca.pem "
CONSUL_ERR = "Error querying Consul agent: Unexpected response code: 403 (ACL not found)"


def plan_err(job):
    return ("Error during job plan: Put \"http://127.0.0.1:4646/v1/job/%s/plan\": dial tcp 127.0.0.1:4646: "
            "connect: connection refused" % job)


ENOENT_GATE = "ENOENT: no such file or directory, open 'jobs/gate-sync.nomad.hcl'"


def build():
    j = Journal(seed=142042, first_day="2026-11-23")

    # s1 Monday, Ingrid
    j.start("s1", 0, 8, 3)
    j.p("hi! our names for things: the chalet = staging nomad (nomad-stg.snowline.internal), the summit = prod "
        "cluster, the cabin = the ops bastion cabin.snowline.internal")
    j.status()
    j.p("SNOW-88 ticket-api memory 256 -> 512, then a plan against the chalet")
    j.rd("jobs/ticket-api.nomad.hcl")
    j.ed("jobs/ticket-api.nomad.hcl", "memory = 256", "memory = 512")
    j.sh("nomad fmt -check jobs/")
    j.sh("nomad job plan jobs/ticket-api.nomad.hcl", plan_err("ticket-api"))
    j.sh(STG + "nomad job plan jobs/ticket-api.nomad.hcl")
    j.p("which nomad cli is on this box?")
    j.sh("nomad version")
    j.p("the tollbooth (api.tessera-gates.eu, gate vendor API) - list of Hornli sector gates pls")
    j.get(TOLL + "/sites/hornli/gates")
    j.get(TOLL + "/sites/hornli/gates?fields=id,name,state")
    j.p("and the piste map side: consul kv under config/pistes/hornli")
    j.sh("consul kv get -recurse config/pistes/hornli", CONSUL_ERR)
    j.p("ok no token on this box then. skip")
    j.p("commit ticket-api")
    j.status()
    j.add("jobs/ticket-api.nomad.hcl")
    j.commit("ticket-api: memory 512 (SNOW-88)")
    j.p("also README has a dead link to the runbook, fix")
    j.rd("README.md")
    j.ed("README.md", "(https://wiki.snowline.internal/ops/runbook)", "(https://wiki.snowline.internal/ops/nomad-runbook)")
    j.rd("README.md")

    # s2 Tuesday, Marco
    j.start("s2", 1, 8, 37)
    j.p("marco. SNOW-91 the snowcat (packer/worker.pkr.hcl, client image template) gets prometheus-node-exporter")
    j.ed("packer/worker.pkr.hcl", "\"curl\", \"jq\"", "\"curl\", \"jq\", \"prometheus-node-exporter\"")
    j.sh("packer validate packer/")
    j.add("packer/worker.pkr.hcl")
    j.commit("image: add node exporter to worker (SNOW-91)")
    j.p("SNOW-93 gondola job = gate-sync, scanner count 3 -> 4 for the new Hornli turnstiles")
    j.rd("jobs/gate-sync.nomad.hcl", ENOENT_GATE)
    j.rd("jobs/gates/gate-sync.nomad.hcl")
    j.ed("jobs/gates/gate-sync.nomad.hcl", "count = 3", "count = 4")
    j.sh("nomad job validate jobs/gates/gate-sync.nomad.hcl")
    j.p("tollbooth: this morning's scans so far")
    j.get(TOLL + "/scans?since=2026-11-24T06:00:00Z", "503 Service Unavailable")
    j.get(TOLL + "/scans?since=2026-11-24T06:00:00Z")
    j.p("commit the gondola one")
    j.commit("gate-sync: 4 scanners for Hornli (SNOW-93)")
    j.p("what did Ingrid change yesterday?")
    j.log(n=8)
    j.p("terraform? no. just tell me which jobs have no update stanza")
    j.sh("grep -L 'update {' jobs/*.nomad.hcl jobs/gates/*.nomad.hcl")
    j.sh("grep -L 'check {' jobs/*.nomad.hcl jobs/gates/*.nomad.hcl")

    # s3 Wednesday, Saoirse
    j.start("s3", 2, 9, 12)
    j.p("saoirse here. snowcat: timezone Europe/Zurich please")
    j.ed("packer/worker.pkr.hcl", "timezone = \"UTC\"", "timezone = \"Europe/Zurich\"")
    j.sh("packer validate packer/")
    j.add("packer/worker.pkr.hcl")
    j.commit("image: Europe/Zurich timezone")
    j.p("is rotstock/open set in the piste map?")
    j.sh("consul kv get config/pistes/rotstock/open", CONSUL_ERR)
    j.p("tollbooth: gate 7 details")
    j.get(TOLL + "/gates/7")
    j.p("lift-status job: canary = 1 in the update stanza")
    j.rd("jobs/lift-status.nomad.hcl")
    j.ed("jobs/lift-status.nomad.hcl", "max_parallel = 1", "max_parallel = 1\n    canary       = 1")
    j.sh("nomad fmt -check jobs/")
    j.sh("nomad job validate jobs/lift-status.nomad.hcl",
         "Error getting job struct: Error parsing job file from jobs/lift-status.nomad.hcl:\n"
         "lift-status.nomad.hcl:24,5-11: Unsupported argument; An argument named \"canary\" is not expected here.")
    j.ed("jobs/lift-status.nomad.hcl", "    canary       = 1\n  }", "  }")
    j.ed("jobs/lift-status.nomad.hcl", "  update {\n    max_parallel = 1", "  update {\n    max_parallel = 1\n    canary = 1")
    j.sh("nomad job validate jobs/lift-status.nomad.hcl")
    j.p("shellcheck the scripts/ folder while you're at it")
    j.sh("shellcheck scripts/*.sh")
    j.p("commit")
    j.add("jobs/lift-status.nomad.hcl")
    j.commit("lift-status: canary deployments")

    # s4 Thursday, Ingrid
    j.start("s4", 3, 8, 19)
    j.p("webshop image 2.14.0, and run the plan on the chalet again")
    j.ed("jobs/webshop.nomad.hcl", "webshop:2.13.2", "webshop:2.14.0")
    j.sh("nomad job plan jobs/webshop.nomad.hcl", plan_err("webshop"))
    j.sh(STG + "nomad job plan jobs/webshop.nomad.hcl")
    j.p("tollbooth - any gates reporting errors?")
    j.get(TOLL + "/gates?state=error", "429 Too Many Requests")
    j.get(TOLL + "/gates?state=error", "429 Too Many Requests")
    j.p("note in docs/access.md that the consul token only exists on the cabin")
    j.rd("docs/access.md")
    j.ed("docs/access.md", "## Consul", "## Consul\n\nThe KV token lives on the cabin only.")
    j.rd("docs/access.md")
    j.p("commit both")
    j.commit("webshop 2.14.0; docs: consul token")
    j.p("the Makefile 'plan' target - does it pass the env? just read it")
    j.rd("Makefile")
    j.p("then run make fmt")
    j.sh("make fmt")

    # s5 Friday, Marco
    j.start("s5", 4, 8, 48)
    j.p("snowcat disk 20G -> 30G, the image ran out of space on the ticket nodes")
    j.ed("packer/worker.pkr.hcl", "disk_size = \"20G\"", "disk_size = \"30G\"")
    j.sh("packer validate packer/")
    j.add("packer/worker.pkr.hcl")
    j.commit("image: 30G disk")
    j.p("piste map: list the keys under hornli")
    j.sh("consul kv get -keys config/pistes/hornli/", CONSUL_ERR)
    j.p("forget it. tollbooth gate 3 heartbeat")
    j.get(TOLL + "/gates/3/heartbeat", "timeout after 20000 ms")
    j.p("summit: which version of ticket-api runs in prod? read only")
    j.sh(PROD + "nomad job status -short ticket-api")
    j.sh(PROD + "nomad job status -short webshop")
    j.p("add a CODEOWNERS line for packer/ (me) and jobs/gates/ (Saoirse)")
    j.rd(".github/CODEOWNERS")
    j.ed(".github/CODEOWNERS", "/jobs/ @snowline/platform", "/jobs/ @snowline/platform\n/jobs/gates/ @saoirse\n/packer/ @marco")
    j.add(".github/CODEOWNERS")
    j.add("docs/access.md")
    j.commit("CODEOWNERS for packer and gates")

    # s6 Saturday, Saoirse
    j.start("s6", 5, 9, 26)
    j.p("gondola job: scanner image 4.2.1 please, vendor fixed the nfc bug")
    j.rd("jobs/gate-sync.nomad.hcl", ENOENT_GATE)
    j.rd("jobs/gates/gate-sync.nomad.hcl")
    j.ed("jobs/gates/gate-sync.nomad.hcl", "tessera/scanner-sync:4.2.0", "tessera/scanner-sync:4.2.1")
    j.ed("jobs/gates/gate-sync.nomad.hcl", "# scanner-sync 4.2.0", "# scanner-sync 4.2.1 (nfc fix)")
    j.p("tollbooth: Jochalp gates, then the Jochalp alarms")
    j.get(TOLL + "/sites/jochalp/gates")
    j.get(TOLL + "/sites/jochalp/alarms", "ECONNRESET: socket hang up")
    j.p("is the summit running gate-sync 4.2.0 too? inspect it there")
    j.sh(PROD + "nomad job inspect gate-sync")
    j.sh(PROD + "nomad job allocs -t '{{len .}}' gate-sync")
    j.p("pre-commit over everything before I commit")
    j.sh("pre-commit run --all-files")
    j.p("log then commit")
    j.log(path="jobs/gates", n=3)
    j.commit("gate-sync: scanner 4.2.1")
    return j
