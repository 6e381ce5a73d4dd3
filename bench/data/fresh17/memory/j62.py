"""journal-62: wrenbeacon, Zephyr 3.7 firmware for a BLE environmental sensor on the nRF52840 DK
(west, sysbuild, twister on native_sim, a hardware-in-the-loop rig whose share is mounted at /mnt/hilrig).
Developers: Ingrid s1/s5, Raj s2/s6, Mei s3, Felix s4."""
from jlib import Journal

NOPROBE = "ERROR: Unable to connect to a debugger.\nERROR: Is the debugger connected to the PC?"
BOARD = ("No board named 'nrf52840dk_nrf52840' found.\n\nPlease choose one of the following boards:\n"
         "CMake Error at /home/fw/zephyrproject/zephyr/cmake/modules/boards.cmake:196 (message):\n  Invalid BOARD; see above.")
CFG = "ENOENT: no such file or directory, open 'build/zephyr/.config'"
RIG = "/mnt/hilrig"


def build():
    j = Journal(62062)

    # ---- s1 Mon, Ingrid
    j.session("s1", "2026-11-23 07:58")
    j.say("advertising interval should be 1 s, not 100 ms, battery is draining way too fast (issue #88)")
    j.read("app/src/ble.c")
    j.read("app/prj.conf")
    j.edit("app/src/ble.c", "BT_GAP_ADV_FAST_INT_MIN_2, BT_GAP_ADV_FAST_INT_MAX_2",
           "BT_GAP_MS_TO_ADV_INTERVAL(1000), BT_GAP_MS_TO_ADV_INTERVAL(1010)")
    j.run("west twister -p native_sim -T tests/ble_adv", dur=48200)
    j.say("flash it to the DK on my desk so I can put the PPK on it")
    j.run("nrfjprog --program build/merged.hex --chiperase --verify -r", err=NOPROBE, dur=1400)
    j.run("lsusb", dur=60)
    j.say("also run the clang-format check over app/src, CI complains a lot lately")
    j.run("clang-format --dry-run -Werror app/src/ble.c app/src/sensor.c app/src/main.c", dur=700)
    j.say("fine. change the status LED to P0.13 in the board overlay and build")
    j.edit("app/boards/nrf52840dk_nrf52840.overlay", "gpios = <&gpio0 17 GPIO_ACTIVE_LOW>;",
           "gpios = <&gpio0 13 GPIO_ACTIVE_LOW>;")
    j.run("west build -d build app", dur=61300)
    j.read("build/app/zephyr/zephyr.dts")
    j.add(["app/boards/nrf52840dk_nrf52840.overlay"])
    j.say("is the rig free right now?")
    j.ls(RIG + "/queue", err="EIO: i/o error, scandir '/mnt/hilrig/queue'")

    # ---- s2 Tue, Raj (long)
    j.session("s2", "2026-11-24 09:20")
    j.say("We're moving the sensor app to Zephyr 3.7 (west.yml on main already points at v3.7.0, I merged that last "
          "night). Please do a clean build for the DK, fix whatever breaks in our own code, and tell me the flash and "
          "RAM numbers compared with last week's 61.2 KB / 18.9 KB. Don't touch the upstream modules.")
    j.run("west update", dur=83100)
    j.run("west build -p always -b nrf52840dk_nrf52840 app", err=BOARD, dur=7400)
    j.run("west build -p always -b nrf52840dk/nrf52840 app", dur=118400)
    j.read("build/app/zephyr/zephyr.stat")
    j.read("build/build_info.yml")
    j.run("west build -d build -t rom_report", dur=14100)
    j.run("west build -d build -t ram_report", dur=13600)
    j.say("there are deprecation warnings about the bt_le_adv_start options, clean those up please")
    j.read("app/src/ble.c")
    j.edit("app/src/ble.c", "BT_LE_ADV_OPT_CONNECTABLE", "BT_LE_ADV_OPT_CONN")
    j.edit("app/src/ble.c", "BT_LE_ADV_OPT_USE_NAME", "BT_LE_ADV_OPT_USE_IDENTITY")
    j.run("west build -d build app", dur=52600)
    j.say("Now push that build to the HIL rig and run the smoke suite; results land in the results folder.")
    j.write(RIG + "/queue/job-1124-raj.json", "{\"image\": \"build/merged.hex\", \"suite\": \"smoke\", \"owner\": \"raj\"}")
    j.ls(RIG + "/results")
    j.ls(RIG + "/results/job-1124-raj", err="ESTALE: stale file handle, scandir '/mnt/hilrig/results/job-1124-raj'")
    j.ls(RIG + "/queue")
    j.say("Commit the 3.7 port, message 'port to Zephyr 3.7'.")
    j.status()
    j.add(["app/src/ble.c"])
    j.commit("port to Zephyr 3.7")

    # ---- s3 Wed, Mei
    j.session("s3", "2026-11-25 02:14")
    j.say("温度读数偶尔是 -40°C，看一下 sht4x 那块的读取逻辑 (issue #91)")
    j.read("app/src/sensor.c")
    j.read("tests/sensor/src/main.c")
    j.edit("app/src/sensor.c", "if (ret < 0) {\n\t\treturn ret;", "if (ret < 0 || val.val1 <= -40) {\n\t\treturn -EAGAIN;")
    j.run("west twister -p native_sim -T tests/sensor",
          err="FAILED: tests/sensor/sensor.sht4x.retry on native_sim: Assertion failed at tests/sensor/src/main.c:57", dur=39200)
    j.edit("tests/sensor/src/main.c", "zassert_equal(ret, 0", "zassert_equal(ret, -EAGAIN")
    j.run("west twister -p native_sim -T tests/sensor", dur=38800)
    j.say("在 DK 上烧一下看看")
    j.run("nrfjprog --program build/merged.hex --sectorerase --verify -r", err=NOPROBE, dur=1300)
    j.say("overlay 里把 i2c1 打开，400k")
    j.edit("app/boards/nrf52840dk_nrf52840.overlay", "&i2c1 {\n\tstatus = \"disabled\";",
           "&i2c1 {\n\tstatus = \"okay\";\n\tclock-frequency = <I2C_BITRATE_FAST>;")
    j.run("west build -d build app", dur=58700)
    j.read("build/app/zephyr/zephyr.dts")
    j.add(["app/boards/nrf52840dk_nrf52840.overlay"])
    j.say("再把 tests 下面的 twister 全跑一遍，顺便看下覆盖率")
    j.run("west twister -p native_sim -T tests", dur=142000)
    j.run("west twister -p native_sim -T tests --coverage --coverage-tool gcovr", dur=171000)
    j.say("昨天 Raj 的 rig job 结果出来了吗")
    j.ls(RIG + "/results/job-1124-raj")
    j.read(RIG + "/results/job-1124-raj/summary.txt")
    j.say("commit 一下")
    j.diff()
    j.add(["app/src/sensor.c", "tests/sensor/src/main.c"])
    j.commit("sensor: retry sht4x reads that come back as -40 C (#91)")

    # ---- s4 Thu, Felix
    j.session("s4", "2026-11-26 12:06")
    j.say("Pristine-Build mit overlay-debug.conf bitte, ich brauch RTT logging")
    j.read("app/overlay-debug.conf")
    j.run("west build -p always -b nrf52840dk_nrf52840 app -- -DEXTRA_CONF_FILE=overlay-debug.conf", err=BOARD, dur=6900)
    j.run("west build -p always -b nrf52840dk/nrf52840 app -- -DEXTRA_CONF_FILE=overlay-debug.conf", dur=121700)
    j.say("ist CONFIG_USE_SEGGER_RTT wirklich an? schau in die config")
    j.read("build/zephyr/.config", err=CFG)
    j.read("build/app/zephyr/.config")
    j.say("welcher MCUboot-Key wird eigentlich zum Signieren benutzt?")
    j.read("sysbuild.conf")
    j.read("sysbuild/mcuboot.conf")
    j.say("und wie viel Flash kostet das RTT-Zeug? rom report")
    j.run("west build -d build -t rom_report", dur=13900)
    j.say("CHANGELOG eintragen, committen")
    j.edit("CHANGELOG.md", "## Unreleased\n", "## Unreleased\n\n- Debug builds log over RTT (overlay-debug.conf)\n")
    j.add(["CHANGELOG.md", "app/overlay-debug.conf"])
    j.commit("debug overlay: RTT logging")
    j.say("rig frei?")
    j.ls(RIG + "/queue", err="ETIMEDOUT: operation timed out, scandir '/mnt/hilrig/queue'")

    # ---- s5 Fri, Ingrid
    j.session("s5", "2026-11-27 08:15")
    j.say("can you flash the release candidate from build/ onto the DK? I want to check the current draw before we tag")
    j.run("nrfjprog --program build/merged.hex --sectorerase --verify -r", err=NOPROBE, dur=1350)
    j.run("nrfjprog --recover", err=NOPROBE, dur=1200)
    j.say("ugh ok, put it on the hil rig instead, power profile suite")
    j.write(RIG + "/queue/job-1127-ingrid.json", "{\"image\": \"build/merged.hex\", \"suite\": \"power\", \"owner\": \"ingrid\"}")
    j.ls(RIG + "/queue")
    j.ls(RIG + "/results", err="ENOTCONN: transport endpoint is not connected, scandir '/mnt/hilrig/results'")
    j.say("make the sensor sample period a Kconfig option, default 30 s")
    j.read("app/Kconfig")
    j.edit("app/Kconfig", "endmenu", "config WREN_SAMPLE_PERIOD_S\n\tint \"Sensor sample period (s)\"\n\tdefault 30\n\nendmenu")
    j.edit("app/src/sensor.c", "K_SECONDS(10)", "K_SECONDS(CONFIG_WREN_SAMPLE_PERIOD_S)")
    j.run("west build -d build app", dur=49800)
    j.run("west twister -p native_sim -T tests/sensor", dur=37900)
    j.say("and the overlay for board rev B: button moved to P0.11")
    j.edit("app/boards/nrf52840dk_nrf52840.overlay", "gpios = <&gpio0 25 (GPIO_PULL_UP | GPIO_ACTIVE_LOW)>;",
           "gpios = <&gpio0 11 (GPIO_PULL_UP | GPIO_ACTIVE_LOW)>;")
    j.run("west build -d build app", dur=55100)
    j.read("build/app/zephyr/zephyr.dts")
    j.add(["app/boards/nrf52840dk_nrf52840.overlay"])
    j.say("commit all of today's work and tag it v0.9.0-rc2")
    j.add(["app/Kconfig", "app/src/sensor.c"])
    j.commit("Kconfig sample period; rev B button; rc2")
    j.run("git tag -a v0.9.0-rc2 -m 'v0.9.0-rc2'", dur=60)
    j.run("git push origin v0.9.0-rc2", dur=2300)

    # ---- s6 Sat, Raj
    j.session("s6", "2026-11-28 10:44")
    j.say("Release notes for v0.9.0, please: summarise the commits since v0.8.2 and mention anything that changed in "
          "the Kconfig defaults we ship.")
    j.log(50, rev="v0.8.2..HEAD")
    j.read("build/zephyr/.config", err=CFG)
    j.read("build/app/zephyr/.config")
    j.write("docs/release-notes/v0.9.0.md", "# v0.9.0\n\n- Zephyr 3.7\n- 1 s advertising interval (#88)\n- sht4x retry (#91)\n"
            "- WREN_SAMPLE_PERIOD_S (default 30 s)\n")
    j.say("add the rc2 sizes to the size history")
    j.run("python3 scripts/size_history.py build/app/zephyr/zephyr.stat --append docs/size-history.csv", dur=400)
    j.say("did 3.7 change the default for BT_MAX_CONN? look it up")
    j.get("https://docs.zephyrproject.org/3.7.0/kconfig.html#CONFIG_BT_MAX_CONN")
    j.say("and grab Ingrid's power run from the rig if it finished")
    j.ls(RIG + "/results/job-1127-ingrid")
    j.read(RIG + "/results/job-1127-ingrid/power.csv")
    j.read(RIG + "/results/job-1127-ingrid/summary.txt")
    j.say("last thing: the newest raw capture folder on the rig, just list it")
    j.ls(RIG + "/captures", err="EIO: i/o error, scandir '/mnt/hilrig/captures'")
    j.say("commit the notes")
    j.add(["docs/release-notes/v0.9.0.md"])
    j.commit("release notes v0.9.0")
    return j
