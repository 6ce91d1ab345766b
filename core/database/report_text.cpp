// SPDX-License-Identifier: MIT
#include "core/database/report_text.h"

#include <cstdio>

#include "core/chess/san.h"

namespace gambit::database {

namespace {

std::string seconds_text(double seconds) {
  if (seconds < 0) return "?";
  const long s = long(seconds + 0.5);
  char text[32];
  if (s >= 3600) std::snprintf(text, sizeof text, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
  else std::snprintf(text, sizeof text, "%ld:%02ld", s / 60, s % 60);
  return text;
}

template <class... Args>
std::string formatted(const char* format, Args... args) {
  char small[256];
  const int size = std::snprintf(small, sizeof small, format, args...);
  if (size < 0) return {};
  if (std::size_t(size) < sizeof small) return std::string(small, std::size_t(size));
  std::string text(std::size_t(size), '\0');
  std::snprintf(text.data(), text.size() + 1, format, args...);  // a long name: written whole into the string
  return text;
}

std::string table_row(const std::string& name, const Tally& tally, const std::string& rating,
                      const std::string& performance) {
  const Shares shares = shares_of(tally);
  const bool ended = tally.white + tally.draws + tally.black > 0;
  const auto percent = [&](int share) { return ended ? std::to_string(share) + "%" : std::string("-"); };
  return formatted("%-8s %9lld %6s %6s %6s %6s %6s\n", name.c_str(), static_cast<long long>(tally.games),
                   percent(shares.white).c_str(), percent(shares.draws).c_str(), percent(shares.black).c_str(),
                   rating.c_str(), performance.c_str());
}

}  // namespace

std::string progress_line(std::string_view file, const ImportProgress& p) {
  const double share = p.bytes_total > 0 ? 100.0 * double(p.bytes_read) / double(p.bytes_total) : 0;
  return formatted("%.*s: %lld games, %lld skipped, %.0f%%, %.0f games/s, %s left", int(file.size()), file.data(),
                   static_cast<long long>(p.games), static_cast<long long>(p.skipped), share, p.games_per_second(),
                   seconds_text(p.seconds_left()).c_str());
}

std::vector<std::string> summary_lines(std::string_view file, const ImportSummary& summary) {
  const std::string name(file);
  const ImportProgress& p = summary.progress;
  std::vector<std::string> lines;
  for (const std::string& reason : summary.skipped_reasons) lines.push_back(name + ": skipped " + reason);
  if (p.skipped > std::int64_t(summary.skipped_reasons.size()))
    lines.push_back(formatted("%s: %lld more games skipped", name.c_str(),
                              static_cast<long long>(p.skipped - std::int64_t(summary.skipped_reasons.size()))));
  if (summary.already_done)
    lines.push_back(formatted("%s: imported before (%lld games); nothing to do", name.c_str(),
                              static_cast<long long>(p.games)));
  else
    lines.push_back(formatted("%s: %lld games kept, %lld skipped%s; %lld in %.1f s (%.0f games/s)", name.c_str(),
                              static_cast<long long>(p.games), static_cast<long long>(p.skipped),
                              summary.finished ? "" : " so far (stopped: run the same command to go on)",
                              static_cast<long long>(p.games_this_run), p.seconds, p.games_per_second()));
  return lines;
}

std::string explorer_table(const chess::Position& pos, const Exploration& e, std::span<const GameHeader> top_games) {
  std::string text = pos.fen() + "\n" +
                     formatted("%-8s %9s %6s %6s %6s %6s %6s\n", "move", "games", "white", "draws", "black", "rating",
                               "perf");
  for (const ExplorerMove& m : e.moves)
    text += table_row(chess::to_san(pos, m.move), m.tally, m.average_rating ? std::to_string(m.average_rating) : "-",
                      m.performance ? std::to_string(m.performance) : "-");
  text += table_row("all", e.tally, "", "");
  if (!top_games.empty()) text += "top games:\n";
  for (const GameHeader& h : top_games)
    text += formatted("%8lld  %s (%d) - %s (%d)  %s  %s  %s\n", static_cast<long long>(h.id), h.white.c_str(),
                      h.white_elo, h.black.c_str(), h.black_elo, h.result.c_str(), h.event.c_str(), h.date.c_str());
  return text;
}

}  // namespace gambit::database
