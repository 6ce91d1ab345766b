#include "core/match/game_record.h"

#include <algorithm>
#include <ctime>

#include "core/match/game_runner.h"

namespace gambit::match {

std::string seconds_text(std::int64_t ms) {
  std::string text = std::to_string(ms / 1000);
  if (ms % 1000) {
    std::string fraction = std::to_string(1000 + ms % 1000).substr(1);
    while (fraction.back() == '0') fraction.pop_back();
    text += "." + fraction;
  }
  return text;
}

std::string pgn_date_today() {
  const std::time_t now = std::time(nullptr);
  std::tm local{};
  localtime_r(&now, &local);
  char buffer[16];
  std::strftime(buffer, sizeof buffer, "%Y.%m.%d", &local);
  return buffer;
}

std::string options_text(const std::vector<std::pair<std::string, std::string>>& options) {
  std::string text;
  for (const auto& [name, value] : options) text += (text.empty() ? "" : " ") + name + "=" + value;
  return text.empty() ? "(defaults)" : text;
}

PgnTags plugin_tags(const std::string& side_name, const std::string& id, const std::string& version,
                    const std::vector<std::pair<std::string, std::string>>& options) {
  return {{side_name + "Plugin", id + " " + version}, {side_name + "Options", options_text(options)}};
}

std::string termination_tag(chess::Termination t) {
  switch (t) {
    case chess::Termination::TimeForfeit: return "time forfeit";
    case chess::Termination::Forfeit: return "rules infraction";
    case chess::Termination::None: return "unterminated";
    default: return "normal";
  }
}

chess::PgnGame pgn_record(const chess::Game& game, const std::string& event, const std::string& white,
                          const std::string& black, const TimeControl& time_control, const PgnTags& extra) {
  chess::PgnGame pgn;
  const chess::Outcome& outcome = game.outcome();
  pgn.tags = {{"Event", event}, {"Site", "?"},    {"Date", pgn_date_today()},       {"Round", "?"},
              {"White", white}, {"Black", black}, {"Result", outcome.pgn_result()}};
  for (const auto& tag : extra) {
    auto existing = std::find_if(pgn.tags.begin(), pgn.tags.end(), [&](const auto& t) { return t.first == tag.first; });
    if (existing != pgn.tags.end()) existing->second = tag.second;
    else pgn.tags.push_back(tag);
  }
  pgn.tags.emplace_back("TimeControl", time_control.pgn_tag());
  if (time_control.movetime_ms > 0) pgn.tags.emplace_back("MoveTime", seconds_text(time_control.movetime_ms));
  pgn.tags.emplace_back("Termination", termination_tag(outcome.termination));
  pgn.start = game.start();
  pgn.moves = game.moves();
  pgn.result = outcome.pgn_result();
  if (!pgn.moves.empty() && outcome.is_over()) {
    pgn.comments_after.assign(pgn.moves.size(), "");
    pgn.comments_after.back() = outcome.description();
  }
  return pgn;
}

}  // namespace gambit::match
