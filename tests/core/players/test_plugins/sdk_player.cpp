// SPDX-License-Identifier: MIT
// A player plugin written with the SDK whose option `behaviour` makes it fail
// in ways the SDK must turn into error codes (exceptions never cross the ABI).
#include <array>
#include <stdexcept>
#include <thread>

#include "gambit/player_sdk.h"

namespace {

using namespace gambit;

class SdkTestPlayer final : public sdk::Player {
 public:
  static constexpr const char* Id = "sdk_test";
  static constexpr const char* Name = "SDK test player";
  static constexpr const char* Version = "0.1";
  static constexpr const char* Description = "Built with the SDK; throws on request.";

  static std::span<const gambit_option_spec> option_specs() {
    static constexpr std::array<const char*, 8> behaviours{"first_legal", "throw",       "throw_int",
                                                           "stoppable",   "fail_create", "accept_draw",
                                                           "draw_throw",  "draw_stoppable"};
    static constexpr std::array<gambit_option_spec, 1> specs{{
        {"behaviour", "How the player misbehaves", GAMBIT_OPTION_CHOICE, 0, 0, "first_legal", behaviours.data(),
         behaviours.size()},
    }};
    return specs;
  }
  static std::span<const gambit_level> levels() { return {}; }

  explicit SdkTestPlayer(const sdk::Options& options) : behaviour_(options.text("behaviour")) {
    if (behaviour_ == "fail_create") throw std::runtime_error("cannot allocate a 1 TB hash table");
  }

  chess::Move choose_move(const sdk::SearchRequest& request) override {
    if (behaviour_ == "throw") throw std::runtime_error("out of cheese");
    if (behaviour_ == "throw_int") throw 42;
    if (behaviour_ == "stoppable") {
      request.report(players::SearchInfo{});
      while (!request.stop_requested()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    return chess::legal_moves(request.position())[0];
  }

  // Declines, except: accept_draw accepts; draw_throw throws; draw_stoppable declines once stopped.
  bool accepts_draw(const sdk::SearchRequest& request) {
    if (behaviour_ == "draw_throw") throw std::runtime_error("no opinion on draws");
    if (behaviour_ == "draw_stoppable")
      while (!request.stop_requested()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    return behaviour_ == "accept_draw";
  }

 private:
  std::string behaviour_;
};

}  // namespace

GAMBIT_EXPORT_PLAYER(SdkTestPlayer)
