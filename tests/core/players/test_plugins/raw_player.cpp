// SPDX-License-Identifier: MIT
// A player plugin written against the raw C ABI (no SDK), built several times:
// TEST_DEFECT picks what is wrong with the descriptor (0 = nothing), and for
// the well-formed build the option `behaviour` picks how choose_move misbehaves
// (some ways, from "segfault" on, only for a plugin isolated in a child process).
// The two hooks at the end let a test release a hung search and count destroys.
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstddef>
#include <cstring>
#include <iterator>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "core/chess/movegen.h"
#include "core/chess/position.h"
#include "core/chess/uci.h"
#include "core/players/player_api.h"

#ifndef TEST_DEFECT
#define TEST_DEFECT 0
#endif

#define EXPORTED extern "C" __attribute__((visibility("default")))

namespace {

using namespace gambit;

std::atomic<bool> hang_released{false};
std::atomic<int> destroyed{0};

struct Instance {
  std::string behaviour;
  std::atomic<bool> stop{false};
};

// Deep enough to overflow any stack (the depth never reaches never_depth); the sum keeps it from being a tail call.
volatile int never_depth = -1;
int recurse(int depth) {
  volatile char frame[1024];
  frame[0] = char(depth);
  if (depth == never_depth) return 0;
  return recurse(depth + 1) + frame[0];
}

void write(char* buffer, std::size_t size, const std::string& text) {
  std::strncpy(buffer, text.c_str(), size - 1);
  buffer[size - 1] = '\0';
}

chess::Position current_position(const gambit_position& p) {
  chess::Position pos = *chess::Position::from_fen(p.start_fen);
  for (std::uint32_t i = 0; i < p.move_count; ++i) pos.do_move(*chess::parse_uci_move(pos, p.moves[i]));
  return pos;
}

gambit_player* create(const gambit_option_value* options, std::uint32_t count, char* error, std::size_t size) {
  auto* instance = new Instance{"first_legal"};
  for (std::uint32_t i = 0; i < count; ++i)
    if (std::strcmp(options[i].name, "behaviour") == 0) instance->behaviour = options[i].value;
  if (instance->behaviour == "fail_create") {
    delete instance;
    write(error, size, "the raw test player refuses to be created");
    return nullptr;
  }
  return reinterpret_cast<gambit_player*>(instance);
}

void destroy(gambit_player* player) {
  delete reinterpret_cast<Instance*>(player);
  ++destroyed;
}

gambit_status new_game(gambit_player* player, char* error, std::size_t size) {
  if (reinterpret_cast<Instance*>(player)->behaviour == "error") {
    write(error, size, "no new games today");
    return GAMBIT_ERROR;
  }
  return GAMBIT_OK;
}

gambit_status choose_move(gambit_player* player, const gambit_position* position, const gambit_limits* limits,
                          gambit_info_callback info, void* user_data, char* move, char* error, std::size_t size) {
  auto* instance = reinterpret_cast<Instance*>(player);
  // slow_start: a stop that comes in its first 100 ms is forgotten, as one that comes before choose_move is.
  if (instance->behaviour == "slow_start") std::this_thread::sleep_for(std::chrono::milliseconds(100));
  instance->stop = false;
  const std::string& behaviour = instance->behaviour;
  const chess::Position pos = current_position(*position);
  const std::string first_legal = chess::to_uci(chess::legal_moves(pos)[0]);

  if (behaviour == "illegal") {
    write(move, GAMBIT_MOVE_BUFFER_SIZE, pos == chess::Position() ? "e2e5" : "a1a1");
  } else if (behaviour == "garbage") {
    std::memset(move, 'x', GAMBIT_MOVE_BUFFER_SIZE);  // not even NUL-terminated
  } else if (behaviour == "null_move") {
    write(move, GAMBIT_MOVE_BUFFER_SIZE, "0000");
  } else if (behaviour == "error") {
    write(error, size, "engine room on fire\n");
    return GAMBIT_ERROR;
  } else if (behaviour == "throw") {
    throw std::runtime_error("raw exception escaped");
  } else if (behaviour == "segfault") {  // the behaviours from here to "allocate" only in a child process
    volatile int* nowhere = nullptr;
    *nowhere = 1;
  } else if (behaviour == "abort") {
    std::abort();
  } else if (behaviour == "exit") {
    std::_Exit(0);
  } else if (behaviour == "stack_overflow") {
    write(move, GAMBIT_MOVE_BUFFER_SIZE, std::to_string(recurse(1)));
  } else if (behaviour == "close_stdio") {  // then plays on
    ::close(0);
    ::close(1);
    ::close(2);
    write(move, GAMBIT_MOVE_BUFFER_SIZE, first_legal);
  } else if (behaviour == "print") {  // garbage on its standard output, then plays on
    std::printf("bestmove e2e4\ninfo garbage\n%%%% \x01\x02\n");
    std::fflush(stdout);
    write(move, GAMBIT_MOVE_BUFFER_SIZE, first_legal);
  } else if (behaviour == "scribble") {  // garbage into every descriptor it may have been given
    static const char garbage[] = "garbage \x01 %zz\n";
    for (int fd = 3; fd < 64; ++fd) [[maybe_unused]] auto n = ::write(fd, garbage, sizeof garbage - 1);
    write(move, GAMBIT_MOVE_BUFFER_SIZE, first_legal);
  } else if (behaviour == "spin") {  // ignores stop
    std::atomic<unsigned long> spins{0};
    for (;;) spins.fetch_add(1, std::memory_order_relaxed);
  } else if (behaviour == "allocate") {
    // Kept and touched, so that no compiler may leave the allocations out (and the loop with them).
    static std::vector<volatile char*> kept;
    for (;;) {
      volatile char* block = new char[64 << 20];
      for (std::size_t i = 0; i < (64 << 20); i += 4096) block[i] = 1;
      kept.push_back(block);
    }
  } else if (behaviour == "hang") {
    while (!hang_released) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    write(move, GAMBIT_MOVE_BUFFER_SIZE, first_legal);
  } else if (behaviour == "stoppable" || behaviour == "slow_start") {
    const gambit_search_info started{sizeof(gambit_search_info), 1, 1, GAMBIT_SCORE_NONE, 0, 0, 0, 0, "", 1};
    if (info) info(user_data, &started);
    while (!instance->stop) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    write(move, GAMBIT_MOVE_BUFFER_SIZE, first_legal);
  } else if (behaviour == "lines") {
    // One report per line asked for (ABI 1.3 limits.multipv; one when the host's struct is older), the
    // i-th line starting with the i-th legal move and scored -i, then one report as a plugin built
    // against ABI 1.2 writes it: a struct ending at pv, with garbage where multipv would be.
    const bool sized = limits->struct_size >= offsetof(gambit_limits, multipv) + sizeof(limits->multipv);
    const chess::MoveList legal = chess::legal_moves(pos);
    const std::size_t lines = std::min<std::size_t>(sized && limits->multipv > 1 ? limits->multipv : 1, legal.size());
    for (std::size_t i = 0; i < lines; ++i) {
      const std::string pv = chess::to_uci(legal[i]);
      const gambit_search_info line{sizeof(gambit_search_info), 2, 2, GAMBIT_SCORE_CP, -int(i), 10, 10, 1,
                                    pv.c_str(), std::int32_t(i + 1)};
      if (info) info(user_data, &line);
    }
    gambit_search_info old{sizeof(gambit_search_info), 3, 3, GAMBIT_SCORE_CP, 7, 20, 20, 2, first_legal.c_str(), 9};
    old.struct_size = std::uint32_t(offsetof(gambit_search_info, multipv));
    if (info) info(user_data, &old);
    write(move, GAMBIT_MOVE_BUFFER_SIZE, first_legal);
  } else {  // first_legal, with one info line whose PV goes bad after its first move
    const std::string pv = first_legal + " e2e5junk " + first_legal;
    const gambit_search_info line{sizeof(gambit_search_info), 3, 5, GAMBIT_SCORE_MATE, -2, 1234, 5678, 9, pv.c_str(),
                                  1};
    if (info) info(user_data, &line);
    write(move, GAMBIT_MOVE_BUFFER_SIZE, first_legal);
  }
  return GAMBIT_OK;
}

// Declines every draw offer, except: accept_draw accepts; draw_error, draw_throw and draw_hang fail as
// error, throw and hang do in choose_move (draw_hang until stopped).
gambit_status consider_draw(gambit_player* player, const gambit_position* position, std::int32_t* accept, char* error,
                            std::size_t size) {
  auto* instance = reinterpret_cast<Instance*>(player);
  // slow_start: a stop that comes in its first 100 ms is forgotten, as one that comes before choose_move is.
  if (instance->behaviour == "slow_start") std::this_thread::sleep_for(std::chrono::milliseconds(100));
  instance->stop = false;
  const std::string& behaviour = instance->behaviour;
  (void)current_position(*position);
  *accept = behaviour == "accept_draw" ? 1 : 0;
  if (behaviour == "draw_error") {
    write(error, size, "no opinion today");
    return GAMBIT_ERROR;
  }
  if (behaviour == "draw_throw") throw std::runtime_error("raw exception from consider_draw");
  if (behaviour == "draw_hang")
    while (!instance->stop) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  return GAMBIT_OK;
}

void stop(gambit_player* player) { reinterpret_cast<Instance*>(player)->stop = true; }

[[maybe_unused]] const char* const behaviours[] = {
    "first_legal", "illegal", "garbage",     "null_move",  "error",      "throw",     "hang",
    "stoppable",   "fail_create", "accept_draw", "draw_error", "draw_throw", "draw_hang", "slow_start",
    "segfault",    "abort",       "exit",        "stack_overflow", "close_stdio", "print",  "scribble",
    "spin",        "allocate",    "lines"};

#if TEST_DEFECT == 7
const gambit_option_spec options[] = {{"depth", "Search depth", GAMBIT_OPTION_INT, 0, 10, "99", nullptr, 0}};
#elif TEST_DEFECT == 8
const gambit_option_spec options[] = {{"depth", "Search depth", GAMBIT_OPTION_INT, 0, 10, "3", nullptr, 0},
                                      {"depth", "Again", GAMBIT_OPTION_INT, 0, 10, "3", nullptr, 0}};
#else
const gambit_option_spec options[] = {
    {"behaviour", "How choose_move misbehaves", GAMBIT_OPTION_CHOICE, 0, 0, "first_legal", behaviours,
     std::uint32_t(std::size(behaviours))},
    {"depth", "Unused", GAMBIT_OPTION_INT, 1, 6, "3", nullptr, 0}};
#endif

#if TEST_DEFECT == 9
const gambit_option_value easy_settings[] = {{"strength", "1"}};
#else
const gambit_option_value easy_settings[] = {{"depth", "1"}};
#endif
const gambit_level levels[] = {{"easy", "Thinks one move ahead", easy_settings, 1}};

#if TEST_DEFECT == 11
const char* const variants[] = {"standard", nullptr};
#else
const char* const variants[] = {"standard"};
#endif

// Defects 13-15: a permission of a kind no host knows, one naming an option the plugin lacks, one naming a number.
#if TEST_DEFECT == 13
const gambit_permission permissions[] = {{99, "behaviour", "Something new"}};
#elif TEST_DEFECT == 14
const gambit_permission permissions[] = {{GAMBIT_PERMISSION_WRITE_FILE, "log", "Writes a log"}};
#elif TEST_DEFECT == 15
const gambit_permission permissions[] = {{GAMBIT_PERMISSION_READ_PATHS, "depth", "Reads tablebases"}};
#endif
#if TEST_DEFECT >= 13 && TEST_DEFECT <= 15
constexpr const gambit_permission* permission_list = permissions;
constexpr std::uint32_t permission_count = 1;
#else
constexpr const gambit_permission* permission_list = nullptr;
constexpr std::uint32_t permission_count = 0;
#endif

// Defect 10 is no defect: a plugin built against ABI 1.0, whose descriptor ends at stop; nor is 12, one built
// against ABI 1.1, whose descriptor ends before consider_draw.
constexpr std::uint32_t descriptor_size() {
  if (TEST_DEFECT == 4) return std::uint32_t(offsetof(gambit_plugin_descriptor, stop));
  if (TEST_DEFECT == 10) return std::uint32_t(offsetof(gambit_plugin_descriptor, variants));
  if (TEST_DEFECT == 12) return std::uint32_t(offsetof(gambit_plugin_descriptor, consider_draw));
  return std::uint32_t(sizeof(gambit_plugin_descriptor));
}

const gambit_plugin_descriptor descriptor{
    TEST_DEFECT == 3 ? 99u : GAMBIT_PLAYER_ABI_MAJOR,
    TEST_DEFECT == 10 ? 0u : TEST_DEFECT == 12 ? 1u : GAMBIT_PLAYER_ABI_MINOR,
    descriptor_size(),
    TEST_DEFECT == 5 ? "" : TEST_DEFECT == 10 ? "raw_abi_1_0" : TEST_DEFECT == 12 ? "raw_abi_1_1" : "raw",
    "Raw test player",
    "0.1",
    "Written against the C ABI directly; misbehaves on request.",
    options,
    std::uint32_t(sizeof(options) / sizeof(options[0])),
    levels,
    1,
    &create,
    &destroy,
    &new_game,
    TEST_DEFECT == 6 ? nullptr : &choose_move,
    &stop,
    variants,
    std::uint32_t(sizeof(variants) / sizeof(variants[0])),
    &consider_draw,
    permission_list,
    permission_count};

}  // namespace

#if TEST_DEFECT == 1
EXPORTED const gambit_plugin_descriptor* not_the_entry_symbol(std::uint32_t) { return &descriptor; }
#else
EXPORTED const gambit_plugin_descriptor* gambit_player_plugin(std::uint32_t host_abi_major) {
  return TEST_DEFECT == 2 || host_abi_major != GAMBIT_PLAYER_ABI_MAJOR ? nullptr : &descriptor;
}
#endif

EXPORTED void test_raw_release_hang() { hang_released = true; }
EXPORTED int test_raw_destroyed_count() { return destroyed; }
