// SPDX-License-Identifier: MIT
// SettingsScreen, what it shows: the layout of each tab (rows of widgets in
// two columns, scrolled), the title bar and tabs, the theme preview, the
// message line and buttons, and the state dump.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <string>
#include <vector>

#include "core/players/options.h"
#include "core/util/translation.h"
#include "game/gui/app.h"
#include "game/gui/board_view.h"
#include "game/gui/layout_log.h"
#include "game/gui/settings_screen.h"

#include "core/recording/rated_game.h"
#include "game/gui/settings_screen_parts.h"

namespace gambit::gui {

using namespace settings_detail;

namespace {

constexpr const char* TabNames[] = {"players", "demo", "board"};  // for the state dump

// Vertical rhythm of the content: a widget row, the distance between rows.
constexpr float RowHeight = 32, RowPitch = 38;
constexpr float TopBar = 64;  // title and tabs
constexpr float Margin = 24, ColumnGap = 32;
constexpr unsigned TextSize = 14, HeadingSize = 18;
constexpr float LineHeight = 19;  // of TextSize text

std::string option_help(const gambit_option_spec& spec, const std::string& level_value, const std::string& level) {
  // The plugin's own words: those of the plugins shipped with Gambit are in its catalogue.
  std::string help = spec.help && *spec.help ? tr(spec.help) : spec.name;
  std::string details;
  switch (spec.type) {
    case GAMBIT_OPTION_INT:
      // TRANSLATORS: a plugin option's range and its default value ("1..20, default 10").
      details = fill(tr("{min}..{max}, default {value}"), {{"min", std::to_string(spec.min)},
                                                           {"max", std::to_string(spec.max)},
                                                           {"value", spec.default_value}});
      break;
    case GAMBIT_OPTION_BOOL:
      // TRANSLATORS: a plugin option that is on (or off) unless it is set.
      details = spec.default_value == std::string("true") ? tr("default on") : tr("default off");
      break;
    // TRANSLATORS: a plugin option's default value ("auto").
    default: details = fill(tr("default {value}"), {{"value", spec.default_value}}); break;
  }
  if (!level.empty() && level_value != canonical(spec, spec.default_value))
    // TRANSLATORS: {details}: a plugin option's default ("default 10"), then the value the level chosen
    // ({level}, a name from the plugin: "hard") gives it.
    details = fill(tr("{details}; level {level}: {value}"),
                   {{"details", details}, {"level", level}, {"value", level_value}});
  return help + " (" + details + ")";
}

std::string plugin_title(const players::PluginLibrary& plugin) {
  return tr(plugin.name().c_str()) + (plugin.version().empty() ? "" : " " + plugin.version());
}

}  // namespace

// ---------------------------------------------------------------------------
// Layout

std::vector<std::string> SettingsScreen::message_lines(float width) const {
  const sf::Font& font = app_.assets().font();
  std::vector<std::string> lines;
  auto add_text = [&](const std::string& text) {
    for (std::string& line : wrap_text(font, text, TextSize, width)) lines.push_back(std::move(line));
  };
  if (!save_error_.empty()) add_text(save_error_);
  if (!error_.empty()) add_text(fill(tr("These settings cannot be saved: {reason}"), {{"reason", error_}}));
  for (const std::string& problem : app_.setup().problems()) add_text(problem);
  return lines;
}

void SettingsScreen::heading(const std::string& text, float x, float& y) {
  labels_.push_back({text, {x, y}, HeadingSize, colors::Text, true});
  y += 30;
}

float SettingsScreen::paragraph(const std::string& text, float x, float y, float width, unsigned size,
                                sf::Color color) {
  const float line = size <= TextSize ? LineHeight : float(size) * 1.35f;
  for (std::string& part : wrap_text(app_.assets().font(), text, size, width)) {
    labels_.push_back({std::move(part), {x, y}, size, color});
    y += line;
  }
  return y;
}

void SettingsScreen::add(Choice& widget, const std::string& name, float x, float& y, float width, std::string help,
                         std::function<void()> changed) {
  widget.rect = {x, y, width, RowHeight};
  controls_.push_back({&widget, name, std::move(help), std::move(changed)});
  y += RowPitch;
}

void SettingsScreen::add(Checkbox& widget, const std::string& name, float x, float& y, std::string help,
                         std::function<void()> changed) {
  // Only the box and its label react to a click, not the empty row beside them.
  const float width = 22 + 10 + text_width(app_.assets().font(), widget.label, TextSize) + 8;
  widget.rect = {x, y, width, RowHeight};
  controls_.push_back({&widget, name, std::move(help), std::move(changed)});
  y += RowPitch;
}

void SettingsScreen::add(NumberField& widget, const std::string& name, float x, float& y, float width,
                         std::string help, std::function<void()> changed) {
  widget.rect = {x, y, width, RowHeight};
  controls_.push_back({&widget, name, std::move(help), std::move(changed)});
  y += RowPitch;
}

float SettingsScreen::seat_info(const SeatEditor& seat, float x, float y, float width) {
  if (seat.player.items.empty()) return y;
  if (seat.player.current() == HumanItem)
    return paragraph(seat.allow_human ? tr("You play this side, with the mouse or by typing moves.")
                                      : tr("A human cannot sit here: choose a player plugin."),
                     x, y, width, TextSize, seat.allow_human ? colors::TextDim : colors::Warning) + 6;
  if (!seat.plugin)
    // TRANSLATORS: {plugin}: the id of a player plugin the settings name ("stockfish").
    return paragraph(fill(tr("No player plugin '{plugin}' was found: choose another player."),
                          {{"plugin", seat.player.current()}}),
                     x, y, width, TextSize, colors::Warning) + 6;
  y = paragraph(plugin_title(*seat.plugin), x, y, width, 15, colors::Text);
  if (!seat.plugin->description().empty())
    y = paragraph(tr(seat.plugin->description().c_str()), x, y, width, TextSize - 1, colors::TextDim);
  return y + 8;
}

void SettingsScreen::add_level(SeatEditor& seat, float x, float& y, float width) {
  if (!seat.plugin && seat.level.items.size() <= 1) return;
  if (seat.level.items.size() <= 1) {
    y = paragraph(tr("This player has no levels."), x, y, width, TextSize - 1, colors::TextDim) + 6;
    return;
  }
  std::string help = tr("No preset: the plugin's own defaults and the options below");
  if (seat.level.index > 0 && seat.plugin)
    if (const gambit_level* level = players::find_level(seat.plugin->descriptor(), seat.level.current()))
      help = seat.level.current() + ": " + (level->description ? level->description : "");
  const players::LevelRating* measured =
      seat.level.index > 0 && seat.plugin ? players::find_rating(seat.plugin->ratings(), seat.level.current()) : nullptr;
  if (measured)
    // TRANSLATORS: after a level's description: how its strength was measured: {n} games at a time control
    // ({time_control}: "40/60+0.6"), {measured}: by what and when. The English says "games" even for one.
    help += fill(trn("; measured over {n} games at {time_control} ({measured})",
                     "; measured over {n} games at {time_control} ({measured})",
                     static_cast<unsigned long>(measured->games)),
                 {{"n", std::to_string(measured->games)},
                  {"time_control", measured->time_control},
                  {"measured", measured->measured}});
  add(seat.level, config::sub_key(seat.key, config::LevelKey), x, y, width, help, [this, &seat] { level_changed(seat); });
  if (measured) {
    // TRANSLATORS: a level's measured strength: {elo} ± {margin} on the Elo scale ("1200 ± 40").
    std::string text = fill(tr("Measured {elo} \xC2\xB1 {margin} Elo, with the options below"),
                            {{"elo", std::to_string(std::lround(measured->elo))},
                             {"margin", std::to_string(std::lround(measured->margin))}});
    sf::Color color = colors::TextDim;
    // A seat of the game: what its options make it, as New Game will say (rated or not, and as which level).
    // Said as New Game says it (recording::decide_rated), from the seats as they would play.
    if (&seat == &seats_[White] || &seat == &seats_[Black]) {
      const config::Settings settings = build();
      const chess::Color side = &seat == &seats_[White] ? chess::WHITE : chess::BLACK;
      if (auto seats = app_.setup().seats_to_play(settings, settings.game.rules())) {
        const recording::RatedDecision rated = recording::decide_rated(
            *seats, chess::Position(settings.game.rules()), app_.setup().store() != nullptr);
        const players::Seat& playing = (*seats)[side];
        const auto rating = playing.human() ? std::nullopt : playing.plugin->rating_of(playing.level, playing.options);
        if (rated.rated && rating)
          // TRANSLATORS: {player}: the AI player as games name it ("alphabeta (1200)"); {elo} ± {margin}: its
          // measured strength; {rated}: whether the game will be rated, a sentence.
          text = fill(tr("Plays as {player}, measured {elo} \xC2\xB1 {margin} Elo: {rated}"),
                      {{"player", playing.label},
                       {"elo", std::to_string(std::lround(rating->elo))},
                       {"margin", std::to_string(std::lround(rating->margin))},
                       {"rated", rated.words()}});
        else if (!rated.rated) {
          text = rated.words();
          color = colors::Warning;
        }
      }
    }
    y = paragraph(text, x, y + 2, width, TextSize - 1, color) + 3;  // wrapped: a translation may be long
  }
}

void SettingsScreen::add_options(SeatEditor& seat, float x, float& y, float width) {
  if (!seat.plugin || seat.options.empty()) return;
  y = paragraph(tr("Advanced: the engine's options (point at one for help)"), x, y + 2, width, TextSize - 1,
                colors::TextDim) + 3;
  const std::string level = seat.level.index == 0 ? "" : seat.level.current();
  for (OptionEditor& option : seat.options) {
    const gambit_option_spec& spec = *option.spec;
    const std::string name = config::sub_key(config::sub_key(seat.key, config::OptionsKey), spec.name);
    const std::string help = option_help(spec, baseline(*seat.plugin, level, spec), level);
    switch (spec.type) {
      case GAMBIT_OPTION_INT: add(option.number, name, x, y, width, help); break;
      case GAMBIT_OPTION_BOOL: add(option.check, name, x, y, help); break;
      case GAMBIT_OPTION_CHOICE: add(option.choice, name, x, y, width, help); break;
      default: {
        labels_.push_back({spec.name, {x, y + RowHeight * 0.2f}, TextSize, colors::Text});
        // TRANSLATORS: a plugin's text option that has no value.
        const std::string shown = option.text.empty() ? tr("(not set)") : option.text;
        labels_.push_back({shown, {x + width * 0.45f, y + RowHeight * 0.2f}, TextSize, colors::TextDim});
        y += RowPitch;
      }
    }
  }
}

void SettingsScreen::add_permissions(SeatEditor& seat, float x, float& y, float width) {
  if (!seat.plugin || seat.permissions.empty()) return;
  if (loaded_.sandbox == "off") {  // nothing to grant: the seat's grants are kept as they are, unshown
    // TRANSLATORS: [plugins] sandbox = "off" is a line of the config file: keep it as it is.
    labels_.push_back({fit_words(app_.assets().font(), tr("No sandbox ([plugins] sandbox = \"off\"): it may reach all you can."),
                                 TextSize - 1, width),
                       {x, y + 2}, TextSize - 1, colors::TextDim});
    y += 24;
    return;
  }
  // TRANSLATORS: over the list of the permissions a plugin asks for ("Read files in ...", "Use the network").
  labels_.push_back({tr("Beyond its sandbox, it may (point at one for why):"), {x, y + 2}, TextSize - 1, colors::TextDim});
  y += 24;
  for (PermissionEditor& editor : seat.permissions) {
    const std::string what = capitalized(players::permission_for_people(editor.permission));
    editor.granted.label = what;  // beside the box (which fits it)
    const std::string name(players::permission_name(editor.permission.kind));
    const std::string& reason = editor.permission.reason;  // the plugin's words
    // TRANSLATORS: a permission's help: {permission}: what it allows, in words; {name}: its name in the config file
    // (keep it as it is); {reason}: why the plugin asks for it, in its words.
    std::string help = reason.empty()
                           ? fill(tr("{permission} ({name}). Unticked, the sandbox refuses it, and the plugin may fail "
                                     "saying what it lacks"),
                                  {{"permission", what}, {"name", name}})
                           : fill(tr("{permission} ({name}): {reason}. Unticked, the sandbox refuses it, and the plugin "
                                     "may fail saying what it lacks"),
                                  {{"permission", what}, {"name", name}, {"reason", reason}});
    add(editor.granted, config::sub_key(config::sub_key(seat.key, config::PermissionsKey), name), x, y,
        std::move(help));
    editor.granted.rect.width = std::min(editor.granted.rect.width, width);  // a long label fits itself inside
  }
}

float SettingsScreen::layout_seat(SeatEditor& seat, float x, float y, float width) {
  heading(seat.title, x, y);
  add(seat.player, config::sub_key(seat.key, config::PlayerKey), x, y, width,
      seat.allow_human ? tr("Human (you, with the mouse) or one of the AI player plugins found")
                       : tr("One of the AI player plugins found"),
      [this, &seat] { player_changed(seat); });
  y = seat_info(seat, x, y, width);
  add_level(seat, x, y, width);
  if (seat.with_options) add_options(seat, x, y, width);
  add_permissions(seat, x, y, width);
  return y;
}

void SettingsScreen::layout_players(float left, float right, float y, float width) {
  const float white = layout_seat(seats_[White], left, y, width);
  const float bottom = std::max(white, layout_seat(seats_[Black], right, y, width));
  y = bottom + 10;
  rules_.push_back({left, std::round(y), right + width - left, 1});
  y += 14;
  SeatEditor& hint = seats_[Hint];
  heading(hint.title, left, y);
  y = paragraph(tr("Suggests a move when you ask for a hint during a game (Ctrl+H)."), left, y - 4, right + width - left,
                TextSize - 1, colors::TextDim) + 6;
  float level_y = y;
  add(hint.player, config::sub_key(config::HintKey, config::PlayerKey), left, y, width,
      tr("One of the AI player plugins found"),
      [this, &hint] { player_changed(hint); });
  y = seat_info(hint, left, y, width);
  add_permissions(hint, left, y, width);
  add_level(hint, right, level_y, width);
  content_height_ = std::max(y, level_y);
}

void SettingsScreen::layout_demo(float left, float right, float y, float width) {
  y = paragraph(tr("Two AI players play each other game after game (Demo in the menu)."), left, y,
                right + width - left, TextSize, colors::TextDim) + 8;
  y = layout_group(config::SettingGroup::Demo, left, y, width);
  y += 8;
  const float white = layout_seat(seats_[DemoWhite], left, y, width);
  content_height_ = std::max(white, layout_seat(seats_[DemoBlack], right, y, width));
}

// The headings of the groups, and what a switched-off group says instead of its fields ("": none).
struct GroupText {
  config::SettingGroup group;
  const char* heading;
  const char* when_off;
};
constexpr GroupText GroupTexts[] = {
    {config::SettingGroup::Demo, "", ""},
    // TRANSLATORS: headings of the Settings' Board & clock tab: the rules (the variant), the clock, what happens
    // during a game, and the look of the board (its colours, its pieces).
    {config::SettingGroup::Rules, N_("Rules"), ""},
    {config::SettingGroup::Clock, N_("Clock"), N_("Games are played without a clock.")},
    {config::SettingGroup::DuringGame, N_("During a game"), ""},
    {config::SettingGroup::Look, N_("Look"), ""},
};

// The piece sets' help: why the chosen one cannot be drawn, or where more come from.
std::string SettingsScreen::piece_set_help(const std::string& meaning) const {
  const std::string chosen_set = chosen(config::PieceSets);
  if (std::string problem = app_.assets().piece_set_problem(chosen_set); !problem.empty()) return problem;
  const bool all_here = std::ranges::all_of(svg_piece_sets(), [&](const SvgPieceSet& set) {
    return app_.assets().piece_set_problem(std::string(set.name)).empty();
  });
  // TRANSLATORS: after "The drawings of the pieces": where the piece sets not offered come from.
  return all_here ? meaning : meaning + ". " + tr("More sets come with pychess (sudo apt install pychess).");
}

float SettingsScreen::layout_group(config::SettingGroup group, float x, float y, float width) {
  const auto text = std::ranges::find(GroupTexts, group, &GroupText::group);
  if (text != std::end(GroupTexts) && *text->heading) heading(tr(text->heading), x, y);
  for (SettingEditor& editor : editors_) {
    const config::SettingSpec& spec = *editor.spec;
    if (spec.group != group) continue;
    const std::string key(spec.key);
    std::string help = spec.meaning.empty() ? "" : tr(spec.meaning.data());  // the table's literal, N_-marked
    if (spec.key == config::SoundsKey && !app_.assets().audio_problem().empty()) help = app_.assets().audio_problem();
    if (spec.choices.data() == config::PieceSets.data()) help = piece_set_help(help);
    switch (spec.widget) {
      case config::SettingWidget::Checkbox: add(editor.check, key, x, y, help); break;
      case config::SettingWidget::Choice: add(editor.choice, key, x, y, width, help); break;
      case config::SettingWidget::Number:
        if (!spec.switch_label.empty()) {
          add(editor.check, std::string(spec.section()) + ".enabled", x, y,
              spec.switch_meaning.empty() ? "" : tr(spec.switch_meaning.data()));
          if (!editor.check.value) {
            if (text == std::end(GroupTexts) || !*text->when_off) return y;
            return paragraph(tr(text->when_off), x, y, width, TextSize, colors::TextDim) + 8;
          }
        }
        add(editor.number, key, x, y, width, help);
        break;
      case config::SettingWidget::None: break;
    }
  }
  return y;
}

void SettingsScreen::layout_board(float left, float right, float y, float width) {
  float l = layout_group(config::SettingGroup::Rules, left, y, width) + 10;
  l = layout_group(config::SettingGroup::Clock, left, l, width) + 10;
  l = layout_group(config::SettingGroup::DuringGame, left, l, width);

  float r = layout_group(config::SettingGroup::Look, right, y, width);
  const float square = std::floor(std::min(56.0f, width / 4));
  preview_ = {right, r + 4, 4 * square, 2 * square};
  r += 2 * square + 12;
  content_height_ = std::max(l, r);
}

void SettingsScreen::layout(sf::Vector2f size) {
  size_ = size;
  const Assets& assets = app_.assets();

  // Title and tabs.
  float x = 20 + text_width(assets.bold(), tr("Settings"), 26) + 28;
  for (int i = 0; i < TabCount; ++i) {
    const float width = std::max(100.0f, text_width(assets.font(), tabs_[i].label, 17) + 40);
    tabs_[i].rect = {std::round(x), 14, std::round(width), 38};
    tabs_[i].primary = i == int(tab_);
    x += width + 8;
  }

  // Buttons, the help line over them, the messages over that.
  const float buttons_y = size.y - 56;
  reset_.rect = {20, buttons_y, std::round(std::max(170.0f, text_width(assets.font(), reset_.label, 18) + 36)), 40};
  save_.rect = {size.x - 20 - 110, buttons_y, 110, 40};
  back_.rect = {save_.rect.left - 10 - 100, buttons_y, 100, 40};
  help_top_ = buttons_y - 28;
  messages_ = message_lines(size.x - 2 * Margin);
  const float room = help_top_ - TopBar;
  const std::size_t most = std::max<std::size_t>(2, std::size_t(room * 0.3f / LineHeight));
  if (messages_.size() > most) {
    const std::size_t hidden = messages_.size() - most + 1;
    messages_.resize(most - 1);
    // TRANSLATORS: the last line of a list of problems cut short: how many lines are not shown.
    messages_.push_back(fill(trn("... and {n} more line (printed in the terminal too)",
                                 "... and {n} more lines (printed in the terminal too)", hidden),
                             {{"n", std::to_string(hidden)}}));
  }
  messages_top_ = help_top_ - 4 - LineHeight * float(messages_.size());
  const float content_bottom = messages_.empty() ? help_top_ - 4 : messages_top_ - 8;
  content_ = {0, TopBar, size.x, std::max(40.0f, content_bottom - TopBar)};

  // The content of the tab, scrolled; laid out again if the scroll had to be clamped.
  const float width = std::floor((size.x - 2 * Margin - ColumnGap) / 2);
  const float left = Margin, right = Margin + width + ColumnGap;
  float& scroll = scroll_[int(tab_)];
  for (int pass = 0; pass < 2; ++pass) {
    labels_.clear();
    rules_.clear();
    controls_.clear();
    const float top = content_.top + 14 - std::round(scroll);
    switch (tab_) {
      case Tab::Players: layout_players(left, right, top, width); break;
      case Tab::Demo: layout_demo(left, right, top, width); break;
      case Tab::Board: layout_board(left, right, top, width); break;
    }
    content_height_ = content_height_ - top + 14;  // from the bottom of the content to its height
    const float clamped = std::clamp(scroll, 0.0f, std::max(0.0f, content_height_ - content_.height));
    if (clamped == scroll) break;
    scroll = clamped;
  }
  // A field scrolled out of sight or on another tab is not typed into.
  if (typing_ && std::none_of(controls_.begin(), controls_.end(), [&](const Control& control) {
        auto* field = std::get_if<NumberField*>(&control.widget);
        return field && *field == typing_;
      }))
    typing_ = nullptr;
}

// ---------------------------------------------------------------------------
// Drawing

std::string SettingsScreen::chosen(std::span<const std::string_view> choices) const {
  for (const SettingEditor& editor : editors_)
    if (editor.spec->choices.data() == choices.data()) return editor.choice.current();
  return std::string(choices.front());
}

void SettingsScreen::draw_preview(sf::RenderTarget& target) const {
  const BoardPalette palette = board_palette(chosen(config::BoardThemes));
  const float square = preview_.height / 2;
  using chess::make_piece;
  const chess::Piece pieces[2][4] = {
      {make_piece(chess::BLACK, chess::ROOK), chess::NO_PIECE, make_piece(chess::BLACK, chess::QUEEN),
       make_piece(chess::BLACK, chess::KNIGHT)},
      {make_piece(chess::WHITE, chess::PAWN), make_piece(chess::WHITE, chess::BISHOP), chess::NO_PIECE,
       make_piece(chess::WHITE, chess::KING)}};
  for (int row = 0; row < 2; ++row)
    for (int col = 0; col < 4; ++col) {
      const sf::Vector2f at(preview_.left + float(col) * square, preview_.top + float(row) * square);
      fill_rect(target, {at.x, at.y, square, square}, (row + col) % 2 == 0 ? palette.light : palette.dark);
      if (pieces[row][col] != chess::NO_PIECE)
        app_.assets().draw_piece(target, pieces[row][col], at, square, chosen(config::PieceSets));
    }
}

sf::FloatRect SettingsScreen::modal_area() const { return dialogs_.area(); }

sf::FloatRect SettingsScreen::toast_area(sf::Vector2f size) const {
  return {Margin, help_top_ - 2, size.x - 2 * Margin, 28};
}

void SettingsScreen::draw(sf::RenderTarget& target) {
  layout(target.getView().getSize());
  const Assets& assets = app_.assets();
  const sf::Vector2f size = size_;

  draw_text(target, assets.bold(), tr("Settings"), 26, {20, 17});
  for (const Button& tab : tabs_) tab.draw(target, assets);
  fill_rect(target, {0, TopBar - 1, size.x, 1}, colors::PanelLight);

  // The content, clipped to its area.
  const sf::View window_view = target.getView();
  sf::View clip(content_);
  clip.setViewport({content_.left / size.x, content_.top / size.y, content_.width / size.x, content_.height / size.y});
  target.setView(clip);
  {
    const LayoutLog::Region clipped("settings content", content_, LayoutLog::Region::Edge::Clips);
    for (const sf::FloatRect& rule : rules_) fill_rect(target, rule, colors::PanelLight);
    for (const Label& label : labels_)
      draw_text(target, label.bold ? assets.bold() : assets.font(), label.text, label.size, label.pos, label.color);
    for (const Control& control : controls_)
      std::visit([&](auto* widget) { widget->draw(target, assets); }, control.widget);
    if (tab_ == Tab::Board) draw_preview(target);
    if (typing_) {
      const sf::FloatRect box = value_box(*typing_);
      sf::RectangleShape shape({box.width - 4, box.height - 4});
      shape.setPosition(box.left + 2, box.top + 2);
      shape.setFillColor(sf::Color(28, 27, 25));
      shape.setOutlineColor(colors::Accent);
      shape.setOutlineThickness(2);
      target.draw(shape);
      draw_text_centred(target, assets.font(), typed_ + "|", TextSize, box);
    }
  }
  target.setView(window_view);

  // A scroll bar when the tab is taller than its area.
  if (content_height_ > content_.height) {
    const float track = content_.height - 8;
    const float thumb = std::max(24.0f, track * content_.height / content_height_);
    const float scroll = scroll_[int(tab_)];
    const float top = content_.top + 4 + (track - thumb) * scroll / (content_height_ - content_.height);
    fill_rect(target, {size.x - 9, content_.top + 4, 4, track}, colors::Panel);
    fill_rect(target, {size.x - 9, top, 4, thumb}, colors::TextDim);
  }
  if (!messages_.empty()) fill_rect(target, {0, messages_top_ - 5, size.x, 1}, colors::PanelLight);
  for (std::size_t i = 0; i < messages_.size(); ++i)
    draw_text(target, assets.font(), messages_[i], TextSize, {Margin, messages_top_ + LineHeight * float(i)},
              colors::Warning);

  // Help for what the mouse is over.
  std::string help;
  if (content_.contains(mouse_))
    for (const Control& control : controls_)
      if (std::visit([&](auto* widget) { return widget->rect.contains(mouse_); }, control.widget)) help = control.help;
  for (const Button* button : {&save_, &reset_, &back_, &tabs_[0], &tabs_[1], &tabs_[2]})
    if (button->hovered) help = button->tooltip;
  if (typing_) help = tr("Type a number, then Enter (Esc cancels)");
  if (!help.empty() && app_.toast_text().empty()) {  // a toast takes the help's line (toast_area)
    const auto lines = wrap_text(assets.font(), help, TextSize - 1, size.x - 2 * Margin);
    // One line; a longer help is cut to it.
    std::string line = lines.empty() ? "" : lines.front();
    if (lines.size() > 1) line += " ...";
    draw_text(target, assets.font(), line, TextSize - 1, {Margin, help_top_ + 4}, colors::TextDim);
  }

  reset_.draw(target, assets);
  back_.draw(target, assets);
  save_.draw(target, assets);
  if (unsaved_) {
    const std::string text = tr("Unsaved changes");
    const float width = text_width(assets.font(), text, TextSize);
    const float x = back_.rect.left - 14 - width;
    if (x > reset_.rect.left + reset_.rect.width + 10)
      draw_text(target, assets.font(), text, TextSize, {x, back_.rect.top + 11}, colors::TextDim);
  }
  dialogs_.draw(target, assets);
}

// ---------------------------------------------------------------------------
// State dump

void SettingsScreen::describe(StateDump& dump) const {
  dump.add("settings_tab", TabNames[int(tab_)]);
  const config::Settings settings = build();
  const config::SeatConfig* seats[] = {&settings.white, &settings.black, &settings.hint, &settings.demo.white,
                                       &settings.demo.black};
  const char* prefixes[] = {"white", "black", "hint", "demo_white", "demo_black"};
  for (int i = 0; i < SeatCount; ++i) {
    const std::string prefix = prefixes[i];
    dump.add(prefix + "_player", seats[i]->player);
    dump.add(prefix + "_level", seats[i]->level);
    std::vector<std::string> options;
    for (const auto& [name, value] : seats[i]->options) options.push_back(name + "=" + value);
    dump.add(prefix + "_options", options);
    dump.add(prefix + "_plugin_name", seats_[i].plugin ? seats_[i].plugin->name() : std::string());
    std::vector<std::string> granted;  // the boxes ticked
    for (const PermissionEditor& editor : seats_[i].permissions)
      if (editor.granted.value) granted.emplace_back(players::permission_name(editor.permission.kind));
    dump.add(prefix + "_granted", granted);
  }
  for (const SettingEditor& editor : editors_) {  // each setting the screen edits, by its dotted key
    const std::string key(editor.spec->key);
    const config::SettingConstValue value = config::read_only(*editor.spec, settings);
    if (const auto* flag = std::get_if<const bool*>(&value)) dump.add(key, **flag);
    else if (const auto* number = std::get_if<const int*>(&value)) dump.add(key, **number);
    else dump.add(key, config::setting_text(*editor.spec, settings));
    if (editor.spec->widget == config::SettingWidget::Choice) dump.add(key + "_choices", editor.choice.items);
  }
  dialogs_.describe(dump);
  dump.add("settings_error", error_);
  dump.add("settings_save_error", save_error_);
  dump.add("unsaved_changes", unsaved_);
  dump.add("settings_typing", typing_ != nullptr);
  // Where each visible control is (its name @ x,y,width,height), for tests that click.
  std::vector<std::string> controls;
  for (const Control& control : controls_) {
    const sf::FloatRect rect = std::visit([](auto* widget) { return widget->rect; }, control.widget);
    if (!content_.contains(rect.left, rect.top) || !content_.contains(rect.left, rect.top + rect.height - 1)) continue;
    controls.push_back(control.name + "@" + std::to_string(int(rect.left)) + "," + std::to_string(int(rect.top)) +
                       "," + std::to_string(int(rect.width)) + "," + std::to_string(int(rect.height)));
  }
  dump.add("settings_controls", controls);
  std::vector<std::string> buttons;
  for (const Button* button : {&tabs_[0], &tabs_[1], &tabs_[2], &reset_, &back_, &save_})
    buttons.push_back(button->label + "@" + std::to_string(int(button->rect.left)) + "," +
                      std::to_string(int(button->rect.top)) + "," + std::to_string(int(button->rect.width)) + "," +
                      std::to_string(int(button->rect.height)));
  dump.add("settings_buttons", buttons);
}

}  // namespace gambit::gui
