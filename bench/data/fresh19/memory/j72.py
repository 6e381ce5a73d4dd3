"""journal-72: sparsesketch, a Julia 1.11 package of randomized sketching solvers (written from briefs.md)."""
from jlib import Journal

PERF = "https://perf.quarrylab.net/api"
NODL = ("Error: Failed to load the version db from https://julialang-s3.julialang.org/juliaup/versiondb/"
        "versiondb-x86_64-unknown-linux-gnu.json.\nCaused by: error sending request for url: operation timed out")
TESTFAIL = ("ERROR: Package SparseSketch errored during testing\nStacktrace:\n [1] pkgerror(msg::String)\n"
            "Test Summary: | Pass  Fail  Total\nthreaded solvers |   38     3     41")
TEST1 = "julia --project -e 'using Pkg; Pkg.test()'"
TEST4 = "julia --project --threads=4 -e 'using Pkg; Pkg.test()'"
REGISTER = "julia --project -e 'using LocalRegistry; register(registry=\"QuarryRegistry\", push=true)'"
FORMAT = "julia -e 'using JuliaFormatter; format(\".\", verbose=true)'"


def build():
    J = Journal(72004, "2026-11-09")

    def release(old, new):
        J.ed("Project.toml", 'version = "%s"' % old, 'version = "%s"' % new)
        J.add("Project.toml")
        J.commit("Release v%s" % new)
        J.sh(REGISTER, dur=14800)

    def fmt(msg, *paths):
        J.sh(FORMAT, dur=21300)
        J.diff()
        J.add(*paths)
        J.commit(msg)

    # ---- s1, Monday
    J.start("s1", 0, 9, 48)
    J.p("We promised Ana's group 0.6.1 with the CountSketch seed fix that was merged on Friday. cut it please")
    release("0.6.0", "0.6.1")
    J.p("her cluster runs 1.10 though. does it load + pass there?")
    J.sh("juliaup add 1.10", NODL, dur=30400)
    J.rd("Project.toml")
    J.p("compat says julia = \"1.10\", and CI has a 1.10 job, I'll look there. how slow is CountSketch vs SRHT on the 1e6 x 1e3 problem on this box?")
    J.sh("julia --project benchmark/quick.jl --method=countsketch --m=1000000 --n=1000", dur=48200)
    J.sh("julia --project benchmark/quick.jl --method=srht --m=1000000 --n=1000", dur=61900)
    J.p("1.3x, as expected. what did the nightly say for sketch_and_solve")
    J.get(PERF + "/series/sketch_and_solve?days=7")
    J.get(PERF + "/series/countsketch_apply?days=7", "HTTP 502 Bad Gateway", dur=30008)
    J.p("one of the two came back, fine, leave the other")

    # ---- s2, Tuesday
    J.start("s2", 1, 9, 5)
    J.p("my block Kaczmarz refactor is on bk-refactor (checked out). full test suite please")
    J.sh(TEST1, TESTFAIL, dur=142000)
    J.rd("test/runtests.jl")
    J.rd("test/threaded.jl")
    J.sh(TEST4, dur=151300)
    J.p("all green with 4 threads. ok format it and commit, then I'll open the PR")
    fmt("Format (JuliaFormatter)", "src/kaczmarz.jl", "test/kaczmarz.jl")
    J.p("docs: I added a docstring for bk_solve!, does Documenter build?")
    J.sh("julia --project=docs docs/make.jl", dur=88400)
    J.sh("ls docs/build/api")
    J.sh("grep -c 'bk_solve!' docs/build/api/index.html")
    J.p("ok it's in")
    J.p("Lena asks what oversample defaults to in sketch_and_solve")
    J.rd("src/solve.jl")
    J.p("2n, told her")

    # ---- s3, Wednesday
    J.start("s3", 2, 10, 11)
    J.p("patch release 0.6.2 please, the LSQR tolerance fix; the lab's pipelines need it today")
    release("0.6.1", "0.6.2")
    J.p("a student sees a world-age warning on 1.12-beta. can you check 0.6.2 there")
    J.sh("juliaup add 1.12-beta", NODL, dur=30350)
    J.p("no luck, I'll ask CI to add a nightly job. nightly SRHT numbers from the perf tracker?")
    J.get(PERF + "/series/srht_apply?days=7", "ReadTimeout: HTTPSConnectionPool(host='perf.quarrylab.net', port=443): Read timed out. (read timeout=30)", dur=30004)
    J.get(PERF + "/series/srht_apply?days=7", dur=1330)
    J.p("flat. fine. which exported functions in src/ have no docstring?")
    J.sh("grep -n '^function\\|^export' src/*.jl")
    J.rd("src/sketch.jl")
    J.rd("src/lsqr.jl")
    J.p("sketch_lsqr and residual_norm. thanks, I'll write them")
    J.p("the docs logo is blurry in dark mode; Mehdi sent a new one, it's in ~/Downloads/logo-dark.svg. swap it and rebuild docs")
    J.sh("cp ~/Downloads/logo-dark.svg docs/src/assets/logo-dark.svg")
    J.sh("julia --project=docs docs/make.jl", dur=86100)

    # ---- s4, Thursday
    J.start("s4", 3, 9, 36)
    J.p("Mehdi's new Gaussian sketch is in src/gaussian.jl without tests. write test/gaussian.jl (shapes, E[S'S] ~ I, seed reproducibility) and run just those")
    J.rd("src/gaussian.jl")
    J.wr("test/gaussian.jl", "using Test, SparseSketch, Random, LinearAlgebra\n@testset \"gaussian\" begin\n  # shapes, E[S'S] ~ I, seeds\nend\n")
    J.ed("test/runtests.jl", "include(\"srht.jl\")", "include(\"srht.jl\")\ninclude(\"gaussian.jl\")")
    J.sh("julia --project -e 'using Pkg; Pkg.test(test_args=[\"gaussian\"])'",
         "ERROR: LoadError: Some tests did not pass: 11 passed, 1 failed, 0 errored, 0 broken.", dur=61200)
    J.ed("test/gaussian.jl", "@test norm(G - I) < 0.05", "@test norm(G - I) < 0.05 * sqrt(n)")
    J.sh("julia --project -e 'using Pkg; Pkg.test(test_args=[\"gaussian\"])'", dur=59800)
    J.p("good. format + commit for the PR")
    fmt("Tests for the Gaussian sketch; format", "test/gaussian.jl", "test/runtests.jl")
    J.p("Mehdi's cluster runs 1.10 too, does the Gaussian sketch work there?")
    J.sh("juliaup add 1.10", NODL, dur=30500)
    J.rd(".github/workflows/CI.yml")
    J.p("the CI matrix has 1.10, fine. does the tracker have a gaussian series yet?")
    J.get(PERF + "/series?prefix=gaussian", "HTTP 401 Unauthorized: token expired", dur=48)
    J.p("token again. skip")
    J.p("what changed on main since 0.6.2? short list for the lab mailing list")
    J.log(15)
    J.sh("git diff --stat v0.6.2..main")
    J.sh("git shortlog -sn v0.6.2..main")

    # ---- s5, Friday
    J.start("s5", 4, 9, 2)
    J.p("Lena's PR #57: threaded sketch application rewritten with Threads.@spawn. run the tests on her branch")
    J.sh(TEST1, TESTFAIL.replace("38     3     41", "37     4     41"), dur=139500)
    J.sh(TEST4, dur=148800)
    J.p("passes. format and commit on her branch")
    fmt("Format (JuliaFormatter)", "src/apply.jl")
    J.p("she also wants the allocations of apply_sketch! before/after")
    J.sh("julia --project -e 'using SparseSketch, SparseArrays; A = sprand(10^5, 10^3, 1e-3); S = CountSketch(4000, 10^5); apply_sketch!(similar(A, 4000, 10^3), S, A); @show @allocated apply_sketch!(similar(A, 4000, 10^3), S, A)'", dur=21400)
    J.sh("git stash && julia --project -e 'using SparseSketch, SparseArrays; A = sprand(10^5, 10^3, 1e-3); S = CountSketch(4000, 10^5); @show @allocated apply_sketch!(similar(A, 4000, 10^3), S, A)'; git stash pop", dur=33100)
    J.p("ok 3x fewer. nightly: did countsketch_apply regress after last week?")
    J.get(PERF + "/series/countsketch_apply?days=14", "HTTP 503 Service Unavailable", dur=70)
    J.get(PERF + "/series/countsketch_apply?days=14", "HTTP 502 Bad Gateway", dur=30012)
    J.get(PERF + "/series/countsketch_apply?days=14", dur=1510)
    J.p("no regression")
    J.p("who wrote the original threaded apply? want to cc them on the PR")
    J.log(40)
    J.p("Paulo, 2025. ok")

    # ---- s6, Saturday
    J.start("s6", 5, 10, 20)
    J.p("time for 0.7.0: Gaussian sketch + threaded fix, so a minor bump")
    release("0.6.2", "0.7.0")
    J.p("try installing 1.10 again, maybe the proxy is fixed")
    J.sh("juliaup add 1.10", NODL, dur=30300)
    J.p("no. README install snippet should say 0.7")
    J.rd("README.md")
    J.ed("README.md", "pkg> add SparseSketch@0.6", "pkg> add SparseSketch@0.7")
    J.ed("README.md", "version-0.6.2-blue", "version-0.7.0-blue")
    J.p("someone asked in an issue whether we have a CITATION.cff")
    J.ls(".")
    J.rd("CITATION.cff")
    J.rd(".zenodo.json")
    J.p("we do, version field says 0.6.2 though. bump it to 0.7.0")
    J.ed("CITATION.cff", "version: 0.6.2", "version: 0.7.0")
    J.p("push main and tags; then the tracker's last run")
    J.sh("git push origin main", dur=2600)
    J.sh("git push origin --tags", dur=2200)
    J.get(PERF + "/runs/latest")
    J.p("thanks")
    return J
