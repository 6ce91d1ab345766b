// SPDX-License-Identifier: MIT
// Checks shared by the UCI and CECP protocol tests: a parsed line (an
// optional Result of a command variant) is the expected command, or is
// refused with a message.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <variant>

namespace gambit::testing {

// The command of alternative T that parsed holds (a default T, with a failure
// naming the line, when it holds anything else).
template <class T, class Parsed>
T parsed_as(const Parsed& parsed, std::string_view line) {
  EXPECT_TRUE(parsed.has_value()) << line;
  if (!parsed) return T{};
  EXPECT_TRUE(parsed->ok()) << line << ": " << (parsed->ok() ? "" : parsed->error());
  if (!parsed->ok()) return T{};
  EXPECT_TRUE(std::holds_alternative<T>(parsed->value())) << line << " parsed as alternative "
                                                          << parsed->value().index();
  return std::holds_alternative<T>(parsed->value()) ? std::get<T>(parsed->value()) : T{};
}

// The message parsed was refused with ("" and a failure when it was accepted).
template <class Parsed>
std::string refusal(const Parsed& parsed, std::string_view line) {
  EXPECT_TRUE(parsed.has_value() && !parsed->ok()) << line << " was accepted";
  return parsed && !parsed->ok() ? parsed->error() : "";
}

}  // namespace gambit::testing
