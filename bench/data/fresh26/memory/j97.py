"""Journal 97: dockhand (ROS 2 Humble, warehouse AMR fleet). Neha, Rohit: Hindi-English; Bea: Tagalog-English."""
from jlib import Journal

FLEET = "https://fleet.dockhand.lab/api/v1/"
GZ_ERR = ("[GUI] [Err] [Ogre2RenderEngine.cc:1090] Unable to create the rendering window: cannot open display\n"
          "[GUI] [Err] [GuiRunner.cc:61] Failed to create scene [scene]")
OOM = ("--- stderr: dockhand_perception\n"
       "c++: fatal error: Killed signal terminated program cc1plus\ncompilation terminated.\n"
       "gmake[2]: *** [CMakeFiles/voxel_filter.dir/build.make:76] Error 1\n---\n"
       "Failed   <<< dockhand_perception [6min 41s, exited with code 2]")
BAGS = "EACCES: permission denied, open '%s'"
MSG_CMAKE = "src/dockhand_msgs/CMakeLists.txt"


def build():
    j = Journal(seed=9797)

    # s1 Neha
    j.day("s1", "2026-11-27", "04:05")
    j.p("good morning 🙂 main pull करके status बताओ")
    j.sh("git pull --rebase origin main")
    j.status()
    j.log(8)
    j.p("DH-212: docking के लिए DockStatus msg चाहिए. fields dock_id, occupied, charger_ok")
    j.wr("src/dockhand_msgs/msg/DockStatus.msg", "string dock_id\nbool occupied\nbool charger_ok\n")
    j.ed(MSG_CMAKE, '  "msg/RobotState.msg"\n', '  "msg/RobotState.msg"\n  "msg/DockStatus.msg"\n')
    j.sh("colcon build --packages-select dockhand_msgs", dur=48211.0)
    j.add("src/dockhand_msgs/msg/DockStatus.msg", MSG_CMAKE)
    j.p("अब docking_controller से इसे publish करो, 1 Hz पर")
    j.rd("src/dockhand_docking/src/docking_controller.cpp")
    j.ed("src/dockhand_docking/src/docking_controller.cpp", "  rclcpp::TimerBase::SharedPtr watchdog_;\n",
         "  rclcpp::TimerBase::SharedPtr watchdog_;\n  rclcpp::TimerBase::SharedPtr status_timer_;\n"
         "  rclcpp::Publisher<dockhand_msgs::msg::DockStatus>::SharedPtr status_pub_;\n")
    j.ed("src/dockhand_docking/src/docking_controller.cpp", "  watchdog_ = create_wall_timer(",
         "  status_pub_ = create_publisher<dockhand_msgs::msg::DockStatus>(\"dock_status\", 10);\n"
         "  status_timer_ = create_wall_timer(1s, [this] { publish_status(); });\n  watchdog_ = create_wall_timer(")
    j.p("docking pkg build + test बस")
    j.sh("colcon build --packages-select dockhand_docking", dur=97433.0)
    j.sh("colcon test --packages-select dockhand_docking", dur=61022.0)
    j.sh("colcon test-result --verbose")
    j.p("dock_7 पर robot रुकता है या नहीं, एक बार gazebo में देख लो")
    j.sh("gz sim -r src/dockhand_sim/worlds/dock_7.sdf", err=GZ_ERR, dur=5120.0)
    j.p("हम्म यहाँ display ही नहीं है. छोड़ो, docking वाला commit करो")
    j.add("src/dockhand_docking/src/docking_controller.cpp")
    j.commit("docking: publish DockStatus at 1 Hz (DH-212)")
    j.p("fleet पे देखो amr-04 अभी charging पे है क्या")
    j.get(FLEET + "robots")
    j.get(FLEET + "robots/amr-04/battery")
    j.p("और active missions कितने हैं?")
    j.get(FLEET + "missions?state=active", err="HTTP 502 Bad Gateway")
    j.p("ठीक है, बाद में देखेंगे. bye")

    # s2 Rohit
    j.day("s2", "2026-11-30", "04:20")
    j.p("Bea का perception PR main में आ गया है, rebase करके पूरा ws build करो")
    j.sh("git pull --rebase origin main")
    j.sh("colcon build", err=OOM, dur=412907.0)
    j.sh("MAKEFLAGS=-j2 colcon build --executor sequential", dur=1486233.0)
    j.p("ok हो गया. अब सारे tests")
    j.sh("colcon test", dur=318410.0)
    j.sh("colcon test-result --all",
         err="Summary: 214 tests, 0 errors, 1 failure, 3 skipped\nbuild/dockhand_perception/pytest.xml: 12 tests, 0 errors, 1 failure")
    j.p("perception में कौनसा test गिरा? fix करो")
    j.rd("src/dockhand_perception/test/test_cluster.py")
    j.rd("src/dockhand_perception/dockhand_perception/cluster.py")
    j.ed("src/dockhand_perception/dockhand_perception/cluster.py", "    if len(points) < min_points:\n",
         "    if len(points) < self.min_points:\n")
    j.sh("colcon test --packages-select dockhand_perception", dur=44120.0)
    j.sh("colcon test-result --all")
    j.p("amr-06 कल रात lidar drop हुआ था, उसकी bag का metadata खोलो")
    j.rd("/mnt/bags/amr-06/rosbag2_2026_11_29-22_14_03/metadata.yaml",
         err=BAGS % "/mnt/bags/amr-06/rosbag2_2026_11_29-22_14_03/metadata.yaml")
    j.p("permission नहीं? ok skip, Bea से पूछ लूँगा")
    j.p("fleet से amr-02 की last pose")
    j.get(FLEET + "robots/amr-02/pose", err="timed out after 10000 ms")
    j.get(FLEET + "robots/amr-02/pose")
    j.p("nav2_params में inflation_radius 0.55 कर दो, aisles में बहुत चिपक रहा है")
    j.ed("src/dockhand_navigation/config/nav2_params.yaml", "      inflation_radius: 0.45\n",
         "      inflation_radius: 0.55\n")
    j.ed("src/dockhand_navigation/config/nav2_params.yaml", "      inflation_radius: 0.45\n",
         "      inflation_radius: 0.55\n")
    j.p("commit")
    j.status()
    j.add("src/dockhand_perception/dockhand_perception/cluster.py", "src/dockhand_navigation/config/nav2_params.yaml")
    j.commit("perception: use self.min_points; nav2: inflation 0.55")

    # s3 Bea
    j.day("s3", "2026-12-01", "01:35")
    j.p("Morning! pull muna then ano status ng branch ko")
    j.sh("git fetch origin && git status -sb")
    j.sh("git rebase origin/main")
    j.p("DH-219 kailangan ng SetSpeedLimit.srv para sa zone controller, zone_id at max_speed")
    j.wr("src/dockhand_msgs/srv/SetSpeedLimit.srv", "string zone_id\nfloat32 max_speed\n---\nbool accepted\n")
    j.ed(MSG_CMAKE, '  "msg/DockStatus.msg"\n', '  "msg/DockStatus.msg"\n  "srv/SetSpeedLimit.srv"\n')
    j.sh("colcon build --packages-select dockhand_msgs", dur=51877.0)
    j.add("src/dockhand_msgs/srv/SetSpeedLimit.srv", MSG_CMAKE)
    j.p("Ngayon yung server side sa zone_controller.py, python lang")
    j.rd("src/dockhand_zones/dockhand_zones/zone_controller.py")
    j.ed("src/dockhand_zones/dockhand_zones/zone_controller.py", "from std_srvs.srv import Trigger\n",
         "from std_srvs.srv import Trigger\nfrom dockhand_msgs.srv import SetSpeedLimit\n")
    j.ed("src/dockhand_zones/dockhand_zones/zone_controller.py", "        self.zones = load_zones(path)\n",
         "        self.zones = load_zones(path)\n        self.create_service(SetSpeedLimit, 'set_speed_limit', "
         "self.on_set_speed_limit)\n")
    j.p("Subukan natin sa gazebo yung aisle B, baka talagang bumabagal")
    j.sh("gz sim -r src/dockhand_sim/worlds/aisle_b.sdf", err=GZ_ERR, dur=4870.0)
    j.p("ay walang display dito haha. sige pytest na lang sa zones")
    j.sh("python3 -m pytest src/dockhand_zones/test -q",
         err="FAILED test_zone_controller.py::test_speed_limit_clamped - assert 0.8 == 0.5\n1 failed, 9 passed in 0.84s")
    j.rd("src/dockhand_zones/test/test_zone_controller.py")
    j.rd("src/dockhand_zones/dockhand_zones/zone_controller.py")
    j.ed("src/dockhand_zones/dockhand_zones/zone_controller.py", "        zone.max_speed = req.max_speed\n",
         "        zone.max_speed = min(req.max_speed, zone.hard_limit)\n")
    j.sh("python3 -m pytest src/dockhand_zones/test -q")
    j.p("anong map version ang nasa fleet ngayon?")
    j.get(FLEET + "maps/current", err="ECONNRESET: socket hang up")
    j.p("mamaya na lang yan. commit ko na yung zones")
    j.diff()
    j.add("src/dockhand_zones/dockhand_zones/zone_controller.py")
    j.add("src/dockhand_zones/test/test_zone_controller.py")
    j.commit("zones: SetSpeedLimit service, clamp to hard limit (DH-219)")
    j.p("push mo na rin")
    j.sh("git push origin dh-219-speed-limit")

    # s4 Neha
    j.day("s4", "2026-12-02", "03:50")
    j.p("DH-225: perception के voxel filter का leaf size param बनाओ, hardcoded 0.05 है अभी")
    j.rd("src/dockhand_perception/src/voxel_filter.cpp")
    j.ed("src/dockhand_perception/src/voxel_filter.cpp", "  const double leaf = 0.05;\n",
         "  const double leaf = declare_parameter(\"leaf_size\", 0.05);\n")
    j.ed("src/dockhand_perception/config/perception.yaml", "    ros__parameters:\n",
         "    ros__parameters:\n      leaf_size: 0.05\n")
    j.p("install/ और build/ उड़ा के सब कुछ दोबारा build")
    j.sh("rm -rf build install log")
    j.sh("colcon build", err=OOM, dur=398112.0)
    j.sh("MAKEFLAGS=-j2 colcon build --executor sequential", dur=1522910.0)
    j.p("fleet: amr-09 कहाँ है अभी")
    j.get(FLEET + "robots")
    j.get(FLEET + "robots/amr-09/mission", err="HTTP 503 Service Unavailable")
    j.p("amr-09 वही stop वाला issue. उसकी कल की bag दिखाओ")
    j.rd("/mnt/bags/amr-09/rosbag2_2026_12_01-17_40_51/metadata.yaml",
         err=BAGS % "/mnt/bags/amr-09/rosbag2_2026_12_01-17_40_51/metadata.yaml")
    j.p("फिर से permission 😑 छोड़ो. perception वाला commit करो")
    j.add("src/dockhand_perception/src/voxel_filter.cpp")
    j.add("src/dockhand_perception/config/perception.yaml")
    j.commit("perception: leaf_size parameter (DH-225)")
    j.p("docs/perception.md में leaf_size का एक line लिख दो")
    j.rd("docs/perception.md")
    j.ed("docs/perception.md", "## Parameters\n", "## Parameters\n\n- `leaf_size` (m, default 0.05): voxel grid leaf.\n")
    j.ed("docs/perception.md", "## Topics\n", "## Topics\n\n- `~/filtered` is now published after the voxel grid.\n")
    j.p("ros index पर pcl_ros humble का page check करो, VoxelGrid वाला")
    j.get("https://index.ros.org/p/pcl_ros/")

    # s5 Rohit
    j.day("s5", "2026-12-03", "04:30")
    j.p("morning. नए controller params देखने हैं, aisle_b world sim में nav2 के साथ")
    j.sh("gz sim -r -v 3 src/dockhand_sim/worlds/aisle_b.sdf", err=GZ_ERR, dur=5533.0)
    j.sh("gz sim -r src/dockhand_sim/worlds/aisle_b.sdf --render-engine ogre", err=GZ_ERR, dur=4989.0)
    j.p("यहाँ नहीं चलेगा लगता है. costmap के unit tests ही चला दो")
    j.sh("colcon test --packages-select dockhand_navigation", dur=52733.0)
    j.sh("colcon test-result --verbose")
    j.p("DH-230 robot.launch.py में use_sim_time arg जोड़ो, default false")
    j.rd("src/dockhand_bringup/launch/robot.launch.py")
    j.ed("src/dockhand_bringup/launch/robot.launch.py", "    return LaunchDescription([\n",
         "    return LaunchDescription([\n        DeclareLaunchArgument('use_sim_time', default_value='false'),\n")
    j.sh("ros2 launch dockhand_bringup robot.launch.py --show-args")
    j.p("fleet पर amr-09 का status अभी")
    j.get(FLEET + "robots/amr-09", err="HTTP 502 Bad Gateway")
    j.get(FLEET + "robots/amr-09", err="timed out after 10000 ms")
    j.p("fleet फिर गया. launch वाला commit कर दो")
    j.add("src/dockhand_bringup/launch/robot.launch.py")
    j.commit("bringup: use_sim_time launch arg (DH-230)")
    j.log(3)
    j.p("clang-format docking package पे")
    j.sh("ament_clang_format src/dockhand_docking")
    j.p("grep करो कहीं और hardcoded 0.05 तो नहीं")
    j.sh("grep -rn '0\\.05' src --include=*.cpp --include=*.py")

    # s6 Bea
    j.day("s6", "2026-12-04", "01:50")
    j.p("DH-233 ChargerFault.msg please, may code (uint8) at description")
    j.wr("src/dockhand_msgs/msg/ChargerFault.msg", "uint8 code\nstring description\n")
    j.ed(MSG_CMAKE, '  "srv/SetSpeedLimit.srv"\n', '  "srv/SetSpeedLimit.srv"\n  "msg/ChargerFault.msg"\n')
    j.sh("colcon build --packages-select dockhand_msgs", dur=49950.0)
    j.add("src/dockhand_msgs/msg/ChargerFault.msg", MSG_CMAKE)
    j.p("commit mo na, DH-233")
    j.commit("msgs: ChargerFault (DH-233)")
    j.p("May charger fault daw si amr-11 kahapon, pakitingnan yung bag niya")
    j.rd("/mnt/bags/amr-11/rosbag2_2026_12_03-19_02_37/metadata.yaml",
         err=BAGS % "/mnt/bags/amr-11/rosbag2_2026_12_03-19_02_37/metadata.yaml")
    j.p("hay. sige, sa fleet na lang yung current map")
    j.get(FLEET + "maps/current")
    j.p("pa-update ng CHANGELOG.rst ng dockhand_msgs")
    j.rd("src/dockhand_msgs/CHANGELOG.rst")
    j.ed("src/dockhand_msgs/CHANGELOG.rst", "Changelog for package dockhand_msgs\n"
         "^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n\n",
         "Changelog for package dockhand_msgs\n^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n\n"
         "Forthcoming\n-----------\n* DockStatus, SetSpeedLimit, ChargerFault\n\n")
    j.status()
    j.diff()
    j.add("src/dockhand_msgs/CHANGELOG.rst")
    j.commit("msgs: changelog")
    j.p("push na")
    j.sh("git push origin dh-233-charger-fault")
    j.p("salamat! ros2 interface show ng ChargerFault para sure")
    j.sh("bash -c 'source install/setup.bash && ros2 interface show dockhand_msgs/msg/ChargerFault'")
    return j
