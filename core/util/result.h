// SPDX-License-Identifier: MIT
// Result<T>: a value or a message in words saying why there is none. Every
// parser and every loader returns one, so bad input never needs an assert or a
// throw. In namespace gambit, so every module names it Result.
#pragma once

#include <cassert>
#include <string>
#include <string_view>
#include <utility>
#include <variant>

namespace gambit {

// The error side of a Result: a sentence for a person, naming the problem.
struct Failure {
  std::string message;
};

// Untrusted text made safe to show inside a Failure message: 'text' in single
// quotes, bytes outside printable ASCII written as \xNN, and text longer than
// 40 bytes cut short with "...".
inline std::string quote_for_message(std::string_view text) {
  constexpr std::size_t MaxShown = 40;
  constexpr char Hex[] = "0123456789abcdef";
  std::string out = "'";
  for (std::size_t i = 0; i < text.size() && i < MaxShown; ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c >= 0x20 && c < 0x7F) {
      out += char(c);
    } else {
      out += "\\x";
      out += Hex[c >> 4];
      out += Hex[c & 15];
    }
  }
  if (text.size() > MaxShown) out += "...";
  return out + "'";
}

template <class T>
class [[nodiscard]] Result {
 public:
  Result(T value) : state_(std::in_place_index<0>, std::move(value)) {}
  Result(Failure failure) : state_(std::in_place_index<1>, std::move(failure)) {}

  bool ok() const { return state_.index() == 0; }
  explicit operator bool() const { return ok(); }

  // value() and error() must only be called on the matching side.
  const T& value() const& {
    assert(ok());
    return std::get<0>(state_);
  }
  T& value() & {
    assert(ok());
    return std::get<0>(state_);
  }
  T&& value() && {
    assert(ok());
    return std::get<0>(std::move(state_));
  }
  const T& operator*() const& { return value(); }
  const T* operator->() const { return &value(); }
  const std::string& error() const {
    assert(!ok());
    return std::get<1>(state_).message;
  }

 private:
  std::variant<T, Failure> state_;
};

}  // namespace gambit
