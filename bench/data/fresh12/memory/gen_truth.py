#!/usr/bin/env python3
"""Regenerates journal-47..50.truth.json byte-for-byte (data inline). Standard library only.
Queries are questions a developer asks before starting work; negatives likewise
(the first three share work words with a lesson that does not apply)."""
import json, os

HERE = os.path.dirname(os.path.abspath(__file__))

def lesson(id_, kind, ability, anchor, description, queries):
    return {"id": id_, "kind": kind, "ability": ability, "anchor": anchor, "description": description}, \
           [{"q": q, "planted_id": id_} for q in queries]

T = {}

T[47] = dict(
    lessons=[
        lesson("j47-p1", "pitfall", "shell.run", "psql",
               "Querying the local PostgreSQL with psql (localhost:5433, user invoicing) always fails password "
               "authentication; it was never fixed. Check data through the integration tests or the API instead, "
               "or ask for the current local password.",
               ["I want to peek at the invoice rows in my local database before I change the schema. Anything I should know first?",
                "Can I just query the local Postgres directly to check that yesterday's migration landed, or is there a catch?",
                "Quero conferir os dados da tabela de clientes no banco local antes de mexer no schema. Tem algum problema conhecido?"]),
        lesson("j47-p2", "pitfall", "fs.read_file", "appsettings.Local.json",
               "Reading src/Invoicing.Api/appsettings.Local.json always fails: the file does not exist in this checkout "
               "(it is a per-developer override). Use appsettings.Development.json.",
               ["Where do the local configuration overrides for the API live, and can you read them?",
                "Before I debug the health check, which settings file holds the values for my machine?",
                "I need to change the connection string for local runs. Is there anything odd about the local settings files?"]),
        lesson("j47-p3", "rule", "shell.run", "dotnet",
               "`dotnet ef migrations add X` from the repository root fails (the startup project lacks "
               "Microsoft.EntityFrameworkCore.Design); it works with --project src/Invoicing.Infrastructure "
               "--startup-project src/Invoicing.Api.",
               ["I need to add a new column to the customers table. How do we generate the EF migration in this solution?",
                "What's the right way to create a database migration here?",
                "Как у нас правильно создать миграцию EF для нового поля в счёте?"]),
        lesson("j47-p4", "playbook", "shell.run", "Directory.Build.props",
               "Releasing the client package: bump <Version> in Directory.Build.props, `dotnet pack src/Invoicing.Client "
               "-c Release -o artifacts`, commit `release: Invoicing.Client X.Y.Z`.",
               ["How do we usually cut a release of the client package?",
                "The pilot customer needs a new version of the client NuGet package today. What are the steps?",
                "whats our process for bumping the client library version and packaging it?"]),
        lesson("j47-p5", "weak_link", "http.get", "sandbox.vatcheck.eu",
               "The VAT validation sandbox (sandbox.vatcheck.eu) fails about half the time (503, 502, timeouts, "
               "connection resets); expect retries or mock it.",
               ["Is the VAT validation sandbox reliable enough to test the customer import against?",
                "I'm going to validate a batch of customer VAT ids this afternoon. Should I expect trouble?",
                "Can our health check depend on the VAT service being up, or is it flaky?"]),
    ],
    negatives=[
        "Where are the EF migrations kept? I just want to read the last one.",
        "Which file holds the production settings for the API?",
        "What version is the client package at right now?",
        "How are amounts rounded on invoice totals?",
        "Why does the PDF footer choose the bank account by country?",
        "Can you explain how the credit note endpoint authorizes requests?",
        "Which tests cover the late fee calculation?",
        "How do I run the code formatter over the whole solution?",
    ],
    notes="Stack: ASP.NET Core 8 invoicing service, EF Core with PostgreSQL, dotnet CLI, a VAT validation sandbox. "
          "Sessions are six working days starting Monday 2026-11-02. Noise failures, each fixed at once in one session: "
          "an fs.edit_file mismatch on InvoiceEndpoints.cs (s3), `docker compose up` port clash fixed with POSTGRES_PORT (s4), "
          "`curl` on the wrong port (s6). The http.get ability as a whole is weak only because of the planted host. "
          "Negatives 1-3 are traps: migrations (p3) but only reading one, settings files (p2) but production, "
          "client package version (p4) but only asking.",
)

T[48] = dict(
    lessons=[
        lesson("j48-p1", "pitfall", "shell.run", "nixos-rebuild",
               "`nixos-rebuild build-vm --flake .#testvm` always fails: this machine lacks the kvm system feature. "
               "Never fixed; use `nix flake check --no-build` locally or a remote builder with kvm.",
               ["Can I boot the module in a VM locally to try the new option?",
                "What's the quickest way to test the NixOS module end to end on my machine?",
                "Voinko ajaa testivirtuaalikoneen omalla koneellani ennen kuin lähetän muutoksen?"]),
        lesson("j48-p2", "rule", "shell.run", "nix",
               "`nix develop` without an attribute fails (the flake has no default devShell); use `nix develop .#ci`.",
               ["How do I get into the development environment for this repo?",
                "I'm setting up on a fresh laptop. How do I enter the dev shell to run the Go tests?",
                "whats the command to get a shell with all the tools for flowctl?"]),
        lesson("j48-p3", "rule", "fs.edit_file", "flake.nix",
               "Edits to flake.nix written from memory do not match (indentation and attribute names differ from "
               "what one expects); read the file first and copy the exact lines.",
               ["I need to change the Go version the flake builds with. Anything to know before editing it?",
                "Can you add a new output to the flake for me?",
                "Πριν αλλάξω το flake.nix για να προσθέσω ένα νέο module, υπάρχει κάτι που πρέπει να ξέρω;"]),
        lesson("j48-p4", "playbook", "shell.run", "flake.lock",
               "Weekly nixpkgs bump: `nix flake update nixpkgs`, look at the flake.lock diff, commit "
               "`flake.lock: update nixpkgs`.",
               ["How do we do the weekly nixpkgs bump?",
                "It's Monday and the pinned inputs are old. What's the routine for updating them?",
                "How should I update nixpkgs and record the change?"]),
        lesson("j48-p5", "weak_link", "http.get", "cache.lab.flowctl.dev",
               "The self-hosted binary cache cache.lab.flowctl.dev answers only about 60% of requests "
               "(502, 503, 504, connect timeouts).",
               ["Can I count on our binary cache having the latest build?",
                "Is the lab cache server behaving these days?",
                "Should the release job pull from our own cache or build everything from source?"]),
    ],
    negatives=[
        "Where is the listen address option of the NixOS module documented?",
        "What does flake.lock pin besides nixpkgs?",
        "How does the package install the shell completions?",
        "How does flowctl parse durations in the config file?",
        "Where does the man page come from?",
        "What does the --json output of flowctl status look like?",
        "Which Go version does go.mod declare?",
        "How do I write a changelog entry for the next release?",
    ],
    notes="Stack: a Nix flake packaging a Go CLI (flowctl) with a NixOS module, named devShells and a self-hosted "
          "binary cache. Sessions are six working days starting Monday 2026-11-09. Noise failures, each fixed at once in "
          "one session: a failing Go test fixed by an edit (s3), a wrong path to the module test file (s5). "
          "The http.get ability as a whole is weak only because of the planted host. Negatives 1-3 are traps: NixOS "
          "module (p1) but documentation, flake.lock (p4) but only reading it, shell (p2) but completions.",
)

T[49] = dict(
    lessons=[
        lesson("j49-p1", "pitfall", "shell.run", "sbatch",
               "Submitting Slurm jobs (`sbatch jobs/*.slurm`) always fails with an invalid account/partition; the "
               "project allocation is not set up. Never fixed; run locally with mpirun or ask HPC support.",
               ["Can I send the long storm-surge run to the cluster tonight?",
                "How do I submit a multi-node job for the estuary case?",
                "Lehet már a klaszteren futtatni a hosszú szimulációt, vagy még mindig van vele gond?"]),
        lesson("j49-p2", "rule", "shell.run", "mpirun",
               "`mpirun -np 8` on the workstation fails (not enough slots); add --oversubscribe.",
               ["I want to compare 4 and 8 ranks on my workstation. How should I launch it?",
                "What's the right way to run the model with more MPI ranks than there are cores here?",
                "how do i run the channel case with 8 procs locally?"]),
        lesson("j49-p3", "playbook", "shell.run", "namelist.nml",
               "Setting up a case: write cases/<case>/namelist.nml, `mpirun -np 4 ./build/tidewave "
               "cases/<case>/namelist.nml`, read cases/<case>/timing.log.",
               ["How do we usually set up and try a new case?",
                "I need a spin-up run for the new bay domain. What's the routine?",
                "Como a gente costuma configurar e rodar um caso novo do modelo?"]),
        lesson("j49-p4", "playbook", "fs.edit_file", "CMakeLists.txt",
               "Adding a Fortran module: write src/<module>.f90, list it in CMakeLists.txt before src/tidewave.f90, "
               "`cmake --build build -j 8`.",
               ["I'm adding a new physics module in Fortran. What else needs touching besides the source file?",
                "How do we add a new source file to the build?",
                "Where do new modules have to be registered so that they get compiled?"]),
        lesson("j49-p5", "weak_link", "http.get", "opendap.marine-data.eu",
               "The OPeNDAP forcing server opendap.marine-data.eu fails about 40% of requests (500, 502, 503, timeouts).",
               ["Is the forcing data server dependable enough to fetch the wind files during case setup?",
                "I need to download bathymetry and river discharge today. Any trouble to expect?",
                "Should we mirror the forcing files locally or keep reading them from the data server?"]),
    ],
    negatives=[
        "How many MPI ranks does the regression test suite use?",
        "What does the timing log report for each step?",
        "Which compiler flags does CMake set for release builds?",
        "How is the width of the sponge layer chosen?",
        "What's the CFL limit for the barotropic time step?",
        "Where is the NetCDF output written, and in which layout?",
        "How does the tidal forcing get interpolated onto the grid?",
        "Who maintains the bathymetry preprocessing scripts?",
    ],
    notes="Stack: a Fortran 2008 coastal ocean model (tidewave) built with CMake and gfortran, OpenMPI on a workstation, "
          "Slurm on a cluster, forcing data over OPeNDAP. Sessions are six working days starting Monday 2026-11-16. "
          "Noise failures, each fixed at once in one session: a compile error fixed by an edit and the same build "
          "command (s3), an fs.edit_file mismatch on io_netcdf.f90 (s6). The http.get ability as a whole is weak only "
          "because of the planted host. Negatives 1-3 are traps: MPI ranks (p2) but the test suite, timing log (p3) but "
          "its meaning, CMake (p4) but compiler flags.",
)

T[50] = dict(
    lessons=[
        lesson("j50-p1", "pitfall", "shell.run", "slither",
               "Slither cannot compile the project (OpenZeppelin imports unresolved: InvalidCompilation, Unknown file); "
               "never fixed. Configure remappings or use solhint and the Hardhat tests.",
               ["Can you run the static analyzer on the vault before the audit?",
                "What's the state of our security tooling before I send the contract to the auditors?",
                "לפני הביקורת, אפשר להריץ ניתוח סטטי על החוזה?"]),
        lesson("j50-p2", "rule", "shell.run", "hardhat",
               "`npx hardhat test` without a network fails (the default network is localhost and no node runs); "
               "use `npx hardhat test --network hardhat`.",
               ["How do I run the contract tests?",
                "I changed the cancel logic. What's the command to run the test suite here?",
                "Как запустить тесты контракта локально?"]),
        lesson("j50-p3", "weak_link", "http.get", "api-sepolia.etherscan.io",
               "The Etherscan Sepolia API (api-sepolia.etherscan.io) fails about half the calls (rate limit without a "
               "key, 502, 503, timeouts).",
               ["Can we rely on the Etherscan API for checking our deployments on Sepolia?",
                "I'm going to verify the source and read events from the testnet explorer. Is it stable?",
                "Is the block explorer API fine to use inside the release script?"]),
        lesson("j50-p4", "weak_link", "git.commit", "commit",
               "Committing in this repository fails often (husky pre-commit with prettier, gpg signing, a stale "
               "index.lock, missing author identity); check hooks and git config first.",
               ["Anything I should know before committing in this repo?",
                "Will the pre-commit setup get in my way when I commit the test changes?",
                "I'm about to commit the cliff changes, any gotchas with how the repo is set up?"]),
        lesson("j50-p5", "playbook", "shell.run", "DEPLOYMENTS.md",
               "Deploying to Sepolia: `npx hardhat ignition deploy ignition/modules/StreamVault.ts --network sepolia`, "
               "read ignition/deployments/chain-11155111/deployed_addresses.json, add the version row to DEPLOYMENTS.md.",
               ["How do we ship a new version of the vault to the testnet?",
                "What's the routine for deploying to Sepolia and keeping a record of it?",
                "Ποια είναι η διαδικασία για να κάνουμε deploy τη νέα έκδοση στο Sepolia;"]),
    ],
    negatives=[
        "Which address is the current Sepolia deployment at?",
        "How is test coverage measured for the contracts?",
        "What does our solhint configuration forbid?",
        "How is the cliff computed relative to the stream start?",
        "Why can only the beneficiary call setRecipient?",
        "Which events does the vault emit?",
        "How much gas does a withdraw cost?",
        "Which OpenZeppelin version do we depend on?",
    ],
    notes="Stack: a Solidity vesting contract (StreamVault) with Hardhat, TypeScript tests, Hardhat Ignition deploys to "
          "Sepolia, husky pre-commit hooks. Sessions are six working days starting Monday 2026-11-23. Noise failures, "
          "each fixed at once in one session: an fs.edit_file mismatch on the test file (s3), a solhint error fixed by "
          "an edit (s4). git.commit failures are retried with the same message (no rule pattern). The http.get ability "
          "as a whole is weak only because of the planted host. Negatives 1-3 are traps: Sepolia deployment (p5) but only "
          "the address, tests (p2) but coverage, linting (p1 area) but solhint rules.",
)

def main():
    for n, t in T.items():
        planted = [l for l, _ in t["lessons"]]
        queries = [q for _, qs in t["lessons"] for q in qs]
        doc = {"planted": planted, "queries": queries, "negatives": t["negatives"], "notes": t["notes"]}
        with open(os.path.join(HERE, "journal-%d.truth.json" % n), "w", encoding="utf-8") as f:
            json.dump(doc, f, ensure_ascii=False, indent=1)
            f.write("\n")
    print("4 truth files")

if __name__ == "__main__":
    main()
