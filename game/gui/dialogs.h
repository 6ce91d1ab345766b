// SPDX-License-Identifier: MIT
// Dialogs: the one dialog a screen may have open over it, named by a value of
// the screen's own `enum class Dialog` (whose None means none is open): a
// question or message box (ModalDialog) or the file chooser (FileChooser).
// While one is open the screen gives it every event; the dialog answers once,
// when it closes: which dialog it was, with the text of its field (or the
// path chosen) when the player said OK, nothing when they cancelled.
//
// Invariant: open() is false exactly when which() is Dialog::None.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "game/gui/file_chooser.h"
#include "game/gui/state_dump.h"
#include "game/gui/widgets.h"

namespace gambit::gui {

template <typename Dialog>
class Dialogs {
 public:
  struct Answer {
    Dialog dialog;
    std::string text;  // the field's text, or the path chosen; "" for a question without a field
  };

  bool open() const { return open_ != Dialog::None; }
  Dialog which() const { return open_; }

  // A question or a message (cancel "": OK alone), with a field when `field`
  // holds its first text; path_field: Tab completes a path in it.
  void ask(Dialog dialog, const std::string& title, const std::string& message, std::optional<std::string> field,
           const char* ok, const char* cancel, bool path_field = true) {
    open_ = dialog;
    chooser_shown_ = false;
    modal_.open(title, message, std::move(field));
    modal_.path_field = path_field;
    modal_.ok.label = ok;
    modal_.cancel.label = cancel;
  }

  // The file chooser: the answer holds the path taken, as typed.
  void choose_file(Dialog dialog, const std::string& title, const std::string& hint, const std::string& start,
                   std::vector<std::string> extensions, std::vector<std::string> recent, const char* ok) {
    open_ = dialog;
    chooser_shown_ = true;
    chooser_.open(title, hint, start, std::move(extensions), std::move(recent), ok);
  }

  // Gives the open dialog an event (window of `size`); its answer once it closed with OK.
  std::optional<Answer> handle(const sf::Event& event, sf::Vector2f size, const Assets& assets) {
    if (!open()) return std::nullopt;
    if (chooser_shown_) {
      const FileChooser::Answer answer = chooser_.handle(event, size, assets);
      if (answer == FileChooser::Answer::None) return std::nullopt;
      const Dialog dialog = std::exchange(open_, Dialog::None);
      if (answer != FileChooser::Answer::Chosen) return std::nullopt;
      return Answer{dialog, chooser_.chosen()};
    }
    const ModalDialog::Answer answer = modal_.handle(event, size, assets);
    if (answer == ModalDialog::Answer::None) return std::nullopt;
    const Dialog dialog = std::exchange(open_, Dialog::None);
    if (answer != ModalDialog::Answer::Ok) return std::nullopt;
    return Answer{dialog, modal_.field.text()};
  }

  void draw(sf::RenderTarget& target, const Assets& assets) {
    if (!open()) return;
    if (chooser_shown_) chooser_.draw(target, assets);
    else modal_.draw(target, assets);
  }

  // The open dialog's box as last drawn (empty: none open).
  sf::FloatRect area() const {
    if (!open()) return {};
    return chooser_shown_ ? chooser_.area() : modal_.area();
  }

  // "dialog" (1 while one is open, else 0), its title and its words; the chooser's rows.
  void describe(StateDump& dump) const {
    dump.add("dialog", open() ? 1 : 0);
    dump.add("dialog_title", !open() ? std::string() : chooser_shown_ ? chooser_.title() : modal_.title);
    dump.add("dialog_text", !open() || chooser_shown_ ? std::string() : modal_.text);
    if (open() && chooser_shown_) chooser_.describe(dump);
  }

 private:
  Dialog open_ = Dialog::None;
  bool chooser_shown_ = false;  // open_ is shown as the file chooser
  ModalDialog modal_;
  FileChooser chooser_;
};

}  // namespace gambit::gui
