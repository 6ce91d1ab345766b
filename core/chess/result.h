// Result<T>: a value or a message in words saying why there is none. Every
// parser in core/chess returns one, so bad input never needs an assert or a throw.
#pragma once

#include <cassert>
#include <string>
#include <utility>
#include <variant>

namespace gambit::chess {

// The error side of a Result: a sentence for a person, naming the problem.
struct Failure {
  std::string message;
};

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

}  // namespace gambit::chess
