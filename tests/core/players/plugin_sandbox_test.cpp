// SPDX-License-Identifier: MIT
// The sandbox of isolated plugins (child_instance.h, sandbox_grants.h), tried
// by a hostile plugin of our own (test_plugins/snoop_player.cpp) from its
// constructor and from choose_move: every attempt is refused, what it tried is
// told as a notice, and it goes on playing. A permission declared and granted
// opens exactly what it names; one withheld is named when the plugin fails.
#include <gtest/gtest.h>

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <pwd.h>
#include <sys/socket.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <set>
#include <sstream>
#include <string>

#include "core/chess/movegen.h"
#include "core/players/plugin_catalog.h"
#include "core/players/plugin_notices.h"
#include "core/players/plugin_player.h"
#include "core/players/sandbox_grants.h"
#include "core/sandbox/landlock.h"
#include "test_plugin_paths.h"

namespace gambit::players {
namespace {

namespace fs = std::filesystem;
using test_support::contains;
using test_support::random_plugin;
using test_support::test_plugin;

// What a plugin could be after: a secret file, a folder, a TCP listener on 127.0.0.1.
struct Bait {
  fs::path folder = fs::temp_directory_path() / ("gambit-bait-" + std::to_string(::getpid()));
  fs::path secret = folder / "id_rsa";
  int listener = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  int port = 0;

  Bait() {
    fs::create_directories(folder);
    std::ofstream(secret) << "-----BEGIN OPENSSH PRIVATE KEY-----\n";
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t size = sizeof address;
    EXPECT_EQ(::bind(listener, reinterpret_cast<sockaddr*>(&address), size), 0);
    EXPECT_EQ(::listen(listener, 4), 0);
    ::getsockname(listener, reinterpret_cast<sockaddr*>(&address), &size);
    port = ntohs(address.sin_port);
  }
  ~Bait() {
    ::close(listener);
    fs::remove_all(folder);
  }
  bool was_connected_to() const {
    pollfd ready{listener, POLLIN, 0};
    return ::poll(&ready, 1, 0) > 0;
  }
  OptionList options(const std::string& when, bool report) const {
    return {{"secret", secret.string()}, {"folder", folder.string()}, {"port", std::to_string(port)},
            {"when", when}, {"report", report ? "true" : "false"}};
  }
};

// The notices told while it lives.
struct HeardNotices {
  std::mutex mutex;
  std::vector<std::string> heard;
  HeardNotices() {
    set_plugin_notice_handler([this](const std::string& notice) {
      std::lock_guard lock(mutex);
      heard.push_back(notice);
    });
  }
  ~HeardNotices() { set_plugin_notice_handler({}); }
  bool any(const std::string& part) {
    std::lock_guard lock(mutex);
    for (const std::string& notice : heard)
      if (contains(notice, part)) return true;
    return false;
  }
};

Isolation sandboxed(std::vector<Permission::Kind> granted = {}) {
  return {.mode = Isolation::Mode::Process, .memory_limit_mb = 512, .sandbox = Isolation::Sandbox::On,
          .granted = std::move(granted)};
}

MoveAnswer play(PluginPlayer& player, const std::vector<chess::Move>& moves = {}) {
  Limits limits;
  limits.movetime_ms = 100;
  return player.choose_move(chess::Position(), moves, limits, {}, search_deadline(limits.movetime_ms));
}

// "read=13 write=13 ..." in a reason, by name.
std::map<std::string, int> findings_in(const std::string& reason) {
  std::map<std::string, int> out;
  std::istringstream words(reason.substr(std::min(reason.find("read="), reason.size())));
  for (std::string word; words >> word;)
    if (const auto equals = word.find('='); equals != std::string::npos)
      out[word.substr(0, equals)] = std::atoi(word.c_str() + equals + 1);
  return out;
}

std::shared_ptr<const PluginLibrary> snoop(const Isolation& isolation) {
  auto library = PluginLibrary::describe(test_plugin("snoop"), isolation);
  EXPECT_TRUE(library) << library.error();
  return library ? library.value() : nullptr;
}

// What these tests check needs Landlock ABI 6 (Linux 6.12); an older kernel lacks it, and says so (docs/players.md, "Sandbox").
class SandboxedTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (sandbox::landlock_abi() < 6) GTEST_SKIP() << "this kernel's Landlock is older than ABI 6";
  }
};

class PluginSandbox : public SandboxedTest, public ::testing::WithParamInterface<const char*> {};
using PluginSandboxGrants = SandboxedTest;

TEST_P(PluginSandbox, AHostilePluginIsRefusedEverything) {
  Bait bait;
  HeardNotices notices;
  auto library = snoop(sandboxed());
  ASSERT_TRUE(library);
  auto player = PluginPlayer::create(library, bait.options(GetParam(), true), sandboxed());
  ASSERT_TRUE(player) << player.error();
  const MoveAnswer answer = play(*player.value());
  ASSERT_EQ(answer.kind, MoveAnswer::Kind::Failed);
  const auto found = findings_in(answer.reason);
  ASSERT_EQ(found.size(), 7u) << answer.reason;
  EXPECT_EQ(found.at("read"), EACCES);
  EXPECT_EQ(found.at("write"), EACCES);
  EXPECT_EQ(found.at("tcp"), EPERM);
  EXPECT_EQ(found.at("fork"), EPERM);
  EXPECT_EQ(found.at("ptrace"), EPERM);
  EXPECT_EQ(found.at("signal"), EPERM);
  EXPECT_EQ(found.at("exec"), EPERM);
  EXPECT_FALSE(bait.was_connected_to());
  EXPECT_FALSE(fs::exists(bait.folder / "stolen"));
  // The plugin was refused, yet said why: the withheld permission to read its secret.
  EXPECT_TRUE(contains(answer.reason, "read-paths")) << answer.reason;
  EXPECT_TRUE(notices.any("plugin 'snoop' tried to connect to the network: denied"));
  for (const char* attempt : {"to start a process (", "to run a program (", "to look into another process ("})
    EXPECT_TRUE(notices.any(std::string("plugin 'snoop' tried ") + attempt)) << attempt;
}

TEST_P(PluginSandbox, AHostilePluginRefusedGoesOnPlaying) {
  Bait bait;
  auto library = snoop(sandboxed());
  ASSERT_TRUE(library);
  auto player = PluginPlayer::create(library, bait.options(GetParam(), false), sandboxed());
  ASSERT_TRUE(player) << player.error();
  std::vector<chess::Move> game;
  for (int ply = 0; ply < 6; ++ply) {
    const MoveAnswer answer = play(*player.value(), game);
    ASSERT_EQ(answer.kind, MoveAnswer::Kind::Move) << answer.reason;
    game.push_back(answer.move);
  }
  EXPECT_FALSE(bait.was_connected_to());
  EXPECT_FALSE(fs::exists(bait.folder / "stolen"));
}

INSTANTIATE_TEST_SUITE_P(FromItsConstructorAndFromChooseMove, PluginSandbox,
                         ::testing::Values("constructor", "choose_move"));

TEST_F(PluginSandboxGrants, APermissionGrantedOpensWhatItNamesAndNoMore) {
  Bait bait;
  const Isolation granted = sandboxed({Permission::Kind::ReadPaths});
  auto player = PluginPlayer::create(snoop(granted), bait.options("choose_move", true), granted);
  ASSERT_TRUE(player) << player.error();
  const auto found = findings_in(play(*player.value()).reason);
  ASSERT_EQ(found.size(), 7u);
  EXPECT_EQ(found.at("read"), 0);
  EXPECT_EQ(found.at("write"), EACCES);  // the secret's folder is no more open than before
  EXPECT_EQ(found.at("tcp"), EPERM);
}

TEST(PluginSandboxOff, EverythingIsOpen) {
  Bait bait;
  Isolation open = sandboxed();
  open.sandbox = Isolation::Sandbox::Off;
  // Here exec works, and replaces the plugin's process with a shell: the seat loses the plugin, not the test.
  auto player = PluginPlayer::create(snoop(open), bait.options("choose_move", true), open);
  ASSERT_TRUE(player) << player.error();
  const MoveAnswer answer = play(*player.value());
  EXPECT_EQ(answer.kind, MoveAnswer::Kind::Failed);
  EXPECT_TRUE(fs::exists(bait.folder / "stolen")) << answer.reason;
  EXPECT_TRUE(bait.was_connected_to());
}

// A plugin the configuration puts inside the program cannot be sandboxed: that is told once when the sandbox is
// on, nothing is told when it is off, and the plugin is refused when a sandbox is required.
TEST(PluginSandboxInProcess, APluginRunInsideTheProgramIsNotSandboxedAndSaysSo) {
  auto library = PluginLibrary::load(random_plugin());
  ASSERT_TRUE(library) << library.error();
  for (const Isolation::Sandbox mode : {Isolation::Sandbox::Off, Isolation::Sandbox::On, Isolation::Sandbox::Required}) {
    SCOPED_TRACE(sandbox_name(mode));
    HeardNotices notices;
    const Isolation inside{.mode = Isolation::Mode::InProcess, .sandbox = mode};
    for (int twice = 0; twice < 2; ++twice) {
      auto player = PluginPlayer::create(library.value(), {}, inside);
      EXPECT_EQ(bool(player), mode != Isolation::Sandbox::Required);
      if (!player) {
        EXPECT_TRUE(contains(player.error(), "[plugins] sandbox is \"required\"")) << player.error();
      }
    }
    std::lock_guard lock(notices.mutex);
    EXPECT_EQ(notices.heard, mode == Isolation::Sandbox::On ? std::vector{in_process_notice()}
                                                            : std::vector<std::string>{});
  }
}

// The catalog loads plugins into the program only where a sandbox is not required, and says so when it is on
// (off, the player chose no sandbox and is not told again).
TEST(PluginSandboxInProcess, TheCatalogLoadsPluginsInsideOnlyWhereNoSandboxIsRequired) {
  const fs::path folder = random_plugin().parent_path();
  for (const Isolation::Sandbox mode : {Isolation::Sandbox::Off, Isolation::Sandbox::On, Isolation::Sandbox::Required}) {
    SCOPED_TRACE(sandbox_name(mode));
    HeardNotices notices;
    const PluginCatalog catalog = PluginCatalog::scan({folder}, {.mode = Isolation::Mode::InProcess, .sandbox = mode});
    const auto random = catalog.find("random");
    ASSERT_NE(random, nullptr);
    EXPECT_EQ(random->loaded(), mode != Isolation::Sandbox::Required);
    EXPECT_EQ(notices.any("not sandboxed"), mode == Isolation::Sandbox::On);
  }
}

TEST_F(PluginSandboxGrants, ADeclaredPermissionWithheldIsNamedWhenThePluginFails) {
  const Isolation withheld = sandboxed({});
  auto library = PluginLibrary::describe(test_support::uci_plugin(), withheld);
  ASSERT_TRUE(library) << library.error();
  auto player = PluginPlayer::create(library.value(), {{"command", "/usr/games/stockfish"}}, withheld);
  std::string reason;
  if (!player) {
    reason = player.error();
  } else {
    reason = play(*player.value()).reason;
  }
  EXPECT_TRUE(contains(reason, "not granted: run-program, to run the program named by option 'command'")) << reason;
}

// The uci player runs its engine inside its own sandbox, with the permission it declared (granted by default:
// it is one of Gambit's own), and Debian's engines play there as anywhere.
class EngineInTheSandbox : public SandboxedTest,
                           public ::testing::WithParamInterface<std::pair<const char*, const char*>> {};

TEST_P(EngineInTheSandbox, PlaysAGameOpening) {
  const auto [command, protocol] = GetParam();
  ASSERT_TRUE(fs::exists(command)) << command << " is not installed (the Makefile installs it)";
  const Isolation isolation = {.mode = Isolation::Mode::Process, .memory_limit_mb = 2048};
  HeardNotices notices;
  auto library = PluginLibrary::describe(test_support::uci_plugin(), isolation);
  ASSERT_TRUE(library) << library.error();
  // XBoard engines think in whole seconds (st 1), and some answer no '?' before.
  const int movetime = std::string(protocol) == "uci" ? 100 : 1000;
  auto player = PluginPlayer::create(
      library.value(), {{"command", command}, {"protocol", protocol}, {"movetime_ms", std::to_string(movetime)}},
      isolation);
  ASSERT_TRUE(player) << player.error();
  std::vector<chess::Move> game;
  for (int ply = 0; ply < 4; ++ply) {
    Limits limits;
    limits.movetime_ms = movetime;
    const MoveAnswer answer =
        player.value()->choose_move(chess::Position(), game, limits, {}, search_deadline(limits.movetime_ms + 2000));
    ASSERT_EQ(answer.kind, MoveAnswer::Kind::Move) << answer.reason;
    game.push_back(answer.move);
  }
  EXPECT_FALSE(notices.any("denied")) << (notices.heard.empty() ? "" : notices.heard.front());
}

INSTANTIATE_TEST_SUITE_P(DebiansEngines, EngineInTheSandbox,
                         ::testing::Values(std::pair{"/usr/games/stockfish", "uci"},
                                           std::pair{"/usr/games/fairymax", "xboard"},
                                           std::pair{"/usr/games/sjeng", "xboard"}));

TEST(SandboxGrants, EachPermissionGrantsWhatItsOptionNames) {
  const fs::path own = fs::path(::getpwuid(::getuid())->pw_dir) / ".true";
  const bool own_was_there = fs::exists(own);
  const fs::path folder = fs::temp_directory_path() / ("gambit-grants-" + std::to_string(::getpid()));
  fs::create_directories(folder);
  const fs::path log = folder / "engine.log";
  const std::vector<Permission> declared{{Permission::Kind::RunProgram, "command", ""},
                                         {Permission::Kind::ReadPaths, "tablebases", ""},
                                         {Permission::Kind::WriteFile, "log_file", ""}};
  const std::vector<Permission::Kind> all{Permission::Kind::RunProgram, Permission::Kind::ReadPaths,
                                          Permission::Kind::WriteFile};
  auto grants = sandbox_grants(declared, all,
                               {{"command", "/bin/true"}, {"tablebases", "/a:/b;/c"}, {"log_file", log.string()}});
  ASSERT_TRUE(grants) << grants.error();
  const auto& g = grants.value();
  EXPECT_NE(std::find(g.runnable.begin(), g.runnable.end(), fs::path("/bin/true")), g.runnable.end());
  EXPECT_NE(std::find(g.runnable.begin(), g.runnable.end(), fs::canonical("/bin/true")), g.runnable.end());
  EXPECT_NE(std::find(g.readable.begin(), g.readable.end(), fs::path("/bin")), g.readable.end());
  EXPECT_NE(std::find(g.readable.begin(), g.readable.end(), fs::path("/etc/passwd")), g.readable.end());
  EXPECT_EQ(g.own_folders, std::vector<fs::path>{own});  // ~/.true, made for it
  EXPECT_TRUE(fs::is_directory(own));
  if (!own_was_there) fs::remove(own);
  for (const char* path : {"/a", "/b", "/c"})
    EXPECT_NE(std::find(g.readable.begin(), g.readable.end(), fs::path(path)), g.readable.end()) << path;
  EXPECT_EQ(g.writable, std::vector<fs::path>{log});
  EXPECT_TRUE(fs::exists(log));  // created empty, since the sandbox lets no file be created
  EXPECT_TRUE(g.withheld.empty());

  // Nothing granted: nothing opened, everything named; an empty option opens nothing either.
  auto none = sandbox_grants(declared, {}, {{"command", "/bin/true"}});
  ASSERT_TRUE(none);
  EXPECT_TRUE(none.value().runnable.empty() && none.value().readable.empty() && none.value().writable.empty());
  EXPECT_EQ(none.value().withheld, declared);
  auto empty = sandbox_grants(declared, all, {{"command", ""}});
  ASSERT_TRUE(empty);
  EXPECT_TRUE(empty.value().runnable.empty() && empty.value().readable.empty() && empty.value().writable.empty());

  // A file that cannot be created is said, naming the option.
  auto bad = sandbox_grants(declared, all, {{"log_file", (folder / "missing" / "x.log").string()}});
  ASSERT_FALSE(bad);
  EXPECT_TRUE(contains(bad.error(), "option 'log_file'")) << bad.error();
  fs::remove_all(folder);
}

TEST(SandboxGrants, APluginsPolicyIsTheSystemItsFolderAndItsGrants) {
  const fs::path plugin = test_plugin("snoop");
  SandboxGrants grants;
  grants.readable = {"/srv/tablebases"};
  grants.writable = {"/tmp/engine.log"};
  const sandbox::SandboxPolicy read_only = plugin_sandbox_policy(plugin, grants);
  const auto has = [](const std::vector<fs::path>& list, const fs::path& path) {
    return std::find(list.begin(), list.end(), path) != list.end();
  };
  for (const fs::path& system : sandbox::system_readable()) EXPECT_TRUE(has(read_only.readable, system)) << system;
  EXPECT_TRUE(has(read_only.readable, fs::absolute(plugin).parent_path()));
  // A plugin linked from another folder: the folder of the file it leads to is readable too.
  const fs::path folder = fs::temp_directory_path() / ("gambit-linked-" + std::to_string(::getpid()));
  fs::create_directories(folder);
  fs::create_symlink(fs::absolute(plugin), folder / "gambit_snoop.so");
  const sandbox::SandboxPolicy linked = plugin_sandbox_policy(folder / "gambit_snoop.so", grants);
  EXPECT_TRUE(has(linked.readable, folder));
  EXPECT_TRUE(has(linked.readable, fs::canonical(plugin).parent_path()));
  fs::remove_all(folder);
  EXPECT_TRUE(has(read_only.readable, "/srv/tablebases"));
  EXPECT_EQ(read_only.writable, grants.writable);
  EXPECT_FALSE(read_only.may_run_programs);  // no program granted, no process started
  grants.runnable = {"/usr/games/stockfish"};
  const sandbox::SandboxPolicy running = plugin_sandbox_policy(plugin, grants);
  EXPECT_TRUE(running.may_run_programs);
  EXPECT_EQ(running.runnable, grants.runnable);
}

TEST(SandboxGrants, ARequiredSandboxTheKernelCannotGiveIsSaid) {
  using Outcome = sandbox::SandboxOutcome;
  const Result<Outcome> landlocked = Outcome{.landlock_abi = 6, .listener = -1, .not_enforced = {}};
  const Result<Outcome> no_landlock =
      Outcome{.landlock_abi = 0, .listener = -1, .not_enforced = {"files: this kernel has no Landlock"}};
  const Result<Outcome> refused = Failure{"the kernel refused the system-call filter"};
  for (const auto& entered : {landlocked, no_landlock, refused})
    EXPECT_EQ(required_sandbox_missing(Isolation::Sandbox::On, entered), "");
  EXPECT_EQ(required_sandbox_missing(Isolation::Sandbox::Required, landlocked), "");
  EXPECT_EQ(required_sandbox_missing(Isolation::Sandbox::Required, no_landlock),
            "it must be sandboxed ([plugins] sandbox = \"required\") and cannot be: "
            "files: this kernel has no Landlock");
  EXPECT_TRUE(
      contains(required_sandbox_missing(Isolation::Sandbox::Required, refused), "refused the system-call filter"));
}

}  // namespace
}  // namespace gambit::players
