// SPDX-License-Identifier: MIT
#include "game/gui/file_chooser.h"

#include <algorithm>
#include <filesystem>

#include "core/chess/position.h"
#include "core/util/translation.h"
#include "game/gui/keyboard_focus.h"
#include "game/gui/layout_log.h"
#include "game/gui/state_dump.h"
#include "game/gui/user_files.h"

namespace gambit::gui {

namespace fs = std::filesystem;

namespace {

constexpr float RowHeight = 24;
constexpr unsigned TextSize = 15;
constexpr std::size_t RecentShown = 4;

bool pressed(const sf::Event& event, sf::Keyboard::Key key) {
  return event.type == sf::Event::KeyPressed && event.key.code == key;
}

// The folder part of a typed path, as typed ("~/games/" of "~/games/a.pgn"; "" for a bare name).
std::string folder_part(const std::string& typed) {
  const std::size_t slash = typed.rfind('/');
  return slash == std::string::npos ? "" : typed.substr(0, slash + 1);
}

bool is_folder(const std::string& typed) {
  std::error_code error;
  return !typed.empty() && fs::is_directory(user_path(typed), error);
}

}  // namespace

void FileChooser::open(const std::string& title, const std::string& hint, const std::string& start,
                       std::vector<std::string> extensions, std::vector<std::string> recent, const char* ok_label) {
  title_ = title;
  hint_ = hint;
  extensions_ = std::move(extensions);
  recent_ = std::move(recent);
  if (recent_.size() > RecentShown) recent_.resize(RecentShown);
  ok_.label = ok_label;
  field_.set_text(start);
  rows_.clear();
  folder_ = "\n";  // not a folder: the next refresh lists
  selected_.reset();
  refresh();
}

void FileChooser::refresh() {
  if (chess::looks_like_fen(field_.text())) {  // a position typed into Load: no folder to list
    if (rows_.size() < recent_.size()) {       // (the rows always begin with the recent files)
      rows_.clear();
      for (const std::string& path : recent_) rows_.push_back({path, path, false});
    }
    return;
  }
  const std::string folder = folder_part(field_.text());
  if (folder == folder_ && !rows_.empty()) return;
  folder_ = folder;
  rows_.clear();
  for (const std::string& path : recent_) rows_.push_back({path, path, false});
  const fs::path listed = user_path(folder);  // "": the home folder
  const std::string shown = folder.empty() ? home_file("") : folder;  // home_file("") ends with '/'
  if (auto parent = parent_folder(listed.string())) rows_.push_back({tr(".. (the folder above)"), *parent, true});
  problem_.clear();
  for (const FolderEntry& entry : folder_entries(listed, extensions_, &problem_))
    rows_.push_back({entry.name + (entry.folder ? "/" : ""), shown + entry.name + (entry.folder ? "/" : ""),
                     entry.folder});
  selected_.reset();
  first_ = 0;
}

bool FileChooser::activate(std::size_t row) {
  if (row >= rows_.size()) return false;
  field_.set_text(rows_[row].path);
  if (!rows_[row].folder) return true;
  refresh();
  return false;
}

void FileChooser::scroll_to(std::size_t row) {
  if (row < recent_rows()) return;
  const std::size_t index = row - recent_rows();
  if (index < first_) first_ = index;
  if (index >= first_ + visible_) first_ = index + 1 - visible_;
}

void FileChooser::layout(sf::Vector2f size) {
  const float width = std::min(720.0f, size.x - 40), height = std::min(560.0f, size.y - 40);
  box_ = {std::round((size.x - width) / 2), std::round((size.y - height) / 2), width, height};
  field_.rect = {box_.left + 20, box_.top + 72, width - 40, 32};
  const float recent_height = recent_.empty() ? 0 : 22 + RowHeight * float(recent_.size());
  recent_box_ = {box_.left + 20, field_.rect.top + 42, width - 40, recent_height};
  const float list_top = recent_box_.top + recent_height + 24;
  list_box_ = {box_.left + 20, list_top, width - 40, box_.top + height - 70 - list_top};
  visible_ = std::size_t(std::max(1.0f, std::floor((list_box_.height - 4) / RowHeight)));
  ok_.rect = {box_.left + width - 300, box_.top + height - 58, 130, 42};
  cancel_.rect = {box_.left + width - 154, box_.top + height - 58, 130, 42};
}

FileChooser::Answer FileChooser::handle(const sf::Event& event, sf::Vector2f size, const Assets&) {
  layout(size);
  const std::size_t folder_rows = rows_.size() - recent_rows();
  if (pressed(event, sf::Keyboard::Escape) || cancel_.clicked(event)) return Answer::Cancel;
  if (ok_.clicked(event)) {
    if (selected_) return activate(*selected_) ? Answer::Chosen : Answer::None;
    if (is_folder(field_.text())) {
      if (field_.text().back() != '/') field_.set_text(field_.text() + "/");
      refresh();
      return Answer::None;
    }
    return field_.text().empty() ? Answer::None : Answer::Chosen;
  }
  if (pressed(event, sf::Keyboard::Tab)) {
    field_.set_text(complete_path(field_.text(), extensions_));
    refresh();
    return Answer::None;
  }
  if (pressed(event, sf::Keyboard::Down) || pressed(event, sf::Keyboard::Up)) {
    if (rows_.empty()) return Answer::None;
    const bool down = pressed(event, sf::Keyboard::Down);
    if (!selected_) selected_ = down ? 0 : rows_.size() - 1;
    else if (down && *selected_ + 1 < rows_.size()) ++*selected_;
    else if (!down && *selected_ > 0) --*selected_;
    scroll_to(*selected_);
    return Answer::None;
  }
  if (event.type == sf::Event::MouseWheelScrolled && list_box_.contains(float(event.mouseWheelScroll.x),
                                                                          float(event.mouseWheelScroll.y))) {
    if (event.mouseWheelScroll.delta > 0 && first_ > 0) first_ -= std::min<std::size_t>(first_, 3);
    else if (event.mouseWheelScroll.delta < 0 && first_ + visible_ < folder_rows)
      first_ = std::min(first_ + 3, folder_rows - std::min(folder_rows, visible_));
    return Answer::None;
  }
  if (event.type == sf::Event::MouseButtonReleased && event.mouseButton.button == sf::Mouse::Left) {
    const sf::Vector2f at(float(event.mouseButton.x), float(event.mouseButton.y));
    std::optional<std::size_t> row;
    if (recent_box_.contains(at) && at.y >= recent_box_.top + 22)
      row = std::size_t((at.y - recent_box_.top - 22) / RowHeight);
    else if (list_box_.contains(at))
      row = recent_rows() + first_ + std::size_t((at.y - list_box_.top - 2) / RowHeight);
    if (row && *row < rows_.size()) {
      if (selected_ == row) return activate(*row) ? Answer::Chosen : Answer::None;  // a second click takes it
      selected_ = row;
      return Answer::None;
    }
  }
  if (pressed(event, sf::Keyboard::Enter) && selected_) return activate(*selected_) ? Answer::Chosen : Answer::None;
  const TextField::Input input = field_.handle(event);
  if (input == TextField::Input::Enter) {
    if (is_folder(field_.text())) {
      if (field_.text().back() != '/') field_.set_text(field_.text() + "/");
      refresh();
      return Answer::None;
    }
    return field_.text().empty() ? Answer::None : Answer::Chosen;
  }
  if (input == TextField::Input::Edited) {
    selected_.reset();
    refresh();
  }
  return Answer::None;
}

void FileChooser::draw(sf::RenderTarget& target, const Assets& assets) {
  const sf::Vector2f size = target.getView().getSize();
  layout(size);
  fill_rect(target, {0, 0, size.x, size.y}, sf::Color(0, 0, 0, 140));
  fill_rect(target, box_, colors::Panel);
  if (LayoutLog* log = LayoutLog::active()) log->cover({0, 0, size.x, size.y});  // the chooser is all that counts
  if (KeyboardFocus* focus = KeyboardFocus::active()) {
    focus->cover({0, 0, size.x, size.y});
    focus->keep_tab();  // Tab completes the path
  }
  const LayoutLog::Region region("file chooser", box_);
  draw_text(target, assets.bold(), fit_text(assets.bold(), title_, 22, box_.width - 40), 22,
            {box_.left + 20, box_.top + 14});
  draw_text(target, assets.font(), fit_text(assets.font(), hint_, 14, box_.width - 40), 14,
            {box_.left + 20, box_.top + 46}, colors::TextDim);
  field_.draw(target, assets);
  const auto row_text = [&](const std::string& text, float y, float width, bool chosen, bool folder) {
    if (chosen) fill_rect(target, {list_box_.left, y, width, RowHeight}, sf::Color(70, 90, 50));
    const sf::Font& font = folder ? assets.bold() : assets.font();
    draw_text(target, font, fit_text(font, text, TextSize, width - 16), TextSize, {list_box_.left + 8, y + 3},
              colors::Text);
  };
  if (!recent_.empty()) {
    draw_text(target, assets.font(), tr("Recent files"), 13, {recent_box_.left, recent_box_.top + 2}, colors::TextDim);
    for (std::size_t i = 0; i < recent_.size(); ++i)
      row_text(rows_[i].label, recent_box_.top + 22 + RowHeight * float(i), recent_box_.width, selected_ == i, false);
  }
  // TRANSLATORS: over the list of a folder's entries; {folder} is the folder's path.
  const std::string in = fill(tr("In {folder}   (Tab completes; Up/Down and Enter, or a click twice, open)"),
                              {{"folder", folder_.empty() ? home_file("") : folder_}});
  draw_text(target, assets.font(), fit_text(assets.font(), in, 13, list_box_.width), 13,
            {list_box_.left, list_box_.top - 20}, colors::TextDim);
  fill_rect(target, list_box_, sf::Color(40, 38, 35));
  if (!problem_.empty()) {
    draw_text(target, assets.font(), fit_text(assets.font(), problem_, TextSize, list_box_.width - 16), TextSize,
              {list_box_.left + 8, list_box_.top + 5}, colors::Warning);
  } else {
    const std::size_t folder_rows = rows_.size() - recent_rows();
    for (std::size_t i = first_; i < folder_rows && i < first_ + visible_; ++i) {
      const std::size_t row = recent_rows() + i;
      row_text(rows_[row].label, list_box_.top + 2 + RowHeight * float(i - first_), list_box_.width,
               selected_ == row, rows_[row].folder);
    }
    if (folder_rows == 0)
      draw_text(target, assets.font(), tr("No folders or game files here"), TextSize,
                {list_box_.left + 8, list_box_.top + 5}, colors::TextDim);
  }
  ok_.draw(target, assets);
  cancel_.draw(target, assets);
}

void FileChooser::describe(StateDump& dump) const {
  std::vector<std::string> rows;
  for (const Row& row : rows_) rows.push_back(row.label);
  dump.add("chooser_folder", folder_);
  dump.add("chooser_rows", rows);
  dump.add("chooser_recent", int(recent_.size()));
  dump.add("chooser_selected", selected_ ? int(*selected_) : -1);
  dump.add("chooser_field", field_.text());
}

}  // namespace gambit::gui
