// SPDX-License-Identifier: MIT
// StateDump: a flat JSON object describing what the window shows, written to
// the file given by --state-file after every frame that changed it, for
// end-to-end tests and tools (they read where the board is, the position, the
// moves and the status instead of guessing from pixels).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace gambit::gui {

class StateDump {
 public:
  void add(const std::string& key, const std::string& value);
  void add(const std::string& key, const char* value) { add(key, std::string(value)); }
  void add(const std::string& key, std::int64_t value);
  void add(const std::string& key, int value) { add(key, std::int64_t(value)); }
  void add(const std::string& key, double value);
  void add(const std::string& key, bool value);
  void add(const std::string& key, const std::vector<std::string>& values);
  // json must be one complete JSON value (an array, an object).
  void add_json(const std::string& key, const std::string& json);

  std::string json() const { return "{" + body_ + "}\n"; }

 private:
  void key(const std::string& name);
  std::string body_;
};

// s as a JSON string literal (quotes and escapes included).
std::string json_string(const std::string& s);

}  // namespace gambit::gui
