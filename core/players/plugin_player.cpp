#include "core/players/plugin_player.h"

#include <algorithm>
#include <condition_variable>
#include <exception>
#include <optional>
#include <string_view>
#include <system_error>
#include <thread>

#include "core/chess/movegen.h"
#include "core/chess/uci.h"
#include "core/players/options.h"

namespace gambit::players {

namespace {

using Clock = std::chrono::steady_clock;

// While a stop is wanted, the plugin's stop() is repeated this often: a stop
// that lands before the plugin's choose_move has begun would otherwise be lost.
constexpr std::chrono::milliseconds StopRepeat{10};
// The longest principal variation passed on to the info handler.
constexpr std::size_t MaxPvLength = 128;

// Text a plugin wrote into a buffer of `size` bytes: up to the first NUL (or
// the end), control characters shown as spaces, "(no message)" when empty.
std::string plugin_message(const char* buffer, std::size_t size) {
  std::string text(buffer, std::find(buffer, buffer + size, '\0'));
  for (char& c : text)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) c = ' ';
  text.erase(0, text.find_first_not_of(' '));
  text.erase(text.find_last_not_of(' ') + 1);
  return text.empty() ? "(no message)" : text;
}

// The legal prefix of a space-separated UCI move list, played from `position`.
std::vector<chess::Move> legal_pv(chess::Position position, std::string_view text) {
  std::vector<chess::Move> pv;
  while (pv.size() < MaxPvLength) {
    const std::size_t begin = text.find_first_not_of(' ');
    if (begin == std::string_view::npos) break;
    text.remove_prefix(begin);
    const std::string_view token = text.substr(0, text.find(' '));
    text.remove_prefix(token.size());
    Result<chess::Move> move = chess::parse_uci_move(position, token);
    if (!move) break;
    pv.push_back(*move);
    position.do_move(*move);
  }
  return pv;
}

// began + duration; none for durations beyond a year (which would overflow the clock: "never").
std::optional<Clock::time_point> time_after(Clock::time_point began, std::chrono::milliseconds duration) {
  constexpr std::chrono::milliseconds OneYear = std::chrono::hours(24 * 365);
  if (duration > OneYear) return std::nullopt;
  return began + std::max(duration, std::chrono::milliseconds(0));
}

}  // namespace

// One choose_move call, shared by the calling thread and the worker thread that
// runs the plugin. The worker owns a reference, so an abandoned search (and the
// library it points into) lives on until the plugin returns, if ever.
struct PluginPlayer::Search {
  Search(std::shared_ptr<const PluginLibrary> plugin, gambit_player* player, const chess::Position& start,
         const std::vector<chess::Move>& moves, const Limits& limits, const chess::Position& current_position,
         InfoHandler handler, bool ask_about_draw)
      : library(std::move(plugin)), instance(player), start_fen(start.fen()), current(current_position),
        ask_draw(ask_about_draw ? library->consider_draw() : nullptr), on_info(std::move(handler)) {
    for (chess::Move m : moves) move_texts.push_back(chess::to_uci(m));
    for (const std::string& text : move_texts) move_pointers.push_back(text.c_str());
    c_position = {sizeof(gambit_position), start_fen.c_str(), move_pointers.data(),
                  std::uint32_t(move_pointers.size()), chess::names_of(start.variant()).id.data()};
    c_limits = to_c(limits);
  }

  // Worker thread: runs the plugin, publishes the answer, and destroys the
  // instance itself if the caller gave up on it meanwhile.
  void run() {
    const gambit_plugin_descriptor& d = library->descriptor();
    gambit_status result = GAMBIT_ERROR;
    std::optional<std::string> thrown;
    bool considering = ask_draw != nullptr;  // the call under way is consider_draw
    std::int32_t accept = 0;
    try {
      if (considering) result = ask_draw(instance, &c_position, &accept, error, sizeof(error));
      if (!considering || (result == GAMBIT_OK && accept == 0)) {
        considering = false;
        result = d.choose_move(instance, &c_position, &c_limits, &Search::report, this, move, error, sizeof(error));
      }
    } catch (const std::exception& e) {
      thrown = e.what();
    } catch (...) {
      thrown = "an exception that is not a std::exception";
    }
    bool orphaned;
    {
      std::lock_guard lock(mutex);
      answered = true;
      status = result;
      exception = std::move(thrown);
      in_consider_draw = considering;
      accepted_draw = considering && accept != 0;
      orphaned = abandoned;
    }
    changed.notify_all();
    if (orphaned) {
      try {
        d.destroy(instance);
      } catch (...) {
      }
    }
  }

  // The plugin's info callback (worker thread): passes the info on unless the
  // caller has returned from choose_move.
  static void report(void* user_data, const gambit_search_info* info) {
    auto* search = static_cast<Search*>(user_data);
    if (!search || !info || info->struct_size < sizeof(gambit_search_info)) return;
    try {
      std::lock_guard lock(search->info_mutex);
      if (!search->on_info) return;
      SearchInfo converted = from_c(*info);
      if (info->pv) converted.pv = legal_pv(search->current, info->pv);
      search->on_info(converted);
    } catch (...) {
    }
  }

  const std::shared_ptr<const PluginLibrary> library;  // keeps the plugin's code loaded
  gambit_player* const instance;

  // The request in C form (the strings and arrays the C structs point into).
  const std::string start_fen;
  std::vector<std::string> move_texts;
  std::vector<const char*> move_pointers;
  gambit_position c_position{};
  gambit_limits c_limits{};
  const chess::Position current;  // the position to move in, for checking the PVs
  // The plugin's consider_draw when a draw is offered and it has one, else nullptr.
  const decltype(gambit_plugin_descriptor::consider_draw) ask_draw;

  std::mutex mutex;  // guards the fields below
  std::condition_variable changed;
  bool answered = false;
  bool abandoned = false;
  bool stop_requested = false;
  gambit_status status = GAMBIT_ERROR;
  std::optional<std::string> exception;
  bool in_consider_draw = false;  // status or exception came from consider_draw, not choose_move
  bool accepted_draw = false;
  // Written by the plugin; read by the caller only once answered.
  char move[GAMBIT_MOVE_BUFFER_SIZE] = {};
  char error[GAMBIT_ERROR_BUFFER_SIZE] = {};

  std::mutex info_mutex;  // held while on_info runs; on_info is emptied when choose_move returns
  InfoHandler on_info;
};

Result<std::unique_ptr<PluginPlayer>> PluginPlayer::create(
    std::shared_ptr<const PluginLibrary> library, std::vector<std::pair<std::string, std::string>> options) {
  if (!library) return Failure{"cannot create a player: no plugin given"};
  const gambit_plugin_descriptor& d = library->descriptor();
  const std::string refusal = "cannot create player '" + library->id() + "' from '" + library->path().string() + "': ";

  for (std::size_t i = 0; i < options.size(); ++i) {
    auto& [name, value] = options[i];
    const gambit_option_spec* spec = find_option(d, name);
    if (!spec)
      return Failure{refusal + "it has no option " + quote_for_message(name) + "; its options are " +
                            option_names(d)};
    for (std::size_t k = 0; k < i; ++k)
      if (options[k].first == name) return Failure{refusal + "option '" + name + "' is given twice"};
    Result<std::string> valid = validate_option(*spec, value);
    if (!valid) return Failure{refusal + valid.error()};
    value = *valid;
  }

  std::vector<gambit_option_value> values;
  for (const auto& [name, value] : options) values.push_back({name.c_str(), value.c_str()});
  char error[GAMBIT_ERROR_BUFFER_SIZE] = {};
  gambit_player* instance = nullptr;
  try {
    instance = d.create(values.data(), std::uint32_t(values.size()), error, sizeof(error));
  } catch (const std::exception& e) {
    return Failure{refusal + "its create() threw an exception: " + e.what()};
  } catch (...) {
    return Failure{refusal + "its create() threw an exception"};
  }
  if (!instance) return Failure{refusal + plugin_message(error, sizeof(error))};
  return std::unique_ptr<PluginPlayer>(new PluginPlayer(std::move(library), instance, std::move(options)));
}

PluginPlayer::PluginPlayer(std::shared_ptr<const PluginLibrary> library, gambit_player* instance,
                           std::vector<std::pair<std::string, std::string>> options)
    : library_(std::move(library)), instance_(instance), options_(std::move(options)) {}

PluginPlayer::~PluginPlayer() {
  if (!instance_) return;
  try {
    library_->descriptor().destroy(instance_);
  } catch (...) {
  }
}

std::string PluginPlayer::who() const { return "player '" + library_->id() + "'"; }

Result<std::monostate> PluginPlayer::new_game() {
  if (!instance_) return Failure{who() + " was abandoned after it did not answer in time"};
  char error[GAMBIT_ERROR_BUFFER_SIZE] = {};
  gambit_status status = GAMBIT_ERROR;
  try {
    status = library_->descriptor().new_game(instance_, error, sizeof(error));
  } catch (const std::exception& e) {
    return Failure{who() + " threw an exception from new_game: " + e.what()};
  } catch (...) {
    return Failure{who() + " threw an exception from new_game"};
  }
  if (status != GAMBIT_OK)
    return Failure{who() + " could not start a new game: " + plugin_message(error, sizeof(error))};
  return std::monostate{};
}

MoveAnswer PluginPlayer::choose_move(const chess::Position& start, const std::vector<chess::Move>& moves,
                                     const Limits& limits, InfoHandler on_info,
                                     std::chrono::milliseconds hard_deadline, bool draw_offered) {
  const Clock::time_point began = Clock::now();
  const auto answer = [&](MoveAnswer::Kind kind, chess::Move move, std::string reason) {
    return MoveAnswer{kind, move, std::move(reason),
                      std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - began)};
  };
  const auto failed = [&](std::string reason) { return answer(MoveAnswer::Kind::Failed, {}, std::move(reason)); };

  if (!instance_) return failed(who() + " was abandoned after it did not answer in time");
  if (!library_->plays(start.variant()))
    return failed(who() + " does not play " + std::string(chess::names_of(start.variant()).for_people));
  chess::Position current = start;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    if (!current.is_legal(moves[i]))
      return failed("invalid request to " + who() + ": move " + std::to_string(i + 1) + " (" +
                    chess::to_uci(moves[i]) + ") is not legal in " + current.fen());
    current.do_move(moves[i]);
  }
  if (chess::count_legal(current) == 0) return answer(MoveAnswer::Kind::NoLegalMove, {}, {});

  auto search = std::make_shared<Search>(library_, instance_, start, moves, limits, current, std::move(on_info),
                                         draw_offered);
  {
    std::lock_guard lock(search_mutex_);
    search_ = search;
  }
  std::thread worker;
  try {
    worker = std::thread([search] { search->run(); });
  } catch (const std::system_error& e) {
    std::lock_guard lock(search_mutex_);
    search_.reset();
    return failed("cannot start a thread for " + who() + ": " + e.what());
  }

  // Soft limit: the movetime, else the side to move's clock (a backstop: the plugin manages its own time).
  const chess::Color us = current.side_to_move();
  std::optional<Clock::time_point> soft, hard;
  if (limits.movetime_ms > 0)
    soft = time_after(began, std::chrono::milliseconds(limits.movetime_ms));
  else if (!limits.infinite && limits.time_ms[us] >= 0)
    soft = time_after(began, std::chrono::milliseconds(limits.time_ms[us]));
  if (hard_deadline != NoDeadline) hard = time_after(began, hard_deadline);

  const gambit_plugin_descriptor& d = library_->descriptor();
  const auto stop_plugin = [&] {
    try {
      d.stop(instance_);
    } catch (...) {
    }
  };
  std::unique_lock lock(search->mutex);
  Clock::time_point next_stop = Clock::time_point::min();
  while (!search->answered) {
    const Clock::time_point now = Clock::now();
    if (hard && now >= *hard) break;
    std::optional<Clock::time_point> wake = hard;
    if (search->stop_requested || (soft && now >= *soft)) {
      if (now >= next_stop) {
        stop_plugin();  // the instance is alive: only the worker destroys it, once abandoned
        next_stop = now + StopRepeat;
      }
      wake = wake ? std::min(*wake, next_stop) : next_stop;
    } else if (soft) {
      wake = wake ? std::min(*wake, *soft) : *soft;
    }
    if (wake)
      search->changed.wait_until(lock, *wake);
    else
      search->changed.wait(lock);
  }
  const bool answered = search->answered;
  if (!answered) {
    stop_plugin();
    search->abandoned = true;  // from here on the worker owns the instance
  }
  lock.unlock();
  {
    std::lock_guard guard(search_mutex_);
    search_.reset();
  }
  {
    std::lock_guard guard(search->info_mutex);  // waits for a running on_info; none will follow
    search->on_info = nullptr;
  }

  if (!answered) {
    worker.detach();
    instance_ = nullptr;
    return answer(MoveAnswer::Kind::TimedOut, {},
                  who() + " did not answer within " + std::to_string(hard_deadline.count()) + " ms");
  }
  worker.join();

  if (search->exception)
    return failed(who() + " threw an exception from " +
                  (search->in_consider_draw ? "consider_draw" : "choose_move") + ": " + *search->exception);
  if (search->status != GAMBIT_OK)
    return failed(who() + " reported an error" +
                  (search->in_consider_draw ? " when offered a draw" : "") + ": " +
                  plugin_message(search->error, sizeof(search->error)));
  if (search->accepted_draw) return answer(MoveAnswer::Kind::AcceptsDraw, {}, {});
  const std::string text(search->move, std::find(search->move, search->move + sizeof(search->move), '\0'));
  if (text == "0000")
    return failed(who() + " answered '0000' (no move) although there are legal moves in " + current.fen());
  Result<chess::Move> move = chess::parse_uci_move(current, text);
  if (!move) return failed(who() + " answered a bad move: " + move.error());
  return answer(MoveAnswer::Kind::Move, *move, {});
}

void PluginPlayer::stop() {
  std::lock_guard guard(search_mutex_);
  if (!search_) return;
  {
    std::lock_guard lock(search_->mutex);
    search_->stop_requested = true;
  }
  search_->changed.notify_all();
}

}  // namespace gambit::players
