"""Journal 98: kelpie-nf (Nextflow DSL2 eDNA pipeline). Wei: Chinese-English; Lucía, Mateo: Spanish-English."""
from jlib import Journal

ENA = "https://www.ebi.ac.uk/ena/portal/api/"
NF_ERR = ("ERROR ~ Error executing process > 'KELPIE:CUTADAPT (S01)'\n\nCaused by:\n"
          "  Process `KELPIE:CUTADAPT (S01)` terminated with an error exit status (127)\n\nCommand error:\n"
          "  .command.run: line 294: docker: command not found")
APPT = ("FATAL:   could not use fakeroot: no mapping entry found in /etc/subuid for kelpie")
MQC_BAD = "results_test/multiqc/multiqc_data.json"
MQC_OK = "results_test/multiqc/multiqc_data/multiqc_data.json"


def playbook(j, module, old, new):
    j.ed("modules/local/%s/main.nf" % module, old, new)
    j.sh("nf-test test modules/local/%s --update-snapshot" % module, dur=70000 + 60000 * j.rand())
    j.diff()
    j.add("modules/local/%s/main.nf" % module, "modules/local/%s/tests/main.nf.test.snap" % module)


def build():
    j = Journal(seed=9898)

    # s1 Wei
    j.day("s1", "2026-11-19", "08:10")
    j.p("早上好. 先 pull main, 看看 CI 昨天为啥红了")
    j.sh("git pull --ff-only")
    j.sh("nextflow -version")
    j.log(5)
    j.p("dada2_denoise 的 pool 改成 \"pseudo\", snapshot 跟着更新")
    playbook(j, "dada2_denoise", "    pool = false", "    pool = \"pseudo\"")
    j.p("ok commit")
    j.commit("dada2_denoise: pseudo pooling")
    j.p("ENA 上拿 PRJEB61877 的 sample list, 跟我们的 samplesheet 对一下")
    j.get(ENA + "filereport?accession=PRJEB61877&result=read_run&fields=sample_accession,fastq_ftp")
    j.rd("assets/samplesheet_kelp23.csv")
    j.p("再要一下这些 sample 的 lat/lon")
    j.get(ENA + "search?result=sample&query=study_accession=PRJEB61877&fields=lat,lon")
    j.get(ENA + "search?result=sample&query=study_accession=PRJEB61877&fields=lat,lon,collection_date",
          err="HTTP 500 Internal Server Error")
    j.p("算了. containers/itsx.def 我写好了, 本地 build 一下试试")
    j.sh("apptainer build containers/itsx.sif containers/itsx.def", err=APPT, dur=1830.0)
    j.p("fakeroot 不行? 先放着, 我去问 IT")
    j.p("docs/output.md 加一段 ITSx 的 output 说明")
    j.rd("docs/output.md")
    j.ed("docs/output.md", "## MultiQC\n",
         "## ITSx\n\n`itsx/` holds the extracted ITS1/ITS2 regions per sample.\n\n## MultiQC\n")
    j.ed("docs/output.md", "- [MultiQC](#multiqc)\n", "- [ITSx](#itsx)\n- [MultiQC](#multiqc)\n")

    # s2 Lucía
    j.day("s2", "2026-11-20", "08:30")
    j.p("Buenos días! haz pull y lanza el pipeline con perfil test, a ver si sobrevivió al merge de Wei")
    j.sh("git pull --ff-only")
    j.sh("nextflow run . -profile test --outdir results_test", err=NF_ERR, dur=41200.0)
    j.sh("nextflow run . -profile test,apptainer --outdir results_test", dur=912400.0)
    j.p("Genial. mira el execution trace, qué process tardó más")
    j.rd("results_test/pipeline_info/execution_trace.txt")
    j.p("vale, ahora el plot de ASVs: Rscript bin/plot_asv.R")
    j.sh("Rscript bin/plot_asv.R results_test",
         err="Error in library(phyloseq) : there is no package called \u2018phyloseq\u2019\nExecution halted")
    j.sh("Rscript -e 'renv::restore(prompt = FALSE)'", dur=188000.0)
    j.sh("Rscript bin/plot_asv.R results_test", dur=14800.0)
    j.p("ENA: cuántas reads tiene ERR10233417?")
    j.get(ENA + "filereport?accession=ERR10233417&result=read_run&fields=read_count",
          err="HTTP 429 Too Many Requests")
    j.get(ENA + "filereport?accession=ERR10233417&result=read_run&fields=read_count")
    j.p("git status nomás, no quiero commitear los plots")
    j.status()
    j.p("en nextflow_schema.json mejora la descripción de --trunc_q, está en blanco")
    j.rd("nextflow_schema.json")
    j.ed("nextflow_schema.json", "\"trunc_q\": {\n                    \"type\": \"integer\",\n",
         "\"trunc_q\": {\n                    \"type\": \"integer\",\n"
         "                    \"description\": \"Truncate reads at the first base with quality <= trunc_q (DADA2).\",\n")
    j.sh("nf-core pipelines schema lint nextflow_schema.json")
    j.p("commit porfa")
    j.add("nextflow_schema.json")
    j.commit("schema: describe --trunc_q")
    j.p("y push")
    j.sh("git push origin lucia/schema-docs")

    # s3 Mateo
    j.day("s3", "2026-11-23", "12:15")
    j.p("che, el módulo lulu_curate tiene q aceptar minimum_ratio como param. actualizá todo")
    playbook(j, "lulu_curate", "    def args = task.ext.args ?: ''",
             "    def args = task.ext.args ?: ''\n    def ratio = params.lulu_minimum_ratio ?: 1")
    j.p("dale, commit")
    j.commit("lulu_curate: minimum_ratio param")
    j.p("y armá el container de lulu con la def nueva, acá mismo")
    j.sh("apptainer build containers/lulu.sif containers/lulu.def", err=APPT, dur=1710.0)
    j.p("uh, acá no se puede. sigo: pasame lo que dio multiqc en el run de test de ayer")
    j.rd(MQC_BAD, err="ENOENT: no such file or directory, open '%s'" % MQC_BAD)
    j.rd(MQC_OK)
    j.p("buscá en ENA el estudio PRJEB70412, es público ya?")
    j.get(ENA + "search?result=study&query=study_accession=PRJEB70412", err="timed out after 30000 ms")
    j.p("bueno después. grep de todos los publishDir que no usen params.outdir")
    j.sh("grep -rn 'publishDir' modules/ conf/")
    j.sh("grep -rn 'params.outdir' conf/modules.config")
    j.sh("wc -l assets/samplesheet_kelp23.csv")

    # s4 Wei
    j.day("s4", "2026-11-24", "08:05")
    j.p("decontam 的 container 也要 build, containers/decontam.def")
    j.sh("apptainer build containers/decontam.sif containers/decontam.def", err=APPT, dur=1650.0)
    j.p("还是不行. 把 .def push 上去让 CI 去 build 吧")
    j.add("containers/decontam.def")
    j.commit("containers: decontam 1.26 definition")
    j.sh("git push origin wei/decontam-container")
    j.p("PRJEB61877 的 run 列表再拉一次")
    j.get(ENA + "filereport?accession=PRJEB61877&result=read_run&fields=run_accession")
    j.get(ENA + "filereport?accession=PRJEB61877&result=read_run&fields=run_accession,read_count",
          err="ECONNRESET: socket hang up")
    j.p("SILVA reference 在 /refdb 哪个目录? 看一下")
    j.ls("/refdb/silva")
    j.ls("/refdb/silva/138.2")
    j.p("conf/modules.config 里 DADA2_ASSIGN 的 taxLevels 加上 Species")
    j.rd("conf/modules.config")
    j.ed("conf/modules.config", "taxLevels = 'Kingdom,Phylum,Class,Order,Family,Genus'",
         "taxLevels = 'Kingdom,Phylum,Class,Order,Family,Genus,Species'")
    j.ed("conf/modules.config", "    withName: 'DADA2_ASSIGN' {\n",
         "    withName: 'DADA2_ASSIGN' {\n        // Species added 2026-11 (Wei)\n")
    j.p("全部 nf-test 跑一下, apptainer profile")
    j.sh("nf-test test --profile apptainer", dur=1240000.0)
    j.sh("seqkit stats results_test/cutadapt/S01_1.trim.fastq.gz")

    # s5 Lucía
    j.day("s5", "2026-11-25", "08:40")
    j.p("hola! Mateo tocó lulu, vuelve a lanzar el test profile con -resume y revisamos")
    j.sh("nextflow run . -profile test --outdir results_test -resume", err=NF_ERR, dur=39800.0)
    j.sh("nextflow run . -profile test,apptainer --outdir results_test -resume", dur=402300.0)
    j.p("y del multiqc: qué versión de cada tool quedó registrada")
    j.rd(MQC_BAD, err="ENOENT: no such file or directory, open '%s'" % MQC_BAD)
    j.rd(MQC_OK)
    j.p("ENA: baja la metadata de ERR10233420")
    j.get(ENA + "filereport?accession=ERR10233420&result=read_run&fields=all", err="HTTP 503 Service Unavailable")
    j.get(ENA + "filereport?accession=ERR10233420&result=read_run&fields=all", err="HTTP 500 Internal Server Error")
    j.p("ni modo, ENA caído. cambia el default de trunc_len_f a 230 en nextflow.config")
    j.ed("nextflow.config", "    trunc_len_f = 240\n", "    trunc_len_f = 230\n",
         err="Edit failed: oldText not found in nextflow.config")
    j.rd("nextflow.config")
    j.ed("nextflow.config", "    trunc_len_f               = 240\n", "    trunc_len_f               = 230\n")
    j.p("commit: trunc_len_f 230")
    j.status()
    j.add("nextflow.config")
    j.commit("params: trunc_len_f 230")

    # s6 Mateo
    j.day("s6", "2026-11-26", "12:30")
    j.p("último del sprint: en itsx_extract agregá --complement F y actualizá el snapshot")
    playbook(j, "itsx_extract", "    ITSx \\\n", "    ITSx \\\n        --complement F \\\n")
    j.p("commit, y probá de nuevo armar el container de itsx, capaz arreglaron fakeroot")
    j.commit("itsx_extract: --complement F")
    j.sh("apptainer build containers/itsx.sif containers/itsx.def", err=APPT, dur=1790.0)
    j.p("nada. bueno: CHANGELOG con lo de esta semana")
    j.rd("CHANGELOG.md")
    j.ed("CHANGELOG.md", "## [Unreleased]\n",
         "## [Unreleased]\n\n- lulu_curate: minimum_ratio\n- itsx_extract: --complement F\n- trunc_len_f 230\n")
    j.diff()
    j.add("CHANGELOG.md")
    j.commit("changelog")
    j.p("lint y push")
    j.sh("nf-core pipelines lint --dir .", dur=38000.0)
    j.sh("git push origin mateo/itsx-complement")
    return j
