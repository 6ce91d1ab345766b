// SPDX-License-Identifier: MIT
// FileChooser: a file dialog in the window, over the screen that opened it
// (Load and Save of a game): the path field (typed; Tab completes it as a
// shell does), the recent files, and the entries of the field's folder
// (folders first, then the files the dialog wants, file_listing.h). Up/Down
// choose a row; Enter or a second click opens a folder or takes a file, Enter
// with no row chosen takes the field (a file, a new name to save to, or, for
// Load, a FEN); Esc cancels.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "game/gui/file_listing.h"
#include "game/gui/widgets.h"

namespace gambit::gui {

class StateDump;

class FileChooser {
 public:
  enum class Answer { None, Chosen, Cancel };

  // start: the field's first text (a folder ending with '/', or a file in one); hint: a line under the title.
  void open(const std::string& title, const std::string& hint, const std::string& start,
            std::vector<std::string> extensions, std::vector<std::string> recent, const char* ok_label);
  Answer handle(const sf::Event& event, sf::Vector2f size, const Assets& assets);
  void draw(sf::RenderTarget& target, const Assets& assets);
  // The path taken (as typed: "~/" is the caller's to expand).
  const std::string& chosen() const { return field_.text(); }
  const std::string& title() const { return title_; }
  sf::FloatRect area() const { return box_; }  // as last laid out
  void describe(StateDump& dump) const;

 private:
  struct Row {
    std::string label;  // "games/", "game.pgn", ".. (up)", a recent file's path
    std::string path;   // what the field becomes
    bool folder = false;
  };
  void layout(sf::Vector2f size);
  void refresh();  // the rows of the field's folder, when it changed
  // A row taken: a folder is opened, a file chosen (true).
  bool activate(std::size_t row);
  std::size_t recent_rows() const { return recent_.size(); }
  void scroll_to(std::size_t row);

  std::string title_, hint_;
  std::vector<std::string> extensions_;
  std::vector<std::string> recent_;
  TextField field_;
  // TRANSLATORS: a dialog's button, 130 pixels wide (open() gives OK's words for each dialog).
  Button ok_{tr("Open"), "", {}, true, true};
  // TRANSLATORS: a dialog's button, 130 pixels wide.
  Button cancel_{tr("Cancel"), "", {}};
  std::string folder_;   // the folder listed (as the field names it)
  std::string problem_;  // the folder cannot be read: why
  std::vector<Row> rows_;  // the recent files, then "..", the folders and files
  std::optional<std::size_t> selected_;
  std::size_t first_ = 0;    // the first folder row shown (the recent ones always show)
  std::size_t visible_ = 1;  // folder rows that fit
  sf::FloatRect box_, recent_box_, list_box_;
};

}  // namespace gambit::gui
