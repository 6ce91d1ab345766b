// SPDX-License-Identifier: MIT
#include "core/database/pgn_import.h"

#include <sys/stat.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>
#include <string_view>
#include <thread>

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

// One piece of the text cut at tag sections: usually one game (two or more
// when games without tags follow each other), read with what the database keeps of it.
struct SliceGame {
  std::optional<GameToAdd> game;  // or, when it could not be read:
  std::string failure;
};
struct Slice {
  std::size_t begin, end;
  std::size_t first_line = 1;      // the line of the file it begins on
  std::int64_t first_game = 0;     // the games of the file before it, as read_slice numbered them
  std::vector<SliceGame> games{};
};

// Reads the slice's games (numbered after games_before), each prepared for the database. Any thread.
void read_slice(std::string_view text, Slice& slice, std::int64_t games_before) {
  const std::string_view game_text = text.substr(slice.begin, slice.end - slice.begin);
  slice.games.clear();
  slice.first_game = games_before;
  chess::PgnReader reader(game_text);
  reader.continue_from(int(games_before), slice.first_line);  // failures number games and lines as in the file
  while (std::optional<Result<chess::PgnGame>> game = reader.next()) {
    SliceGame& read = slice.games.emplace_back();
    if (!*game) {
      read.failure = game->error();
      continue;
    }
    read.game.emplace();
    read.game->game = std::move(*game).value();
    read.game->prepare();
  }
  // Its text is kept for its one game, when it has more than moves (two games in one text keep none).
  if (slice.games.size() == 1 && slice.games.front().game && has_more_than_moves(game_text))
    slice.games.front().game->pgn = trimmed(game_text);
}

// Reads the slices, on up to `threads` threads, each slice numbered as if every
// slice before it held one game (read_slice numbers one again when that was not so);
// `line` is the line of the first, and is moved past the last.
void read_slices(std::string_view text, std::vector<Slice>& slices, std::int64_t games_before, std::size_t& line,
                 unsigned threads) {
  for (std::size_t i = 0; i < slices.size(); ++i) {
    Slice& slice = slices[i];
    slice.first_line = line;
    slice.first_game = games_before + std::int64_t(i);
    const std::string_view piece = text.substr(slice.begin, slice.end - slice.begin);
    line += std::size_t(std::count(piece.begin(), piece.end(), '\n'));
  }
  const auto work = [&](std::size_t from, std::size_t to) {
    for (std::size_t i = from; i < to; ++i) read_slice(text, slices[i], slices[i].first_game);
  };
  const std::size_t helpers = slices.size() < 64 ? 0 : std::max(1u, threads) - 1;
  std::vector<std::thread> running;
  const std::size_t share = slices.size() / (helpers + 1);
  for (std::size_t h = 0; h < helpers; ++h)
    running.emplace_back(work, share * (h + 1), h + 1 == helpers ? slices.size() : share * (h + 2));
  work(0, helpers ? share : slices.size());
  for (std::thread& thread : running) thread.join();
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
  // How much of the file the reading stage has taken (the progress is reported by the writing stage).
  std::atomic<std::int64_t> stored_read{0};
  const auto report = [&] {
    progress.bytes_read = stored_read.load();
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

  // Two stages overlap: while the games read are written (on a thread of their own, the database's only user
  // meanwhile), the next megabytes are read and their games prepared on this thread and its helpers.
  struct ReadBlock {
    std::vector<Slice> slices;
    std::int64_t base = 0;  // the offset in the file of the block's text
  };
  std::vector<GameToAdd> batch;
  bool stopped = false;
  const auto commit = [&](std::int64_t offset, bool finished) -> Result<bool> {
    state.offset = offset;
    state.finished = finished;
    if (auto added = db.add(batch, state); !added) return Failure{added.error()};
    batch.clear();
    report();
    return true;
  };
  // Writes the block's games in batches; stops after a batch when asked to.
  const auto write_block = [&](ReadBlock& block) -> Result<bool> {
    for (Slice& slice : block.slices) {
      for (SliceGame& read : slice.games) {
        if (!read.game) {
          ++progress.skipped, ++state.skipped;
          if (summary.skipped_reasons.size() < ImportSummary::MaxReasonsKept)
            summary.skipped_reasons.push_back(std::move(read.failure));
          continue;
        }
        batch.push_back(std::move(*read.game));
        ++progress.games, ++progress.games_this_run, ++state.games;
      }
      if (batch.size() >= options.batch_games) {
        if (auto done = commit(block.base + std::int64_t(slice.end), false); !done) return done;
        if (options.stop && options.stop->load()) {
          stopped = true;
          return true;
        }
      }
    }
    return true;
  };
  // The blocks read and not yet written, at most QueuedBlocks: the reading runs ahead while a batch is committed.
  constexpr std::size_t QueuedBlocks = 16;
  std::mutex queue_mutex;
  std::condition_variable queue_changed;
  std::deque<ReadBlock> queue;
  bool no_more = false;      // the reading stage hands over no more blocks
  bool writer_done = false;  // the writer stopped: asked to, or failing
  std::optional<std::string> write_failure;
  std::thread writer([&] {
    for (;;) {
      ReadBlock block;
      {
        std::unique_lock lock(queue_mutex);
        queue_changed.wait(lock, [&] { return !queue.empty() || no_more; });
        if (queue.empty()) break;
        block = std::move(queue.front());
        queue.pop_front();
      }
      queue_changed.notify_all();
      auto done = write_block(block);
      if (!done || stopped) {
        std::lock_guard lock(queue_mutex);
        if (!done) write_failure = done.error();
        break;
      }
    }
    std::lock_guard lock(queue_mutex);
    writer_done = true;
    queue_changed.notify_all();
  });
  // Lets the writer write what it has, and waits for it (on every way out); then the failure it met, if any.
  bool joined = false;
  const auto written = [&]() -> Result<bool> {
    if (!joined) {
      {
        std::lock_guard lock(queue_mutex);
        no_more = true;
      }
      queue_changed.notify_all();
      writer.join();
      joined = true;
    }
    if (write_failure) return Failure{*write_failure};
    return true;
  };
  struct JoinAtExit {
    const std::function<void()> join;
    ~JoinAtExit() { join(); }
  } join_at_exit{[&] { (void)written(); }};

  GameCutter cutter;
  std::vector<std::size_t> starts;
  std::int64_t number = state.games + state.skipped;  // the games of the file met so far
  bool at_end = false;
  std::size_t next_game = 0;  // where in text the next game to read begins
  while (!at_end) {
    if (options.stop && options.stop->load()) {  // the games handed over are written, up to where the text is now
      if (auto done = written(); !done) return Failure{done.error()};
      if (!stopped && !batch.empty())
        if (auto done = commit(base, false); !done) return Failure{done.error()};
      return summary;
    }
    auto got = input.read(text, BlockBytes);
    if (!got) return Failure{got.error()};
    at_end = got.value() == 0;
    stored_read = input.stored_bytes_read();
    if (!at_end) cutter.scan(text, cutter.scanned(), starts);
    // The whole games of the text: every one but the last begun; at the end the last too, and text after it.
    ReadBlock block;
    block.base = base;
    std::vector<Slice>& slices = block.slices;
    const std::size_t whole = at_end ? starts.size() : starts.empty() ? 0 : starts.size() - 1;
    for (std::size_t i = 0; i < whole; ++i) {
      const std::size_t end = i + 1 < starts.size() ? starts[i + 1] : text.size();
      if (starts[i] > next_game) slices.push_back({next_game, starts[i]});  // text before it (no tags) is read too
      slices.push_back({starts[i], end});
      next_game = end;
    }
    if (at_end && next_game < text.size()) slices.push_back({next_game, text.size()}), next_game = text.size();
    read_slices(text, slices, number, line, options.threads);
    for (Slice& slice : slices) {
      if (slice.first_game != number)  // an earlier slice held two games or none: numbered again, here
        read_slice(text, slice, number);
      number += std::int64_t(slice.games.size());
    }

    {
      std::unique_lock lock(queue_mutex);
      queue_changed.wait(lock, [&] { return queue.size() < QueuedBlocks || writer_done; });
      if (writer_done) {  // stopped, or failing: what it met is said below
        lock.unlock();
        if (auto done = written(); !done) return Failure{done.error()};
        return summary;
      }
      queue.push_back(std::move(block));
    }
    queue_changed.notify_all();

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
  if (auto done = written(); !done) return Failure{done.error()};
  if (stopped) return summary;
  if (auto done = commit(base + std::int64_t(next_game), true); !done) return Failure{done.error()};
  summary.finished = true;
  return summary;
}

}  // namespace gambit::database
