// SPDX-License-Identifier: MIT
#include "core/util/undo_history.h"

#include <gtest/gtest.h>

#include <string>

namespace gambit {
namespace {

// A document of one text, edited by appending words.
struct Document {
  std::string text;
  UndoHistory<std::string> history{3};

  void append(const std::string& word) {
    history.edited(text);
    text += word;
  }
  bool undo() {
    auto back = history.undo(text);
    if (back) text = *back;
    return back.has_value();
  }
  bool redo() {
    auto forth = history.redo(text);
    if (forth) text = *forth;
    return forth.has_value();
  }
};

TEST(UndoHistory, UndoesAndRedoesEditsInTurn) {
  Document doc;
  EXPECT_FALSE(doc.undo()) << "nothing edited yet";
  doc.append("a");
  doc.append("b");
  EXPECT_TRUE(doc.undo());
  EXPECT_EQ(doc.text, "a");
  EXPECT_TRUE(doc.undo());
  EXPECT_EQ(doc.text, "");
  EXPECT_FALSE(doc.undo());
  EXPECT_EQ(doc.text, "");
  EXPECT_TRUE(doc.redo());
  EXPECT_EQ(doc.text, "a");
  EXPECT_TRUE(doc.redo());
  EXPECT_EQ(doc.text, "ab");
  EXPECT_FALSE(doc.redo());
  EXPECT_EQ(doc.text, "ab");
}

TEST(UndoHistory, AnEditAfterAnUndoForgetsWhatCouldBeRedone) {
  Document doc;
  doc.append("a");
  doc.append("b");
  doc.undo();
  doc.append("c");
  EXPECT_FALSE(doc.history.can_redo());
  EXPECT_FALSE(doc.redo());
  EXPECT_EQ(doc.text, "ac");
  doc.undo();
  EXPECT_EQ(doc.text, "a");
}

TEST(UndoHistory, KeepsItsMostRecentStatesOnly) {
  Document doc;  // three at most
  for (const char* word : {"a", "b", "c", "d", "e"}) doc.append(word);
  int undone = 0;
  while (doc.undo()) ++undone;
  EXPECT_EQ(undone, 3);
  EXPECT_EQ(doc.text, "ab") << "the two oldest states are gone";
  doc.history.clear();
  EXPECT_FALSE(doc.history.can_undo());
  EXPECT_FALSE(doc.history.can_redo());
}

}  // namespace
}  // namespace gambit
