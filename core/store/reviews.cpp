// SPDX-License-Identifier: MIT
// Reviews (reviews.h): a game's reviews, one per analyser and budget.
// schema.cpp holds the table.
#include "core/store/reviews.h"

#include "core/store/game_records.h"
#include "core/store/sqlite.h"

namespace gambit::store {

Result<bool> Reviews::save_review(std::int64_t game_id, const StoredReview& review) {
  if (auto game = games_.game_summary(game_id); !game) return Failure{game.error()};
  auto save = Statement::prepare(db_,
                                 "INSERT OR REPLACE INTO reviews (game_id, analyser, budget, verdicts, made_at) "
                                 "VALUES (?1, ?2, ?3, ?4, ?5)");
  if (!save) return Failure{save.error()};
  save.value().bind(1, game_id).bind(2, review.analyser).bind(3, review.budget).bind(4, review.verdicts);
  save.value().bind(5, review.made_at);
  return save.value().run();  // one statement: its own transaction
}

Result<std::optional<StoredReview>> Reviews::review(std::int64_t game_id, const std::string& analyser,
                                                    const std::string& budget) {
  auto query = Statement::prepare(
      db_, "SELECT verdicts, made_at FROM reviews WHERE game_id = ?1 AND analyser = ?2 AND budget = ?3");
  if (!query) return Failure{query.error()};
  query.value().bind(1, game_id).bind(2, analyser).bind(3, budget);
  auto row = query.value().step();
  if (!row) return Failure{row.error()};
  if (!row.value()) return std::optional<StoredReview>();
  return std::optional<StoredReview>(
      StoredReview{analyser, budget, query.value().column_text(0), query.value().column_int(1)});
}

}  // namespace gambit::store
