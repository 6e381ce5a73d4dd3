"""Journal 32: 'thermo-node', STM32L476 sensor firmware in C with CMake + Ninja, arm-none-eabi-gcc, host unit tests via CTest."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from jlib import *

CFG = "cmake -B build -G Ninja -DCMAKE_TOOLCHAIN_FILE=cmake/arm-none-eabi.cmake"
OCD = 'openocd -f interface/stlink.cfg -f target/stm32l4x.cfg -c "program build/thermo.elf verify reset exit"'
def LIBUSB(bus, dev):
    return (f"Error: libusb_open() failed with LIBUSB_ERROR_ACCESS\nError: open failed\n"
            f"Info : device {bus:03d}/{dev:03d} 0483:374b ST-LINK/V2-1 not accessible")
HDR = "Drivers/CMSIS/Device/ST/STM32L4xx/Include/stm32l476xx.h"
ENOENT = f"ENOENT: no such file or directory, open '{HDR}'"
NOTESTS = "No tests were found!!!"
ST_ = "https://www.st.com/resource/en"

S = {}
S["s1"] = [
    P("bring up the SHT40 humidity sensor on board rev C"),
    L("."), R("CMakeLists.txt"), R("cmake/arm-none-eabi.cmake"),
    SH(CFG, ms=2600), SH("cmake --build build", ms=21400),
    P("which I2C instance and pins does rev C use?"),
    R("Core/Src/i2c.c"), R(HDR, err=ENOENT), L("Drivers"), R("board/thermo_node_revC.h"),
    GET(ST_ + "/datasheet/stm32l476rg.pdf", ms=2300),
    P("write the SHT40 driver"),
    W("Core/Src/sht40.c"), W("Core/Inc/sht40.h"), E("CMakeLists.txt"),
    SH("cmake --build build", err="/work/thermo-node/Core/Src/sht40.c:42:17: error: 'SHT40_CMD_MEASURE_HIGH' undeclared (first use in this function)", ms=6100),
    E("Core/Inc/sht40.h"),
    SH("cmake --build build", ms=7200),
    P("flash it to the dev board and read a value"),
    SH(OCD, err=LIBUSB(1, 7), ms=1400), SH("lsusb", ms=120), SH("ls -l /dev/bus/usb/001", ms=90),
    P("can't flash from this box, commit the driver and test on the bench later"),
    ADD("Core/Src/sht40.c", "Core/Inc/sht40.h", "CMakeLists.txt"), CM("SHT40 driver on I2C1"),
]
S["s2"] = [
    P("THERMO-12: host unit tests for the CRC-8 the SHT40 uses"),
    R("tests/CMakeLists.txt"), R("Core/Src/sht40.c"), W("tests/test_crc8.c"), E("tests/CMakeLists.txt"),
    SH("cmake -B build-host -G Ninja -DTARGET=host", ms=1900), SH("cmake --build build-host", ms=4800),
    P("run the host tests"),
    SH("ctest", err=NOTESTS, ms=300), L("build-host"),
    SH("ctest --test-dir build-host --output-on-failure", ms=1600),
    P("double check the I2C timing register value against the reference manual"),
    GET(ST_ + "/reference_manual/rm0351-stm32l47xxx-stm32l48xxx-stm32l49xxx-and-stm32l4axxx-advanced-armbased-32bit-mcus-stmicroelectronics.pdf",
        err="HTTP 403 Forbidden: Access Denied (Reference #18.7d2f1402.1764091211.3a0c5e1)", ms=900),
    GET(ST_ + "/application_note/an4235-i2c-timing-configuration-tool-for-stm32f3xxxx-and-stm32f0xxxx-microcontrollers-stmicroelectronics.pdf",
        err="SSLError: [SSL: CERTIFICATE_VERIFY_FAILED] certificate verify failed: unable to get local issuer certificate", ms=400),
    R(HDR, err=ENOENT), R("Core/Src/i2c.c"),
    P("commit the CRC tests"),
    ST(), ADD("tests/test_crc8.c", "tests/CMakeLists.txt"), DF(), CM("THERMO-12 host tests for sht40 crc8"),
    P("bump firmware version to 1.3.0"),
    E("Core/Inc/version.h"), SH("cmake --build build", ms=6900), ADD("Core/Inc/version.h"), CM("Bump firmware to 1.3.0"),
]
S["s3"] = [
    P("low power: STOP2 between readings, wake on LPTIM1"),
    R("Core/Src/main.c"), R("Core/Src/stm32l4xx_it.c"), W("Core/Src/power.c"), W("Core/Inc/power.h"), E("Core/Src/main.c"),
    SH("cmake --build build", err="arm-none-eabi-ld: build/thermo.elf section `.text' will not fit in region `FLASH'\narm-none-eabi-ld: region `FLASH' overflowed by 1244 bytes", ms=8800),
    R("STM32L476RGTX_FLASH.ld"), R("CMakeLists.txt"), E("CMakeLists.txt"),
    SH(CFG, ms=2400), SH("cmake --build build", ms=23100), SH("arm-none-eabi-size build/thermo.elf", ms=140),
    P("read the low-power app note for the LPTIM wake-up sequence"),
    GET(ST_ + "/application_note/an4621-stm32l4-ultralowpower-features-overview-stmicroelectronics.pdf", ms=3100),
    GET(ST_ + "/application_note/an4865-lowpower-timer-lptim-applicative-use-cases-on-stm32-mcus-and-mpus-stmicroelectronics.pdf",
        err="ReadTimeout: HTTPSConnectionPool(host='www.st.com', port=443): Read timed out. (read timeout=30)", ms=30000),
    E("Core/Src/power.c"),
    P("flash and measure current on the bench PSU"),
    SH(OCD, err=LIBUSB(1, 9), ms=1300),
    SH("st-flash --reset write build/thermo.bin 0x08000000", err="WARN usb.c: Couldn't find any ST-Link devices", ms=700),
    P("commit the low-power work"),
    DF("Core/Src/main.c"), ST(), ADD("Core", "CMakeLists.txt"), CM("STOP2 between readings, LPTIM1 wake-up; build with -Os"),
]
S["s4"] = [
    P("THERMO-15: ring buffer for the last 64 readings, with host tests"),
    W("Core/Src/ringbuf.c"), W("Core/Inc/ringbuf.h"), W("tests/test_ringbuf.c"), E("tests/CMakeLists.txt"),
    SH("cmake --build build-host", ms=4100),
    SH("ctest -R ringbuf", err=NOTESTS, ms=280),
    SH("ctest --test-dir build-host -R ringbuf --output-on-failure",
       err="1/1 Test #3: test_ringbuf ......................***Failed    0.01 sec\ntests/test_ringbuf.c:57:test_wraparound:FAIL: Expected 4 Was 3", ms=900),
    R("Core/Src/ringbuf.c"), E("Core/Src/ringbuf.c"),
    SH("ctest --test-dir build-host -R ringbuf --output-on-failure", ms=880),
    P("hook the ring buffer into the sampling task"),
    R("Core/Src/app_sampling.c"), R(HDR, err=ENOENT), E("Core/Src/app_sampling.c"),
    SH("cmake --build build", ms=7600), SH("arm-none-eabi-size build/thermo.elf", ms=130),
    P("commit THERMO-15"),
    ST(), DF(), ADD("Core/Src/ringbuf.c", "Core/Inc/ringbuf.h", "Core/Src/app_sampling.c", "tests"), CM("THERMO-15 ring buffer of readings"),
    SH("clang-format --dry-run --Werror Core/Src/ringbuf.c", ms=210),
    P("version bump to 1.3.1"),
    E("Core/Inc/version.h"), SH("cmake --build build", ms=7100), ADD("Core/Inc/version.h"), CM("Bump firmware to 1.3.1"),
]
S["s5"] = [
    P("field report: the sensor returns 0xFFFF after a brownout, look at I2C bus recovery"),
    R("Core/Src/sht40.c"), R("Core/Src/i2c.c"),
    GET(ST_ + "/errata_sheet/es0250-stm32l476xx486xx-device-errata-stmicroelectronics.pdf",
        err="HTTP 302 Found -> https://www.st.com/content/st_com/en/user-registration.html (login wall)", ms=600),
    GET(ST_ + "/errata_sheet/es0250-stm32l476xx486xx-device-errata-stmicroelectronics.pdf", ms=2800),
    E("Core/Src/i2c.c"), W("Core/Src/i2c_recover.c"), E("CMakeLists.txt"),
    SH("cmake --build build", ms=8100),
    P("flash the fix to the bench board"),
    SH(OCD, err=LIBUSB(1, 4), ms=1500),
    SH("openocd -f interface/stlink.cfg -f target/stm32l4x.cfg -c \"init; reset halt; exit\"", err=LIBUSB(1, 4), ms=1200),
    P("host test for the bus-recovery state machine"),
    W("tests/test_i2c_recover.c"), E("tests/CMakeLists.txt"), R("tests/CMakeLists.txt"),
    SH("cmake --build build-host", ms=4300), SH("ctest --test-dir build-host --output-on-failure", ms=1900),
    P("commit the recovery fix"),
    ADD("Core", "tests", "CMakeLists.txt"), DF(), CM("Clock out 9 SCL pulses to recover a stuck I2C bus"),
]
S["s6"] = [
    P("release 1.4.0: changelog, version bump, tag"),
    R("CHANGELOG.md"), R("Core/Inc/version.h"), E("CHANGELOG.md"),
    GET(ST_ + "/release_note/stm32cubel4-release-note.html", err="HTTP 500 Internal Server Error", ms=1200),
    GET(ST_ + "/release_note/stm32cubel4-release-note.html", err="ConnectionResetError: [Errno 104] Connection reset by peer", ms=700),
    P("bump version to 1.4.0"),
    E("Core/Inc/version.h"), SH("cmake --build build", ms=7000), ADD("Core/Inc/version.h"), CM("Bump firmware to 1.4.0"),
    P("full clean build + host tests before tagging"),
    SH("rm -rf build build-host", ms=300), SH(CFG, ms=2500), SH("cmake --build build", ms=24800),
    SH("cmake -B build-host -G Ninja -DTARGET=host", ms=1800), SH("cmake --build build-host", ms=5200),
    SH("ctest --test-dir build-host --output-on-failure", ms=2100), SH("arm-none-eabi-size build/thermo.elf", ms=120),
    P("tag and push v1.4.0"),
    ADD("CHANGELOG.md"), CM("Changelog for 1.4.0"),
    SH("git tag -a v1.4.0 -m 'thermo-node 1.4.0'", ms=90),
    SH("git push origin v1.4.0", err="remote: Permission to acme/thermo-node.git denied to ci-bot.\nfatal: unable to access 'https://github.com/acme/thermo-node.git/': The requested URL returned error: 403", ms=1300),
    ST(),
]

TRUTH = {
  "planted": [
    {"id": "j32-p1", "kind": "pitfall", "ability": "shell.run", "anchor": "openocd",
     "description": "Flashing or resetting the board with openocd fails every time with LIBUSB_ERROR_ACCESS (no permission on the ST-LINK USB device in this environment); never fixed (s1, s3, s5 x2)."},
    {"id": "j32-p2", "kind": "pitfall", "ability": "fs.read_file", "anchor": "stm32l476xx.h",
     "description": "Reading the CMSIS device header Drivers/CMSIS/Device/ST/STM32L4xx/Include/stm32l476xx.h fails with ENOENT: the vendored CMSIS tree is not present; never fixed (s1, s2, s4)."},
    {"id": "j32-p3", "kind": "rule", "ability": "shell.run", "anchor": "ctest",
     "description": "`ctest` run from the repo root finds no tests; `ctest --test-dir build-host --output-on-failure` runs the host unit tests (s2, s4)."},
    {"id": "j32-p4", "kind": "playbook", "ability": "fs.edit_file", "anchor": "version.h",
     "description": "Version bump: fs.edit_file Core/Inc/version.h -> shell.run `cmake --build build` -> git.add Core/Inc/version.h -> git.commit 'Bump firmware to X' (s2, s4, s6)."},
    {"id": "j32-p5", "kind": "weak_link", "ability": "http.get", "anchor": "www.st.com",
     "description": "http.get to www.st.com (datasheets, app notes, errata) fails often and each time differently: 403 bot wall, certificate error, read timeout, 302 to login, 500, connection reset; 9 calls, 3 ok."},
  ],
  "queries": [
    {"q": "flash the new build onto the bench board and check the LED blinks", "planted_id": "j32-p1"},
    {"q": "program thermo.elf to the STM32 over the ST-LINK", "planted_id": "j32-p1"},
    {"q": "Firmware auf das Board flashen und per reset halt anhalten", "planted_id": "j32-p1"},
    {"q": "look up the register bit definitions for LPTIM1 in the device header", "planted_id": "j32-p2"},
    {"q": "which IRQ number does I2C1_EV have on the L476?", "planted_id": "j32-p2"},
    {"q": "grab the peripheral base address of USART2 from CMSIS", "planted_id": "j32-p2"},
    {"q": "run the host unit tests for the ring buffer", "planted_id": "j32-p3"},
    {"q": "THERMO-19 make sure test_crc8 still passes after refactor", "planted_id": "j32-p3"},
    {"q": "ホスト側のユニットテストを実行して結果を確認", "planted_id": "j32-p3"},
    {"q": "prepare release 1.4.1, bump the firmware version", "planted_id": "j32-p4"},
    {"q": "how do we bump the version number in this repo?", "planted_id": "j32-p4"},
    {"q": "set FW_VERSION_PATCH to 2 and commit", "planted_id": "j32-p4"},
    {"q": "download the STM32L4 reference manual section on I2C timing", "planted_id": "j32-p5"},
    {"q": "check the errata sheet for the L476 before we blame our code", "planted_id": "j32-p5"},
    {"q": "fetch the app note on low power timer use caes", "planted_id": "j32-p5"},
  ],
  "negatives": [
    "flash the ESP32 companion module with esptool over its own UART adapter",
    "add a doxygen comment to the version.h macros",
    "write a new host test for the fixed-point conversion helpers",
    "rename the SHT40 driver functions to the sht4x_ prefix",
    "reduce stack size of the sampling task and check for overflow hooks",
    "write the hardware bring-up checklist for rev D in the wiki",
    "switch the UART logging baud rate to 921600",
    "compute the expected battery life from the measured sleep current",
  ],
  "notes": "Traps: negative 1 shares 'flash' but targets another chip/tool; 2 touches version.h without bumping or committing; 3 writes a host test but does not run it. ctest failures occur twice with one signature (under the pitfall threshold); other failures are one-offs (compile error, linker overflow, st-flash, git push).",
}

if __name__ == "__main__":
    here = os.path.dirname(os.path.abspath(__file__))
    ev = write(os.path.join(here, "journal-32.jsonl"), S, base_ts=1764262800.0, seed=32)
    write_truth(os.path.join(here, "journal-32.truth.json"), TRUTH)
    print("journal-32:", len(ev), "events")
