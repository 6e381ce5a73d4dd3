"""Truth for fresh9 journals 35-38: planted lessons, recall queries and negatives (imported by gen_journals.py).

Queries are written as the first line of a commit message, a standup note or a TODO item that a developer
would write just before doing the work the lesson is about; they never describe the lesson or quote error text.
Negatives: the first three are traps that share work words with a lesson that does not apply; the other five are
ordinary tasks of the same project that no lesson is about.
"""

TRUTH = {
    35: {
                "planted": [
            {"id": "j35-p1", "kind": "pitfall", "ability": "fs.read_file", "anchor": ".env",
             "description": "Reading /home/dev/ledger_api/.env always fails with ENOENT: the project has no .env file, "
                            "local settings live in config/dev.exs and config/runtime.exs. 3 failures in s1, s3, s5; "
                            "never fixed (no later successful read of .env)."},
            {"id": "j35-p2", "kind": "pitfall", "ability": "shell.run", "anchor": "psql",
             "description": "psql against the host's Unix socket always fails (connection to server on socket ... "
                            "failed): Postgres runs inside the docker compose service. 4 failures in s2, s4, s6; never "
                            "fixed (no successful psql call)."},
            {"id": "j35-r1", "kind": "rule", "ability": "shell.run", "anchor": "docker",
             "description": "`docker compose up -d db` fails with 'no configuration file provided' because the compose "
                            "file is docker/compose.dev.yml; the fix is `docker compose -f docker/compose.dev.yml up -d "
                            "db`. Failure then fix in s1 and s4."},
            {"id": "j35-b1", "kind": "playbook", "ability": "git.log", "sequence": ["git.log", "fs.edit_file", "git.add", "git.commit"],
             "anchor": "CHANGELOG.md",
             "description": "Cutting a release: git.log (what changed since the last tag) -> fs.edit_file CHANGELOG.md "
                            "(rename Unreleased to the version) -> git.add -> git.commit, between two progress events, "
                            "in s2 (0.14.0), s4 (0.14.1), s6 (0.15.0)."},
            {"id": "j35-w1", "kind": "weak_link", "ability": "http.get", "anchor": "hex.pm",
             "description": "http.get to hex.pm (package API): 10 calls, 6 ok (60%); failures 503, timeout, 502, "
                            "ECONNRESET in s1, s2, s4, s5 (each a different signature, none retried)."},
        ],
        "queries": [
            {"q": "chore: add STRIPE_WEBHOOK_SECRET to the local dev config", "planted_id": "j35-p1"},
            {"q": "standup: today I'm setting up the sandbox API keys for local testing", "planted_id": "j35-p1"},
            {"q": "TODO: figure out where the mailer credentials are configured for dev", "planted_id": "j35-p1"},
            {"q": "debug: count orphaned entries straight in the dev database", "planted_id": "j35-p2"},
            {"q": "standup — going to poke at the ledger_dev tables by hand to check balances", "planted_id": "j35-p2"},
            {"q": "TODO: inspeccionar el esquema de la tabla entries en la base local", "planted_id": "j35-p2"},
            {"q": "standup: new laptop, getting postgres running for the ledger", "planted_id": "j35-r1"},
            {"q": "TODO: restart the dev db container after the postgres upgrade", "planted_id": "j35-r1"},
            {"q": "chore: subir o banco local antes de rodar as migrations", "planted_id": "j35-r1"},
            {"q": "release: 0.16.0", "planted_id": "j35-b1"},
            {"q": "standup: cutting a patch release after lunch", "planted_id": "j35-b1"},
            {"q": "TODO: Release-Notes für 0.15.1 schreiben und taggen", "planted_id": "j35-b1"},
            {"q": "deps: check whether jason and finch have newer versions", "planted_id": "j35-w1"},
            {"q": "TODO: see if there's a newer oban release before we upgrade", "planted_id": "j35-w1"},
            {"q": "chore(deps): bump phoenix_live_dashbaord to latest", "planted_id": "j35-w1"},
        ],
        "negatives": [
            "docs: fix wording of the 0.14.0 entry in CHANGELOG.md",
            "fix: psql-style thousands separators in the CSV export",
            "feat: return the hex-encoded idempotency key in a response header",
            "feat(transfers): reject transfers between accounts in different currencies",
            "test: property tests for Money.split/2",
            "refactor: move the webhook plugs under LedgerWeb.Webhooks",
            "fix(router): return 422 instead of 400 on validation errors",
            "perf: preload account owners in the statement query",
        ],
        "notes": "Project: "
                 "ledger_api — an Elixir/Phoenix JSON API (Ecto/Postgres in docker compose, Oban jobs). "
                 "Noise: one edit_file old_string miss on router.ex fixed at once (s1), one git.commit with nothing "
                 "staged fixed at once (s5), hexdocs.pm reads (all ok). shell.run 79% ok, fs.read_file 83% ok, "
                 "http.get overall 75% ok (only the hex.pm host is weak). Trap negatives: CHANGELOG wording fix is not "
                 "a release; 'psql-style' and 'hex-encoded' only share words with j35-p2 / j35-w1.",
    },
    36: {
                "planted": [
            {"id": "j36-p1", "kind": "pitfall", "ability": "shell.run", "anchor": "inkscape",
             "description": "Converting SVG figures with inkscape fails every time: 'inkscape: command not found' (not "
                            "installed). 3 failures in s2, s3, s5; never fixed."},
            {"id": "j36-r1", "kind": "rule", "ability": "shell.run", "anchor": "biber",
             "description": "`biber thesis` cannot find thesis.bcf because latexmk writes to build/; the fix is `biber "
                            "--input-directory build --output-directory build thesis`. Failure then fix in s1 and s4."},
            {"id": "j36-r2", "kind": "rule", "ability": "fs.read_file", "anchor": "results.tex",
             "description": "Reading chapters/results.tex fails (ENOENT): chapters live under tex/chapters/; the fix is "
                            "reading tex/chapters/results.tex. Failure then fix in s2 and s5."},
            {"id": "j36-b1", "kind": "playbook", "ability": "fs.list_directory", "sequence": ["fs.list_directory", "fs.edit_file", "shell.run"],
             "anchor": "figures",
             "description": "Adding a figure to a chapter: fs.list_directory figures -> fs.edit_file the chapter's .tex "
                            "(\\includegraphics) -> shell.run make thesis, between two progress events, in s1, s3, s6."},
            {"id": "j36-w1", "kind": "weak_link", "ability": "http.get", "anchor": "api.crossref.org",
             "description": "http.get to api.crossref.org (DOI / BibTeX lookups): 11 calls, 7 ok (64%); failures 429, "
                            "timeout, 504, ECONNRESET in s1, s2, s4, s5."},
        ],
        "queries": [
            {"q": "figures: vector export of the updated system diagram", "planted_id": "j36-p1"},
            {"q": "TODO: convert the new SVG sketches to PDF for chapter 4", "planted_id": "j36-p1"},
            {"q": "standup: heute die SVG-Skizzen in PDFs für Kapitel 3 umwandeln", "planted_id": "j36-p1"},
            {"q": "bib: add the three survey papers and refresh the bibliography", "planted_id": "j36-r1"},
            {"q": "TODO: fix the [?] citations showing up in chapter 2", "planted_id": "j36-r1"},
            {"q": "standup: rebuilding the references after wiping the build dir", "planted_id": "j36-r1"},
            {"q": "results: rewrite the 5.3 discussion paragraph", "planted_id": "j36-r2"},
            {"q": "TODO: respond to Sofia's margin notes in the results chapter", "planted_id": "j36-r2"},
            {"q": "résultats : raccourcir la section 5.1 selon les remarques de Sofia", "planted_id": "j36-r2"},
            {"q": "eval: add the throughput-vs-size plot to chapter 6", "planted_id": "j36-b1"},
            {"q": "TODO: put the memory footprint plot into the evaluation chapter", "planted_id": "j36-b1"},
            {"q": "fig: insert the new architecure diagram in the design chapter", "planted_id": "j36-b1"},
            {"q": "bib: pull proper BibTeX for the DOIs in Sofia's reading list", "planted_id": "j36-w1"},
            {"q": "TODO: look up DOIs for the four arXiv preprints that got published", "planted_id": "j36-w1"},
            {"q": "standup: cleaning up references, fetching metadata for the missing DOIs", "planted_id": "j36-w1"},
        ],
        "negatives": [
            "bib: sort references.bib alphabetically by citation key",
            "fig: switch the plotting scripts to a colour-blind-safe palette",
            "doi: make the DOIs in the bibliography clickable with hyperref",
            "abstract: cut it to 300 words for the submission form",
            "acknowledgements: thank the lab and the funding body",
            "typo pass over chapter 1",
            "title page: add the committee members",
            "glossary: add entries for RMI and PGM",
        ],
        "notes": "Project: "
                 "a PhD thesis in LaTeX (Makefile + latexmk with -outdir=build, biber, Python plotting scripts). "
                 "Noise: latexmk/make builds (all ok), python plotting scripts (ok), ctan.org and doi.org reads (ok), "
                 "one glossary edit session. shell.run 79% ok, fs.read_file 80% ok, http.get overall 75% ok. The "
                 "results.tex and biber rules each occur in exactly two sessions (two failures), so neither can be "
                 "read as a pitfall. Traps: sorting the .bib, changing a palette and hyperref DOIs share words with "
                 "j36-r1 / j36-b1 / j36-w1 but need none of them.",
    },
    37: {
                "planted": [
            {"id": "j37-p1", "kind": "pitfall", "ability": "git.commit", "anchor": "gpg",
             "description": "git.commit fails with 'error: gpg failed to sign the data' (signing key locked, the agent "
                            "cannot enter the passphrase). 3 failures in s2, s3, s5; never fixed within those sessions "
                            "(the commits went through on the next day)."},
            {"id": "j37-r1", "kind": "rule", "ability": "shell.run", "anchor": "godot",
             "description": "Running GUT headless on a fresh checkout / new assets fails with 'Failed loading resource "
                            "... Make sure resources have been imported'; the fix is `godot --headless --import` "
                            "first. Failure then fix in s1 and s4."},
            {"id": "j37-b1", "kind": "playbook", "ability": "fs.read_file", "sequence": ["fs.read_file", "fs.write_file", "fs.edit_file", "shell.run"],
             "anchor": "enemies",
             "description": "New enemy type: read scripts/enemies/slime.gd (template) -> write the new enemy script -> "
                            "edit the level .tscn to place it -> run GUT, in s1 (bat), s3 (ghost), s5 (moth)."},
            {"id": "j37-b2", "kind": "playbook", "ability": "git.log", "sequence": ["git.log", "git.diff", "fs.write_file"], "anchor": "devlog",
             "description": "Devlog entry: git.log -> git.diff against the last version tag -> write "
                            "devlog/<date>.md, in s2, s4, s6."},
            {"id": "j37-w1", "kind": "weak_link", "ability": "http.get", "anchor": "godotengine.org",
             "description": "http.get to godotengine.org (asset library API): 10 calls, 6 ok (60%); failures 500, "
                            "timeout, 502, ECONNRESET in s2, s3, s4, s6. docs.godotengine.org is a different host and "
                            "is always ok."},
        ],
        "queries": [
            {"q": "TODO: commit and push the level 5 work before the playtest", "planted_id": "j37-p1"},
            {"q": "standup: first thing, get yesterday's changes committed", "planted_id": "j37-p1"},
            {"q": "TODO: 今日の変更をコミットしておく", "planted_id": "j37-p1"},
            {"q": "standup: fresh checkout on the laptop, running the test suite first", "planted_id": "j37-r1"},
            {"q": "TODO: run GUT after merging Jonas's art branch", "planted_id": "j37-r1"},
            {"q": "test: make sure the suite still passes with the new tileset", "planted_id": "j37-r1"},
            {"q": "enemies: spiked crawler for the cave levels", "planted_id": "j37-b1"},
            {"q": "TODO: add a firefly enemy for level 5", "planted_id": "j37-b1"},
            {"q": "nouvel ennemi : araignée qui tombe du plafond", "planted_id": "j37-b1"},
            {"q": "devlog: week 48 progress post", "planted_id": "j37-b2"},
            {"q": "TODO: write up this week's changes for the itch.io page", "planted_id": "j37-b2"},
            {"q": "standup: writing the devlog entry after lunch", "planted_id": "j37-b2"},
            {"q": "TODO: find an addon for rope physics", "planted_id": "j37-w1"},
            {"q": "deps: check if the dialogue addon supports 4.3 yet", "planted_id": "j37-w1"},
            {"q": "standup: browsing the asset libary for a tilemap autotiler", "planted_id": "j37-w1"},
        ],
        "negatives": [
            "devlog: fix a typo in last week's post",
            "enemies: tweak the slime's jump height",
            "docs: link the Godot class reference from CONTRIBUTING.md",
            "audio: footstep sounds on wooden platforms",
            "ui: controller navigation in the options menu",
            "fix: player clips through one-way platforms",
            "perf: pool the particle nodes for lantern sparks",
            "save: persist collected lanterns between sessions",
        ],
        "notes": "Project: "
                 "lantern_keeper — a 2D platformer in Godot 4.3 / GDScript (GUT tests, gdformat, asset library). "
                 "Noise: GUT runs (ok after import), gdformat, shader/camera/pause-menu edits, exports (ok), "
                 "docs.godotengine.org reads (ok). git.commit 9 ok / 12 (75%), shell.run 100% ok apart from the two "
                 "import failures, http.get overall 75% ok. The commits that failed in s2/s3/s5 succeed at the start "
                 "of the next session, which is not a fix inside the failing session. Traps: a devlog typo fix, tuning "
                 "an existing enemy and linking the class docs share words with j37-b2 / j37-b1 / j37-w1.",
    },
    38: {
                "planted": [
            {"id": "j38-p1", "kind": "pitfall", "ability": "shell.run", "anchor": "nas.lan",
             "description": "ssh root@nas.lan always fails with 'No route to host' (the NAS sits on an unreachable "
                            "VLAN). 4 failures in s1, s3, s6; never fixed."},
            {"id": "j38-r1", "kind": "rule", "ability": "shell.run", "anchor": "terraform",
             "description": "After bumping a provider version `terraform plan` fails with 'Inconsistent dependency lock "
                            "file'; the fix is `terraform init -upgrade` (then plan works). Failure then fix in s2 "
                            "(proxmox) and s5 (cloudflare)."},
            {"id": "j38-b1", "kind": "playbook", "ability": "fs.read_file", "sequence": ["fs.read_file", "fs.edit_file", "shell.run"],
             "anchor": "hosts.ini",
             "description": "Adding a host: read inventory/hosts.ini -> edit it -> `ansible -i inventory/hosts.ini "
                            "<host> -m ping`, in s1 (k3s-w2), s3 (pihole), s5 (printer)."},
            {"id": "j38-w1", "kind": "weak_link", "ability": "http.get", "anchor": "pve.lan",
             "description": "http.get to the Proxmox API at pve.lan:8006: 11 calls, 7 ok (64%); failures timeout, 401 No "
                            "ticket, ECONNREFUSED, 595 in s1, s2, s4, s5 (never retried after a failure)."},
            {"id": "j38-w2", "kind": "weak_link", "ability": "fs.list_directory", "anchor": "list_directory",
             "description": "fs.list_directory as a whole: 9 calls, 5 ok (56%); every listing under the /mnt/nas mount "
                            "fails (ETIMEDOUT, ESTALE, ENOTCONN, EIO) in s3, s4, s5, s6."},
        ],
        "queries": [
            {"q": "TODO: check the ZFS scrub results on the NAS", "planted_id": "j38-p1"},
            {"q": "standup: verifying last night's offsite sync on the storage box", "planted_id": "j38-p1"},
            {"q": "TODO: NAS 디스크 상태 확인하기", "planted_id": "j38-p1"},
            {"q": "chore(tf): bump hashicorp/random to 3.7", "planted_id": "j38-r1"},
            {"q": "TODO: move the proxmox provider to the final 3.0.1 release", "planted_id": "j38-r1"},
            {"q": "standup: updating the cloudflare provider and re-planning the tunnel", "planted_id": "j38-r1"},
            {"q": "inventory: add the new mini-pc as a k3s worker", "planted_id": "j38-b1"},
            {"q": "TODO: onboard the second pi-hole into ansible", "planted_id": "j38-b1"},
            {"q": "inventario: añadir el servidor de backups nuevo", "planted_id": "j38-b1"},
            {"q": "TODO: list VM disk usage on the proxmox node", "planted_id": "j38-w1"},
            {"q": "standup: auditing which VMs still carry old snapshots", "planted_id": "j38-w1"},
            {"q": "monitoring: script that checks proxmox node status through the api", "planted_id": "j38-w1"},
            {"q": "TODO: chekc which restic snapshots exist on the backup share", "planted_id": "j38-w2"},
            {"q": "jellyfin: point the library at the media share", "planted_id": "j38-w2"},
            {"q": "standup: tidying up old ISOs on the storage mount", "planted_id": "j38-w2"},
        ],
        "negatives": [
            "docs: document the ssh key rotation procedure in the runbook",
            "tf: run fmt over all terraform files",
            "docs: network diagram with the NAS and proxmox on VLAN 20",
            "pihole: add adlists for smart-TV telemetry",
            "k3s: cert-manager with the cloudflare DNS challenge",
            "ansible: pin the python interpreter per host group",
            "grafana: dashboard for the UPS battery level",
            "traefik: redirect http to https on all ingresses",
        ],
        "notes": "Project: "
                 "a homelab in Terraform (Proxmox, Cloudflare providers) and Ansible (k3s, pi-hole, patching). "
                 "Noise: terraform plan/apply (ok outside the two lock-file sessions), ansible-lint and playbooks "
                 "(ok), registry.terraform.io / github / longhorn / restic / ansible docs reads (ok). shell.run 75% ok "
                 "(the ssh pitfall and the lock-file failures), http.get overall 76% ok, only pve.lan is weak. "
                 "fs.list_directory is weak as an ability (it has no host). Traps: documenting ssh key rotation, "
                 "terraform fmt and a network diagram share words with j38-p1 / j38-r1 / j38-w1.",
    },
}
