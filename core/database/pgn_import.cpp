// SPDX-License-Identifier: MIT
#include "core/database/pgn_import.h"

#include <sys/stat.h>

#include <algorithm>
#include <chrono>
#include <optional>
#include <string_view>

#include "core/chess/pgn.h"
#include "core/database/pgn_stream.h"
#include "core/util/translation.h"

namespace gambit::database {

namespace fs = std::filesystem;

namespace {

constexpr std::size_t BlockBytes = 1 << 20;

// Whether the line is a tag: '[', a name, blanks, a double quote.
bool is_tag_line(std::string_view line) {
  if (line.size() < 4 || line[0] != '[') return false;
  std::size_t i = 1;
  while (i < line.size() && (std::isalnum(static_cast<unsigned char>(line[i])) || line[i] == '_')) ++i;
  if (i == 1) return false;
  const std::size_t name_end = i;
  while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
  return i > name_end && i < line.size() && line[i] == '"';
}

// Where each game of text begins: at a tag line that follows a line that is
// not one (blank lines aside). Scans from `from`; the game begun last may go
// on beyond the text.
class GameCutter {
 public:
  // The offsets of the game starts found in text[from, complete), complete
  // being the end of its last whole line.
  void scan(std::string_view text, std::size_t from, std::vector<std::size_t>& starts) {
    std::size_t at = from;
    for (;;) {
      const std::size_t end = text.find('\n', at);
      if (end == std::string_view::npos) break;
      std::string_view line = text.substr(at, end - at);
      if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
      const bool blank = line.find_first_not_of(" \t") == std::string_view::npos;
      if (!blank) {
        const bool tag = is_tag_line(line);
        if (tag && !in_tags_) starts.push_back(at);
        in_tags_ = tag;
      }
      at = end + 1;
    }
    scanned_ = at;
  }
  std::size_t scanned() const { return scanned_; }
  // The first `bytes` of the text were dropped: offsets move back by as much.
  void forget(std::size_t bytes) { scanned_ -= bytes; }

 private:
  bool in_tags_ = false;
  std::size_t scanned_ = 0;
};

// The game's text is kept when it holds more than moves and tags: a comment,
// a NAG, a variation or an escape line.
bool has_more_than_moves(std::string_view text) {
  bool in_tag = false;
  for (char c : text) {
    if (c == '[') in_tag = true;
    else if (c == ']') in_tag = false;
    else if (!in_tag && (c == '{' || c == '(' || c == '$' || c == ';' || c == '%')) return true;
  }
  return false;
}

std::string trimmed(std::string_view text) {
  const std::size_t first = text.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos) return {};
  const std::size_t last = text.find_last_not_of(" \t\r\n");
  return std::string(text.substr(first, last - first + 1)) + "\n";
}

}  // namespace

double ImportProgress::seconds_left() const {
  if (bytes_total <= 0 || bytes_read <= 0 || seconds <= 0 || games_this_run == 0) return -1;
  const double rate = double(bytes_read) / seconds;  // an underestimate when resumed: fine for a bar
  return double(bytes_total - bytes_read) / rate;
}

Result<ImportSummary> import_pgn(GameDatabase& db, const fs::path& file, const ImportOptions& options) {
  std::error_code error;
  const fs::path absolute = fs::absolute(file, error);
  const std::string key = (error ? file : absolute).lexically_normal().string();
  auto stream = PgnStream::open(file);
  if (!stream) return Failure{stream.error()};
  struct stat info {};
  ::stat(file.c_str(), &info);
  ImportState state{key, stream.value()->stored_size(), std::int64_t(info.st_mtime), 0, 0, 0, false};

  auto earlier = db.import_state(key);
  if (!earlier) return Failure{earlier.error()};
  ImportSummary summary;
  if (earlier.value()) {
    const ImportState& before = *earlier.value();
    if (before.size != state.size || before.modified != state.modified)
      // TRANSLATORS: {path} is a file's path, quoted; {games} how many of its games the database already holds.
      return Failure{fill(tr("{path} changed after its import began ({games} games are in the database already): "
                             "import the new file under another name"),
                          {{"path", "'" + key + "'"}, {"games", std::to_string(before.games)}})};
    state = before;
    summary.progress.games = before.games;
    summary.progress.skipped = before.skipped;
    if (before.finished) {
      summary.already_done = summary.finished = true;
      summary.progress.bytes_read = summary.progress.bytes_total = state.size;
      return summary;
    }
  }

  PgnStream& input = *stream.value();
  const auto started = std::chrono::steady_clock::now();
  ImportProgress& progress = summary.progress;
  progress.bytes_total = state.size;
  const auto report = [&] {
    progress.bytes_read = input.stored_bytes_read();
    progress.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    if (options.progress) options.progress(progress);
  };

  // The text from `base` (the offset in the whole text of text[0]) on; games begin at starts.
  std::string text;
  std::int64_t base = 0;
  // Going on: the text before where the last run got to is read (its lines counted) and left aside.
  std::size_t line = 1;  // the line of the file the next game to read begins on
  while (base < state.offset) {
    text.clear();
    auto got = input.read(text, std::size_t(std::min<std::int64_t>(BlockBytes, state.offset - base)));
    if (!got) return Failure{got.error()};
    if (got.value() == 0) break;
    base += std::int64_t(got.value());
    line += std::size_t(std::count(text.begin(), text.end(), '\n'));
  }
  text.clear();

  GameCutter cutter;
  std::vector<std::size_t> starts;
  std::vector<GameToAdd> batch;
  std::int64_t number = state.games + state.skipped;  // the games of the file met so far
  bool at_end = false;
  // Reads the games of text[begin, end) into the batch.
  const auto read_games = [&](std::size_t begin, std::size_t end) {
    const std::string_view game_text = std::string_view(text).substr(begin, end - begin);
    chess::PgnReader reader(game_text);
    reader.continue_from(int(number), line);  // its failures number games and lines as in the file
    line += std::size_t(std::count(game_text.begin(), game_text.end(), '\n'));
    int in_text = 0;
    while (std::optional<Result<chess::PgnGame>> game = reader.next()) {
      ++number, ++in_text;
      if (!*game) {
        ++progress.skipped, ++state.skipped;
        if (summary.skipped_reasons.size() < ImportSummary::MaxReasonsKept)
          summary.skipped_reasons.push_back(game->error());
        continue;
      }
      GameToAdd& added = batch.emplace_back();
      added.game = std::move(*game).value();
      if (has_more_than_moves(game_text)) added.pgn = trimmed(game_text);
      ++progress.games, ++progress.games_this_run, ++state.games;
    }
    // Text that holds two games without tags between them keeps no text of its own.
    if (in_text > 1)
      for (std::size_t i = batch.size() - std::size_t(in_text); i < batch.size(); ++i) batch[i].pgn.clear();
  };
  const auto commit = [&](std::int64_t offset) -> Result<bool> {
    state.offset = offset;
    state.finished = at_end;
    if (auto added = db.add(batch, state); !added) return Failure{added.error()};
    batch.clear();
    report();
    return true;
  };

  std::size_t next_game = 0;  // where in text the next game to read begins
  while (!at_end) {
    if (options.stop && options.stop->load()) return summary;
    auto got = input.read(text, BlockBytes);
    if (!got) return Failure{got.error()};
    at_end = got.value() == 0;
    if (!at_end) cutter.scan(text, cutter.scanned(), starts);
    // Every game but the last begun is whole; at the end the last is too.
    std::size_t whole = starts.empty() ? 0 : starts.size() - 1;
    if (at_end) whole = starts.size();
    for (std::size_t i = 0; i < whole; ++i) {
      const std::size_t end = i + 1 < starts.size() ? starts[i + 1] : text.size();
      if (starts[i] > next_game) read_games(next_game, starts[i]);  // text before it (no tags) is read too
      read_games(starts[i], end);
      next_game = end;
      if (batch.size() >= options.batch_games && !at_end) {
        if (auto done = commit(base + std::int64_t(next_game)); !done) return Failure{done.error()};
        if (options.stop && options.stop->load()) return summary;
      }
    }
    if (at_end && next_game < text.size()) read_games(next_game, text.size());
    // Keep only the text from the next game on.
    text.erase(0, next_game);
    base += std::int64_t(next_game);
    std::vector<std::size_t> left;
    for (std::size_t s : starts)
      if (s >= next_game) left.push_back(s - next_game);
    starts = std::move(left);
    cutter.forget(next_game);
    next_game = 0;
  }
  if (auto done = commit(base + std::int64_t(next_game)); !done) return Failure{done.error()};
  summary.finished = true;
  return summary;
}

}  // namespace gambit::database
