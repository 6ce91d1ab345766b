// SPDX-License-Identifier: MIT
#include "core/match/game_record.h"

#include <algorithm>
#include <cmath>
#include <ctime>

#include "core/chess/opening_names.h"
#include "core/match/game_runner.h"
#include "core/util/local_time.h"
#include "core/util/text_file.h"
#include "core/util/translation.h"
#include "core/util/words.h"

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

std::string pgn_date_today() { return local_time_text(std::time(nullptr), "%Y.%m.%d"); }

std::string options_text(const std::vector<std::pair<std::string, std::string>>& options) {
  std::string text;
  for (const auto& [name, value] : options) text += (text.empty() ? "" : " ") + name + "=" + value;
  return text.empty() ? "(defaults)" : text;
}

PgnTags plugin_tags(const std::string& side_name, const std::string& id, const std::string& version,
                    const std::vector<std::pair<std::string, std::string>>& options) {
  return {{side_name + "Plugin", id + " " + version}, {side_name + "Options", options_text(options)}};
}

PgnTags rating_tags(const std::string& side_name, const players::Seat& seat) {
  if (seat.human()) return {};
  const auto rating = seat.plugin->rating_of(seat.level, seat.options);
  if (!rating) return {};
  return {{side_name + "Elo", std::to_string(std::lround(rating->elo))}};
}

std::string termination_tag(chess::Termination t) {
  switch (t) {
    case chess::Termination::TimeForfeit: return "time forfeit";
    case chess::Termination::Forfeit: return "rules infraction";
    case chess::Termination::None: return "unterminated";
    default: return "normal";
  }
}

PgnTags seat_tags(const std::array<players::Seat, chess::COLOR_NB>& seats) {
  PgnTags tags;
  for (chess::Color side : {chess::WHITE, chess::BLACK}) {
    const players::Seat& seat = seats[side];
    if (seat.human()) continue;
    for (const PgnTags& more : {rating_tags(chess::color_name(side), seat),
                                plugin_tags(chess::color_name(side), seat.plugin->id(), seat.plugin->version(),
                                            seat.options)})
      tags.insert(tags.end(), more.begin(), more.end());
  }
  return tags;
}

chess::Game game_from_pgn(const chess::PgnGame& pgn) {
  chess::Game game(pgn.start);
  for (chess::Move move : pgn.moves) game.play(move);
  return game;
}

bool side_has_moved(const chess::Game& game, chess::Color side) {
  const bool first = game.start().side_to_move() == side;
  return game.moves().size() >= (first ? 1u : 2u);
}

rating::RatingPool pool_of_game(chess::Variant variant, const TimeControl& time_control) {
  return rating::pool_of(chess::names_of(variant).id, time_control.pgn_tag());
}

namespace {

LoadedGames one_position(const chess::Position& position, bool from_file) {
  chess::PgnGame game;
  game.start = position;
  return {{std::move(game)}, {}, from_file};
}

}  // namespace

Result<LoadedGames> read_games(const std::string& fen_or_path, chess::Variant variant) {
  const std::string text(trimmed(fen_or_path));
  if (text.empty()) return Failure{tr("type a position in FEN, or the path of a PGN file")};
  if (chess::looks_like_fen(text)) {
    auto position = chess::Position::from_fen(text, variant);
    // TRANSLATORS: {reason} is what is wrong with the position typed.
    if (!position) return Failure{fill(tr("this is not a valid FEN: {reason}"), {{"reason", position.error()}})};
    return one_position(*position, false);
  }
  const Result<std::string> read = read_text_file(text);
  if (!read) return Failure{read.error()};
  const std::string& contents = read.value();
  const std::string line = contents.substr(0, contents.find('\n'));
  if (chess::looks_like_fen(line)) {
    auto position = chess::Position::from_fen(line, variant);
    if (!position)
      return Failure{
          // TRANSLATORS: {path} is the file; {reason} what is wrong with the position it holds.
          fill(tr("{path} holds a FEN that is not valid: {reason}"), {{"path", text}, {"reason", position.error()}})};
    return one_position(*position, true);
  }
  LoadedGames loaded;
  loaded.from_file = true;
  chess::PgnReader reader(contents, chess::PgnReader::Moves::UpToError);
  while (std::optional<Result<chess::PgnGame>> game = reader.next()) {
    if (*game) loaded.games.push_back(std::move(*game).value());
    else loaded.unreadable.push_back(game->error());
  }
  if (loaded.games.empty())
    // TRANSLATORS: {path} is the file; {reason} why no game could be read from it.
    return Failure{fill(tr("{path} is not a game: {reason}"),
                        {{"path", text},
                         {"reason", loaded.unreadable.empty() ? std::string(tr("it holds no game"))
                                                              : loaded.unreadable.front()}})};
  return loaded;
}

std::string game_line(const chess::PgnGame& game) {
  const auto named = [&](const char* tag, const char* otherwise) {
    const std::string value = game.tag(tag);
    return value.empty() || value == "?" ? std::string(otherwise) : value;
  };
  // TRANSLATORS: the player of the white (black) pieces, in a list of a file's games whose game does not name them.
  std::string line = named("White", trc("unnamed player", "White")) + " - " +
                     named("Black", trc("unnamed player", "Black")) + ", " + game.result;
  for (const char* tag : {"Event", "Date"})
    if (const std::string value = game.tag(tag); !value.empty() && value.find('?') == std::string::npos)
      line += ", " + value;
  return line + " (" + moves_text(game.moves.size()) + ")";
}

bool finished_game(const chess::PgnGame& game) {
  return game.result != "*" || game_from_pgn(game).is_over();
}

std::string moves_text(std::size_t plies) {
  const std::size_t moves = moves_of(plies);
  return fill(trn("{n} move", "{n} moves", moves), {{"n", std::to_string(moves)}});
}

// Stored in English (the store keeps these words): translated where they are shown, tr(words.c_str()). A
// forfeit with its reason is stored and shown as it is.
std::string ending_words(const chess::Outcome& outcome) {
  switch (outcome.termination) {
    // TRANSLATORS: how a game ended, after "By" ("By checkmate") and in the Scores screen's list of games.
    case chess::Termination::None: return N_("unfinished");
    case chess::Termination::Checkmate: return N_("checkmate");
    case chess::Termination::Stalemate: return N_("stalemate");
    case chess::Termination::ThirdCheck: return N_("third check");
    // TRANSLATORS: how a King of the Hill game ended: a king reached the centre.
    case chess::Termination::KingOfTheHill: return N_("king on the hill");
    // TRANSLATORS: how a Racing Kings game ended: a king (or both) reached the eighth rank.
    case chess::Termination::EighthRank: return N_("eighth rank");
    case chess::Termination::InsufficientMaterial: return N_("insufficient material");
    case chess::Termination::FivefoldRepetition: return N_("fivefold repetition");
    case chess::Termination::SeventyFiveMoveRule: return N_("75-move rule");
    case chess::Termination::ThreefoldRepetition: return N_("threefold repetition");
    case chess::Termination::FiftyMoveRule: return N_("50-move rule");
    case chess::Termination::Agreement: return N_("agreement");
    case chess::Termination::Resignation: return N_("resignation");
    case chess::Termination::Forfeit: return outcome.reason.empty() ? N_("forfeit") : "forfeit: " + outcome.reason;
    case chess::Termination::TimeForfeit: return N_("time forfeit");
  }
  return N_("unfinished");
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
  chess::add_opening_tags(pgn);
  return pgn;
}

}  // namespace gambit::match
