// SPDX-License-Identifier: MIT
// The C++ side of writing a Gambit player plugin: a plugin is a class derived
// from gambit::sdk::Player plus one GAMBIT_EXPORT_PLAYER(Class) line. The SDK
// turns the C ABI (core/players/player_api.h) into chess types, fills option
// defaults, keeps the stop flag, and catches every exception so none crosses
// the boundary.
//
// The player class provides:
//   static constexpr const char* Id, *Name, *Version, *Description;
//   static std::span<const gambit_option_spec> option_specs();
//   static std::span<const gambit_level> levels();
//   explicit Class(const gambit::sdk::Options&);   // may throw: create() fails with the message
//   chess::Move choose_move(const gambit::sdk::SearchRequest&) override;
//   void new_game() override;                      // optional
//   static std::span<const char* const> variants(); // optional: variant ids it plays
//                                                   // (default {"standard"})
//   bool accepts_draw(const gambit::sdk::SearchRequest&); // optional: the opponent
//                       // offers a draw in request.position() (this player to move);
//                       // true agrees. request.limits() is empty: the player keeps
//                       // to a small budget of its own and returns once stopped.
//                       // Without it every offer is declined (consider_draw NULL).
//   static std::span<const gambit_permission> permissions(); // optional: what it needs
//                       // beyond the sandbox of an isolated plugin (player_api.h)
#pragma once

#include <atomic>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <exception>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/chess/movegen.h"
#include "core/chess/position.h"
#include "core/chess/uci.h"
#include "core/players/player_api.h"
#include "core/players/player_types.h"

namespace gambit::sdk {

// Option values by name, every option of the schema present (defaults filled in).
class Options {
 public:
  Options() = default;
  explicit Options(std::map<std::string, std::string, std::less<>> values) : values_(std::move(values)) {}

  const std::string& text(std::string_view name) const {
    auto it = values_.find(name);
    if (it == values_.end()) throw std::invalid_argument("no option named '" + std::string(name) + "'");
    return it->second;
  }
  std::int64_t integer(std::string_view name) const { return std::stoll(text(name)); }
  bool boolean(std::string_view name) const { return text(name) == "true"; }

 private:
  std::map<std::string, std::string, std::less<>> values_;
};

// One call to choose_move: the position (with the game so far, for
// repetitions), the limits, the stop flag and the progress callback.
class SearchRequest {
 public:
  SearchRequest(std::vector<chess::Position> game, players::Limits limits, const std::atomic<bool>& stop,
                gambit_info_callback callback, void* user_data)
      : game_(std::move(game)), limits_(limits), stop_(stop), callback_(callback), user_data_(user_data) {}

  const chess::Position& position() const { return game_.back(); }
  // Every position of the game, from the start FEN to the current one.
  const std::vector<chess::Position>& game() const { return game_; }
  const players::Limits& limits() const { return limits_; }
  // True once the host has asked the search to return (stop()).
  bool stop_requested() const { return stop_.load(std::memory_order_relaxed); }
  // The flag itself, for a player that waits on something and polls it.
  const std::atomic<bool>& stop_flag() const { return stop_; }

  void report(const players::SearchInfo& info) const {
    if (!callback_) return;
    const std::string pv = players::pv_text(info.pv);
    const gambit_search_info c = players::to_c(info, pv);
    callback_(user_data_, &c);
  }

 private:
  std::vector<chess::Position> game_;
  players::Limits limits_;
  const std::atomic<bool>& stop_;
  gambit_info_callback callback_;
  void* user_data_;
};

// Base class of every player.
class Player {
 public:
  virtual ~Player() = default;
  virtual void new_game() {}
  // The chosen move, legal in request.position(); Move::none() only when there is no legal move.
  virtual chess::Move choose_move(const SearchRequest& request) = 0;
};

namespace detail {

inline void write_text(char* buffer, std::size_t size, std::string_view text) {
  if (!buffer || size == 0) return;
  const std::size_t n = std::min(size - 1, text.size());
  std::memcpy(buffer, text.data(), n);
  buffer[n] = '\0';
}

// Runs f, turning any exception into GAMBIT_ERROR with its message.
template <class F>
gambit_status guarded(char* error, std::size_t size, F&& f) {
  try {
    f();
    return GAMBIT_OK;
  } catch (const std::exception& e) {
    write_text(error, size, e.what());
  } catch (...) {
    write_text(error, size, "unknown exception");
  }
  return GAMBIT_ERROR;
}

struct Instance {
  std::unique_ptr<Player> player;
  std::atomic<bool> stop{false};
};

inline Instance* instance(gambit_player* p) { return reinterpret_cast<Instance*>(p); }

// The variant ids a player class plays: its variants(), else standard chess.
template <class P>
std::span<const char* const> variant_ids() {
  if constexpr (requires { P::variants(); }) {
    return P::variants();
  } else {
    static constexpr const char* Standard[] = {"standard"};
    return Standard;
  }
}

// What a player class needs beyond its sandbox: its permissions(), else nothing.
template <class P>
std::span<const gambit_permission> permission_list() {
  if constexpr (requires { P::permissions(); })
    return P::permissions();
  else
    return {};
}

// The variant the host asked for (ABI 1.1 field; standard when absent), if `plays` lists it.
inline chess::Variant read_variant(const gambit_position& c, std::span<const char* const> plays) {
  const bool present = c.struct_size >= offsetof(gambit_position, variant) + sizeof(c.variant) && c.variant;
  const std::string_view name = present ? std::string_view(c.variant) : "standard";
  const std::optional<chess::Variant> variant = chess::variant_from_name(name);
  if (!variant) throw std::invalid_argument("unknown variant '" + std::string(name) + "'");
  for (const char* id : plays)
    if (chess::variant_from_name(id) == variant) return *variant;
  throw std::invalid_argument("this player does not play " + std::string(chess::names_of(*variant).for_people));
}

// Rebuilds the game from the FEN and UCI moves the host sent.
inline std::vector<chess::Position> read_position(const gambit_position& c, chess::Variant variant) {
  if (!c.start_fen) throw std::invalid_argument("no start position given");
  Result<chess::Position> start = chess::Position::from_fen(c.start_fen, variant);
  if (!start) throw std::invalid_argument(start.error());
  std::vector<chess::Position> game{*start};
  for (std::uint32_t i = 0; i < c.move_count; ++i) {
    Result<chess::Move> m = chess::parse_uci_move(game.back(), c.moves[i] ? c.moves[i] : "");
    if (!m) throw std::invalid_argument("move " + std::to_string(i + 1) + ": " + m.error());
    game.push_back(game.back());
    game.back().do_move(*m);
  }
  return game;
}

template <class P>
Options read_options(const gambit_option_value* values, std::uint32_t count) {
  std::map<std::string, std::string, std::less<>> map;
  for (const gambit_option_spec& spec : P::option_specs())
    map.insert_or_assign(std::string(spec.name), std::string(spec.default_value ? spec.default_value : ""));
  for (std::uint32_t i = 0; i < count; ++i) {
    if (!values[i].name || !values[i].value) throw std::invalid_argument("option without a name or value");
    if (!map.count(values[i].name)) {
      std::string message = "unknown option '";  // built with += : GCC 12 warns falsely on string + char* here
      message += values[i].name;
      message += '\'';
      throw std::invalid_argument(message);
    }
    map.insert_or_assign(std::string(values[i].name), std::string(values[i].value));
  }
  return Options(std::move(map));
}

// Whether a player class judges draw offers (has accepts_draw).
template <class P>
constexpr bool judges_draws = requires(P& player, const SearchRequest& request) {
  { player.accepts_draw(request) } -> std::convertible_to<bool>;
};

template <class P>
struct Adapter {
  static gambit_player* create(const gambit_option_value* options, std::uint32_t count, char* error, std::size_t size) {
    auto inst = std::make_unique<Instance>();
    gambit_status status =
        guarded(error, size, [&] { inst->player = std::make_unique<P>(read_options<P>(options, count)); });
    return status == GAMBIT_OK ? reinterpret_cast<gambit_player*>(inst.release()) : nullptr;
  }
  static void destroy(gambit_player* p) {
    try {
      delete instance(p);
    } catch (...) {
    }
  }
  static gambit_status new_game(gambit_player* p, char* error, std::size_t size) {
    return guarded(error, size, [&] { instance(p)->player->new_game(); });
  }
  static gambit_status choose_move(gambit_player* p, const gambit_position* position, const gambit_limits* limits,
                                   gambit_info_callback info, void* user_data, char* move, char* error,
                                   std::size_t size) {
    Instance* inst = instance(p);
    inst->stop.store(false);
    return guarded(error, size, [&] {
      if (!position || !limits) throw std::invalid_argument("no position or no limits given");
      SearchRequest request(read_position(*position, read_variant(*position, variant_ids<P>())),
                            players::from_c(*limits), inst->stop, info, user_data);
      chess::Move chosen = inst->player->choose_move(request);
      write_text(move, GAMBIT_MOVE_BUFFER_SIZE, chosen ? chess::to_uci(chosen) : "0000");
    });
  }
  static gambit_status consider_draw(gambit_player* p, const gambit_position* position, std::int32_t* accept,
                                     char* error, std::size_t size) {
    Instance* inst = instance(p);
    inst->stop.store(false);
    return guarded(error, size, [&] {
      if (!position || !accept) throw std::invalid_argument("no position or no answer given");
      *accept = 0;
      SearchRequest request(read_position(*position, read_variant(*position, variant_ids<P>())), players::Limits{},
                            inst->stop, nullptr, nullptr);
      if constexpr (judges_draws<P>) *accept = static_cast<P&>(*inst->player).accepts_draw(request) ? 1 : 0;
    });
  }
  static void stop(gambit_player* p) { instance(p)->stop.store(true); }

  static const gambit_plugin_descriptor* descriptor(std::uint32_t host_abi_major) {
    static const gambit_plugin_descriptor d{GAMBIT_PLAYER_ABI_MAJOR,
                                            GAMBIT_PLAYER_ABI_MINOR,
                                            sizeof(gambit_plugin_descriptor),
                                            P::Id,
                                            P::Name,
                                            P::Version,
                                            P::Description,
                                            P::option_specs().data(),
                                            std::uint32_t(P::option_specs().size()),
                                            P::levels().data(),
                                            std::uint32_t(P::levels().size()),
                                            &create,
                                            &destroy,
                                            &new_game,
                                            &choose_move,
                                            &stop,
                                            variant_ids<P>().data(),
                                            std::uint32_t(variant_ids<P>().size()),
                                            judges_draws<P> ? &consider_draw : nullptr,
                                            permission_list<P>().data(),
                                            std::uint32_t(permission_list<P>().size())};
    return host_abi_major == GAMBIT_PLAYER_ABI_MAJOR ? &d : nullptr;
  }
};

}  // namespace detail
}  // namespace gambit::sdk

// Exports the plugin's one entry symbol for PlayerClass. Use once per plugin.
#define GAMBIT_EXPORT_PLAYER(PlayerClass)                                                                   \
  extern "C" __attribute__((visibility("default"))) const gambit_plugin_descriptor* gambit_player_plugin( \
      uint32_t host_abi_major) {                                                                           \
    return ::gambit::sdk::detail::Adapter<PlayerClass>::descriptor(host_abi_major);                        \
  }
