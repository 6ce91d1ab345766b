// SPDX-License-Identifier: MIT
// SettingsScreen: who plays (each seat Human or any plugin found, with the
// plugin's name and description), its level and its options (widgets made
// from the plugin's option schema), the demo's players and speed, the clock,
// the hint player, and the look and sound of the board. Save writes the user
// config (XDG) and applies to the next game; Reset restores the defaults.
//
// Three tabs (Players, Demo, Board & clock) over a scrolling content area,
// the buttons and any problem with the configuration beneath. The widgets are
// the truth while the screen is open: build() turns them into Settings, which
// are checked against the plugins found (config/seats.h) before anything is
// saved, so an invalid configuration is shown in words and never written.
#pragma once

#include <array>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <variant>
#include <vector>

#include "core/config/setting_table.h"
#include "core/config/settings.h"
#include "core/players/plugin_library.h"
#include "core/util/translation.h"
#include "game/gui/dialogs.h"
#include "game/gui/screen.h"
#include "game/gui/widgets.h"

namespace gambit::gui {

class SettingsScreen : public Screen {
 public:
  // Opens on tab (0: the first).
  explicit SettingsScreen(App& app, int tab = 0);
  std::string name() const override { return "settings"; }
  void handle(const sf::Event& event) override;
  void draw(sf::RenderTarget& target) override;
  sf::FloatRect toast_area(sf::Vector2f size) const override;
  sf::FloatRect modal_area() const override;
  int dialog_shown() const override { return int(dialogs_.which()); }
  void describe(StateDump& dump) const override;
  std::string unsaved_work() const override {
    // TRANSLATORS: after "Not kept if you quit now: ".
    return unsaved_ ? tr("the settings changed here (Save keeps them)") : "";
  }

 private:
  enum class Tab { Players, Demo, Board };
  static constexpr int TabCount = 3;

  // One option of a plugin's schema: the widget its type calls for.
  struct OptionEditor {
    const gambit_option_spec* spec = nullptr;
    NumberField number;  // GAMBIT_OPTION_INT
    Checkbox check;      // GAMBIT_OPTION_BOOL
    Choice choice;       // GAMBIT_OPTION_CHOICE
    std::string text;    // GAMBIT_OPTION_STRING: shown, not edited
    bool in_config = false;  // the seat's options named it when loaded: always stored

    std::string value() const;  // canonical text
    void set(const std::string& value);
  };

  // One permission the seat's plugin declares (sandbox_grants.h), granted in
  // this seat or not.
  struct PermissionEditor {
    players::Permission permission;
    Checkbox granted;
  };

  // One seat: White, Black, the hint player or a demo seat.
  struct SeatEditor {
    std::string key;    // dotted: white, black, hint, demo.white, demo.black
    std::string title;  // heading shown
    bool allow_human = true;
    bool with_options = true;
    config::SeatConfig base;  // as loaded: restored when its player is chosen again
    std::shared_ptr<const players::PluginLibrary> plugin;  // null: a human, or a plugin not found
    Choice player, level;
    std::vector<OptionEditor> options;
    std::vector<PermissionEditor> permissions;
    std::string shown_level;  // the level whose presets the untouched options show
  };
  enum SeatId { White, Black, Hint, DemoWhite, DemoBlack, SeatCount };

  // One setting of the table (setting_table.h) that the screen edits, with the
  // widget its entry names; a switched number also has its on/off box.
  struct SettingEditor {
    const config::SettingSpec* spec = nullptr;
    Checkbox check;      // SettingWidget::Checkbox, and a switched Number's box
    NumberField number;  // SettingWidget::Number
    Choice choice;       // SettingWidget::Choice
  };

  // What layout() placed in the content area for the current tab.
  struct Label {
    std::string text;
    sf::Vector2f pos;
    unsigned size;
    sf::Color color;
    bool bold = false;
  };
  struct Control {
    std::variant<Choice*, Checkbox*, NumberField*> widget;
    std::string name;  // for the state dump: the setting's dotted key
    std::string help;  // shown while hovered
    std::function<void()> changed;
  };

  // Settings <-> widgets.
  void load(const config::Settings& settings);
  config::Settings build() const;
  void set_seat(SeatEditor& seat, const config::SeatConfig& config);
  config::SeatConfig seat_config(const SeatEditor& seat) const;
  void level_changed(SeatEditor& seat);
  void player_changed(SeatEditor& seat);
  void edited();  // after any change: check the settings again

  // Actions.
  void save();
  void reset();
  void back();
  void switch_tab(int tab);

  // Layout (every event and frame, for the window's current size).
  void layout(sf::Vector2f size);
  float layout_seat(SeatEditor& seat, float x, float y, float width);
  float seat_info(const SeatEditor& seat, float x, float y, float width);
  void add_level(SeatEditor& seat, float x, float& y, float width);
  void add_options(SeatEditor& seat, float x, float& y, float width);
  void add_permissions(SeatEditor& seat, float x, float& y, float width);
  void layout_players(float left, float right, float y, float width);
  void layout_demo(float left, float right, float y, float width);
  void layout_board(float left, float right, float y, float width);
  // The editors of a group, in table order; returns y below them.
  float layout_group(config::SettingGroup group, float x, float y, float width);
  void heading(const std::string& text, float x, float& y);
  float paragraph(const std::string& text, float x, float y, float width, unsigned size, sf::Color color);
  void add(Choice& widget, const std::string& name, float x, float& y, float width, std::string help,
           std::function<void()> changed = {});
  void add(Checkbox& widget, const std::string& name, float x, float& y, std::string help,
           std::function<void()> changed = {});
  void add(NumberField& widget, const std::string& name, float x, float& y, float width, std::string help,
           std::function<void()> changed = {});
  std::vector<std::string> message_lines(float width) const;

  // Typing a number into a field clicked on its value.
  static sf::FloatRect value_box(const NumberField& field);
  void commit_typing();

  void draw_preview(sf::RenderTarget& target) const;
  // What the Choice of the setting with these choices shows now (the preview's theme and pieces).
  std::string chosen(std::span<const std::string_view> choices) const;
  std::string piece_set_help(const std::string& meaning) const;

  config::Settings loaded_;  // what the widgets started from (plugin paths are kept from it)
  std::array<SeatEditor, SeatCount> seats_;
  std::vector<SettingEditor> editors_;  // made once, so the widgets' addresses hold

  Tab tab_ = Tab::Players;
  std::array<float, TabCount> scroll_{};
  std::array<Button, TabCount> tabs_;
  // TRANSLATORS: a short button label (a verb): save.
  Button save_{tr("Save"), tr("Write the settings to your config file; they apply to the next game (Ctrl+S)"), {}, true,
               true};
  Button reset_{tr("Reset to defaults"), tr("Put every setting back to Gambit's default (then Save to keep it)"), {}};
  // TRANSLATORS: a short button label: back to the screen before.
  Button back_{tr("Back"), tr("Back to the menu without saving (Esc)"), {}};

  std::string error_;       // why the edited settings cannot be saved, "" when they can
  std::string save_error_;  // why the last save failed
  enum class Dialog { None, Leave };  // Leave: Back with unsaved changes asks first
  Dialogs<Dialog> dialogs_;
  bool unsaved_ = false;

  NumberField* typing_ = nullptr;  // the field being typed into
  std::string typed_;

  // Layout results.
  sf::Vector2f size_;
  sf::FloatRect content_;  // the scrolling area, in window pixels
  float content_height_ = 0;
  std::vector<Label> labels_;
  std::vector<sf::FloatRect> rules_;  // thin lines between sections
  std::vector<Control> controls_;
  sf::FloatRect preview_;  // Board tab: the theme preview
  std::vector<std::string> messages_;  // shown over the buttons, in the warning colour
  float messages_top_ = 0, help_top_ = 0;
  sf::Vector2f mouse_{-1, -1};
};

}  // namespace gambit::gui
