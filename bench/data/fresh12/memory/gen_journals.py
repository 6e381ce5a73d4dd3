#!/usr/bin/env python3
"""Regenerates journal-47..50.jsonl byte-for-byte (data inline). Standard library only.

Four stacks: 47 = a .NET invoicing service (dotnet, EF Core, PostgreSQL),
48 = a Nix flake packaging a Go CLI, 49 = a Fortran/MPI coastal ocean model (CMake, Slurm),
50 = a Solidity/Hardhat vesting contract (ethers, Ignition, Sepolia).
Planted lessons are marked in comments; truth files are written by gen_truth.py."""
import datetime, json, os, random

HERE = os.path.dirname(os.path.abspath(__file__))

# ---- tiny DSL -------------------------------------------------------------------------
def P(text):
    return {"kind": "progress", "text": text}

def C(organ, ability, args, err=None):
    e = {"kind": "call", "organ": organ, "ability": ability, "args": args, "ok": err is None}
    if err is not None:
        e["error"] = err
    return e

def R(path, err=None): return C("fs", "read_file", {"path": path}, err)
def W(path, content, err=None): return C("fs", "write_file", {"path": path, "content": content}, err)
def E(path, old, new, err=None): return C("fs", "edit_file", {"path": path, "old_text": old, "new_text": new}, err)
def L(path, err=None): return C("fs", "list_directory", {"path": path}, err)
def SH(cmd, err=None): return C("shell", "run", {"command": cmd}, err)
def GS(): return C("git", "status", {})
def GD(path=None): return C("git", "diff", {"path": path} if path else {})
def GA(*paths): return C("git", "add", {"paths": list(paths)})
def GC(msg, err=None): return C("git", "commit", {"message": msg}, err)
def GL(n=5): return C("git", "log", {"max_count": n})
def H(url, err=None): return C("http", "get", {"url": url}, err)

NOMATCH = "Could not find exact match for edit in file; the old text must match exactly, including whitespace"

# ---- journal 47: .NET invoicing service ---------------------------------------------------
ENOENT_LOCAL = "ENOENT: no such file or directory, open 'src/Invoicing.Api/appsettings.Local.json'"      # j47-p2
PSQL = ('psql: error: connection to server at "localhost" (127.0.0.1), port 5433 failed: '
        'FATAL:  password authentication failed for user "invoicing"')                             # j47-p1
EFDESIGN = ("Your startup project 'Invoicing.Infrastructure' doesn't reference Microsoft.EntityFrameworkCore.Design. "
            "This package is required for the Entity Framework Core Tools to work. Ensure your startup project is "
            "correct, install the package, and try again.")                                          # j47-p3
VAT = "https://sandbox.vatcheck.eu/api/v2/validate?vat="                                             # j47-p5
EF_OK = " --project src/Invoicing.Infrastructure --startup-project src/Invoicing.Api"

J47 = [
 [  # s1 Monday
  P("add a payment reminder date to invoices"),
  R("src/Invoicing.Domain/Invoice.cs"),
  R("src/Invoicing.Api/appsettings.Local.json", ENOENT_LOCAL),                     # j47-p2 #1
  R("src/Invoicing.Api/appsettings.Development.json"),
  E("src/Invoicing.Domain/Invoice.cs", "public DateOnly DueDate { get; set; }",
    "public DateOnly DueDate { get; set; }\n    public DateOnly? ReminderDate { get; set; }"),
  SH("dotnet build Invoicing.sln"),
  P("run the unit tests"),
  SH("dotnet test tests/Invoicing.UnitTests"),
  P("check the VAT sandbox accepts the new test numbers"),
  H(VAT + "DE811907980"),
  H(VAT + "FR40303265045"),
  P("commit the reminder date"),
  GS(),
  GA("src/Invoicing.Domain/Invoice.cs"),
  GC("Invoice: optional reminder date"),
  P("cut release 1.4.0 of the client package"),                                    # j47-p4 #1
  E("Directory.Build.props", "<Version>1.3.2</Version>", "<Version>1.4.0</Version>"),
  SH("dotnet pack src/Invoicing.Client -c Release -o artifacts"),
  GC("release: Invoicing.Client 1.4.0"),
  P("answer Marta's question about the rounding rules"),
  R("src/Invoicing.Domain/Money.cs"),
  P("done for today"),
 ],
 [  # s2 Tuesday
  P("store credit notes next to invoices"),
  R("src/Invoicing.Infrastructure/InvoicingDbContext.cs"),
  W("src/Invoicing.Domain/CreditNote.cs", "public sealed class CreditNote { ... }"),
  E("src/Invoicing.Infrastructure/InvoicingDbContext.cs", "public DbSet<Invoice> Invoices => Set<Invoice>();",
    "public DbSet<Invoice> Invoices => Set<Invoice>();\n    public DbSet<CreditNote> CreditNotes => Set<CreditNote>();"),
  P("create the migration for credit notes"),
  SH("dotnet ef migrations add AddCreditNotes", EFDESIGN),                         # j47-p3 #1 failure
  SH("dotnet ef migrations add AddCreditNotes" + EF_OK),                           # j47-p3 #1 fix
  L("src/Invoicing.Infrastructure/Migrations"),
  P("look at the rows in the local database"),
  SH("psql -h localhost -p 5433 -U invoicing -d invoicing -c 'select count(*) from credit_notes'", PSQL),  # j47-p1 #1
  P("run the integration tests"),
  SH("dotnet test tests/Invoicing.IntegrationTests"),
  SH("dotnet test tests/Invoicing.UnitTests"),
  P("commit credit notes"),
  GD(),
  GA("src/Invoicing.Domain/CreditNote.cs", "src/Invoicing.Infrastructure"),
  GC("Credit notes: entity, DbSet and migration"),
  P("read the PR comment about nullable warnings"),
  R("src/Invoicing.Api/Program.cs"),
  R("src/Invoicing.Api/Invoicing.Api.csproj"),
  P("stop here"),
 ],
 [  # s3 Wednesday
  P("expose credit notes in the API"),
  R("src/Invoicing.Api/Endpoints/InvoiceEndpoints.cs"),
  E("src/Invoicing.Api/Endpoints/InvoiceEndpoints.cs", "group.MapGet(\"/invoices/{id}\", GetInvoice);",
    "group.MapGet(\"/invoices/{id}\", GetInvoice);\ngroup.MapGet(\"/credit-notes/{id}\", GetCreditNote);", NOMATCH),
  R("src/Invoicing.Api/Endpoints/InvoiceEndpoints.cs"),
  E("src/Invoicing.Api/Endpoints/InvoiceEndpoints.cs", "group.MapGet(\"/invoices/{id:guid}\", GetInvoice);",
    "group.MapGet(\"/invoices/{id:guid}\", GetInvoice);\ngroup.MapGet(\"/credit-notes/{id:guid}\", GetCreditNote);"),
  R("src/Invoicing.Api/appsettings.Local.json", ENOENT_LOCAL),                     # j47-p2 #2
  SH("dotnet build Invoicing.sln"),
  P("try the endpoint by hand"),
  SH("dotnet run --project src/Invoicing.Api --launch-profile http"),
  P("validate the customer VAT numbers from the import file"),
  R("data/import/customers-2026-11.csv"),
  H(VAT + "NL853746333B01"),
  H(VAT + "IT00743110157", "HTTP 503 Service Unavailable"),                        # j47-p5 failure
  P("cut release 1.5.0 of the client package"),                                    # j47-p4 #2
  E("Directory.Build.props", "<Version>1.4.0</Version>", "<Version>1.5.0</Version>"),
  SH("dotnet pack src/Invoicing.Client -c Release -o artifacts"),
  GC("release: Invoicing.Client 1.5.0"),
  P("commit the endpoint"),
  GA("src/Invoicing.Api/Endpoints/InvoiceEndpoints.cs"),
  GA("tests/Invoicing.IntegrationTests/CreditNoteEndpointTests.cs"),
  GC("API: GET /credit-notes/{id}"),
  P("end of day"),
 ],
 [  # s4 Thursday
  P("the PDF footer shows the wrong IBAN for Austrian customers"),
  R("src/Invoicing.Pdf/FooterRenderer.cs"),
  R("src/Invoicing.Pdf/BankAccounts.json"),
  E("src/Invoicing.Pdf/BankAccounts.json", "\"AT\": \"AT61 1904 3002 3457 3201\"", "\"AT\": \"AT48 3200 0000 1234 5864\""),
  R("tests/Invoicing.UnitTests/FooterRendererTests.cs"),
  SH("dotnet test tests/Invoicing.UnitTests --filter FooterRenderer"),
  P("bring up postgres for the integration tests"),
  SH("docker compose up -d postgres",
     "Error response from daemon: driver failed programming external connectivity on endpoint invoicing-postgres-1: "
     "Bind for 0.0.0.0:5432 failed: port is already allocated"),
  SH("POSTGRES_PORT=5433 docker compose up -d postgres"),
  SH("dotnet test tests/Invoicing.IntegrationTests"),
  P("check what the test data looks like in the database"),
  SH("psql -h localhost -p 5433 -U invoicing -d invoicing -c 'select iban from bank_accounts'", PSQL),  # j47-p1 #2
  P("check one Austrian customer's VAT id"),
  H(VAT + "ATU13585627"),
  H(VAT + "ATU37893801", "timeout of 10000ms exceeded"),                           # j47-p5 failure
  P("commit the IBAN fix"),
  GS(),
  GD("src/Invoicing.Pdf/BankAccounts.json"),
  GA("src/Invoicing.Pdf/BankAccounts.json"),
  GC("PDF: correct Austrian IBAN"),
  GL(3),
  P("done"),
 ],
 [  # s5 Friday
  P("add a late-fee percentage per customer"),
  R("src/Invoicing.Domain/Customer.cs"),
  E("src/Invoicing.Domain/Customer.cs", "public string VatId { get; set; } = \"\";",
    "public string VatId { get; set; } = \"\";\n    public decimal LateFeePercent { get; set; }"),
  P("migration for the late fee"),
  SH("dotnet ef migrations add AddLateFeePercent", EFDESIGN),                      # j47-p3 #2 failure
  SH("dotnet ef migrations add AddLateFeePercent" + EF_OK),                        # j47-p3 #2 fix
  SH("dotnet ef database update" + EF_OK),
  P("see whether the migration landed"),
  SH("psql -h localhost -p 5433 -U invoicing -d invoicing -c '\\d customers'", PSQL),  # j47-p1 #3
  P("run all tests"),
  SH("dotnet test Invoicing.sln"),
  P("commit the late fee"),
  GA("src/Invoicing.Domain/Customer.cs", "src/Invoicing.Infrastructure/Migrations"),
  GC("Customer: late-fee percentage"),
  P("format the code before the weekend"),
  SH("dotnet format Invoicing.sln"),
  GS(),
  GD(),
  GA("."),
  GC("dotnet format"),
  P("see you Monday"),
 ],
 [  # s6 Monday
  P("health endpoint returns 500 on staging"),
  SH("curl -s localhost:5080/health", "curl: (7) Failed to connect to localhost port 5080 after 0 ms: Couldn't connect to server"),
  SH("curl -s localhost:5000/health"),
  R("src/Invoicing.Api/appsettings.Local.json", ENOENT_LOCAL),                     # j47-p2 #3
  R("src/Invoicing.Api/HealthChecks/VatServiceHealthCheck.cs"),
  H(VAT + "BE0417497106", "HTTP 502 Bad Gateway"),                                 # j47-p5 failure
  P("make the VAT health check degrade instead of fail"),
  E("src/Invoicing.Api/HealthChecks/VatServiceHealthCheck.cs", "return HealthCheckResult.Unhealthy(",
    "return HealthCheckResult.Degraded("),
  SH("dotnet test tests/Invoicing.UnitTests"),
  P("check the VAT sandbox once more"),
  H(VAT + "DE811907980", "ECONNRESET: socket hang up"),                            # j47-p5 failure
  P("cut release 1.5.1 of the client package"),                                    # j47-p4 #3
  E("Directory.Build.props", "<Version>1.5.0</Version>", "<Version>1.5.1</Version>"),
  SH("dotnet pack src/Invoicing.Client -c Release -o artifacts"),
  GC("release: Invoicing.Client 1.5.1"),
  P("commit the health check change"),
  GS(),
  GA("src/Invoicing.Api/HealthChecks/VatServiceHealthCheck.cs"),
  GA("tests/Invoicing.UnitTests/VatServiceHealthCheckTests.cs"),
  GC("Health: VAT sandbox outage is degraded, not unhealthy"),
  P("done"),
 ],
]

# ---- journal 48: Nix flake packaging a Go CLI ---------------------------------------------
KVM = ("error: a 'x86_64-linux' with features {kvm, nixos-test} is required to build "
       "'/nix/store/8f1kz3m0c2yq7w5l9d4v6x1s0a2b3c4d-nixos-vm.drv', but I am a 'x86_64-linux' with features "
       "{benchmark, big-parallel, nixos-test}")                                                       # j48-p1
NODEV = ("error: flake 'git+file:///home/dev/flowctl' does not provide attribute 'devShells.x86_64-linux.default', "
         "'devShell.x86_64-linux', 'packages.x86_64-linux.default' or 'defaultPackage.x86_64-linux'")   # j48-p2
CACHE = "https://cache.lab.flowctl.dev/"                                                              # j48-p5

J48 = [
 [  # s1
  P("get a dev shell and run the tests"),
  SH("nix develop", NODEV),                                                        # j48-p2 #1 failure
  SH("nix develop .#ci --command go test ./..."),                                  # j48-p2 #1 fix
  P("bump nixpkgs in the flake"),                                                  # j48-p4 #1
  SH("nix flake update nixpkgs"),
  GD("flake.lock"),
  GC("flake.lock: update nixpkgs"),
  P("check the binary cache has the new build"),
  H(CACHE + "nix-cache-info"),
  H(CACHE + "1x9d2kq7lm0zv4c8p3s6f5h0w2y8r1na.narinfo"),
  P("package the new --json flag"),
  R("cmd/flowctl/main.go"),
  R("internal/output/json.go"),
  E("cmd/flowctl/main.go", "flag.Bool(\"quiet\", false, \"\")", "flag.Bool(\"quiet\", false, \"\")\n\tjsonOut := flag.Bool(\"json\", false, \"\")"),
  SH("nix build .#flowctl"),
  SH("./result/bin/flowctl --json status"),
  P("commit"),
  GS(),
  GA("cmd/flowctl/main.go"),
  GC("flowctl: --json flag"),
  P("done for today"),
 ],
 [  # s2
  P("add the NixOS module option for the listen address"),
  R("nixos/module.nix"),
  E("nixos/module.nix", "port = mkOption {", "listenAddress = mkOption { type = types.str; default = \"127.0.0.1\"; };\n    port = mkOption {"),
  R("flake.nix"),
  E("flake.nix", "nixosModules.default = import ./nixos/module.nix;",
    "nixosModules.default = import ./nixos/module.nix;\n      nixosModules.flowctl = self.nixosModules.default;", NOMATCH),  # j48-p3 #1 failure
  E("flake.nix", "nixosModules.default = import ./nixos/module.nix;\n",
    "nixosModules.default = import ./nixos/module.nix;\n    nixosModules.flowctl = self.nixosModules.default;\n"),  # j48-p3 #1 fix
  P("boot the test VM with the module"),
  SH("nixos-rebuild build-vm --flake .#testvm", KVM),                              # j48-p1 #1
  P("run flake checks instead"),
  SH("nix flake check"),
  SH("nix flake show"),
  P("commit the module option"),
  GD("nixos/module.nix"),
  GA("nixos/module.nix", "flake.nix"),
  GC("nixos: listenAddress option"),
  P("read the issue about the missing man page"),
  R("docs/flowctl.1.md"),
  P("stop"),
 ],
 [  # s3
  P("weekly nixpkgs bump"),                                                        # j48-p4 #2
  SH("nix flake update nixpkgs"),
  GD("flake.lock"),
  GC("flake.lock: update nixpkgs"),
  P("parse durations like 1h30m in the config"),
  R("internal/config/parse.go"),
  R("internal/config/parse_test.go"),
  SH("go test ./internal/...", "--- FAIL: TestParseDuration (0.00s)"),
  E("internal/config/parse.go", "time.ParseDuration(s + \"s\")", "time.ParseDuration(s)"),
  SH("go test ./internal/... -run TestParseDuration"),
  SH("nix build .#flowctl"),
  P("try the VM test again"),
  SH("nixos-rebuild build-vm --flake .#testvm", KVM),                              # j48-p1 #2
  P("look at the cache state after the bump"),
  H(CACHE + "nix-cache-info"),
  H(CACHE + "7bq0s1k3x9v2m8c4d6f0h5j2l1p3r9wz.narinfo", "HTTP 502 Bad Gateway"),     # j48-p5 failure
  P("commit the duration parsing"),
  GA("internal/config/parse.go", "internal/config/parse_test.go"),
  GA("docs/config.md"),
  GC("config: accept Go duration syntax"),
  P("done"),
 ],
 [  # s4
  P("enter the dev shell on the new laptop"),
  SH("nix develop", NODEV),                                                        # j48-p2 #2 failure
  SH("nix develop .#ci --command go version"),                                     # j48-p2 #2 fix
  P("add shell completions to the package"),
  R("nix/package.nix"),
  E("nix/package.nix", "nativeBuildInputs = [ ];", "nativeBuildInputs = [ installShellFiles ];"),
  E("nix/package.nix", "postInstall = \"\";",
    "postInstall = ''\n    installShellCompletion --cmd flowctl --bash <($out/bin/flowctl completion bash)\n  '';"),
  SH("nix build .#flowctl"),
  L("result/share/bash-completion/completions"),
  P("is the cache serving the completions build"),
  H(CACHE + "nix-cache-info"),
  H(CACHE + "0c4m2x8v6b1n3q5w7e9r2t4y6u8i0o1p.narinfo", "HTTP 504 Gateway Timeout"),  # j48-p5 failure
  P("commit completions"),
  GS(),
  GD(),
  GA("nix/package.nix"),
  GC("package: shell completions"),
  P("answer the question about the release tarball"),
  R("README.md"),
  R("nix/package.nix"),
  P("done"),
 ],
 [  # s5
  P("the module test needs a second node"),
  R("nix/module-test.nix", "ENOENT: no such file or directory, open 'nix/module-test.nix'"),
  L("nix/tests"),
  R("nix/tests/module-test.nix"),
  E("nix/tests/module-test.nix", "nodes.machine = {", "nodes.client = { };\n  nodes.machine = {"),
  SH("nixos-rebuild build-vm --flake .#testvm", KVM),                              # j48-p1 #3
  P("at least check the flake evaluates"),
  SH("nix flake check --no-build"),
  P("look at the cache before lunch"),
  H(CACHE + "nix-cache-info"),
  H(CACHE + "nix-cache-info", "connect ETIMEDOUT 10.0.4.12:443"),                  # j48-p5 failure
  P("commit the test change"),
  GD("nix/tests/module-test.nix"),
  GA("nix/tests/module-test.nix"),
  GC("tests: client node in module test"),
  GL(5),
  P("stop for the week"),
 ],
 [  # s6
  P("pin the Go toolchain version in the flake"),
  R("flake.nix"),
  E("flake.nix", "go = pkgs.go_1_22;", "go = pkgs.go_1_23;", NOMATCH),              # j48-p3 #2 failure
  R("flake.nix"),
  E("flake.nix", "buildGoModule = pkgs.buildGo122Module;", "buildGoModule = pkgs.buildGo123Module;"),  # j48-p3 #2 fix
  SH("nix build .#flowctl"),
  P("weekly nixpkgs bump"),                                                        # j48-p4 #3
  SH("nix flake update nixpkgs"),
  GD("flake.lock"),
  GC("flake.lock: update nixpkgs"),
  P("check the cache picked up the toolchain change"),
  H(CACHE + "nix-cache-info"),
  H(CACHE + "5r8t2y4u6i8o0p1a3s5d7f9g1h3j5k7l.narinfo", "HTTP 503 Service Unavailable"),  # j48-p5 failure
  P("commit the toolchain pin"),
  GS(),
  GA("flake.nix"),
  GA("go.mod"),
  GC("flake: Go 1.23"),
  P("done"),
 ],
]

# ---- journal 49: Fortran/MPI coastal ocean model -------------------------------------------
SBATCH = "sbatch: error: Batch job submission failed: Invalid account or account/partition combination specified"  # j49-p1
SLOTS = ("There are not enough slots available in the system to satisfy the 8\n"
         "slots that were requested by the application:\n\n  ./build/tidewave\n\n"
         "Either request fewer slots for your application, or make more slots available for use.")       # j49-p2
OPENDAP = "https://opendap.marine-data.eu/thredds/dodsC/"                                            # j49-p5

def case_playbook(case, text):                                                      # j49-p3
    return [P(text),
            W("cases/%s/namelist.nml" % case, "&run\n  nx = 240, ny = 180, dt = 30.0\n/"),
            SH("mpirun -np 4 ./build/tidewave cases/%s/namelist.nml" % case),
            R("cases/%s/timing.log" % case)]

def module_playbook(mod, text):                                                     # j49-p4
    return [P(text),
            W("src/%s.f90" % mod, "module %s\n  implicit none\ncontains\nend module %s" % (mod, mod)),
            E("CMakeLists.txt", "  src/tidewave.f90\n", "  src/%s.f90\n  src/tidewave.f90\n" % mod),
            SH("cmake --build build -j 8")]

J49 = [
 [  # s1
  P("the tidal forcing for December is missing"),
  H(OPENDAP + "tides/fes2014_subset.nc.das"),
  H(OPENDAP + "tides/fes2014_subset.nc.dds"),
  R("src/forcing_tides.f90"),
  SH("ncdump -h forcing/tides_nov.nc"),
  R("src/forcing_tides.f90"),
  *case_playbook("estuary_dec", "set up the December estuary case"),              # j49-p3 #1
  P("submit the long run to the cluster"),
  SH("sbatch jobs/estuary_4node.slurm", SBATCH),                                   # j49-p1 #1
  P("commit the case files"),
  GS(),
  GA("cases/estuary_dec"),
  GC("cases: December estuary setup"),
  P("done"),
 ],
 [  # s2
  P("add a sponge layer at the open boundary"),
  R("src/boundary.f90"),
  *module_playbook("sponge_layer", "new module for the sponge layer"),             # j49-p4 #1
  P("run the 8-rank test"),
  SH("mpirun -np 8 ./build/tidewave cases/channel/namelist.nml", SLOTS),           # j49-p2 #1 failure
  SH("mpirun --oversubscribe -np 8 ./build/tidewave cases/channel/namelist.nml"),  # j49-p2 #1 fix
  R("cases/channel/diag.log"),
  R("cases/channel/timing.log"),
  P("commit the sponge layer"),
  GD(),
  GA("src/sponge_layer.f90", "CMakeLists.txt"),
  GA("src/boundary.f90"),
  GC("boundary: sponge layer"),
  P("fetch the bathymetry tile for the new domain"),
  H(OPENDAP + "bathy/emodnet_2022_tile_C4.nc.das"),
  H(OPENDAP + "bathy/emodnet_2022_tile_C4.nc.dds"),
  P("done"),
 ],
 [  # s3
  P("the baroclinic timestep variable is undeclared after the merge"),
  SH("cmake --build build -j 8", "/home/dev/tidewave/src/momentum.f90:212:18:"),
  R("src/momentum.f90"),
  E("src/momentum.f90", "real(wp) :: dt", "real(wp) :: dt, dt_baroclinic"),
  SH("cmake --build build -j 8"),
  *case_playbook("storm_surge_2013", "set up the 2013 storm surge case"),          # j49-p3 #2
  P("submit the storm surge run"),
  SH("sbatch jobs/surge_8node.slurm", SBATCH),                                     # j49-p1 #2
  P("get the wind forcing for the storm"),
  H(OPENDAP + "atmos/era5_wind_201312.nc.das", "HTTP 503 Service Unavailable"),     # j49-p5 failure
  P("commit the fix and the case"),
  GA("src/momentum.f90"),
  GA("cases/storm_surge_2013"),
  GC("momentum: declare dt_baroclinic; storm surge case"),
  P("stop"),
 ],
 [  # s4
  P("write the tracer output in NetCDF"),
  R("src/io_netcdf.f90"),
  *module_playbook("tracer_output", "new module for tracer output"),               # j49-p4 #2
  P("try the cluster again with the small job"),
  SH("sbatch jobs/smoke_1node.slurm", SBATCH),                                     # j49-p1 #3
  P("run the regression tests locally"),
  SH("ctest --test-dir build --output-on-failure"),
  SH("ctest --test-dir build -R tracer"),
  P("check the forcing server"),
  H(OPENDAP + "atmos/era5_wind_201312.nc.das"),
  H(OPENDAP + "atmos/era5_wind_201312.nc.dds", "timeout of 30000ms exceeded"),      # j49-p5 failure
  P("commit tracer output"),
  GS(),
  GD("src/tracer_output.f90"),
  GA("src/tracer_output.f90", "CMakeLists.txt", "src/io_netcdf.f90"),
  GC("io: tracer output module"),
  P("done"),
 ],
 [  # s5
  P("add Smagorinsky viscosity"),
  R("src/momentum.f90"),
  *module_playbook("smagorinsky", "new module for the viscosity"),                 # j49-p4 #3
  P("compare 4 and 8 ranks"),
  SH("mpirun -np 8 ./build/tidewave cases/channel/namelist.nml", SLOTS),           # j49-p2 #2 failure
  SH("mpirun --oversubscribe -np 8 ./build/tidewave cases/channel/namelist.nml"),  # j49-p2 #2 fix
  SH("mpirun -np 4 ./build/tidewave cases/channel/namelist.nml"),
  SH("python3 tools/compare_runs.py cases/channel"),
  R("cases/channel/diag.log"),
  R("cases/channel/timing.log"),
  P("download the river discharge for the estuary"),
  H(OPENDAP + "rivers/discharge_2026.nc.das"),
  H(OPENDAP + "rivers/discharge_2026.nc.dds", "HTTP 500 Internal Server Error"),    # j49-p5 failure
  P("commit viscosity"),
  GA("src/smagorinsky.f90", "CMakeLists.txt"),
  GA("src/momentum.f90"),
  GC("momentum: Smagorinsky viscosity"),
  GL(4),
  P("done for the week"),
 ],
 [  # s6
  P("the NetCDF writer crashes on the last record"),
  SH("ncdump -h output/ocean_his.nc"),
  R("src/io_netcdf.f90"),
  E("src/io_netcdf.f90", "call check(nf90_put_var(ncid, varid, field, start=[1,1,n]))",
    "call check(nf90_put_var(ncid, varid, field, start=[1,1,n], count=[nx,ny,1]))", NOMATCH),
  R("src/io_netcdf.f90"),
  E("src/io_netcdf.f90", "call check( nf90_put_var(ncid, varid, field, start=[1,1,n]) )",
    "call check( nf90_put_var(ncid, varid, field, start=[1,1,n], count=[nx,ny,1]) )"),
  SH("cmake --build build -j 8"),
  SH("ctest --test-dir build -R netcdf"),
  *case_playbook("lagoon_spinup", "set up the lagoon spin-up case"),              # j49-p3 #3
  P("check the forcing server once more"),
  H(OPENDAP + "rivers/discharge_2026.nc.dds", "HTTP 502 Proxy Error"),              # j49-p5 failure
  P("commit the writer fix"),
  GS(),
  GA("src/io_netcdf.f90"),
  GA("cases/lagoon_spinup"),
  GC("io: pass count to nf90_put_var"),
  P("done"),
 ],
]

# ---- journal 50: Solidity/Hardhat vesting contract ----------------------------------------
SLITHER = ("crytic_compile.platform.exceptions.InvalidCompilation: Unknown file: "
           "node_modules/@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol")                  # j50-p1
HH108 = ("Error HH108: Cannot connect to the network localhost.\n"
         "Please make sure your node is running, and check your internet connection and networks config")  # j50-p2
ES = "https://api-sepolia.etherscan.io/api?module="                                                  # j50-p3
DEPLOY = "npx hardhat ignition deploy ignition/modules/StreamVault.ts --network sepolia"
ADDR = "ignition/deployments/chain-11155111/deployed_addresses.json"

def deploy_playbook(text, old, new):                                               # j50-p5
    return [P(text), SH(DEPLOY), R(ADDR), E("DEPLOYMENTS.md", old, new)]

J50 = [
 [  # s1
  P("let the beneficiary change their withdrawal address"),
  R("contracts/StreamVault.sol"),
  E("contracts/StreamVault.sol", "function withdraw(uint256 streamId) external {",
    "function setRecipient(uint256 streamId, address to) external {\n        // ...\n    }\n\n    function withdraw(uint256 streamId) external {"),
  SH("npx hardhat compile"),
  R("test/StreamVault.ts"),
  E("test/StreamVault.ts", "describe(\"withdraw\", () => {", "describe(\"setRecipient\", () => { /* ... */ });\n\ndescribe(\"withdraw\", () => {"),
  SH("npx hardhat coverage"),
  P("commit setRecipient"),
  GA("contracts/StreamVault.sol", "test/StreamVault.ts"),
  GC("StreamVault: setRecipient"),
  *deploy_playbook("deploy the new version to Sepolia", "| v0.3 |", "| v0.3 |\n| v0.4 | setRecipient |"),  # j50-p5 #1
  P("check the deployment shows up on Etherscan"),
  H(ES + "contract&action=getsourcecode&address=0x5f3b8c1e2d4a6f7b9c0e1d2a3b4c5d6e7f8a9b0c"),
  H(ES + "account&action=txlist&address=0x5f3b8c1e2d4a6f7b9c0e1d2a3b4c5d6e7f8a9b0c"),
  P("commit the deployment notes"),
  GS(),
  GA("DEPLOYMENTS.md", "ignition/deployments"),
  GC("deploy: v0.4 on Sepolia", "husky - pre-commit script failed (code 1)"),        # j50-p4 failure
  SH("npx prettier --write DEPLOYMENTS.md"),
  GC("deploy: v0.4 on Sepolia"),
  P("done"),
 ],
 [  # s2
  P("add a cliff period to streams"),
  R("contracts/StreamVault.sol"),
  E("contracts/StreamVault.sol", "uint64 start;", "uint64 start;\n        uint64 cliff;"),
  SH("npx hardhat compile"),
  P("run the tests"),
  SH("npx hardhat test", HH108),                                                   # j50-p2 #1 failure
  SH("npx hardhat test --network hardhat"),                                        # j50-p2 #1 fix
  P("static analysis before review"),
  SH("slither .", SLITHER),                                                        # j50-p1 #1
  P("commit the cliff"),
  GD("contracts/StreamVault.sol"),
  GA("contracts/StreamVault.sol"),
  GA("test/StreamVault.ts"),
  GC("StreamVault: cliff period"),
  P("look up the gas price trend for the deploy"),
  H(ES + "gastracker&action=gasoracle"),
  H(ES + "stats&action=ethprice", "Max rate limit reached, please use API Key for higher rate limit"),  # j50-p3 failure
  P("stop"),
 ],
 [  # s3
  P("tests for the cliff edge cases"),
  R("test/StreamVault.ts"),
  E("test/StreamVault.ts", "it(\"releases linearly\"", "it(\"releases nothing before the cliff\", async () => { /* ... */ });\n  it(\"releases linearly\"", NOMATCH),
  R("test/StreamVault.ts"),
  E("test/StreamVault.ts", "it('releases linearly'", "it('releases nothing before the cliff', async () => { /* ... */ });\n  it('releases linearly'"),
  SH("npx hardhat test --network hardhat --grep cliff"),
  SH("npx hardhat coverage"),
  *deploy_playbook("deploy the cliff version to Sepolia", "| v0.4 | setRecipient |",
                   "| v0.4 | setRecipient |\n| v0.5 | cliff |"),                  # j50-p5 #2
  P("verify the source on Etherscan"),
  H(ES + "contract&action=getsourcecode&address=0x8a2c4e6f8b0d1f3a5c7e9b1d3f5a7c9e1b3d5f7a"),
  H(ES + "contract&action=checkverifystatus&guid=x7k2m9p4q1r8s5t3", "HTTP 502 Bad Gateway"),  # j50-p3 failure
  P("commit tests and deployment notes"),
  GA("test/StreamVault.ts"),
  GC("test: cliff edge cases"),
  GA("DEPLOYMENTS.md", "ignition/deployments"),
  GC("deploy: v0.5 on Sepolia", "error: gpg failed to sign the data"),               # j50-p4 failure
  P("done"),
 ],
 [  # s4
  P("lint the contracts"),
  SH("solhint 'contracts/**/*.sol'", "contracts/StreamVault.sol\n  88:5  error  Avoid to use tx.origin  avoid-tx-origin"),
  E("contracts/StreamVault.sol", "require(tx.origin == owner", "require(msg.sender == owner"),
  SH("solhint --max-warnings 0 'contracts/**/*.sol'"),
  P("run static analysis again"),
  SH("slither contracts/StreamVault.sol", SLITHER),                                # j50-p1 #2
  P("check gas usage"),
  SH("REPORT_GAS=true npx hardhat test --network hardhat"),
  SH("npx hardhat size-contracts"),
  R("gas-report.txt"),
  P("commit the lint fix"),
  GS(),
  GD(),
  GA("contracts/StreamVault.sol"),
  GC("StreamVault: msg.sender instead of tx.origin", "fatal: Unable to create '/home/dev/streamvault/.git/index.lock': File exists."),  # j50-p4 failure
  GC("StreamVault: msg.sender instead of tx.origin"),
  P("how many streams exist on the Sepolia contract"),
  H(ES + "logs&action=getLogs&address=0x8a2c4e6f8b0d1f3a5c7e9b1d3f5a7c9e1b3d5f7a", "timeout of 15000ms exceeded"),  # j50-p3 failure
  P("done"),
 ],
 [  # s5
  P("emit an event when a stream is cancelled"),
  R("contracts/StreamVault.sol"),
  R("contracts/interfaces/IStreamVault.sol"),
  E("contracts/interfaces/IStreamVault.sol", "event StreamCreated(", "event StreamCancelled(uint256 indexed streamId);\n    event StreamCreated("),
  E("contracts/StreamVault.sol", "delete streams[streamId];", "delete streams[streamId];\n        emit StreamCancelled(streamId);"),
  SH("npx hardhat compile"),
  P("run the tests"),
  SH("npx hardhat test", HH108),                                                   # j50-p2 #2 failure
  SH("npx hardhat test --network hardhat"),                                        # j50-p2 #2 fix
  SH("npx hardhat coverage"),
  P("look at a cancelled stream on Sepolia"),
  H(ES + "account&action=txlist&address=0x8a2c4e6f8b0d1f3a5c7e9b1d3f5a7c9e1b3d5f7a"),
  H(ES + "proxy&action=eth_getTransactionReceipt&txhash=0x3c5e7a9b1d3f5e7a9c1b3d5f7e9a1c3b5d7f9e1a3c5b7d9f1e3a5c7b9d1f3e5a", "HTTP 503 Service Temporarily Unavailable"),  # j50-p3 failure
  P("commit the event"),
  GA("contracts/StreamVault.sol", "contracts/interfaces/IStreamVault.sol"),
  GC("StreamVault: StreamCancelled event", "Author identity unknown"),                # j50-p4 failure
  GC("StreamVault: StreamCancelled event"),
  GL(5),
  P("done for the week"),
 ],
 [  # s6
  P("security review checklist before the audit"),
  R("docs/audit-checklist.md"),
  SH("slither . --exclude-dependencies", SLITHER),                                 # j50-p1 #3
  SH("npx hardhat compile --force"),
  R("contracts/StreamVault.sol"),
  R("contracts/interfaces/IStreamVault.sol"),
  *deploy_playbook("deploy the audit candidate to Sepolia", "| v0.5 | cliff |",
                   "| v0.5 | cliff |\n| v0.6 | audit candidate |"),             # j50-p5 #3
  P("commit the deployment notes"),
  GD("DEPLOYMENTS.md"),
  GA("DEPLOYMENTS.md", "ignition/deployments"),
  GC("deploy: v0.6 audit candidate"),
  P("done"),
 ],
]

JOURNALS = {47: (J47, datetime.date(2026, 11, 2)), 48: (J48, datetime.date(2026, 11, 9)),
            49: (J49, datetime.date(2026, 11, 16)), 50: (J50, datetime.date(2026, 11, 23))}
DUR = {"read_file": (1, 8), "write_file": (1, 10), "edit_file": (2, 12), "list_directory": (1, 6),
       "run": (400, 90000), "status": (8, 40), "diff": (10, 60), "add": (8, 40), "commit": (30, 900),
       "log": (10, 50), "get": (80, 4000)}

def working_days(start, n):
    d, out = start, []
    while len(out) < n:
        if d.weekday() < 5:
            out.append(d)
        d += datetime.timedelta(days=1)
    return out

def build(n):
    sessions, start = JOURNALS[n]
    rnd = random.Random(1200 + n)
    out = []
    for i, (day, evs) in enumerate(zip(working_days(start, len(sessions)), sessions), 1):
        t = datetime.datetime(day.year, day.month, day.day, 8, 30, tzinfo=datetime.timezone.utc).timestamp()
        t += rnd.randint(0, 3600)
        for e in evs:
            t += rnd.randint(120, 1500) if e["kind"] == "progress" else rnd.randint(4, 240)
            row = {"ts": float(t), "session": "s%d" % i}
            row.update(e)
            if e["kind"] == "call":
                lo, hi = DUR[e["ability"]]
                row["duration_ms"] = round(rnd.uniform(lo, hi), 1)
                # keep the contract's key order: ..., ok, [error], duration_ms
            out.append(row)
    return out

def main():
    for n in JOURNALS:
        rows = build(n)
        with open(os.path.join(HERE, "journal-%d.jsonl" % n), "w", encoding="utf-8") as f:
            for r in rows:
                f.write(json.dumps(r, ensure_ascii=False) + "\n")
        print("journal-%d.jsonl: %d events, %d sessions" % (n, len(rows), len({r["session"] for r in rows})))

if __name__ == "__main__":
    main()
