"""Planted lessons, dictated queries and negatives of fresh40 (journals 153-156), inline.

Written in this order per journal: project profile and five lessons, then the queries and negatives (from the
profile and the lessons alone), then, in a separate sitting, the journal (j153.py ... j156.py).  Every query and
negative is a speech-to-text transcript of what a developer said to the agent: no code formatting, numbers and
symbols spelt out, fillers, and the recogniser's mishearings of tool, file and host names.
"""

NOTES_COMMON = (
    "Queries and negatives are dictated: what a developer said aloud to the agent, as the speech-to-text transcript "
    "came out (little punctuation, numbers and symbols spelt out, fillers, tool/file/host names misheard as everyday "
    "words, e.g. %s). Queries name the work about to be done, never the lesson or error text. The first 3 negatives "
    "are traps next to a lesson (explaining, documenting, a neighbouring file); the other 5 are ordinary work.")

TRUTH = {}

# --------------------------------------------------------------------------------------------- 153 kerfplan
TRUTH[153] = {
    "project": "kerfplan: MiniZinc 2.8 models for Bryn Derw Timber, a hardwood sawmill co-op in mid Wales: "
               "models/cutting.mzn (cutting patterns per log for the week's order book; includes the house predicate "
               "library mzn-lib/kerf.mzn), models/kiln.mzn (kiln loading schedule), data/*.dzn made by "
               "tools/orders2dzn.py from the ERP's CSV exports, Gecode / Chuffed / OR-Tools CP-SAT, regression cases "
               "run by tools/runcases.py, PDF cut sheets from tools/cutsheet.py, the co-op's ERP API "
               "(erp.brynderw.coop) and the kiln controller's Raspberry Pi (kiln-pi) on the mill LAN; developers "
               "Ffion, Gareth and Oksana",
    "planted": [
        {"id": "j153-p1", "kind": "pitfall", "ability": "shell.run", "anchor": "scp",
         "description": "The kiln controller Pi (kiln-pi) is only reachable from the mill LAN; copying a kiln plan "
                        "to it from this dev box with scp always fails (no route to host). Don't push kiln "
                        "schedules from here: leave the CSV in out/kiln/ and the mill office loads it."},
        {"id": "j153-p2", "kind": "rule", "ability": "shell.run", "anchor": "minizinc",
         "description": "models/cutting.mzn includes the house predicates (kerf.mzn) from mzn-lib/; minizinc "
                        "cannot find the include unless run with `-I mzn-lib`. Always solve the cutting model as "
                        "`minizinc -I mzn-lib --solver ... models/cutting.mzn data/...dzn` (the kiln model needs no "
                        "flag)."},
        {"id": "j153-p3", "kind": "playbook", "ability": "fs.edit_file", "anchor": "grades",
         "sequence": ["fs.edit_file", "shell.run", "git.diff", "git.commit"],
         "description": "Adding or changing a timber species or grade: edit data/grades.dzn, run "
                        "`python3 tools/runcases.py --quick`, look at the git diff, commit."},
        {"id": "j153-p4", "kind": "weak_link", "ability": "http.get", "anchor": "erp.brynderw.coop",
         "description": "The co-op's ERP API (orders, order status, log intake at erp.brynderw.coop) is flaky: "
                        "gateway errors, timeouts, resets; retry before concluding anything."},
        {"id": "j153-p5", "kind": "rule", "ability": "shell.run", "anchor": "python3",
         "description": "The ERP's CSV exports are Windows-1252 (pound and fraction signs); "
                        "`python3 tools/orders2dzn.py` fails on them unless given `--encoding cp1252`."},
    ],
    "queries": [
        ("j153-p1", "okay so the kiln plan for monday is done um can you send it over to the kiln pie so it's loaded before the morning shift"),
        ("j153-p1", "right copy tomorrow's kiln schedule c s v onto the kiln controller please the one in out slash kiln"),
        ("j153-p1", "um push the new kiln loading plan to the raspberry pie in the kiln shed thanks"),
        ("j153-p2", "okay can you solve the cutting model for week fifty with the chuffed solver and tell me the total waste"),
        ("j153-p2", "um run mini zinc on cutting dot m z n with the week forty nine data file and give me the patterns for the oak logs"),
        ("j153-p2", "so Gareth changed the kerf width can you re solve the cutting patterns for this week and compare the yield"),
        ("j153-p3", "okay we're adding ash as a new grade um prime and cabinet put it in the grades file and get it committed"),
        ("j153-p3", "can you change the minimum length for the beam grade to two point four metres in grade s dot d z n and commit that"),
        ("j153-p3", "um the co-op wants a new species sweet chestnut with two grades add those to the grade data please"),
        ("j153-p4", "okay pull this week's open orders from the e r p a p i and tell me how many boards of oak we owe"),
        ("j153-p4", "um can you check the order status for the llandrindod joinery order on the co-op e r p"),
        ("j153-p4", "get the log intake from the e r p for yesterday so I can see what came into the yard"),
        ("j153-p5", "right turn the e r p export from this morning into a d z n file for week fifty um it's in exports slash orders"),
        ("j153-p5", "okay convert the new orders c s v Oksana dropped in exports into data for the cutting model please"),
        ("j153-p5", "can you run the orders to d z n script on the november back orders export thanks"),
    ],
    "negatives": [
        "okay can you explain what the kerf dot m z n predicates do in plain words for the new starter",
        "um add a column for the moisture target to the kiln plan output in the kiln model",
        "can you add type hints to orders to d z n dot pie no behaviour change",
        "okay the cut sheet p d f has the log numbers too small can you bump the font in cut sheet dot pie",
        "um write a regression case for a log with a split end so the model skips the first half metre",
        "please tidy up the git ignore so the out folder and the p d fs don't show up",
        "can you rename the variable n logs to log count across the kiln model",
        "add a make target that deletes solver output older than a month",
    ],
    "mishearings": "'kiln pie' (kiln-pi), 'mini zinc', 'grade s dot d z n' (grades.dzn), 'dot pie' (.py)",
}

# --------------------------------------------------------------------------------------------- 154 hollowmere
TRUTH[154] = {
    "project": "hollowmere: an Inform 7 (10.1) parser game by a three-person studio (Wren, Idris, Maelle) for "
               "Spring Thing 2027: source Hollowmere.inform/Source/story.ni, the studio's shared extensions in "
               "shared/Inform/Extensions (Dialogue Beats, Tide Clock), command-line builds with inform7 -> inform6 "
               "-> inblorb to a Glulx .gblorb, transcript tests run by intest (tests/cases/*.txt), a Parchment web "
               "release in web/, beta testers' transcripts collected by transcripts.hollowmere.games, and the studio "
               "web host (studio-web) which CI updates",
    "planted": [
        {"id": "j154-p1", "kind": "pitfall", "ability": "shell.run", "anchor": "glulxe",
         "description": "There is no glulxe interpreter on this machine; playing the built .gblorb directly always "
                        "fails (command not found). Check play-throughs with intest, which brings its own "
                        "interpreter."},
        {"id": "j154-p2", "kind": "rule", "ability": "shell.run", "anchor": "inform7",
         "description": "The story uses the studio's shared extensions; `inform7 -project Hollowmere.inform` fails "
                        "to find them unless given `-external shared/Inform`."},
        {"id": "j154-p3", "kind": "playbook", "ability": "fs.write_file", "anchor": "cases",
         "sequence": ["fs.write_file", "shell.run", "git.add"],
         "description": "Adding a transcript test: write tests/cases/<name>.txt, run "
                        "`intest -from Hollowmere.inform -bless <name>`, stage the case."},
        {"id": "j154-p4", "kind": "weak_link", "ability": "http.get", "anchor": "transcripts.hollowmere.games",
         "description": "The beta testers' transcript collector (transcripts.hollowmere.games) is flaky: 5xx, "
                        "timeouts, TLS resets; retry before concluding anything."},
        {"id": "j154-p5", "kind": "pitfall", "ability": "shell.run", "anchor": "rsync",
         "description": "studio-web only accepts CI's deploy key: rsync of web/ to the studio host from here always "
                        "fails (publickey). Push to main and let CI publish the web release."},
    ],
    "queries": [
        ("j154-p1", "okay so the new build's done can you play through the opening with glue lux e and see if the boat scene still triggers"),
        ("j154-p1", "um load the g blorb in the interpreter and type look and then x lantern and tell me what comes back"),
        ("j154-p1", "can you just run the game file from the build folder and try going north from the jetty like Idris said"),
        ("j154-p2", "okay compile the story again with in form seven after my edits to the lighthouse chapter"),
        ("j154-p2", "um Wren changed the tide clock extension can you rebuild the project and tell me if there are any problems"),
        ("j154-p2", "please do a fresh release build of hollow mere dot inform so we get a new g blorb"),
        ("j154-p3", "okay add a test for the ferryman conversation um all three endings and bless the output"),
        ("j154-p3", "can you write a transcript test that covers picking up the eel trap in the dark and lock it in"),
        ("j154-p3", "um we need a regression case for the bug where the tide turned twice add it to the test cases please"),
        ("j154-p4", "okay fetch the latest beta tester transcripts from the transcript server and tell me where people got stuck"),
        ("j154-p4", "um can you pull the list of play sessions from the testers server for last weekend"),
        ("j154-p4", "grab tester number fourteen's transcript from the collector and find where they typed hint"),
        ("j154-p5", "okay upload the parchment build in the web folder to the studio site so testers get it tonight"),
        ("j154-p5", "um copy the new web release up to studio web so the beta link works"),
        ("j154-p5", "can you deploy the browser version to our host by hand this once"),
    ],
    "negatives": [
        "okay explain to me what the dash external flag does on the in form seven command line",
        "um write up in the readme how testers should send us their transcripts",
        "can you rename the test case files in tests slash cases to use dashes instead of underscores",
        "the room description for the boathouse is too long can you trim it to three sentences",
        "um add an about text with the credits for the three of us and the cover artist",
        "okay fix the typo where it says lanthorn instead of lantern in chapter two",
        "can you make the hint menu list the chapters in the order you play them",
        "please update the change log for beta four with what we fixed this week",
    ],
    "mishearings": "'glue lux e' (glulxe), 'in form seven' (inform7), 'g blorb' (.gblorb), 'hollow mere'",
}

# --------------------------------------------------------------------------------------------- 155 canalside-infra
TRUTH[155] = {
    "project": "canalside-infra: Bicep infrastructure of Canalside Homes' tenant portal on Azure (a housing "
               "association): infra/main.bicep, modules in infra/modules/* published to a private Bicep registry "
               "(crcanalsidemods.azurecr.io), one .bicepparam per environment (dev, test, prod) in infra/env, the "
               "az CLI (bicep build, build-params, publish, deployment group what-if), linter settings in "
               "bicepconfig.json, PSRule for Azure and deployments in the Azure DevOps pipeline, the App Service "
               "staging slot (tenants-stg.canalsidehomes.org.uk); developers Siobhan, Kwame and Ilse",
    "planted": [
        {"id": "j155-p1", "kind": "pitfall", "ability": "shell.run", "anchor": "pwsh",
         "description": "PSRule for Azure is not installed on this machine and the PowerShell Gallery is blocked; "
                        "`pwsh ... Assert-PSRule` never works here. PSRule runs in the pipeline on the PR."},
        {"id": "j155-p2", "kind": "rule", "ability": "shell.run", "anchor": "az",
         "description": "The az CLI's default subscription here is a personal sandbox; `az deployment group what-if` "
                        "against the portal's resource groups fails with AuthorizationFailed unless given "
                        "`--subscription canalside-nonprod`."},
        {"id": "j155-p3", "kind": "playbook", "ability": "fs.edit_file", "anchor": "publish",
         "sequence": ["fs.edit_file", "shell.run", "git.add", "git.commit"],
         "description": "Changing a shared module: edit infra/modules/<m>/main.bicep, "
                        "`az bicep publish --file ... --target br:crcanalsidemods.azurecr.io/bicep/modules/<m>:<ver>`, "
                        "stage, commit."},
        {"id": "j155-p4", "kind": "weak_link", "ability": "http.get", "anchor": "tenants-stg.canalsidehomes.org.uk",
         "description": "The tenant portal's staging slot (tenants-stg.canalsidehomes.org.uk) is flaky: cold "
                        "starts, 502/503, timeouts; retry before concluding anything."},
        {"id": "j155-p5", "kind": "playbook", "ability": "fs.edit_file", "anchor": "bicepparam",
         "sequence": ["fs.edit_file", "shell.run", "git.diff"],
         "description": "Changing an environment setting: edit infra/env/<env>.bicepparam, "
                        "`az bicep build-params --file infra/env/<env>.bicepparam --stdout`, look at the git diff."},
    ],
    "queries": [
        ("j155-p1", "okay before I open the p r can you run the p s rule checks on the infra folder locally"),
        ("j155-p1", "um run the azure well architected rules against main dot bicep and tell me what fails"),
        ("j155-p1", "can you check the storage module against our piece rule baseline before I push it"),
        ("j155-p2", "okay do a what if of the test environment deployment so I can see what the key vault change would do"),
        ("j155-p2", "um preview the changes for the dev resource group with as deployment what if before we merge"),
        ("j155-p2", "can you show me what would change in the tenant portal resource group if we deployed main dot bicep now"),
        ("j155-p3", "okay bump the app service module to one point four with the new always on setting and push it to our registry"),
        ("j155-p3", "um add the diagnostic setting to the key vault module and publish a new version of it"),
        ("j155-p3", "can you release the storage account module with the private endpoint change as version two point one point oh"),
        ("j155-p4", "okay check the tenant portal staging slot health page after the deploy"),
        ("j155-p4", "um hit the staging site's version endpoint and tell me which build it's on"),
        ("j155-p4", "can you see if the repairs page on tenants staging loads yet"),
        ("j155-p5", "okay turn on the new repairs booking feature flag for the test environment in its param file"),
        ("j155-p5", "um change the app service plan sku for dev to b two in dev dot bicep pram and show me the compiled result"),
        ("j155-p5", "can you set the log retention to ninety days in prod's parameters"),
    ],
    "negatives": [
        "okay explain what the b r colon prefix in our module references means for the new guy",
        "um write a wiki note on how dev test and prod differ no changes to code",
        "can you document in the readme which p s rule baseline the pipeline uses",
        "um tidy up the naming of the network security group rules so they all start with allow or deny",
        "okay add tags for cost centre and owner to every resource in main dot bicep",
        "can you write the pull request description for Ilse's private endpoint branch",
        "please add a code owners file so Siobhan reviews anything under infra slash modules",
        "um the pipeline yaml has the agent pool hard coded move it to a variable",
    ],
    "mishearings": "'as deployment' (az deployment), 'piece rule' (PSRule), 'bicep pram' (.bicepparam), 'b r colon' (br:)",
}

# --------------------------------------------------------------------------------------------- 156 curdtrace
TRUTH[156] = {
    "project": "curdtrace: a Neo4j 5 lot-traceability graph of a farmhouse cheese co-op (milk collections -> vats "
               "-> wheels -> cuts -> shops): Cypher queries in cypher/queries/*.cypher (recall trace, mass balance), "
               "migrations migrations/V0NN__*.cypher applied with neo4j-migrations, a local Neo4j 5.20 community in "
               "docker compose on bolt port 7688 (another project's database holds 7687 on this box), cypher-shell, a "
               "fixture graph and scripts/test-queries.sh, the nightly production dump, the milk-testing lab's "
               "results API (portal.dairylabs.ie) and the vat PLC logs on the cheese room's SMB share "
               "(/mnt/vatlogs); developers Nuala, Padraig and Hyun-woo",
    "planted": [
        {"id": "j156-p1", "kind": "pitfall", "ability": "shell.run", "anchor": "neo4j-admin",
         "description": "The nightly production dumps come from Neo4j 5.24 enterprise (block format); "
                        "`neo4j-admin database load` into the local 5.20 community always fails. Work from the "
                        "fixture graph or ask for a CSV extract instead."},
        {"id": "j156-p2", "kind": "rule", "ability": "shell.run", "anchor": "cypher-shell",
         "description": "The local database listens on bolt port 7688; plain cypher-shell goes to 7687 (another "
                        "project's database) and fails authentication. Always pass `-a neo4j://localhost:7688`."},
        {"id": "j156-p3", "kind": "playbook", "ability": "fs.write_file", "anchor": "migrations",
         "sequence": ["fs.write_file", "shell.run", "git.add"],
         "description": "A schema change: write migrations/V0NN__<what>.cypher, `neo4j-migrations ... apply` "
                        "against the local database, stage the migration."},
        {"id": "j156-p4", "kind": "weak_link", "ability": "http.get", "anchor": "portal.dairylabs.ie",
         "description": "The milk-testing lab's results API (portal.dairylabs.ie) is flaky: 5xx, timeouts, "
                        "resets; retry before concluding anything."},
        {"id": "j156-p5", "kind": "weak_link", "ability": "fs.list_directory", "anchor": "vatlogs",
         "description": "The cheese room's SMB share with the vat PLC logs (/mnt/vatlogs) is unreliable: stale "
                        "handles, timeouts, a dropped mount; every listing there is a gamble, retry or ask."},
    ],
    "queries": [
        ("j156-p1", "okay load last night's production dump into my local neo for j so I can reproduce the recall query timing"),
        ("j156-p1", "um restore the dump file from tuesday into the local database please"),
        ("j156-p1", "can you get the real graph onto my machine from the nightly backup so I can test with real lots"),
        ("j156-p2", "okay run the recall trace query for lot two four one one oh seven against the local graph and show me the wheels"),
        ("j156-p2", "um in the cipher shell count how many vats have no milk collection linked to them"),
        ("j156-p2", "can you run the mass balance query on the local database for the week of the ninth"),
        ("j156-p3", "okay we need a uniqueness constraint on wheel serial numbers add it as a new migration and apply it"),
        ("j156-p3", "um add an index on collection date for the milk collections as a migration please"),
        ("j156-p3", "can you write a migration that renames the made from relationship to cut from and run it locally"),
        ("j156-p4", "okay pull the lab results for this week's milk collections from the dairy labs portal"),
        ("j156-p4", "um check the somatic cell count results for paw rick's farm on the lab a p i"),
        ("j156-p4", "can you fetch the bacteria test results for collection batch sixty two from the lab"),
        ("j156-p5", "okay look at what log files we have for vat three from last friday on the share"),
        ("j156-p5", "um list the p l c log folders for november in the fat logs share"),
        ("j156-p5", "can you see if the cheese room logs for the weekend are on the mount yet"),
    ],
    "negatives": [
        "okay explain what the recall trace query does step by step for the food safety auditor",
        "um document in the readme how the nightly dump is made and where it's kept",
        "um which of our migrations created the lot index just tell me the file name",
        "okay the expected c s v for the mass balance test has its columns in the wrong order fix the header",
        "um bump the neo for j image in docker compose to five point twenty one",
        "please write a small python script that turns the recall output into a p d f for the shops",
        "can you tidy the query file names so they're all lower case with dashes",
        "um add hyun woo to the code owners for the fixtures folder",
    ],
    "mishearings": "'neo for j' (Neo4j), 'cipher shell' (cypher-shell), 'fat logs' (vatlogs), 'paw rick' (Padraig)",
}
