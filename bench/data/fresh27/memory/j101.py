"""Journal 101: marrowflow (Nextflow genomics-core pipeline), 2026-11-30 .. 2026-12-05."""
from jlib import Journal

LIMS = "https://lims.genecore.internal/api/v1/"
APPT = ('FATAL:   While making image from oci registry: error fetching image to cache: failed to get checksum: '
        'Get "https://%s/v2/": dial tcp 10.20.0.1:3128: connect: connection refused')
NFERR = ("ERROR ~ Error executing process > 'MARROW:FASTP (NA12878_chr22)'\n\nCaused by:\n"
         "  Process `MARROW:FASTP (NA12878_chr22)` terminated with an error exit status (127)\n\n"
         "Command error:\n  .command.sh: line 3: fastp: command not found")
ENOENT = "ENOENT: no such file or directory, open '%s'"


def build():
    j = Journal(seed=101027)

    # ---- s1 Monday: Ines, Tomasz
    j.day("s1", "2026-11-30", 8, 40)
    j.p("GC-401 fastp should drop reads shorter than 50bp -> --length_required 50 in modules/local/fastp")
    j.ed("modules/local/fastp/main.nf", "def args   = task.ext.args ?: '--detect_adapter_for_pe'",
         "def args   = task.ext.args ?: '--detect_adapter_for_pe --length_required 50'")
    j.sh("nf-test test modules/local/fastp --update-snapshot")
    j.add("modules/local/fastp/main.nf", "modules/local/fastp/tests/main.nf.test.snap")
    j.commit("fastp: --length_required 50 (GC-401)")
    j.p("tomasz here. bcftools 1.21 on node03 pls, I want the new norm options")
    j.sh("apptainer pull /shared/containers/bcftools_1.21.sif docker://quay.io/biocontainers/bcftools:1.21--h8b25389_0",
         APPT % "quay.io")
    j.sh("ls -la /shared/containers | grep -i bcftools")
    j.p("meh. I'll mail the admins. which runs came in since last monday?")
    j.get(LIMS + "runs?since=2026-11-23")
    j.p("make the sheet for 241127_A00912_0287, usual columns")
    j.get(LIMS + "runs/241127_A00912_0287/samples", "HTTP 502 Bad Gateway")
    j.get(LIMS + "runs/241127_A00912_0287/samples")
    j.wr("assets/samplesheets/241127_A00912_0287.csv",
         "sample,fastq_1,fastq_2\nS-2024-1160,/seq/0287/S-2024-1160_R1.fastq.gz,/seq/0287/S-2024-1160_R2.fastq.gz\n")
    j.sh("python3 bin/check_samplesheet.py assets/samplesheets/241127_A00912_0287.csv")
    j.sh("wc -l assets/samplesheets/241127_A00912_0287.csv")
    j.p("ok commit")
    j.status()
    j.add("assets/samplesheets/241127_A00912_0287.csv")
    j.commit("samplesheet 0287")
    j.p("what did priya push on friday")
    j.log(8)

    # ---- s2 Tuesday: Priya, Ines
    j.day("s2", "2026-12-01", 8, 15)
    j.p("priya: before I change anything I want a clean full run on the test data")
    j.sh("nextflow run . -profile test --outdir results-test", NFERR, dur=21000.0)
    j.sh("nextflow run . -profile test,apptainer --outdir results-test", dur=412000.0)
    j.sh("ls results-test")
    j.rd("results-test/pipeline_info/execution_trace_2026-12-01_08-31-07.txt")
    j.rd("results-test/pipeline_info/params_2026-12-01_08-31-07.json")
    j.rd("results-test/multiqc/multiqc_data/multiqc_general_stats.txt")
    j.p("sundays prod run had one red task, markdup on S-1177. why")
    j.sh("nextflow log")
    j.rd("work/5c/21740938160273549182037465190287/.command.err",
         ENOENT % "work/5c/21740938160273549182037465190287/.command.err")
    j.sh("nextflow log sleepy_turing -f name,exit,status,stderr -filter 'status == \"FAILED\"'")
    j.p("exit 137, so memory. give markdup 24 GB in base.config")
    j.rd("conf/base.config")
    j.ed("conf/base.config", "withName: 'PICARD_MARKDUPLICATES' {\n        memory = 16.GB",
         "withName: 'PICARD_MARKDUPLICATES' {\n        memory = 24.GB", "old_text not found in conf/base.config")
    j.ed("conf/base.config", "withName: 'MARKDUPLICATES' {\n        memory = 16.GB",
         "withName: 'MARKDUPLICATES' {\n        memory = 24.GB")
    j.sh("nextflow config -profile test,apptainer | grep -A2 MARKDUPLICATES")
    j.p("branch + commit, I'll open the PR after lunch")
    j.diff()
    j.add("conf/base.config")
    j.commit("markdup: 24 GB")
    j.p("ines: S-2024-1175 passed QC or not?")
    j.get(LIMS + "samples/S-2024-1175", "ETIMEDOUT: request timed out after 30000 ms")
    j.get(LIMS + "samples/S-2024-1175")

    # ---- s3 Wednesday: Tomasz, Priya
    j.day("s3", "2026-12-02", 9, 5)
    j.p("tomasz: GC-418 bwa-mem2 needs -K 100000000 so output doesn't depend on thread count")
    j.ed("modules/local/bwa_mem2/main.nf", "bwa-mem2 mem \\\n        -t $task.cpus",
         "bwa-mem2 mem \\\n        -K 100000000 \\\n        -t $task.cpus")
    j.sh("nf-test test modules/local/bwa_mem2 --update-snapshot")
    j.add("modules/local/bwa_mem2/main.nf", "modules/local/bwa_mem2/tests/main.nf.test.snap")
    j.commit("bwa-mem2: fixed -K for deterministic output (GC-418)")
    j.p("priya: verifybamid2 for the contamination check, can u put the container on node03")
    j.sh("apptainer pull /shared/containers/verifybamid2_2.0.1.sif docker://quay.io/biocontainers/verifybamid2:2.0.1--h19d48f6_8",
         APPT % "quay.io")
    j.sh("ls /shared/containers | grep -i verify")
    j.p("later then. run the hooks over lib/ and fix what they flag")
    j.sh("pre-commit run --all-files",
         "trim trailing whitespace.................................................Failed\n- hook id: trailing-whitespace\n"
         "- exit code: 1\n\nFixing lib/SampleSheet.groovy")
    j.sh("pre-commit run --all-files")
    j.p("what does our pre-commit config even run")
    j.rd(".pre-commit-config.yaml")
    j.p("whats planned in LIMS for december")
    j.get(LIMS + "runs?status=planned", "HTTP 503 Service Unavailable")
    j.p("again?")
    j.get(LIMS + "runs?status=planned")
    j.p("commit the whitespace fixes")
    j.add("lib/SampleSheet.groovy")
    j.commit("whitespace")

    # ---- s4 Thursday: Ines, Tomasz
    j.day("s4", "2026-12-03", 8, 50)
    j.p("ines: #86 is merged, redo the full test profile and count variants in the joint vcf")
    j.sh("nextflow run . -profile test --outdir results-test -resume", NFERR, dur=19000.0)
    j.sh("nextflow run . -profile test,apptainer --outdir results-test -resume", dur=233000.0)
    j.sh("zcat results-test/joint/joint.vcf.gz | grep -vc '^#'")
    j.rd("results-test/pipeline_info/execution_trace_2026-12-03_09-02-44.txt")
    j.p("tomasz: haplotypecaller S-1183 blew up in yesterdays prod run. open its err file")
    j.rd("work/b4/07129836410593726148093527614083/.command.err",
         ENOENT % "work/b4/07129836410593726148093527614083/.command.err")
    j.sh("nextflow log boring_payne -f name,exit,stderr -filter 'exit != 0'")
    j.p("137 again -> process_high to 48.GB and commit it")
    j.ed("conf/base.config", "withLabel:process_high {\n        cpus   = 12\n        memory = 36.GB",
         "withLabel:process_high {\n        cpus   = 12\n        memory = 48.GB")
    j.diff("conf/base.config")
    j.add("conf/base.config")
    j.commit("process_high: 48 GB")
    j.p("lims: samples of 241202_A00912_0290 + run info")
    j.get(LIMS + "runs/241202_A00912_0290/samples")
    j.get(LIMS + "runs/241202_A00912_0290")
    j.p("quick sanity: every local module's nf-test")
    j.sh("nf-test test modules/local", dur=188000.0)
    j.p("how big has the work dir got")
    j.sh("du -sh /scratch/marrowflow/work")

    # ---- s5 Friday: Priya, Ines
    j.day("s5", "2026-12-04", 8, 30)
    j.p("priya: GC-425 pass --native-pair-hmm-threads ${task.cpus} to haplotypecaller")
    j.ed("modules/local/gatk_haplotypecaller/main.nf", "gatk --java-options \"-Xmx${avail_mem}M\" HaplotypeCaller \\",
         "gatk --java-options \"-Xmx${avail_mem}M\" HaplotypeCaller \\\n        --native-pair-hmm-threads ${task.cpus} \\")
    j.sh("nf-test test modules/local/gatk_haplotypecaller --update-snapshot")
    j.add("modules/local/gatk_haplotypecaller/main.nf", "modules/local/gatk_haplotypecaller/tests/main.nf.test.snap")
    j.commit("haplotypecaller: pair-hmm threads from task.cpus (GC-425)")
    j.p("peddy 0.4.8 for the sex check. image pls")
    j.sh("apptainer pull /shared/containers/peddy_0.4.8.sif docker://quay.io/biocontainers/peddy:0.4.8--pyh5e36f6f_0",
         APPT % "quay.io")
    j.p("try the ghcr copy then")
    j.sh("apptainer pull /shared/containers/peddy_0.4.8.sif docker://ghcr.io/genecore-mirror/peddy:0.4.8",
         APPT % "ghcr.io")
    j.p("forget it, admins ticket. QC flags for the 0290 samples from LIMS")
    j.get(LIMS + "samples?run=241202_A00912_0290&fields=qc_status", "HTTP 502 Bad Gateway")
    j.get(LIMS + "samples?run=241202_A00912_0290&fields=qc_status")
    j.p("drop that in notes/lims-qc-0290.md")
    j.wr("notes/lims-qc-0290.md", "# QC 241202_A00912_0290\n\n22 QC_PASS, 2 QC_HOLD (S-2024-1187, S-2024-1189)\n")
    j.p("ines: make sure CHANGELOG has GC-418 and GC-425 under Unreleased")
    j.rd("CHANGELOG.md")
    j.ed("CHANGELOG.md", "## Unreleased\n", "## Unreleased\n\n- bwa-mem2 deterministic -K (GC-418)\n"
         "- HaplotypeCaller pair-hmm threads (GC-425)\n")
    j.rd("CHANGELOG.md")
    j.p("space left on scratch?")
    j.sh("df -h /scratch")

    # ---- s6 Saturday: Tomasz, Ines
    j.day("s6", "2026-12-05", 9, 20)
    j.p("tomasz: cnvkit 0.9.11 container onto the node please")
    j.sh("apptainer pull /shared/containers/cnvkit_0.9.11.sif docker://quay.io/biocontainers/cnvkit:0.9.11--pyhdfd78af_0",
         APPT % "quay.io")
    j.sh("ls /shared/containers | grep -i cnv")
    j.p("GENOTYPEGVCFS chr2 shard failed in this mornings prod run, show me stderr")
    j.rd("work/91/30815276490318264705913862047153/.command.err",
         ENOENT % "work/91/30815276490318264705913862047153/.command.err")
    j.sh("nextflow log agitated_lamport -f name,exit,stderr -filter 'status == \"FAILED\"'")
    j.rd("/scratch/marrowflow/results/pipeline_info/execution_trace_2026-12-05_04-10-12.txt")
    j.p("known flake on that shard, resume it")
    j.sh("nextflow run . -profile prod,apptainer -resume -params-file params/241204.yaml", dur=96000.0)
    j.p("ines: status of run 0291 in LIMS + its samples")
    j.get(LIMS + "runs/241203_A00912_0291")
    j.get(LIMS + "runs/241203_A00912_0291/samples", "ETIMEDOUT: request timed out after 30000 ms")
    j.p("bump manifest version to 2.2.3 and commit")
    j.ed("nextflow.config", "version         = '2.2.2'", "version         = '2.2.3'")
    j.sh("nextflow config -flat | grep manifest.version")
    j.status()
    j.add("nextflow.config")
    j.commit("2.2.3")
    return j


if __name__ == "__main__":
    build().dump("journal-101.jsonl")
