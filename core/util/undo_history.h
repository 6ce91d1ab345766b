// SPDX-License-Identifier: MIT
// UndoHistory: the states a document had before its edits, to step back
// (undo, Ctrl+Z) and forth again (redo, Ctrl+Y), as an editor does: the
// analysis board's move tree, the position editor's setup.
//
// The owner keeps the current state and tells the history the state each edit
// started from (edited). An edit after an undo forgets what could be redone.
// The oldest states go beyond `most` of them. Single-threaded, like its owner.
#pragma once

#include <cstddef>
#include <deque>
#include <optional>
#include <utility>
#include <vector>

namespace gambit {

template <class State>
class UndoHistory {
 public:
  explicit UndoHistory(std::size_t most = 200) : most_(most) {}

  // `before` is what the document was just before an edit that changed it.
  void edited(State before) {
    undo_.push_back(std::move(before));
    if (undo_.size() > most_) undo_.pop_front();
    redo_.clear();
  }

  bool can_undo() const { return !undo_.empty(); }
  bool can_redo() const { return !redo_.empty(); }

  // The state before the last edit, `current` kept to be redone; none when
  // there is nothing to undo.
  std::optional<State> undo(State current) {
    if (undo_.empty()) return std::nullopt;
    redo_.push_back(std::move(current));
    State back = std::move(undo_.back());
    undo_.pop_back();
    return back;
  }

  // The state the last undo left, `current` kept to be undone again; none
  // when there is nothing to redo.
  std::optional<State> redo(State current) {
    if (redo_.empty()) return std::nullopt;
    undo_.push_back(std::move(current));
    State forth = std::move(redo_.back());
    redo_.pop_back();
    return forth;
  }

  // Another document: nothing to undo or redo.
  void clear() {
    undo_.clear();
    redo_.clear();
  }

 private:
  std::size_t most_;
  std::deque<State> undo_;   // oldest first
  std::vector<State> redo_;  // the next to redo last
};

}  // namespace gambit
