// SPDX-License-Identifier: MIT
#include "game/gui/state_dump.h"

#include <cmath>
#include <cstdio>

namespace gambit::gui {

std::string json_string(const std::string& s) {
  std::string out = "\"";
  for (unsigned char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      default:
        if (c < 0x20) {
          char buffer[8];
          std::snprintf(buffer, sizeof buffer, "\\u%04x", c);
          out += buffer;
        } else {
          out += char(c);
        }
    }
  }
  return out + "\"";
}

void StateDump::key(const std::string& name) {
  if (!body_.empty()) body_ += ", ";
  body_ += json_string(name) + ": ";
}

void StateDump::add(const std::string& name, const std::string& value) {
  key(name);
  body_ += json_string(value);
}

void StateDump::add_json(const std::string& name, const std::string& json) {
  key(name);
  body_ += json;
}

void StateDump::add(const std::string& name, std::int64_t value) {
  key(name);
  body_ += std::to_string(value);
}

void StateDump::add(const std::string& name, double value) {
  key(name);
  if (!std::isfinite(value)) {  // JSON has no NaN or infinity
    body_ += "null";
    return;
  }
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.2f", value);
  body_ += buffer;
}

void StateDump::add(const std::string& name, bool value) {
  key(name);
  body_ += value ? "true" : "false";
}

void StateDump::add(const std::string& name, const std::vector<std::string>& values) {
  key(name);
  body_ += "[";
  for (std::size_t i = 0; i < values.size(); ++i) body_ += (i ? ", " : "") + json_string(values[i]);
  body_ += "]";
}

}  // namespace gambit::gui
