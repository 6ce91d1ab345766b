// SPDX-License-Identifier: MIT
// SettingsScreen, what it edits: widgets to and from Settings (seats, plugin
// options, rules, clock, look), save, reset, back, and keyboard and mouse input.
#include "game/gui/settings_screen.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <utility>

#include "core/config/config_writer.h"
#include "core/config/seats.h"
#include "core/players/options.h"
#include "core/players/sandbox_grants.h"
#include "game/gui/app.h"
#include "game/gui/shown_notation.h"
#include "game/gui/settings_screen_parts.h"

namespace gambit::gui {

using namespace settings_detail;

namespace {

using chess::Color;

bool is_mouse(const sf::Event& event, sf::Vector2f& at) {
  switch (event.type) {
    case sf::Event::MouseButtonPressed:
    case sf::Event::MouseButtonReleased: at = {float(event.mouseButton.x), float(event.mouseButton.y)}; return true;
    case sf::Event::MouseWheelScrolled:
      at = {float(event.mouseWheelScroll.x), float(event.mouseWheelScroll.y)};
      return true;
    case sf::Event::MouseMoved: at = {float(event.mouseMove.x), float(event.mouseMove.y)}; return true;
    default: return false;
  }
}

bool released_in(const sf::Event& event, const sf::FloatRect& rect) {
  return event.type == sf::Event::MouseButtonReleased && event.mouseButton.button == sf::Mouse::Left &&
         rect.contains(float(event.mouseButton.x), float(event.mouseButton.y));
}

// The words a choice of the table is shown in: a language by its own name, a
// variant by its name for people, other choices (the board's colours) translated.
std::string shown_choice(const config::SettingSpec& spec, std::string_view choice) {
  if (spec.choices.data() == config::LanguageChoices.data()) {
    for (const Language& language : Languages)
      if (language.code == choice) return std::string(language.native_name);
    // TRANSLATORS: a language setting's choice: the desktop's language. Short: the control is about 130 pixels wide.
    return trc("language", "Automatic");
  }
  if (spec.choices.data() == config::SpeechModes.data()) {
    if (choice == "asked") return trc("speech", "When asked");
    return choice == "always" ? trc("speech", "Always") : trc("speech", "Off");
  }
  if (spec.choices.data() == config::PieceLetterChoices.data())
    // TRANSLATORS: a choice of the piece letters in moves: those of your language ("K D T L S" in German). Short.
    return choice == "language" ? tr("My language's") : tr("K Q R B N");
  if (spec.choices.data() == config::GameVariants.data())
    if (const auto variant = chess::variant_from_name(choice)) return tr(chess::names_of(*variant).for_people.data());
  return tr(std::string(choice).c_str());
}

// Whether the Choice offers this choice of the table: every one but the piece
// sets that cannot be drawn here (their package not installed), unless chosen.
bool offered(App& app, const config::SettingSpec& spec, std::string_view choice) {
  if (spec.choices.data() != config::PieceSets.data()) return true;
  const std::string set(choice);
  return set == app.setup().settings().ui.piece_set || app.assets().piece_set_problem(set).empty();
}

// Why settings cannot be saved, in words, or "" when they can: what the writer
// refuses (ranges, themes) and every seat checked against the plugins found.
std::string problem_with(const config::Settings& settings, const config::PluginList& plugins) {
  if (auto text = config::format_config(settings); !text) return text.error();
  if (auto seats = config::resolve_seats(settings, plugins); !seats) return seats.error();
  for (Color side : {chess::WHITE, chess::BLACK})
    if (auto seat = config::resolve_demo_seat(settings, side, plugins); !seat) return seat.error();
  if (auto hint = config::resolve_hint(settings, plugins); !hint) return hint.error();
  return "";
}

// A step for [-]/[+] that crosses the range in a few hundred clicks at most
// (an Elo by tens, milliseconds by ten seconds), but 1 for small ranges and for seeds.
long long step_for(std::int64_t min, std::int64_t max) {
  const double range = double(max) - double(min);
  if (range < 1000 || range >= 1e9) return 1;
  return static_cast<long long>(std::pow(10.0, std::floor(std::log10(range)) - 2));
}

}  // namespace

namespace settings_detail {

std::string canonical(const gambit_option_spec& spec, const std::string& text) {
  auto valid = players::validate_option(spec, text);
  return valid ? *valid : text;
}

std::string baseline(const players::PluginLibrary& plugin, const std::string& level, const gambit_option_spec& spec) {
  if (!level.empty())
    if (const gambit_level* preset = players::find_level(plugin.descriptor(), level))
      for (std::uint32_t i = 0; i < preset->setting_count; ++i)
        if (std::string_view(preset->settings[i].name) == spec.name)
          return canonical(spec, preset->settings[i].value);
  return canonical(spec, spec.default_value ? spec.default_value : "");
}

}  // namespace settings_detail

// ---------------------------------------------------------------------------
// Options and seats <-> widgets

std::string SettingsScreen::OptionEditor::value() const {
  switch (spec->type) {
    case GAMBIT_OPTION_INT: return std::to_string(number.value);
    case GAMBIT_OPTION_BOOL: return check.value ? "true" : "false";
    case GAMBIT_OPTION_CHOICE: return choice.items.empty() ? "" : choice.current();
    default: return text;
  }
}

void SettingsScreen::OptionEditor::set(const std::string& value) {
  switch (spec->type) {
    case GAMBIT_OPTION_INT: {
      long long parsed = 0;
      const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), parsed);
      if (error == std::errc() && end == value.data() + value.size())
        number.value = std::clamp(parsed, number.min, number.max);
      break;
    }
    case GAMBIT_OPTION_BOOL: check.value = value == "true"; break;
    case GAMBIT_OPTION_CHOICE: choice.select(value); break;
    default: text = value; break;
  }
}

SettingsScreen::SettingsScreen(App& app, int tab) : Screen(app) {
  for (int i = 0; i < TabCount; ++i) {
    // TRANSLATORS: a tab's tooltip: {tab}: its name ("Players"); {key}: the number key that shows it ("1").
    std::string tooltip = fill(tr("{tab} ({key}, or Ctrl+Tab)"), {{"tab", tr(TabLabels[i])}, {"key", std::to_string(i + 1)}});
    tabs_[i] = Button{tr(TabLabels[i]), std::move(tooltip), {}};
  }
  const std::string keys[] = {config::seat_key(chess::WHITE), config::seat_key(chess::BLACK),
                              std::string(config::HintKey), config::demo_seat_key(chess::WHITE),
                              config::demo_seat_key(chess::BLACK)};
  // TRANSLATORS: White and Black as the sides of the game (the players of the white and the black pieces), here
  // the headings of the settings of each side's player.
  const char* titles[] = {trc("side", "White"), trc("side", "Black"), tr("Hint player"), trc("side", "White"),
                          trc("side", "Black")};
  for (int i = 0; i < SeatCount; ++i) {
    seats_[i].key = keys[i];
    seats_[i].title = titles[i];
    seats_[i].allow_human = i == White || i == Black;
    seats_[i].with_options = i != Hint;
    // TRANSLATORS: the label of the choice of who plays a side: you or an AI player.
    seats_[i].player.label = tr("Player");
    // TRANSLATORS: the label of the choice of an AI player's level ("easy", "1200").
    seats_[i].level.label = tr("Level");
  }
  for (const config::SettingSpec& spec : config::setting_table()) {
    if (spec.widget == config::SettingWidget::None) continue;
    SettingEditor& editor = editors_.emplace_back();
    editor.spec = &spec;
    const std::string label = tr(spec.label.data());
    switch (spec.widget) {
      case config::SettingWidget::Checkbox: editor.check.label = label; break;
      case config::SettingWidget::Number:
        // A switched number is off at 0, so when on it starts at 1.
        editor.number = NumberField{label, {}, spec.min, spec.switch_label.empty() ? spec.min : std::max(1LL, spec.min),
                                    spec.max, spec.step};
        editor.check.label = spec.switch_label.empty() ? std::string() : tr(spec.switch_label.data());
        break;
      case config::SettingWidget::Choice:
        editor.choice.label = label;
        for (std::string_view choice : spec.choices) {
          if (!offered(app, spec, choice)) continue;
          editor.choice.items.emplace_back(choice);
          editor.choice.shown.push_back(shown_choice(spec, choice));
        }
        break;
      case config::SettingWidget::None: break;
    }
  }
  load(app.setup().settings());
  edited();
  tab_ = Tab((tab % TabCount + TabCount) % TabCount);
}

void SettingsScreen::load(const config::Settings& settings) {
  typing_ = nullptr;
  loaded_ = settings;
  const config::SeatConfig* configs[] = {&settings.white, &settings.black, &settings.hint, &settings.demo.white,
                                         &settings.demo.black};
  for (int i = 0; i < SeatCount; ++i) {
    seats_[i].base = *configs[i];
    set_seat(seats_[i], *configs[i]);
  }
  for (SettingEditor& editor : editors_) {
    const config::SettingConstValue value = config::read_only(*editor.spec, settings);
    switch (editor.spec->widget) {
      case config::SettingWidget::Checkbox: editor.check.value = *std::get<const bool*>(value); break;
      case config::SettingWidget::Number: {
        const int number = *std::get<const int*>(value);
        if (editor.spec->switch_label.empty()) {
          editor.number.value = number;
          break;
        }
        // Switched off, the field keeps a sensible value for when it is switched on.
        editor.check.value = number > 0;
        editor.number.value = number > 0 ? std::clamp<long long>(number, editor.number.min, editor.number.max)
                                         : editor.spec->value_when_switched_on;
        break;
      }
      case config::SettingWidget::Choice:
        editor.choice.index = 0;
        editor.choice.select(*std::get<const std::string*>(value));
        break;
      case config::SettingWidget::None: break;
    }
  }
}

void SettingsScreen::set_seat(SeatEditor& seat, const config::SeatConfig& config) {
  seat.plugin = config.human() ? nullptr : app_.setup().catalog().find(config.player);
  seat.player.items.clear();
  if (seat.allow_human || config.human()) seat.player.items.emplace_back(HumanItem);
  for (const auto& plugin : app_.setup().catalog().plugins()) seat.player.items.push_back(plugin->id());
  if (!config.human() && !seat.plugin) seat.player.items.push_back(config.player);  // shown, and refused by the check
  seat.player.index = 0;
  seat.player.select(config.human() ? std::string(HumanItem) : config.player);
  // Shown: the person's item in words, the plugins by their ids.
  seat.player.shown = seat.player.items;
  for (std::string& shown : seat.player.shown)
    if (shown == HumanItem) shown = tr(HumanItem);

  seat.level.items = {NoLevelItem};
  if (seat.plugin)
    for (const gambit_level& level : seat.plugin->levels()) seat.level.items.emplace_back(level.name);
  const auto& levels = seat.level.items;
  if (!config.level.empty() && std::find(levels.begin(), levels.end(), config.level) == levels.end())
    seat.level.items.push_back(config.level);  // shown, and refused by the check
  // Shown: no level in words, the levels by their names.
  seat.level.shown = seat.level.items;
  seat.level.shown.front() = tr(NoLevelItem);
  seat.level.index = 0;
  if (!config.level.empty()) seat.level.select(config.level);
  seat.shown_level = config.level;

  seat.options.clear();
  seat.permissions.clear();
  if (!seat.plugin) return;
  for (const gambit_option_spec& spec : seat.plugin->options()) {
    OptionEditor option;
    option.spec = &spec;
    switch (spec.type) {
      case GAMBIT_OPTION_INT:
        option.number = NumberField{spec.name, {}, 0, spec.min, spec.max, step_for(spec.min, spec.max)};
        break;
      case GAMBIT_OPTION_BOOL: option.check.label = spec.name; break;
      case GAMBIT_OPTION_CHOICE:
        option.choice.label = spec.name;
        for (std::uint32_t i = 0; i < spec.choice_count; ++i) option.choice.items.emplace_back(spec.choices[i]);
        break;
      default: break;
    }
    auto given = std::find_if(config.options.begin(), config.options.end(),
                              [&](const auto& pair) { return pair.first == spec.name; });
    option.in_config = given != config.options.end();
    option.set(option.in_config ? given->second : baseline(*seat.plugin, config.level, spec));
    seat.options.push_back(std::move(option));
  }
  const std::vector<players::Permission::Kind> granted =
      players::granted_permissions(*seat.plugin, loaded_.isolation_of(config));
  // One box per kind of permission, however often the plugin declares it (the first declaration's reason).
  for (const players::Permission& permission : seat.plugin->permissions())
    if (std::ranges::none_of(seat.permissions, [&](const PermissionEditor& e) { return e.permission.kind == permission.kind; }))
      seat.permissions.push_back(
          {permission, Checkbox{{}, {}, std::ranges::find(granted, permission.kind) != granted.end()}});
}

config::SeatConfig SettingsScreen::seat_config(const SeatEditor& seat) const {
  config::SeatConfig result;
  if (seat.player.items.empty() || seat.player.current() == HumanItem) return result;
  const std::string& chosen = seat.player.current();
  if (!seat.plugin) return chosen == seat.base.player ? seat.base : config::SeatConfig{chosen, "", {}};
  result.player = chosen;
  result.level = seat.level.index == 0 ? "" : seat.level.current();
  auto editor = [&](const std::string& name) -> const OptionEditor* {
    for (const OptionEditor& option : seat.options)
      if (option.spec->name == name) return &option;
    return nullptr;
  };
  // The options the config named, in its order, then those changed from what the level gives.
  if (chosen == seat.base.player)
    for (const auto& [name, value] : seat.base.options)
      if (const OptionEditor* option = editor(name); option && option->in_config)
        result.options.emplace_back(name, option->value());
  for (const OptionEditor& option : seat.options) {
    if (option.in_config) continue;
    const std::string value = option.value();
    if (value != baseline(*seat.plugin, result.level, *option.spec))
      result.options.emplace_back(option.spec->name, value);
  }
  if (chosen == seat.base.player) result.isolation = seat.base.isolation;
  // The permissions granted: the seat's own when it had them, or when they differ from what it would get without.
  const std::vector<players::Permission::Kind> inherited =
      players::granted_permissions(*seat.plugin, loaded_.isolation_of(result));
  std::vector<std::string> checked;
  bool as_inherited = true;
  for (const PermissionEditor& editor : seat.permissions) {
    if (editor.granted.value) checked.emplace_back(players::permission_name(editor.permission.kind));
    as_inherited &= editor.granted.value == (std::ranges::find(inherited, editor.permission.kind) != inherited.end());
  }
  if (chosen == seat.base.player && seat.base.permissions) {
    // The seat's own list as the config wrote it (its order, kinds the plugin does not declare) while the boxes
    // grant what it grants, so opening Settings changes nothing.
    config::SeatConfig as_written = result;
    as_written.permissions = seat.base.permissions;
    const std::vector<players::Permission::Kind> written =
        players::granted_permissions(*seat.plugin, loaded_.isolation_of(as_written));
    const bool same = std::ranges::all_of(seat.permissions, [&](const PermissionEditor& editor) {
      return editor.granted.value == (std::ranges::find(written, editor.permission.kind) != written.end());
    });
    result.permissions = same ? seat.base.permissions : std::move(checked);
  } else if (!as_inherited) {
    result.permissions = std::move(checked);
  }
  return result;
}

void SettingsScreen::player_changed(SeatEditor& seat) {
  const std::string chosen = seat.player.current();
  const bool human = chosen == HumanItem;
  // Back to the player the settings had: its level and options come back too.
  if (human ? seat.base.human() : chosen == seat.base.player) set_seat(seat, seat.base);
  else set_seat(seat, config::SeatConfig{human ? std::string(config::HumanPlayer) : chosen, "", {}});
}

void SettingsScreen::level_changed(SeatEditor& seat) {
  if (!seat.plugin) return;
  const std::string level = seat.level.index == 0 ? "" : seat.level.current();
  // Options still showing what the old level gave show what the new one gives.
  for (OptionEditor& option : seat.options)
    if (!option.in_config && option.value() == baseline(*seat.plugin, seat.shown_level, *option.spec))
      option.set(baseline(*seat.plugin, level, *option.spec));
  seat.shown_level = level;
}

config::Settings SettingsScreen::build() const {
  config::Settings settings = loaded_;
  settings.sources.clear();  // edited values come from no file
  settings.white = seat_config(seats_[White]);
  settings.black = seat_config(seats_[Black]);
  settings.hint = seat_config(seats_[Hint]);
  settings.demo.white = seat_config(seats_[DemoWhite]);
  settings.demo.black = seat_config(seats_[DemoBlack]);
  // A switched-off number, and the numbers after it in its group, are 0 (and hidden: layout_group).
  std::vector<config::SettingGroup> off;
  for (const SettingEditor& editor : editors_) {
    const config::SettingValue value = editor.spec->value(settings);
    switch (editor.spec->widget) {
      case config::SettingWidget::Checkbox: *std::get<bool*>(value) = editor.check.value; break;
      case config::SettingWidget::Number:
        if (!editor.spec->switch_label.empty() && !editor.check.value) off.push_back(editor.spec->group);
        *std::get<int*>(value) = std::ranges::find(off, editor.spec->group) != off.end() ? 0 : int(editor.number.value);
        break;
      case config::SettingWidget::Choice: *std::get<std::string*>(value) = editor.choice.current(); break;
      case config::SettingWidget::None: break;
    }
  }
  return settings;
}

void SettingsScreen::edited() {
  const config::Settings settings = build();
  error_ = problem_with(settings, app_.setup().plugin_descriptors());
  unsaved_ = settings != app_.setup().settings();
  save_error_.clear();
}

// ---------------------------------------------------------------------------
// Actions

void SettingsScreen::save() {
  commit_typing();
  const config::Settings settings = build();
  error_ = problem_with(settings, app_.setup().plugin_descriptors());
  if (!error_.empty()) {
    app_.toast(fill(tr("Not saved: {reason}"), {{"reason", error_}}));
    return;
  }
  const bool new_language = settings.ui.language != app_.setup().settings().ui.language;
  auto saved = app_.setup().save_settings(settings);  // the next game uses them even if the file cannot be written
  app_.assets().set_sounds_enabled(settings.ui.sounds);
  use_high_contrast(settings.ui.theme == "contrast");
  use_own_piece_letters(settings.ui.piece_letters == "language");
  if (new_language) {
    // Every screen is made again in the new language, this one on its tab.
    app_.use_language(settings.ui.language);
    app_.toast(saved ? tr("Settings saved") : fill(tr("Could not save the settings: {reason}"), {{"reason", saved.error()}}));
    return app_.open_instead(page::Settings{int(tab_)});
  }
  if (saved) {
    app_.toast(fill(tr("Settings saved to {path}; they apply to the next game"), {{"path", saved->string()}}));
    save_error_.clear();
  } else {
    save_error_ = fill(tr("Could not save the settings: {reason}. They apply until Gambit is closed."),
                       {{"reason", saved.error()}});
  }
  const std::string failure = save_error_;
  load(app_.setup().settings());  // what was written is now what the seats go back to
  edited();
  save_error_ = failure;
}

void SettingsScreen::reset() {
  config::Settings defaults;
  defaults.plugin_paths = loaded_.plugin_paths;  // not shown here: kept as they are
  load(defaults);
  edited();
  app_.toast(unsaved_ ? tr("Default settings restored: Save to keep them")
                      : tr("Default settings restored (the same as those saved)"));
}

void SettingsScreen::back() {
  commit_typing();
  if (build() == app_.setup().settings()) return app_.pop();
  // Changes are never thrown away without asking; Esc (Stay) keeps them.
  dialogs_.ask(Dialog::Leave, tr("Leave without saving?"),
               // TRANSLATORS: Discard and Stay are the dialog's buttons: name them as the buttons do.
               tr("Your changes are not saved. Discard leaves without them; Stay goes back to them (then Save, Ctrl+S)."),
               // TRANSLATORS: the buttons of the dialog "Leave without saving?": leave without the changes, or stay.
               std::nullopt, tr("Discard"), tr("Stay"));
}

void SettingsScreen::switch_tab(int tab) {
  commit_typing();
  tab_ = Tab((tab % TabCount + TabCount) % TabCount);
}

sf::FloatRect SettingsScreen::value_box(const NumberField& field) {
  const float button = field.rect.height;
  return {field.rect.left + field.rect.width - 2 * button - 70, field.rect.top, button + 70, field.rect.height};
}

void SettingsScreen::commit_typing() {
  if (!typing_) return;
  NumberField* field = std::exchange(typing_, nullptr);
  long long parsed = 0;
  const auto [end, error] = std::from_chars(typed_.data(), typed_.data() + typed_.size(), parsed);
  if (typed_.empty() || end != typed_.data() + typed_.size()) return;  // nothing or "-": unchanged
  if (error == std::errc::result_out_of_range) parsed = typed_[0] == '-' ? field->min : field->max;
  else if (error != std::errc()) return;
  field->value = std::clamp(parsed, field->min, field->max);
  // The clock's fields and the options have no other consequence than the settings built from them.
  edited();
}

// ---------------------------------------------------------------------------
// Events

void SettingsScreen::handle(const sf::Event& event) {
  layout(app_.window().getView().getSize());
  if (dialogs_.open()) {
    if (dialogs_.handle(event, size_, app_.assets())) {  // Discard
      app_.toast(tr("Settings not saved: changes discarded"));
      app_.pop();
    }
    return;
  }
  sf::Vector2f at;
  const bool mouse = is_mouse(event, at);
  if (event.type == sf::Event::MouseMoved) mouse_ = at;

  if (typing_) {
    if (event.type == sf::Event::TextEntered) {
      const sf::Uint32 c = event.text.unicode;
      if (c == 8 && !typed_.empty()) typed_.pop_back();
      else if (c >= '0' && c <= '9' && typed_.size() < 19) typed_ += char(c);
      else if (c == '-' && typed_.empty() && typing_->min < 0) typed_ = "-";
      return;
    }
    if (event.type == sf::Event::KeyPressed) {
      if (event.key.code == sf::Keyboard::Enter || event.key.code == sf::Keyboard::Tab) commit_typing();
      else if (event.key.code == sf::Keyboard::Escape) typing_ = nullptr;
      return;
    }
    if (event.type == sf::Event::MouseButtonReleased && !value_box(*typing_).contains(at)) commit_typing();
  }

  if (event.type == sf::Event::KeyPressed) {
    const int tab = int(tab_);
    switch (event.key.code) {
      case sf::Keyboard::Escape: back(); break;
      case sf::Keyboard::S:
        if (event.key.control) save();
        break;
      case sf::Keyboard::Tab:  // plain Tab goes through the controls (KeyboardFocus)
        if (event.key.control) switch_tab(event.key.shift ? tab - 1 : tab + 1);
        break;
      case sf::Keyboard::Num1:
      case sf::Keyboard::Numpad1: switch_tab(0); break;
      case sf::Keyboard::Num2:
      case sf::Keyboard::Numpad2: switch_tab(1); break;
      case sf::Keyboard::Num3:
      case sf::Keyboard::Numpad3: switch_tab(2); break;
      case sf::Keyboard::Up: scroll_[tab] -= 40; break;
      case sf::Keyboard::Down: scroll_[tab] += 40; break;
      case sf::Keyboard::PageUp: scroll_[tab] -= content_.height * 0.9f; break;
      case sf::Keyboard::PageDown: scroll_[tab] += content_.height * 0.9f; break;
      case sf::Keyboard::Home: scroll_[tab] = 0; break;
      case sf::Keyboard::End: scroll_[tab] = content_height_; break;
      default: break;
    }
    return;
  }

  if (save_.clicked(event)) return save();
  if (reset_.clicked(event)) return reset();
  if (back_.clicked(event)) return back();
  for (int i = 0; i < TabCount; ++i)
    if (tabs_[i].clicked(event)) return switch_tab(i);

  // The content: only where it is visible (widgets scrolled away lie under the bars).
  if (!mouse || !content_.contains(at)) return;
  for (Control& control : controls_) {
    bool changed = false;
    if (auto* field = std::get_if<NumberField*>(&control.widget)) {
      NumberField& number = **field;
      if (released_in(event, value_box(number))) {
        typing_ = &number;
        typed_.clear();
        return;
      }
      // The wheel changes a number only over its buttons; elsewhere it scrolls the page.
      if (event.type == sf::Event::MouseWheelScrolled && at.x < value_box(number).left - number.rect.height) continue;
      changed = number.handle(event);
    } else if (auto* check = std::get_if<Checkbox*>(&control.widget)) {
      changed = (*check)->clicked(event);
    } else if (auto* choice = std::get_if<Choice*>(&control.widget)) {
      changed = (*choice)->handle(event);
    }
    if (changed) {
      if (control.changed) control.changed();  // may rebuild the widgets: stop here
      edited();
      return;
    }
  }
  if (event.type == sf::Event::MouseWheelScrolled && event.mouseWheelScroll.wheel == sf::Mouse::VerticalWheel)
    scroll_[int(tab_)] -= event.mouseWheelScroll.delta * 48;
}

}  // namespace gambit::gui
