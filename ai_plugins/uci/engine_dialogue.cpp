// SPDX-License-Identifier: MIT
#include "ai_plugins/uci/engine_dialogue.h"

#include <sstream>
#include <stdexcept>

namespace gambit::plugins {

std::vector<std::string> split_words(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> words;
  for (std::string word; in >> word;) words.push_back(word);
  return words;
}

std::vector<std::pair<std::string, std::string>> engine_settings(const std::string& text) {
  auto trim = [](std::string s) {
    const auto first = s.find_first_not_of(" \t");
    const auto last = s.find_last_not_of(" \t");
    return first == std::string::npos ? std::string() : s.substr(first, last - first + 1);
  };
  std::vector<std::pair<std::string, std::string>> settings;
  std::istringstream in(text);
  for (std::string item; std::getline(in, item, ';');) {
    item = trim(item);
    if (item.empty()) continue;
    const auto equals = item.find('=');
    if (equals == std::string::npos)
      throw std::invalid_argument("engine_options: '" + item + "' is not NAME=VALUE (separate settings with ';')");
    settings.emplace_back(trim(item.substr(0, equals)), trim(item.substr(equals + 1)));
  }
  return settings;
}

std::vector<chess::Move> moves_of(const std::vector<chess::Position>& game) {
  std::vector<chess::Move> moves;
  for (std::size_t i = 1; i < game.size(); ++i) {
    for (chess::Move m : chess::legal_moves(game[i - 1])) {
      chess::Position next = game[i - 1];
      next.do_move(m);
      if (next.key() == game[i].key()) {
        moves.push_back(m);
        break;
      }
    }
  }
  return moves;
}

}  // namespace gambit::plugins
