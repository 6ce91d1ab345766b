// SPDX-License-Identifier: MIT
// Practice (practice.h): the profile's mistake positions in Leitner boxes
// (core/learn/spaced_repetition.h), checked before they are kept.
// schema.cpp (version 7) holds the table.
#include "core/store/practice.h"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "core/chess/position.h"
#include "core/chess/uci.h"
#include "core/chess/variant.h"
#include "core/store/player_identity.h"
#include "core/store/players_table.h"
#include "core/store/sqlite.h"
#include "core/util/translation.h"
#include "core/util/words.h"

namespace gambit::store {

namespace {

// A position's FEN without its move counters: the same position reached at
// another move number, or in another game, is the same row.
std::string position_key(const chess::Position& position) {
  std::vector<std::string> fields = split_words(position.fen());
  fields.resize(fields.size() - 2);  // the halfmove clock and the move number, always last
  std::string key;
  for (const std::string& field : fields) key += (key.empty() ? "" : " ") + field;
  return key;
}

// A practice position as it will be stored: moves in canonical UCI, the
// variant by its id, and its key; or what is wrong with it.
struct CheckedPractice {
  PracticePosition position;
  std::string key;
};

Result<CheckedPractice> check_practice(Connection& db, const PracticePosition& given) {
  CheckedPractice checked{given, ""};
  PracticePosition& p = checked.position;
  const auto variant = chess::variant_from_name(given.variant);
  if (!variant)
    return Failure{
        // TRANSLATORS: {variant} is a variant's id, quoted; {variants} lists the ids Gambit knows ("standard,
        // threecheck").
        fill(tr("the variant {variant} is not one Gambit plays ({variants})"),
             {{"variant", quote_for_message(given.variant)}, {"variants", std::string(chess::variant_id_list())}})};
  p.variant = std::string(chess::names_of(*variant).id);
  auto start = chess::Position::from_fen(given.fen, *variant);
  if (!start)
    return Failure{fill(tr("the FEN {fen} is not a position: {reason}"),
                        {{"fen", quote_for_message(given.fen)}, {"reason", start.error()}})};
  checked.key = position_key(start.value());
  auto played = chess::parse_uci_move(start.value(), given.played);
  if (!played) return Failure{fill(tr("the move played cannot be played: {reason}"), {{"reason", played.error()}})};
  auto best = chess::parse_uci_move(start.value(), given.best);
  if (!best) return Failure{fill(tr("the best move cannot be played: {reason}"), {{"reason", best.error()}})};
  if (played.value() == best.value())
    // TRANSLATORS: {move} is a move in UCI notation ("e2e4").
    return Failure{fill(tr("the move played, {move}, is the best move: there is no mistake to practise"),
                        {{"move", given.played}})};
  p.played = chess::to_uci(played.value());
  p.best = chess::to_uci(best.value());
  auto line = chess::parse_uci_line(start.value(), given.line);
  // TRANSLATORS: the line is the best move and what follows it; {problem} says which of its moves cannot be played
  // and why ("move 3 cannot be played: ...").
  if (!line) return Failure{fill(tr("the line's {problem}"), {{"problem", line.error()}})};
  if (!line.value().empty() && line.value().front() != best.value())
    // TRANSLATORS: {move} and {best} are moves in UCI notation ("e2e4").
    return Failure{fill(tr("the line starts with {move}, not with the best move {best}"),
                        {{"move", chess::to_uci(line.value().front())}, {"best", p.best}})};
  p.line = chess::to_uci_line(line.value());
  // TRANSLATORS: a ply is one move of one side; {ply} is a number.
  if (given.ply < 0) return Failure{fill(tr("the ply {ply} is below 0"), {{"ply", std::to_string(given.ply)}})};
  if (given.game_id) {
    auto query = Statement::prepare(db, "SELECT count(*) FROM games WHERE id = ?1");
    if (!query) return Failure{query.error()};
    query.value().bind(1, *given.game_id);
    auto row = query.value().step();
    if (!row) return Failure{row.error()};
    if (!row.value() || query.value().column_int(0) == 0)
      return Failure{fill(tr("there is no game number {n} in the store"), {{"n", std::to_string(*given.game_id)}})};
  }
  return checked;
}

constexpr const char* PracticeColumns =
    "SELECT id, game_id, ply, variant, fen, played, best, line, reason, judgement, box, due_at, added_at, attempts, "
    "solved FROM practice ";

PracticePosition practice_of(const Statement& r) {
  PracticePosition p;
  p.id = r.column_int(0);
  if (!r.column_null(1)) p.game_id = r.column_int(1);
  p.ply = int(r.column_int(2));
  p.variant = r.column_text(3);
  p.fen = r.column_text(4);
  p.played = r.column_text(5);
  p.best = r.column_text(6);
  p.line = r.column_text(7);
  p.reason = r.column_text(8);
  p.judgement = practice_judgement_from_name(r.column_text(9)).value_or(PracticeJudgement::Mistake);
  p.schedule = {int(r.column_int(10)), r.column_int(11)};
  p.added_at = r.column_int(12);
  p.attempts = int(r.column_int(13));
  p.solved = int(r.column_int(14));
  return p;
}

// One of the player's practice positions, if they have it.
Result<std::optional<PracticePosition>> practice_row(Connection& db, std::int64_t player, std::int64_t id) {
  auto query = Statement::prepare(db, std::string(PracticeColumns) + "WHERE id = ?1 AND player_id = ?2");
  if (!query) return Failure{query.error()};
  query.value().bind(1, id).bind(2, player);
  std::optional<PracticePosition> found;
  if (auto read = each_row(query.value(), [&](const Statement& r) { found = practice_of(r); }); !read)
    return Failure{read.error()};
  return found;
}

}  // namespace

const char* practice_judgement_name(PracticeJudgement judgement) {
  return judgement == PracticeJudgement::Blunder ? "blunder" : "mistake";
}

std::optional<PracticeJudgement> practice_judgement_from_name(const std::string& name) {
  for (PracticeJudgement judgement : {PracticeJudgement::Mistake, PracticeJudgement::Blunder})
    if (name == practice_judgement_name(judgement)) return judgement;
  return std::nullopt;
}

Result<int> Practice::add_practice_positions(const std::vector<PracticePosition>& positions, std::int64_t now) {
  if (positions.empty()) return 0;
  auto transaction = Transaction::begin(db_);
  if (!transaction) return Failure{transaction.error()};
  auto me = player_id(db_, PlayerIdentity::person(profile_));
  if (!me) return Failure{me.error()};
  auto insert = Statement::prepare(
      db_,
      "INSERT INTO practice (player_id, game_id, ply, variant, fen, position, played, best, line, reason, judgement, "
      "box, due_at, added_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14) "
      "ON CONFLICT (player_id, variant, position) DO NOTHING");
  if (!insert) return Failure{insert.error()};
  int added = 0;
  for (std::size_t i = 0; i < positions.size(); ++i) {
    auto checked = check_practice(db_, positions[i]);
    if (!checked)
      // TRANSLATORS: {n} of {total}: the position's place among those kept at once; {reason} what is wrong with it.
      return Failure{fill(tr("cannot keep practice position {n} of {total}: {reason}"),
                          {{"n", std::to_string(i + 1)},
                           {"total", std::to_string(positions.size())},
                           {"reason", checked.error()}})};
    const PracticePosition& p = checked.value().position;
    const learn::Leitner schedule = learn::first_box(now);
    Statement& row = insert.value();
    row.reset();
    row.bind(1, me.value());
    if (p.game_id) row.bind(2, *p.game_id);
    else row.bind_null(2);
    row.bind(3, std::int64_t(p.ply)).bind(4, p.variant).bind(5, p.fen).bind(6, checked.value().key);
    row.bind(7, p.played).bind(8, p.best).bind(9, p.line).bind(10, p.reason);
    row.bind(11, std::string(practice_judgement_name(p.judgement))).bind(12, std::int64_t(schedule.box));
    row.bind(13, schedule.due_at).bind(14, now);
    if (auto ran = row.run(); !ran) return Failure{ran.error()};
    auto changed = db_.query_int("SELECT changes()");
    if (!changed) return Failure{changed.error()};
    added += int(changed.value());
  }
  if (auto committed = transaction.value()->commit(); !committed) return Failure{committed.error()};
  return added;
}

Result<std::vector<PracticePosition>> Practice::practice_due(std::int64_t now, int limit) {
  std::vector<PracticePosition> due;
  auto me = profile_id(db_, profile_);
  if (!me) return Failure{me.error()};
  if (!me.value()) return due;
  auto query = Statement::prepare(db_, std::string(PracticeColumns) +
                                           "WHERE player_id = ?1 AND due_at <= ?2 ORDER BY due_at, id LIMIT ?3");
  if (!query) return Failure{query.error()};
  query.value().bind(1, *me.value()).bind(2, now).bind(3, std::int64_t(std::max(limit, 0)));
  if (auto read = each_row(query.value(), [&](const Statement& r) { due.push_back(practice_of(r)); }); !read)
    return Failure{read.error()};
  return due;
}

Result<int> Practice::practice_due_count(std::int64_t now) {
  auto me = profile_id(db_, profile_);
  if (!me) return Failure{me.error()};
  if (!me.value()) return 0;
  auto query = Statement::prepare(db_, "SELECT count(*) FROM practice WHERE player_id = ?1 AND due_at <= ?2");
  if (!query) return Failure{query.error()};
  query.value().bind(1, *me.value()).bind(2, now);
  int count = 0;
  if (auto read = each_row(query.value(), [&](const Statement& r) { count = int(r.column_int(0)); }); !read)
    return Failure{read.error()};
  return count;
}

Result<PracticePosition> Practice::record_practice_attempt(std::int64_t position_id, bool solved, std::int64_t now) {
  // TRANSLATORS: {profile} is the name of the person at this computer, quoted.
  const std::string missing = fill(tr("there is no practice position number {n} for {profile}"),
                                   {{"n", std::to_string(position_id)}, {"profile", quote_for_message(profile_)}});
  auto transaction = Transaction::begin(db_);
  if (!transaction) return Failure{transaction.error()};
  auto me = profile_id(db_, profile_);
  if (!me) return Failure{me.error()};
  if (!me.value()) return Failure{missing};
  auto found = practice_row(db_, *me.value(), position_id);
  if (!found) return Failure{found.error()};
  if (!found.value()) return Failure{missing};
  PracticePosition position = *found.value();
  position.schedule = learn::after_attempt(position.schedule, solved, now);
  position.attempts += 1;
  position.solved += solved ? 1 : 0;
  auto update = Statement::prepare(
      db_, "UPDATE practice SET box = ?2, due_at = ?3, attempts = ?4, solved = ?5 WHERE id = ?1");
  if (!update) return Failure{update.error()};
  update.value().bind(1, position_id).bind(2, std::int64_t(position.schedule.box)).bind(3, position.schedule.due_at);
  update.value().bind(4, std::int64_t(position.attempts)).bind(5, std::int64_t(position.solved));
  if (auto ran = update.value().run(); !ran) return Failure{ran.error()};
  if (auto committed = transaction.value()->commit(); !committed) return Failure{committed.error()};
  return position;
}

Result<bool> Practice::remove_practice_position(std::int64_t position_id) {
  auto me = profile_id(db_, profile_);
  if (!me) return Failure{me.error()};
  if (!me.value()) return false;
  auto remove = Statement::prepare(db_, "DELETE FROM practice WHERE id = ?1 AND player_id = ?2");
  if (!remove) return Failure{remove.error()};
  remove.value().bind(1, position_id).bind(2, *me.value());
  if (auto ran = remove.value().run(); !ran) return Failure{ran.error()};  // one statement: its own transaction
  auto changed = db_.query_int("SELECT changes()");
  if (!changed) return Failure{changed.error()};
  return changed.value() > 0;
}

}  // namespace gambit::store
