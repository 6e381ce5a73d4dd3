"""Journal 102: stonechat-ops (PowerShell 7.4 fleet module), 2026-11-23 .. 2026-11-28."""
from jlib import Journal

FEED = "https://pkgs.stonechat-sd.org/nuget/"
HELP = ('pwsh -NoProfile -c "Import-Module ./src/Stonechat.Fleet.psd1 -Force; '
        'Update-MarkdownHelpModule -Path docs/en-US -RefreshModulePage -AlphabeticParamsOrder"')
PUB = ("Publish-PSResource: Repository 'StonechatInternal' requires an API key. "
       "No secret named 'ProGetApiKey' was found in any registered vault.")
MSAL = ("Import-Module: Could not load file or assembly 'Microsoft.Identity.Client, Version=4.61.3.0, Culture=neutral, "
        "PublicKeyToken=0a613f4dd989e8ae'. Assembly with same name is already loaded")
SSHERR = "Received disconnect from 10.40.8.21 port 22:2: Too many authentication failures\nDisconnected from 10.40.8.21 port 22"
LAB = "ssh -o IdentitiesOnly=yes -i ~/.ssh/lab_ed25519 lab-win11 "


def playbook(j, cmdlet, old, new):
    j.ed("src/Public/%s.ps1" % cmdlet, old, new)
    j.sh(HELP)
    j.rd("docs/en-US/%s.md" % cmdlet)
    j.add("src/Public/%s.ps1" % cmdlet, "docs/en-US/%s.md" % cmdlet)


def build():
    j = Journal(seed=102027)

    # ---- s1 Monday: Maren, Kofi
    j.day("s1", "2026-11-23", 8, 10)
    j.p("maren: SD-2260 Get-FleetDevice gets a -Site filter. comment help + docs page as usual")
    playbook(j, "Get-FleetDevice",
             "        [string]\n        $Name\n    )",
             "        [string]\n        $Name,\n\n        [Parameter()]\n        [string]\n        $Site\n    )")
    j.p("commit -> 'Get-FleetDevice -Site (SD-2260)'")
    j.commit("Get-FleetDevice -Site (SD-2260)")
    j.p("kofi: device integration suite against lab-win11 pls")
    j.sh("ssh lab-win11 \"pwsh -NoProfile -c 'Invoke-Pester C:/stonechat/tests/Integration/Device*'\"", SSHERR)
    j.sh(LAB + "\"pwsh -NoProfile -c 'Invoke-Pester C:/stonechat/tests/Integration/Device*'\"", dur=48000.0)
    j.p("newest Stonechat.Fleet on the internal feed?")
    j.get(FEED + "internal/v3/registration/stonechat.fleet/index.json", "HTTP 502 Bad Gateway")
    j.get(FEED + "internal/v3/registration/stonechat.fleet/index.json")
    j.p("analyzer over src/ with our settings file")
    j.sh('pwsh -NoProfile -c "Invoke-ScriptAnalyzer -Path src -Recurse -Settings ./PSScriptAnalyzerSettings.psd1"')
    j.p("does FunctionsToExport in the psd1 still match src/Public?")
    j.rd("src/Stonechat.Fleet.psd1")
    j.ls("src/Public")
    j.p("import it clean and count exported commands, also which Pester is installed")
    j.sh('pwsh -NoProfile -c "Import-Module ./src/Stonechat.Fleet.psd1 -Force; (Get-Command -Module Stonechat.Fleet).Count"')
    j.sh("pwsh -NoProfile -c 'Get-InstalledPSResource Pester | Select-Object Name,Version'")

    # ---- s2 Tuesday: Lucia, Maren
    j.day("s2", "2026-11-24", 8, 35)
    j.p("lucia: whole pester suite first, I want a baseline before SD-2271")
    j.sh('pwsh -c "Invoke-Pester ./tests -Output Minimal"', MSAL, dur=6400.0)
    j.sh('pwsh -NoProfile -c "Invoke-Pester ./tests -Output Minimal"', dur=91000.0)
    j.p("SD-2271 Sync-FleetIntune must skip devices without a serial number, fix it")
    j.rd("src/Public/Sync-FleetIntune.ps1")
    j.ed("src/Public/Sync-FleetIntune.ps1", "foreach ($device in $devices) {",
         "foreach ($device in $devices) {\n        if ([string]::IsNullOrWhiteSpace($device.SerialNumber)) { continue }")
    j.sh('pwsh -NoProfile -c "Invoke-Pester ./tests/Sync-FleetIntune.Tests.ps1"')
    j.sh("pwsh -NoProfile -c 'Invoke-ScriptAnalyzer -Path src/Public/Sync-FleetIntune.ps1'")
    j.p("commit, then get 1.8.1 onto the feed, maren says northside is waiting")
    j.status()
    j.add("src/Public/Sync-FleetIntune.ps1")
    j.commit("Sync-FleetIntune: skip devices without serial (SD-2271)")
    j.sh("./build/publish.ps1 -Repository StonechatInternal -Version 1.8.1", PUB)
    j.p("what does the feed have for 1.8.x then")
    j.get(FEED + "internal/FindPackagesById()?id='Stonechat.Fleet'", "ETIMEDOUT: request timed out after 30000 ms")
    j.p("maren: leave the release for now. typo 'Intnue' in about_Stonechat.Fleet.help.txt")
    j.ed("docs/en-US/about_Stonechat.Fleet.help.txt", "Intnue", "Intune")

    # ---- s3 Wednesday: Kofi, Lucia
    j.day("s3", "2026-11-25", 8, 50)
    j.p("kofi: SD-2275 New-StudentAccount takes -YearGroup (7..13), help text too")
    playbook(j, "New-StudentAccount",
             "        [Parameter(Mandatory)]\n        [string]\n        $Site\n    )",
             "        [Parameter(Mandatory)]\n        [string]\n        $Site,\n\n        [ValidateRange(7, 13)]\n        [int]\n        $YearGroup\n    )")
    j.p("commit it")
    j.commit("New-StudentAccount -YearGroup (SD-2275)")
    j.p("now push 1.8.1 out, schools are asking")
    j.sh("./build/publish.ps1 -Repository StonechatInternal -Version 1.8.1", PUB)
    j.p("is there any vault registered on this machine at all?")
    j.sh("pwsh -NoProfile -c 'Get-SecretVault; Get-SecretInfo'")
    j.p("lucia: which PSScriptAnalyzer and Pester versions sit on our mirror")
    j.get(FEED + "psgallery/FindPackagesById()?id='PSScriptAnalyzer'")
    j.get(FEED + "psgallery/FindPackagesById()?id='Pester'")
    j.p("CI analyzer job is red, reproduce + fix here")
    j.sh('pwsh -NoProfile -c "Invoke-ScriptAnalyzer -Path src -Recurse -EnableExit"',
         "RuleName: PSAvoidUsingWriteHost  Severity: Warning  ScriptName: Write-FleetLog.ps1  Line: 14\n"
         "File 'Write-FleetLog.ps1' uses Write-Host.")
    j.ed("src/Private/Write-FleetLog.ps1", "Write-Host $line", "Write-Information $line -InformationAction Continue")
    j.sh('pwsh -NoProfile -c "Invoke-ScriptAnalyzer -Path src -Recurse -EnableExit"')
    j.p("what pwsh version is this box on")
    j.sh("pwsh --version")

    # ---- s4 Thursday: Maren, Kofi
    j.day("s4", "2026-11-26", 8, 20)
    j.p("maren: Remove-FleetDevice changed, redo the integration pass over on lab-win11")
    j.sh("ssh lab-win11 \"pwsh -NoProfile -c 'Invoke-Pester C:/stonechat/tests/Integration'\"", SSHERR)
    j.sh(LAB + "\"pwsh -NoProfile -c 'Invoke-Pester C:/stonechat/tests/Integration'\"", dur=112000.0)
    j.sh(LAB + "\"Get-Content C:/stonechat/TestResults.xml -Tail 20\"")
    j.sh(LAB + "\"Get-PSDrive C | Select-Object Used,Free\"")
    j.p("did Az.Accounts 3.0.5 make it onto the mirror?")
    j.get(FEED + "psgallery/FindPackagesById()?id='Az.Accounts'", "HTTP 502 Bad Gateway")
    j.get(FEED + "psgallery/FindPackagesById()?id='Az.Accounts'")
    j.p("kofi: SD-2282 Get-FleetAssets -> Get-FleetAsset, singular, old name stays as alias")
    j.rd("src/Public/Get-FleetAssets.ps1")
    j.sh("git mv src/Public/Get-FleetAssets.ps1 src/Public/Get-FleetAsset.ps1")
    j.ed("src/Public/Get-FleetAsset.ps1", "function Get-FleetAssets {",
         "function Get-FleetAsset {\n    [Alias('Get-FleetAssets')]")
    j.ed("src/Stonechat.Fleet.psd1", "'Get-FleetAssets'", "'Get-FleetAsset'")
    j.sh('pwsh -NoProfile -c "Invoke-Pester ./tests/Get-FleetAsset.Tests.ps1"')
    j.p("show diff")
    j.diff()
    j.p("commit")
    j.add("src/Public/Get-FleetAsset.ps1", "src/Stonechat.Fleet.psd1")
    j.commit("Get-FleetAsset (alias Get-FleetAssets) (SD-2282)")

    # ---- s5 Friday: Lucia, Maren
    j.day("s5", "2026-11-27", 8, 5)
    j.p("lucia: merged main into my branch, run every test we have")
    j.sh('pwsh -c "Invoke-Pester ./tests"', MSAL, dur=5900.0)
    j.sh('pwsh -NoProfile -c "Invoke-Pester ./tests"', dur=94000.0)
    j.p("ok then release 1.8.2 from here, CI runners are slow today")
    j.sh("./build/publish.ps1 -Repository StonechatInternal -Version 1.8.2", PUB)
    j.p("what versions are listed right now")
    j.get(FEED + "internal/v3/registration/stonechat.fleet/index.json")
    j.get(FEED + "internal/FindPackagesById()?id='Stonechat.Fleet'", "ECONNRESET: socket hang up")
    j.p("maren: tag v1.8.2 and let the pipeline do its thing")
    j.sh("git tag -a v1.8.2 -m 'v1.8.2'")
    j.sh("git push origin v1.8.2")
    j.p("SD-2290: docs/dev/lab-vm.md explaining how our integration suite is run remotely")
    j.wr("docs/dev/lab-vm.md", "# Lab VM\n\nIntegration tests run on lab-win11 (Windows 11, domain LAB).\n"
         "Copy the module to C:/stonechat, then Invoke-Pester C:/stonechat/tests/Integration.\n")
    j.p("how many It blocks in tests/ now")
    j.sh("grep -rc \"It '\" tests | awk -F: '{s+=$2} END {print s}'")

    # ---- s6 Saturday: Kofi, Lucia
    j.day("s6", "2026-11-28", 9, 0)
    j.p("kofi: SD-2295 Set-FleetDeviceOwner -Notify switch, mails the new owner. help too")
    playbook(j, "Set-FleetDeviceOwner",
             "        [Parameter(Mandatory)]\n        [string]\n        $Owner\n    )",
             "        [Parameter(Mandatory)]\n        [string]\n        $Owner,\n\n        [switch]\n        $Notify\n    )")
    j.p("commit msg 'Set-FleetDeviceOwner -Notify (SD-2295)'")
    j.commit("Set-FleetDeviceOwner -Notify (SD-2295)")
    j.p("ship it as 1.8.3")
    j.sh("./build/publish.ps1 -Repository StonechatInternal -Version 1.8.3", PUB)
    j.p("lucia: did the tag job put 1.8.2 up?")
    j.get(FEED + "internal/v3/registration/stonechat.fleet/index.json", "HTTP 503 Service Unavailable")
    j.get(FEED + "internal/v3/registration/stonechat.fleet/index.json")
    j.p("run the Set-FleetDeviceOwner tests")
    j.sh('pwsh -NoProfile -c "Invoke-Pester ./tests/Set-FleetDeviceOwner.Tests.ps1"')
    j.p("and the analyzer on src/Public once more")
    j.sh('pwsh -NoProfile -c "Invoke-ScriptAnalyzer -Path src/Public -Recurse"')
    j.p("TestResults.xml keeps showing up, ignore it")
    j.ed(".gitignore", "out/\n", "out/\nTestResults.xml\n")
    return j


if __name__ == "__main__":
    build().dump("journal-102.jsonl")
