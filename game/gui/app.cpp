// SPDX-License-Identifier: MIT
#include "game/gui/app.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <thread>
#include <utility>

#include "core/config/config_paths.h"
#include "core/players/plugin_notices.h"
#include "core/util/translation.h"
#include "core/players/plugin_search.h"
#include "core/study/tree_pgn.h"
#include "game/gui/display_check.h"
#include "game/gui/shown_notation.h"
#include "game/gui/widgets.h"
#include "game/gui/window_placement.h"

namespace gambit::gui {

namespace {

// area, or a strip above (else below) a dialog it would cover, as wide as
// the dialog and as tall as there is room for, up to area's height; nothing
// (an empty rectangle: the toast waits, hidden) when not even one line fits
// beside the dialog, rather than cover what the dialog shows.
sf::FloatRect clear_of(sf::FloatRect area, sf::FloatRect dialog, sf::Vector2f size) {
  constexpr float Line = 30, Gap = 4;
  if (dialog.width <= 0 || !area.intersects(dialog)) return area;
  const float above = dialog.top - 2 * Gap, below = size.y - (dialog.top + dialog.height) - 2 * Gap;
  if (above >= Line) {
    const float height = std::min(above, std::max(Line, area.height));
    return {dialog.left, dialog.top - Gap - height, dialog.width, height};
  }
  if (below >= Line)
    return {dialog.left, dialog.top + dialog.height + Gap, dialog.width, std::min(below, std::max(Line, area.height))};
  return {};
}

// The window's title, in the language chosen (UTF-8 made explicit: sf::String would read it in the C locale).
// The program's name starts it in every language: window managers and tests find it by that.
sf::String window_title() {
  // TRANSLATORS: the window's title; {name} is the program's name, Gambit.
  const std::string title = fill(tr("{name} - chess"), {{"name", "Gambit"}});
  return sf::String::fromUtf8(title.begin(), title.end());
}

}  // namespace

App::App(const AppOptions& options) : options_(options) {}

void App::open(Page page) { changes_.push_back({StackChange::Kind::Push, make_screen(*this, std::move(page))}); }
void App::pop() { changes_.push_back({StackChange::Kind::Pop, nullptr}); }
void App::to_menu() { changes_.push_back({StackChange::Kind::ToMenu, nullptr}); }
void App::open_instead(Page page) {
  changes_.push_back({StackChange::Kind::Replace, make_screen(*this, std::move(page))});
}

void App::toast(const std::string& message) {
  toast_ = message;
  toast_until_ = now() + std::chrono::seconds(5);
  dirty_ = true;
}

void App::apply_stack_changes() {
  if (changes_.empty()) return;
  for (StackChange& change : changes_) {
    if (change.kind == StackChange::Kind::ToMenu)
      while (stack_.size() > 1) stack_.pop_back();  // the menu is the first screen, always
    else if (change.kind != StackChange::Kind::Push && !stack_.empty())
      stack_.pop_back();
    if (change.screen) stack_.push_back(std::move(change.screen));
  }
  changes_.clear();
  focus_.clear();  // another screen: Tab starts again from its first control
  if (stack_.empty()) quitting_ = true;
  else stack_.back()->resumed();
  dirty_ = true;
}

void App::handle_resize(unsigned width, unsigned height) {
  const unsigned w = std::max(width, MinWidth), h = std::max(height, MinHeight);
  if (w != width || h != height) window_.setSize({w, h});
  window_.setView(sf::View(sf::FloatRect(0, 0, float(w), float(h))));
  dirty_ = true;
}

void App::draw_frame() {
  const sf::Vector2f size = window_.getView().getSize();
  if (options_.state_file) layout_.begin_frame({0, 0, size.x, size.y});
  focus_.begin_frame();
  if (now() >= toast_until_) toast_.clear();  // before the screen draws: it may keep room for the toast
  window_.clear(colors::Background);
  stack_.back()->draw(window_);
  const sf::FloatRect area =
      toast_.empty() ? sf::FloatRect() : clear_of(stack_.back()->toast_area(size), stack_.back()->modal_area(), size);
  if (area.width > 0) {
    // In the room the screen keeps for it: its lines from the top, as many as fit.
    const LayoutLog::Region region("toast", area);
    const auto lines = wrap_lines(assets_->font(), toast_, 15, area.width - 24,
                                  std::size_t(std::max(1.0f, (area.height - 10) / 20)));
    const float height = 10.0f + 20.0f * float(lines.size());
    fill_rect(window_, {area.left, area.top, area.width, height}, sf::Color(20, 20, 20, 235));
    for (std::size_t i = 0; i < lines.size(); ++i)
      draw_text(window_, assets_->font(), lines[i], 15, {area.left + 12, area.top + 4 + 20.0f * float(i)});
  }
  if (quit_asked_) {
    layout_.cover({0, 0, size.x, size.y});
    quit_question_.draw(window_, *assets_);
  }
  layout_.end_frame();
  focus_.end_frame();
  focus_.draw(window_);  // over everything, the toast too
  window_.display();
}

void App::write_state() {
  if (!options_.state_file || stack_.empty()) return;
  StateDump dump;
  dump.add("screen", stack_.back()->name());
  dump.add("language", current_language());
  dump.add("focused", focus_.focused_name());
  dump.add("spoken", spoken_);
  const sf::Vector2u size = window_.getSize();
  dump.add("window_width", int(size.x));
  dump.add("window_height", int(size.y));
  dump.add("toast", toast_);
  dump.add("problems", setup_.problems());
  stack_.back()->describe(dump);
  dump.add("quit_question", quit_asked_ ? quit_question_.text : std::string());
  dump.add_json("layout", layout_.json());
  std::string text = dump.json();
  if (text == last_state_) return;
  last_state_ = text;
  const std::filesystem::path temp = options_.state_file->string() + ".tmp";
  {
    std::ofstream out(temp, std::ios::trunc);
    out << text;
  }
  std::error_code error;
  std::filesystem::rename(temp, *options_.state_file, error);
}

void App::quit() {
  std::string lost;
  for (const auto& screen : stack_)
    if (const std::string what = screen->unsaved_work(); !what.empty()) lost += (lost.empty() ? "" : "; ") + what;
  if (lost.empty() || quit_asked_) {  // asked twice (Ctrl+Q again): as Quit
    quitting_ = true;
    return;
  }
  // TRANSLATORS: {what} is what is not saved ("the analysis board's moves and comments (Export keeps them)").
  quit_question_.open(tr("Quit Gambit?"), fill(tr("Not kept if you quit now: {what}."), {{"what", lost}}), std::nullopt);
  quit_question_.ok.label = tr("Quit");
  quit_question_.cancel.label = tr("Cancel");
  quit_asked_ = true;
}

int App::loop() {
  TimePoint last_draw = now();
  while (!quitting_ && window_.isOpen()) {
    const TimePoint frame_start = now();
    bool had_event = false;
    sf::Event event;
    while (window_.pollEvent(event)) {
      had_event = true;
      // A key that opened or closed something (a dialog, a screen) types nothing into it: its character, which
      // SFML gives as the next event, is dropped.
      if (std::exchange(key_changed_page_, false) && event.type == sf::Event::TextEntered) continue;
      if (event.type == sf::Event::Resized) handle_resize(event.size.width, event.size.height);
      if (event.type == sf::Event::Closed ||
          (event.type == sf::Event::KeyPressed && event.key.control && event.key.code == sf::Keyboard::Q)) {
        quit();
        key_changed_page_ = event.type == sf::Event::KeyPressed;
        dirty_ = true;
        if (quitting_) break;
        continue;
      }
      if (quit_asked_) {  // the question owns the keyboard and the mouse while it is up
        const ModalDialog::Answer answer = quit_question_.handle(event, window_.getView().getSize(), *assets_);
        if (answer != ModalDialog::Answer::None) {
          quit_asked_ = false;
          quitting_ = answer == ModalDialog::Answer::Ok;
          key_changed_page_ = event.type == sf::Event::KeyPressed;
        }
        dirty_ = true;
        if (quitting_) break;
        continue;
      }
      if (event.type == sf::Event::LostFocus || event.type == sf::Event::GainedFocus) dirty_ = true;
      const int dialog_before = stack_.back()->dialog_shown();
      const std::size_t changes_before = changes_.size();
      if (auto instead = focus_.handle(event)) {
        // The keyboard worked the focused control: the screen gets a click, or nothing.
        for (const sf::Event& click : *instead) stack_.back()->handle(click);
        dirty_ = true;
      } else {
        stack_.back()->handle(event);
      }
      key_changed_page_ = event.type == sf::Event::KeyPressed &&
                          (changes_.size() != changes_before || stack_.back()->dialog_shown() != dialog_before);
    }
    if (quitting_) break;
    stack_.back()->update();
    if (auto problem = assets_->take_audio_problem()) toast(*problem);  // said in the window, not only the terminal
    if (auto problem = assets_->take_piece_set_problem()) {  // drawn with DejaVu instead; the menu says why
      setup_.add_problem(problem->second);
      // TRANSLATORS: a toast; {set} is a piece set's name ("cburnett").
      toast(fill(tr("Some pieces of the set {set} are drawn with DejaVu instead: the menu says why."),
                 {{"set", problem->first}}));
    }
    take_plugin_notices(true);
    apply_stack_changes();
    if (quitting_) break;

    const auto interval = stack_.back()->redraw_interval();
    const bool toast_expired = !toast_.empty() && now() >= toast_until_;
    if (had_event || dirty_ || toast_expired || now() - last_draw >= interval) {
      const bool thinking = stack_.back()->ai_thinking();
      draw_frame();
      dirty_ = false;
      last_draw = now();
      const double ms = std::chrono::duration<double, std::milli>(last_draw - frame_start).count();
      if (options_.frame_stats) frame_stats_.add(ms, thinking);
      write_state();
      // At most 60 frames a second: the rest of the frame's 16.7 ms is spent asleep.
      std::this_thread::sleep_until(frame_start + std::chrono::microseconds(16667));
    } else {
      // Nothing to draw: wait a little for input (a slower poll when the screen is idle).
      std::this_thread::sleep_for(std::chrono::milliseconds(interval >= Screen::Idle ? 15 : 8));
    }
  }
  remember_placement();
  stack_.clear();  // screens stop their AI players
  if (window_.isOpen()) window_.close();
  if (options_.frame_stats) frame_stats_.print();
  return 0;
}

void App::take_plugin_notices(bool with_toast) {
  std::vector<std::string> told;
  {
    std::lock_guard lock(notices_->mutex);
    told.swap(notices_->waiting);
  }
  if (told.empty()) return;
  // TRANSLATORS: a problem on the menu's list; {notice} is what a plugin told.
  for (const std::string& notice : told) setup_.add_problem(fill(tr("Plugins: {notice}"), {{"notice", notice}}));
  dirty_ = true;
  if (!with_toast) return;
  const std::size_t more = told.size() - 1;
  // TRANSLATORS: a toast; {notice} is what a plugin told, {n} how many other notices the menu lists.
  toast(more == 0 ? fill(tr("Plugins: {notice}"), {{"notice", told.front()}})
                  : fill(trn("Plugins: {notice} (and {n} more, listed on the menu)",
                             "Plugins: {notice} (and {n} more, listed on the menu)", more),
                         {{"notice", told.front()}, {"n", std::to_string(more)}}));
}

void App::remember_placement() {
  const auto file = config::window_placement_path();
  if (!file || !window_.isOpen()) return;
  const sf::Vector2u size = window_.getSize();
  const auto origin = window_origin(window_.getSystemHandle());
  const sf::Vector2i position = origin ? sf::Vector2i(origin->first, origin->second) : window_.getPosition();
  if (auto problem = write_window_placement(*file, {position.x, position.y, size.x, size.y}))
    std::fprintf(stderr, "gambit: the window's place is not kept: %s\n", problem->c_str());
}

void App::use_language(const std::string& language) {
  gambit::use_language(language == "auto" ? "" : language);
  if (window_.isOpen()) window_.setTitle(window_title());
}

std::optional<std::string> App::speak(const std::string& text, Spoken kind) {
  const std::string& mode = setup_.settings().ui.speech;
  if (mode == "off" || (kind == Spoken::Announcement && mode != "always")) return std::nullopt;
  spoken_ = text;
  dirty_ = true;
  if (speech_.say(text, current_language())) return std::nullopt;
  std::optional<std::string> problem = speech_.take_problem();
  if (problem && kind == Spoken::Announcement) toast(*problem);
  return kind == Spoken::Answer ? problem : std::nullopt;
}

int App::run(const AppOptions& options) {
  App app(options);
  auto assets = Assets::load();
  if (!assets) {
    std::fprintf(stderr, "gambit: %s\n", assets.error().c_str());
    return 1;
  }
  app.assets_ = std::move(assets).value();
  // The plugins' notices go to the log at once and to the window's problems when it next looks.
  players::set_plugin_notice_handler([inbox = app.notices_](const std::string& notice) {
    std::fprintf(stderr, "gambit: %s\n", notice.c_str());
    std::lock_guard lock(inbox->mutex);
    inbox->waiting.push_back(notice);
  });
  app.setup_ = Setup::open(options.config);
  app.use_language(app.setup_.settings().ui.language);
  use_high_contrast(app.setup_.settings().ui.theme == "contrast");
  use_own_piece_letters(app.setup_.settings().ui.piece_letters == "language");
  for (const std::string& problem : app.setup_.problems()) std::fprintf(stderr, "gambit: %s\n", problem.c_str());
  app.take_plugin_notices(false);  // those of the plugins' scan: the menu lists them
  app.assets_->set_sounds_enabled(app.setup_.settings().ui.sounds);

  sf::ContextSettings context;
  context.antialiasingLevel = 0;  // multisampling costs 4x the fill on software renderers; shapes are few and large
  // Where the player left the window last time, fitted to this screen.
  // The first time, centred and whole on this screen.
  std::optional<WindowPlacement> kept;
  if (const auto file = config::window_placement_path()) kept = read_window_placement(*file);
  const sf::VideoMode screen = sf::VideoMode::getDesktopMode();
  const WindowPlacement placement = kept ? fit_to_screen(*kept, screen.width, screen.height, MinWidth, MinHeight)
                                         : first_placement(screen.width, screen.height, MinWidth, MinHeight);
  app.window_.create(sf::VideoMode(placement.width, placement.height), window_title(), sf::Style::Default, context);
  app.window_.setKeyRepeatEnabled(true);
  set_window_hints(app.window_.getSystemHandle(), MinWidth, MinHeight);
  app.window_.setPosition({placement.x, placement.y});

  app.stack_.push_back(make_screen(app, page::Menu{}));
  if (options.demo) app.stack_.push_back(make_screen(app, page::Demo{}));
  if (options.analyse) {
    Result<study::TreeGame> game = study::tree_game_from_text(*options.analyse);
    if (game) app.stack_.push_back(make_screen(app, page::Analysis{std::move(game).value(), 0, options.analyse_source}));
  }
  if (options.game_file) app.stack_.push_back(make_screen(app, page::Play{.load = *options.game_file}));
  const int status = app.loop();
  players::set_plugin_notice_handler({});
  std::fflush(stdout);
  // A plugin still running on an abandoned thread must not see static destructors run under it.
  if (players::PluginSearch::abandoned() > 0) std::_Exit(status);
  return status;
}

}  // namespace gambit::gui
